"""``rewrite()``: a normal schema in, a strict-mode schema out, judged by the linter."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any, NamedTuple

from ..core.inputs import load_schema
from ..core.loading import room_for_depth
from ..core.pointer import ROOT
from ..core.walker import detached, walk
from ..subset.profiles import DEFAULT_PROFILE, PROFILES
from .passes import PASSES, TRIGGERS, Change, Options, Unfixable


class Rewritten(NamedTuple):
    """The result of a rewrite."""

    #: the strict-mode schema (best effort when ``unfixable`` is not empty)
    schema: Any
    #: every edit made, in pass order
    changes: tuple[Change, ...]
    #: what could not be made compliant; empty means the schema lints clean
    unfixable: tuple[Unfixable, ...]
    profile: str

    @property
    def ok(self) -> bool:
        return not self.unfixable


def rewrite(
    schema: Mapping[str, Any] | bool | str | os.PathLike[str] | Any,
    profile: str = DEFAULT_PROFILE,
    *,
    open_objects: str = "encode",
    hints: bool = True,
    id: str | None = None,
    unroll: int | None = None,
) -> Rewritten:
    """Rewrite ``schema`` for the strict mode(s) of ``profile``.

    Optional fields become required and nullable (``null`` means absent), objects are
    closed, free-form data becomes a JSON-encoded string (``open_objects="error"`` refuses
    it instead), unsupported constraints move into the description (unless ``hints`` is
    false) and are checked again by :func:`tierone.restore`. ``id`` replaces the ``$id`` (a
    rewritten schema is a different document). ``unroll=N`` unrolls recursion N levels deep
    (the last level closed by removing the optional member that holds the recursion; restore
    reads it back as absent) for a profile that refuses recursion. The result lints clean
    under ``profile``, or says in ``unfixable`` why not. The input is not modified.
    ``schema`` is a schema (an object
    or a boolean), a path, ``module:attribute`` or a pydantic model class or ``TypeAdapter``;
    anything else (a ``str`` that names no file, an array) raises
    :class:`tierone.core.errors.InputError`.

    >>> rewrite({"type": "object", "properties": {"a": {"type": "string"}}}).schema
    {'type': 'object', 'properties': {'a': {'type': ['string', 'null']}}, 'additionalProperties': False, 'required': ['a'], 'propertyOrdering': ['a']}
    """
    if not isinstance(schema, (Mapping, bool)):
        schema = load_schema(schema).data  # a path, module:attribute or a model; never JSON text
    if profile not in PROFILES:
        raise ValueError(f"unknown profile {profile!r}; choose one of {', '.join(PROFILES)}")
    if open_objects not in ("encode", "error"):
        raise ValueError("open_objects must be 'encode' or 'error'")
    if unroll is not None and (type(unroll) is not int or unroll < 1):
        raise ValueError(f"unroll is a number of levels (1 or more), not {unroll!r}")
    with room_for_depth():
        return _rewrite(schema, profile, Options(profile, open_objects, hints), id, unroll)


def _rewrite(schema: Mapping[str, Any] | bool, profile: str, options: Options, id: str | None,
             unroll: int | None = None) -> Rewritten:
    from ..linter.api import lint

    current: Any = schema
    changes: list[Change] = []
    unfixable: list[Unfixable] = []
    if unroll is not None:
        from .passes.recursion import unroll as unrolled

        result = unrolled(current, unroll)
        current, changes, unfixable = result.schema, list(result.changes), list(result.unfixable)
    present = {key for visit in walk(schema) if isinstance(visit.schema, dict) for key in visit.schema}
    for step in PASSES:
        if step in TRIGGERS and TRIGGERS[step] not in present:
            continue
        result = step(current, options)
        current = result.schema
        changes.extend(result.changes)
        unfixable.extend(result.unfixable)
    if id is not None and isinstance(current, dict):
        current = {**current, "$id": id} if "$id" in current else {"$id": id, **current}
        changes.append(Change(ROOT.child("$id"), f"set to {id}", "a rewritten schema is a different document"))
    known = {(u.pointer, u.rule) for u in unfixable}
    for diagnostic in lint(current, profile=profile).diagnostics:
        if (diagnostic.pointer, diagnostic.code) not in known:
            known.add((diagnostic.pointer, diagnostic.code))
            unfixable.append(Unfixable(diagnostic.pointer, diagnostic.code, diagnostic.message))
    return Rewritten(detached(current), tuple(changes), tuple(unfixable), profile)
