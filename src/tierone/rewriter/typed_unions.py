"""A ``type`` beside a union: which branches take nothing beside it, and when the union's
branches say all it does (read alike by the rewriter and the read side)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.jsontypes import declared_types
from ..core.pointer import Pointer, PointerError
from ..core.walker import in_union


def typed_by_branches(node: dict[str, Any], target: Callable[[Any], Any]) -> bool:
    """Whether ``node``'s ``type`` stands beside a union whose branches each declare their types
    within it (a reference without a type of its own: its target's, by ``target``), those whose
    types are none of it aside (they take nothing there): the type says nothing the union does
    not (an array's items, say, are the branches' to give)."""
    types = declared_types(node)
    branches = node.get("anyOf") if "anyOf" in node else node.get("oneOf")
    if types is None or not isinstance(branches, list):
        return False
    within = False
    for branch in branches:
        if isinstance(branch, dict) and "$ref" in branch and "type" not in branch:
            branch = target(branch["$ref"])
        own = declared_types(branch) if isinstance(branch, dict) else None
        if own is None:
            return False
        if not any(overlap(t, types) for t in own):
            continue  # takes nothing beside this type
        if any(t not in types and not (t == "integer" and "number" in types) for t in own):
            return False
        within = True
    return within


def overlap(name: str, types: tuple[str, ...]) -> bool:
    """Whether a value of type ``name`` may also be of one of ``types`` (an integer is a number)."""
    return name in types or (name == "integer" and "number" in types) or (name == "number" and "integer" in types)


def type_to_write(implied: str, schema: Any, pointer: tuple[Any, ...]) -> Any:
    """The ``type`` to write on the untyped node at ``pointer`` whose keywords imply ``implied``:
    that one, but where the node is a union branch whose holder declares types it does not
    share, the holder's (the branch takes values of those types alone, and the keywords implying
    another do nothing there: written out, that type would make the branch take nothing)."""
    if not in_union(pointer):
        return implied
    try:
        holder = Pointer(pointer[:-2]).resolve(schema)
    except PointerError:
        return implied
    outer = declared_types(holder) if isinstance(holder, dict) else None
    if outer is None or overlap(implied, outer):
        return implied
    return holder["type"]
