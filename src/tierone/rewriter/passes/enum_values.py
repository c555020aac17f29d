"""``enum`` and ``const`` values as strict modes take them, in one walk: a ``const`` becomes a
one-value ``enum`` where the profile refuses ``const`` (rule T213), a value the node's own
``type`` refuses is dropped (rule T604: no instance is one of it), and objects and arrays,
which strict modes refuse as values (rule T214), are each spelled out as a schema that takes
that one value, the ``enum`` becoming the union of those schemas."""

from __future__ import annotations

import json
from typing import Any

from ...core.jsontypes import admitted, declared_types, type_of
from ...core.pointer import Pointer
from ...core.rebuilding import transform
from ...linter.checks.satisfiable import no_listed_value
from .base import Change, Options, PassResult, _flagged, _rename_key, does
from .old_drafts import requires_unique_enum

#: the nodes that enumerate values
_VALUES = frozenset({"enum", "const"})
#: what a rendition with an array value spelled out no longer enforces
ITEM_ORDER = "the order of an enumerated array's items"


@does(
    "`const` → one-value `enum` (where the profile refuses `const`, rule T213); `enum` values that the node's own "
    "`type` refuses are dropped: no instance can be one of them (rule T604; an "
    "`enum` left with none has no instance and stays refused); an `enum` (or `const`) holding objects or arrays "
    "becomes a union of one schema per value: an object is a closed object whose members each take their one "
    "value (exact), an array is an array of its length whose items take its values (their order is left to "
    "restore: a loosening); the other values stay an `enum` per type (rule T214); beside a union, the values it "
    "refuses go and the union goes (the others satisfy it)"
)
def settle_enum_values(schema: Any, options: Options) -> PassResult:
    """Each ``enum`` as strict modes take it (a ``const`` one too, where the profile refuses
    ``const``): the values its ``type`` refuses dropped (OpenAPI's
    ``nullable: true`` admits ``null``, as restore reads it), then each object or array value
    written as a schema taking that value, the values together an ``anyOf`` (one value: its
    schema alone).

    Before: ``{"type": "string", "const": "cat"}``
    After:  ``{"type": "string", "enum": ["cat"]}``

    Before: ``{"type": "string", "enum": ["low", "high", null]}``
    After:  ``{"type": "string", "enum": ["low", "high"]}``

    Before: ``{"enum": [{"unit": "cm"}, "none"]}``
    After:  ``{"anyOf": [{"type": "string", "enum": ["none"]}, {"type": "object", "properties":
    {"unit": {"type": "string", "enum": ["cm"]}}, "required": ["unit"], "additionalProperties": false}]}``
    """
    const, refused, complex_values = _flagged(options, "T213"), _flagged(options, "T604"), _flagged(options, "T214")
    repeats_go = _flagged(options, "T606") and not requires_unique_enum(schema)  # else invalid: refused (T606)
    if not (const or refused or complex_values or repeats_go):
        return PassResult(schema)
    changes: list[Change] = []

    def settle(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict) or ("enum" not in node and "const" not in node):
            return node
        if repeats_go:
            node = _without_repeats(node, pointer, changes)
        if const and "const" in node and "enum" not in node:
            changes.append(Change.for_rule(pointer, "const turned into a one-value enum", "T213"))
            node = _rename_key(node, "const", "enum", [node["const"]])
        elif const and "const" in node and isinstance(node["enum"], list) and node["const"] in node["enum"]:
            changes.append(Change.for_rule(pointer, "const folded into the enum beside it (its one value)", "T213"))
            node = {k: ([node["const"]] if k == "enum" else v) for k, v in node.items() if k != "const"}
        if refused:
            node = _without_refused(node, pointer, changes)
        return _spelled(node, pointer, changes) if complex_values else node

    return PassResult(transform(schema, settle, only=_VALUES), tuple(changes))


def _without_repeats(node: dict[str, Any], pointer: Pointer, changes: list[Change]) -> dict[str, Any]:
    """``node`` with each ``enum`` value once (a repeat takes no value the first does not)."""
    from ...linter.checks.enforceability import distinct, repeats

    values = node.get("enum")
    if not isinstance(values, list) or not repeats(values):
        return node
    kept = distinct(values)
    changes.append(Change.for_rule(pointer.child("enum"), "repeated values written once", "T606"))
    return {**node, "enum": kept}


def _without_refused(node: dict[str, Any], pointer: Pointer, changes: list[Change]) -> dict[str, Any]:
    """``node`` without the ``enum`` values its ``type`` refuses (all refused: as it is)."""
    values = node.get("enum")
    types = declared_types(node) if isinstance(values, list) else None
    if types is None or not isinstance(values, list):
        return node
    if node.get("nullable") is True:
        types = (*types, "null")
    kept = [value for value in values if admitted(types, value)]
    if not kept or len(kept) == len(values):
        return node
    gone = ", ".join(json.dumps(v, ensure_ascii=False) for v in values if v not in kept)
    changes.append(Change.for_rule(pointer.child("enum"), f"{gone} dropped (the type refuses it)", "T604"))
    return {**node, "enum": kept}


def _spelled(node: dict[str, Any], pointer: Pointer, changes: list[Change]) -> dict[str, Any]:
    """``node`` with its object and array values spelled out (none: as it is). Beside a union,
    the values it refuses take no instance and go, and the union, which the others satisfy,
    says nothing more (where it refers elsewhere, it cannot be judged here: as it is)."""
    key = "const" if "const" in node else "enum"
    values = [node["const"]] if key == "const" else node.get("enum")
    if not isinstance(values, list) or not any(isinstance(v, (dict, list)) for v in values):
        return node
    if no_listed_value(node):
        return node  # it takes nothing (a union branch of it leaves: impossible)
    beside = "anyOf" in node
    if beside:
        values = _taken_by_union(node, key, values)
        if not values:
            return node
        node = {k: v for k, v in node.items() if k != "anyOf"}
    arrays: list[bool] = []
    spelled = _union(values, arrays)
    out = {k: v for k, v in node.items() if k not in (key, "type")}
    what = "enumerated objects and arrays spelled out as one schema per value" + (
        " (the union beside them, which they satisfy, goes)" if beside else ""
    )
    changes.append(Change.for_rule(pointer, what, "T214", loosens=ITEM_ORDER if arrays else ""))
    return {**out, **spelled}


def _taken_by_union(node: dict[str, Any], key: str, values: list[Any]) -> list[Any]:
    """The ``values`` that ``node`` without its ``key`` takes (none where it holds a reference)."""
    rest = {k: v for k, v in node.items() if k != key}
    if "$ref" in json.dumps(rest):
        return []
    from ...core.validation import validator

    try:
        judge = validator(rest)
        return [value for value in values if judge.is_valid(value)]
    except Exception:  # noqa: BLE001 (a union this dialect cannot read, a pattern past the engine: not judged)
        return []


def _union(values: list[Any], arrays: list[bool]) -> dict[str, Any]:
    """A schema taking exactly ``values`` (an array's items in any order: noted in ``arrays``)."""
    branches: list[dict[str, Any]] = []
    scalars: dict[str, list[Any]] = {}
    for value in values:
        if isinstance(value, (dict, list)):
            branches.append(_schema_of(value, arrays))
        else:
            scalars.setdefault(type_of(value), []).append(value)
    plain = [{"type": "null"} if kind == "null" else {"type": kind, "enum": taken} for kind, taken in scalars.items()]
    branches = plain + branches
    return branches[0] if len(branches) == 1 else {"anyOf": branches}


def _schema_of(value: Any, arrays: list[bool]) -> dict[str, Any]:
    """The schema whose one instance is ``value`` (an array's: its items in any order)."""
    if isinstance(value, dict):
        return {
            "type": "object",
            "properties": {name: _schema_of(member, arrays) for name, member in value.items()},
            "required": list(value),
            "additionalProperties": False,
        }
    if isinstance(value, list):
        arrays.append(True)
        items = _union(value, arrays) if value else {"type": "string"}
        return {"type": "array", "items": items, "minItems": len(value), "maxItems": len(value)}
    if value is None:
        return {"type": "null"}
    return {"type": type_of(value), "enum": [value]}
