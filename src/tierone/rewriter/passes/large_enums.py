"""Enumerations a profile's limits cannot carry: an ``enum`` whose string values are too long
together (OpenAI: over 15,000 characters in an enum of more than 250 values, rule T406), or
enumerations that put a schema over its count of enum values (T404) or its string budget (T405)
where no subtree can be carried as a JSON string instead (a string field cannot). The largest
such ``enum`` leaves the rendition, the fewest that bring the count back under: the field keeps
its type, its values are stated in the description, and restore checks them (a loosening in the
ledger, never with ``--exact``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.jsontypes import declared_types, type_of
from ...core.pointer import Pointer
from ...core.rebuilding import replaced
from ...core.walker import walk
from .base import Change, Options, _noted
from .constraints import HINTS, _json, _kept
from .nulls import spell_null

#: the limit rules an enumeration that leaves may bring back under, and the count of each
#: (a ``Tally`` field) an ``enum`` adds to
COUNTED = {"T404": "enum_values", "T405": "string_budget"}
#: the rule of one enumeration too long by itself
ONE_TOO_LONG = "T406"
#: the longest statement of the values in the description (past it, the first ones and a count)
STATED = 4_000


def enums_to_drop(schema: Any, code: str, wheres: Sequence[Pointer], limit: int) -> list[Pointer]:
    """The nodes whose ``enum`` leaves for the limit ``code``: for T406 those the lint found
    (``wheres``); for a count, the largest enumerations, fewest first, whose values bring the
    schema's count back under ``limit``; none when even all of them would not. Only a node with
    a type to keep loses its ``enum`` (it stays a field of that type: :func:`kept_type`; without
    one it would take any value, which no strict mode carries)."""
    if code == ONE_TOO_LONG:
        return [where for where in wheres if kept_type(where.resolve(schema)) is not None]
    counted = COUNTED.get(code)
    if counted is None:
        return []
    from ...linter.checks.base import Tally, tally_node

    total = Tally(schema, {})
    sizes: list[tuple[int, Pointer]] = []
    for visit in walk(schema):
        node = visit.schema
        if isinstance(node, dict):
            tally_node(visit, node, total)
            if isinstance(node.get("enum"), list) and kept_type(node) is not None:  # stays a field of its type
                alone = Tally(schema, {})
                tally_node(visit, {"enum": node["enum"]}, alone)  # what the enum alone adds
                sizes.append((int(getattr(alone, counted)), visit.pointer))
    excess = int(getattr(total, counted)) - limit
    picked: list[Pointer] = []
    for size, pointer in sorted(sizes, key=lambda pair: -pair[0]):
        if excess <= 0 or size <= 0:
            break
        picked.append(pointer)
        excess -= size
    return picked if excess <= 0 else []


def without_enums(schema: Any, places: Sequence[Pointer], code: str, options: Options) -> tuple[Any, list[Change]]:
    """``schema`` with the ``enum`` at each of ``places`` gone (its values stated in the
    description, unless hints are off), and the changes that say so."""
    changes: list[Change] = []
    for place in sorted(places, key=len, reverse=True):  # one inside another: the inner one first
        node = place.resolve(schema)
        values, kind = node["enum"], None if "type" in node else kept_type(node)
        out = {k: v for k, v in node.items() if k != "enum"}
        if options.hints:
            out["description"] = _noted(out.get("description"), _stated(values))
        if kind is not None:  # untyped: its values' type (and null, spelled as the profile reads it)
            nullable = None in values
            out = {"type": [kind, "null"] if nullable else kind, **out}
            out = spell_null(out, options).schema if nullable else out
        schema = replaced(schema, {place: out})
        what = f"enum of {len(values)} values removed (stated in the description) to keep the limit"
        if kind is not None:
            what += f"; type {kind!r} written (its values' type{', or null' if None in values else ''})"
        changes.append(Change.for_rule(place, what, code, loosens=_kept("enum", values)))
    return schema, sorted(changes, key=lambda change: places.index(change.pointer))


def kept_type(node: dict[str, Any]) -> Any:
    """The type a node with an ``enum`` keeps once the ``enum`` leaves: its own ``type``, else
    the one scalar type its values other than ``null`` share (integers among numbers:
    ``number``); None where it has none to keep (values of several types, or containers)."""
    if "type" in node:
        return node["type"] if declared_types(node) is not None else None
    kinds = {type_of(value) for value in node["enum"] if value is not None}  # (null: an optional member's absence)
    kinds = {"number"} if kinds == {"integer", "number"} else kinds
    return kinds.pop() if len(kinds) == 1 and kinds <= {"string", "integer", "number", "boolean"} else None


def _stated(values: list[Any]) -> str:
    """The values of an enumeration in words (as a removed ``enum`` is stated), the first ones
    only past :data:`STATED` characters."""
    shown: list[str] = []
    room = STATED
    for value in values:
        text = _json(value)
        room -= len(text) + 2
        if room < 0:
            return f"One of {len(values)} values, checked after decoding: {', '.join(shown)}, …"
        shown.append(text)
    return HINTS["enum"](values)
