"""The pass for consumers that drop definitions (google-genai's ``response_schema``): every
definition written where it is referenced, and ``$defs`` removed wherever it stands."""

from __future__ import annotations

from typing import Any

from ...core.meta_schemas import names_meta_schema
from ...core.pointer import ROOT, Pointer, PointerError
from ...core.rebuilding import transform
from ...core.refs import ReferenceGraph
from ...core.walker import having, keyword_of, size
from ..text_or_json import takes_no_string_in
from .base import Change, Options, PassResult, Unfixable, _flagged, does, graph_of
from .closing import ENCODED_SHAPE
from .encoded import encoded_field
from .hoisting import _definition

#: why a definition nothing refers to leaves the rendition
DEAD = "a dead definition"

#: how many schema nodes the definitions inline_definitions writes out may add before it gives
#: up (a fan-out of references can grow a schema exponentially)
MAX_INLINED = 50_000
#: the bound once some definitions must travel as JSON strings: a schema written out past it is
#: one that consumers refuse as too large (llguidance: "schema too large" at about 20,000 nodes),
#: so as much is carried as strings as keeps the copies well within what they take
MAX_BESIDE_ENCODED = 10_000


@does(
    "for `gemini-openapi` (google-genai's `response_schema` sends no `$defs`: rule T504), every definition is "
    "written where it is referenced, and `$defs` (or `definitions`) removed wherever it stands: google-genai "
    "refuses one in a nested schema; definitions only unused ones refer to never hold it back. Where the copies "
    "would grow past 50,000 schema nodes, the largest definitions that take no string are carried as JSON strings "
    "where a member, an item or a union branch beside no text refers to them (their schema in the description; "
    "restore decodes and checks them), until the schema holds at most 10,000 nodes (past about 20,000, consumers "
    "refuse a schema as too large); never with `--exact`"
)
def inline_definitions(schema: Any, options: Options) -> PassResult:
    """Every ``$ref`` replaced by its definition, and ``$defs`` (and ``definitions``) removed
    wherever they stand, for the profiles whose consumers drop definitions (google-genai's
    ``response_schema``: rule T504). A schema whose live definitions recurse keeps them (rule
    T501 reports it; recursion only among definitions nothing uses does not count). Where the
    copies would add more than :data:`MAX_INLINED` nodes, the definitions whose copies are
    largest (and that take no string) are carried as JSON strings where a member, an item or a
    union branch beside no other that takes a string refers to them, until the schema written
    out holds at most :data:`MAX_BESIDE_ENCODED` nodes (not with ``exact``: then, and where that
    is not enough, it stays refused).

    Before: ``{"properties": {"a": {"$ref": "#/$defs/A"}}, "$defs": {"A": {"type": "string"}}}``
    After:  ``{"properties": {"a": {"type": "string"}}}``
    """
    if not _flagged(options, "T504") or not isinstance(schema, dict):
        return PassResult(schema)
    holders = [(pointer, [key for key in node if key in _HOLDERS]) for pointer, node, _ in having(schema, _HOLDERS)]
    if not holders:
        return PassResult(schema)
    graph = graph_of(schema)
    if graph.broken or not all(_names_meta_schema(schema, site) for site in graph.remote):
        return PassResult(schema)
    if graph.recursive and graph_of(drop_unreferenced_definitions(schema, options).schema).recursive:
        return PassResult(schema)
    done = _fitted(schema, graph, options.exact)
    if done is None:
        return PassResult(schema, (), (Unfixable(ROOT.child("$defs"), "T504", _TOO_MANY),))
    inlined, written, encoded = done
    nested = tuple(
        Change.for_rule(holder, f"{key} removed", "T504", keyword=key)
        for holder, keys in holders
        if holder
        for key in keys
    )
    carried = tuple(
        Change.for_rule(
            Pointer.parse(ref),
            "carried as a JSON string where a member, an item or a union branch refers to it (its schema in the "
            "description)",
            "T504",
            f": writing every definition out would add more than {MAX_INLINED:,} schema nodes",
            loosens=ENCODED_SHAPE,
        )
        for ref in sorted(encoded)
    )
    return PassResult(
        inlined,
        (
            Change.for_rule(
                ROOT.child("$defs"), f"{len(written)} definition(s) written where referenced, $defs removed", "T504"
            ),
            *carried,
            *nested,
        ),
    )


def _fitted(schema: dict[str, Any], graph: ReferenceGraph, exact: bool) -> tuple[Any, dict[str, Any], set[str]] | None:
    """What :func:`_written_out` makes within :data:`MAX_INLINED` added nodes, else with the
    fewest definitions carried as JSON strings (the third of what it returns) that bring the
    copies within :data:`MAX_BESIDE_ENCODED` (the largest first, more at once the more it
    takes); None where none can (or ``exact`` forbids it)."""
    encoded: set[str] = set()
    for _ in range(_ROUNDS):
        try:
            return (*_written_out(schema, graph, encoded, MAX_BESIDE_ENCODED if encoded else MAX_INLINED), encoded)
        except _TooMany as over:
            sizes = over.sizes
            larger = [ref for ref in sorted(sizes, key=lambda r: -sizes[r]) if ref not in encoded]
            chosen = [ref for ref in larger if _carried_as_text(ref, graph)][: 1 + len(encoded) // 4]
            if not chosen or exact:
                return None
            encoded.update(chosen)
    return None


def _written_out(
    schema: dict[str, Any], graph: ReferenceGraph, encoded: set[str], most: int
) -> tuple[Any, dict[str, Any]]:
    """``schema`` with every reference written out (those to ``encoded`` definitions as JSON
    strings where :func:`_textless_place` allows), and each definition as written;
    :class:`_TooMany` past ``most`` added nodes (or, once some are ``encoded``, ``most`` in all)."""
    written: dict[str, Any] = {}
    sizes: dict[str, int] = {}
    budget = [most]
    sources = [schema]  # what the pointers handed to ``inline`` point into: the schema, or a definition

    def inline(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict):
            return node
        if _HOLDERS & set(node):
            node = {k: v for k, v in node.items() if k not in _HOLDERS}
        ref = node.get("$ref")
        if not isinstance(ref, str) or names_meta_schema(ref):
            return node  # (a value that is itself a schema: free-form data, which a later pass encodes)
        siblings = {k: v for k, v in node.items() if k != "$ref"}
        if ref in encoded and _textless_place(sources[-1], pointer, graph):
            target = graph.target(ref)
            return encoded_field({**target, **siblings} if isinstance(target, dict) else {}, graph)
        if ref not in written:
            target = graph.target(ref)
            if isinstance(target, dict):
                sources.append(body := _definition(target))
                try:
                    written[ref] = transform(body, inline)
                finally:
                    sources.pop()
            else:
                written[ref] = target
            sizes[ref] = size(written[ref], MAX_INLINED)
        budget[0] -= sizes[ref]
        if budget[0] < 0:
            raise _TooMany(sizes)
        return {**written[ref], **siblings} if isinstance(written[ref], dict) else written[ref]

    out = transform({k: v for k, v in schema.items() if k not in _HOLDERS}, inline)
    if encoded and size(out, most) > most:  # copies of copies: the whole is held to the bound too
        raise _TooMany(sizes)
    return out, written


def _names_meta_schema(schema: Any, site: Pointer) -> bool:
    """Whether the reference at ``site`` names a whole meta-schema: a value that is itself a
    schema, free-form data a later pass carries as JSON text (nothing to write out)."""
    node = site.resolve(schema)
    return isinstance(node, dict) and names_meta_schema(node.get("$ref"))


def _textless_place(source: Any, pointer: Pointer, graph: ReferenceGraph) -> bool:
    """Whether a JSON string at ``pointer`` (in ``source``) can only be read as JSON: a member's
    value, an array's items, or a union branch where no other branch takes a string."""
    keyword = keyword_of(pointer)
    if keyword == "properties" or (keyword == "items" and pointer[-1] == "items"):
        return True
    if keyword not in ("anyOf", "oneOf"):
        return False
    try:
        branches = Pointer(pointer[:-1]).resolve(source)
    except PointerError:
        return False
    return all(takes_no_string_in(branch, graph) for i, branch in enumerate(branches) if i != pointer[-1])


def _carried_as_text(ref: str, graph: ReferenceGraph) -> bool:
    """Whether the definition ``ref`` names may travel as a JSON string: it takes no string, so
    that a string there can only be its JSON."""
    target = graph.target(ref)
    return isinstance(target, dict) and takes_no_string_in(target, graph)


#: how many times the copies are tried, each time with more definitions carried as JSON strings
_ROUNDS = 24
_TOO_MANY = f"writing each definition where it is referenced would add more than {MAX_INLINED:,} schema nodes"


#: the members that hold definitions
_HOLDERS = frozenset({"$defs", "definitions"})


class _TooMany(Exception):
    """inline_definitions ran out of copies: ``sizes``, the nodes of each definition written so far."""

    def __init__(self, sizes: dict[str, int]) -> None:
        super().__init__()
        self.sizes = sizes


@does(
    "a definition of the root's `$defs` (or `definitions`) that nothing in the rendition refers to is removed; "
    "it runs twice: right after `inline_ref_siblings` (whose copies leave the definitions they copied unused, "
    "which the passes between would otherwise rewrite for nothing), and again once the passes that inline, "
    "merge or move references have run"
)
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
        changes += [
            Change(ROOT.child(key).child(name), "removed (nothing refers to it)", DEAD, gone=True) for name in gone
        ]
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
