"""How a keyword's value is written into a message: as JSON, shortened."""

from __future__ import annotations

import math
from itertools import islice
from json.encoder import encode_basestring
from typing import Any

#: entries of an object or array that ``show`` writes at most: past 21 the text is longer than
#: 40 characters whatever they hold (each takes at least a character and a ", ")
_SHOWN_ENTRIES = 21


class _Text(str):
    """A piece of JSON syntax waiting on ``show``'s stack (as opposed to a value to write)."""

    __slots__ = ()


def show(value: Any) -> str:
    """A value as JSON, shortened for a message (at most 40 characters).

    Only the start of an object or array is written, without recursion: a ``default`` nested
    900 levels deep or holding a million members costs what a small one does."""
    pieces: list[str] = []
    size = 0
    stack: list[Any] = [value]
    while stack and size <= 40:
        item = stack.pop()
        if item.__class__ is _Text:
            text: str = item
        elif isinstance(item, (dict, list)):
            is_object = isinstance(item, dict)
            opening, closing = ("{", "}") if is_object else ("[", "]")
            entries = list(islice(item.items() if isinstance(item, dict) else item, _SHOWN_ENTRIES))
            stack.append(_Text(closing))
            for index in range(len(entries) - 1, -1, -1):
                separator = ", " if index else ""
                if is_object:
                    key, member = entries[index]
                    stack.append(member)
                    name = key if isinstance(key, str) else _json_scalar(key)  # YAML keys: 1, true, null
                    stack.append(_Text(separator + encode_basestring(name) + ": "))
                else:
                    stack.append(entries[index])
                    stack.append(_Text(separator))
            text = opening
        else:
            text = _json_scalar(item)
        pieces.append(text)
        size += len(text)
    text = "".join(pieces)
    return text if len(text) <= 40 else text[:37] + "..."


def _json_scalar(value: Any) -> str:
    """A scalar as ``json.dumps(value, ensure_ascii=False, default=str)`` writes it."""
    kind = value.__class__
    if kind is str:
        return encode_basestring(value)
    if kind is bool:
        return "true" if value else "false"
    if value is None:
        return "null"
    if kind is int:
        return int.__repr__(value)
    if kind is float:
        if math.isfinite(value):
            return float.__repr__(value)
        return "NaN" if math.isnan(value) else "Infinity" if value > 0 else "-Infinity"
    return encode_basestring(str(value))
