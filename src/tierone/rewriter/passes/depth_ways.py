"""Where to encode to keep a depth limit (rules T401 and T402): on the way to each place too
deep, the deepest node at the limit that may be carried as a JSON string; for a reference
that nests too deep through its target where nothing on the way to the reference itself may
be (a union beside text, the root), the way goes on into the target, down to its deepest
place (:meth:`~tierone.core.heights.Heights.deepest_way`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ...core.heights import Heights
from ...core.pointer import Pointer
from ...core.refs import ReferenceGraph
from ...core.walker import levels, walk

#: the nodes beyond a place too deep that are on the way to what makes it so, with their depth
Beyond = Callable[[Pointer], Iterable[tuple[Pointer, int]]]


def deepest_at_limit(
    wheres: list[Pointer],
    limit: int,
    candidate: Callable[[Pointer], bool],
    beyond: Beyond | None = None,
    wrapped: Callable[[Pointer], bool] = lambda p: False,
) -> list[Pointer]:
    """On the way to each place too deep, the deepest node at most ``limit`` deep that may be
    encoded (one per branch, none inside another; one ``wrapped`` in an object less deep than
    the limit, its member at it); where none may be, the deepest one ``beyond`` the place (a
    reference's target), if any."""
    picked: list[Pointer] = []
    judged: dict[Pointer, bool] = {}  # places too deep share the nodes above them

    def deepest(way: Iterable[tuple[Pointer, int]]) -> Pointer | None:
        for p, depth in way:
            if p not in judged:
                judged[p] = candidate(p)
            if judged[p] and (depth < limit or not wrapped(p)):
                return p
        return None

    for where in wheres:
        best = deepest(reversed([(p, depth) for depth, p in enumerate(levels(where, limit))]))
        if best is None and beyond is not None:
            best = deepest(reversed([(p, depth) for p, depth in beyond(where) if depth <= limit]))
        if best is not None and not any(best[: len(q)] == q for q in picked):
            picked = [q for q in picked if q[: len(best)] != best] + [best]
    return picked


def through_references(schema: Any, graph: ReferenceGraph) -> Beyond:
    """For a reference site outside the definitions too deep through its target (T402): the
    nodes on the way down the target to its deepest place, references followed, each with the
    depth the instance stands at there."""
    from ...linter.checks.limits import is_level

    found: list[Heights] = []  # made when first asked for: most places too deep need none

    def beyond(site: Pointer) -> Iterable[tuple[Pointer, int]]:
        target = graph.edges.get(site)
        if target is None or site in graph.recursive or site[:1] in (("$defs",), ("definitions",)):
            return ()  # a definition's place is not where its instances stand
        if not found:
            found.append(graph.heights((visit.pointer, visit.depth) for visit in walk(schema) if is_level(visit)))
        depth = len(levels(site, len(site))) - 1
        return [(node, depth + hops) for node, hops in found[0].deepest_way(target)]

    return beyond
