"""Checks of the shape rules (T1xx): the root is an object, objects are closed, every
property is required, ``required`` names declared properties, ``$ref`` stands alone."""

from __future__ import annotations

from typing import Any

from ...core.jsontypes import is_object_schema, names_at
from ...core.pointer import ROOT
from ...core.walker import Visit
from .base import NONE, Hit, Hits, Tally, keyword_check, node_check
from .rendering import show

REF_SIBLINGS_ALLOWED = frozenset({"$ref", "$defs", "definitions", "$schema", "$id", "$comment"})


@node_check("T101")
def root_not_object(visit: Visit, tally: Tally) -> Hits:
    if visit.depth:
        return NONE
    node = visit.schema
    if isinstance(node, bool):
        return (Hit(ROOT, None, {"detail": f" (it is the boolean schema {show(node)})"}),)
    if not isinstance(node, dict) or node.get("type") == "object":
        return NONE
    if "type" in node:
        detail = f" (type is {show(node['type'])})"
    elif "anyOf" in node or "oneOf" in node:
        detail = " (it is a union)"
    elif "$ref" in node:
        detail = " (it is a bare $ref)"
    else:
        detail = " (it declares no type)"
    return (Hit(ROOT, "type" if "type" in node else None, {"detail": detail}),)


@node_check("T102")
def open_object(visit: Visit, tally: Tally) -> Hits:
    node = visit.schema
    if not isinstance(node, dict) or not is_object_schema(node):
        return NONE
    if "additionalProperties" not in node:
        return (Hit(visit.pointer),)
    value = node["additionalProperties"]
    if value is not False and not isinstance(value, dict):
        return (Hit(visit.pointer, "additionalProperties", {"detail": f" (it is {show(value)})"}),)
    return NONE


@keyword_check("T103")
def additional_properties_schema(visit: Visit, keyword: str, value: Any, tally: Tally) -> Hits:
    return (Hit(visit.pointer, keyword),) if isinstance(value, dict) else NONE


@node_check("T104")
def optional_property(visit: Visit, tally: Tally) -> Hits:
    node = visit.schema
    properties = node.get("properties") if isinstance(node, dict) else None
    if not properties or not isinstance(properties, dict):
        return NONE
    listed = names_at(node)
    base = visit.pointer.child("properties")
    return [Hit(base.child(name), None, {"name": name}) for name in properties if name not in listed]


@keyword_check("T105")
def undeclared_required(visit: Visit, keyword: str, value: Any, tally: Tally) -> Hits:
    if not isinstance(value, list) or not value:
        return NONE
    properties = visit.schema.get("properties")
    declared = properties if isinstance(properties, dict) else {}
    return [Hit(visit.pointer, keyword, {"name": n}) for n in value if isinstance(n, str) and n not in declared]


@keyword_check("T106")
def ref_with_siblings(visit: Visit, keyword: str, value: Any, tally: Tally) -> Hits:
    if not visit.depth or len(visit.schema) == 1:
        return NONE
    siblings = [k for k in visit.schema if k not in REF_SIBLINGS_ALLOWED]
    if siblings:
        return (Hit(visit.pointer, keyword, {"detail": ", ".join(f"`{k}`" for k in siblings)}),)
    return NONE
