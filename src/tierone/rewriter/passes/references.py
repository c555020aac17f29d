"""Passes over references: every local ``$ref`` written as a JSON Pointer into ``$defs``,
and a ``$ref`` with sibling keywords inlined."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from ...core.pointer import Pointer
from ...core.refs import LOCAL, RefResolver
from ...core.walker import objects, transform
from .base import (
    Change,
    Options,
    PassResult,
    Unfixable,
    _flagged,
    _rename_key,
    _resolver,
    _target,
    _why,
)


def pointer_references(schema: Any, options: Options) -> PassResult:
    """Local references made by anchor (``#name``) or through the document's own ``$id`` are
    written as JSON Pointers, the one form every vendor resolves (anchors are outside the
    subset: the ``$anchor`` itself is removed later as an unknown keyword).

    Before: ``{"properties": {"a": {"$ref": "#addr"}}, "$defs": {"A": {"$anchor": "addr", ...}}}``
    After:  ``{"properties": {"a": {"$ref": "#/$defs/A"}}, "$defs": {"A": {"$anchor": "addr", ...}}}``
    """
    nodes = objects(schema)
    if not any(_by_name(node.get("$ref")) for _, node in nodes):
        return PassResult(schema)
    resolver = RefResolver(schema, nodes)
    changes: list[Change] = []

    def as_pointer(node: Any, pointer: Pointer) -> Any:
        ref = node.get("$ref") if isinstance(node, dict) else None
        if not _by_name(ref):
            return node
        resolution = resolver.resolve(ref)
        if resolution.kind != LOCAL or resolution.target is None:
            return node  # remote or broken: reported by the linter, never guessed at
        fragment = "#" + quote(str(resolution.target), safe=_FRAGMENT_SAFE)
        changes.append(Change(str(pointer), f"$ref {ref!r} written as {fragment!r}",
                              "anchors and $id-based references are not in the subset; JSON Pointers are"))
        return {**node, "$ref": fragment}

    return PassResult(transform(schema, as_pointer), tuple(changes))


def _by_name(ref: Any) -> bool:
    """Whether a ``$ref`` is something other than a JSON-Pointer fragment (``#``, ``#/...``)."""
    return isinstance(ref, str) and ref != "#" and not ref.startswith("#/")


#: what a URI fragment may hold unescaped besides letters, digits and ``-._~`` (RFC 3986)
_FRAGMENT_SAFE = "/!$&'()*+,;=:@"


def rename_definitions(schema: Any, options: Options) -> PassResult:
    """Draft-07 ``definitions`` become ``$defs`` (Gemini reads only ``$defs``), references too.

    Before: ``{"definitions": {"A": {...}}, "properties": {"a": {"$ref": "#/definitions/A"}}}``
    After:  ``{"$defs": {"A": {...}}, "properties": {"a": {"$ref": "#/$defs/A"}}}``
    """
    if not isinstance(schema, dict) or not isinstance(schema.get("definitions"), dict):
        return PassResult(schema)
    if "$defs" in schema:
        return PassResult(schema)  # both present: leave the author's layout alone
    changes = [Change("/definitions", "renamed to $defs", "Gemini reads definitions only under $defs")]

    def retarget(node: Any, pointer: Pointer) -> Any:
        ref = node.get("$ref") if isinstance(node, dict) else None
        if isinstance(ref, str) and ref.startswith("#/definitions/"):
            return {**node, "$ref": "#/$defs/" + ref[len("#/definitions/"):]}
        return node

    renamed = _rename_key(schema, "definitions", "$defs", schema["definitions"])
    return PassResult(transform(renamed, retarget), tuple(changes))


def inline_ref_siblings(schema: Any, options: Options) -> PassResult:
    """A ``$ref`` with sibling keywords is replaced by its target merged with the siblings
    (the siblings win), since OpenAI rejects siblings and other SDKs drop them.

    Before: ``{"$ref": "#/$defs/Address", "description": "Home"}``
    After:  ``{"type": "object", "properties": {...}, "description": "Home"}``
    """
    if not _flagged(options, "T106"):
        return PassResult(schema)
    resolver, recursive = _resolver(schema)
    changes: list[Change] = []
    unfixable: list[Unfixable] = []
    keep = {"$ref", "$defs", "definitions", "$schema", "$id", "$comment"}

    def inline(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict) or "$ref" not in node or not pointer or set(node) <= keep:
            return node
        if pointer in recursive:
            unfixable.append(Unfixable(str(pointer), "T106", "a recursive $ref with siblings cannot be inlined"))
            return node
        target = _target(schema, resolver, node["$ref"])
        if not isinstance(target, dict):
            return node
        merged = {k: v for k, v in target.items() if k not in ("$defs", "definitions", "$id", "$schema")}
        merged.update({k: v for k, v in node.items() if k != "$ref"})
        changes.append(Change(str(pointer), f"inlined {node['$ref']} to merge its sibling keywords", _why("T106")))
        return merged

    return PassResult(transform(schema, inline), tuple(changes), tuple(unfixable))
