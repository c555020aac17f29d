"""Passes over combinators and their kin: ``allOf`` merged away, ``oneOf`` read as ``anyOf``,
``const`` written as a one-value ``enum``."""

from __future__ import annotations

from typing import Any

from ...core.jsontypes import declared_types
from ...core.pointer import Pointer
from ...core.refs import ReferenceGraph, followed
from ...core.walker import transform
from ..shapes import dict_at, is_free_form, list_at
from .base import Change, Options, PassResult, Unfixable, _flagged, _rename_key, does, graph_of
from .merging import _both, forbidden_required, merged_all_of


@does(
    "`allOf` merged where the branches do not conflict; a part's `additionalProperties` still applies to the "
    "members the other parts declare (a forbidden one is left out, or, when required, refused: rule T608, no "
    "value is valid; a constrained one carries both schemas); where two parts hold a keyword that one schema "
    "cannot say for both (two `pattern`s, two `anyOf`s, two `not`s), the first part's stands and restore checks "
    "the other (a loosening; `--exact` refuses); members given by `$ref` are followed to merge them, and an "
    "`allOf` a reference brings in is merged too"
)
def merge_all_of(schema: Any, options: Options) -> PassResult:
    """``allOf`` is merged away: exactly where its parts' keywords do not conflict, else
    loosely (:func:`~tierone.rewriter.passes.merging.merged_all_of`), and refused where no
    value would be valid (two types with nothing in common).

    Before: ``{"allOf": [{"$ref": "#/$defs/Base"}, {"properties": {"x": {"type": "string"}}}]}``
    After:  ``{"type": "object", "properties": {...Base's..., "x": {...}}, "required": [...]}``
    """
    if not _flagged(options, "T202"):
        return PassResult(schema)
    changes: list[Change] = []
    for _ in range(MERGE_ROUNDS):  # a merge may bring in, from a reference's target, an allOf of its own
        merged, done, unfixable = _merged_once(schema)
        changes.extend(done)
        if not done:
            break
        schema = merged
    return PassResult(schema, tuple(changes), tuple(unfixable))


#: rounds of merging, each over what the last brought in through references
MERGE_ROUNDS = 8


def _merged_once(schema: Any) -> tuple[Any, list[Change], list[Unfixable]]:
    """Every ``allOf`` of ``schema`` merged where it can be (its parts' references followed
    into ``schema`` as it is), with the changes and the places that cannot be merged."""
    graph = graph_of(schema)
    changes: list[Change] = []
    unfixable: list[Unfixable] = []

    def deref(node: Any) -> Any:
        return followed(node, graph.target, siblings=True)

    def merge(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict) or not isinstance(node.get("allOf"), list):
            return node
        branches: list[dict[str, Any]] | None = []
        for index, branch in enumerate(node["allOf"]):
            if isinstance(branch, dict) and "$ref" in branch:
                target = graph.target(branch["$ref"])
                if pointer.child("allOf").child(index) in graph.recursive or not isinstance(target, dict):
                    branches = None
                    break
                branch = {
                    **{k: v for k, v in target.items() if k not in ("$defs", "definitions")},
                    **{k: v for k, v in branch.items() if k != "$ref"},
                }
            if not isinstance(branch, dict) or branches is None:
                branches = None
                break
            branches.append(branch)
        base = {k: v for k, v in node.items() if k != "allOf"}
        forbidden = forbidden_required([base, *branches]) if branches is not None else None
        if forbidden is not None:
            unfixable.append(
                Unfixable(
                    pointer,
                    "T608",
                    f"allOf: {forbidden!r} is required, and another part's additionalProperties forbids it: "
                    "no value is valid here",
                )
            )
            return node
        merged, loosened = merged_all_of(base, branches, deref) if branches is not None else (None, ())
        if merged is None:
            unfixable.append(Unfixable(pointer, "T202", "allOf branches conflict or are not objects; cannot merge"))
            return node
        if loosened:
            kept = ", ".join(loosened)
            what = f"merged {len(node['allOf'])} allOf branch(es), where two parts hold {kept} the first part's kept"
            changes.append(Change.for_rule(pointer, what, "T202", loosens=f"the other allOf parts' {kept}"))
        else:
            changes.append(Change.for_rule(pointer, f"merged {len(node['allOf'])} allOf branch(es)", "T202"))
        return merged

    return transform(schema, merge), changes, unfixable


@does("`oneOf` → `anyOf` (exclusivity is re-checked by restore)")
def one_of_to_any_of(schema: Any, options: Options) -> PassResult:
    """``oneOf`` becomes ``anyOf`` (the read side checks exclusivity against the original).

    Before: ``{"oneOf": [{"type": "string"}, {"type": "integer"}]}``
    After:  ``{"anyOf": [{"type": "string"}, {"type": "integer"}]}``
    """
    if not _flagged(options, "T201"):
        return PassResult(schema)
    changes: list[Change] = []
    unfixable: list[Unfixable] = []

    def rename(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict) or "oneOf" not in node:
            return node
        if "anyOf" in node:
            unfixable.append(Unfixable(pointer, "T201", "oneOf next to anyOf cannot become a second anyOf"))
            return node
        changes.append(
            Change.for_rule(pointer, "oneOf renamed to anyOf", "T201", loosens="oneOf: exactly one branch matches")
        )
        return _rename_key(node, "oneOf", "anyOf", node["oneOf"])

    return PassResult(transform(schema, rename), tuple(changes), tuple(unfixable))


@does("`const` → one-value `enum`")
def const_to_enum(schema: Any, options: Options) -> PassResult:
    """``const`` becomes a one-value ``enum``, which every vendor accepts.

    Before: ``{"type": "string", "const": "cat"}``
    After:  ``{"type": "string", "enum": ["cat"]}``
    """
    if not _flagged(options, "T213"):
        return PassResult(schema)
    changes: list[Change] = []

    def swap(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict) or "const" not in node or "enum" in node:
            return node
        changes.append(Change.for_rule(pointer, "const turned into a one-value enum", "T213"))
        return _rename_key(node, "const", "enum", [node["const"]])

    return PassResult(transform(schema, swap), tuple(changes))


#: the keywords of an object that a union's branches can share
SHARED = ("properties", "required")


@does(
    "`properties` and `required` beside an `anyOf`/`oneOf` of objects go into each branch (closed apart, node "
    "and branches would accept nothing); a member declared on both sides is merged into one that says both, "
    "and a closed node (`additionalProperties: false`) closes each branch; what cannot be shared (a branch "
    "declaring a member the closed node refuses, a free-form member the branches give a shape, a recursive "
    "branch), or a union it would make of the root, is refused (rule T608)"
)
def distribute_properties(schema: Any, options: Options) -> PassResult:
    """``properties`` and ``required`` beside a union of object branches go into each branch:
    once every object is closed, a branch that does not declare the shared members refuses
    them (and the node refuses the branches' members), so nothing would validate. A member
    declared on both sides becomes one schema saying both; a node closed itself
    (``additionalProperties: false``) closes each branch to its members. A branch that is no
    object keeps its shape (members constrain objects only); a branch the shared members
    cannot be merged into (a member declared twice in ways that cannot merge, a free-form
    member the branch gives a shape, a member the closed node refuses, a recursive
    reference), or a union at the root, is reported where objects are closed (and left as it
    is where they stay open).

    Before: ``{"properties": {"id": ID}, "required": ["id"], "anyOf": [{"properties": {"a": A}}, ...]}``
    After:  ``{"anyOf": [{"properties": {"id": ID, "a": A}, "required": ["id"]}, ...]}``
    """
    closing = _flagged(options, "T102")  # where objects stay open, nothing is lost by not sharing
    graph = _Lazy(schema)
    changes: list[Change] = []
    unfixable: list[Unfixable] = []

    def distribute(node: Any, pointer: Pointer) -> Any:
        union = union_key(node)
        if union is None:
            return node
        branches = [
            _shared_into(node, branch, pointer.child(union).child(i), graph) for i, branch in enumerate(node[union])
        ]
        reason = next((b for b in branches if isinstance(b, str)), None)
        if reason is None and not pointer:
            reason = "shared, they would make the root a union, which strict modes refuse"
        if reason is not None:
            if not closing:
                return node
            unfixable.append(
                Unfixable(
                    pointer,
                    "T608",
                    f"`properties` beside `{union}` cannot be shared with its "
                    f"branches ({reason}), and closed apart they accept nothing",
                )
            )
            return node
        changes.append(
            Change.for_rule(
                pointer,
                f"properties and required shared into each {union} branch",
                "T608",
                " (closed branches would refuse the shared members)",
            )
        )
        return {
            **{k: v for k, v in node.items() if k not in SHARED and k not in (union, "additionalProperties")},
            union: branches,
        }

    return PassResult(transform(schema, distribute), tuple(changes), tuple(unfixable))


def union_key(node: Any) -> str | None:
    """``anyOf`` or ``oneOf`` when ``node`` holds one beside members or ``required`` to share
    (and no ``additionalProperties`` other than ``true``, which says nothing)."""
    if not isinstance(node, dict) or not (node.get("properties") or node.get("required")):
        return None
    unions = [key for key in ("anyOf", "oneOf") if isinstance(node.get(key), list) and node[key]]
    if len(unions) != 1 or node.get("additionalProperties", True) not in (True, False):
        return None
    if not isinstance(node.get("properties", {}), dict) or not isinstance(node.get("required", []), list):
        return None
    return unions[0]


class _Lazy:
    """The schema's reference graph, built when a branch first needs it."""

    def __init__(self, schema: Any) -> None:
        self._schema = schema
        self._graph: ReferenceGraph | None = None

    @property
    def graph(self) -> ReferenceGraph:
        if self._graph is None:
            self._graph = graph_of(self._schema)
        return self._graph


def _shared_into(node: dict[str, Any], branch: Any, pointer: Pointer, lazy: _Lazy) -> Any:
    """``branch`` with ``node``'s members and ``required`` merged in; a str saying why not."""
    if isinstance(branch, dict) and "$ref" in branch:
        graph = lazy.graph
        target = graph.target(branch["$ref"])
        if pointer in graph.recursive or not isinstance(target, dict):
            return f"the branch at {pointer} is a recursive or unresolved reference"
        branch = {
            **{k: v for k, v in target.items() if k not in ("$defs", "definitions", "$id", "$schema")},
            **{k: v for k, v in branch.items() if k != "$ref"},
        }
    if branch is False:
        return branch
    if branch is True:
        branch = {}
    if not isinstance(branch, dict):
        return f"the branch at {pointer} is not a schema"
    types = declared_types(branch)
    if types is not None and "object" not in types:
        return branch  # members constrain objects only
    if {"anyOf", "oneOf", "allOf"} & set(branch):
        return f"the branch at {pointer} is a union of its own"
    closed = node.get("additionalProperties") is False  # only the node's members may appear
    if closed and branch.get("additionalProperties", True) is not True:
        return f"the branch at {pointer} says which members it admits beside a closed object"
    properties = dict(node.get("properties", {}))
    wanted = list_at(branch, "required")
    for name, sub in dict_at(branch, "properties").items():
        if name not in properties and closed:  # never there: left out, the read side would still fill it in
            return f"the branch at {pointer} declares {name!r}, which the closed object beside the union refuses"
        if name in properties and is_free_form(properties[name]) and not is_free_form(sub):
            return (
                f"the member {name!r} is free-form beside the union and has a shape in the branch at {pointer} "
                "(the read side would take it for JSON-encoded data)"
            )
        if name not in properties:
            properties[name] = sub
        elif properties[name] != sub and sub not in (True, {}):
            both = _both(properties[name], sub)
            if both is None:
                return f"the member {name!r} is declared beside the union and, differently, in the branch at {pointer}"
            properties[name] = both
    required = list(node.get("required", []))
    required += [n for n in wanted if n not in required]
    if closed and any(n not in properties for n in required if isinstance(n, str)):
        return f"the branch at {pointer} requires a member the closed object beside the union refuses"
    merged = {k: v for k, v in branch.items() if k not in SHARED}
    if properties:
        merged["properties"] = properties
    if required:
        merged["required"] = required
    if closed:
        merged["additionalProperties"] = False
    return merged
