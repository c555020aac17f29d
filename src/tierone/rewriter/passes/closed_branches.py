"""A union branch beside a closed object (``additionalProperties: false``): the members both
admit, each with the one schema that says both (:func:`within_closed`)."""

from __future__ import annotations

from typing import Any

from ...core.pointer import Pointer
from ..shapes import dict_at, is_free_form, list_at
from .branch_members import FREE_FORM, SHARED, Kept, shared_member


def union_of(names: list[Any], more: list[str]) -> list[Any]:
    """``names`` and then those of ``more`` it does not hold, in order."""
    return [*names, *(n for n in more if n not in names)]


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
        loose: list[str] = []
        both = shared_member(member, side, loose)
        if both is False:  # no value satisfies both: never there in this branch
            if name in required:
                return None
            continue
        if both is None:
            return f"the member {name!r} is declared beside the union and, differently, in the branch at {pointer}"
        if loose:
            kept.append((place, ", ".join(f"`{key}`" for key in dict.fromkeys(loose))))
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
