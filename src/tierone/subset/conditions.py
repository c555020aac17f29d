"""The checkable conditions of partial cells: a value passes, or the reason it does not.

A partial cell names its condition in the data file (``"condition": "regex-subset"``);
the profiles then judge each value with it instead of warning about every use.

``regex-subset`` is Anthropic's: "no backreferences, lookaround, ``\\b`` or large
``{n,m}``", and no anchor inside the pattern. ``regular-pattern`` is the same without the
bound: what a constrained-decoding engine compiles into its grammar (OpenAI's strict mode
constrains decoding the same way).
The pattern is read by ``core.regex_syntax``'s scanner (escapes and character classes, where
``\\b`` is a backspace, are skipped), and the first excluded construct it meets is named.
Anthropic publishes no number for "large"; tierone calls a bound above ``LARGEST_REPEAT`` large
(and ``tierone probe`` sends one bound on each side of it, so the number can be checked
against the live API).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

from ..core.regex_syntax import atoms, is_anchor

#: the largest ``{n,m}`` bound counted as small
LARGEST_REPEAT = 100

_GROUPS = (
    ("(?<=", "a lookbehind"),
    ("(?<!", "a negative lookbehind"),
    ("(?=", "a lookahead"),
    ("(?!", "a negative lookahead"),
    ("(?P=", "a named backreference"),
)
#: (``\<`` and ``\>`` are word boundaries to the Rust regex engines llguidance and
#: outlines-core build on, and to GNU tools; to JavaScript and Python they are ``<`` and ``>``)
_ESCAPES = {
    "b": "a word boundary",
    "B": "a non-word boundary",
    "k": "a named backreference",
    "<": "a start-of-word boundary",
    ">": "an end-of-word boundary",
}


@cache
def _repeat() -> re.Pattern[str]:
    return re.compile(r"\{(\d+)(,(\d*))?\}")


def regex_subset(value: Any) -> str | None:
    """Why ``value`` is outside Anthropic's regex subset, or None (also for a non-string).
    Anthropic's list says nothing of anchors; one inside the pattern is an assertion like
    ``\\b``, which its grammar cannot hold either (llguidance refuses it)."""
    return _scan(value, LARGEST_REPEAT, inner_anchors=False)


def regular_pattern(value: Any) -> str | None:
    """Why ``value`` is no regular expression in the automaton sense (a lookaround, a
    backreference, a word boundary: what a constrained-decoding engine cannot compile into
    its grammar; llguidance refuses them; an anchor inside the pattern, ``($|/)``, too), or None
    (also for a non-string)."""
    return _scan(value, None, inner_anchors=False)


def _scan(value: Any, largest_repeat: int | None, *, inner_anchors: bool) -> str | None:
    """The first excluded construct of ``value``; a ``{n,m}`` bound over ``largest_repeat``
    is one unless that is None, and a ``^`` or ``$`` elsewhere than at the pattern's ends is
    one unless ``inner_anchors``."""
    if not isinstance(value, str):
        return None
    last = len(value) - 1
    for atom in atoms(value):
        index, text = atom.at, atom.text
        if atom.in_class:
            continue
        if text[0] == "\\" and len(text) == 2:
            if text[1] in _ESCAPES:
                return _found(_ESCAPES[text[1]], text, index)
            if text[1] in "123456789":
                return _found("a backreference", text, index)
        elif text == "(":
            for opening, name in _GROUPS:
                if value.startswith(opening, index):
                    return _found(name, opening, index)
        elif is_anchor(atom) and not inner_anchors and index != (0 if text == "^" else last):
            return _found("an anchor inside the pattern", text, index)
        elif text == "{" and largest_repeat is not None:
            repeat = _repeat().match(value, index)
            if repeat:
                bounds = [int(n) for n in (repeat[1], repeat[3]) if n]
                if max(bounds) > largest_repeat:
                    return _found(f"a repetition bound over {largest_repeat}", repeat[0], index)
    return None


def non_null(value: Any) -> str | None:
    """Why ``value`` (a ``default``) is not sent as written: google-genai's ``Schema`` leaves a
    ``None`` field out of the request, so a null default would silently go."""
    return "it is null, which google-genai leaves out of the request" if value is None else None


#: the signed 64-bit range, but its lowest value: llguidance reads an integer as a double
#: and crashes (a segmentation fault) on one that rounds to -2^63
INT64 = (-(2**63), 2**63 - 1)


#: the widest bound llguidance turns into a range of non-integers: a double at or past
#: 2^63 - 1024 (either sign) makes it fail ("Failed to generate regex for float range")
FLOAT_EDGE = 2.0**63 - 2048


def past_64_bits(item: Any, bound: bool = False) -> bool:
    """Whether ``item`` is an integer outside :data:`INT64` (or one that rounds to -2^63); with
    ``bound`` (a number standing alone, not an item of ``enum``), also a non-integer past
    :data:`FLOAT_EDGE` either way."""
    if isinstance(item, float) and bound:
        return not -FLOAT_EDGE <= item <= FLOAT_EDGE
    if not isinstance(item, int) or isinstance(item, bool):
        return False
    return not INT64[0] <= item <= INT64[1] or float(item) == INT64[0]


def signed_64_bit(value: Any) -> str | None:
    """Why ``value`` (a bound, a ``const``, or an ``enum``'s list) is not read as written by
    engines that read numbers as signed 64-bit integers: it holds an integer past that range, or
    stands alone as a number past it."""
    for item in value if isinstance(value, list) else [value]:
        if past_64_bits(item, bound=not isinstance(value, list)):
            return f"it holds {item}, a number outside the signed 64-bit range (or at its edge)"
    return None


def _found(name: str, text: str, index: int) -> str:
    return f"it uses {name} (`{text}` at offset {index})"


#: every condition a cell may name
CONDITIONS: dict[str, Callable[[Any], str | None]] = {
    "regex-subset": regex_subset,
    "regular-pattern": regular_pattern,
    "non-null": non_null,
    "signed-64-bit": signed_64_bit,
}


def failure(name: str, value: Any) -> str | None:
    """Why ``value`` fails the condition called ``name``, or None when it passes."""
    return CONDITIONS[name](value)
