"""The pass that writes draft-2019-and-earlier tuples the way the 2020-12 readers read them.

An array-valued ``items`` (with ``additionalItems`` for what follows) is draft 7's tuple; since
2020-12 it is ``prefixItems`` (with ``items``). A rendition carries no ``$schema`` (it is read in
the strict mode's dialect), so for a profile that accepts tuples (Gemini documents
``prefixItems``) the old spelling would be read as a schema for every item, or refused
(outlines-core rejects it). Where the profile refuses tuples (rule T206), a tuple whose
length or what may follow it is bounded becomes one schema for every item, the union of its
schemas: a loosening that restore checks item by item.
"""

from __future__ import annotations

from typing import Any

from ...core.pointer import Pointer
from ...core.rebuilding import transform
from ..shapes import is_free_form
from ..tuple_items import one_item_schema
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
            Change.for_rule(
                pointer,
                "additionalItems removed (beside no tuple of items it does nothing)",
                "T206",
                keyword="additionalItems",
            )
        )
        return {key: value for key, value in node.items() if key != "additionalItems"}

    return PassResult(transform(schema, idle, only=frozenset({"additionalItems"})), tuple(changes))


@does(
    "for a profile that accepts tuples (Gemini), draft 7's array-valued `items` → `prefixItems`, "
    "`additionalItems` → `items` (`additionalItems: false`, and `items: false` after `prefixItems`, → `maxItems`); "
    "the rendition is read as 2020-12. "
    "Where the profile refuses tuples (T206), or a place in the tuple holds data it carries as a JSON string "
    "(read by place, such a string could not be told from text), every item takes the union of the tuple's "
    "schemas (and of what may follow them; where that is any value, one branch of free-form data, carried as a "
    "JSON string), a loosening: restore checks each item against its own schema (never with `--exact`); none "
    "where every place takes one and the same schema (pydantic's `tuple[int, int]`)"
)
def tuple_items(schema: Any, options: Options) -> PassResult:
    """An array-valued ``items`` becomes ``prefixItems``, and a schema in ``additionalItems``
    becomes ``items`` (``additionalItems: false`` becomes ``maxItems``: no item after the
    tuple), for a profile that accepts tuples.

    Before: ``{"type": "array", "items": [{"type": "string"}], "additionalItems": false}``
    After:  ``{"type": "array", "prefixItems": [{"type": "string"}], "maxItems": 1}``
    """
    if _flagged(options, "T206"):
        return _as_one_item_schema(schema)
    changes: list[Change] = []

    def respell(node: Any, pointer: Pointer) -> Any:
        if isinstance(node, dict) and isinstance(node.get("prefixItems"), list) and node.get("items") is False:
            changes.append(Change.for_rule(pointer, "items: false after the tuple written as maxItems", "T602"))
            return _bounded({k: v for k, v in node.items() if k != "items"}, node)
        if not isinstance(node, dict) or not isinstance(node.get("items"), list) or "prefixItems" in node:
            return node
        if any(_carried_as_text(b, options) for b in (*node["items"], node.get("additionalItems", False))):
            return _as_one(node, pointer, changes)  # by position, a JSON string could not be told from text
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key == "items":
                out["prefixItems"] = value
            elif key != "additionalItems":
                out[key] = value
        more = node.get("additionalItems", True)
        if more is False:
            out = _bounded(out, node)
        elif more is not True:
            out["items"] = more
        changes.append(Change.for_rule(pointer, "tuple written as prefixItems (the 2020-12 spelling)", "T206"))
        return out

    return PassResult(transform(schema, respell, only=frozenset({"items"})), tuple(changes))


def _bounded(out: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    """``out`` (``node`` respelled) with no item after ``node``'s tuple said as a bound, the same
    (a boolean schema ``false`` is refused where tuples are taken: Gemini)."""
    length, bound = len(node.get("prefixItems", node.get("items", []))), node.get("maxItems", None)
    if bound is None or (isinstance(bound, (int, float)) and not isinstance(bound, bool)):
        return {**out, "maxItems": length if bound is None else min(length, bound)}
    return out  # a malformed bound stays, to be refused (T606)


#: what a tuple written as one schema for every item no longer enforces (restore does)
BY_POSITION = "each item's own schema by its position (every item takes any of them)"


def _as_one_item_schema(schema: Any) -> PassResult:
    """For a profile that refuses tuples: each tuple (an array-valued ``items``, or
    ``prefixItems``) becomes one ``items`` schema every item takes, the ``anyOf`` of the tuple's
    schemas and of what may follow them (``additionalItems``, or the 2020-12 ``items``; none
    where nothing may: the tuple's length bounds the array). Where any value may follow the
    tuple, one branch takes it (free-form data, carried as a JSON string: the tuple's free-form
    schemas are that branch too).

    Before: ``{"type": "array", "items": [{"type": "number"}, {"type": "string"}], "maxItems": 2}``
    After:  ``{"type": "array", "items": {"anyOf": [{"type": "number"}, {"type": "string"}]}, "maxItems": 2}``
    """
    changes: list[Change] = []

    def merge(node: Any, pointer: Pointer) -> Any:
        return _as_one(node, pointer, changes)

    return PassResult(transform(schema, merge, only=_TUPLES), tuple(changes))


def _as_one(node: Any, pointer: Pointer, changes: list[Change]) -> Any:
    """``node``'s tuple as one schema for every item (see :func:`_as_one_item_schema`)."""
    if not isinstance(node, dict):
        return node
    found = one_item_schema(node)
    if found is None:
        return node  # no tuple, or what follows it is no schema (malformed): left to be refused as it is
    one, tuple_, more = found
    bound = node.get("maxItems")
    out = {k: v for k, v in node.items() if k not in ("prefixItems", "items", "additionalItems")}
    out["items"] = one
    if more is False and not isinstance(bound, int):  # nothing after the tuple: its length bounds the array
        out["maxItems"] = len(tuple_)
    if one is True or any(one is schema for schema in (*tuple_, more)):  # every place took that one schema
        changes.append(Change.for_rule(pointer, "tuple written as one schema for every item (each took it)", "T206"))
    else:
        what = "tuple written as one schema for every item"
        changes.append(Change.for_rule(pointer, what, "T206", loosens=BY_POSITION))
    return out


def _carried_as_text(schema: Any, options: Options) -> bool:
    """Whether the profile carries ``schema`` (free-form data it does not keep) as a JSON string."""
    from ..shapes import free_form_rule

    return is_free_form(schema) and _flagged(options, free_form_rule(schema))


#: the keywords a tuple is written with
_TUPLES = frozenset({"items", "prefixItems"})
