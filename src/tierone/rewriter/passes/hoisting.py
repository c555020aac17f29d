"""The pass that copies the target of a ``$ref`` that is no definition (``#/x-shared/A``,
``#/properties/x``) into ``$defs``, so that every later pass rewrites it as a subschema and no
dead copy of it stays where it was."""

from __future__ import annotations

from typing import Any

from ...core.naming import free_name
from ...core.pointer import ROOT, Pointer
from ...core.rebuilding import transform
from ...core.refs import LOCAL, ReferenceGraph
from ...core.walker import REFERENCE, walk
from ..shapes import dict_at
from .base import Change, Options, PassResult, does, graph_of


@does(
    "the target of a `$ref` that is no definition (`#/x-shared/A`, `#/properties/x`, "
    "`#/$defs/A/definitions/B`) is copied into `$defs`, and rewritten there as every subschema is; a target "
    "that stood where no schema stands (`x-shared`) leaves no dead copy behind"
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

    rewritten = transform(schema, retarget, only=REFERENCE)
    hoisted = {name: transform(copy, retarget, only=REFERENCE) for name, copy in copies.items()}
    emptied = [
        name for name, node in taken.items() if _only_definitions(node) and ("$defs", name) not in graph.edges.values()
    ]
    changes += [
        Change(
            ROOT.child("$defs").child(name),
            "removed (it only held definitions, copied out)",
            "a $ref target is a definition",
            gone=True,
        )
        for name in emptied
    ]
    kept = {name: node for name, node in dict_at(rewritten, "$defs").items() if name not in emptied}
    schema_places = {visit.pointer for visit in walk(schema)}
    moved = [target for target in names if target not in schema_places]  # `#/x-types/Id`: data, not a schema
    rewritten = _without(rewritten, moved, schema_places)
    changes += [
        Change(
            target, "removed (copied into $defs: no dead copy stays behind)", "a $ref target is a definition", gone=True
        )
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
        names[target] = free_name(str(target[-1]), taken)
        pending += [
            visit.schema["$ref"]
            for visit in walk(_definition(node))
            if isinstance(visit.schema, dict) and "$ref" in visit.schema
        ]
    return names


def _needs_copy(target: Pointer) -> bool:
    return bool(target) and not (len(target) == 2 and target[0] == "$defs")
