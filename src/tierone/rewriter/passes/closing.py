"""Passes that give every object a closed, fully required shape: an implied ``type`` written
out, free-form data encoded as a JSON string, ``additionalProperties: false`` everywhere,
optional properties made required and nullable."""

from __future__ import annotations

from typing import Any

from ...core.jsontypes import is_object_schema, names_at
from ...core.pointer import ROOT, Pointer
from ...core.walker import transform
from ..shapes import (
    ANNOTATION_KEYS,
    ENCODED_NOTE,
    admits_null,
    dict_at,
    encodable_at,
    inferred_type,
    is_free_form,
    items_of,
    list_at,
)
from .base import Change, Options, PassResult, Unfixable, _flagged, _noted, _why, _widened


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
        changes.append(Change(pointer, f"type {implied!r} added (implied by its keywords)", _why("T601")))
        return {**node, "type": implied}

    return PassResult(transform(schema, add_type), tuple(changes))


def encode_free_form(schema: Any, options: Options) -> PassResult:
    """Free-form data (open objects, maps, ``{}``, ``true``) cannot stand in a closed strict
    schema. Instead of silently emptying it, the field becomes a string holding JSON, and
    restore decodes it. With ``open_objects="error"`` it is reported instead.

    Before: ``{"type": "object", "additionalProperties": {"type": "integer"}, "description": "Counts"}``
    After:  ``{"type": "string", "description": "Counts. A JSON-encoded value (a string holding JSON)."}``
    """
    changes: list[Change] = []
    unfixable: list[Unfixable] = []

    def encode(node: Any, pointer: Pointer) -> Any:
        if isinstance(node, dict) and "items" not in node and items_of(node) is True and _flagged(options, "T607"):
            changes.append(Change(pointer.child("items"), "untyped items encoded as JSON strings", _why("T607")))
            return {**node, "items": {"type": "string", "description": ENCODED_NOTE}}
        if not is_free_form(node) or not _flagged(options, _free_form_rule(node)):
            return node
        if pointer and not encodable_at(pointer):
            return node  # e.g. additionalProperties: true, judged with its object
        if not pointer:
            unfixable.append(Unfixable(ROOT, "T101", "the root is free-form data; a strict root must declare its properties"))
            return node
        if options.open_objects == "error":
            unfixable.append(Unfixable(pointer, "T102", "free-form data cannot be closed (--open-objects error)"))
            return node
        encoded: dict[str, Any] = {"type": ["string", "null"] if admits_null(node) else "string"}
        for key in ("title",):
            if isinstance(node, dict) and key in node:
                encoded[key] = node[key]
        described = node.get("description") if isinstance(node, dict) else None
        encoded["description"] = _noted(described, ENCODED_NOTE)
        changes.append(Change(pointer, "free-form data encoded as a JSON string", _why("T102")))
        return encoded

    return PassResult(transform(schema, encode), tuple(changes), tuple(unfixable))


def _free_form_rule(node: Any) -> str:
    """The rule that flags this free-form node."""
    if node is True:
        return "T602"
    if not set(node) - ANNOTATION_KEYS:
        return "T603"
    if "patternProperties" in node:
        return "T208"
    return "T103" if isinstance(node.get("additionalProperties"), dict) else "T102"


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
        if not isinstance(node, dict) or not is_object_schema(node) or node.get("additionalProperties") is False:
            return node
        if is_free_form(node):
            return node  # never emptied silently: encoded by encode_free_form, or reported
        if ("anyOf" in node or "oneOf" in node) and not node.get("properties"):
            if node.get("type") != "object":
                return node
            # the union's branches carry the object's shape; closing here would refuse every member
            changes.append(Change(pointer, "type: object left to the union branches", _why("T102")))
            return {k: v for k, v in node.items() if k != "type"}
        closed = {k: v for k, v in node.items() if k != "unevaluatedProperties"}
        if "type" not in closed:
            closed["type"] = "object"
        closed["additionalProperties"] = False
        changes.append(Change(pointer, "additionalProperties: false added", _why("T102")))
        return closed

    return PassResult(transform(schema, close), tuple(changes))


def require_all(schema: Any, options: Options) -> PassResult:
    """Optional properties become required and nullable: ``null`` then means absent.

    Before: ``{"properties": {"nick": {"type": "string"}}, "required": []}``
    After:  ``{"properties": {"nick": {"type": ["string", "null"]}}, "required": ["nick"]}``
    """
    if not _flagged(options, "T104"):
        return PassResult(schema)
    changes: list[Change] = []

    def require(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict) or not dict_at(node, "properties"):
            return node
        required = list_at(node, "required")
        listed = names_at(node)
        missing = [name for name in node["properties"] if name not in listed]
        if not missing:
            return node
        properties = dict(node["properties"])
        for name in missing:
            if not admits_null(properties[name]) and properties[name] is not False:
                properties[name] = _widened(properties[name]) if isinstance(properties[name], dict) else properties[name]
            changes.append(Change(pointer.child("properties").child(name),
                                  "listed in required and made nullable (null means absent)", _why("T104")))
        return {**node, "properties": properties, "required": [*required, *missing]}

    return PassResult(transform(schema, require), tuple(changes))
