"""The original as its rendition reads it: each type its keywords imply written out.

The rewriter writes the type an untyped node's keywords imply (``{"maxItems": 1}`` holds an
array, ``{"properties": ...}`` an object: rule T601), so the rendition carries only values of
that type there. The reader plans and judges union branches by the same reading: an answer's
``null`` for such a member is no value of a branch that the rendition types, and the branch
the answer was given in is the one chosen. (The result is still judged against the original.)"""

from __future__ import annotations

from typing import Any

from ..core.rebuilding import transform
from ..rewriter.passes.presence import presence_union
from ..rewriter.shapes import IMPLYING_KEYS, inferred_type
from ..rewriter.typed_unions import type_to_write


def implied_type(node: dict[str, Any]) -> str | None:
    """The one type ``node``'s keywords imply (:func:`~tierone.rewriter.shapes.inferred_type`),
    a union that only says which members are present aside (the rendition leaves it out)."""
    union = presence_union(node)
    return inferred_type({k: v for k, v in node.items() if k != union} if union else node)


def with_implied_types(schema: Any) -> Any:
    """``schema`` with the type each untyped node's keywords imply written on it, as the
    rewriter writes it (:func:`~tierone.rewriter.typed_unions.type_to_write`; a union that only
    says which members are present, which the rendition leaves out, implies nothing)."""

    def typed(node: Any, pointer: Any) -> Any:
        if not isinstance(node, dict) or "type" in node:
            return node
        implied = implied_type(node)
        return node if implied is None else {**node, "type": type_to_write(implied, schema, pointer)}

    return transform(schema, typed, only=IMPLYING_KEYS)
