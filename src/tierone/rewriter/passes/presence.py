"""A union beside an object's members that only says which of them are present, left out of
the rendition and enforced on read."""

from __future__ import annotations

from typing import Any

from ...core.pointer import Pointer
from ...core.walker import transform
from ..shapes import dict_at, presence_only
from .base import Change, Options, PassResult, does
from .composition import union_key


@does(
    "an `anyOf`/`oneOf` beside `properties` whose branches only say which of the members are present (`required`) "
    "is left out: every member is then required and nullable, null meaning absent, and restore enforces the union"
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
        union = union_key(node)
        if union is None or not all(_presence_only(branch, node) for branch in node[union]):
            return node
        what = f"`{union}` that only says which members are present left out"
        changes.append(Change.for_rule(pointer, what, "T608", loosens=f"{union}: which of the members must be present"))
        return {k: v for k, v in node.items() if k != union}

    return PassResult(transform(schema, drop), tuple(changes))


def _presence_only(branch: Any, node: dict[str, Any]) -> bool:
    """Whether a union branch beside ``node``'s members says only which of them are present
    (``required``, and combinations of such branches): once every member is required and
    nullable, null meaning absent, the rendition leaves it out and restore enforces it."""
    return presence_only(branch, dict_at(node, "properties"))
