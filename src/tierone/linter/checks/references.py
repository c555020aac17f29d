"""Checks of the reference rules (T5xx): recursive, remote and unresolvable ``$ref``s.
The schema's reference graph (``core.refs``) is built once, when a rule first asks."""

from __future__ import annotations

from collections.abc import Callable, Container
from typing import TYPE_CHECKING, Any

from ...core.cycles import ENDLESS_WHY
from ...core.pointer import Pointer
from .base import NONE, Hit, Hits, Tally, final_check

if TYPE_CHECKING:
    from ...core.refs import ReferenceGraph


def references(tally: Tally) -> ReferenceGraph | None:
    """The reference graph of the walked schema; None when it has no ``$ref``."""
    if not tally.refs:
        return None
    if tally.references is None:
        from ...core.refs import ReferenceGraph  # imported here: only a schema with a $ref needs it

        tally.references = ReferenceGraph(tally.root, tally.refs, tally.anchors)
    return tally.references


def _at_sites(
    tally: Tally,
    picked: Callable[[ReferenceGraph], Container[Pointer]],
    fields: Callable[[ReferenceGraph, Pointer], dict[str, Any]] | None = None,
) -> Hits:
    """A hit, with the reference as its value, at every ``$ref`` site that ``picked`` takes
    from the schema's reference graph."""
    graph = references(tally)
    if graph is None:
        return NONE
    sites = picked(graph)
    return [Hit(p, "$ref", fields(graph, p) if fields else None, ref) for p, _, ref in graph.sites if p in sites]


@final_check("T501")
def recursive_ref(tally: Tally) -> Hits:
    return _at_sites(tally, lambda graph: graph.recursive)


@final_check("T502")
def remote_ref(tally: Tally) -> Hits:
    graph = references(tally)
    if graph is None:
        return NONE
    return [Hit(p, "$ref", {"hint": _hint(ref)}, ref) for p, _, ref in graph.sites if p in graph.remote]


def _hint(ref: Any) -> str:
    """For a reference to a file by a relative name: how to have it read; for one to a
    meta-schema (a value that is itself a schema): what the rewrite does with it."""
    from ...core.bundling import file_address
    from ...core.meta_schemas import names_meta_schema

    if names_meta_schema(ref):
        return "; it names a meta-schema: rewrite carries the value as JSON text, restore judges it by that"
    if file_address(ref) is None:
        return ""
    return "; to bundle a file beside the schema, name its folder with --refs DIR (config ref-roots)"


@final_check("T503")
def unresolvable_ref(tally: Tally) -> Hits:
    return _at_sites(
        tally,
        lambda graph: graph.broken.keys() | graph.endless,
        lambda graph, p: {"detail": graph.broken.get(p, f"it {ENDLESS_WHY}")},
    )
