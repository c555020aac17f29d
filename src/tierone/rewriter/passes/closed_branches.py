"""A union branch beside a closed object (``additionalProperties: false``): the members both
admit, each with the one schema that says both (:func:`within_closed`)."""

from __future__ import annotations

from typing import Any

from ...core.pointer import Pointer
from ..shapes import dict_at, is_free_form, list_at
from .branch_members import FREE_FORM, SHARED, Kept, shared_member, union_of

#: what :func:`merged_member` gives for a member no value of both sides can be, not required
LEFT_OUT = object()


def merged_member(beside: Any, member: Any, required: bool, place: Pointer, kept: Kept) -> Any:
    """The one schema a union branch gives the member at ``place`` that both it and the object
    beside the union declare (:func:`~.branch_members.shared_member`), what a loose merge leaves
    to restore noted in ``kept``; :data:`LEFT_OUT` where no value of both can be there (never in this
    branch), None where that member is ``required`` (the branch takes nothing)."""
    loose: list[str] = []
    both = shared_member(beside, member, loose)
    if both is False:
        return None if required else LEFT_OUT
    if loose:
        kept.append((place, ", ".join(f"`{key}`" for key in dict.fromkeys(loose))))
    return both


def within_closed(
    node: dict[str, Any], branch: dict[str, Any], pointer: Pointer, kept: Kept
) -> dict[str, Any] | str | None:
    """A branch that says which members it admits (``additionalProperties`` false, or a schema
    for the members it does not declare) beside a closed ``node``: a member may appear where
    both admit it, with a schema that says both; a member only one side admits is left out
    (exact: no value has it), and a branch requiring one takes nothing (None)."""
    if "patternProperties" in branch:
        return f"the branch at {pointer} says which members it admits by pattern beside a closed object"
    extra, declared = branch.get("additionalProperties"), dict_at(branch, "properties")
    required = union_of(list(node.get("required", [])), [n for n in list_at(branch, "required") if isinstance(n, str)])
    properties: dict[str, Any] = {}
    for name, member in node.get("properties", {}).items():
        side = declared.get(name, extra)
        if side is False:
            if name in required:
                return None  # required, and the branch refuses it
            continue
        place = pointer.child("properties").child(name)
        if is_free_form(member):  # JSON text, as the node says
            if side != member and side not in (True, {}):
                kept.append((place, FREE_FORM))
            properties[name] = member
            continue
        both = merged_member(member, side, name in required, place, kept)
        if both is None:
            return None
        if both is not LEFT_OUT:
            properties[name] = both
    if any(n not in properties for n in required if isinstance(n, str)):
        return None  # a member it requires is one the closed object refuses
    merged = {k: v for k, v in branch.items() if k not in (*SHARED, "additionalProperties")}
    if properties:
        merged["properties"] = properties
    if required:
        merged["required"] = required
    merged["additionalProperties"] = False
    return merged
