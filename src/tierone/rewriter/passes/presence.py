"""A union beside an object's members that only says which of them are present, left out of
the rendition and enforced on read."""

from __future__ import annotations

from collections.abc import Container
from typing import Any

from ...core.pointer import Pointer
from ...core.rebuilding import transform
from ..pattern_members import pattern_members
from ..shapes import constraining_keys, dict_at, list_at
from .base import Change, Options, PassResult, does
from .branch_members import union_key


@does(
    "an `anyOf`/`oneOf` beside `properties` whose branches only say which of the members (declared, or named by a "
    "`patternProperties` pattern) are present (`required`) is left out: every member is then required and "
    "nullable, null meaning absent, and restore enforces the union"
)
def drop_presence_unions(schema: Any, options: Options) -> PassResult:
    """A union beside an object's members that says only which of them must be present (no
    strict mode takes branches without a type, and shared into them it would make one branch
    per case of the same members) is left out; the read side checks it against the original.

    Before: ``{"type": "object", "properties": {"a": A, "b": B}, "oneOf": [{"required": ["a"]}, {"required": ["b"]}]}``
    After:  ``{"type": "object", "properties": {"a": A, "b": B}}``
    """
    changes: list[Change] = []

    def drop(node: Any, pointer: Pointer) -> Any:
        union = presence_union(node)
        if union is None:
            return node
        what = f"`{union}` that only says which members are present left out"
        changes.append(Change.for_rule(pointer, what, "T608", loosens=f"{union}: which of the members must be present"))
        return {k: v for k, v in node.items() if k != union}

    return PassResult(transform(schema, drop, only=frozenset({"anyOf", "oneOf"})), tuple(changes))


def presence_union(node: Any) -> str | None:
    """The key (``anyOf``, ``oneOf``) of ``node``'s union that only says which of its members
    are present (the rewriter leaves it out); None when it has no such union."""
    union = union_key(node)
    if union is None or not all(_presence_only(branch, node) for branch in node[union]):
        return None
    return union


def _presence_only(branch: Any, node: dict[str, Any]) -> bool:
    """Whether a union branch beside ``node``'s members (declared, or named by its patterns)
    says only which of them are present (``required``, and combinations of such branches):
    once every member is required and nullable, null meaning absent, the rendition leaves it
    out and restore enforces it."""
    declared = dict_at(node, "properties")
    if "patternProperties" in node:  # a name a pattern matches is a member of the object too
        declared = {**declared, **pattern_members(node)}
    return presence_only(branch, declared)


#: keywords a schema may hold and still say only which members an object has
PRESENCE = frozenset({"required", "not", "anyOf", "oneOf", "allOf", "minProperties", "maxProperties"})


def presence_only(schema: Any, declared: Container[str] | None = None, level: int = 0) -> bool:
    """Whether ``schema`` says only which members an object has (``required``, and ``not`` and
    unions of such schemas), each a member of ``declared`` when given: a part of a union
    beside those members, read with them."""
    if not isinstance(schema, dict) or level > 8:
        return False
    keys = constraining_keys(schema) - {"type"} if schema.get("type", "object") == "object" else {"type"}
    if not keys or not keys <= PRESENCE:
        return False
    if declared is not None and any(name not in declared for name in list_at(schema, "required")):
        return False
    nested = [schema["not"]] if "not" in schema else []
    nested += [b for key in ("anyOf", "oneOf", "allOf") for b in list_at(schema, key)]
    return all(presence_only(b, declared, level + 1) for b in nested)
