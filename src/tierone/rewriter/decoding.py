"""JSON text as the read side decodes it: fast through pydantic's parser or orjson where that
reads exactly what Python's json reads, and where a walk is, as a chain made into a pointer only when needed."""

from __future__ import annotations

import json
from typing import Any

import orjson
from pydantic_core import from_json

from ..core.depth import MAX_JUDGED_DEPTH, depth_over
from ..core.pointer import Pointer
from ..core.validation import TooDeep

#: stands for a decoded value too deep to decode
TOO_DEEP = object()
#: stands for a string that holds no JSON (an error was recorded)
FAILED = object()

#: an integer of 19 digits or more may be past 64 bits, which orjson reads as a float: json
#: reads those. A run of 19 digits is found in the text with each ASCII digit made ``0`` and
#: every other byte a space (a table, about ten times as fast as a regular expression)
_DIGITS = bytes(ord("0") if ord("0") <= b <= ord("9") else ord(" ") for b in range(256))
_LONG_NUMBER = b"0" * 19


def loads(text: str | bytes) -> Any:
    """JSON text parsed as Python's json parses it, fast (at most 1,024 levels);
    ``orjson.JSONDecodeError`` for what is left to json (or refused).

    pydantic's parser (jiter) reads integers of any size exactly and needs no scan of the
    text; what it refuses (nesting past 200 levels, a lone surrogate, a byte order mark) is
    read by orjson, unless the text holds an integer orjson would turn into a float."""
    try:
        return from_json(text, allow_inf_nan=False)
    except (ValueError, TypeError):  # TypeError: a str holding a lone surrogate
        raw = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else bytes(text)
        if _LONG_NUMBER in raw.translate(_DIGITS):
            raise orjson.JSONDecodeError("an integer past 64 bits", "", 0) from None
        return orjson.loads(raw)  # the bytes at hand (a lone surrogate in them is refused, as in the text)


#: where a walk is: None at the root, else (where the parent is, the member name or index);
#: made into a :class:`Pointer` only when something is reported there
Path = Any


def pointer_of(path: Path) -> Pointer:
    """The pointer of a walk's place."""
    parts = []
    while path is not None:
        path, segment = path
        parts.append(segment)
    return Pointer(tuple(reversed(parts)))


def depth_of(path: Path) -> int:
    """How many steps below the root a walk's place is (no pointer made)."""
    steps = 0
    while path is not None:
        path = path[0]
        steps += 1
    return steps


def read_encoded(errors: list[Any], text: str, path: Path) -> Any:
    """Free-form data that travels as a JSON string, decoded (the text itself when it holds
    no JSON: the reason is added to ``errors``); :class:`TooDeep` when the decoded value
    takes the payload past :data:`~tierone.core.depth.MAX_JUDGED_DEPTH` levels."""
    try:
        value = loads(text)  # nests at most 1,024 deep
    except orjson.JSONDecodeError:
        value = decoded(errors, text, path)  # what orjson refuses, json may read (long integers)
        if value is FAILED:
            return text
    else:
        if depth_of(path) < MAX_JUDGED_DEPTH - 1_024:
            return value
    place = pointer_of(path)
    if value is TOO_DEEP or depth_over(value, MAX_JUDGED_DEPTH - len(place)):
        raise TooDeep(f"too deep: the JSON-encoded value at [{place}] takes the payload past "
                      f"{MAX_JUDGED_DEPTH:,} levels", str(place), about="payload")
    return value


def decoded(errors: list[Any], text: str, path: Path) -> Any:
    """``text`` decoded by Python's json (NaN and the infinities refused), or :data:`FAILED`
    with the reason added to ``errors``."""
    from .restore import RestoreError

    try:
        return json.loads(text, parse_constant=_not_json)
    except _NotJson as error:
        errors.append(RestoreError(pointer_of(path), f"the JSON-encoded value holds {error}, which is not JSON"))
    except RecursionError:
        return TOO_DEEP
    except ValueError:
        errors.append(RestoreError(pointer_of(path), "expected a JSON-encoded value (a string holding JSON)"))
    return FAILED


class _NotJson(ValueError):
    """A constant that Python's json accepts and JSON does not (NaN, Infinity, -Infinity)."""


def _not_json(name: str) -> Any:
    raise _NotJson(name)
