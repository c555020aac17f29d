"""Members that can never be given, left out of the rendition exactly."""

from __future__ import annotations

from typing import Any

from ...core.jsontypes import names_at
from ...core.pointer import Pointer
from ...core.walker import transform
from .base import Change, Options, PassResult, does


@does(
    "an optional member whose schema takes no value (`false`, bounds that cross, an `enum` with no value of its "
    "`type`) is removed: it can never be given (a required one is refused, rule T608)"
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

    def drop(node: Any, pointer: Pointer) -> Any:
        members = node.get("properties") if isinstance(node, dict) else None
        if not isinstance(members, dict):
            return node
        gone = [name for name, sub in members.items() if accepts_nothing(sub) and name not in names_at(node)]
        if not gone:
            return node
        changes.extend(
            Change.for_rule(
                pointer.child("properties").child(name),
                "removed (its schema takes no value: it can never be given)",
                "T602" if members[name] is False else "T608",
            )
            for name in gone
        )
        return {**node, "properties": {k: v for k, v in members.items() if k not in gone}}

    return PassResult(transform(schema, drop), tuple(changes))
