"""Checks of the limit rules (T4xx): nesting depth (with and without following ``$ref``),
and the counts and sizes gathered during the walk, judged against the profile's limits."""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from ...core.pointer import ROOT
from ...core.walker import Visit
from .base import NONE, FinalCheck, Hit, Hits, Tally, final_check, keyword_check, node_check
from .references import references

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


#: the whole-schema count each count limit judges (a ``Tally`` attribute)
COUNTED = {"T403": "properties", "T404": "enum_values", "T405": "string_budget", "T407": "optional", "T408": "unions"}
property_count = _count_limit("T403", COUNTED["T403"])
enum_value_count = _count_limit("T404", COUNTED["T404"])
string_budget = _count_limit("T405", COUNTED["T405"])
optional_parameter_count = _count_limit("T407", COUNTED["T407"])
union_parameter_count = _count_limit("T408", COUNTED["T408"])


@final_check("T402")
def ref_nesting_depth(tally: Tally) -> Hits:
    graph = references(tally)
    if graph is None:
        return NONE
    limit = tally.limits["T402"]
    # switches are leaves: leaving them out keeps every subtree a contiguous run
    heights = graph.heights((visit.pointer, visit.depth) for visit in tally.order if is_level(visit))
    found = []
    for pointer, depth, ref in graph.sites:
        if pointer in graph.recursive or pointer not in graph.edges or depth > limit:
            continue
        reach = depth + heights.height(graph.edges[pointer])
        if reach > limit:
            count = f"at least {reach}" if heights.truncated else reach
            found.append(Hit(pointer, "$ref", {"count": count, "limit": limit}, ref, amount=reach))
    return found
