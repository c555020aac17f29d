"""The vendors, one module each: adding a vendor is adding its module here and its column's
cells to ``subset/table.json`` (a missing cell is an error).

>>> sorted(VENDORS)
['anthropic', 'gemini', 'openai']
>>> FRAGMENTS["anthropic-tool"].build({"type": "object"}, "answer", None, "anthropic")["strict"]
True
"""

from __future__ import annotations

from types import MappingProxyType

from . import anthropic, gemini, mcp, openai
from .model import Api, Column, Fragment, Profile, RequestKind, Vendor

__all__ = [
    "COLUMNS",
    "FRAGMENTS",
    "REQUEST_KINDS",
    "VENDORS",
    "Api",
    "Column",
    "Fragment",
    "Profile",
    "Vendor",
    "own_profile",
    "vendor_of",
]

#: every vendor by name, in the order reports name them
VENDORS = MappingProxyType({v.name: v for v in (openai.VENDOR, anthropic.VENDOR, gemini.VENDOR)})
#: every vendor's table columns by name
COLUMNS = MappingProxyType({c.name: c for v in VENDORS.values() for c in v.columns})
#: every request fragment by its ``--emit`` name
FRAGMENTS = MappingProxyType({f.kind: f for v in VENDORS.values() for f in v.fragments})
#: every request kind by its ``--input-kind`` name, the vendors' first, then MCP's
REQUEST_KINDS: MappingProxyType[str, RequestKind] = MappingProxyType(
    {kind.name: kind for kind in (*(k for v in VENDORS.values() for k in v.requests), *mcp.REQUESTS)}
)


def vendor_of(kind: str) -> Vendor:
    """The vendor whose API a request fragment (an ``--emit`` name) belongs to.

    >>> vendor_of("gemini-config").name
    'gemini'
    """
    return next(v for v in VENDORS.values() if any(f.kind == kind for f in v.fragments))


def own_profile(vendor: Vendor) -> str:
    """The profile written for the vendor's own strict mode (its first): what its fragments
    carry unless a profile is named.

    >>> own_profile(VENDORS["anthropic"])
    'anthropic'
    """
    return vendor.profiles[0].name
