"""Checks of the reference rules (T5xx): recursive, remote and unresolvable ``$ref``s.
The resolution of every ``$ref`` of a schema is built once, when a rule first asks."""

from __future__ import annotations

from collections.abc import Callable, Container
from typing import Any

from ...core.pointer import Pointer
from .base import NONE, Hit, Hits, Tally, final_check


class References:
    """Resolution of every ``$ref`` of one schema, shared by the reference rules."""

    def __init__(self, tally: Tally) -> None:
        # imported here: only a schema with a $ref needs them
        from ...core.refs import LOCAL, REMOTE, RefResolver, recursive_sites

        self.tally = tally
        resolver = RefResolver(tally.root, tally.anchors)
        resolutions = {pointer: resolver.resolve(ref) for pointer, _, ref in tally.refs}
        self.edges = {p: r.target for p, r in resolutions.items() if r.kind == LOCAL and r.target is not None}
        self.recursive = recursive_sites(self.edges)
        #: sites whose reference leaves the document (never fetched)
        self.remote = {p for p, r in resolutions.items() if r.kind == REMOTE}
        #: sites whose reference leads nowhere, with the reason
        self.broken = {p: r.reason for p, r in resolutions.items() if r.kind not in (LOCAL, REMOTE)}


def references(tally: Tally) -> References | None:
    if not tally.refs:
        return None
    if tally.references is None:
        tally.references = References(tally)
    return tally.references


def _at_sites(tally: Tally, picked: Callable[[References], Container[Pointer]],
              fields: Callable[[References, Pointer], dict[str, Any]] | None = None) -> Hits:
    """A hit, with the reference as its value, at every ``$ref`` site that ``picked`` takes
    from the schema's resolution."""
    refs = references(tally)
    if refs is None:
        return NONE
    sites = picked(refs)
    return [Hit(p, "$ref", fields(refs, p) if fields else None, ref) for p, _, ref in tally.refs if p in sites]


@final_check("T501")
def recursive_ref(tally: Tally) -> Hits:
    return _at_sites(tally, lambda refs: refs.recursive)


@final_check("T502")
def remote_ref(tally: Tally) -> Hits:
    return _at_sites(tally, lambda refs: refs.remote)


@final_check("T503")
def unresolvable_ref(tally: Tally) -> Hits:
    return _at_sites(tally, lambda refs: refs.broken, lambda refs, p: {"detail": refs.broken[p]})
