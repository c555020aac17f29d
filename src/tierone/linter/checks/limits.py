"""Checks of the limit rules (T4xx): nesting depth (with and without following ``$ref``),
and the counts and sizes gathered during the walk, judged against the profile's limits."""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from ...core.pointer import ROOT, Pointer
from ...core.walker import Visit
from .base import NONE, FinalCheck, Hit, Hits, Tally, final_check, keyword_check, node_check
from .references import References, references

#: where a boolean subschema is a level of nesting (the reference conformance walker visits it
#: there); elsewhere (``additionalProperties: false``, ``items: false``, ...) it is a switch
BOOLEAN_LEVELS = frozenset({"properties", "anyOf", "$defs", "definitions"})


def is_level(visit: Visit) -> bool:
    """Whether a node counts for nesting depth: every schema, but a boolean only where it
    stands for a member or a branch."""
    return visit.schema.__class__ is not bool or visit.keyword in BOOLEAN_LEVELS


@node_check("T401")
def nesting_depth(visit: Visit, tally: Tally) -> Hits:
    limit = tally.limits["T401"]
    if visit.depth == limit + 1 and is_level(visit):
        return (Hit(visit.pointer, None, {"count": visit.depth, "limit": limit}, amount=visit.depth),)
    return NONE


@keyword_check("T406")
def large_enum_length(visit: Visit, keyword: str, value: Any, tally: Tally) -> Hits:
    if isinstance(value, list) and len(value) > 250:
        total = sum(len(v) for v in value if isinstance(v, str))
        limit = tally.limits["T406"]
        if total > limit:
            return (Hit(visit.pointer, keyword, {"values": len(value), "count": total, "limit": limit}, amount=total),)
    return NONE


def _count_limit(code: str, counted: str) -> FinalCheck:
    """The check of limit ``code`` on the whole-schema count ``tally.<counted>`` (gathered by
    ``tally_node``): one hit at the root when the count is over the limit."""
    read = attrgetter(counted)

    def over_limit(tally: Tally) -> Hits:
        limit = tally.limits[code]
        count: int = read(tally)
        if count > limit:
            return (Hit(ROOT, None, {"count": count, "limit": limit}, amount=count),)
        return NONE

    return final_check(code)(over_limit)


property_count = _count_limit("T403", "properties")
enum_value_count = _count_limit("T404", "enum_values")
string_budget = _count_limit("T405", "string_budget")
optional_parameter_count = _count_limit("T407", "optional")
union_parameter_count = _count_limit("T408", "unions")


#: references followed in a row before a height counts as a lower bound
MAX_REF_HOPS = 500


class Heights:
    """How deep the instance can nest below each node when references are followed.

    Built from the walk's record of depths in pre-order, where every subtree is the run of
    nodes after it that are deeper than it: one linear pass gives each subtree's deepest
    node, and references add the height of their (memoised) targets.
    """

    def __init__(self, tally: Tally, refs: References) -> None:
        self.refs = refs
        levels = [visit for visit in tally.order if is_level(visit)]  # switches are leaves: dropping them keeps subtrees
        pointers = [visit.pointer for visit in levels]
        depths = [visit.depth for visit in levels]
        self.index = {p: i for i, p in enumerate(pointers)}
        self.depths = depths
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
        self.deepest = deepest
        self.ends = ends
        self.sites = sorted(
            (self.index[p], p) for p in refs.edges if p in self.index and p not in refs.recursive
        )
        self.memo: dict[Pointer, int] = {}
        #: whether a chain of references was cut short: heights are then lower bounds
        self.truncated = False

    def height(self, target: Pointer, busy: frozenset[Pointer] = frozenset()) -> int:
        """Hops below ``target`` to the deepest instance position, references followed."""
        if target in self.memo:
            return self.memo[target]
        i = self.index.get(target)
        if i is None or target in busy:
            return 0
        if len(busy) > MAX_REF_HOPS:
            self.truncated = True
            return 0
        base = self.depths[i]
        best = self.deepest[i] - base
        from bisect import bisect_left

        start = bisect_left(self.sites, (i, ROOT))
        for index, site in self.sites[start:]:
            if index >= self.ends[i]:
                break
            through = self.height(self.refs.edges[site], busy | {target})
            best = max(best, self.depths[index] - base + through)
        self.memo[target] = best
        return best


@final_check("T402")
def ref_nesting_depth(tally: Tally) -> Hits:
    refs = references(tally)
    if refs is None:
        return NONE
    limit = tally.limits["T402"]
    heights = Heights(tally, refs)
    found = []
    for pointer, depth, ref in tally.refs:
        if pointer in refs.recursive or pointer not in refs.edges or depth > limit:
            continue
        reach = depth + heights.height(refs.edges[pointer])
        if reach > limit:
            count = f"at least {reach}" if heights.truncated else reach
            found.append(Hit(pointer, "$ref", {"count": count, "limit": limit}, ref, amount=reach))
    return found
