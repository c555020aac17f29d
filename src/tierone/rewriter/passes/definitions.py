"""The pass for consumers that drop definitions (google-genai's ``response_schema``): every
definition written where it is referenced, and ``$defs`` removed wherever it stands."""

from __future__ import annotations

from typing import Any

from ...core.pointer import ROOT, Pointer
from ...core.walker import having, size, transform
from .base import Change, Options, PassResult, Unfixable, _flagged, does, graph_of
from .hoisting import _definition

#: why a definition nothing refers to leaves the rendition
DEAD = "a dead definition"

#: how many schema nodes the definitions inline_definitions writes out may add before it gives
#: up (a fan-out of references can grow a schema exponentially)
MAX_INLINED = 50_000


@does(
    "for `gemini-openapi` (google-genai's `response_schema` sends no `$defs`: rule T504), every definition is "
    "written where it is referenced, and `$defs` (or `definitions`) removed wherever it stands: google-genai "
    "refuses one in a nested schema"
)
def inline_definitions(schema: Any, options: Options) -> PassResult:
    """Every ``$ref`` replaced by its definition, and ``$defs`` (and ``definitions``) removed
    wherever they stand, for the profiles whose consumers drop definitions (google-genai's
    ``response_schema``: rule T504). A schema with a recursive reference keeps them (rule T501
    reports it), as does one whose copies would add more than :data:`MAX_INLINED` nodes.

    Before: ``{"properties": {"a": {"$ref": "#/$defs/A"}}, "$defs": {"A": {"type": "string"}}}``
    After:  ``{"properties": {"a": {"type": "string"}}}``
    """
    if not _flagged(options, "T504") or not isinstance(schema, dict):
        return PassResult(schema)
    holders = [pointer for pointer, _, _ in having(schema, _HOLDERS)]
    if not holders:
        return PassResult(schema)
    graph = graph_of(schema)
    if graph.recursive or graph.broken or graph.remote:
        return PassResult(schema)
    written: dict[str, Any] = {}
    sizes: dict[str, int] = {}
    budget = [MAX_INLINED]

    def inline(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict):
            return node
        if _HOLDERS & set(node):
            node = {k: v for k, v in node.items() if k not in _HOLDERS}
        ref = node.get("$ref")
        if not isinstance(ref, str):
            return node
        if ref not in written:
            target = graph.target(ref)
            written[ref] = transform(_definition(target), inline) if isinstance(target, dict) else target
            sizes[ref] = size(written[ref], MAX_INLINED)
        budget[0] -= sizes[ref]
        if budget[0] < 0:
            raise _TooMany
        siblings = {k: v for k, v in node.items() if k != "$ref"}
        return {**written[ref], **siblings} if isinstance(written[ref], dict) else written[ref]

    try:
        inlined = transform({k: v for k, v in schema.items() if k not in _HOLDERS}, inline)
    except _TooMany:
        return PassResult(
            schema,
            (),
            (
                Unfixable(
                    ROOT.child("$defs"),
                    "T504",
                    f"writing each definition where it is referenced would add more than {MAX_INLINED:,} schema nodes",
                ),
            ),
        )
    nested = tuple(Change.for_rule(holder, "definitions removed", "T504") for holder in holders if holder)
    return PassResult(
        inlined,
        (
            Change.for_rule(
                ROOT.child("$defs"), f"{len(written)} definition(s) written where referenced, $defs removed", "T504"
            ),
            *nested,
        ),
    )


#: the members that hold definitions
_HOLDERS = frozenset({"$defs", "definitions"})


class _TooMany(Exception):
    """inline_definitions ran out of copies."""


@does("a definition of the root's `$defs` (or `definitions`) that nothing in the rendition refers to is removed")
def drop_unreferenced_definitions(schema: Any, options: Options) -> PassResult:
    """The root's definitions that no ``$ref`` reaches from the rest of the rendition (once
    other passes have inlined, merged or moved what referred to them) are removed: a consumer
    that checks every definition would judge one the answer never meets. References are
    followed as the shared reference graph resolves them (anchors, pointers into a member); one
    that leaves the document or leads nowhere keeps them all.

    Before: ``{"$defs": {"A": {...}, "B": {}}, "properties": {"a": {"$ref": "#/$defs/A"}}}``
    After:  ``{"$defs": {"A": {...}}, "properties": {"a": {"$ref": "#/$defs/A"}}}``
    """
    if not isinstance(schema, dict):
        return PassResult(schema)
    changes: list[Change] = []
    out = schema
    for key in ("$defs", "definitions"):
        defs = out.get(key)
        if not isinstance(defs, dict) or not defs:
            continue
        reached = _reached(out, key)
        if reached is None or len(reached) == len(defs):
            continue
        gone = [name for name in defs if name not in reached]
        changes += [Change(ROOT.child(key).child(name), "removed (nothing refers to it)", DEAD) for name in gone]
        kept = {name: value for name, value in defs.items() if name in reached}
        out = {k: v for k, v in out.items() if k != key} if not kept else {**out, key: kept}
    return PassResult(out, tuple(changes))


def _reached(schema: dict[str, Any], key: str) -> set[Any] | None:
    """The names of ``schema[key]`` that a ``$ref`` reaches from the rest of the document
    (following the references of the definitions reached); None where a reference leaves the
    document, leads nowhere, or names ``schema[key]`` itself (then every one may be used)."""
    graph = graph_of(schema)
    if graph.remote or graph.broken:
        return None
    within: dict[Any, list[Pointer]] = {}
    frontier: list[Pointer] = []
    for site in graph.sites:
        if len(site.pointer) >= 2 and site.pointer[0] == key:
            within.setdefault(site.pointer[1], []).append(site.pointer)
        else:
            frontier.append(site.pointer)
    reached: set[Any] = set()  # segments: the names of the definitions
    while frontier:
        target = graph.edges.get(frontier.pop())
        if target is None or not target or target[0] != key:
            continue
        if len(target) == 1:
            return None
        name = target[1]
        if name not in reached:
            reached.add(name)
            frontier += within.get(name, [])
    return reached


def outside_dead(refused: list[Unfixable], changes: list[Change]) -> list[Unfixable]:
    """``refused`` without the refusals inside a definition that ``changes`` removed as dead:
    the rendition has no such place, so it refuses nothing there (a pass's refusal in an unused
    definition refused the schema). The changes made there: ``impossible.made_moot``."""
    dead = {tuple(change.pointer) for change in changes if change.why == DEAD}  # each a root's (key, name)
    return [item for item in refused if item.pointer[:2] not in dead] if dead else refused
