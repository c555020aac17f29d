"""Passes over references: every local ``$ref`` written as a JSON Pointer into ``$defs``,
and a ``$ref`` with sibling keywords inlined."""

from __future__ import annotations

from typing import Any

from ...core.pointer import ROOT, Pointer
from ...core.refs import LOCAL, ReferenceGraph
from ...core.walker import transform
from .base import Change, Options, PassResult, Unfixable, _flagged, _rename_key, _why


def pointer_references(schema: Any, options: Options) -> PassResult:
    """Local references made by anchor (``#name``) or through the document's own ``$id`` are
    written as JSON Pointers, the one form every vendor resolves (anchors are outside the
    subset: the ``$anchor`` itself is removed later as an unknown keyword).

    Before: ``{"properties": {"a": {"$ref": "#addr"}}, "$defs": {"A": {"$anchor": "addr", ...}}}``
    After:  ``{"properties": {"a": {"$ref": "#/$defs/A"}}, "$defs": {"A": {"$anchor": "addr", ...}}}``
    """
    graph = ReferenceGraph.of(schema)
    if not any(_by_name(site.ref) for site in graph.sites):
        return PassResult(schema)
    changes: list[Change] = []

    def as_pointer(node: Any, pointer: Pointer) -> Any:
        ref = node.get("$ref") if isinstance(node, dict) else None
        if not _by_name(ref):
            return node
        resolution = graph.resolve(ref)
        if resolution.kind != LOCAL or resolution.target is None:
            return node  # remote or broken: reported by the linter, never guessed at
        fragment = resolution.target.fragment()
        changes.append(Change(pointer, f"$ref {ref!r} written as {fragment!r}",
                              "anchors and $id-based references are not in the subset; JSON Pointers are"))
        return {**node, "$ref": fragment}

    return PassResult(transform(schema, as_pointer), tuple(changes))


def _by_name(ref: Any) -> bool:
    """Whether a ``$ref`` is something other than a JSON-Pointer fragment (``#``, ``#/...``)."""
    return isinstance(ref, str) and ref != "#" and not ref.startswith("#/")


def rename_definitions(schema: Any, options: Options) -> PassResult:
    """Draft-07 ``definitions`` become ``$defs`` (Gemini reads only ``$defs``), references too.

    Before: ``{"definitions": {"A": {...}}, "properties": {"a": {"$ref": "#/definitions/A"}}}``
    After:  ``{"$defs": {"A": {...}}, "properties": {"a": {"$ref": "#/$defs/A"}}}``
    """
    if not isinstance(schema, dict) or not isinstance(schema.get("definitions"), dict):
        return PassResult(schema)
    if "$defs" in schema:
        return PassResult(schema)  # both present: leave the author's layout alone
    changes = [Change(ROOT.child("definitions"), "renamed to $defs", "Gemini reads definitions only under $defs")]

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
    graph = ReferenceGraph.of(schema)
    changes: list[Change] = []
    unfixable: list[Unfixable] = []
    keep = {"$ref", "$defs", "definitions", "$schema", "$id", "$comment"}

    def inline(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict) or "$ref" not in node or not pointer or set(node) <= keep:
            return node
        if pointer in graph.recursive:
            unfixable.append(Unfixable(pointer, "T106", "a recursive $ref with siblings cannot be inlined"))
            return node
        target = graph.target(node["$ref"])
        if not isinstance(target, dict):
            return node
        merged = {k: v for k, v in target.items() if k not in ("$defs", "definitions", "$id", "$schema")}
        merged.update({k: v for k, v in node.items() if k != "$ref"})
        changes.append(Change(pointer, f"inlined {node['$ref']} to merge its sibling keywords", _why("T106")))
        return merged

    return PassResult(transform(schema, inline), tuple(changes), tuple(unfixable))
