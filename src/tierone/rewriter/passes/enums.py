"""Enumerations a profile takes of strings only (google-genai's ``Schema``: rule T218): an
``enum`` holding numbers or booleans leaves the wire schema, its values stated in the
description and its type written out; restore checks the value against the original."""

from __future__ import annotations

import json
from typing import Any

from ...core.jsontypes import declared_types
from ...core.pointer import Pointer
from ...core.walker import transform
from .base import Change, Options, PassResult, _flagged, _noted, does


@does(
    "for a profile that takes string enums only (`gemini-openapi`, rule T218), an `enum` holding numbers or "
    "booleans leaves the wire schema: its values are stated in the description and the type they share is "
    "written out (values of several types stay refused); restore checks the value"
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
        kinds = {_kind(v) for v in values}
        typed = declared_types(node)
        if typed is None and len(kinds - {"null"}) != 1:
            return node  # values of several types and no type to keep: refused (T218)
        out = {k: v for k, v in node.items() if k != "enum"}
        if typed is None:
            out["type"] = sorted(kinds) if "null" in kinds else kinds.pop()
        shown = ", ".join(json.dumps(v, ensure_ascii=False) for v in values)
        if options.hints:
            out["description"] = _noted(node.get("description"), f"One of: {shown}.")
        changes.append(
            Change.for_rule(pointer, "enum removed (string values only)", "T218", loosens=f"enum: [{shown}]"[:200])
        )
        return out

    return PassResult(transform(schema, only_strings), tuple(changes))


def _kind(value: Any) -> str:
    """The JSON type of an enumerated value (an integral number is an integer)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int) or (isinstance(value, float) and value.is_integer()):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, list):
        return "array"
    return "object" if isinstance(value, dict) else "string"
