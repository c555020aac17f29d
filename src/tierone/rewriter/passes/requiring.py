"""The pass that makes every property required: optional ones become required and nullable
(``null`` means absent), within a profile's budget of optional fields."""

from __future__ import annotations

from typing import Any

from ...core.jsontypes import declared_types, names_at
from ...core.pointer import Pointer
from ...core.rebuilding import transform
from ...core.walker import walk
from ..shapes import admits_null, list_at
from .base import Change, Options, PassResult, _flagged, _policy, _widened, does
from .constraints import HINTS


@does(
    "optional → required and nullable: `null` means absent; `required` in `properties` order; a closed object "
    'without properties gets `"properties": {}, "required": []`. Where optional fields are allowed up to a '
    "limit (Anthropic: 24, rule T407), they stay optional while it lasts, spending no union (rule T408: a `null` "
    "they admit is left out, pydantic's `Optional[X] = None` is written `X`; restore reads absent as absent), "
    "and only those beyond it become required and nullable. For every profile, a closed object without properties gets "
    '`"properties": {}` (outlines-core reads a bare `additionalProperties: false` as a `false` schema it '
    "cannot compile)"
)
def require_all(schema: Any, options: Options) -> PassResult:
    """Optional properties become required and nullable: ``null`` then means absent.
    ``required`` is written in ``properties`` order (the order the strict helpers write it,
    so that they find nothing to change), and a closed object without properties says so
    with ``"properties": {}`` and ``"required": []`` (the OpenAI helpers add both; pydantic-ai
    finds an object without them not strict). For every profile, a closed object without
    properties gets ``"properties": {}`` (outlines-core cannot compile it otherwise).

    Before: ``{"properties": {"nick": {"type": "string"}, "id": {...}}, "required": ["id"]}``
    After:  ``{"properties": {"nick": {"type": ["string", "null"]}, "id": {...}}, "required": ["nick", "id"]}``
    """
    if not _flagged(options, "T104"):
        return _with_properties(_over_budget(schema, options))
    changes: list[Change] = []

    def require(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict):
            return node
        if "properties" not in node and _closed_object(node):
            changes.append(Change.for_rule(pointer, "properties: {} and required: [] written out", "T104"))
            return members_written_out(node, True)
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

    return PassResult(transform(schema, require, only=_MEMBERS_OR_CLOSED, records=(changes,)), tuple(changes))


def _with_properties(result: PassResult) -> PassResult:
    """Where optional members stay optional, a closed object without properties still says so
    with ``"properties": {}``: outlines-core reads ``additionalProperties: false`` beside no
    ``properties`` as a ``false`` schema, which it cannot compile."""
    changes: list[Change] = []

    def spell(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict) or "properties" in node or not _closed_object(node):
            return node
        changes.append(Change.for_rule(pointer, "properties: {} written out", "T104"))
        return members_written_out(node, False)

    return PassResult(
        transform(result.schema, spell, only=_CLOSED, records=(changes,)),
        result.changes + tuple(changes),
        result.unfixable,
    )


def _over_budget(schema: Any, options: Options) -> PassResult:
    """Where optional fields are allowed up to a limit (Anthropic: 24, rule T407), they stay
    optional while it lasts, and spend no union (rule T408): a ``null`` they admit is left out
    of the rendition (restore reads ``null`` for an optional member as absent anyway, so the
    answers it can give mean what they meant: pydantic's ``Optional[X] = None`` is then ``X``,
    not required). Those beyond the limit, in walk order, become required and nullable."""
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
    kept: dict[Pointer, list[str]] = {}
    for pointer, name in optional[: policy.limit]:
        kept.setdefault(pointer, []).append(name)
    changes: list[Change] = []

    def require(node: Any, pointer: Pointer) -> Any:
        names, staying = beyond.get(pointer), kept.get(pointer)
        if not (names or staying) or not isinstance(node, dict):
            return node
        properties = dict(node["properties"])
        for name in staying or ():
            plain = _without_null(properties[name])
            if plain is not None:
                properties[name] = plain
                changes.append(
                    Change.for_rule(
                        pointer.child("properties").child(name),
                        "null left out: the member stays optional (absent means what null meant)",
                        "T408",
                    )
                )
        for name in names or ():
            if not admits_null(properties[name]) and isinstance(properties[name], dict):
                properties[name] = _widened(properties[name])
            changes.append(
                Change.for_rule(
                    pointer.child("properties").child(name),
                    f"listed in required and made nullable (beyond the {policy.limit} optional fields allowed)",
                    "T407",
                )
            )
        required = [*list_at(node, "required"), *(names or ())]
        return {**node, "properties": properties, **({"required": required} if names else {})}

    return PassResult(transform(schema, require, only=_MEMBERS), tuple(changes))


#: what may stand beside a null union's ``anyOf`` and go with its one other branch
_BESIDE = frozenset({"title", "description", "default", "examples", "$comment", "deprecated", "readOnly", "writeOnly"})


def _without_null(member: Any) -> dict[str, Any] | None:
    """``member`` without the ``null`` it admits, where that is a plain edit: a type list with
    ``"null"``, an enum holding ``None``, or pydantic's ``anyOf: [X, {"type": "null"}]`` whose
    ``X`` is no reference (annotations beside it go onto ``X``; a ``default`` of ``null`` goes:
    absent is what it stood for). None when there is nothing to leave out, or no plain edit."""
    if not isinstance(member, dict) or not admits_null(member):
        return None
    branches = member.get("anyOf")
    if isinstance(branches, list):
        rest = [b for b in branches if b != {"type": "null"}]
        if (
            len(rest) != 1
            or len(branches) != 2
            or not isinstance(rest[0], dict)
            or not set(member) - {"anyOf"} <= _BESIDE
        ):
            return None
        beside = {k: v for k, v in member.items() if k != "anyOf" and not (k == "default" and v is None)}
        if "$ref" in rest[0]:  # a reference takes no siblings: only the hint of the null default may go
            return dict(rest[0]) if beside in ({}, {"description": HINTS["default"](None)}) else None
        if admits_null(rest[0]) or set(rest[0]) & set(member):
            return None
        return {**rest[0], **beside}
    if {"anyOf", "oneOf", "allOf", "$ref", "const", "not"} & set(member):
        return None
    out = {k: v for k, v in member.items() if not (k == "default" and v is None)}
    types = declared_types(member)
    if types is not None:
        others = [t for t in types if t != "null"]
        if not others:
            return None
        out["type"] = others[0] if len(others) == 1 else others
    if isinstance(member.get("enum"), list):
        values = [v for v in member["enum"] if v is not None]
        if not values:
            return None
        out["enum"] = values
    return out if not admits_null(out) else None


#: the nodes that declare members
_MEMBERS = frozenset({"properties"})
#: the nodes a closed object without members is among: those with ``additionalProperties``
_CLOSED = frozenset({"additionalProperties"})
#: the nodes that declare members, or may be closed without them
_MEMBERS_OR_CLOSED = _CLOSED | _MEMBERS


def members_written_out(node: dict[str, Any], every_one_required: bool) -> dict[str, Any]:
    """A closed object without ``properties`` as the rendition writes it: with ``"properties":
    {}`` (outlines-core cannot compile it otherwise) and, where every member must be required
    (rule T104), ``required`` written out (an undeclared name it lists stays: rule T105); any
    other node as it is."""
    if "properties" in node or not _closed_object(node):
        return node
    if every_one_required:
        return {**node, "properties": {}, "required": _in_order(node, {})}
    return {**node, "properties": {}}


def _closed_object(node: dict[str, Any]) -> bool:
    """``additionalProperties: false`` on a node whose types include object (``"object"``,
    ``["object", "null"]``, ``["object", "string"]``: the members apply to the object; outlines-core
    reads the keyword beside no ``properties`` as a ``false`` schema, whatever the other types)."""
    types = declared_types(node)
    return node.get("additionalProperties") is False and types is not None and "object" in types


def _in_order(node: dict[str, Any], properties: dict[str, Any]) -> list[Any]:
    """Every property name in ``properties`` order, then any other name ``required`` lists
    (an undeclared one, which the linter reports)."""
    others = [name for name in list_at(node, "required") if not isinstance(name, str) or name not in properties]
    return [*properties, *others]
