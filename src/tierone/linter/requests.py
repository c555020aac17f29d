"""Linting a request body (or an MCP ``tools/list`` result): each schema it carries linted at its
pointer into the body, each finding placed at its line and column in the body's file, under
the profile the request implies (its slot's) unless one is named."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..core.loading import Source, room_for_depth
from ..core.pointer import Pointer
from ..subset.profiles import policies
from ..subset.table import FEATURES
from ..vendors.requests import Found, spelt
from . import suppression
from .checks.base import Hit
from .checks.limits import COUNTED
from .diagnostics import Diagnostic, FileResult
from .engine import Checklist, diagnose, find, place_of

__all__ = [
    "PER_REQUEST",
    "TOOL_COUNT",
    "lint_request",
    "request_counts",
    "request_fixes",
    "too_many_tools",
    "tool_limit",
]


def lint_request(source: Source, found: Found, checklist_of: Callable[[str | None], Checklist]) -> FileResult:
    """``source`` (a request body) linted: each schema of ``found`` with the checklist of its
    profile (``checklist_of(None)``: the profile named or configured), and each limit that
    counts across a request (Anthropic's optional and union-typed parameters) judged on the
    schemas' total, once for the body, where no one schema is over it already."""
    hits: list[tuple[Checklist, Any]] = []
    spent: dict[str, list[tuple[str, int, Checklist]]] = {}
    for entry in found.schemas:
        checklist = checklist_of(entry.profile)
        schema = entry.pointer.resolve(source.data)
        if entry.upper_types:
            schema = spelt(schema, upper=False)
        tallies: list[Any] = []
        for policy, hit in find(schema, checklist, tallies=tallies):
            hits.append((checklist, (policy, hit._replace(pointer=Pointer((*entry.pointer, *hit.pointer))))))
        for code in PER_REQUEST & checklist.limits.keys():
            spent.setdefault(code, []).append((entry.label, getattr(tallies[0], COUNTED[code]), checklist))
    hits += _over_request_limits(spent)
    hits += _over_tool_limit([checklist_of(e.profile) for e in found.schemas if e.role == "tool"])
    directives = suppression.directives_of(source)
    positions: dict[tuple[Any, ...], tuple[int, int]] = {}
    if hits:
        with room_for_depth():
            positions.update(source.locator.locate({place_of(hit) for _, (_, hit) in hits}))
    shown = source.file or source.path
    diagnostics: list[Diagnostic] = []
    for checklist, finding in hits:
        placed = diagnose([finding], checklist, shown, positions)
        if finding[1].fields and "spent" in finding[1].fields:  # a request's total: said as one
            placed = tuple(d._replace(message=_request_message(finding[1].fields)) for d in placed)
        diagnostics += placed
    diagnostics.sort(key=lambda d: (d.line or 0, d.column or 0))
    kept = suppression.apply(tuple(diagnostics), directives)[0] if directives else tuple(diagnostics)
    profiles = list(dict.fromkeys(checklist_of(entry.profile).profile for entry in found.schemas))
    return FileResult(source.path, kept, profile="+".join(profiles) or checklist_of(None).profile, format=source.format)


def request_fixes(
    source: Source,
    found: Found,
    diagnostics: Sequence[Diagnostic],
    checklist_of: Callable[[str | None], Checklist],
    explain: Callable[[Any, Sequence[Diagnostic], str], Mapping[Diagnostic, tuple[Any, ...]]],
) -> dict[Diagnostic, tuple[Any, ...]]:
    """What ``explain`` (``--show-fixes``: ``tierone.rewriter.fixes.fixes_for``) says the rewrite
    changes for each finding of ``source`` (a request body) in a schema of ``found``: each
    schema explained under its profile, as :func:`lint_request` judged it, its findings and
    their changes placed in the body."""
    fixes: dict[Diagnostic, tuple[Any, ...]] = {}
    for entry in found.schemas:
        at = tuple(entry.pointer)
        inside = {
            d: d._replace(pointer=Pointer(d.pointer[len(at) :])) for d in diagnostics if d.pointer[: len(at)] == at
        }
        if not inside:
            continue
        schema = entry.pointer.resolve(source.data)
        said = explain(
            spelt(schema, upper=False) if entry.upper_types else schema,
            list(inside.values()),
            checklist_of(entry.profile).profile,
        )
        for finding, placed in inside.items():
            if placed in said:
                fixes[finding] = tuple(c._replace(pointer=Pointer((*at, *c.pointer))) for c in said[placed])
    return fixes


#: the limit on how many strict tools one request carries (counted over its tools, in no schema)
TOOL_COUNT = "T409"
#: the limits that count what a request's schemas hold together, by rule code
PER_REQUEST = frozenset(feature.code for feature in FEATURES if feature.per_request) - {TOOL_COUNT}


def _over_tool_limit(tools: list[Checklist]) -> list[tuple[Checklist, Any]]:
    """A hit at the body's root when it carries more strict tools (one checklist each) than
    the strictest of their profiles allows."""
    limited = sorted((c for c in tools if TOOL_COUNT in c.limits), key=lambda c: c.limits[TOOL_COUNT])
    if not limited or len(tools) <= limited[0].limits[TOOL_COUNT]:
        return []
    checklist = limited[0]
    policy = next(p for p in policies(checklist.profile) if p.feature.code == TOOL_COUNT)
    fields = {"count": len(tools), "limit": checklist.limits[TOOL_COUNT]}
    return [(checklist, (policy, Hit(Pointer(), None, fields, amount=len(tools))))]


def tool_limit(profiles: list[str]) -> int | None:
    """The most strict tools one request may carry under every one of ``profiles`` (None: no
    limit)."""
    from .engine import checklist_for

    limits = [checklist_for(p, frozenset({TOOL_COUNT})).limits.get(TOOL_COUNT) for p in dict.fromkeys(profiles)]
    return min((limit for limit in limits if limit is not None), default=None)


#: the tools a refusal names at most
_NAMED = 25


def too_many_tools(labels: list[str], limit: int) -> str:
    """Why a request of the strict tools ``labels`` cannot be sent: its count and the limit."""
    shown = ", ".join(labels[:_NAMED]) + (f" and {len(labels) - _NAMED} more" if len(labels) > _NAMED else "")
    return (
        f"the request cannot fit: it has {len(labels)} strict tools, over the limit of {limit} per request "
        f"({shown}); send some without strict mode, or split them across requests"
    )


def _over_request_limits(spent: dict[str, list[tuple[str, int, Checklist]]]) -> list[tuple[Checklist, Any]]:
    """A hit at the body's root for each limit the schemas' total is over (where none of
    them is over it alone: that one is reported at its own root)."""
    found: list[tuple[Checklist, Any]] = []
    for code, counts in sorted(spent.items()):
        checklist = counts[0][2]
        limit = min(c.limits[code] for _, _, c in counts)
        total = sum(count for _, count, _ in counts)
        if total <= limit or any(count > limit for _, count, _ in counts):
            continue
        policy = next(p for p, _ in checklist.final if p.feature.code == code)
        shares = ", ".join(f"{label} {count}" for label, count, _ in counts if count)
        fields = {"count": total, "limit": limit, "spent": shares, "what": _WHAT[code]}
        found.append((checklist, (policy, Hit(Pointer(), None, fields, amount=total))))
    return found


def _request_message(fields: dict[str, Any]) -> str:
    return (
        f"the request's schemas have {fields['count']} {fields['what']} together, over the limit of "
        f"{fields['limit']} per request ({fields['spent']})"
    )


#: what each count limit counts, as its message says it
_WHAT = {"T407": "optional properties", "T408": "union-typed properties"}


def request_counts(schema: Any, profile: str) -> dict[str, tuple[int, int]]:
    """What ``schema`` spends of each limit that counts across a request under ``profile``:
    {rule code: (count, the profile's limit)} (a limit the profile does not set is left out)."""
    from .engine import checklist_for

    checklist = checklist_for(profile, PER_REQUEST)
    tallies: list[Any] = []
    find(schema, checklist, tallies=tallies)
    return {code: (getattr(tallies[0], COUNTED[code]), limit) for code, limit in checklist.limits.items()}
