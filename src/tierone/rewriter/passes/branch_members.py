"""A member declared both beside a union and in one of its branches: the one schema a
branch's rendition gives it (:func:`shared_member`, which the read side plans by too), and
the record of what the rendition loosened or left out there (:func:`recorded`), which union
has members beside it to share (:func:`union_key`), and, where members are not shared, a
requirement the branches declare moved into them (:func:`requirements_moved`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.patterns import named_by
from ...core.pointer import Pointer
from ..shapes import constraining_keys, dict_at, is_free_form, list_at
from .base import Change, body_of
from .merging import _both, _member_both

#: the keywords of an object that a union's branches can share
SHARED = ("properties", "required")
#: what ``kept`` says of a place: a member left free-form as the node says, a branch left out
#: (it takes nothing beside the node), else the branch's keywords a loose merge left out
FREE_FORM, DROPPED = "", "dropped"
Kept = list[tuple[Pointer, str]]


def shared_into_branches(pointer: Pointer, union: str) -> Change:
    """The change made where the members beside a union went into each of its branches."""
    return Change.for_rule(pointer, f"{_SHARED_INTO} {union} branch", "T608", _SHARED_WHY)


def shares_members(change: Change) -> bool:
    """Whether ``change`` is the one :func:`shared_into_branches` makes."""
    return change.rule == "T608" and change.what.startswith(_SHARED_INTO)


_SHARED_INTO, _SHARED_WHY = (
    "properties and required shared into each",
    " (closed branches would refuse the shared members)",
)


def recorded(place: Pointer, what: str) -> Change:
    """The change a ``kept`` entry records."""
    if what == FREE_FORM:
        return Change.for_rule(
            place,
            "left free-form as the members beside the union say (the branch's schema for it is checked on read)",
            "T608",
            loosens="the branch's schema for a member free-form beside the union",
        )
    if what == DROPPED:
        return Change.for_rule(place, "left out: a member it requires takes no value beside the union", "T608")
    return Change.for_rule(
        place,
        f"merged with the member beside the union, which one schema cannot say with it (the branch's {what} "
        "checked on read)",
        "T608",
        loosens=f"the branch's {what} for a member declared beside the union too",
    )


def shared_member(beside: Any, member: Any, loosened: list[str] | None = None) -> Any:
    """What a union branch's rendition says of a member that both the object holding the union
    (``beside``) and the branch (``member``) declare: ``beside`` where it is free-form (JSON text,
    as the object says; the branch's schema is checked on read) or the branch adds nothing,
    else both merged; where one schema cannot say both a keyword (``pattern``, ``multipleOf``,
    what members or items it holds, a reference), merged loosely (``beside``'s keyword stands, and
    the keywords of the branch's left out go in ``loosened``: restore checks them); ``False``
    where no value satisfies both. The read side plans such a member alike."""
    if is_free_form(beside) or member == beside or member in (True, {}):
        return beside
    exact = _both(beside, member)
    if exact is not None:
        return exact
    loose: list[str] = []
    both = _member_both(beside, member, None, loose)
    if both is beside and "properties" in loose and isinstance(member, dict):  # a reference not followed
        loose = [key for key in member if key in constraining_keys(member)]
    if loosened is not None:
        loosened += loose
    return both


def patterns_left_out(node: dict[str, Any], branches: list[Any], pointer: Pointer, closed: bool) -> list[Change]:
    """The change (in a list) that records a ``patternProperties`` beside a union left out once
    the union's branches hold the shared members. Where they are ``closed``, they take no member
    its patterns could name but those they declare: exact when no declared member's name matches a pattern,
    else a loosening (restore checks the patterns' schemas for those members). Where objects
    stay open, the members its patterns name are taken with any value: a loosening. Nothing
    when ``node`` has none."""
    patterns = node.get("patternProperties")
    if not isinstance(patterns, dict) or not patterns:
        return []
    what = "left out: the union's branches, closed, hold only the members they declare"
    if not closed:
        what = "left out (the profile refuses it): the members its patterns name are taken with any value"
        return [Change.for_rule(pointer.child("patternProperties"), what, "T208", loosens="its patterns' schemas")]
    names = {name for branch in branches if isinstance(branch, dict) for name in dict_at(branch, "properties")}
    matched = sorted(name for name in names if named_by(patterns, name))
    named = ", ".join(map(repr, matched[:3]))
    loosens = f"its patterns' schemas for the declared members they name ({named})" if matched else ""
    return [Change.for_rule(pointer.child("patternProperties"), what, "T208", loosens=loosens)]


def union_key(node: Any) -> str | None:
    """``anyOf`` or ``oneOf`` when ``node`` holds one beside members or ``required`` to share,
    or closed (``additionalProperties: false``, which admits no member it does not declare,
    none when it declares none), and no other ``additionalProperties`` than ``true`` or ``{}``
    (which say nothing)."""
    if not isinstance(node, dict) or not (
        node.get("properties") or node.get("required") or node.get("additionalProperties") is False
    ):
        return None
    unions = [key for key in ("anyOf", "oneOf") if isinstance(node.get(key), list) and node[key]]
    if len(unions) != 1 or node.get("additionalProperties", True) not in (True, False, {}):
        return None
    if not isinstance(node.get("properties", {}), dict) or not isinstance(node.get("required", []), list):
        return None
    return unions[0]


def requirements_moved(
    node: dict[str, Any], union: str, pointer: Pointer, changes: list[Change], target: Callable[[str], Any]
) -> dict[str, Any]:
    """Where objects stay open and members are not shared: a name the node requires without
    declaring it, which every branch declares, is required in each branch instead (exact: a
    value takes one branch; a branch by reference becomes a copy of its target, whose own
    references stay), so that no object requires a member it does not declare (rule T105)."""
    declared, branches = dict_at(node, "properties"), [_copy_of(b, target) for b in node[union]]
    if not all(isinstance(branch, dict) and "$ref" not in branch for branch in branches):
        return node
    names = [n for n in list_at(node, "required") if isinstance(n, str) and n not in declared]
    moving = [n for n in names if all(n in dict_at(branch, "properties") for branch in branches)]
    if not moving:
        return node
    changes.append(
        Change.for_rule(
            pointer.child("required"), f"{', '.join(map(repr, moving))} required in each {union} branch instead", "T105"
        )
    )
    out = {**node, union: [{**b, "required": union_of(list_at(b, "required"), moving)} for b in branches]}
    left = [n for n in list_at(node, "required") if n not in moving]
    return {**out, "required": left} if left else {k: v for k, v in out.items() if k != "required"}


def _copy_of(branch: Any, target_of: Callable[[str], Any]) -> Any:
    """A branch by reference as a copy of its target (its siblings over it), else as it is."""
    if not isinstance(branch, dict) or not isinstance(branch.get("$ref"), str):
        return branch
    target = target_of(branch["$ref"])
    if not isinstance(target, dict) or "$ref" in target:
        return branch
    return body_of(target, branch)


def union_of(names: list[Any], more: list[str]) -> list[Any]:
    """``names`` and then those of ``more`` it does not hold, in order."""
    return [*names, *(n for n in more if n not in names)]


def without_patterns_beside_union(node: dict[str, Any], pointer: Pointer, changes: list[Change]) -> Any:
    """A ``patternProperties`` the profile refuses beside a union, where objects are closed: it
    leaves (the branches hold only what they declare; an encoded one is data restore checks).
    Else ``node`` as it is, for the lint to refuse; where objects stay open, the union would
    stay beside the object's members, which a decoding engine intersects with each branch (on
    JsonSchemaStore/service-schema, llguidance refuses that grammar as too large)."""
    union = next((k for k in ("anyOf", "oneOf") if isinstance(node.get(k), list)), None)
    if union is None:
        return node
    changes.extend(patterns_left_out(node, node[union], pointer, True))
    return {k: v for k, v in node.items() if k != "patternProperties"}
