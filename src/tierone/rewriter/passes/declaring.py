"""The pass that declares, before objects are closed, the members an open object requires
without declaring them (rule T105)."""

from __future__ import annotations

from typing import Any

from ...core.pointer import Pointer, PointerError
from ...core.rebuilding import transform
from ...core.refs import ReferenceGraph, followed
from ...core.walker import in_union, size
from ..shapes import dict_at, members_of
from .base import Change, Options, PassResult, does, graph_of


@does(
    "a member an open object requires without declaring it is declared, with what `additionalProperties` "
    "says (in a union branch that only requires it, as the object holding the union declares it; else as any "
    "value, then encoded), and one that a `patternProperties` pattern names (the object, or a branch of its "
    "union, requires it), with what the matching patterns say, so that closing the object keeps it (rule "
    "T105); restore reads it alike"
)
def declare_required(schema: Any, options: Options) -> PassResult:
    """A name in ``required`` that ``properties`` does not declare, in an object open to other
    members, is a member that takes what ``additionalProperties`` says (any value when it says
    nothing): it is declared so, before the object is closed (which would make it impossible).
    A closed object that requires an undeclared member has no instance and stays refused.

    Before: ``{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a", "b"]}``
    After:  ``{"type": "object", "properties": {"a": {"type": "string"}, "b": {}}, "required": ["a", "b"]}``
    """
    changes: list[Change] = []
    graphs: list[ReferenceGraph] = []  # built when a branch given by `$ref` is first followed
    room: list[int] = []  # schema nodes the copies may still add (counted at the first copy)
    inside = [0]  # copies being declared in (their places are not the given schema's)

    def deref(branch: Any) -> Any:
        if not graphs:
            graphs.append(graph_of(schema))
        return followed(branch, graphs[0].target, siblings=True)

    def declare(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict):
            return node
        outer = _beside_union(schema, pointer, node) if not inside[0] else None  # a copy's places are new
        members = members_of(node, deref, outer)
        declared = dict_at(node, "properties")
        if len(members) == len(declared):
            return node
        if not room:
            room.append(max(COPIED_NODES, 4 * size(schema, COPIED_NODES)))
        for name in members:
            if name not in declared:
                place = pointer.child("properties").child(name)
                room[0] -= size(members[name], max(room[0], 0))  # a copy (or a share) more of it
                if room[0] < 0:  # copies of copies past their room: any value, checked on read
                    members = {**members, name: {}}
                    what = f"{name!r} declared (required; any value: copies of its schema would grow too large)"
                elif outer is not None and name in outer:  # the object's schema, walked as its own
                    inside[0] += 1
                    try:
                        members = {**members, name: transform(members[name], declare, place, only=_REQUIRING)}
                    finally:
                        inside[0] -= 1
                    what = f"{name!r} declared as the object holding the union declares it (required here)"
                elif "patternProperties" in node:
                    what = f"{name!r} declared as the `patternProperties` matching its name say (required)"
                else:
                    what = f"{name!r} declared (required, and the object takes any other member)"
                changes.append(Change.for_rule(place, what, "T105"))
        return {**node, "properties": members}

    return PassResult(transform(schema, declare, only=_REQUIRING), tuple(changes))


#: the nodes that may require a member they do not declare (patterns: or a branch of their union may)
_REQUIRING = frozenset({"required", "patternProperties"})
#: schema nodes the members copied into union branches may add at least (past it, or past four
#: times the schema's own size, such a member takes any value: copies of copies grow exponentially)
COPIED_NODES = 20_000


def _beside_union(schema: Any, pointer: Pointer, node: dict[str, Any]) -> dict[str, Any] | None:
    """For a union branch written inline (``node``, at ``pointer``): the members the object
    holding the union declares (what :func:`members_of` gives a member the branch only
    requires); None elsewhere. The holder is read in ``schema`` as the pass was given it
    (declaring members moves no branch)."""
    if not in_union(pointer) or "$ref" in node or "required" not in node:
        return None
    try:
        holder = Pointer(pointer[:-2]).resolve(schema)
    except PointerError:  # a place inside a copy this pass made: not in the schema it was given
        return None
    declared = dict_at(holder, "properties") if isinstance(holder, dict) else {}
    return declared or None
