"""One small function per rule. Each sees a node (or, at the end, the whole walk) and returns
its hits (an empty tuple when there are none: no generators on the hot path).

Checks never build paths beyond naming a child of the node they were given, never format
messages and never decide severity: the engine does that from the subset table.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from itertools import islice
from json.encoder import encode_basestring
from typing import Any, NamedTuple

from ..core.pointer import ROOT, Pointer
from ..core.walker import Visit
from ..subset.table import ANNOTATIONS
from ..core.jsontypes import TYPE_NAMES, admits, declared_types, is_object_schema, names_at

NONE: tuple[()] = ()


class Hit(NamedTuple):
    """A rule matched: where, on which keyword, and the values its message needs."""

    pointer: Pointer
    keyword: str | None = None
    #: values for the message template
    fields: dict[str, Any] | None = None
    #: the keyword's value: shown in messages, and the verdict may depend on it
    value: Any = None
    #: the measured amount, for limits
    amount: int | None = None


class Envelope(NamedTuple):
    """What the reasoning rules need to know about an envelope payload schema."""

    kind: str
    #: whether the kind should declare ``reasoning``
    needs_reasoning: bool


class Tally:
    """What the whole-schema rules need, gathered once during the walk."""

    __slots__ = (
        "anchors",
        "enum_values",
        "envelope",
        "limits",
        "optional",
        "order",
        "properties",
        "references",
        "refs",
        "root",
        "string_budget",
        "unions",
    )

    def __init__(self, root: Any, limits: dict[str, int], envelope: Envelope | None = None) -> None:
        #: the envelope kind the schema is the payload schema of, when it is one
        self.envelope = envelope
        self.root = root
        self.limits = limits
        self.properties = 0
        self.enum_values = 0
        self.string_budget = 0
        self.optional = 0
        self.unions = 0
        #: every $ref site: (pointer, depth, value)
        self.refs: list[tuple[Pointer, int, Any]] = []
        #: nodes that declare an anchor ($anchor, or a draft-07 "#name" $id)
        self.anchors: list[tuple[Pointer, Any]] = []
        self.references: References | None = None
        #: every node visited, in walk (pre-)order: each subtree is a contiguous run
        self.order: list[Visit] = []


Hits = Sequence[Hit]
NodeCheck = Callable[[Visit, Tally], Hits]
KeywordCheck = Callable[[Visit, str, Any, Tally], Hits]
FinalCheck = Callable[[Tally], Hits]

# Subschemas whose container keyword is itself reported: their contents are not judged again.
REPORTED_BY_CONTAINER = frozenset(
    {"not", "if", "then", "else", "propertyNames", "contains", "dependentSchemas", "dependencies",
     "contentSchema", "patternProperties", "unevaluatedProperties", "unevaluatedItems",
     "additionalItems"}
)
# Where `true`/`false` are ordinary values rather than stand-ins for a schema.
BOOLEAN_IS_A_VALUE = frozenset({"additionalProperties"}) | REPORTED_BY_CONTAINER
# Keywords that say nothing about instances.
NOT_CONSTRAINING = ANNOTATIONS | {"default", "deprecated", "readOnly", "writeOnly"}
TYPE_SOURCES = frozenset(
    {"type", "$ref", "anyOf", "oneOf", "allOf", "enum", "const", "$dynamicRef", "$recursiveRef"}
)
REF_SIBLINGS_ALLOWED = frozenset({"$ref", "$defs", "definitions", "$schema", "$id", "$comment"})


#: entries of an object or array that ``show`` writes at most: past 21 the text is longer than
#: 40 characters whatever they hold (each takes at least a character and a ", ")
_SHOWN_ENTRIES = 21


class _Text(str):
    """A piece of JSON syntax waiting on ``show``'s stack (as opposed to a value to write)."""

    __slots__ = ()


def show(value: Any) -> str:
    """A value as JSON, shortened for a message (at most 40 characters).

    Only the start of an object or array is written, without recursion: a ``default`` nested
    900 levels deep or holding a million members costs what a small one does."""
    pieces: list[str] = []
    size = 0
    stack: list[Any] = [value]
    while stack and size <= 40:
        item = stack.pop()
        if item.__class__ is _Text:
            text: str = item
        elif isinstance(item, (dict, list)):
            is_object = isinstance(item, dict)
            opening, closing = ("{", "}") if is_object else ("[", "]")
            entries = list(islice(item.items() if isinstance(item, dict) else item, _SHOWN_ENTRIES))
            stack.append(_Text(closing))
            for index in range(len(entries) - 1, -1, -1):
                separator = ", " if index else ""
                if is_object:
                    key, member = entries[index]
                    stack.append(member)
                    name = key if isinstance(key, str) else _json_scalar(key)  # YAML keys: 1, true, null
                    stack.append(_Text(separator + encode_basestring(name) + ": "))
                else:
                    stack.append(entries[index])
                    stack.append(_Text(separator))
            text = opening
        else:
            text = _json_scalar(item)
        pieces.append(text)
        size += len(text)
    text = "".join(pieces)
    return text if len(text) <= 40 else text[:37] + "..."


def _json_scalar(value: Any) -> str:
    """A scalar as ``json.dumps(value, ensure_ascii=False, default=str)`` writes it."""
    kind = value.__class__
    if kind is str:
        return encode_basestring(value)
    if kind is bool:
        return "true" if value else "false"
    if value is None:
        return "null"
    if kind is int:
        return int.__repr__(value)
    if kind is float:
        if math.isfinite(value):
            return float.__repr__(value)
        return "NaN" if math.isnan(value) else "Infinity" if value > 0 else "-Infinity"
    return encode_basestring(str(value))


# ---- node checks ----------------------------------------------------------------------


def root_not_object(visit: Visit, tally: Tally) -> Hits:
    if visit.depth:
        return NONE
    node = visit.schema
    if isinstance(node, bool):
        return (Hit(ROOT, None, {"detail": f" (it is the boolean schema {show(node)})"}),)
    if not isinstance(node, dict) or node.get("type") == "object":
        return NONE
    if "type" in node:
        detail = f" (type is {show(node['type'])})"
    elif "anyOf" in node or "oneOf" in node:
        detail = " (it is a union)"
    elif "$ref" in node:
        detail = " (it is a bare $ref)"
    else:
        detail = " (it declares no type)"
    return (Hit(ROOT, "type" if "type" in node else None, {"detail": detail}),)


def open_object(visit: Visit, tally: Tally) -> Hits:
    node = visit.schema
    if not isinstance(node, dict) or not is_object_schema(node):
        return NONE
    if "additionalProperties" not in node:
        return (Hit(visit.pointer),)
    value = node["additionalProperties"]
    if value is not False and not isinstance(value, dict):
        return (Hit(visit.pointer, "additionalProperties", {"detail": f" (it is {show(value)})"}),)
    return NONE


def optional_property(visit: Visit, tally: Tally) -> Hits:
    node = visit.schema
    properties = node.get("properties") if isinstance(node, dict) else None
    if not properties or not isinstance(properties, dict):
        return NONE
    listed = names_at(node)
    base = visit.pointer.child("properties")
    return [Hit(base.child(name), None, {"name": name}) for name in properties if name not in listed]


def untyped_schema(visit: Visit, tally: Tally) -> Hits:
    node = visit.schema
    if not visit.depth or not isinstance(node, dict) or visit.keyword in REPORTED_BY_CONTAINER:
        return NONE
    if TYPE_SOURCES.isdisjoint(node) and not NOT_CONSTRAINING.issuperset(node):
        hint = " (it has properties: add `type: object`)" if "properties" in node else ""
        return (Hit(visit.pointer, None, {"detail": hint}),)
    return NONE


def empty_schema(visit: Visit, tally: Tally) -> Hits:
    node = visit.schema
    if not visit.depth or not isinstance(node, dict) or visit.keyword in REPORTED_BY_CONTAINER:
        return NONE
    if NOT_CONSTRAINING.issuperset(node) and not any(k.startswith("x-") for k in node):
        return (Hit(visit.pointer),)
    return NONE


def untyped_array_items(visit: Visit, tally: Tally) -> Hits:
    node = visit.schema
    if node.__class__ is not dict or "items" in node or "prefixItems" in node:
        return NONE
    declared = node.get("type")
    if declared == "array" or (isinstance(declared, list) and "array" in declared):
        return (Hit(visit.pointer),)
    return NONE


def boolean_schema(visit: Visit, tally: Tally) -> Hits:
    if visit.depth and isinstance(visit.schema, bool) and visit.keyword not in BOOLEAN_IS_A_VALUE:
        return (Hit(visit.pointer, None, None, visit.schema),)
    return NONE


def not_a_schema(visit: Visit, tally: Tally) -> Hits:
    node = visit.schema
    if isinstance(node, (dict, bool)):
        return NONE
    detail = f"expected a schema, found {show(node)}"
    return (Hit(visit.pointer, None, {"keyword": visit.keyword or "schema", "detail": detail}),)


#: where a boolean subschema is a level of nesting (the reference conformance walker visits it
#: there); elsewhere (``additionalProperties: false``, ``items: false``, ...) it is a switch
BOOLEAN_LEVELS = frozenset({"properties", "anyOf", "$defs", "definitions"})


def is_level(visit: Visit) -> bool:
    """Whether a node counts for nesting depth: every schema, but a boolean only where it
    stands for a member or a branch."""
    return visit.schema.__class__ is not bool or visit.keyword in BOOLEAN_LEVELS


def nesting_depth(visit: Visit, tally: Tally) -> Hits:
    limit = tally.limits["T401"]
    if visit.depth == limit + 1 and is_level(visit):
        return (Hit(visit.pointer, None, {"count": visit.depth, "limit": limit}, amount=visit.depth),)
    return NONE


def tally_node(visit: Visit, node: dict[str, Any], tally: Tally) -> None:
    """Gather the counts and sites the whole-schema rules judge at the end."""
    properties = node.get("properties")
    if properties and isinstance(properties, dict):
        tally.properties += len(properties)
        listed = names_at(node)
        budget = 0
        for name, sub in properties.items():
            budget += len(name)
            if name not in listed:
                tally.optional += 1
            if isinstance(sub, dict) and ("anyOf" in sub or isinstance(sub.get("type"), list)):
                tally.unions += 1
        tally.string_budget += budget
    if "$defs" in node or "definitions" in node:
        for key in ("$defs", "definitions"):
            defs = node.get(key)
            if isinstance(defs, dict):
                tally.string_budget += sum(len(name) for name in defs)
    if "enum" in node:
        enum = node["enum"]
        if isinstance(enum, list):
            tally.enum_values += len(enum)
            tally.string_budget += sum(len(v) for v in enum if isinstance(v, str))
    if "const" in node and isinstance(node["const"], str):
        tally.string_budget += len(node["const"])
    if "$ref" in node:
        tally.refs.append((visit.pointer, visit.depth, node["$ref"]))
    if "$anchor" in node or ("$id" in node and visit.depth):
        tally.anchors.append((visit.pointer, node))


# ---- keyword checks -------------------------------------------------------------------


def keyword_present(visit: Visit, keyword: str, value: Any, tally: Tally) -> Hits:
    return (Hit(visit.pointer, keyword, None, value),)


def tuple_items(visit: Visit, keyword: str, value: Any, tally: Tally) -> Hits:
    if keyword != "items" or isinstance(value, list):
        return (Hit(visit.pointer, keyword),)
    return NONE


def additional_properties_schema(visit: Visit, keyword: str, value: Any, tally: Tally) -> Hits:
    return (Hit(visit.pointer, keyword),) if isinstance(value, dict) else NONE


def undeclared_required(visit: Visit, keyword: str, value: Any, tally: Tally) -> Hits:
    if not isinstance(value, list) or not value:
        return NONE
    properties = visit.schema.get("properties")
    declared = properties if isinstance(properties, dict) else {}
    return [Hit(visit.pointer, keyword, {"name": n}) for n in value if isinstance(n, str) and n not in declared]


def ref_with_siblings(visit: Visit, keyword: str, value: Any, tally: Tally) -> Hits:
    if not visit.depth or len(visit.schema) == 1:
        return NONE
    siblings = [k for k in visit.schema if k not in REF_SIBLINGS_ALLOWED]
    if siblings:
        return (Hit(visit.pointer, keyword, {"detail": ", ".join(f"`{k}`" for k in siblings)}),)
    return NONE


def complex_enum_value(visit: Visit, keyword: str, value: Any, tally: Tally) -> Hits:
    values = value if keyword == "enum" and isinstance(value, list) else [value] if keyword == "const" else []
    if any(isinstance(v, (dict, list)) for v in values):
        return (Hit(visit.pointer, keyword),)
    return NONE


def enum_type_mismatch(visit: Visit, keyword: str, value: Any, tally: Tally) -> Hits:
    types = declared_types(visit.schema)
    if types is None:
        return NONE
    values = value if keyword == "enum" and isinstance(value, list) else [value] if keyword == "const" else []
    for item in values:
        if not any(admits(t, item) for t in types):
            return (Hit(visit.pointer, keyword, None, item),)
    return NONE


def malformed_type(visit: Visit, keyword: str, value: Any, tally: Tally) -> Hits:
    if value.__class__ is str and value in TYPE_NAMES:
        return NONE
    names = value if isinstance(value, list) else [value]
    bad = [n for n in names if not isinstance(n, str) or n not in TYPE_NAMES]
    if bad or not names:
        detail = f"{show(bad[0])} is not a JSON-Schema type" if bad else "an empty type list"
    elif len(set(names)) != len(names):
        detail = "type names repeat"
    else:
        return NONE
    return (Hit(visit.pointer, keyword, {"detail": detail}),)


def malformed_required(visit: Visit, keyword: str, value: Any, tally: Tally) -> Hits:
    if not isinstance(value, list) or not all(isinstance(n, str) for n in value):
        return (Hit(visit.pointer, keyword, {"detail": "expected a list of property names"}),)
    if len(set(value)) != len(value):
        return (Hit(visit.pointer, keyword, {"detail": "property names repeat"}),)
    return NONE


OBJECT_VALUED = frozenset({"properties", "$defs", "definitions", "patternProperties", "dependentSchemas"})


def malformed_container(visit: Visit, keyword: str, value: Any, tally: Tally) -> Hits:
    expected = dict if keyword in OBJECT_VALUED else list
    if isinstance(value, expected):
        if keyword == "enum" and not value:
            return (Hit(visit.pointer, keyword, {"detail": "an empty enum accepts no value"}),)
        if isinstance(value, list) and keyword == "enum" and _repeats(value):
            return (Hit(visit.pointer, keyword, {"detail": "enum values repeat"}),)
        return NONE
    noun = "an object of schemas" if expected is dict else "an array"
    return (Hit(visit.pointer, keyword, {"detail": f"expected {noun}"}),)


_SCALARS = (str, int, bool, type(None))


def _repeats(values: list[Any]) -> bool:
    """Whether two values have the same JSON text (so 1, true and 1.0 are three values)."""
    if all(v.__class__ in _SCALARS for v in values):  # the common case: no serialising
        return len({(v.__class__, v) for v in values}) != len(values)
    import json

    seen = {json.dumps(v, sort_keys=True) for v in values}
    return len(seen) != len(values)


def large_enum_length(visit: Visit, keyword: str, value: Any, tally: Tally) -> Hits:
    if isinstance(value, list) and len(value) > 250:
        total = sum(len(v) for v in value if isinstance(v, str))
        limit = tally.limits["T406"]
        if total > limit:
            return (Hit(visit.pointer, keyword, {"values": len(value), "count": total, "limit": limit}, amount=total),)
    return NONE


# ---- final checks (whole schema) ------------------------------------------------------


def _over(tally: Tally, code: str, count: int) -> Hits:
    limit = tally.limits[code]
    if count > limit:
        return (Hit(ROOT, None, {"count": count, "limit": limit}, amount=count),)
    return NONE


def property_count(tally: Tally) -> Hits:
    return _over(tally, "T403", tally.properties)


def enum_value_count(tally: Tally) -> Hits:
    return _over(tally, "T404", tally.enum_values)


def string_budget(tally: Tally) -> Hits:
    return _over(tally, "T405", tally.string_budget)


def optional_parameter_count(tally: Tally) -> Hits:
    return _over(tally, "T407", tally.optional)


def union_parameter_count(tally: Tally) -> Hits:
    return _over(tally, "T408", tally.unions)


class References:
    """Resolution of every ``$ref`` of one schema, shared by the reference rules."""

    def __init__(self, tally: Tally) -> None:
        # imported here: only a schema with a $ref needs them
        from ..core.refs import LOCAL, REMOTE, RefResolver, recursive_sites

        self.tally = tally
        resolver = RefResolver(tally.root, tally.anchors)
        resolutions = {pointer: resolver.resolve(ref) for pointer, _, ref in tally.refs}
        self.edges = {p: r.target for p, r in resolutions.items() if r.kind == LOCAL and r.target is not None}
        self.recursive = recursive_sites(self.edges)
        #: sites whose reference leaves the document (never fetched)
        self.remote = {p for p, r in resolutions.items() if r.kind == REMOTE}
        #: sites whose reference leads nowhere, with the reason
        self.broken = {p: r.reason for p, r in resolutions.items() if r.kind not in (LOCAL, REMOTE)}


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


def references(tally: Tally) -> References | None:
    if not tally.refs:
        return None
    if tally.references is None:
        tally.references = References(tally)
    return tally.references


def recursive_ref(tally: Tally) -> Hits:
    refs = references(tally)
    if refs is None:
        return NONE
    return [Hit(p, "$ref", None, ref) for p, _, ref in tally.refs if p in refs.recursive]


def remote_ref(tally: Tally) -> Hits:
    refs = references(tally)
    if refs is None:
        return NONE
    return [Hit(p, "$ref", None, ref) for p, _, ref in tally.refs if p in refs.remote]


def unresolvable_ref(tally: Tally) -> Hits:
    refs = references(tally)
    if refs is None:
        return NONE
    return [Hit(p, "$ref", {"detail": refs.broken[p]}, ref) for p, _, ref in tally.refs if p in refs.broken]


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


# ---- reasoning convention (envelope payload schemas) ---------------------------------------

REASONING_CONSTRAINTS = ("enum", "const", "pattern", "format", "minLength", "maxLength")
REASONING = Pointer(("properties", "reasoning"))


def _reasoning(tally: Tally) -> dict[str, Any] | None:
    root = tally.root
    properties = root.get("properties") if isinstance(root, dict) else None
    found = properties.get("reasoning") if isinstance(properties, dict) else None
    return found if isinstance(found, dict) else None


def reasoning_missing(tally: Tally) -> Hits:
    envelope = tally.envelope
    if envelope is None or not envelope.needs_reasoning or _reasoning(tally) is not None:
        return NONE
    return (Hit(ROOT, None, {"kind": envelope.kind}),)


def reasoning_type(tally: Tally) -> Hits:
    reasoning = _reasoning(tally)
    if tally.envelope is None or reasoning is None:
        return NONE
    required = tally.root.get("required")
    listed = isinstance(required, list) and "reasoning" in required
    expected = ["string", "null"] if listed else "string"
    if reasoning.get("type") == expected:
        return NONE
    words = 'typed `["string", "null"]` when it is listed in `required`' if listed else "typed `string` when optional"
    return (Hit(REASONING, "type" if "type" in reasoning else None, {"expected": words}),)


def reasoning_not_first(tally: Tally) -> Hits:
    if tally.envelope is None or _reasoning(tally) is None:
        return NONE
    properties = tally.root["properties"]
    ordering = tally.root.get("propertyOrdering")
    if next(iter(properties)) != "reasoning":
        return (Hit(REASONING, None, {"detail": " in `properties`"}),)
    if isinstance(ordering, list) and ordering and ordering[0] != "reasoning":
        return (Hit(ROOT, "propertyOrdering", {"detail": " in `propertyOrdering`"}),)
    return NONE


def reasoning_constrained(tally: Tally) -> Hits:
    reasoning = _reasoning(tally)
    if tally.envelope is None or reasoning is None:
        return NONE
    return [Hit(REASONING, keyword) for keyword in REASONING_CONSTRAINTS if keyword in reasoning]


def reasoning_on_acknowledgement(tally: Tally) -> Hits:
    if tally.envelope is None or tally.envelope.kind != "schema.response" or _reasoning(tally) is None:
        return NONE
    return (Hit(REASONING),)
