"""``properties`` and ``required`` beside a union shared into its branches: once every object is
closed, node and branches apart would accept nothing."""

from __future__ import annotations

from typing import Any

from ...core.jsontypes import declared_types
from ...core.pointer import Pointer
from ...core.rebuilding import transform
from ...core.refs import ReferenceGraph
from ..shapes import ANNOTATION_KEYS, dict_at, is_free_form, list_at
from .base import Change, Options, PassResult, Unfixable, _flagged, body_of, does, graph_of
from .branch_members import (
    DROPPED,
    FREE_FORM,
    SHARED,
    Kept,
    patterns_left_out,
    recorded,
    requirements_moved,
    shared_into_branches,
    union_key,
)
from .closed_branches import LEFT_OUT, merged_member, within_closed


@does(
    "`properties` and `required` beside an `anyOf`/`oneOf` of objects go into each branch (closed apart, node "
    "and branches would accept nothing); a member declared on both sides is merged into one that says both "
    "(where one schema cannot: two patterns, a reference the branch narrows, the node's stands and restore "
    "checks the branch's keywords), and a closed node closes each branch (one that declares no member too: "
    "its branches then hold none); a branch that is an `anyOf` of its "
    "own becomes its branches, each with both sets of members; a member free-form beside the union stays "
    "free-form in each branch (JSON text) and restore checks the branch's schema for it (loosenings: "
    "`--exact` refuses); beside a closed node, a branch holds the members both admit (a member only one side "
    "admits, or that no value of both can be, is left out: exact), and a branch requiring a member it cannot "
    "hold takes no value and is left out; a `patternProperties` beside it leaves (closed, the branches hold only "
    "what they declare; restore checks it on declared members it names; where objects stay open, a loosening); a "
    "branch by reference becomes a copy of its target (whose references stay: recursion goes on through them), "
    "the unions inside the copy shared into too (where one of them cannot be, the copy stays as its target is), "
    "refused where its own union leads back to it, as is a union made of the root (T608)"
)
def distribute_properties(schema: Any, options: Options) -> PassResult:
    """``properties`` and ``required`` beside a union of object branches go into each branch:
    once every object is closed, a branch that does not declare the shared members refuses
    them (and the node refuses the branches' members), so nothing would validate. A member
    declared on both sides becomes one schema saying both; a node closed itself
    (``additionalProperties: false``) closes each branch to its members. A branch that is no
    object keeps its shape (members constrain objects only); a branch that is an ``anyOf`` of
    its own (beside an ``anyOf``) becomes its branches. A member free-form beside the union
    stays free-form in every branch (the read side decodes it as the node says), its branch
    schema left to restore (in the ledger). Beside a closed node, a branch holds the members
    both admit (:func:`~.closed_branches.within_closed`); a member no value of both sides can be
    is left out of a branch, which takes nothing where it requires one. A branch the members
    cannot go into (a reference its own union leads back to, a union beside a ``oneOf``), or a
    union at the root, is reported where objects are closed (left as it is where they stay open).

    Before: ``{"properties": {"id": ID}, "required": ["id"], "anyOf": [{"properties": {"a": A}}, ...]}``
    After:  ``{"anyOf": [{"properties": {"id": ID, "a": A}, "required": ["id"]}, ...]}``
    """
    closing = shares_members(options.profile)  # where objects stay open, nothing is lost by not sharing
    graph = _Lazy(schema)
    changes: list[Change] = []
    unfixable: list[Unfixable] = []
    kept: Kept = []  # branch members loosened (restore checks the branch's schema) and branches left out
    expanding: set[str] = set()  # the references whose copies are being distributed in

    def expanded(branch: Any, ref: Any, at: Pointer) -> Any:
        """A branch copied from a reference's target (as the pass's input has it), the unions
        inside it distributed too; as copied where it leads back to one being made, or cannot be."""
        if not isinstance(ref, str) or ref in expanding:
            return branch
        expanding.add(ref)
        made, refused = len(changes), len(unfixable)
        try:
            done = transform(branch, distribute, at, only=_UNIONS)
        finally:
            expanding.discard(ref)
        if len(unfixable) > refused:
            del changes[made:], unfixable[refused:]
            return branch
        return done

    def distribute(node: Any, pointer: Pointer) -> Any:
        if _objects_refused(node):  # members constrain objects only, which no branch takes
            changes.append(Change.for_rule(pointer, _NO_OBJECT, "T608"))
            return {k: v for k, v in node.items() if k not in (*SHARED, "additionalProperties")}
        union = union_key(node)
        if union is None or all(_no_object(branch) for branch in node[union]):
            return node  # members constrain objects only: nothing to share
        shared = [
            _shared_into(node, branch, pointer.child(union).child(i), graph, union, kept)
            for i, branch in enumerate(node[union])
        ]
        reason = next((b for b in shared if isinstance(b, str)), None)
        branches = [b for part in shared if not isinstance(part, str) for b in part]
        if reason is None and not branches:
            reason = "no branch takes a value beside them"
        if reason is None and not pointer:
            reason = "shared, they would make the root a union, which strict modes refuse"
        if reason is not None:
            kept.clear()
            if not (node.get("properties") or node.get("required")):
                return node  # closed alone: as it is (a member it leaves no value is dropped later, or refused)
            if not closing:
                return requirements_moved(node, union, pointer, changes, lambda ref: graph.graph.target(ref))
            unfixable.append(
                Unfixable(
                    pointer,
                    "T608",
                    f"`properties` beside `{union}` cannot be shared with its "
                    f"branches ({reason}), and closed apart they accept nothing",
                )
            )
            return node
        changes.extend(recorded(place, what) for place, what in kept)
        kept.clear()
        changes.append(shared_into_branches(pointer, union))
        branches = [  # (each part a list here) a branch by reference is a copy of its target
            expanded(branch, was.get("$ref"), pointer.child(union).child(i)) if isinstance(was, dict) else branch
            for i, (was, part) in enumerate(zip(node[union], shared, strict=True))
            for branch in part
        ]
        changes.extend(left := patterns_left_out(node, branches, pointer, closing) if _flagged(options, "T208") else [])
        gone = (union, "additionalProperties", *(["patternProperties"] if left else []))
        return {**{k: v for k, v in node.items() if k not in SHARED and k not in gone}, union: branches}

    return PassResult(transform(schema, distribute, only=_UNIONS), tuple(changes), tuple(unfixable))


def _no_object(branch: Any) -> bool:
    """A branch written inline whose type leaves out objects (or each of whose own ``anyOf``
    branches leaves them out)."""
    if not isinstance(branch, dict) or "$ref" in branch:
        return False
    types = declared_types(branch)
    if types is None:
        inner = branch.get("anyOf")
        return isinstance(inner, list) and bool(inner) and all(_no_object(b) for b in inner)
    return "object" not in types


#: what the rendition says of members beside a union that takes no object
_NO_OBJECT = (
    "properties, required and additionalProperties removed (they constrain objects only, which no branch takes)"
)


def _objects_refused(node: Any) -> bool:
    """Whether ``node`` says what an object's members are beside one union (``anyOf`` or
    ``oneOf``) none of whose branches takes an object, and no ``type`` of its own: the
    members constrain nothing a value can be."""
    if not isinstance(node, dict) or "type" in node or not (node.get("properties") or node.get("required")):
        return False
    unions = [node[key] for key in ("anyOf", "oneOf") if isinstance(node.get(key), list) and node[key]]
    return len(unions) == 1 and all(_no_object(branch) for branch in unions[0])


#: the nodes the pass looks at: those holding a union
_UNIONS = frozenset({"anyOf", "oneOf"})


def shares_members(profile: str) -> bool:
    """Whether renditions under ``profile`` share an object's members into each branch of its
    union: where they close objects (T102). ``answers.strictform`` writes answers by it too."""
    return _flagged(Options(profile), "T102")


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


def _shared_into(
    node: dict[str, Any], branch: Any, pointer: Pointer, lazy: _Lazy, union: str, kept: Kept, seen: tuple[Any, ...] = ()
) -> list[Any] | str:
    """``branch`` with ``node``'s members and ``required`` merged in (a branch that is an
    ``anyOf`` of its own, beside an ``anyOf``, becomes its branches, each with both merged
    in); a str saying why not. A member free-form beside the union that the branch gives a
    shape stays free-form (it travels as JSON text, as the node says) and its place goes in
    ``kept``: restore checks the branch's schema for it. ``seen``: the references followed on
    the way to ``branch`` (a branch of a branch's own union that leads back is recursive)."""
    if isinstance(branch, dict) and "$ref" in branch:
        graph = lazy.graph
        target = graph.target(branch["$ref"])
        if not isinstance(target, dict) or branch["$ref"] in seen:
            return f"the branch at {pointer} is a reference that leads back to itself, or to nothing"
        seen = (*seen, branch["$ref"])
        branch = body_of(target, branch)
    if branch is False:
        return [branch]
    if branch is True:
        branch = {}
    if not isinstance(branch, dict):
        return f"the branch at {pointer} is not a schema"
    types = declared_types(branch)
    if types is not None and "object" not in types:
        return [branch]  # members constrain objects only
    if {"anyOf", "oneOf", "allOf"} & set(branch):
        return _spliced(node, branch, pointer, lazy, union, kept, seen)
    merged = _merged(node, branch, pointer, kept)
    if merged is None:
        kept.append((pointer, DROPPED))
        return []
    return merged if isinstance(merged, str) else [merged]


def _spliced(
    node: dict[str, Any],
    branch: dict[str, Any],
    pointer: Pointer,
    lazy: _Lazy,
    union: str,
    kept: Kept,
    seen: tuple[Any, ...],
) -> list[Any] | str:
    """The branches of ``branch``'s own ``anyOf`` (beside an ``anyOf``: the same values), each
    with ``node``'s and ``branch``'s members merged in."""
    inner = branch.get("anyOf")
    if union != "anyOf" or set(branch) & {"oneOf", "allOf"} or not isinstance(inner, list) or not inner:
        return f"the branch at {pointer} is a union of its own"
    outer = _merged(node, {k: v for k, v in branch.items() if k != "anyOf"}, pointer, kept)
    if outer is None:
        kept.append((pointer, DROPPED))
        return []
    if isinstance(outer, str):
        return outer
    rest = {k: v for k, v in outer.items() if k not in (*SHARED, "additionalProperties")}
    out: list[Any] = []
    for i, sub in enumerate(inner):
        shared = _shared_into(outer, sub, pointer.child("anyOf").child(i), lazy, "anyOf", kept, seen)
        if isinstance(shared, str):
            return shared
        for part in shared:
            if isinstance(part, dict):
                clash = next((k for k in rest if k in part and part[k] != rest[k] and k not in ANNOTATION_KEYS), None)
                if clash is not None:
                    return f"the branch at {pointer} says {clash!r} beside its own union, which a branch of it says otherwise"
                part = {**{k: v for k, v in rest.items() if k not in part}, **part}
            out.append(part)
    return out


def _merged(node: dict[str, Any], branch: dict[str, Any], pointer: Pointer, kept: Kept) -> dict[str, Any] | str | None:
    """``branch`` (no union of its own) with ``node``'s members and ``required`` merged in; a
    str saying why not; None where the branch takes nothing beside the node."""
    closed = node.get("additionalProperties") is False  # only the node's members may appear
    if closed and branch.get("additionalProperties", True) is not True:
        return within_closed(node, branch, pointer, kept)
    properties = dict(node.get("properties", {}))
    wanted = list_at(branch, "required")
    for name, sub in dict_at(branch, "properties").items():
        if name not in properties and closed:  # never there: left out, and a branch requiring it takes nothing
            if name in wanted:
                return None
            continue
        place = pointer.child("properties").child(name)
        if name in properties and is_free_form(properties[name]):  # JSON text, as the node says
            if sub != properties[name] and sub not in (True, {}):
                kept.append((place, FREE_FORM))
            continue
        if name not in properties:
            properties[name] = sub
            continue
        needed = name in wanted or name in list_at(node, "required")
        both = merged_member(properties[name], sub, needed, place, kept)
        if both is None:
            return None  # a required member no value of both can be: the branch takes nothing
        if both is LEFT_OUT:  # never there in this branch
            del properties[name]
        else:
            properties[name] = both
    required = list(node.get("required", []))
    required += [n for n in wanted if n not in required]
    if closed and any(n not in properties for n in required if isinstance(n, str)):
        return None  # it requires a member the closed object refuses: it takes nothing
    merged = {k: v for k, v in branch.items() if k not in SHARED}
    if properties:
        merged["properties"] = properties
    if required:
        merged["required"] = required
    if closed:
        merged["additionalProperties"] = False
    return merged
