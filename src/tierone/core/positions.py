"""Line and column of JSON Pointers in a source text, computed only when asked.

Parsing goes through a fast parser that knows nothing of positions; when findings need
places, :class:`JsonLocator` scans the text once for exactly the pointers asked for,
descending only into the containers that lead to them and skipping every other value at
C speed with the standard library's scanner.
"""

from __future__ import annotations

import json
import json.decoder
import json.scanner
import re
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any, Protocol

from .pointer import Segment

Position = tuple[int, int]


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """Blanks; blanks, a colon and blanks; an object member's key without escapes with its
    colon and the blanks up to its value. Compiled on the first scan: a clean file never
    needs them (start-up is a feature)."""
    return (
        re.compile(r"[ \t\n\r]*"),
        re.compile(r"[ \t\n\r]*:[ \t\n\r]*"),
        re.compile(r'"([^"\\\x00-\x1f]*)"[ \t\n\r]*:[ \t\n\r]*'),
    )


_SCAN = json.scanner.make_scanner(json.decoder.JSONDecoder())  # type: ignore[arg-type]
_SCANSTRING = getattr(json.decoder, "scanstring")  # noqa: B009 (C speed; not in typeshed)


class Locator(Protocol):
    """Answers where pointers are in a source (1-based line and column)."""

    def locate(self, wanted: Iterable[tuple[Segment, ...]]) -> Mapping[tuple[Segment, ...], Position]:
        """Positions of the values at ``wanted`` (keys of members where they have one)."""
        ...


class NoLocator:
    """For inputs without a text, such as a schema made by a Python model."""

    def locate(self, wanted: Iterable[tuple[Segment, ...]]) -> Mapping[tuple[Segment, ...], Position]:
        return {}


def _line_columns(text: str, offsets: dict[tuple[Segment, ...], int]) -> dict[tuple[Segment, ...], Position]:
    """Turn character offsets into (line, column), counting newlines once in order."""
    result: dict[tuple[Segment, ...], Position] = {}
    line, last = 1, 0
    for parts, offset in sorted(offsets.items(), key=lambda item: item[1]):
        line += text.count("\n", last, offset)
        last = offset
        result[parts] = (line, offset - text.rfind("\n", 0, offset))
    return result


class JsonLocator:
    """Positions in a JSON text; member positions point at the member's key."""

    def __init__(self, text: str) -> None:
        self._text = text

    def locate(self, wanted: Iterable[tuple[Segment, ...]]) -> Mapping[tuple[Segment, ...], Position]:
        targets = set(wanted)
        if not targets:
            return {}
        descend: set[tuple[Segment, ...]] = set()
        for parts in targets:
            for i in range(len(parts) - 1, -1, -1):
                prefix = parts[:i]
                if prefix in descend:
                    break  # and so are all shorter prefixes
                descend.add(prefix)
        return _line_columns(self._text, self._scan(targets, descend))

    def _scan(
        self, targets: set[tuple[Segment, ...]], descend: set[tuple[Segment, ...]]
    ) -> dict[tuple[Segment, ...], int]:
        text = self._text
        blanks, colon, plain_member = _patterns()
        found: dict[tuple[Segment, ...], int] = {}
        start = blanks.match(text, 0).end()  # type: ignore[union-attr]
        if text.startswith("\ufeff"):
            start = blanks.match(text, 1).end()  # type: ignore[union-attr]
        if () in targets:
            found[()] = start
        # Each frame: [parts, is_object, next_index, position]
        stack: list[list[Any]] = []
        if () in descend and text[start : start + 1] in ("{", "["):
            stack.append([(), text[start] == "{", 0, start + 1])
        while stack:
            frame = stack[-1]
            parts, is_object, index, pos = frame
            pos = blanks.match(text, pos).end()  # type: ignore[union-attr]
            if text[pos] in "}]":
                stack.pop()
                if stack:
                    stack[-1][3] = pos + 1
                continue
            if text[pos] == ",":
                pos = blanks.match(text, pos + 1).end()  # type: ignore[union-attr]
            if is_object:
                key_at = pos
                member = plain_member.match(text, pos)
                if member is not None:  # the common case: a key without escapes, in one match
                    key, value_at = member.group(1), member.end()
                else:
                    key, pos = _SCANSTRING(text, pos + 1)
                    value_at = colon.match(text, pos).end()  # type: ignore[union-attr]
                child = (*parts, key)
            else:
                key_at = value_at = pos
                child = (*parts, index)
            frame[2] = index + 1
            if child in targets:
                found[child] = key_at
            if child in descend and text[value_at] in "{[":
                frame[3] = value_at + 1  # resumed after the child closes
                stack.append([child, text[value_at] == "{", 0, value_at + 1])
                continue
            frame[3] = _SCAN(text, value_at)[1]
        return found


def first_duplicate(text: str) -> tuple[str, int, int] | None:
    """The first member name that an object of ``text`` (a valid JSON document) holds twice,
    with the offsets of both keys; None when every object's names are distinct.

    One pass over the whole text without recursion (as deep as loading allows), scalars
    skipped at C speed: called only when a cheaper count says a duplicate may be there.
    """
    blanks, colon, plain_member = _patterns()
    pos = blanks.match(text, 1 if text.startswith("\ufeff") else 0).end()  # type: ignore[union-attr]
    # one entry per open container: the names seen so far in an object, None in an array
    stack: list[dict[str, int] | None] = []
    while True:
        if text[pos] in "{[":  # at a value: open it, or skip it
            stack.append({} if text[pos] == "{" else None)
            pos += 1
        else:
            pos = _SCAN(text, pos)[1]
        while True:  # on to the next value: close what ends here, step over a comma
            if not stack:
                return None
            pos = blanks.match(text, pos).end()  # type: ignore[union-attr]
            if text[pos] not in "}]":
                break
            stack.pop()
            pos += 1
        if text[pos] == ",":
            pos = blanks.match(text, pos + 1).end()  # type: ignore[union-attr]
        seen = stack[-1]
        if seen is not None:
            key_at = pos
            member = plain_member.match(text, pos)
            if member is not None:
                key, pos = member.group(1), member.end()
            else:
                key, pos = _SCANSTRING(text, pos + 1)
                pos = colon.match(text, pos).end()  # type: ignore[union-attr]
            if key in seen:
                return key, seen[key], key_at
            seen[key] = key_at


class TreeLocator:
    """Positions from a ruamel.yaml round-trip tree (its ``.lc`` line/column records)."""

    def __init__(self, tree: Any) -> None:
        self._tree = tree

    @property
    def tree(self) -> Any:
        """The round-trip tree (its comments are read by :mod:`tierone.core.yaml_comments`)."""
        return self._tree

    def locate(self, wanted: Iterable[tuple[Segment, ...]]) -> Mapping[tuple[Segment, ...], Position]:
        result: dict[tuple[Segment, ...], Position] = {}
        for parts in wanted:
            position = self._position(parts)
            if position is not None:
                result[parts] = position
        return result

    def _position(self, parts: tuple[Segment, ...]) -> Position | None:
        node = self._tree
        position: tuple[int, int] | None = None
        for segment in parts:
            lc = getattr(node, "lc", None)
            try:
                if isinstance(node, dict):
                    key = _yaml_key(node, segment)
                    position = lc.key(key) if lc is not None else None
                    node = node[key]
                elif isinstance(node, list):
                    index = int(segment)
                    position = lc.item(index) if lc is not None else None
                    node = node[index]
                else:
                    return None
            except (KeyError, IndexError, ValueError, TypeError):
                return None
        if not parts:
            lc = getattr(node, "lc", None)
            position = (lc.line, lc.col) if lc is not None else (0, 0)
        if position is None:
            return None
        return (position[0] + 1, position[1] + 1)


def _yaml_key(mapping: dict[Any, Any], segment: Segment) -> Any:
    if segment in mapping:
        return segment
    for key in mapping:
        if _text_key(key) == segment:
            return key
    raise KeyError(segment)


def _text_key(key: Any) -> str:
    """How a YAML mapping key reads as a JSON member name."""
    if isinstance(key, str):
        return key
    if isinstance(key, bool) or key is None:
        return json.dumps(key)
    return str(key)
