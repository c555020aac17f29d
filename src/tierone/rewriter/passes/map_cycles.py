"""The maps a cycle of references passes through: the decoding engines cannot follow
recursion through a map, so even a profile that keeps maps (``gemini``) encodes these."""

from __future__ import annotations

from typing import Any

from ...core.pointer import Pointer
from .base import graph_of

#: why a map the profile keeps is encoded all the same
CYCLE_WHY = "a cycle of references passes through the map, which the decoding engines (outlines-core) cannot follow"


def maps_on_a_cycle(schema: Any) -> frozenset[Pointer]:
    """The maps (``additionalProperties`` a schema) through which a cycle of references passes:
    a map within a target on a cycle whose ``additionalProperties`` holds a recursive site. The
    decoding engines cannot follow recursion through a map (outlines-core stops at three
    levels and refuses), so even a profile that keeps maps encodes these."""
    graph = graph_of(schema)
    if not graph.recursive:
        return frozenset()
    on_cycle = {graph.edges[site] for site in graph.recursive if site in graph.edges}
    found: set[Pointer] = set()
    for site in graph.recursive:
        for length in range(len(site) - 1, -1, -1):
            if site[length] == "additionalProperties":
                node = Pointer(site[:length])
                if any(target.is_prefix_of(node) for target in on_cycle):
                    found.add(node)
    return frozenset(found)
