"""Checks of the keyword rules (T2xx): composition and the keywords strict modes reject.

Most of them flag the keyword wherever it stands (``keyword_present``); tuples and complex
enum values need a look at the value."""

from __future__ import annotations

from typing import Any

from ...core.pointer import Pointer
from ...core.walker import Visit
from .base import NONE, Hit, Hits, Tally, keyword_check, node_check


@keyword_check(
    "T201",
    "T202",
    "T203",
    "T204",
    "T205",
    "T207",
    "T208",
    "T209",
    "T210",
    "T211",
    "T212",
    "T213",
    "T215",
    "T217",
    "T219",
    "T504",
)
def keyword_present(visit: Visit, keyword: str, value: Any, tally: Tally) -> Hits:
    return (Hit(visit.pointer, keyword, None, value),)


@keyword_check("T206")
def tuple_items(visit: Visit, keyword: str, value: Any, tally: Tally) -> Hits:
    if keyword != "items" or isinstance(value, list):
        return (Hit(visit.pointer, keyword),)
    return NONE


@keyword_check("T214")
def complex_enum_value(visit: Visit, keyword: str, value: Any, tally: Tally) -> Hits:
    values = value if keyword == "enum" and isinstance(value, list) else [value] if keyword == "const" else []
    if any(isinstance(v, (dict, list)) for v in values):
        return (Hit(visit.pointer, keyword),)
    return NONE


#: RFC 0030 §D's spelling of the top-level ``reasoning`` member, judged by T702 instead
RFC_REASONING = (Pointer(("properties", "reasoning")), ["string", "null"])


@keyword_check("T216")
def type_list(visit: Visit, keyword: str, value: Any, tally: Tally) -> Hits:
    if not isinstance(value, list) or not value or (visit.pointer, value) == RFC_REASONING:
        return NONE
    nullable = ' (`null` among them: an `anyOf` with `{"type": "null"}` says the same)' if "null" in value else ""
    return (Hit(visit.pointer, keyword, {"detail": nullable}, value),)


@keyword_check("T218")
def non_string_enum(visit: Visit, keyword: str, value: Any, tally: Tally) -> Hits:
    if not isinstance(value, list):
        return NONE
    for item in value:
        if item is not None and not isinstance(item, str):
            return (Hit(visit.pointer, keyword, None, item),)
    return NONE


@node_check("T220")
def extension_member(visit: Visit, tally: Tally) -> Hits:
    node = visit.schema
    if not isinstance(node, dict):
        return NONE
    return tuple(Hit(visit.pointer, key) for key in node if isinstance(key, str) and key.startswith("x-"))


@keyword_check("T221")
def null_only(visit: Visit, keyword: str, value: Any, tally: Tally) -> Hits:
    # the null type, or an enum of the null value (the string "null" is text like any other)
    if (keyword == "type" and value in ("null", ["null"])) or (keyword == "enum" and value == [None]):
        return (Hit(visit.pointer, keyword, None, value),)
    return NONE
