"""How deep the instance can nest below each node of a schema when its references are followed
(rule T402, and the rewriter's encoding to keep that limit), and the way down to the deepest place."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet

from .pointer import ROOT, Pointer

#: references followed in a row (by :func:`~tierone.core.refs.followed`; a height past it counts
#: as a lower bound)
MAX_REF_HOPS = 500


class Heights:
    """How deep the instance can nest below each node when references are followed.

    From the depths of the levels in walk (pre-)order, where every subtree is the run of nodes
    after it that are deeper than it: one linear pass gives each subtree's deepest node, and
    the references inside it add the height of their (memoised) targets.
    """

    def __init__(
        self, edges: Mapping[Pointer, Pointer], recursive: AbstractSet[Pointer], levels: Iterable[tuple[Pointer, int]]
    ) -> None:
        """``edges``: each reference site and the node it leads to; ``recursive``: the sites on a
        cycle (not followed)."""
        self._edges = edges
        pointers: list[Pointer] = []
        depths: list[int] = []
        for pointer, depth in levels:
            pointers.append(pointer)
            depths.append(depth)
        self._pointers = pointers
        self._index = {p: i for i, p in enumerate(pointers)}
        self._depths = depths
        deepest = list(depths)
        ends = [len(depths)] * len(depths)
        open_nodes: list[int] = []
        for i, depth in enumerate(depths):
            while open_nodes and depths[open_nodes[-1]] >= depth:
                done = open_nodes.pop()
                ends[done] = i
                if open_nodes:
                    deepest[open_nodes[-1]] = max(deepest[open_nodes[-1]], deepest[done])
            open_nodes.append(i)
        while open_nodes:
            done = open_nodes.pop()
            if open_nodes:
                deepest[open_nodes[-1]] = max(deepest[open_nodes[-1]], deepest[done])
        self._deepest = deepest
        self._ends = ends
        self._sites = sorted((self._index[p], p) for p in self._edges if p in self._index and p not in recursive)
        self._memo: dict[Pointer, int] = {}
        #: whether a chain of references was cut short: heights are then lower bounds
        self.truncated = False

    def height(self, target: Pointer, busy: frozenset[Pointer] = frozenset()) -> int:
        """Hops below ``target`` to the deepest instance position, references followed
        (0 for a node that is not a level)."""
        if target in self._memo:
            return self._memo[target]
        i = self._index.get(target)
        if i is None or target in busy:
            return 0
        if len(busy) > MAX_REF_HOPS:
            self.truncated = True
            return 0
        base = self._depths[i]
        best = self._deepest[i] - base
        start = bisect_left(self._sites, (i, ROOT))
        for index, site in self._sites[start:]:
            if index >= self._ends[i]:
                break
            through = self.height(self._edges[site], busy | {target})
            best = max(best, self._depths[index] - base + through)
        self._memo[target] = best
        return best

    def deepest_way(self, target: Pointer) -> Iterator[tuple[Pointer, int]]:
        """The nodes on a way from ``target`` down to its deepest instance position, each with
        its hops below ``target``: into the child that reaches deepest, and through a reference
        (not one on a cycle) to its target, which stands where the reference does."""
        followed = {site for _, site in self._sites}
        node: Pointer | None = target
        hops, seen = 0, set()
        while node is not None and node not in seen:
            seen.add(node)
            yield node, hops
            height = self.height(node)
            if node in followed and self.height(self._edges[node]) == height:
                node = self._edges[node]
                continue
            node = self._child_reaching(node, height)
            hops += 1

    def _child_reaching(self, node: Pointer, height: int) -> Pointer | None:
        """The child level of ``node`` through which the instance reaches ``height`` below it."""
        i = self._index.get(node)
        if i is None or height <= 0:
            return None
        below, depths = self._depths[i] + 1, self._depths
        for j in range(i + 1, self._ends[i]):
            if depths[j] == below and 1 + self.height(self._pointers[j]) == height:
                return self._pointers[j]
        return None
