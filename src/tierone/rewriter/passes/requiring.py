"""The pass that makes every property required: optional ones become required and nullable
(``null`` means absent), within a profile's budget of optional fields."""

from __future__ import annotations

from typing import Any

from ...core.jsontypes import declared_types, names_at
from ...core.pointer import Pointer
from ...core.walker import transform, walk
from ..shapes import admits_null, list_at
from .base import Change, Options, PassResult, _flagged, _policy, _widened, does


@does(
    "optional → required and nullable: `null` means absent; `required` in `properties` order; a closed object "
    'without properties gets `"properties": {}, "required": []`. Where optional fields are allowed up to a '
    "limit (Anthropic: 24, rule T407), they stay optional while it lasts and only those beyond it become "
    "required and nullable. For every profile, an optional member whose schema is `false` is removed (it can "
    "never be given; a required one is refused, rule T608), and a closed object without properties gets "
    '`"properties": {}` (outlines-core reads a bare `additionalProperties: false` as a `false` schema it '
    "cannot compile)"
)
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
                properties[name] = (
                    _widened(properties[name]) if isinstance(properties[name], dict) else properties[name]
                )
            changes.append(
                Change.for_rule(
                    pointer.child("properties").child(name),
                    "listed in required and made nullable (null means absent)",
                    "T104",
                )
            )
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
        changes.extend(
            Change.for_rule(
                pointer.child("properties").child(name), "removed (its schema is false: it can never be given)", "T602"
            )
            for name in gone
        )
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
    optional = [
        (visit.pointer, name)
        for visit in walk(schema)
        if isinstance(visit.schema, dict) and isinstance(visit.schema.get("properties"), dict)
        for name in visit.schema["properties"]
        if name not in names_at(visit.schema)
    ]
    beyond: dict[Pointer, list[str]] = {}
    for pointer, name in optional[policy.limit :]:
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
            changes.append(
                Change.for_rule(
                    pointer.child("properties").child(name),
                    f"listed in required and made nullable (beyond the {policy.limit} optional fields allowed)",
                    "T407",
                )
            )
        return {**node, "properties": properties, "required": [*list_at(node, "required"), *names]}

    return PassResult(transform(schema, require), tuple(changes))


def _closed_object(node: dict[str, Any]) -> bool:
    """``additionalProperties: false`` on a node whose types are object (``"object"``,
    ``["object"]``) or object and null (``["object", "null"]``: the members apply to the object)."""
    types = declared_types(node)
    return (
        node.get("additionalProperties") is False
        and types is not None
        and set(types) in ({"object"}, {"object", "null"})
    )


def _in_order(node: dict[str, Any], properties: dict[str, Any]) -> list[Any]:
    """Every property name in ``properties`` order, then any other name ``required`` lists
    (an undeclared one, which the linter reports)."""
    others = [name for name in list_at(node, "required") if not isinstance(name, str) or name not in properties]
    return [*properties, *others]
