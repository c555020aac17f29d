"""Passes over the order of properties: ``reasoning`` first, and the order written out as
``propertyOrdering`` for Gemini."""

from __future__ import annotations

from typing import Any

from ...core.pointer import Pointer
from ...core.rebuilding import transform
from ...subset.model import SUPPORTED
from ...subset.profiles import PROFILES
from ...subset.table import BY_CODE
from ..shapes import dict_at, list_at
from .base import Change, Options, PassResult, does


@does("`reasoning` first in `properties` and `required`")
def reasoning_first(schema: Any, options: Options) -> PassResult:
    """A top-level ``reasoning`` property moves to the front (of ``properties`` and of
    ``required``), so the model reasons before it answers.

    Before: ``{"properties": {"answer": {...}, "reasoning": {...}}, "required": ["answer", "reasoning"]}``
    After:  ``{"properties": {"reasoning": {...}, "answer": {...}}, "required": ["reasoning", "answer"]}``
    """
    if not isinstance(schema, dict) or "reasoning" not in dict_at(schema, "properties"):
        return PassResult(schema)
    properties = schema["properties"]
    required = list_at(schema, "required")
    result = dict(schema)
    if next(iter(properties)) != "reasoning":
        result["properties"] = {
            "reasoning": properties["reasoning"],
            **{k: v for k, v in properties.items() if k != "reasoning"},
        }
    if "reasoning" in required and required[0] != "reasoning":
        result["required"] = ["reasoning", *[n for n in required if n != "reasoning"]]
    if result.keys() == schema.keys() and all(result[k] is schema[k] for k in schema):  # (== ignores key order)
        return PassResult(schema)
    return PassResult(
        result, (Change(Pointer(("properties", "reasoning")), "moved first", "RFC 0030 §A: reasoning comes first"),)
    )


@does("`propertyOrdering` for the profiles whose every vendor reads it (the Gemini ones; rule T215)")
def property_ordering(schema: Any, options: Options) -> PassResult:
    """Profiles whose every source documents ``propertyOrdering`` (the table's T215 cells: the
    Gemini profiles) get it on every object with properties (Gemini 2.0 needs it to keep the
    author's order, ``reasoning`` first); elsewhere strip_constraints has removed it.

    Before: ``{"type": "object", "properties": {"a": {...}, "b": {...}}}``
    After:  ``{"type": "object", "properties": {...}, "propertyOrdering": ["a", "b"]}``
    """
    if not _read_by_all(options.profile):
        return PassResult(schema)
    changes: list[Change] = []

    def order(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict) or not dict_at(node, "properties"):
            return node
        wanted = list(node["properties"])
        if node.get("propertyOrdering") == wanted:
            return node
        changes.append(Change(pointer, "propertyOrdering set", "Gemini 2.0 needs an explicit order"))
        return {**node, "propertyOrdering": wanted}

    return PassResult(transform(schema, order, only=frozenset({"properties"})), tuple(changes))


def _read_by_all(profile: str) -> bool:
    """Whether every source of ``profile`` documents ``propertyOrdering`` (rule T215's cells)."""
    feature = BY_CODE["T215"]
    return all(feature.cell(source).status == SUPPORTED for source in PROFILES[profile].sources)
