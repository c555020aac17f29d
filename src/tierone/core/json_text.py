"""JSON text to a :class:`~tierone.core.source.Source`: orjson at C speed, integers beyond 64
bits kept exact, a member named twice refused (orjson silently keeps the last), positions
computed later and only for what a report needs (:mod:`tierone.core.positions`)."""

from __future__ import annotations

from typing import Any

import orjson

from .errors import InputError
from .positions import JsonLocator, first_duplicate
from .source import (
    MAX_DEPTH,
    Source,
    check_size,
    decode,
    duplicate_key,
    lone_surrogate,
    room_for_depth,
)

#: an integer of 19 digits or more may be past 64 bits, which orjson reads as a float. A run of
#: 19 digits is found in the text with each ASCII digit made ``0`` and every other byte a space
#: (a table: one C-speed translation and substring search, about ten times as fast as a
#: regular expression); the run may also be inside a string: then the only cost is a second parse
DIGITS = bytes(ord("0") if ord("0") <= b <= ord("9") else ord(" ") for b in range(256))
LONG_RUN = b"0" * 19


def with_exact_integers(raw: bytes, value: Any) -> Any:
    """``value``, orjson's reading of the JSON text ``raw``, with every integer past 64 bits
    exact: where the text holds a run of 19 digits, it is read again by jiter (pydantic's
    parser: integers of any size, no NaN or infinity). A :class:`ValueError` when jiter cannot
    (it refuses nesting past 200 levels): the caller then reads it with Python's json.

    This is the one JSON-text reader of tierone: schema files (:func:`load_json`) and the
    model's answers (``answers.decoding.loads``) are both read by orjson, then this."""
    if raw.translate(DIGITS).find(LONG_RUN) < 0:
        return value
    from pydantic_core import from_json

    return from_json(raw, allow_inf_nan=False)


def load_json(data: bytes, path: str) -> Source:
    """Parse JSON bytes; errors carry line and column."""
    check_size(len(data.strip()), path)
    body = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
    try:
        value = orjson.loads(body)
    except orjson.JSONDecodeError as error:
        text = decode(data, path)  # reports bad UTF-8 with its place
        if "depth limit" in error.msg or "recursion" in error.msg:
            raise InputError(path, f"nesting is deeper than {MAX_DEPTH} levels; refusing to load") from None
        line = text.count("\n", 0, error.pos) + 1
        column = error.pos - text.rfind("\n", 0, error.pos)
        if "surrogate" in error.msg:
            raise InputError(path, lone_surrogate(text[error.pos : error.pos + 6]), line, column) from None
        raise InputError(path, f"invalid JSON: {error.msg}", line, column) from None
    text = body.decode("utf-8")
    if _may_hold_duplicates(body, value):
        _refuse_duplicates(text, path)
    try:
        value = with_exact_integers(body, value)
    except ValueError:  # nested past jiter's 200 levels: the standard library keeps integers exact too
        import json

        with room_for_depth():  # the same document, which orjson has just accepted: as deep as it allows
            value = json.loads(body)
    return Source(path, value, "json", JsonLocator(text), text)


def _may_hold_duplicates(body: bytes, value: Any) -> bool:
    """Whether an object of the document may name a member twice (orjson keeps the last).

    Written back by orjson, the document keeps every string as it was, escapes aside, and
    every member but the ones a later duplicate replaced; so, unless an escape decodes to a
    colon (``\\u003a``), it has as many colons as the text exactly when no member was
    dropped. Two C-speed counts and a dump: a small fraction of the parse.
    """
    colons = body.count(b":")
    if not colons:
        return False
    try:
        written = orjson.dumps(value)
    except TypeError:  # nested deeper than orjson writes (255 levels): scan the text instead
        return True
    if written.count(b":") != colons:
        return True
    return b"\\u003a" in body or b"\\u003A" in body


def _refuse_duplicates(text: str, path: str) -> None:
    found = first_duplicate(text)
    if found is not None:
        name, first, second = found
        raise duplicate_key(path, name, _offset_position(text, first), _offset_position(text, second))


def _offset_position(text: str, offset: int) -> tuple[int, int]:
    return text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)
