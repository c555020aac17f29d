"""JSON text read a token at a time, at C speed where Python's json has the scanner: what the
streaming parser (:mod:`.incremental`) finds values and their ends with."""

from __future__ import annotations

import re
from json.decoder import scanstring  # type: ignore[attr-defined]  # the C string scanner
from typing import Any

from .decoding import EXACT

__all__ = [
    "CLOSER",
    "SCALAR",
    "SCAN",
    "SPACE",
    "WHITE",
    "closing_quote",
    "open_escape",
    "past_space",
    "scanstring",
    "shown_so_far",
]

#: white space, skipped
SPACE = re.compile(r"[ \t\n\r]*")
#: what skipping white space starts on
WHITE = frozenset(" \t\n\r")
#: a ``\\u`` escape of a high surrogate where a string's text so far ends (its pair may follow)
_HIGH_AT_END = re.compile(r"\\u[dD][89abAB][0-9a-fA-F]{2}\Z")
#: a number, true, false or null, up to what ends it
SCALAR = re.compile(r"[^,\]}\s]*")
#: what ends a container, by what opens it
CLOSER = {"{": "}", "[": "]"}
#: reads one complete value at an offset (``scan_once``, without the wrapper), as the whole
#: answer's reading reads it (:data:`~.decoding.EXACT`), but integers at C speed: one past
#: Python's digits raises ``ValueError`` as any text that is not JSON does (the streaming
#: reading then stops, and the whole text's reading says why)
SCAN: Any = type(EXACT)(parse_constant=EXACT.parse_constant, parse_float=EXACT.parse_float, parse_int=int).scan_once  # type: ignore[attr-defined]


def past_space(text: str, pos: int) -> int:
    """Where the white space at ``pos`` ends (``pos`` itself where there is none: no regex run)."""
    return SPACE.match(text, pos).end() if pos < len(text) and text[pos] in WHITE else pos  # type: ignore[union-attr]


def _escapes(text: str, at: int, start: int) -> bool:
    """Whether the backslash at ``at`` starts an escape (an even run of backslashes before it,
    back to ``start``)."""
    run = at
    while run > start and text[run - 1] == "\\":
        run -= 1
    return (at - run) % 2 == 0


def closing_quote(text: str, start: int = 0) -> int:
    """Where the string whose text starts at ``start`` (past its opening quote, or at an
    escape's start) closes: its closing quote's offset, or -1 where it has not come yet.
    Found at C speed (an escaped quote costs one look back)."""
    at = text.find('"', start)
    while at > start and text[at - 1] == "\\" and _escapes(text, at - 1, start):
        at = text.find('"', at + 1)
    return at


def open_escape(text: str, start: int = 0) -> str:
    """What of a string's text so far (from ``start``, where no escape is open) an escape
    still open at its end holds: a lone backslash, or nothing."""
    end = len(text)
    return "\\" if end > start and text[-1] == "\\" and _escapes(text, end - 1, start) else ""


def shown_so_far(text: str) -> tuple[str, str]:
    """A string's text so far (past its opening quote, or from an escape's start; its closing
    quote not come yet) as far as it can be decoded: the decoded part, and the text left for
    later (an escape cut short, or a high surrogate whose pair may follow). Text with no
    escape is taken as it is, as the chunks that follow it are (a control character in it is
    for the whole reading to refuse); ``ValueError`` where text with escapes is not JSON."""
    last = text.rfind("\\")
    if last < 0:
        return text, ""
    cut = len(text)
    if _escapes(text, last, 0) and cut - last < (6 if text[last + 1 : last + 2] == "u" else 2):
        cut = last  # an escape cut short
    high = _HIGH_AT_END.search(text, max(cut - 6, 0), cut)
    if high is not None and _escapes(text, high.start(), 0):
        cut = high.start()
    return (scanstring(text[:cut] + '"', 0, True)[0] if cut else ""), text[cut:]
