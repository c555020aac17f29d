"""Which ``$ref`` sites of a schema lie on a cycle: strongly connected components (Tarjan,
iterative) of the graph of reference targets."""

from __future__ import annotations

from .pointer import Pointer


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
        site for site, target in edges.items() if any(component[c] == component[tuple(target)] for c in inside[site])
    }
