"""A union beside an object's members, one of whose branches takes any value (free-form once
``not`` or ``if`` is left to restore): the union constrains nothing a rendition can say."""

from __future__ import annotations

from typing import Any

from ...core.jsontypes import declared_types
from ...core.pointer import Pointer
from ...core.rebuilding import transform
from ..shapes import dict_at, free_form_rule, is_free_form, list_at
from .base import Change, Options, PassResult, _flagged, does


@does("a union beside members, one of whose branches takes any value, left to restore")
def drop_open_unions(schema: Any, options: Options) -> PassResult:
    """Where an object's members are not shared into its union's branches (a profile that
    leaves objects open, Gemini's), a branch of free-form data (``{}``, or ``not`` alone, which
    restore checks) would be carried as a JSON string beside ``type: object``, which no value
    satisfies. Such a branch takes every object, so the union takes every object: it leaves the
    rendition, and restore checks it (a loosening).

    Before: ``{"type": "object", "properties": {"a": A}, "anyOf": [{"not": {"required": ["b"]}}, B]}``
    After:  ``{"type": "object", "properties": {"a": A}}``
    """
    if _flagged(options, "T102"):
        return PassResult(schema)  # objects are closed: the members are shared into each branch
    changes: list[Change] = []

    def drop(node: Any, pointer: Pointer) -> Any:
        if not object_beside_union(node):
            return node
        for union in ("anyOf", "oneOf"):
            free = [(i, free_form_rule(b)) for i, b in enumerate(list_at(node, union)) if is_free_form(b)]
            found = next(((i, rule) for i, rule in free if _flagged(options, rule)), None)
            if found is not None:
                what = f"left out: its branch {found[0]} takes any object beside the members (checked on read)"
                changes.append(Change.for_rule(pointer.child(union), what, found[1], loosens=f"`{union}`"))
                node = {k: v for k, v in node.items() if k != union}
        return node

    return PassResult(transform(schema, drop, only=frozenset({"anyOf", "oneOf"})), tuple(changes))


def object_beside_union(node: Any) -> bool:
    """Whether ``node`` is an object (or null) that declares members: a union beside them takes
    objects only, so none of its branches is carried as a JSON string (the strict form never
    writes one as its JSON)."""
    types = declared_types(node) if isinstance(node, dict) else None
    return bool(types and "object" in types and set(types) <= {"object", "null"} and dict_at(node, "properties"))
