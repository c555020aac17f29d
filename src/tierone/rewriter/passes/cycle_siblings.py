"""No sibling beside a reference on a cycle, which llguidance refuses: a ``$ref``'s siblings
that its target has go (annotations move to a wrapping one-branch ``anyOf``), and a union's
``type`` moves into its branches, or a branch on the cycle is copied, so that no reference on
a cycle takes the union's siblings."""

from __future__ import annotations

from typing import Any

from ...core.jsontypes import declared_types
from ...core.pointer import ROOT as HERE
from ...core.pointer import Pointer
from ...core.rebuilding import transform
from ..shapes import constraining_keys
from .base import Change, Options, PassResult, Unfixable, _flagged, body_of, does, graph_of
from .idle import idle_beside

#: keywords that say nothing about instances: beside a reference on a cycle they move to a
#: wrapping one-branch ``anyOf``
_ANNOTATIONS = frozenset({"title", "description", "examples", "default", "deprecated", "readOnly", "writeOnly"})
#: keywords that beside an ``anyOf`` are no constraint its branches would take on
_BESIDE_UNION = _ANNOTATIONS | {"anyOf", "$defs", "$id", "$schema", "$comment", "propertyOrdering"}


def wrapped_cycle_ref(node: dict[str, Any], target: Any) -> dict[str, Any] | None:
    """A ``$ref`` on a cycle without siblings: those its target has with the same value go,
    and so do those of a type its ``type`` excludes; the annotations (and members that are no
    keyword) move to a wrapping one-branch ``anyOf``; None when another sibling would
    have to stay (a recursive reference cannot be inlined to merge it).

    Before: ``{"$ref": "#/$defs/Node", "type": "object", "description": "Next"}``
    After:  ``{"anyOf": [{"$ref": "#/$defs/Node"}], "description": "Next"}``
    """
    own = target if isinstance(target, dict) else {}
    # a keyword of a type the site's or its target's `type` excludes does nothing there
    idle = frozenset().union(*(idle_beside(types) for types in (declared_types(node), declared_types(own)) if types))
    rest = {
        k: v
        for k, v in node.items()
        if k != "$ref" and k not in idle and not (k in own and own[k] == v and k not in _ANNOTATIONS)
    }
    if constraining_keys(rest) - _ANNOTATIONS:  # (a member that is no keyword, constraining nothing, moves too)
        return None
    return {"anyOf": [{"$ref": node["$ref"]}], **rest} if rest else {"$ref": node["$ref"]}


@does(
    "an `anyOf` that stands beside constraining keywords (a `type`) and has a `$ref` branch leading into a "
    "cycle: llguidance gives each branch the union's siblings and refuses siblings beside a reference on a "
    "cycle. The union's `type` moves into its branches where each declares a type within it or none (the root "
    "keeps its own), and an `additionalProperties: true` beside it goes (it allows what is allowed without it); "
    "where a sibling still stands, the branch becomes a copy of its target, whose own references still lead into "
    "`$defs` (the profiles that keep recursion: `openai`, `gemini`), unless the copy would hold the same "
    "reference beside siblings again (refused, T501)"
)
def unshare_recursive_refs(schema: Any, options: Options) -> PassResult:
    """An ``anyOf`` beside constraining keywords (a ``type``) with a branch ``{"$ref": ...}``
    whose target takes part in a cycle: llguidance gives each branch the union's siblings,
    and refuses siblings beside a reference on a cycle. The union's ``type`` moves into its
    branches where each declares a type within it or none (not at the root, which keeps its
    own: T101), and an ``additionalProperties: true`` beside it goes; where a sibling still
    stands, the branch becomes a copy of its target, whose own references still lead into
    ``$defs`` (the recursion is kept), unless the copy would hold the same again (T501).

    Before: ``{"type": "object", "anyOf": [{"$ref": "#/$defs/Tree"}, {"properties": {...}}]}``
    After:  ``{"anyOf": [{"$ref": "#/$defs/Tree"}, {"properties": {...}, "type": "object"}]}``
    (``Tree`` recursive and of type object)

    Before: ``{"type": "object", "anyOf": [{"$ref": "#/$defs/Tree"}]}`` (at the root)
    After:  ``{"type": "object", "anyOf": [{"type": "object", "properties": {"kids": ... {"$ref":
    "#/$defs/Tree"}}}]}``
    """
    if _flagged(options, "T501"):  # recursion refused: unrolled already, or refused as it stands
        return PassResult(schema)
    graph = graph_of(schema)
    if not graph.recursive:
        return PassResult(schema)
    on_cycle = {graph.edges[site] for site in graph.recursive if site in graph.edges}
    changes: list[Change] = []
    unfixable: list[Unfixable] = []

    def unshare(node: Any, pointer: Pointer) -> Any:
        branches = node.get("anyOf") if isinstance(node, dict) else None
        if not isinstance(branches, list) or set(node) <= _BESIDE_UNION:
            return node
        cyclic = [
            i
            for i, b in enumerate(branches)
            if isinstance(b, dict)
            and set(b) == {"$ref"}
            and graph.edges.get(pointer.child("anyOf").child(i)) in on_cycle
        ]
        if not cyclic:
            return node
        moved = _type_into(node, branches, graph) if "type" in node and pointer != HERE else None  # T101
        if moved is not None:
            node = {k: v for k, v in node.items() if k != "type"}
            node["anyOf"] = branches = moved
            changes.append(
                Change.for_rule(
                    pointer.child("type"),
                    "moved into the anyOf's branches that do not "
                    "declare it (a reference on a cycle takes no siblings of its union)",
                    "T501",
                )
            )
        if set(node) - _BESIDE_UNION == {"additionalProperties"} and node["additionalProperties"] is True:
            node = {k: v for k, v in node.items() if k != "additionalProperties"}  # the default: it says nothing
            changes.append(Change.for_rule(pointer.child("additionalProperties"), _DEFAULT_GOES, "T501", gone=True))
        if set(node) <= _BESIDE_UNION:
            return node
        out = list(branches)
        for index in cyclic:
            branch, site = branches[index], pointer.child("anyOf").child(index)
            if not (isinstance(branch, dict) and "$ref" in branch):
                continue  # the type moved into it took its target's copy already
            target = graph.target(branch["$ref"])
            if isinstance(target, dict) and _beside_union_again(body_of(target), branch["$ref"]):
                unfixable.append(Unfixable(site, "T501", _AGAIN))  # a copy would hold it again, without end
            elif isinstance(target, dict):
                out[index] = body_of(target)
                changes.append(
                    Change.for_rule(
                        site,
                        f"{branch['$ref']} copied here (a reference on a cycle takes no siblings of its union)",
                        "T501",
                    )
                )
        return {**node, "anyOf": out} if out != branches else node

    return PassResult(transform(schema, unshare, only=frozenset({"anyOf"})), tuple(changes), tuple(unfixable))


#: what the change says where a union's ``additionalProperties: true`` goes (any other member is allowed without it)
_DEFAULT_GOES = (
    "removed: `true` allows what is allowed without it (a reference on a cycle takes no siblings of its union)"
)
#: why a reference on a cycle beside its union's siblings stays refused
_AGAIN = (
    "a reference on a cycle beside its union's siblings (a decoding engine gives each branch them, and "
    "llguidance refuses siblings beside such a reference): a copy of its target holds the same again"
)


def _beside_union_again(body: dict[str, Any], ref: str) -> bool:
    """Whether ``body`` (a target as its copy is written: its definitions stay where they are)
    holds a union beside siblings with a branch that is ``ref`` itself: the copy is written as
    it stands (no ``type`` moved, nothing dropped in it), so its reference would take them again."""
    from ...core.walker import walk

    return any(
        isinstance(node, dict)
        and isinstance(node.get("anyOf"), list)
        and {"$ref": ref} in node["anyOf"]
        and not set(node) <= _BESIDE_UNION
        for _, node, _, _ in walk(body)
    )


def _type_into(node: dict[str, Any], branches: list[Any], graph: Any) -> list[Any] | None:
    """The branches of the union of ``node`` with its ``type`` moved into them (the union then
    means what it meant with the type beside it): a branch that declares a type within it (a
    reference followed to its target; "integer" is within "number") stays as it is, one that
    declares none and is no reference takes it. None when a branch is neither."""
    declared = declared_types(node)
    if declared is None:
        return None
    allowed = {*declared, "integer"} if "number" in declared else set(declared)
    out = []
    for branch in branches:
        target = branch
        for _ in range(MAX_HOPS):
            if not (isinstance(target, dict) and "$ref" in target and "type" not in target):
                break
            target = graph.target(target["$ref"])
        if not isinstance(target, dict):
            return None
        own = declared_types(target)
        if own is not None and allowed.issuperset(own):
            out.append(branch)
        elif "type" not in target and "$ref" not in target:
            out.append({**target, "type": node["type"]})
        else:
            return None
    return out


#: references followed from a union branch to the node that declares its type
MAX_HOPS = 16
