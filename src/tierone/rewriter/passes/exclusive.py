"""Whether no value satisfies two branches of one union, told statically: then ``oneOf`` says no
more than ``anyOf`` (exactly one branch matches whenever one does), and writing it so loosens
nothing. Told where the branches' types share none, their ``enum``/``const`` values share none
(or take none of the other's types), or, both taking objects alone, a member both require has
such values in each (a discriminated union: pydantic's ``Field(discriminator=...)``), or, one
taking objects alone, a member one requires that the other's closure refuses; anything
else is not told (the rewrite then records the loosening, and restore checks the ``oneOf``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.jsontypes import admitted, declared_types, listed_values
from ...core.refs import followed
from ..shapes import dict_at, list_at
from .merging import forbidden_required, nothing_in_common, same_value

#: how many members deep a discriminating member is looked for
_MEMBER_DEPTH = 3
#: what makes a branch not told apart here: a reference that leads nowhere (or with siblings
#: beside it), and OpenAPI's `nullable`, which adds `null` to what its `type` takes
_UNTOLD = frozenset({"$ref", "nullable"})


def exclusive(branches: list[Any], target: Callable[[Any], Any], within: Any = None) -> bool:
    """Whether no value satisfies two of ``branches`` (local references followed by ``target``);
    ``within``: the ``type`` of the node holding the union, which every value it takes has too
    (a branch without a ``type`` of its own is read with that one)."""
    bodies = [followed(branch, target) for branch in branches]
    if within is not None:
        bodies = [
            {**body, "type": within} if isinstance(body, dict) and "type" not in body else body for body in bodies
        ]
    return all(_apart(one, other, target, 0) for at, one in enumerate(bodies) for other in bodies[at + 1 :])


def _apart(one: Any, other: Any, target: Callable[[Any], Any], depth: int) -> bool:
    """Whether no value satisfies both ``one`` and ``other``."""
    if one is False or other is False:
        return True
    if not isinstance(one, dict) or not isinstance(other, dict):
        return False
    if not _UNTOLD.isdisjoint(one) or not _UNTOLD.isdisjoint(other):
        return False
    if nothing_in_common([one, other]) is not None:
        return True
    for fixed, beside in ((listed_values(one), other), (listed_values(other), one)):
        if fixed is not None and not any(_admits(beside, value) for value in fixed):
            return True
    if not (_objects_alone(one) or _objects_alone(other)):
        return False
    if forbidden_required([one, other]) is not None:  # a member one requires, the other's closure refuses
        return True
    if depth == _MEMBER_DEPTH or not (_objects_alone(one) and _objects_alone(other)):
        return False
    mine, theirs = dict_at(one, "properties"), dict_at(other, "properties")
    both = set(list_at(one, "required")) & set(list_at(other, "required")) & set(mine) & set(theirs)
    return any(
        _apart(followed(mine[name], target), followed(theirs[name], target), target, depth + 1)
        for name in sorted(both, key=str)
    )


def _admits(schema: dict[str, Any], value: Any) -> bool:
    """Whether ``schema`` may take ``value``, as far as its ``type``, ``const`` and ``enum`` say."""
    types = declared_types(schema)
    if types is not None and not admitted(types, value):
        return False
    fixed = listed_values(schema)
    return fixed is None or any(same_value(value, other) for other in fixed)


def _objects_alone(schema: dict[str, Any]) -> bool:
    """Whether ``schema`` takes objects and nothing else (its ``required`` then always applies)."""
    return declared_types(schema) == ("object",)
