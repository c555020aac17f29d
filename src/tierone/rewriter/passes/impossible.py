"""Members that can never be given, left out of the rendition exactly."""

from __future__ import annotations

from typing import Any

from ...core.jsontypes import names_at
from ...core.pointer import Pointer
from ...core.refs import followed, targets_of
from ...core.walker import transform
from .base import Change, Options, PassResult, _flagged, does
from .nulls import only_null


@does(
    "an optional member whose schema (or the definition it refers to) takes no value (`false`, bounds that "
    "cross, an `enum` with no value of its `type`, a closed object requiring a member it does not declare) is "
    "removed: it can never be given (a required one is refused, rule T608); where the profile cannot "
    "say `null` alone (`gemini-openapi`, rule T221), an optional member whose only value is `null` is removed "
    "too: null means absent"
)
def drop_impossible_members(schema: Any, options: Options) -> PassResult:
    """An optional member whose schema takes no value (``false``, bounds that cross, an
    ``enum`` with no value of its ``type``) can never be given: it leaves ``properties`` (no
    engine compiles such a schema), before any bound is moved into a description. A required
    one makes the object unsatisfiable, which the linter reports (rule T608).

    Before: ``{"properties": {"a": {"type": "object", "enum": ["x"]}, "b": {...}}}``
    After:  ``{"properties": {"b": {...}}}``
    """
    from ...linter.checks.satisfiable import accepts_nothing

    changes: list[Change] = []
    null_absent = _flagged(options, "T221")  # a profile that cannot say null alone
    target = targets_of(schema)

    def impossible(member: Any) -> bool:
        if isinstance(member, dict) and "$ref" in member:
            member = followed(member, target, siblings=True)
        return accepts_nothing(member)

    def drop(node: Any, pointer: Pointer) -> Any:
        members = node.get("properties") if isinstance(node, dict) else None
        if not isinstance(members, dict):
            return node
        optional = [name for name in members if name not in names_at(node)]
        gone = [name for name in optional if impossible(members[name])]
        nulls = [n for n in optional if null_absent and isinstance(members[n], dict) and only_null(members[n])]
        if not gone and not nulls:
            return node
        changes.extend(
            Change.for_rule(
                pointer.child("properties").child(name),
                "removed (its schema takes no value: it can never be given)",
                "T602" if members[name] is False else "T608",
            )
            for name in gone
        )
        changes.extend(
            Change.for_rule(
                pointer.child("properties").child(name),
                "removed (its only value is null, which means absent: it is read as absent)",
                "T221",
            )
            for name in nulls
        )
        gone += nulls
        return {**node, "properties": {k: v for k, v in members.items() if k not in gone}}

    return PassResult(transform(schema, drop), tuple(changes))
