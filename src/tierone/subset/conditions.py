"""The checkable conditions of partial cells: a value passes, or the reason it does not.

A partial cell names its condition in the data file (``"condition": "regex-subset"``);
the profiles then judge each value with it instead of warning about every use.

``regex-subset`` is Anthropic's: "no backreferences, lookaround, ``\\b`` or large
``{n,m}``". ``regular-pattern`` is the same without the bound: what a constrained-decoding
engine compiles into its grammar (OpenAI's strict mode constrains decoding the same way).
The pattern is read by a small scanner of our own rather than by ``re._parser`` (private, and Python's dialect, not ECMA 262's): it walks the pattern once,
skipping escaped characters and character classes (where ``\\b`` is a backspace), and
names the first excluded construct it meets. Anthropic publishes no number for "large";
tierone calls a bound above ``LARGEST_REPEAT`` large (and ``tierone probe`` sends one
bound on each side of it, so the number can be checked against the live API).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

#: the largest ``{n,m}`` bound counted as small
LARGEST_REPEAT = 100

_GROUPS = (
    ("(?<=", "a lookbehind"),
    ("(?<!", "a negative lookbehind"),
    ("(?=", "a lookahead"),
    ("(?!", "a negative lookahead"),
    ("(?P=", "a named backreference"),
)
_ESCAPES = {"b": "a word boundary", "B": "a non-word boundary", "k": "a named backreference"}
_REPEAT = re.compile(r"\{(\d+)(,(\d*))?\}")


def regex_subset(value: Any) -> str | None:
    """Why ``value`` is outside Anthropic's regex subset, or None (also for a non-string)."""
    return _scan(value, LARGEST_REPEAT, inner_anchors=True)


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
    index, size, in_class = 0, len(value), False
    while index < size:
        char = value[index]
        if char == "\\" and index + 1 < size:
            escaped = value[index + 1]
            if not in_class and escaped in _ESCAPES:
                return _found(_ESCAPES[escaped], "\\" + escaped, index)
            if not in_class and escaped in "123456789":
                return _found("a backreference", "\\" + escaped, index)
            index += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
            if value.startswith("]", index + 1) or value.startswith("^]", index + 1):
                index += 2 if value[index + 1] == "]" else 3  # a leading ] is a literal
                continue
        elif char == "(":
            for opening, name in _GROUPS:
                if value.startswith(opening, index):
                    return _found(name, opening, index)
        elif char in "^$" and not inner_anchors and index != (0 if char == "^" else size - 1):
            return _found("an anchor inside the pattern", char, index)
        elif char == "{" and largest_repeat is not None:
            repeat = _REPEAT.match(value, index)
            if repeat:
                bounds = [int(n) for n in (repeat[1], repeat[3]) if n]
                if max(bounds) > largest_repeat:
                    return _found(f"a repetition bound over {largest_repeat}", repeat[0], index)
        index += 1
    return None


def non_null(value: Any) -> str | None:
    """Why ``value`` (a ``default``) is not sent as written: google-genai's ``Schema`` leaves a
    ``None`` field out of the request, so a null default would silently go."""
    return "it is null, which google-genai leaves out of the request" if value is None else None


def _found(name: str, text: str, index: int) -> str:
    return f"it uses {name} (`{text}` at offset {index})"


#: every condition a cell may name
CONDITIONS: dict[str, Callable[[Any], str | None]] = {
    "regex-subset": regex_subset, "regular-pattern": regular_pattern, "non-null": non_null,
}


def failure(name: str, value: Any) -> str | None:
    """Why ``value`` fails the condition called ``name``, or None when it passes."""
    return CONDITIONS[name](value)
