"""What ``tierone rewrite`` would change for each finding (``lint --show-fixes``): the rewrite's
changes matched to the findings by place and rule, nothing written."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ..core.errors import InputError
from ..core.pointer import Segment
from .passes.closing import ENCODED_SHAPE

if TYPE_CHECKING:
    from ..linter.diagnostics import Diagnostic
    from .passes import Change

#: container names a pass renames, so that a change after the rename still meets its finding
_SAME_CONTAINER = {"definitions": "$defs"}


def _canonical(pointer: Iterable[Segment]) -> tuple[Segment, ...]:
    return tuple(_SAME_CONTAINER.get(s, s) if isinstance(s, str) else s for s in pointer)


def fixes_for(data: Any, diagnostics: Iterable[Diagnostic], profile: str) -> Mapping[Diagnostic, tuple[Change, ...]]:
    """The changes the rewrite of ``data`` under ``profile`` makes for each fixable diagnostic:
    those at its node for its rule (for a finding at a keyword, the ones about that keyword where
    a change names one), else those at its node that took its keyword out (under another rule:
    ``if`` removed as the schema's draft does not define it fixes the vendor's refusal of
    ``if`` too), else the one that took out a subtree holding it (a removed ``not`` fixes what
    was found inside it; an encoded value, what was found in its schema), else those at its node
    for a rule not found there."""
    from .rewrite import rewrite

    fixable = [d for d in diagnostics if d.fixable]
    if not fixable:
        return {}
    try:
        changes = rewrite(data, profile).changes
    except (InputError, ValueError, RecursionError):
        return {}
    at: dict[tuple[Segment, ...], list[Change]] = {}
    #: the changes that took a whole subtree out of the wire schema, by the subtree's place
    whole: dict[tuple[Segment, ...], Change] = {}
    for change in changes:
        place = _canonical(change.pointer)
        at.setdefault(place, []).append(change)
        if change.keyword:
            whole.setdefault((*place, change.keyword), change)
        elif change.loosens == ENCODED_SHAPE:
            whole.setdefault(place, change)
    found_at: dict[tuple[Segment, ...], set[str]] = {}
    for d in fixable:
        found_at.setdefault(_canonical(d.pointer), set()).add(d.code)
    result = {}
    for d in fixable:
        place = _canonical(d.pointer)
        here = at.get(place, [])
        matched = (
            [c for c in here if c.rule == d.code and (not c.keyword or not d.keyword or c.keyword == d.keyword)]
            or [c for c in here if d.keyword is not None and c.keyword == d.keyword]
            or _around(place, whole)
            or [c for c in here if c.rule not in found_at[place]]
        )
        if matched:
            result[d] = tuple(matched)
    return result


def _around(place: tuple[Segment, ...], whole: Mapping[tuple[Segment, ...], Change]) -> list[Change]:
    """The change that took out the outermost subtree holding the node at ``place`` (none: [])."""
    for end in range(len(place) + 1):
        change = whole.get(place[:end])
        if change is not None:
            return [change]
    return []
