"""Rewriting a request body (or an MCP ``tools/list`` result): each schema it carries replaced by
its strict rendition, for the profile the request implies unless one is named; everything else
kept as it was (key order, and comments in YAML). A body goes to an API that refuses members it
does not know, so its renditions carry no marker."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from ..core.loading import Source
from ..core.pointer import Pointer
from ..vendors.requests import Found, spelt
from .rewrite import Rewritten, rewrite

__all__ = ["cannot_fit", "fair", "request_shares", "rewrite_request"]


def rewrite_request(
    source: Source, found: Found, profile_of: Callable[[str | None], str], **options: Any
) -> tuple[Rewritten, Any]:
    """The rewrite of each schema ``found`` carries (``profile_of(slot_profile)`` picks its
    profile; ``options`` as for :func:`~.rewrite.rewrite`), as one :class:`Rewritten` whose
    pointers point into the body, and the body with each schema that could be made strict
    replaced (one that could not is left as it was, its problems listed)."""
    body = copy.deepcopy(source.data)
    changes: list[Any] = []
    unfixable: list[Any] = []
    profiles = [profile_of(entry.profile) for entry in found.schemas]
    schemas = [
        spelt(e.pointer.resolve(source.data), upper=False) if e.upper_types else e.pointer.resolve(source.data)
        for e in found.schemas
    ]
    shares = request_shares(schemas, profiles)
    for entry, profile, schema, share in zip(found.schemas, profiles, schemas, shares, strict=True):
        result = rewrite(schema, profile, limits=share or None, **options)
        changes += [c._replace(pointer=Pointer((*entry.pointer, *c.pointer))) for c in result.changes]
        unfixable += [u._replace(pointer=Pointer((*entry.pointer, *u.pointer))) for u in result.unfixable]
        if result.ok:
            rendition = spelt(result.schema, upper=True) if entry.upper_types else result.schema
            body = _replaced(body, tuple(entry.pointer), rendition)
    unfixable += _over_request(unfixable, shares, found, schemas, profiles)
    shown = "+".join(dict.fromkeys(profiles)) or profile_of(None)
    return Rewritten(body, tuple(changes), tuple(unfixable), shown), body


def _replaced(body: Any, at: tuple[Any, ...], value: Any) -> Any:
    """``body`` with the value at ``at`` replaced (in place; the body is the rewrite's copy)."""
    if not at:
        return value
    parent = body
    for step in at[:-1]:
        parent = parent[step]
    parent[at[-1]] = value
    return body


def _over_request(
    unfixable: list[Any], shares: list[dict[str, int]], found: Found, schemas: list[Any], profiles: list[str]
) -> list[Any]:
    """Where a schema could not be made to fit its share of a limit that counts across the
    request, one problem at the body's root naming the limit, the request's count and the
    schemas that spend it; and one where the request carries more strict tools than allowed."""
    from ..linter.requests import TOOL_COUNT, too_many_tools, tool_limit
    from .passes import Unfixable

    refused = {u.rule for u in unfixable} & {code for share in shares for code in share}
    labels = [entry.label for entry in found.schemas]
    over = [Unfixable(Pointer(), code, cannot_fit(code, labels, schemas, profiles)) for code in sorted(refused)]
    tools = [
        (entry.label, profile) for entry, profile in zip(found.schemas, profiles, strict=True) if entry.role == "tool"
    ]
    limit = tool_limit([profile for _, profile in tools])
    if limit is not None and len(tools) > limit:
        over.append(Unfixable(Pointer(), TOOL_COUNT, too_many_tools([label for label, _ in tools], limit)))
    return over


def cannot_fit(code: str, labels: list[str], schemas: list[Any], profiles: list[str]) -> str:
    """Why a request cannot fit limit ``code`` (one that counts across it): the request's count,
    the limit, and what each schema (by its label) spends."""
    from ..linter.requests import request_counts

    counts = [request_counts(s, p).get(code, (0, 0)) for s, p in zip(schemas, profiles, strict=True)]
    limit = min((limit for _, limit in counts if limit), default=0)
    spent = ", ".join(f"{label} {n}" for label, (n, _) in zip(labels, counts, strict=True) if n)
    return (
        f"the request cannot fit: its schemas need {sum(n for n, _ in counts)} of what rule {code} counts "
        f"together, over the limit of {limit} per request ({spent})"
    )


def request_shares(schemas: list[Any], profiles: list[str]) -> list[dict[str, int]]:
    """Each schema's share of the limits that count across a request (Anthropic's 24 optional
    and 16 union-typed parameters), where together they would spend more: shared fairly (a
    schema that needs less than an equal part leaves the rest to the others), optional
    members first (those kept optional spend no union; those beyond a share become nullable,
    and count as unions). No share (``{}``) where the request is within every limit."""
    from ..linter.requests import request_counts

    counts = [request_counts(schema, profile) for schema, profile in zip(schemas, profiles, strict=True)]
    shares: list[dict[str, int]] = [{} for _ in schemas]
    optional = [c.get("T407", (0, 0))[0] for c in counts]
    limit = min((c["T407"][1] for c in counts if "T407" in c), default=None)
    if limit is not None and sum(optional) > limit:
        for share, part in zip(shares, fair(optional, limit), strict=True):
            share["T407"] = part
    unions = [
        c.get("T408", (0, 0))[0] + max(0, n - s.get("T407", n))
        for c, n, s in zip(counts, optional, shares, strict=True)
    ]
    limit = min((c["T408"][1] for c in counts if "T408" in c), default=None)
    if limit is not None and sum(unions) > limit:
        for share, part in zip(shares, fair(unions, limit), strict=True):
            share["T408"] = part
    return shares


def fair(demands: list[int], limit: int) -> list[int]:
    """``limit`` shared among ``demands`` max-min fairly: the smallest demands are met in full,
    the rest split what is left evenly (the earlier ones taking the remainder).

    >>> fair([2, 30, 30], 24)
    [2, 11, 11]
    """
    shares = [0] * len(demands)
    left, waiting = limit, len(demands)
    for index in sorted(range(len(demands)), key=demands.__getitem__):
        part = min(demands[index], left // waiting)
        shares[index], left, waiting = part, left - part, waiting - 1
    return shares
