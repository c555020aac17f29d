"""JSON text read a token at a time, at C speed where Python's json has the scanner: what the
streaming parser (:mod:`.incremental`) finds values and their ends with."""

from __future__ import annotations

import re
from json.decoder import scanstring  # type: ignore[attr-defined]  # the C string scanner
from typing import Any

from .decoding import EXACT

__all__ = ["CLOSER", "SCALAR", "SCAN", "SPACE", "STRING_REST", "WHITE", "past_space", "scanstring"]

#: white space, skipped
SPACE = re.compile(r"[ \t\n\r]*")
#: what skipping white space starts on
WHITE = frozenset(" \t\n\r")
#: the rest of a string after its opening quote, up to its closing one
STRING_REST = re.compile(r'(?:[^"\\]|\\.)*"', re.DOTALL)
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
