"""Comments of a YAML document and the lines its nodes stand on, from ruamel.yaml's
round-trip tree (which keeps both): what inline suppressions are read from."""

from __future__ import annotations

from typing import Any, NamedTuple

from .pointer import Segment
from .positions import _text_key


class Comment(NamedTuple):
    """One ``#`` comment line of a YAML text."""

    #: 1-based line and column of the ``#``
    line: int
    column: int
    #: the comment's text, ``#`` included, without the line break
    text: str
    #: whether nothing but blanks stands before it on its line
    own_line: bool


def comments(tree: Any, text: str) -> tuple[Comment, ...]:
    """Every comment of the document ``tree`` was loaded from (``text``), in line order."""
    from ruamel.yaml.tokens import CommentToken

    lines = text.splitlines()
    found: dict[tuple[int, int], Comment] = {}
    stack: list[Any] = [tree]
    seen: set[int] = set()
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, CommentToken):
            for comment in _lines_of(item, lines):
                found.setdefault((comment.line, comment.column), comment)
            continue
        attached = getattr(item, "ca", None)
        if attached is not None:
            stack.extend((attached.comment, attached.items, attached.end))
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return tuple(found[place] for place in sorted(found))


def _lines_of(token: Any, lines: list[str]) -> list[Comment]:
    """The comment lines one token holds (ruamel folds blank lines and following comment
    lines into one token starting at the first ``#``)."""
    result: list[Comment] = []
    mark = getattr(token, "start_mark", None)
    if mark is None:
        return result
    line, column = mark.line, mark.column
    for offset, piece in enumerate(str(token.value).lstrip("\n").split("\n")):
        at = line + offset
        if at >= len(lines) or not piece.strip().startswith("#"):
            continue
        source = lines[at]
        start = source.find("#", column if offset == 0 else 0)
        if start < 0:
            continue
        result.append(Comment(at + 1, start + 1, source[start:], not source[:start].strip()))
    return result


def node_lines(tree: Any) -> dict[int, tuple[Segment, ...]]:
    """The 1-based line each mapping member and sequence item starts on, mapped to its pointer's
    parts; a line holding several (a flow mapping) is the outermost, first one's."""
    result: dict[int, tuple[Segment, ...]] = {}
    stack: list[tuple[Any, tuple[Segment, ...]]] = [(tree, ())]
    seen: set[int] = set()  # an aliased node stands where its anchor is: walked once
    while stack:
        node, parts = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        written = getattr(getattr(node, "lc", None), "data", None) or {}  # a merged key (<<) has no place
        children: list[tuple[Any, tuple[Segment, ...], int | None]] = []
        if isinstance(node, dict):
            for key, value in node.items():
                place = written.get(key)
                children.append((value, (*parts, _text_key(key)), place[0] if place else None))
        elif isinstance(node, list):
            for index, value in enumerate(node):
                place = written.get(index)
                children.append((value, (*parts, index), place[0] if place else None))
        for value, child, line in children:
            if line is not None:
                result.setdefault(line + 1, child)
        stack.extend((value, child) for value, child, _ in reversed(children))
    return result
