"""The pass that writes draft-2019-and-earlier tuples the way the 2020-12 readers read them.

An array-valued ``items`` (with ``additionalItems`` for what follows) is draft 7's tuple; since
2020-12 it is ``prefixItems`` (with ``items``). A rendition carries no ``$schema`` (it is read in
the strict mode's dialect), so for a profile that accepts tuples (Gemini documents
``prefixItems``) the old spelling would be read as a schema for every item, or refused
(outlines-core rejects it). Where the profile refuses tuples, rule T206 names them.
"""

from __future__ import annotations

from typing import Any

from ...core.pointer import Pointer
from ...core.rebuilding import transform
from .base import Change, Options, PassResult, _flagged, does


@does(
    "an `additionalItems` beside no array of `items` (a single `items` schema, or none) does nothing, and "
    "goes (for every profile: no vendor need refuse it, rule T206)"
)
def idle_additional_items(schema: Any, options: Options) -> PassResult:
    """``additionalItems`` applies only after a tuple (an array-valued ``items``); beside a
    single ``items`` schema, or no ``items``, it constrains nothing, and leaves.

    Before: ``{"type": "array", "items": {"type": "string"}, "additionalItems": false}``
    After:  ``{"type": "array", "items": {"type": "string"}}``
    """
    changes: list[Change] = []

    def idle(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict) or "additionalItems" not in node or isinstance(node.get("items"), list):
            return node
        changes.append(
            Change.for_rule(pointer, "additionalItems removed (beside no tuple of items it does nothing)", "T206")
        )
        return {key: value for key, value in node.items() if key != "additionalItems"}

    return PassResult(transform(schema, idle, only=frozenset({"additionalItems"})), tuple(changes))


@does(
    "for a profile that accepts tuples (Gemini), draft 7's array-valued `items` → `prefixItems`, "
    "`additionalItems` → `items` (`additionalItems: false` → `maxItems`); the rendition is read as 2020-12"
)
def tuple_items(schema: Any, options: Options) -> PassResult:
    """An array-valued ``items`` becomes ``prefixItems``, and a schema in ``additionalItems``
    becomes ``items`` (``additionalItems: false`` becomes ``maxItems``: no item after the
    tuple), for a profile that accepts tuples.

    Before: ``{"type": "array", "items": [{"type": "string"}], "additionalItems": false}``
    After:  ``{"type": "array", "prefixItems": [{"type": "string"}], "maxItems": 1}``
    """
    if _flagged(options, "T206"):
        return PassResult(schema)
    changes: list[Change] = []

    def respell(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict) or not isinstance(node.get("items"), list) or "prefixItems" in node:
            return node
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key == "items":
                out["prefixItems"] = value
            elif key != "additionalItems":
                out[key] = value
        more = node.get("additionalItems", True)
        if more is False:  # no item after the tuple: the same as a bound (a boolean schema is refused)
            bound = node.get("maxItems")
            out["maxItems"] = min(len(node["items"]), bound) if isinstance(bound, int) else len(node["items"])
        elif more is not True:
            out["items"] = more
        changes.append(Change.for_rule(pointer, "tuple written as prefixItems (the 2020-12 spelling)", "T206"))
        return out

    return PassResult(transform(schema, respell, only=frozenset({"items"})), tuple(changes))
