"""Passes that give every object a closed shape: an implied ``type`` written out, free-form
data encoded as a JSON string, ``additionalProperties: false`` everywhere (optional properties
made required and nullable: :mod:`.requiring`)."""

from __future__ import annotations

from typing import Any

from ...core.jsontypes import declared_types, is_object_schema, one_scalar_type
from ...core.pointer import ROOT, Pointer
from ...core.rebuilding import transform
from ..open_objects import carries_rest
from ..shapes import (
    ENCODED_NOTE,
    IMPLYING_KEYS,
    admits_null,
    constraining_keys,
    encodable_at,
    encoded_note,
    free_form_rule,
    inferred_type,
    is_free_form,
    items_of,
)
from ..typed_unions import type_to_write, typed_by_branches
from .base import Change, Options, PassResult, Unfixable, _flagged, _noted, does, graph_of, targets_in
from .branch_members import without_patterns_beside_union
from .encoded_unions import typed_for_encoded, wrapped_beside_text
from .map_cycles import CYCLE_WHY, maps_on_a_cycle
from .rest_members import with_rest


@does("a type implied by the keywords is written out")
def type_untyped(schema: Any, options: Options) -> PassResult:
    """An untyped schema whose keywords imply one type gets that ``type``.

    Before: ``{"properties": {"a": {"type": "string"}}}``
    After:  ``{"properties": {"a": {"type": "string"}}, "type": "object"}``
    """
    changes: list[Change] = []

    def add_type(node: Any, pointer: Pointer) -> Any:
        implied = inferred_type(node) if isinstance(node, dict) else None
        if implied is None:
            return node
        written = type_to_write(implied, schema, pointer)  # a union branch: its holder's, where they differ
        why = "implied by its keywords" if written == implied else "its union's; its keywords do nothing there"
        changes.append(Change.for_rule(pointer, f"type {written!r} added ({why})", "T601"))
        return {**node, "type": written}

    return PassResult(transform(schema, add_type, only=IMPLYING_KEYS), tuple(changes))


@does(
    "open objects that declare no member, maps, `{}` and untyped array items become JSON-encoded strings (or, with "
    "`--open-objects error`, are refused) — never silently emptied; an open object that declares members keeps "
    "them, closed, and the members it does not declare travel as one JSON object in its string member "
    "`tierone_rest` (restore merges and checks them); where a profile keeps maps (`gemini`), a map that a cycle "
    "of references passes through is encoded too (outlines-core cannot follow recursion through a map); data "
    "encoded beside a union branch taking any string travels as the one member `tierone_json` of an object "
    "(a bare string there would be ambiguous); a `type` beside a union, which would refuse a branch now "
    "encoded, is left to the other branches; a `patternProperties` the profile refuses leaves an object that "
    "is no data to encode, beside a union, where objects are closed (the branches hold what they declare); a "
    "value that is itself a schema (a `$ref` to a dialect's meta-schema) is encoded, restore judges it by that"
)
def encode_free_form(schema: Any, options: Options) -> PassResult:
    """Free-form data (open objects, maps, ``{}``, ``true``) cannot stand in a closed strict
    schema. Instead of silently emptying it, the field becomes a string holding JSON, and
    restore decodes it. With ``open_objects="error"`` it is reported instead. Data encoded
    beside a union branch taking any string travels in a ``tierone_json`` object, which no
    string is mistaken for (:mod:`.encoded_unions`).

    Before: ``{"type": "object", "additionalProperties": {"type": "integer"}, "description": "Counts"}``
    After:  ``{"type": "string", "description": "Counts. An object of string → integer, JSON-encoded (a string holding JSON)."}``
    """
    changes: list[Change] = []
    unfixable: list[Unfixable] = []
    recursing = maps_on_a_cycle(schema) if not _flagged(options, "T103") else frozenset()
    beside_union = _flagged(options, "T208") and _flagged(options, "T102")  # patterns refused, objects closed
    untyped_items = _flagged(options, "T607")
    # each encoded node by its id, kept with the rule that flagged it (kept alive: a node the
    # transform drops later, inside data encoded whole, must not lend its id to another)
    encoded_by: dict[int, tuple[Any, str]] = {}

    target = targets_in(schema)

    def encode(node: Any, pointer: Pointer) -> Any:
        if node.__class__ is dict and one_scalar_type(node) and _ENCODE_READS.isdisjoint(node):
            return node  # (most nodes: nothing below applies)
        extra = node.get("additionalProperties") if isinstance(node, dict) else None
        if isinstance(extra, dict) and not constraining_keys(extra):
            node = {**node, "additionalProperties": True}  # the same: any other member, of any value
        if untyped_items and isinstance(node, dict) and items_of(node) is True and typed_by_branches(node, target):
            changes.append(Change.for_rule(pointer, "type left to the anyOf branches, which give the items", "T607"))
            node = {k: v for k, v in node.items() if k != "type"}
        free = is_free_form(node) and (_flagged(options, free_form_rule(node)) or pointer in recursing)
        if (
            untyped_items
            and isinstance(node, dict)
            and "items" not in node
            and not (free and pointer and encodable_at(pointer))  # free-form data (an array too) is encoded whole
            and items_of(node) is True
        ):
            changes.append(
                Change.for_rule(
                    pointer.child("items"), "untyped items encoded as JSON strings", "T607", loosens=ENCODED_SHAPE
                )
            )
            return {**node, "items": {"type": "string", "description": ENCODED_NOTE}}
        if not free:
            if beside_union and isinstance(node, dict) and node.get("patternProperties"):
                node = without_patterns_beside_union(node, pointer, changes)
            return typed_for_encoded(node, pointer, encoded_by, changes)
        if pointer and not encodable_at(pointer):
            return node  # e.g. additionalProperties: true, judged with its object
        if (
            options.rests
            and options.open_objects != "error"
            and pointer not in recursing
            and carries_rest(node, options.profile)
        ):
            node, change = with_rest(node, pointer, graph_of(schema), free_form_rule(node))
            changes.append(change)  # its declared members stand as they are, the others in tierone_rest
            return node
        if not pointer:
            unfixable.append(
                Unfixable(ROOT, "T101", "the root is free-form data; a strict root must declare its properties")
            )
            return node
        if options.open_objects == "error":
            unfixable.append(Unfixable(pointer, "T102", "free-form data cannot be closed (--open-objects error)"))
            return node
        encoded: dict[str, Any] = {"type": ["string", "null"] if admits_null(node) else "string"}
        if isinstance(node, dict) and "title" in node:
            encoded["title"] = node["title"]
        described = node.get("description") if isinstance(node, dict) else None
        encoded["description"] = _noted(described, encoded_note(node))
        what, rule, flagged = "free-form data encoded as a JSON string", "T102", free_form_rule(node)
        if flagged == "T502":  # a schema as a value (a meta-schema named): restore judges it by that
            what, rule = "a JSON Schema as a value (its meta-schema named) encoded as a JSON string", "T502"
        more = f": {CYCLE_WHY}" if pointer in recursing else ""
        changes.append(Change.for_rule(pointer, what, "T103" if more else rule, more, loosens=ENCODED_SHAPE))
        encoded_by[id(encoded)] = (encoded, flagged)
        return encoded

    out, wrapped = wrapped_beside_text(transform(schema, encode), encoded_by)
    return PassResult(out, (*changes, *wrapped), tuple(unfixable))


#: what :func:`encode_free_form` reads of a node of one scalar type (without them: neither free-form nor open)
_ENCODE_READS = frozenset({"additionalProperties", "patternProperties", "anyOf", "oneOf", "items"})
#: what an encoded value's rendition no longer enforces (restore decodes and checks it)
ENCODED_SHAPE = "the encoded value's shape (any string is accepted)"
#: what a member gathered into its object's ``tierone_rest`` no longer has enforced (restore
#: merges it back and checks it)
GATHERED_SHAPE = "the member's value (it travels in the object's JSON string tierone_rest)"


@does("`additionalProperties: false` everywhere")
def close_objects(schema: Any, options: Options) -> PassResult:
    """Every object schema gets ``additionalProperties: false`` (and ``type: object`` when it
    declared properties without a type).

    Before: ``{"type": "object", "properties": {"a": {"type": "string"}}}``
    After:  ``{"type": "object", "properties": {...}, "additionalProperties": false}``
    """
    if not _flagged(options, "T102"):
        return PassResult(schema)
    changes: list[Change] = []

    def close(node: Any, pointer: Pointer) -> Any:
        if node.__class__ is dict and one_scalar_type(node) and "anyOf" not in node and "oneOf" not in node:
            return node  # (most nodes: no object, no union)
        if isinstance(node, dict) and _union_without_shape(node):
            node = _without_true_extra(node, pointer, changes)
        if not isinstance(node, dict) or not is_object_schema(node) or node.get("additionalProperties") is False:
            return node
        if is_free_form(node):
            return node  # never emptied silently: encoded by encode_free_form, or reported
        if ("anyOf" in node or "oneOf" in node) and not node.get("properties"):
            if not set(declared_types(node) or ("string",)) <= {"object", "null"}:
                if typed_by_branches(node, lambda ref: graph_of(schema).target(ref)):  # each closed on its own
                    changes.append(Change.for_rule(pointer, "type left to the union branches, typed within it", "T102"))
                    return _without_true_extra({k: v for k, v in node.items() if k != "type"}, pointer, changes)
                return node  # (beside `null`, the branches take null or refuse it, as with the type)
            # the union's branches carry the object's shape; closing here would refuse every
            # member (an empty `properties` or `required` beside it says nothing, and goes too)
            changes.append(Change.for_rule(pointer, "type: object left to the union branches", "T102"))
            return {
                k: v for k, v in node.items() if k != "type" and not (k in ("properties", "required") and v in ({}, []))
            }
        if "type" not in node and (written := type_to_write("object", schema, pointer)) != "object":
            # a union branch whose holder takes no object: the holder's type (its keywords of objects do nothing)
            changes.append(Change.for_rule(pointer, f"type {written!r} added (its union's)", "T601"))
            return {**node, "type": written}
        closed = {k: v for k, v in node.items() if k != "unevaluatedProperties"}
        if "type" not in closed:
            closed["type"] = "object"
        closed["additionalProperties"] = False
        changes.append(Change.for_rule(pointer, "additionalProperties: false added", "T102"))
        return closed

    return PassResult(transform(schema, close), tuple(changes))


def _without_true_extra(node: dict[str, Any], pointer: Pointer, changes: list[Change]) -> dict[str, Any]:
    """``node`` without ``additionalProperties: true``: the default, which says nothing, but the
    strict helpers raise on it."""
    if node.get("additionalProperties") is not True:
        return node
    changes.append(
        Change.for_rule(pointer.child("additionalProperties"), "removed (true says nothing)", "T102", gone=True)
    )
    return {k: v for k, v in node.items() if k != "additionalProperties"}


def _union_without_shape(node: dict[str, Any]) -> bool:
    """A union that declares no properties (untyped, or of type object, which close_objects
    then leaves to the branches): its branches carry the shape."""
    return ("anyOf" in node or "oneOf" in node) and node.get("type") in (None, "object") and not node.get("properties")
