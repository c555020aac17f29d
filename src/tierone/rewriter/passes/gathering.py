"""Members of one object gathered into a single string member, ``tierone_rest``
(:data:`~tierone.rewriter.shapes.REST_MEMBER`), holding them as a JSON object: how a count
limit is kept where no subtree can be encoded, as in a flat object of many optional members
(for Anthropic, each one a union-typed parameter once it is required and nullable). The
members that save most move (the last declared first, among equals), as few as bring the
count back under; the others stay exact. Restore merges the gathered members back into
their object before reading it (docs/read-side.md).

    Before: (tier1) 20 optional integer members: 20 union-typed parameters, over 16
    After:  the last four move into ``"tierone_rest": {"type": "string", "description":
            "The members of this object not written above, as a JSON-encoded object ...
            {"type":"object","properties":{...}}"}``; 16 unions are left
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from ...core.pointer import Pointer
from ...core.rebuilding import replaced
from ...core.refs import ReferenceGraph
from ..shapes import REST_MEMBER, ROOT_MEMBER, dict_at, list_at
from .encoded import encoded_field

#: what the gathered member's description says it holds
HELD = "The members of this object not written above, as a JSON-encoded object"


class Gathering(NamedTuple):
    """Members of the object at ``at`` to move into its ``tierone_rest`` member."""

    at: Pointer
    names: tuple[str, ...]
    #: how much of the count moving them saves (less what the new member adds)
    saves: int
    #: schema nodes no longer enforced by the vendor
    cost: int


class Held(NamedTuple):
    """What an object's ``tierone_rest`` holds so far: the members moved in, and which of
    them the object required."""

    members: dict[str, Any]
    required: tuple[str, ...]
    #: whether it holds the members the object does not declare too (an open object: ``rest_members``)
    open: bool = False


def gatherable(node: Any, held: Held | None = None) -> bool:
    """An object with declared members and no union, ``allOf`` or pattern beside them, that
    has no gathered member yet (nor a member of the original so named), or whose gathered
    member holds ``held`` (more members may follow)."""
    if not isinstance(node, dict) or not dict_at(node, "properties"):
        return False
    if {"anyOf", "oneOf", "allOf", "patternProperties", "$ref"} & set(node):
        return False
    return held is not None or REST_MEMBER not in node["properties"] or holds_others(node)


def holds_others(node: dict[str, Any]) -> bool:
    """Whether ``node``'s ``tierone_rest`` carries the members an open object does not declare
    (``rest_members`` wrote it, as this module does, with a description that begins :data:`HELD`;
    a member of the original so named is not the rewriter's)."""
    rest = dict_at(node, "properties").get(REST_MEMBER)
    return isinstance(rest, dict) and str(rest.get("description", "")).startswith(HELD)


def members_left(node: dict[str, Any]) -> dict[str, Any]:
    """``node`` without its gathered member: the members that may still move."""
    return {**node, "properties": {k: v for k, v in node["properties"].items() if k != REST_MEMBER}}


def best_gathering(
    objects: Mapping[Pointer, dict[str, Any]],
    saving: Callable[[Pointer, str, Any], int],
    size: Callable[[Pointer], int],
    added: int,
    excess: int,
    most: Callable[[Pointer], int],
) -> Gathering | None:
    """The gathering that brings a count ``excess`` over its limit back under while moving the
    fewest schema nodes, among ``objects`` (their pointers and nodes); when none can, the one
    that saves most; None when no member saves anything. ``saving(object, name, member)``: what
    moving a member saves; ``added``: what the gathered member itself adds to the count;
    ``most(object)``: what moving all its members could save at most (an object that cannot
    do better than the best so far is passed by unranked)."""
    best: Gathering | None = None
    for at, node in objects.items():
        if best is not None and most(at) - added < (excess if best.saves >= excess else best.saves + 1):
            continue
        members = [
            (name, member) for name, member in node["properties"].items() if not (at == () and name == ROOT_MEMBER)
        ]
        ranked = sorted(
            ((saving(at, name, member), i, name) for i, (name, member) in enumerate(members)),
            reverse=True,
        )
        names: list[str] = []
        saves, cost = -added, 0
        for gain, _, name in ranked:
            if gain <= 0 or saves >= excess:
                break
            names.append(name)
            saves += gain
            cost += size(at.child("properties").child(name))
        if saves <= 0:
            continue
        order = {name: i for i, (name, _) in enumerate(members)}
        found = Gathering(at, tuple(sorted(names, key=order.__getitem__)), saves, cost)
        if best is None or _better(found, best, excess):
            best = found
    return best


def _better(one: Gathering, other: Gathering, excess: int) -> bool:
    if (one.saves >= excess) != (other.saves >= excess):
        return one.saves >= excess
    if one.saves >= excess:
        return (one.cost, len(one.names)) < (other.cost, len(other.names))
    return one.saves > other.saves


def gathered_at(
    schema: Any, gathering: Gathering, resolver: ReferenceGraph, held: Held | None = None
) -> tuple[Any, Held]:
    """``schema`` with the members ``gathering`` names moved into the object's gathered member
    (required, after the members that stay), which already holds ``held`` when given; and
    what it holds now."""
    node, now = _gathered(gathering.at.resolve(schema), gathering.names, resolver, held)
    return replaced(schema, {gathering.at: node}), now


def _gathered(
    node: dict[str, Any], names: tuple[str, ...], resolver: ReferenceGraph, held: Held | None
) -> tuple[dict[str, Any], Held]:
    properties = members_left(node)["properties"]
    fresh = {name: properties[name] for name in properties if name in names}
    required = [name for name in list_at(node, "required") if name != REST_MEMBER]
    held = held or (Held({}, (), True) if REST_MEMBER in node["properties"] else None)  # an open object's
    now = Held(
        {**(held.members if held else {}), **fresh},
        (*(held.required if held else ()), *(name for name in required if name in fresh)),
        held is not None and held.open,
    )
    rest: dict[str, Any] = {"type": "object", "properties": now.members}
    if now.required:
        rest["required"] = list(now.required)
    if not now.open:  # (an open object's others travel there too: restore checks what they may be)
        rest["additionalProperties"] = False
    kept = {name: member for name, member in properties.items() if name not in fresh}
    kept[REST_MEMBER] = encoded_field(rest, resolver, HELD)
    out = {**node, "properties": kept}
    out["required"] = [*(name for name in required if name not in fresh), REST_MEMBER]
    return out, now
