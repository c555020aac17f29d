"""Enumerations a profile takes of strings only (google-genai's ``Schema``: rule T218): an
``enum`` holding numbers or booleans leaves the wire schema, its values stated in the
description and its type written out; restore checks the value against the original."""

from __future__ import annotations

import json
from typing import Any

from ...core.jsontypes import declared_types, type_of
from ...core.pointer import Pointer
from ...core.rebuilding import transform
from ...linter.checks.satisfiable import no_listed_value
from .base import Change, Options, PassResult, _flagged, _noted, does


@does(
    "for a profile that takes string enums only (`gemini-openapi`, rule T218), an `enum` holding numbers or "
    "booleans leaves the wire schema: its values are stated in the description and the type they share is "
    "written out (values of several types: an `anyOf` of one branch per type, the strings still an `enum`); "
    "restore checks the value"
)
def string_enums_only(schema: Any, options: Options) -> PassResult:
    """An ``enum`` with a value that is not a string (``null`` aside: the nullable spelling
    carries it) leaves; the node keeps (or gets) the one type its values share.

    Before: ``{"enum": [1, 2, 3], "description": "Level"}``
    After:  ``{"type": "integer", "description": "Level. One of: 1, 2, 3."}``
    """
    if not _flagged(options, "T218"):
        return PassResult(schema)
    changes: list[Change] = []

    def only_strings(node: Any, pointer: Pointer) -> Any:
        values = node.get("enum") if isinstance(node, dict) else None
        if not isinstance(values, list) or all(isinstance(v, str) or v is None for v in values):
            return node
        kinds = {type_of(v) for v in values}
        typed = declared_types(node)
        if no_listed_value(node):
            return node  # it takes nothing (a union branch of it leaves: impossible)
        if typed is None and len(kinds - {"null"}) > 1:
            return _by_type(node, values, kinds, pointer, options, changes)
        out = {k: v for k, v in node.items() if k != "enum"}
        if typed is None:
            out["type"] = sorted(kinds) if "null" in kinds else kinds.pop()
        shown = ", ".join(json.dumps(v, ensure_ascii=False) for v in values)
        if options.hints:
            out["description"] = _noted(node.get("description"), f"One of: {shown}.")
        changes.append(
            Change.for_rule(
                pointer, "enum removed (string values only)", "T218", loosens=f"enum: [{shown}]"[:200], keyword="enum"
            )
        )
        return out

    return PassResult(transform(schema, only_strings, only=frozenset({"enum"})), tuple(changes))


def _by_type(
    node: dict[str, Any], values: list[Any], kinds: set[str], pointer: Pointer, options: Options, changes: list[Change]
) -> dict[str, Any]:
    """An untyped ``enum`` of values of several types as an ``anyOf`` of one branch per type:
    the strings stay an ``enum``, the other values are stated in the description; restore
    checks the value. Objects and arrays among the values stay refused (rule T214)."""
    if kinds & {"object", "array"}:
        return node
    strings = [v for v in values if isinstance(v, str)]
    branches: list[dict[str, Any]] = []
    for kind in sorted(kinds, key=["string", "integer", "number", "boolean", "null"].index):
        branch: dict[str, Any] = {"type": kind}
        if kind == "string":
            branch["enum"] = strings
        branches.append(branch)
    others = ", ".join(json.dumps(v, ensure_ascii=False) for v in values if not isinstance(v, str))
    out: dict[str, Any] = {k: v for k, v in node.items() if k != "enum"}
    if options.hints:
        shown = ", ".join(json.dumps(v, ensure_ascii=False) for v in values)
        out["description"] = _noted(node.get("description"), f"One of: {shown}.")
    changes.append(
        Change.for_rule(
            pointer, "enum of several types written as one branch per type", "T218", loosens=f"enum: [{others}]"[:200]
        )
    )
    return {**out, "anyOf": branches}
