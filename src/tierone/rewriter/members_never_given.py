"""An object all of whose members can never be given, as the rendition carries it: declaring
none (they leave it: ``passes.impossible``), so that where it is open it is free-form data, and
a root such as this travels in the wrapper (``passes.wrapping``), as the reader expects."""

from __future__ import annotations

from typing import Any

from ..core.jsontypes import names_at
from ..core.refs import followed, targets_of


def without_members_never_given(node: Any) -> Any:
    """``node`` as :func:`~.passes.impossible.drop_impossible_members` leaves it where every
    member it declares is optional and takes no value (``properties: {"m": false}``): declaring
    no member (what it takes is then only what it leaves open: free-form data, where it is
    open); else ``node`` itself. A member that is a reference is judged by its target."""
    from ..linter.checks.satisfiable import accepts_nothing

    members = node.get("properties") if isinstance(node, dict) else None
    if not isinstance(members, dict) or not members:
        return node
    listed = names_at(node)
    target = None
    for name, member in members.items():
        if name in listed:
            return node
        if isinstance(member, dict) and "$ref" in member:
            target = target or targets_of(node)
            member = followed(member, target, siblings=True)
        if not accepts_nothing(member, node):
            return node
    return {**node, "properties": {}}
