"""What each subtree of a rendition adds to one of the linter's whole-schema counts (the
property count, enum values, the string budget, union-typed members): what the limits pass
(``budgets``) weighs each subtree it may encode, and each member it may gather, by. The counting
itself is the linter's (``tally_node``), so that the two never disagree."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...core.pointer import Pointer
from ...core.walker import Visit


@lru_cache(maxsize=4096)
def member_count(name: str, union: bool, counted: str) -> int:
    """What a member adds to the count ``counted`` where its object declares it (its subtree
    aside): the linter's tally, which reads of its schema whether it is ``union``-typed alone."""
    from ...linter.checks.base import Tally, tally_node

    member: dict[str, Any] = {"anyOf": []} if union else {}
    tally = Tally({}, {})
    tally_node(Visit(Pointer(), {}, 0, None), {"properties": {name: member}, "required": [name]}, tally)
    return int(getattr(tally, counted))


def subtree_ends(visits: list[Visit]) -> list[int]:
    """For each node of a walk (in its order: a subtree is a run of it), the index one past
    the last node of its subtree."""
    ends = [len(visits)] * len(visits)
    open_: list[int] = []
    for i, visit in enumerate(visits):
        while open_ and visits[open_[-1]].depth >= visit.depth:
            ends[open_.pop()] = i
        open_.append(i)
    return ends


def subtree_counts(visits: list[Visit], ends: list[int], schema: Any, counted: str) -> list[int]:
    """How much each node's subtree (itself included) adds to the linter's count ``counted``,
    by the node's index in the walk ``visits``."""
    from ...linter.checks.base import Tally, tally_node

    before = [0]
    tally = Tally(schema, {})  # one tally for all: what each node adds is the count's growth
    for visit in visits:
        node = visit.schema
        if isinstance(node, dict):
            tally_node(visit, node, tally)
        before.append(getattr(tally, counted))
    return [before[ends[i]] - before[i] for i in range(len(visits))]
