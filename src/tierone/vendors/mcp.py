"""The Model Context Protocol: a server's ``tools/list`` result, whose tools' ``inputSchema``
clients pass to a vendor's strict tool use (and whose ``outputSchema`` describes a tool's
structured result). Not a vendor: its schemas are written for whatever profile is configured."""

from __future__ import annotations

from .model import RequestKind, Slot

#: the ``tools/list`` result, bare or in its JSON-RPC response
REQUESTS = (
    RequestKind(
        "mcp-tools",
        "MCP tools/list result (bare, or its JSON-RPC response)",
        tuple(
            Slot((*at, "tools", "*", member), role, (*at, "tools", "*", "name"), None)
            for at in ((), ("result",))
            for member, role in (("inputSchema", "tool"), ("outputSchema", "output"))
        ),
    ),
)
