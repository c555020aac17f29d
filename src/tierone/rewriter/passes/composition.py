"""Passes over combinators and their kin: ``allOf`` merged away, ``oneOf`` read as ``anyOf``,
``const`` written as a one-value ``enum``."""

from __future__ import annotations

from typing import Any

from ...core.jsontypes import names_at
from ...core.pointer import Pointer
from ...core.refs import ReferenceGraph
from ...core.walker import transform
from .base import Change, Options, PassResult, Unfixable, _flagged, _rename_key, _why


def merge_all_of(schema: Any, options: Options) -> PassResult:
    """``allOf`` is merged away where that keeps its meaning: a single branch, or branches
    that are objects (or references to objects) whose keywords do not conflict.

    Before: ``{"allOf": [{"$ref": "#/$defs/Base"}, {"properties": {"x": {"type": "string"}}}]}``
    After:  ``{"type": "object", "properties": {...Base's..., "x": {...}}, "required": [...]}``
    """
    if not _flagged(options, "T202"):
        return PassResult(schema)
    graph = ReferenceGraph.of(schema)
    changes: list[Change] = []
    unfixable: list[Unfixable] = []

    def merge(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict) or not isinstance(node.get("allOf"), list):
            return node
        branches: list[dict[str, Any]] | None = []
        for index, branch in enumerate(node["allOf"]):
            if isinstance(branch, dict) and "$ref" in branch:
                target = graph.target(branch["$ref"])
                if pointer.child("allOf").child(index) in graph.recursive or not isinstance(target, dict):
                    branches = None
                    break
                branch = {**{k: v for k, v in target.items() if k not in ("$defs", "definitions")},
                          **{k: v for k, v in branch.items() if k != "$ref"}}
            if not isinstance(branch, dict) or branches is None:
                branches = None
                break
            branches.append(branch)
        merged = _merged({k: v for k, v in node.items() if k != "allOf"}, branches) if branches is not None else None
        if merged is None:
            unfixable.append(Unfixable(pointer, "T202", "allOf branches conflict or are not objects; cannot merge"))
            return node
        changes.append(Change(pointer, f"merged {len(node['allOf'])} allOf branch(es)", _why("T202")))
        return merged

    return PassResult(transform(schema, merge), tuple(changes), tuple(unfixable))


def _merged(base: dict[str, Any], branches: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Merge ``branches`` into ``base``; None when two of them disagree on a keyword."""
    result = dict(base)
    for branch in branches:
        for key, value in branch.items():
            if key == "properties" and isinstance(value, dict):
                properties = dict(result.get("properties", {}))
                for name, sub in value.items():
                    if name in properties and properties[name] != sub:
                        return None
                    properties[name] = sub
                result["properties"] = properties
            elif key == "required" and isinstance(value, list):
                present = names_at(result)
                required = list(result.get("required", []))
                required += [n for n in value if not isinstance(n, str) or n not in present]
                result["required"] = required
            elif key in ("title", "description", "$comment", "examples"):
                result.setdefault(key, value)
            elif key in result and result[key] != value:
                return None
            else:
                result[key] = value
    return result


def one_of_to_any_of(schema: Any, options: Options) -> PassResult:
    """``oneOf`` becomes ``anyOf`` (the read side checks exclusivity against the original).

    Before: ``{"oneOf": [{"type": "string"}, {"type": "integer"}]}``
    After:  ``{"anyOf": [{"type": "string"}, {"type": "integer"}]}``
    """
    if not _flagged(options, "T201"):
        return PassResult(schema)
    changes: list[Change] = []
    unfixable: list[Unfixable] = []

    def rename(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict) or "oneOf" not in node:
            return node
        if "anyOf" in node:
            unfixable.append(Unfixable(pointer, "T201", "oneOf next to anyOf cannot become a second anyOf"))
            return node
        changes.append(Change(pointer, "oneOf renamed to anyOf", _why("T201")))
        return _rename_key(node, "oneOf", "anyOf", node["oneOf"])

    return PassResult(transform(schema, rename), tuple(changes), tuple(unfixable))


def const_to_enum(schema: Any, options: Options) -> PassResult:
    """``const`` becomes a one-value ``enum``, which every vendor accepts.

    Before: ``{"type": "string", "const": "cat"}``
    After:  ``{"type": "string", "enum": ["cat"]}``
    """
    if not _flagged(options, "T213"):
        return PassResult(schema)
    changes: list[Change] = []

    def swap(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict) or "const" not in node or "enum" in node:
            return node
        changes.append(Change(pointer, "const turned into a one-value enum", _why("T213")))
        return _rename_key(node, "const", "enum", [node["const"]])

    return PassResult(transform(schema, swap), tuple(changes))
