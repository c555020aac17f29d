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


#: why a reference on a cycle that never descends into the value cannot be followed (what the
#: linter and the rewriter say of it, after "it" and "the reference")
ENDLESS_WHY = (
    "leads back round to itself without descending into the value (through anyOf, allOf, not, ...), "
    "so judging any value against it never ends"
)

#: keywords whose subschemas apply to the value the schema applies to (a hop through them does
#: not descend into the value), and how many steps each takes in a pointer (the keyword, then
#: the branch's index or the member's name where there is one)
_SAME_VALUE = {"allOf": 2, "anyOf": 2, "oneOf": 2, "not": 1, "if": 1, "then": 1, "else": 1, "dependentSchemas": 2}


def endless_sites(edges: dict[Pointer, Pointer], recursive: set[Pointer] | frozenset[Pointer]) -> set[Pointer]:
    """The sites of ``recursive`` (those on a cycle) on a cycle that never descends into the
    value: from each target to the next site, only keywords that apply to the same value
    (``anyOf``, ``allOf``, ``not``, ...). Validating any value against such a schema never
    ends (``{"anyOf": [{"$ref": "#"}]}``): JSON Schema gives it no meaning."""
    sites = [site for site in recursive if site in edges]
    targets = {tuple(edges[site]) for site in sites}
    lengths = sorted({len(target) for target in targets})
    step: dict[Node, set[Node]] = {tuple(site): set() for site in sites}
    by_target: dict[Node, list[Node]] = {}
    for site in sites:
        here = tuple(site)
        for n in lengths:
            if n <= len(here) and here[:n] in targets and _same_value(here[n:]):
                by_target.setdefault(here[:n], []).append(here)
    for site in sites:
        step[tuple(site)].update(by_target.get(tuple(edges[site]), ()))
    component = _components(step)
    sizes: dict[int, int] = {}
    for number in component.values():
        sizes[number] = sizes.get(number, 0) + 1
    return {site for site in sites if sizes[component[tuple(site)]] > 1 or tuple(site) in step[tuple(site)]}


def _same_value(steps: tuple[object, ...]) -> bool:
    """Whether the pointer steps from a schema to one below it pass only keywords whose
    subschemas apply to the same value (none that descends into it, nor ``$defs``)."""
    at = 0
    while at < len(steps):
        step = steps[at]
        taken = _SAME_VALUE.get(step) if isinstance(step, str) else None
        if taken is None:
            return False
        at += taken
    return True
