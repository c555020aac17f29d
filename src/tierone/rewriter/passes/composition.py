"""Passes over combinators: ``allOf`` merged away, ``oneOf`` read as ``anyOf``."""

from __future__ import annotations

import json
from typing import Any

from ...core.pointer import Pointer
from ...core.rebuilding import transform
from ...core.refs import ReferenceGraph, followed
from ...core.walker import REFERENCE, having, size
from ..shapes import ANNOTATION_KEYS, ENCODED_MARK
from .base import Change, Options, PassResult, Unfixable, _flagged, _rename_key, body_of, does, graph_of, targets_in
from .constraints import _kept
from .exclusive import exclusive
from .merging import forbidden_required, merged_all_of, nothing_in_common, same_value


@does(
    "`allOf` merged where the branches do not conflict; a part's `additionalProperties` still applies to the "
    "members the other parts declare (a forbidden one is left out, or, when required, the `allOf` takes no "
    "value: it is written `false`, which its place then serves as any schema taking no value, and refused at "
    "the root, rule T608, as are parts whose `type`s, `enum`s or `const`s have no value in common; a "
    "constrained one carries both schemas); where two parts hold a keyword that one schema "
    "cannot say for both (two `pattern`s, two `anyOf`s, two `not`s), the first part's stands and restore checks "
    "the other (a loosening; `--exact` refuses); members given by `$ref` are followed to merge them, and an "
    "`allOf` a reference brings in is merged too; a part that is `true` (or a reference to it) adds nothing; "
    "one reference beside parts that only annotate or say what its target says already, where no copy of its "
    "target can be merged (a cycle), is that reference (the annotations left out)"
)
def merge_all_of(schema: Any, options: Options) -> PassResult:
    """``allOf`` is merged away: exactly where its parts' keywords do not conflict, else
    loosely (:func:`~tierone.rewriter.passes.merging.merged_all_of`); written ``false`` where
    no value satisfies the parts together (a part forbids what another requires; ``type``s,
    ``enum``s or ``const``s with nothing in common), refused at the root and where one schema
    cannot say what the parts say.

    Before: ``{"allOf": [{"$ref": "#/$defs/Base"}, {"properties": {"x": {"type": "string"}}}]}``
    After:  ``{"type": "object", "properties": {...Base's..., "x": {...}}, "required": [...]}``
    """
    if not _flagged(options, "T202"):
        return PassResult(schema)
    changes: list[Change] = []
    room = 0  # counted at the first merge
    for _ in range(MERGE_ROUNDS):  # a merge may bring in, from a reference's target, an allOf of its own
        merged, done, unfixable = _merged_once(schema)
        if not done:
            break
        room = room or max(MERGED_NODES, 4 * size(schema, MERGED_NODES))
        if size(merged, room) > room:  # a round past the room is not taken: what is left stays refused
            break
        changes.extend(done)
        schema = merged
    return PassResult(schema, tuple(changes), tuple(unfixable))


#: the nodes whose union is exclusive
_ONE_OF = frozenset({"oneOf"})
#: the nodes merged
_ALL_OF = frozenset({"allOf"})
#: rounds of merging, each over what the last brought in through references
MERGE_ROUNDS = 8
#: schema nodes the merged schema may hold at least (past it, or past four times the schema's
#: own size, a round is not taken: bodies copied into copies of themselves grow exponentially)
MERGED_NODES = 20_000


def _merged_once(schema: Any) -> tuple[Any, list[Change], list[Unfixable]]:
    """Every ``allOf`` of ``schema`` merged where it can be (its parts' references followed
    into ``schema`` as it is), with the changes and the places that cannot be merged."""
    graphs: list[ReferenceGraph] = []  # built at the first allOf
    changes: list[Change] = []
    unfixable: list[Unfixable] = []

    def graph() -> ReferenceGraph:
        if not graphs:
            graphs.append(graph_of(schema))
        return graphs[0]

    def merge(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict) or not isinstance(node.get("allOf"), list):
            return node
        return merged_node(node, pointer, graph(), changes, unfixable, as_false=bool(pointer))

    return transform(schema, merge, only=_ALL_OF), changes, unfixable


#: what the ledger says of an ``allOf`` of one reference beside parts that only annotate or say
#: what its target says already, which cannot be merged into a copy of its target (a cycle
#: leads back through it)
_ONE_REFERENCE = (
    "an allOf of one reference, its other parts only annotations or what its target says already, written as "
    "that reference"
)
#: keywords that say nothing of a value (the table's annotations, left out where the node
#: becomes a bare reference), but those that hold or name schemas
_ANNOTATING = ANNOTATION_KEYS - {"$defs", "definitions", "$id", "$schema"}
#: keywords whose meaning depends on others beside them (``items`` on ``prefixItems``,
#: ``additionalProperties`` on ``properties``...): a part holding one says more than the same
#: keyword says in another schema
_CONTEXTUAL = frozenset(
    {
        "additionalProperties",
        "additionalItems",
        "unevaluatedProperties",
        "unevaluatedItems",
        "items",
        "prefixItems",
        "contains",
        "minContains",
        "maxContains",
        "if",
        "then",
        "else",
        "$ref",
        "$dynamicRef",
        "$recursiveRef",
        "$id",
        "id",
    }
)


def _one_reference(node: dict[str, Any], target: Any) -> dict[str, Any] | None:
    """The bare reference an ``allOf`` node means when one part is a bare ``$ref`` and every
    other part only annotates, is ``true``, or (itself or the target a bare reference of its
    names) says nothing but what that reference's target says in the same words; and the node
    beside them only annotates. None otherwise. ``target`` finds a reference's target."""
    if not set(node) - {"allOf"} <= _ANNOTATING:
        return None
    parts = node["allOf"]
    for kept in parts:
        if not isinstance(kept, dict) or set(kept) != {"$ref"}:
            continue
        body = target(kept["$ref"])
        if all(part is kept or _adds_nothing(part, body, target) for part in parts):
            return {"$ref": kept["$ref"]}
    return None


def _adds_nothing(part: Any, body: Any, target: Any) -> bool:
    """Whether ``part`` beside a schema ``body`` takes no value away from it: it is ``true``,
    only annotates, or each of its keywords (none of them one whose meaning depends on others
    beside it) stands in ``body`` with the same value; a bare reference is judged by its target."""
    if isinstance(part, dict) and set(part) == {"$ref"}:
        part = target(part["$ref"])
    if part is True:
        return True
    if not isinstance(part, dict):
        return False
    said = {key: value for key, value in part.items() if key not in _ANNOTATING and key not in ("$defs", "definitions")}
    return not said or (
        isinstance(body, dict)
        and _CONTEXTUAL.isdisjoint(said)
        and all(key in body and same_value(body[key], value) for key, value in said.items())
    )


def merged_node(
    node: dict[str, Any],
    pointer: Pointer,
    graph: ReferenceGraph,
    changes: list[Change],
    unfixable: list[Unfixable],
    on_cycle: bool = False,
    as_false: bool = False,
) -> Any:
    """``node``'s ``allOf`` merged into it (its references followed in ``graph``'s schema), the
    change recorded; ``node`` as it is where it cannot be, the reason in ``unfixable``.
    ``on_cycle``: its references are taken for ones on a cycle (made where the graph has none).
    ``as_false``: parts that no value satisfies together are written ``false`` (the same
    meaning, which the place's own rules then serve: a member left out, an array kept empty)
    rather than refused."""
    branches: list[dict[str, Any]] | None = []
    for index, branch in enumerate(node["allOf"]):
        if isinstance(branch, dict) and "$ref" in branch:
            target = graph.target(branch["$ref"])  # on a cycle too: its body is copied once, its refs kept
            target = {} if target is True else target  # `true` takes every value: the same as `{}`
            cycle = on_cycle or pointer.child("allOf").child(index) in graph.recursive
            if not isinstance(target, dict) or (cycle and _extends_itself(target, branch["$ref"])):
                branches = None
                break
            branch = {
                **{k: v for k, v in target.items() if k not in ("$defs", "definitions")},
                **{k: v for k, v in branch.items() if k != "$ref"},
            }
        if branch is True:
            continue  # a part that takes every value adds nothing to the others
        if not isinstance(branch, dict) or branches is None:
            branches = None
            break
        branches.append(branch)
    base = {k: v for k, v in node.items() if k != "allOf"}
    parts = None if branches is None else [base, *branches]
    forbidden = forbidden_required(parts) if parts is not None else None
    apart = nothing_in_common(parts) if parts is not None and as_false and forbidden is None else None
    # a part an earlier pass carried as a JSON string (past an unrolled recursion's last level)
    # may seem to have nothing in common with another: only parts as the original wrote them tell
    if (forbidden is not None or apart is not None) and as_false and ENCODED_MARK not in json.dumps(parts):
        why = (
            f"{forbidden!r} is required, and another part's additionalProperties forbids it"
            if forbidden is not None
            else f"the parts' `{apart}` have no value in common"
        )
        changes.append(Change.for_rule(pointer, f"written `false` (allOf: {why}: no value is valid here)", "T608"))
        return False
    if forbidden is not None:
        why = f"allOf: {forbidden!r} is required, and another part's additionalProperties forbids it"
        unfixable.append(Unfixable(pointer, "T608", f"{why}: no value is valid here"))
        return node

    def deref(found: Any) -> Any:
        return followed(found, graph.target, siblings=True)

    try:
        merged, loosened = merged_all_of(base, branches, deref) if branches is not None else (None, ())
    except RecursionError:  # members merged through references that lead back into each other
        merged, loosened = None, ()
    if merged is None:
        alone = _one_reference(node, graph.target)  # where a copy cannot be merged (a cycle), the reference itself
        if alone is not None:
            changes.append(Change.for_rule(pointer, _ONE_REFERENCE, "T202"))
            return alone
        unfixable.append(Unfixable(pointer, "T202", "allOf branches conflict or are not objects; cannot merge"))
        return node
    what = f"{_MERGED} {len(node['allOf'])} allOf branch(es)"
    if loosened:
        kept = ", ".join(loosened)
        what = f"{what}, where two parts hold {kept} the first part's kept"
    changes.append(Change.for_rule(pointer, what, "T202", loosens=f"the other allOf parts' {kept}" if loosened else ""))
    return merged


def merges_branches(change: Change) -> bool:
    """Whether ``change`` is the one :func:`merged_node` makes where it merged a node's ``allOf``."""
    return change.rule == "T202" and change.what.startswith(f"{_MERGED} ")


_MERGED = "merged"


def _extends_itself(target: dict[str, Any], ref: str) -> bool:
    """Whether ``target`` refers to ``ref`` itself from its own body, as a copy of it is written (its
    definitions stay where they are; references not followed):
    a copy of the body would bring the reference in again, and merging members through it would
    follow it without end."""
    return any(node["$ref"] == ref for _, node, _ in having(body_of(target), REFERENCE))


@does(
    "`oneOf` → `anyOf` (exclusivity is re-checked by restore; no loosening where no value can take two branches: "
    "their types or `enum`/`const` values share none, or a member both require does so, as a discriminated "
    "union's tag); a `oneOf` beside an `anyOf` leaves the rendition "
    "(one union stands: the `anyOf`, as the read side plans answers by it) and restore checks it"
)
def one_of_to_any_of(schema: Any, options: Options) -> PassResult:
    """``oneOf`` becomes ``anyOf`` (the read side checks exclusivity against the original).
    Beside an ``anyOf``, which a second ``anyOf`` cannot join, the ``oneOf`` leaves instead (a
    loosening: restore checks it against the original); the ``anyOf`` stands, the union the
    read side plans answers by.

    Before: ``{"oneOf": [{"type": "string"}, {"type": "integer"}]}``
    After:  ``{"anyOf": [{"type": "string"}, {"type": "integer"}]}``
    """
    if not _flagged(options, "T201"):
        return PassResult(schema)
    changes: list[Change] = []
    target = targets_in(schema)

    def rename(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict) or "oneOf" not in node:
            return node
        if "anyOf" in node:
            what = "oneOf removed (beside an anyOf, which stands: no second anyOf can join it)"
            changes.append(Change.for_rule(pointer, what, "T201", loosens=_kept("oneOf", node["oneOf"])))
            return {k: v for k, v in node.items() if k != "oneOf"}
        branches = node["oneOf"]
        if isinstance(branches, list) and exclusive(branches, target, node.get("type")):  # anyOf says the same
            changes.append(Change.for_rule(pointer, "oneOf renamed to anyOf (no value takes two branches)", "T201"))
        else:
            changes.append(
                Change.for_rule(pointer, "oneOf renamed to anyOf", "T201", loosens="oneOf: exactly one branch matches")
            )
        return _rename_key(node, "oneOf", "anyOf", branches)

    return PassResult(transform(schema, rename, only=_ONE_OF), tuple(changes))
