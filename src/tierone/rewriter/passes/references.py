"""Passes over references: every local ``$ref`` written as a JSON Pointer into ``$defs``
(its target copied there when it stands elsewhere), and a ``$ref`` with sibling keywords
inlined."""

from __future__ import annotations

from typing import Any

from ...core.pointer import ROOT, Pointer
from ...core.refs import LOCAL, ReferenceGraph
from ...core.walker import transform, walk
from ..shapes import dict_at
from .base import Change, Options, PassResult, Unfixable, _flagged, _rename_key, does, graph_of
from .cycle_siblings import wrapped_cycle_ref


@does("a `$ref` by anchor (`#name`) or through the document's own `$id` → a JSON-Pointer `$ref`")
def pointer_references(schema: Any, options: Options) -> PassResult:
    """Local references made by anchor (``#name``) or through the document's own ``$id`` are
    written as JSON Pointers, the one form every vendor resolves (anchors are outside the
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

    return PassResult(transform(schema, as_pointer), tuple(changes))


def _by_name(ref: Any) -> bool:
    """Whether a ``$ref`` is something other than a JSON-Pointer fragment (``#``, ``#/...``)."""
    return isinstance(ref, str) and ref != "#" and not ref.startswith("#/")


@does("`definitions` → `$defs` (and the references)")
def rename_definitions(schema: Any, options: Options) -> PassResult:
    """Draft-07 ``definitions`` become ``$defs`` (Gemini reads only ``$defs``), references too.

    Before: ``{"definitions": {"A": {...}}, "properties": {"a": {"$ref": "#/definitions/A"}}}``
    After:  ``{"$defs": {"A": {...}}, "properties": {"a": {"$ref": "#/$defs/A"}}}``
    """
    if not isinstance(schema, dict) or not isinstance(schema.get("definitions"), dict):
        return PassResult(schema)
    if "$defs" in schema:
        return PassResult(schema)  # both present: leave the author's layout alone
    changes = [Change(ROOT.child("definitions"), "renamed to $defs", "Gemini reads definitions only under $defs")]

    def retarget(node: Any, pointer: Pointer) -> Any:
        ref = node.get("$ref") if isinstance(node, dict) else None
        if isinstance(ref, str) and ref.startswith("#/definitions/"):
            return {**node, "$ref": "#/$defs/" + ref[len("#/definitions/") :]}
        return node

    renamed = _rename_key(schema, "definitions", "$defs", schema["definitions"])
    return PassResult(transform(renamed, retarget), tuple(changes))


@does(
    "a `$ref` with sibling keywords is inlined and merged (at the root too: a closed root beside a `$ref` "
    "would refuse the target's members); a recursive one cannot be inlined: siblings its target has with the "
    "same value go, annotations move to a wrapping one-branch `anyOf`, and any other sibling is refused"
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

    def inline(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict) or "$ref" not in node or set(node) <= keep:
            return node
        if not pointer:
            return _inline_root(node, graph, changes, unfixable)
        if pointer in graph.recursive:
            wrapped = wrapped_cycle_ref(node, graph.target(node["$ref"]))
            if wrapped is None:
                unfixable.append(Unfixable(pointer, "T106", "a recursive $ref with siblings cannot be inlined"))
                return node
            changes.append(
                Change.for_rule(pointer, "a recursive $ref's siblings dropped or moved to a wrapping anyOf", "T106")
            )
            return wrapped
        target = graph.target(node["$ref"])
        if not isinstance(target, dict):
            return node
        merged = {k: v for k, v in target.items() if k not in ("$defs", "definitions", "$id", "$schema")}
        merged.update({k: v for k, v in node.items() if k != "$ref"})
        changes.append(Change.for_rule(pointer, f"inlined {node['$ref']} to merge its sibling keywords", "T106"))
        return merged

    return PassResult(transform(schema, inline), tuple(changes), tuple(unfixable))


#: keywords the root keeps beside its inlined target (what makes it a document)
_DOCUMENT = ("$defs", "definitions", "$id", "$schema", "$comment")
#: keywords whose sibling value wins over the target's (they say nothing about instances)
_SAYS_NOTHING = ("title", "description", "examples", "default", "deprecated", "readOnly", "writeOnly")


def _inline_root(root: dict[str, Any], graph: ReferenceGraph, changes: list[Change], unfixable: list[Unfixable]) -> Any:
    """The root ``$ref`` with siblings (``type``, ``additionalProperties``) replaced by its
    target merged with them, the root's definitions kept: a closed root beside a ``$ref``
    would refuse every member of the target. A sibling that contradicts the target is reported."""
    target = graph.target(root["$ref"])
    if not isinstance(target, dict):
        return root
    merged = {k: v for k, v in target.items() if k not in _DOCUMENT}
    for key, value in root.items():
        if key == "$ref" or key in _DOCUMENT:
            continue
        if key in merged and merged[key] != value and key not in _SAYS_NOTHING:
            unfixable.append(
                Unfixable(
                    ROOT.child(key),
                    "T106",
                    f"the root's `{key}` contradicts that of its $ref target {root['$ref']}; the two cannot be merged",
                )
            )
            return root
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


@does(
    "the target of a `$ref` that is no definition (`#/x-shared/A`, `#/properties/x`, "
    "`#/$defs/A/definitions/B`) is copied into `$defs`, and rewritten there as every subschema is"
)
def hoist_references(schema: Any, options: Options) -> PassResult:
    """A local ``$ref`` to anything but a definition (``#/$defs/Name``) or the root, such as
    ``#/x-shared/A``, ``#/properties/x`` or ``#/$defs/A/definitions/B``, gets its target
    copied into ``$defs`` and points there: the target is then a subschema that every later
    pass rewrites and the linter judges, it means what it meant in the original (a member's
    copy is not made nullable with the member), and every vendor resolves it.

    Before: ``{"properties": {"a": {"$ref": "#/x-shared/A"}}, "x-shared": {"A": {...}}}``
    After:  ``{"properties": {"a": {"$ref": "#/$defs/A"}}, "x-shared": {...}, "$defs": {"A": {...}}}``
    """
    if not isinstance(schema, dict):
        return PassResult(schema)
    graph = graph_of(schema)
    names = _hoisted(schema, graph)
    if not names:
        return PassResult(schema)
    taken = dict_at(schema, "$defs")
    copies = {name: _definition(target.resolve(schema)) for target, name in names.items()}
    changes = [
        Change(
            ROOT.child("$defs").child(name),
            f"copied from {target.fragment()} (a $ref names it)",
            "a $ref target is a definition, rewritten and linted as a subschema",
        )
        for target, name in names.items()
    ]

    def retarget(node: Any, pointer: Pointer) -> Any:
        ref = node.get("$ref") if isinstance(node, dict) else None
        if not isinstance(ref, str):
            return node
        resolution = graph.resolve(ref)
        name = names.get(resolution.target) if resolution.target is not None else None
        return node if name is None else {**node, "$ref": ROOT.child("$defs").child(name).fragment()}

    rewritten = transform(schema, retarget)
    hoisted = {name: transform(copy, retarget) for name, copy in copies.items()}
    emptied = [
        name for name, node in taken.items() if _only_definitions(node) and ("$defs", name) not in graph.edges.values()
    ]
    changes += [
        Change(
            ROOT.child("$defs").child(name),
            "removed (it only held definitions, copied out)",
            "a $ref target is a definition",
        )
        for name in emptied
    ]
    kept = {name: node for name, node in dict_at(rewritten, "$defs").items() if name not in emptied}
    schema_places = {visit.pointer for visit in walk(schema)}
    moved = [target for target in names if target not in schema_places]  # `#/x-types/Id`: data, not a schema
    rewritten = _without(rewritten, moved, schema_places)
    changes += [
        Change(target, "removed (copied into $defs: no dead copy stays behind)", "a $ref target is a definition")
        for target in moved
    ]
    return PassResult({**rewritten, "$defs": {**kept, **hoisted}}, tuple(changes))


def _without(document: dict[str, Any], targets: list[Pointer], schema_places: set[Pointer]) -> dict[str, Any]:
    """``document`` without the members at ``targets`` (none of them a schema's place), and
    without each container they leave empty that is no schema's place either."""
    for target in sorted(targets, key=len, reverse=True):
        document = _removed(document, tuple(target), schema_places)
    return document


def _removed(node: Any, path: tuple[Any, ...], schema_places: set[Pointer], here: tuple[Any, ...] = ()) -> Any:
    if not path or not isinstance(node, (dict, list)):
        return node
    key, rest = path[0], path[1:]
    if isinstance(node, list):
        return node  # an array holding a target: left as it is (an index would shift)
    if key not in node:
        return node
    if not rest:
        return {k: v for k, v in node.items() if k != key}
    child = _removed(node[key], rest, schema_places, (*here, key))
    if isinstance(child, dict) and not child and Pointer((*here, key)) not in schema_places:
        return {k: v for k, v in node.items() if k != key}
    return {**node, key: child}


def _only_definitions(node: Any) -> bool:
    """A ``$defs`` entry that is no schema of its own, only a folder of definitions."""
    return isinstance(node, dict) and bool(node) and set(node) <= {"$defs", "definitions", "$comment"}


#: what a definition's copy leaves behind: what made its old place a document of its own
_NOT_COPIED = ("$defs", "definitions", "$id", "$schema", "$anchor")


def _definition(target: Any) -> Any:
    return {k: v for k, v in target.items() if k not in _NOT_COPIED} if isinstance(target, dict) else target


def _hoisted(schema: dict[str, Any], graph: ReferenceGraph) -> dict[Pointer, str]:
    """Every target to copy into ``$defs`` (those of the references in the copies too),
    each with its new definition's name."""
    taken = set(dict_at(schema, "$defs"))
    names: dict[Pointer, str] = {}
    pending = [site.ref for site in graph.sites]
    while pending:
        resolution = graph.resolve(pending.pop())
        target = resolution.target
        if resolution.kind != LOCAL or target is None or target in names or not _needs_copy(target):
            continue
        node = target.resolve(schema)
        if not isinstance(node, (dict, bool)):
            continue  # not a schema: reported by the linter
        names[target] = _free_name(str(target[-1]), taken)
        pending += [
            visit.schema["$ref"]
            for visit in walk(_definition(node))
            if isinstance(visit.schema, dict) and "$ref" in visit.schema
        ]
    return names


def _needs_copy(target: Pointer) -> bool:
    return bool(target) and not (len(target) == 2 and target[0] == "$defs")


def _free_name(wanted: str, taken: set[str]) -> str:
    base = "".join(c if c.isalnum() or c in "_.-" else "_" for c in wanted) or "ref"
    name, n = base, 1
    while name in taken:
        n += 1
        name = f"{base}_{n}"
    taken.add(name)
    return name
