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
from ..vendors.requests import Found
from .rewrite import Rewritten, rewrite

__all__ = ["rewrite_request"]


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
    profiles: list[str] = []
    for entry in found.schemas:
        profile = profile_of(entry.profile)
        profiles.append(profile)
        result = rewrite(entry.pointer.resolve(source.data), profile, **options)
        changes += [c._replace(pointer=Pointer((*entry.pointer, *c.pointer))) for c in result.changes]
        unfixable += [u._replace(pointer=Pointer((*entry.pointer, *u.pointer))) for u in result.unfixable]
        if result.ok:
            body = _replaced(body, tuple(entry.pointer), result.schema)
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
