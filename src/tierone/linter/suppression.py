"""Inline suppressions: read once from an input, applied once by the engine.

A directive names the node it stands on and the codes it suppresses there:

- YAML: a comment ``# tierone: ignore[T104, T301]`` on the line of a mapping key suppresses
  for that member's node (on the line of a keyword, for that keyword's findings); a comment
  at the top of the document, before any node, suppresses for the root;
- JSON (and YAML, and a model's schema): a ``"$comment": "tierone: ignore[T104]"`` member
  suppresses for the node it is a member of.

``tierone: ignore`` without codes suppresses every code; codes are selectors as ``--ignore``
takes them (``T1`` is the family, ``open-object`` a name). A directive, or a code of one, that
suppresses nothing is reported as T801 (unused-suppression).
"""

import re
from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple

from ..core.pointer import ROOT, Pointer, Segment
from ..core.source import Source
from ..core.walker import walk
from ..subset.table import FEATURES
from .diagnostics import Diagnostic
from .selection import prefix_of

#: a directive inside a comment or a ``$comment`` string
DIRECTIVE = re.compile(r"tierone:\s*ignore\b(?:\[(?P<codes>[^\]]*)\])?")
#: the member a JSON directive is written in
MEMBER = "$comment"


class Directive(NamedTuple):
    """One ``tierone: ignore`` and the node it is about."""

    #: the node (or the node's keyword: its parts end with it) whose findings it suppresses;
    #: None when it stands where no node is
    target: tuple[Segment, ...] | None
    #: the selectors it names; empty: every code
    codes: tuple[str, ...]
    #: as written, e.g. ``tierone: ignore[T104]``
    text: str
    #: where it stands: the node's pointer, and its member (``$comment``) when it is one
    pointer: Pointer
    keyword: str | None = None
    #: 1-based place of a YAML comment (a member's place comes from the input's locator)
    line: int | None = None
    column: int | None = None


class Unused(NamedTuple):
    """A directive, or some of its codes, that suppressed nothing: why, in words."""

    directive: Directive
    detail: str


def _parse(text: str) -> tuple[str, tuple[str, ...]] | None:
    match = DIRECTIVE.search(text)
    if match is None:
        return None
    listed = match["codes"]
    codes = tuple(code.strip() for code in listed.split(",") if code.strip()) if listed is not None else ()
    return match.group(0), codes


def directives_of(source: Source) -> tuple[Directive, ...]:
    """Every directive of a loaded input: ``$comment`` members, and YAML comments."""
    if source.text is not None and "tierone:" not in source.text:
        return ()  # the common case, decided without a walk
    if source.text is None and not _may_hold(source.data):
        return ()
    found = list(_members(source.data))
    if source.format == "yaml" and source.text is not None:
        found.extend(_yaml_comments(source))
    return tuple(found)


def _may_hold(data: Any) -> bool:
    """Whether data without a text may hold a directive at all (decided at C speed)."""
    import orjson

    try:
        return b"tierone:" in orjson.dumps(data)
    except TypeError:  # deeper than orjson goes, or odd values: let the walk decide
        return True


def _members(data: Any) -> Iterator[Directive]:
    for visit in walk(data):
        node = visit.schema
        if isinstance(node, dict) and isinstance(node.get(MEMBER), str):
            parsed = _parse(node[MEMBER])
            if parsed is not None:
                yield Directive(tuple(visit.pointer), parsed[1], parsed[0], visit.pointer, MEMBER)


def _yaml_comments(source: Source) -> Iterator[Directive]:
    from ..core.yaml_comments import comments, node_lines

    tree = getattr(source.locator, "tree", None)
    if tree is None or source.text is None:
        return
    lines = node_lines(tree)
    first = min(lines, default=None)
    for comment in comments(tree, source.text):
        parsed = _parse(comment.text)
        if parsed is None:
            continue
        target: tuple[Segment, ...] | None = lines.get(comment.line)
        if target is None and comment.own_line and (first is None or comment.line < first):
            target = ()
        pointer = Pointer(target) if target is not None else ROOT
        yield Directive(target, parsed[1], parsed[0], pointer, None, comment.line, comment.column)


def apply(
    diagnostics: Iterable[Diagnostic], directives: tuple[Directive, ...]
) -> tuple[tuple[Diagnostic, ...], tuple[Unused, ...]]:
    """The diagnostics no directive suppresses, and the directives (or codes) that suppressed
    nothing. Each code of a directive is resolved once: the cost is linear in the codes listed."""
    by_target: dict[tuple[Segment, ...], list[int]] = {}
    for index, directive in enumerate(directives):
        if directive.target is not None:
            by_target.setdefault(directive.target, []).append(index)
    prefixes = [{code: prefix_of(code) for code in directive.codes} for directive in directives]
    used: list[set[str]] = [set() for _ in directives]
    kept = []
    for diagnostic in diagnostics:
        places = [tuple(diagnostic.pointer)]
        if diagnostic.keyword is not None:
            places.append((*diagnostic.pointer, diagnostic.keyword))
        suppressed = False
        for place in places:
            for index in by_target.get(place, ()):
                codes = prefixes[index]
                hits = (
                    [c for c, p in codes.items() if p is not None and diagnostic.code.startswith(p)] if codes else ["*"]
                )
                if hits:
                    used[index].update(hits)
                    suppressed = True
        if not suppressed:
            kept.append(diagnostic)
    unused = [
        Unused(d, detail) for d, u, p in zip(directives, used, prefixes, strict=True) if (detail := _unused(d, u, p))
    ]
    return tuple(kept), tuple(unused)


def _unused(directive: Directive, used: set[str], prefixes: dict[str, str | None]) -> str:
    """Why a directive (or some of its codes) suppressed nothing; "" when all of it did something."""
    if directive.target is None:
        return " (it stands on no node's line)"
    if not directive.codes:
        return "" if used else " (no finding on this node)"
    if len(prefixes) > len(FEATURES):
        return f" (it lists {len(prefixes):,} codes, more than the {len(FEATURES)} rules there are)"
    unknown = [c for c, p in prefixes.items() if p is None]
    idle = [c for c, p in prefixes.items() if p is not None and c not in used]
    parts = []
    if unknown:
        parts.append(f"{_listed(unknown)} {'names' if len(unknown) == 1 else 'name'} no rule")
    if idle:
        parts.append(f"no {_listed(idle)} finding on this node")
    return f" ({'; '.join(parts)})" if parts else ""


#: how many codes a message lists before it says how many more there are
LISTED = 8


def _listed(codes: list[str]) -> str:
    shown = ", ".join(codes[:LISTED])
    return shown if len(codes) <= LISTED else f"{shown} and {len(codes) - LISTED:,} more"
