"""A tuple as one schema for every item, where a profile refuses tuples (read alike by the
rewriter and the read side)."""

from __future__ import annotations

from typing import Any

from .shapes import is_free_form


def one_item_schema(node: dict[str, Any]) -> tuple[Any, list[Any], Any] | None:
    """For a tuple (``prefixItems``, or draft 7's array-valued ``items``): the one schema every
    item takes where a profile refuses tuples (the ``anyOf`` of the tuple's schemas and of what
    may follow them, none where nothing may; free-form data one branch, ``true``), the tuple
    and what follows it. None for no tuple, or one followed by what is no schema."""
    if isinstance(node.get("prefixItems"), list):
        tuple_, more = node["prefixItems"], node.get("items", True)
    elif isinstance(node.get("items"), list):
        tuple_, more = node["items"], node.get("additionalItems", True)
    else:
        return None
    if not isinstance(more, (dict, bool)):
        return None
    bound = node.get("maxItems")
    closed = more is False or (isinstance(bound, int) and not isinstance(bound, bool) and bound <= len(tuple_))
    branches: list[Any] = []
    for branch in [*tuple_, *(() if closed else (more,))]:
        if branch not in branches:
            branches.append(branch)
    if True in branches or {} in branches:  # any value may follow the tuple: free-form data is one branch
        branches = [b for b in branches if not is_free_form(b)] + [True]
    return (branches[0] if len(branches) == 1 else {"anyOf": branches}), tuple_, more
