"""Linting a request body (or an MCP ``tools/list`` result): each schema it carries linted at its
pointer into the body, each finding placed at its line and column in the body's file, under
the profile the request implies (its slot's) unless one is named."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.loading import Source, room_for_depth
from ..core.pointer import Pointer
from ..vendors.requests import Found
from . import suppression
from .diagnostics import Diagnostic, FileResult
from .engine import Checklist, diagnose, find, place_of

__all__ = ["lint_request"]


def lint_request(source: Source, found: Found, checklist_of: Callable[[str | None], Checklist]) -> FileResult:
    """``source`` (a request body) linted: each schema of ``found`` with the checklist of its
    profile (``checklist_of(None)``: the profile named or configured)."""
    hits: list[tuple[Checklist, Any]] = []
    for entry in found.schemas:
        checklist = checklist_of(entry.profile)
        schema = entry.pointer.resolve(source.data)
        for policy, hit in find(schema, checklist):
            hits.append((checklist, (policy, hit._replace(pointer=Pointer((*entry.pointer, *hit.pointer))))))
    directives = suppression.directives_of(source)
    positions: dict[tuple[Any, ...], tuple[int, int]] = {}
    if hits:
        with room_for_depth():
            positions.update(source.locator.locate({place_of(hit) for _, (_, hit) in hits}))
    shown = source.file or source.path
    diagnostics: list[Diagnostic] = []
    for checklist, finding in hits:
        diagnostics += diagnose([finding], checklist, shown, positions)
    diagnostics.sort(key=lambda d: (d.line or 0, d.column or 0))
    kept = suppression.apply(tuple(diagnostics), directives)[0] if directives else tuple(diagnostics)
    profiles = list(dict.fromkeys(checklist_of(entry.profile).profile for entry in found.schemas))
    return FileResult(source.path, kept, profile="+".join(profiles) or checklist_of(None).profile, format=source.format)
