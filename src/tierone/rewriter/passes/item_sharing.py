"""What an array's items are, said beside a union, said in the union's array branches: GitHub's
workflow schema writes an event's ``types`` as ``allOf: [{"oneOf": [{"type": "array"},
{"type": "string"}]}]`` beside ``items: {"enum": [...]}``; merged, the array branch holds no
``items`` of its own, and would carry its items as JSON text the ``items`` beside it then
refuses (no answer holds both)."""

from __future__ import annotations

from typing import Any

from ...core.jsontypes import declared_types
from ...core.pointer import Pointer
from ...core.rebuilding import transform
from .base import Change, Options, PassResult, does

#: the keywords that say what an array's items are (the items a branch without them holds as
#: free-form data)
ITEMS = ("prefixItems", "items")
_UNIONS = ("anyOf", "oneOf")


@does(
    "`items` (and `prefixItems`) beside an `anyOf`/`oneOf` go into its array branches that say nothing of "
    "their items (its other branches, of other types, they do not apply to): exact"
)
def share_items(schema: Any, options: Options) -> PassResult:
    """``items`` beside a union whose branches each declare their types go into each branch
    of type ``array`` that has none, and leave the node: the same meaning (``items`` applies
    to arrays alone), where a branch left without them would hold free-form items. Left as
    they are where a branch declares no type (a reference, say) or says otherwise of its items.

    Before: ``{"items": {"enum": ["created"]}, "oneOf": [{"type": "array", "minItems": 1}, {"type": "string"}]}``
    After:  ``{"oneOf": [{"type": "array", "minItems": 1, "items": {"enum": ["created"]}}, {"type": "string"}]}``
    """
    changes: list[Change] = []

    def share(node: Any, pointer: Pointer) -> Any:
        shared = items_shared(node)
        if shared is not node:
            said = " and ".join(key for key in ITEMS if key in node)
            union = next(key for key in _UNIONS if key in shared)
            changes.append(Change(pointer, f"{said} beside the {union} moved into its array branches", _WHY))
        return shared

    return PassResult(transform(schema, share, only=frozenset(ITEMS)), tuple(changes))


def items_shared(node: Any) -> Any:
    """``node`` with the ``items`` (and ``prefixItems``) beside its union in the union's array
    branches that say nothing of their items (the same meaning); ``node`` itself where there is
    nothing to move, a branch declares no type (a reference, say), or one says otherwise of its
    items. The rewriter writes this, and the read side reads answers by it, alike."""
    if not isinstance(node, dict):
        return node
    union = next((key for key in _UNIONS if isinstance(node.get(key), list)), None)
    said = [key for key in ITEMS if key in node]
    if union is None or not said:
        return node
    branches = node[union]
    typed = [declared_types(branch) if isinstance(branch, dict) else None for branch in branches]
    arrays = [types is not None and "array" in types for types in typed]
    if None in typed or not any(arrays):
        return node
    shared = []
    for branch, array in zip(branches, arrays, strict=True):
        if not array:
            shared.append(branch)
        elif any(key in branch and branch[key] != node[key] for key in said) or (
            "prefixItems" in branch and "prefixItems" not in said
        ):
            return node  # the branch says otherwise of its items (a tuple: items only past it): as it is
        else:
            shared.append({**branch, **{key: node[key] for key in said}})
    return {key: (shared if key == union else value) for key, value in node.items() if key not in said}


#: why (no rule: the rendition means the same)
_WHY = "an array branch without items would carry them as free-form data"
