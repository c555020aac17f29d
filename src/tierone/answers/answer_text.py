"""An answer as the model gave it, made JSON data: text parsed as :func:`~.decoding.loads`
parses it (what is not JSON, too deep or too large is one :class:`~.findings.StrictError`),
anything else taken as already parsed."""

from __future__ import annotations

from typing import Any

import orjson

from ..core.validation import CannotJudge
from .decoding import PARSED_DEPTH, TooLong, loads, slow_loads
from .findings import StrictError


def answer_data(answer: Any) -> tuple[Any, bool]:
    """The answer as JSON data: text (``str``/``bytes``, surrounding whitespace allowed) is
    parsed; anything else is taken as already parsed. And whether it is known to nest no
    deeper than orjson parses (1,024 levels)."""
    if not isinstance(answer, str):
        if not isinstance(answer, (bytes, bytearray, memoryview)):
            return answer, False
        try:
            answer = bytes(answer).decode("utf-8")
        except UnicodeDecodeError as error:
            raise StrictError(
                [("", f"the answer is not UTF-8 text: {error.reason} at byte {error.start}")], "the answer is not JSON"
            ) from None
    text = answer.strip()
    try:
        return loads(text), True
    except orjson.JSONDecodeError as error:
        if "depth limit" in error.msg:  # as loading refuses a file: json would only run out of room
            raise StrictError(
                [("", f"too deep: the answer nests past {PARSED_DEPTH:,} levels")], "the answer cannot be read"
            ) from None
    try:  # what the fast parsers leave to json (a lone surrogate escaped; a long integer nested past 200)
        return slow_loads(text), False
    except RecursionError:
        refused, what = "too deep: the answer nests too deep to be read as JSON text", "the answer cannot be read"
    except TooLong as error:
        refused, what = f"too large: the answer holds {error}", "the answer cannot be read"
    except ValueError as error:  # NotJson among them: NaN, the infinities, a number past a double
        refused, what = str(error), "the answer is not JSON"
    raise StrictError([("", refused)], what)


def unreadable(error: CannotJudge) -> StrictError:
    """What the answer's refusal to be judged (too deep, too large) says, at its pointer."""
    return StrictError([(error.pointer, error.message)], "the answer cannot be read")
