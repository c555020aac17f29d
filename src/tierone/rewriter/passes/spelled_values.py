"""Enumerated objects and arrays (rule T214): strict modes take ``enum`` and ``const`` values
of strings, numbers, booleans and null only, so each object or array value is spelled out as a
schema that takes that one value, and the ``enum`` becomes the union of those schemas."""

from __future__ import annotations

from typing import Any

from ...core.pointer import Pointer
from ...core.walker import transform
from .base import Change, Options, PassResult, _flagged, does
from .enums import _kind

#: what a rendition with an array value spelled out no longer enforces
ITEM_ORDER = "the order of an enumerated array's items"


@does(
    "an `enum` (or `const`) holding objects or arrays becomes a union of one schema per value: an object is a closed object "
    "whose members each take their one value (exact), an array is an array of its length whose items take its "
    "values (their order is left to restore: a loosening); the other values stay an `enum` per type (rule T214)"
)
def spell_out_values(schema: Any, options: Options) -> PassResult:
    """Each object or array among an ``enum``'s values is written as a schema taking that value;
    the values together are an ``anyOf`` (one value: its schema alone).

    Before: ``{"enum": [{"unit": "cm"}, "none"]}``
    After:  ``{"anyOf": [{"type": "string", "enum": ["none"]}, {"type": "object", "properties":
    {"unit": {"type": "string", "enum": ["cm"]}}, "required": ["unit"], "additionalProperties": false}]}``
    """
    if not _flagged(options, "T214"):
        return PassResult(schema)
    changes: list[Change] = []

    def spell(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict) or "anyOf" in node:
            return node
        key = "const" if "const" in node else "enum"
        values = [node["const"]] if key == "const" else node.get("enum")
        if not isinstance(values, list) or not any(isinstance(v, (dict, list)) for v in values):
            return node
        arrays: list[bool] = []
        spelled = _union(values, arrays)
        out = {k: v for k, v in node.items() if k not in (key, "type")}
        changes.append(
            Change.for_rule(
                pointer,
                "enumerated objects and arrays spelled out as one schema per value",
                "T214",
                loosens=ITEM_ORDER if arrays else "",
            )
        )
        return {**out, **spelled}

    return PassResult(transform(schema, spell), tuple(changes))


def _union(values: list[Any], arrays: list[bool]) -> dict[str, Any]:
    """A schema taking exactly ``values`` (an array's items in any order: noted in ``arrays``)."""
    branches: list[dict[str, Any]] = []
    scalars: dict[str, list[Any]] = {}
    for value in values:
        if isinstance(value, (dict, list)):
            branches.append(_schema_of(value, arrays))
        else:
            scalars.setdefault(_kind(value), []).append(value)
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
    return {"type": _kind(value), "enum": [value]}
