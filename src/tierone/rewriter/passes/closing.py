"""Passes that give every object a closed, fully required shape: an implied ``type`` written
out, free-form data encoded as a JSON string, ``additionalProperties: false`` everywhere,
optional properties made required and nullable."""

from __future__ import annotations

from typing import Any

from ...core.jsontypes import declared_types, is_object_schema, names_at
from ...core.pointer import ROOT, Pointer
from ...core.walker import transform, walk
from ..shapes import (
    ANNOTATION_KEYS,
    ENCODED_NOTE,
    admits_null,
    encodable_at,
    encoded_note,
    inferred_type,
    is_free_form,
    items_of,
    list_at,
)
from .base import Change, Options, PassResult, Unfixable, _flagged, _noted, _policy, _widened, does
from .encoded_unions import ambiguous_unions
from .map_cycles import CYCLE_WHY, maps_on_a_cycle


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
        changes.append(Change.for_rule(pointer, f"type {implied!r} added (implied by its keywords)", "T601"))
        return {**node, "type": implied}

    return PassResult(transform(schema, add_type), tuple(changes))


@does("open objects, maps, `{}` and untyped array items become JSON-encoded strings (or, with `--open-objects "
      "error`, are refused) — never silently emptied; where a profile keeps maps (`gemini`), a map that a cycle "
      "of references passes through is encoded too (outlines-core cannot follow recursion through a map); data "
      "that would be encoded beside a union branch taking any string is refused (the model answers a string "
      "either way, and restore could not tell which was meant)")
def encode_free_form(schema: Any, options: Options) -> PassResult:
    """Free-form data (open objects, maps, ``{}``, ``true``) cannot stand in a closed strict
    schema. Instead of silently emptying it, the field becomes a string holding JSON, and
    restore decodes it. With ``open_objects="error"`` it is reported instead, and so is data
    that would be encoded beside a union branch taking any string (restore could not tell the
    two apart: :mod:`.encoded_unions`).

    Before: ``{"type": "object", "additionalProperties": {"type": "integer"}, "description": "Counts"}``
    After:  ``{"type": "string", "description": "Counts. An object of string → integer, JSON-encoded (a string holding JSON)."}``
    """
    changes: list[Change] = []
    unfixable: list[Unfixable] = []
    recursing = maps_on_a_cycle(schema) if not _flagged(options, "T103") else frozenset()
    encoded_by: dict[int, str] = {}  # each encoded node's id, with the rule that flagged it

    def encode(node: Any, pointer: Pointer) -> Any:
        if isinstance(node, dict) and "items" not in node and items_of(node) is True and _flagged(options, "T607"):
            changes.append(Change.for_rule(pointer.child("items"), "untyped items encoded as JSON strings", "T607"))
            return {**node, "items": {"type": "string", "description": ENCODED_NOTE}}
        if not is_free_form(node) or not (_flagged(options, _free_form_rule(node)) or pointer in recursing):
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
        encoded["description"] = _noted(described, encoded_note(node))
        what = "free-form data encoded as a JSON string"
        changes.append(Change.for_rule(pointer, what, "T102") if pointer not in recursing
                       else Change.for_rule(pointer, what, "T103", f": {CYCLE_WHY}"))
        encoded_by[id(encoded)] = _free_form_rule(node)
        return encoded

    out = transform(schema, encode)
    return PassResult(out, tuple(changes), (*unfixable, *ambiguous_unions(out, encoded_by)))


def _free_form_rule(node: Any) -> str:
    """The rule that flags this free-form node."""
    if node is True:
        return "T602"
    if not set(node) - ANNOTATION_KEYS:
        return "T603"
    if "patternProperties" in node:
        return "T208"
    return "T103" if isinstance(node.get("additionalProperties"), dict) else "T102"


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
        if isinstance(node, dict) and node.get("additionalProperties") is True and _union_without_shape(node):
            # `true` is the default and says nothing, but the strict helpers raise on it
            changes.append(Change.for_rule(pointer.child("additionalProperties"), "removed (true says nothing)",
                                           "T102"))
            node = {k: v for k, v in node.items() if k != "additionalProperties"}
        if not isinstance(node, dict) or not is_object_schema(node) or node.get("additionalProperties") is False:
            return node
        if is_free_form(node):
            return node  # never emptied silently: encoded by encode_free_form, or reported
        if ("anyOf" in node or "oneOf" in node) and not node.get("properties"):
            if node.get("type") != "object":
                return node
            # the union's branches carry the object's shape; closing here would refuse every member
            changes.append(Change.for_rule(pointer, "type: object left to the union branches", "T102"))
            return {k: v for k, v in node.items() if k != "type"}
        closed = {k: v for k, v in node.items() if k != "unevaluatedProperties"}
        if "type" not in closed:
            closed["type"] = "object"
        closed["additionalProperties"] = False
        changes.append(Change.for_rule(pointer, "additionalProperties: false added", "T102"))
        return closed

    return PassResult(transform(schema, close), tuple(changes))


def _union_without_shape(node: dict[str, Any]) -> bool:
    """A union that declares no properties (untyped, or of type object, which close_objects
    then leaves to the branches): its branches carry the shape."""
    return ("anyOf" in node or "oneOf" in node) and node.get("type") in (None, "object") and not node.get("properties")


@does("optional → required and nullable: `null` means absent; `required` in `properties` order; a closed object "
      'without properties gets `"properties": {}, "required": []`. Where optional fields are allowed up to a '
      "limit (Anthropic: 24, rule T407), they stay optional while it lasts and only those beyond it become "
      "required and nullable. For every profile, an optional member whose schema is `false` is removed (it can "
      "never be given; a required one is refused, rule T608), and a closed object without properties gets "
      '`"properties": {}` (outlines-core reads a bare `additionalProperties: false` as a `false` schema it '
      "cannot compile)")
def require_all(schema: Any, options: Options) -> PassResult:
    """Optional properties become required and nullable: ``null`` then means absent.
    ``required`` is written in ``properties`` order (the order the strict helpers write it,
    so that they find nothing to change), and a closed object without properties says so
    with ``"properties": {}`` and ``"required": []`` (the OpenAI helpers add both; pydantic-ai
    finds an object without them not strict). For every profile, an optional member whose
    schema is ``false`` is removed (it can never be given), and a closed object without
    properties gets ``"properties": {}`` (outlines-core cannot compile it otherwise).

    Before: ``{"properties": {"nick": {"type": "string"}, "id": {...}}, "required": ["id"]}``
    After:  ``{"properties": {"nick": {"type": ["string", "null"]}, "id": {...}}, "required": ["nick", "id"]}``
    """
    absent = _without_false_members(schema)
    if not _flagged(options, "T104"):
        budget = _over_budget(absent.schema, options)
        return _with_properties(budget._replace(changes=absent.changes + budget.changes))
    schema = absent.schema
    changes: list[Change] = list(absent.changes)

    def require(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict):
            return node
        if "properties" not in node and _closed_object(node):
            changes.append(Change.for_rule(pointer, "properties: {} and required: [] written out", "T104"))
            return {**node, "properties": {}, "required": []}
        if not isinstance(node.get("properties"), dict):
            return node
        listed = names_at(node)
        missing = [name for name in node["properties"] if name not in listed]
        properties = dict(node["properties"])
        for name in missing:
            if not admits_null(properties[name]) and properties[name] is not False:
                properties[name] = _widened(properties[name]) if isinstance(properties[name], dict) else properties[name]
            changes.append(Change.for_rule(pointer.child("properties").child(name),
                                           "listed in required and made nullable (null means absent)", "T104"))
        required = _in_order(node, properties)
        if not missing and required == node.get("required"):
            return node
        if not missing:
            changes.append(Change.for_rule(pointer.child("required"), "written in properties order", "T104"))
        return {**node, "properties": properties, "required": required}

    return PassResult(transform(schema, require), tuple(changes))


def _without_false_members(schema: Any) -> PassResult:
    """An optional member whose schema is ``false`` can never be given: it leaves
    ``properties`` (no engine compiles a ``false`` schema). A required one makes the object
    unsatisfiable, which the linter reports (rule T608)."""
    changes: list[Change] = []

    def drop(node: Any, pointer: Pointer) -> Any:
        members = node.get("properties") if isinstance(node, dict) else None
        if not isinstance(members, dict):
            return node
        gone = [name for name, sub in members.items() if sub is False and name not in names_at(node)]
        if not gone:
            return node
        changes.extend(Change.for_rule(pointer.child("properties").child(name),
                                       "removed (its schema is false: it can never be given)", "T602") for name in gone)
        return {**node, "properties": {k: v for k, v in members.items() if k not in gone}}

    return PassResult(transform(schema, drop), tuple(changes))


def _with_properties(result: PassResult) -> PassResult:
    """Where optional members stay optional, a closed object without properties still says so
    with ``"properties": {}``: outlines-core reads ``additionalProperties: false`` beside no
    ``properties`` as a ``false`` schema, which it cannot compile."""
    changes: list[Change] = []

    def spell(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict) or "properties" in node or not _closed_object(node):
            return node
        changes.append(Change.for_rule(pointer, "properties: {} written out", "T104"))
        return {**node, "properties": {}}

    return PassResult(transform(result.schema, spell), result.changes + tuple(changes), result.unfixable)


def _over_budget(schema: Any, options: Options) -> PassResult:
    """Where optional fields are allowed up to a limit (Anthropic: 24, rule T407), they stay
    optional (spending no union budget, rule T408) while it lasts; those beyond it, in walk
    order, become required and nullable."""
    policy = _policy(options, "T407")
    if policy is None or policy.limit is None:
        return PassResult(schema)
    optional = [(visit.pointer, name) for visit in walk(schema) if isinstance(visit.schema, dict)
                and isinstance(visit.schema.get("properties"), dict)
                for name in visit.schema["properties"] if name not in names_at(visit.schema)]
    beyond: dict[Pointer, list[str]] = {}
    for pointer, name in optional[policy.limit:]:
        beyond.setdefault(pointer, []).append(name)
    if not beyond:
        return PassResult(schema)
    changes: list[Change] = []

    def require(node: Any, pointer: Pointer) -> Any:
        names = beyond.get(pointer)
        if not names or not isinstance(node, dict):
            return node
        properties = dict(node["properties"])
        for name in names:
            if not admits_null(properties[name]) and isinstance(properties[name], dict):
                properties[name] = _widened(properties[name])
            changes.append(Change.for_rule(pointer.child("properties").child(name), f"listed in required and made "
                                           f"nullable (beyond the {policy.limit} optional fields allowed)", "T407"))
        return {**node, "properties": properties, "required": [*list_at(node, "required"), *names]}

    return PassResult(transform(schema, require), tuple(changes))


def _closed_object(node: dict[str, Any]) -> bool:
    """``additionalProperties: false`` on a node whose types are object (``"object"``,
    ``["object"]``) or object and null (``["object", "null"]``: the members apply to the object)."""
    types = declared_types(node)
    return node.get("additionalProperties") is False and types is not None and set(types) in ({"object"}, {"object", "null"})


def _in_order(node: dict[str, Any], properties: dict[str, Any]) -> list[Any]:
    """Every property name in ``properties`` order, then any other name ``required`` lists
    (an undeclared one, which the linter reports)."""
    others = [name for name in list_at(node, "required") if not isinstance(name, str) or name not in properties]
    return [*properties, *others]
