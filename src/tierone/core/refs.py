"""Local ``$ref`` resolution with cycle detection. Nothing is ever fetched.

A reference is local when it is a fragment (``#``, ``#/json/pointer``, ``#anchor``) or
names the root's own ``$id``. Everything else is remote and is reported, never loaded.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from .pointer import Pointer, PointerError

LOCAL, REMOTE, UNRESOLVABLE = "local", "remote", "unresolvable"


class Resolution(NamedTuple):
    """Where a ``$ref`` leads."""

    #: "local", "remote" or "unresolvable"
    kind: str
    #: the target, for local references
    target: Pointer | None = None
    #: why it could not be resolved
    reason: str = ""


def _anchors(sites: Iterable[tuple[Pointer, Any]]) -> dict[str, Pointer]:
    anchors: dict[str, Pointer] = {}
    for pointer, node in sites:
        if isinstance(node, dict):
            anchor = node.get("$anchor")
            if isinstance(anchor, str):
                anchors.setdefault(anchor, pointer)
            legacy = node.get("$id") if pointer else None
            if isinstance(legacy, str) and legacy.startswith("#") and len(legacy) > 1:
                anchors.setdefault(legacy[1:], pointer)
    return anchors


class RefResolver:
    """Resolves the local references of one document."""

    def __init__(self, schema: Any, anchored: Iterable[tuple[Pointer, Any]] = ()) -> None:
        """``anchored``: the (pointer, node) pairs that may declare anchors."""
        self._schema = schema
        self._anchors = _anchors(anchored)
        self._memo: dict[str, Resolution] = {}
        own_id = schema.get("$id") if isinstance(schema, dict) else None
        self._base = own_id.split("#", 1)[0] if isinstance(own_id, str) else None

    @classmethod
    def of(cls, schema: Any) -> RefResolver:
        """A resolver for ``schema``, its anchors found by walking it."""
        from .walker import objects

        return cls(schema, objects(schema))

    def resolve(self, ref: Any) -> Resolution:
        """Where ``ref`` leads (memoised: many sites share a reference)."""
        if not isinstance(ref, str):
            return Resolution(UNRESOLVABLE, reason="$ref is not a string")
        known = self._memo.get(ref)
        if known is None:
            known = self._memo[ref] = self._resolve(ref)
        return known

    def _resolve(self, ref: str) -> Resolution:
        if not isinstance(ref, str):
            return Resolution(UNRESOLVABLE, reason="$ref is not a string")
        base, hash_, fragment = ref.partition("#")
        if base and base != self._base:
            return Resolution(REMOTE, reason=f"{ref!r} is not in this document")
        if "%" in fragment:
            from urllib.parse import unquote

            fragment = unquote(fragment)
        if not hash_ or fragment == "" or fragment.startswith("/"):
            try:
                target = Pointer.parse(fragment)
                target.resolve(self._schema)
            except PointerError:
                return Resolution(UNRESOLVABLE, reason=f"{ref!r} points at nothing in this document")
            return Resolution(LOCAL, target)
        if fragment in self._anchors:
            return Resolution(LOCAL, self._anchors[fragment])
        return Resolution(UNRESOLVABLE, reason=f"no anchor {fragment!r} in this document")


def _components(graph: dict[Node, set[Node]]) -> dict[Node, int]:
    """Strongly connected components (Tarjan, iterative): node -> component number."""
    index: dict[Node, int] = {}
    low: dict[Node, int] = {}
    component: dict[Node, int] = {}
    stack: list[Node] = []
    on_stack: set[Node] = set()
    counter = 0
    for root, first in graph.items():
        if root in index:
            continue
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        work = [(root, iter(first))]
        while work:
            node, successors = work[-1]
            advanced = False
            for nxt in successors:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(graph[nxt])))
                    advanced = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component[member] = index[node]
                    if member == node:
                        break
    return component


Node = tuple[object, ...]


def recursive_sites(edges: dict[Pointer, Pointer]) -> set[Pointer]:
    """The ``$ref`` sites that lie on a cycle.

    ``edges`` maps each resolved ``$ref`` site to its target. Following a site leads into the
    target's subtree and so to every site inside it: in the graph of distinct targets, a
    target steps to the target of every site inside it. A site is recursive when its target
    can come back to a target that contains the site, that is, when the two share a strongly
    connected component (a target containing its own site is the direct case).
    """
    targets = {tuple(t) for t in edges.values()}
    lengths = sorted({len(t) for t in targets})  # few: a target is only ever a prefix of these lengths

    def containers(site: Node) -> list[Node]:
        return [site[:n] for n in lengths if n <= len(site) and site[:n] in targets]

    step: dict[Node, set[Node]] = {t: set() for t in targets}
    inside: dict[Pointer, list[Node]] = {}
    for site, target in edges.items():
        inside[site] = containers(tuple(site))
        for container in inside[site]:
            step[container].add(tuple(target))
    component = _components(step)
    return {
        site
        for site, target in edges.items()
        if any(component[c] == component[tuple(target)] for c in inside[site])
    }
