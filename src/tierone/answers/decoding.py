"""JSON text as the read side decodes it: fast through orjson, or pydantic's parser where that
reads exactly what Python's json reads, JSON's numbers only (NaN, the infinities and numbers
past a double refused), and where a walk is, as a chain made into a pointer only when needed."""

from __future__ import annotations

import json
import sys
from typing import Any

import orjson

from ..core.depth import MAX_JUDGED_DEPTH, depth_over
from ..core.json_text import with_exact_integers
from ..core.pointer import Pointer
from ..core.validation import TooDeep

#: stands for a decoded value too deep to decode
TOO_DEEP = object()
#: stands for a string that holds no JSON (an error was recorded)
FAILED = object()

#: how deep JSON text nests at most for orjson (past it, it refuses the text)
PARSED_DEPTH = 1_024


def loads(text: str | bytes) -> Any:
    """JSON text parsed as Python's json parses it, fast (at most 1,024 levels), but for the
    numbers JSON does not have; ``orjson.JSONDecodeError`` for what is left to json (see
    :func:`slow_loads`) or refused.

    orjson reads the text, and refuses NaN, the infinities and a number past a double (which
    json would read as infinity): no answer read this way holds a number that is not finite.
    Where the text holds a run of 19 digits, an integer orjson would have made a float, jiter
    (pydantic's parser) reads it again, integers of any size exactly (it refuses nesting past
    200 levels: then the text is left to json)."""
    value = orjson.loads(text)
    raw = text.encode("utf-8") if isinstance(text, str) else bytes(text)  # orjson refused lone surrogates
    try:
        return with_exact_integers(raw, value)
    except ValueError:
        raise orjson.JSONDecodeError("an integer past 64 bits, nested past 200 levels", "", 0) from None


class NotJson(ValueError):
    """A constant that Python's json accepts and JSON does not (NaN, Infinity, -Infinity), or a
    number past a double (which json reads as infinity)."""


class TooLong(ValueError):
    """An integer with more digits than Python reads (``sys.get_int_max_str_digits()``)."""


def slow_loads(text: str) -> Any:
    """``text`` read by Python's json (what :func:`loads` leaves to it: a lone surrogate escaped,
    a long integer nested past 200 levels, nesting past 1,024 levels), with JSON's numbers only:
    :class:`NotJson` for NaN, the infinities and numbers past a double, :class:`TooLong` for an
    integer with more digits than Python reads; ``RecursionError`` past the interpreter's room."""
    return EXACT.decode(text)


def _not_json(name: str) -> Any:
    raise NotJson(name)


def _finite(token: str) -> float:
    value = float(token)
    if value - value != 0:  # inf - inf is nan
        raise NotJson("a number that is not finite (past a double)")
    return value


def _integer(token: str) -> int:
    try:
        return int(token)
    except ValueError:
        raise TooLong(f"an integer of more than {sys.get_int_max_str_digits():,} digits") from None


#: Python's json reading JSON's numbers only (what :func:`slow_loads` reads with; its
#: ``raw_decode`` reads one value at an offset, as the streaming reader does)
EXACT = json.JSONDecoder(parse_constant=_not_json, parse_float=_finite, parse_int=_integer)


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


def read_encoded(errors: list[Any], text: str, path: Path, exact: bool = False) -> Any:
    """Free-form data that travels as a JSON string, decoded (the text itself when it holds
    no JSON: the reason is added to ``errors``); :class:`TooDeep` when the decoded value
    takes the payload past :data:`~tierone.core.depth.MAX_JUDGED_DEPTH` levels. ``exact``:
    the text is known to hold no integer past 64 bits (orjson alone reads it exactly)."""
    try:
        value = orjson.loads(text) if exact else loads(text)  # nests at most 1,024 deep
    except orjson.JSONDecodeError:
        value = decoded(errors, text, path)  # what orjson refuses, json may read (long integers)
        if value is FAILED:
            return text
    else:
        if depth_of(path) < MAX_JUDGED_DEPTH - 1_024:
            return value
    place = pointer_of(path)
    if value is TOO_DEEP or depth_over(value, MAX_JUDGED_DEPTH - len(place)):
        raise TooDeep(
            f"too deep: the JSON-encoded value at [{place}] takes the payload past {MAX_JUDGED_DEPTH:,} levels",
            str(place),
            about="payload",
        )
    return value


def read_soft(text: str, path: Path) -> Any:
    """A string where the original takes no string, read as the JSON it holds (how the
    rewriter encodes a subtree to keep a limit): the text itself when it holds no JSON, or
    only a string, for the validation to judge as it is."""
    value = read_wrapped(text, path)
    return text if value.__class__ is str else value


def read_wrapped(text: str, path: Path) -> Any:
    """The JSON a ``tierone_json`` object's member holds, a string too (the member carries a
    value's JSON, whatever it is: an unrolled recursion's level past the last, beside text);
    the text itself when it holds no JSON, for the validation to judge."""
    ignored: list[Any] = []
    value = read_encoded(ignored, text, path)
    return text if ignored else value


def gather_rest(value: dict[str, Any], path: Path, errors: list[Any]) -> dict[str, Any]:
    """An object whose member ``tierone_rest`` holds some of its members as a JSON object (how
    the rewriter keeps a count limit: ``rewriter.passes.gathering``), with those members back in
    it; as it is, the reason added to ``errors``, when that member holds no JSON object or
    names a member the object already has."""
    from ..rewriter.shapes import REST_MEMBER
    from .findings import RestoreError

    text = value[REST_MEMBER]
    if text.__class__ is not str:
        return value
    held = read_encoded(errors, text, (path, REST_MEMBER))
    if held.__class__ is not dict:
        if held is not text:
            errors.append(RestoreError(pointer_of((path, REST_MEMBER)), "expected a JSON-encoded object of members"))
        return value
    twice = [name for name in held if name in value]
    if twice:
        where = pointer_of((path, REST_MEMBER))
        errors.append(RestoreError(where, f"the gathered members repeat a member of the object: {twice[0]!r}"))
        return value
    gathered = {name: member for name, member in value.items() if name != REST_MEMBER}
    gathered.update(held)
    return gathered


def decoded(errors: list[Any], text: str, path: Path) -> Any:
    """``text`` decoded by Python's json with JSON's numbers only (:func:`slow_loads`), or
    :data:`FAILED` with the reason added to ``errors``."""
    from .findings import RestoreError

    try:
        return slow_loads(text)
    except NotJson as error:
        errors.append(RestoreError(pointer_of(path), f"the JSON-encoded value holds {error}, which is not JSON"))
    except TooLong as error:
        errors.append(RestoreError(pointer_of(path), f"the JSON-encoded value holds {error}: too large to read"))
    except RecursionError:
        return TOO_DEEP
    except ValueError:
        errors.append(RestoreError(pointer_of(path), "expected a JSON-encoded value (a string holding JSON)"))
    return FAILED
