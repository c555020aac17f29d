"""What ``tierone rewrite`` would change for each finding (``lint --show-fixes``): the rewrite's
changes matched to the findings by place and rule, nothing written."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ..core.errors import InputError
from ..core.pointer import Segment

if TYPE_CHECKING:
    from ..linter.diagnostics import Diagnostic
    from .passes import Change

#: container names a pass renames, so that a change after the rename still meets its finding
_SAME_CONTAINER = {"definitions": "$defs"}


def _canonical(pointer: Iterable[Segment]) -> tuple[Segment, ...]:
    return tuple(_SAME_CONTAINER.get(s, s) if isinstance(s, str) else s for s in pointer)


def fixes_for(data: Any, diagnostics: Iterable[Diagnostic], profile: str) -> Mapping[Diagnostic, tuple[Change, ...]]:
    """The changes the rewrite of ``data`` under ``profile`` makes for each fixable diagnostic:
    those at its node for its rule, else those at its node for a rule not found there."""
    from .rewrite import rewrite

    fixable = [d for d in diagnostics if d.fixable]
    if not fixable:
        return {}
    try:
        changes = rewrite(data, profile).changes
    except (InputError, ValueError, RecursionError):
        return {}
    at: dict[tuple[Segment, ...], list[Change]] = {}
    for change in changes:
        at.setdefault(_canonical(change.pointer), []).append(change)
    found_at: dict[tuple[Segment, ...], set[str]] = {}
    for d in fixable:
        found_at.setdefault(_canonical(d.pointer), set()).add(d.code)
    result = {}
    for d in fixable:
        place = _canonical(d.pointer)
        here = at.get(place, [])
        matched = [c for c in here if c.rule == d.code] or [c for c in here if c.rule not in found_at[place]]
        if matched:
            result[d] = tuple(matched)
    return result
