"""Passes over references: every local ``$ref`` written as a JSON Pointer, ``definitions``
renamed ``$defs``, and a ``$ref`` with sibling keywords inlined (a target that stands elsewhere
than in ``$defs`` is copied there by :mod:`.hoisting`)."""

from __future__ import annotations

from typing import Any

from ...core.pointer import ROOT, Pointer
from ...core.rebuilding import transform
from ...core.refs import LOCAL, ReferenceGraph, followed, with_siblings
from ...core.walker import REFERENCE, SUBSCHEMA_KEYWORDS, size
from ..shapes import list_at
from .base import Change, Options, PassResult, Unfixable, _flagged, _rename_key, body_of, does, graph_of
from .composition import merged_node
from .cycle_siblings import wrapped_cycle_ref


@does(
    "a `$ref` by anchor (`#name`), through the document's own `$id`, or by the address of a schema resource "
    "embedded in the document (a subschema with an `$id` of its own, as a bundled compound document holds them, "
    "where what it holds reads the same from the root) → a JSON-Pointer `$ref`"
)
def pointer_references(schema: Any, options: Options) -> PassResult:
    """Local references made by anchor (``#name``), through the document's own ``$id`` or to a
    resource embedded in it (:mod:`tierone.core.embedded`) are written as JSON Pointers, the one form every vendor resolves (anchors are outside the
    subset: the ``$anchor`` itself is removed later as an unknown keyword).

    Before: ``{"properties": {"a": {"$ref": "#addr"}}, "$defs": {"A": {"$anchor": "addr", ...}}}``
    After:  ``{"properties": {"a": {"$ref": "#/$defs/A"}}, "$defs": {"A": {"$anchor": "addr", ...}}}``
    """
    graph = graph_of(schema)
    if not any(_by_name(site.ref) for site in graph.sites):
        return PassResult(schema)
    changes: list[Change] = []

    def as_pointer(node: Any, pointer: Pointer) -> Any:
        ref = node.get("$ref") if isinstance(node, dict) else None
        if not _by_name(ref):
            return node
        resolution = graph.resolve(ref)
        if resolution.kind != LOCAL or resolution.target is None:
            return node  # remote or broken: reported by the linter, never guessed at
        fragment = resolution.target.fragment()
        changes.append(
            Change(
                pointer,
                f"$ref {ref!r} written as {fragment!r}",
                "anchors and $id-based references are not in the subset; JSON Pointers are",
            )
        )
        return {**node, "$ref": fragment}

    return PassResult(transform(schema, as_pointer, only=REFERENCE), tuple(changes))


def _by_name(ref: Any) -> bool:
    """Whether a ``$ref`` is something other than a JSON-Pointer fragment (``#``, ``#/...``)."""
    return isinstance(ref, str) and ref != "#" and not ref.startswith("#/")


#: why ``definitions`` are renamed under every profile
_DEFS_WHY = "the name every vendor reads (Gemini reads definitions only under $defs)"


@does("`definitions` → `$defs` (and the references, those in the bodies of a folder of definitions too)")
def rename_definitions(schema: Any, options: Options) -> PassResult:
    """Draft-07 ``definitions`` become ``$defs`` (Gemini reads only ``$defs``), references too.

    Before: ``{"definitions": {"A": {...}}, "properties": {"a": {"$ref": "#/definitions/A"}}}``
    After:  ``{"$defs": {"A": {...}}, "properties": {"a": {"$ref": "#/$defs/A"}}}``
    """
    if not isinstance(schema, dict) or not isinstance(schema.get("definitions"), dict):
        return PassResult(schema)
    if "$defs" in schema:
        return PassResult(schema)  # both present: leave the author's layout alone
    changes = [Change(ROOT.child("definitions"), "renamed to $defs", _DEFS_WHY)]
    renamed = _rename_key(schema, "definitions", "$defs", schema["definitions"])
    return PassResult(_retargeted(renamed), tuple(changes))


#: keywords whose value is data, not schemas: a ``$ref`` member there is data too
_DATA = frozenset({"enum", "const", "default", "examples", "example"})
#: keywords whose value maps names (no keywords) to schemas
_MAPS = frozenset({"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"})


def _retargeted(node: Any, names: bool = False) -> Any:
    """``node`` with each ``#/definitions/...`` reference pointing into ``$defs``: wherever it
    stands, not only where a walk of subschemas goes (a folder of definitions, a schema kept
    under a member no keyword names, ``#/Sample``, whose copy a later pass brings in), but not
    in data (``enum``, ``default``...). ``names``: ``node`` maps names to schemas (``properties``),
    so its keys are no keywords. What holds no such reference is handed on as it is."""
    if isinstance(node, list):
        items = [_retargeted(item) for item in node]
        return node if all(a is b for a, b in zip(items, node)) else items
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] | None = None
    for key, value in node.items():
        if key == "$ref" and not names and isinstance(value, str) and value.startswith("#/definitions/"):
            new: Any = "#/$defs/" + value[len("#/definitions/") :]
        elif not names and key in _DATA:
            continue
        else:
            new = _retargeted(value, not names and key in _MAPS)
        if new is not value:
            out = dict(node) if out is None else out
            out[key] = new
    return node if out is None else out


@does(
    "a `$ref` with sibling keywords is inlined and merged (through aliases: a definition that is only a "
    "`$ref` is followed to what it names; the references with siblings inside the inlined copy are inlined too; "
    "at the root too: a closed root beside a `$ref` "
    "would refuse the target's members; where the root's siblings say otherwise than the target, both are merged "
    "as an `allOf` would be); a recursive one cannot be inlined: siblings its target has with the same value go, "
    "and so do those of a type its `type` excludes, annotations (and members that are no keyword) move to a "
    "wrapping one-branch `anyOf`, and other siblings are merged with the "
    "target as an `allOf` would be (its body copied once, its references kept; a definition that extends "
    "itself is refused); where no one schema says both, siblings that only judge the value (no subschema) are "
    "left out, and restore checks them"
)
def inline_ref_siblings(schema: Any, options: Options) -> PassResult:
    """A ``$ref`` with sibling keywords is replaced by its target merged with the siblings
    (the siblings win), since OpenAI rejects siblings and other SDKs drop them.

    Before: ``{"$ref": "#/$defs/Address", "description": "Home"}``
    After:  ``{"type": "object", "properties": {...}, "description": "Home"}``
    """
    if not _flagged(options, "T106"):
        return PassResult(schema)
    graph = graph_of(schema)
    changes: list[Change] = []
    unfixable: list[Unfixable] = []
    keep = {"$ref", "$defs", "definitions", "$schema", "$id", "$comment"}
    room: list[int] = []  # schema nodes the copies may still add (counted at the first copy)
    nested = [0]  # copies being made inside one another (a copy that brings itself in again)

    def copied(merged: Any, pointer: Pointer, inside: bool = False) -> Any:
        """``merged`` with its own references' siblings inlined (a copy inside the copy;
        ``inside``: below its top alone, the root's body)."""
        _room_counted(room, schema)
        nested[0] += 1
        try:
            merged = transform(
                merged, lambda n, p: n if inside and p == pointer else inline(n, p, True), pointer, only=REFERENCE
            )
        finally:
            nested[0] -= 1
        room[0] -= size(merged, max(room[0], 0))
        return merged

    def inline(node: Any, pointer: Pointer, copying: bool = False) -> Any:
        if not isinstance(node, dict) or "$ref" not in node or set(node) <= keep:
            return node
        if not pointer:  # the target's body, copied to the root: its own references' siblings too
            out = _inline_root(node, graph, changes, unfixable)
            body = {k: v for k, v in out.items() if k not in _DOCUMENT} if out is not node else {}
            return {**out, **copied(body, ROOT, inside=True)} if body else out
        # in a copy, places are new: a reference whose target has a cycle below is taken for one
        recursive = pointer in graph.recursive or (copying and not _acyclic_below(graph, node["$ref"]))
        _room_counted(room, schema)
        if recursive or room[0] <= 0 or nested[0] >= NESTED_COPIES:  # a cycle, or past the copies' room
            wrapped = wrapped_cycle_ref(node, graph.target(node["$ref"]))
            if (
                wrapped is None
                and recursive
                and room[0] > 0
                and nested[0] < NESTED_COPIES
                and _flagged(options, "T202")
            ):
                both = {"allOf": [{"$ref": node["$ref"]}, {k: v for k, v in node.items() if k != "$ref"}]}
                done: list[Change] = []
                merged = merged_node(both, pointer, graph, done, [], on_cycle=True)  # else refused below (T106)
                if merged is not both:
                    changes.extend(done)
                    changes.append(
                        Change.for_rule(pointer, "a recursive $ref's siblings merged with its target", "T106")
                    )
                    merged = copied(merged, pointer)  # the copy's own too
                    return merged
            judging = _judging_siblings(node, keep, graph.target(node["$ref"])) if recursive else None
            if wrapped is None and judging:  # the reference stands alone: restore judges by its siblings too
                what = "a recursive $ref's sibling keywords left out (no one schema says both)"
                changes.append(Change.for_rule(pointer, what, "T106", loosens=f"its sibling keywords {judging}"))
                return {k: v for k, v in node.items() if k == "$ref" or k in keep}
            if wrapped is None:
                why = "a recursive $ref" if recursive else "a $ref whose copies would grow too large"
                unfixable.append(Unfixable(pointer, "T106", f"{why} with siblings cannot be inlined"))
                return node
            changes.append(
                Change.for_rule(pointer, "a recursive $ref's siblings dropped or moved to a wrapping anyOf", "T106")
            )
            return wrapped
        target = graph.target(node["$ref"])
        if not isinstance(target, dict):
            return node
        # an alias (a definition that is only a `$ref`) is followed to what it names, the
        # siblings of each hop merged over its target, the site's own winning
        found = followed(
            with_siblings(target, {k: v for k, v in node.items() if k != "$ref"}), graph.target, siblings=True
        )
        if not isinstance(found, dict) or "$ref" in found:
            return node  # the aliases go round: the linter reports it
        merged = body_of(found)
        changes.append(Change.for_rule(pointer, f"inlined {node['$ref']} to merge its sibling keywords", "T106"))
        if isinstance(merged.get("allOf"), list):  # members of its own beside the target's: both hold
            merged = merged_node(merged, pointer, graph, changes, unfixable)
        return copied(merged, pointer)  # the copy's own references too (those the merge brought in among them)

    return PassResult(transform(schema, inline, only=REFERENCE), tuple(changes), tuple(unfixable))


def _judging_siblings(node: dict[str, Any], keep: set[str], target: Any) -> str | None:
    """The sibling keywords of a ``$ref`` (``keep`` aside), written out, where they only judge
    the value (none holds a subschema: left out, they change no shape the answer is read by,
    and a ``required`` names members the ``target`` declares, which an answer can then give)."""
    siblings = [k for k in node if k not in keep]
    if not siblings or not SUBSCHEMA_KEYWORDS.isdisjoint(siblings):
        return None
    declared = target.get("properties") if isinstance(target, dict) else None
    if "required" in node and not (isinstance(declared, dict) and set(list_at(node, "required")) <= set(declared)):
        return None
    return ", ".join(f"`{k}`" for k in siblings)


#: copies made inside one another at most (a recursive target merged with siblings that bring it
#: in again would go on without end): past it, the reference's siblings are refused (T106)
NESTED_COPIES = 16
#: schema nodes the inlined copies may add at least (past it, or past four times the schema's
#: own size, annotations beside a `$ref` move to a one-branch `anyOf` instead: copies of copies
#: of a shared definition grow exponentially)
INLINED = 20_000


def _acyclic_below(graph: ReferenceGraph, ref: Any) -> bool:
    """Whether no reference inside the node ``ref`` names lies on a cycle (so inlining the
    references of its copy ends)."""
    target = graph.resolve(ref).target
    return target is not None and not any(site[: len(target)] == target for site in graph.recursive)


#: keywords the root keeps beside its inlined target (what makes it a document)
_DOCUMENT = ("$defs", "definitions", "$id", "$schema", "$comment")
#: keywords whose sibling value wins over the target's (they say nothing about instances)
_SAYS_NOTHING = ("title", "description", "examples", "default", "deprecated", "readOnly", "writeOnly")


def _room_counted(room: list[int], schema: Any) -> None:
    """The schema nodes inlined copies may add, counted once (at the first copy)."""
    if not room:
        room.append(max(INLINED, 4 * size(schema, INLINED - 1)))


def _inline_root(root: dict[str, Any], graph: ReferenceGraph, changes: list[Change], unfixable: list[Unfixable]) -> Any:
    """The root ``$ref`` with siblings (``type``, ``additionalProperties``) replaced by its
    target merged with them, the root's definitions kept: a closed root beside a ``$ref``
    would refuse every member of the target. Where a sibling says otherwise than the target
    (members of its own), both hold: they are merged as an ``allOf`` of the two would be, and
    where that cannot be, the sibling is reported."""
    target = graph.target(root["$ref"])
    if not isinstance(target, dict):
        return root
    merged = {k: v for k, v in target.items() if k not in _DOCUMENT}
    for key, value in root.items():
        if key == "$ref" or key in _DOCUMENT:
            continue
        if key in merged and merged[key] != value and key not in _SAYS_NOTHING:
            # both hold (a 2019+ `$ref` is one part of an allOf with its siblings): merged as such
            own = {k: v for k, v in root.items() if k != "$ref" and k not in _DOCUMENT}
            both = {"allOf": [{k: v for k, v in target.items() if k not in _DOCUMENT}, own]}
            done: list[Change] = []
            merged = merged_node(both, ROOT, graph, done, [])
            if merged is both or not isinstance(merged, dict):
                unfixable.append(
                    Unfixable(
                        ROOT.child(key),
                        "T106",
                        f"the root's `{key}` contradicts that of its $ref target {root['$ref']}; the two cannot be merged",
                    )
                )
                return root
            changes.extend(done)
            break
        merged[key] = value
    changes.append(
        Change.for_rule(ROOT, f"the root's $ref {root['$ref']} inlined to merge its sibling keywords", "T106")
    )
    out: dict[str, Any] = {}
    for key, value in root.items():  # the root's own key order, the target's keywords where its $ref stood
        if key == "$ref":
            out.update((k, v) for k, v in merged.items() if k not in root)
        elif key in merged or key in _DOCUMENT:
            out[key] = merged.get(key, value)
    return out
