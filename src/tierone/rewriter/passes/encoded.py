"""A subtree carried as a JSON string: the string field that takes its place, its schema
stated in the description for the model (references written out, bounded in size). Used to
keep a limit (``budgets``) and to gather an object's members into one string (``gathering``);
restore decodes the string and checks what it holds against the original."""

from __future__ import annotations

import json
from typing import Any

from ...core.refs import ReferenceGraph
from ..shapes import ENCODED_MARK, admits_null
from .base import _noted

#: the longest schema stated in an encoded field's description (past it, only its type)
STATED = 4_000
#: what comes between the mark and the schema an encoded field's description states
_STATES = f"{ENCODED_MARK} valid under this JSON Schema: "


def encoded_field(node: dict[str, Any], resolver: ReferenceGraph, what: str = "A JSON-encoded value") -> dict[str, Any]:
    """The string field that carries ``node``'s value as JSON (nullable where ``node`` takes
    null), its schema (references written out, as far as they do not loop) stated in the
    description after ``what``."""
    room = [STATED]  # characters the statement may still take (inlining stops past it)
    try:
        stated = {k: v for k, v in _inlined(node, resolver, (), room).items() if k not in ("title", "description")}
        text = json.dumps(stated, ensure_ascii=False, separators=(",", ":")) if room[0] > 0 else ""
    except _NoRoom:  # too long to state: only its type is said
        text = ""
    note = f"{what} {_STATES}{text}" if text and len(text) <= STATED else f"{what} {ENCODED_MARK}."
    encoded: dict[str, Any] = {"type": ["string", "null"] if admits_null(node) else "string"}
    if "title" in node:
        encoded["title"] = node["title"]
    encoded["description"] = _noted(node.get("description"), note)
    return encoded


def statement_of(field: Any) -> dict[str, Any] | None:
    """The schema the description of a field :func:`encoded_field` made states, at its end
    (None where it states none: one too long to state, or another field)."""
    description = field.get("description") if isinstance(field, dict) else None
    if not isinstance(description, str):
        return None
    at = description.find(_STATES)
    while at >= 0:  # (an author's description before the note may say the words too)
        try:
            stated, end = json.JSONDecoder().raw_decode(description, at + len(_STATES))
        except ValueError:
            stated, end = None, -1
        if isinstance(stated, dict) and end == len(description):
            return stated
        at = description.find(_STATES, at + 1)
    return None


def _inlined(node: Any, resolver: ReferenceGraph, seen: tuple[str, ...], room: list[int]) -> Any:
    """``node`` with each local reference replaced by its target, except one back on itself;
    ``room`` counts down a rough size, and once it is spent :class:`_NoRoom` is raised."""
    if room[0] <= 0:
        raise _NoRoom
    if isinstance(node, list):
        return [_inlined(item, resolver, seen, room) for item in node]
    if not isinstance(node, dict):
        room[0] -= len(str(node)) + 2
        return node
    ref = node.get("$ref")
    if isinstance(ref, str) and ref not in seen and len(seen) < 16:
        target = resolver.target(ref)
        if isinstance(target, dict):
            rest = {k: v for k, v in node.items() if k != "$ref"}
            merged = {k: v for k, v in {**target, **rest}.items() if k not in ("$defs", "definitions")}
            return _inlined(merged, resolver, (*seen, ref), room)
    room[0] -= sum(len(k) + 4 for k in node)
    return {k: _inlined(v, resolver, seen, room) for k, v in node.items()}


class _NoRoom(Exception):
    """The statement of a schema passed :data:`STATED` characters: it is not made."""
