"""Members that can never be given, left out of the rendition exactly."""

from __future__ import annotations

from typing import Any

from ...core.jsontypes import declared_types, names_at
from ...core.pointer import Pointer
from ...core.rebuilding import transform
from ...core.refs import followed, targets_of
from ..shapes import JSON_MEMBER, constraining_keys, dict_at, takes_scalars_alone
from ..typed_unions import overlap
from .base import Change, Options, PassResult, Unfixable, _flagged, does
from .definitions import DEAD
from .nulls import only_null

#: the nodes whose members, union branches or items may take no value
_HOLDING_MEMBERS = frozenset({"properties", "anyOf", "oneOf", "items"})
#: what an array whose items take no value holds in the rendition: no item (any string, where
#: the profile cannot say ``maxItems``, which restore then checks)
ONLY_EMPTY = {"items": {"type": "string"}, "maxItems": 0}
#: what the ledger says of a member, and of a union branch, left out for taking no value
NEVER_GIVEN = "removed (its schema takes no value: it can never be given)"
TAKES_NOTHING = "removed (its schema takes no value)"
#: what, beside ``items``, makes an array whose items take no value hold more than ``[]`` (the
#: prefix items ``items`` follows) or nothing at all (what ``contains`` asks for)
_EMPTY_MAY_HOLD = frozenset({"prefixItems", "contains", "minContains"})
#: what the ledger says of an array whose items take no value
EMPTY_ONLY = "items made any string with `maxItems: 0` (they take no value: only an empty array is valid)"
#: why a required member whose schema takes no value is refused
_REQUIRED_NOTHING = "schema accepts no value, and the member is required: no instance can be given"


@does(
    "an optional member whose schema (or the definition it refers to) takes no value (`false`, bounds that "
    "cross, an `enum` with no value of its `type`, `not` of a schema every value satisfies, a closed object "
    "requiring a member it does not declare) is removed: it can never be given (a required one is refused, rule "
    "T608), and so is a union branch that takes no value, beside one that may; an array whose items take no "
    "value (or require a member that does) takes only `[]`: its items become any string, with `maxItems: 0`; "
    "where the profile cannot say `null` alone (`gemini-openapi`, rule T221), an optional member whose only "
    "value is `null` is removed too: null means absent"
)
def drop_impossible_members(schema: Any, options: Options) -> PassResult:
    """An optional member whose schema takes no value (``false``, bounds that cross, an
    ``enum`` with no value of its ``type``) can never be given: it leaves ``properties`` (no
    engine compiles such a schema), before any bound is moved into a description. A required
    one makes the object unsatisfiable, which the linter reports (rule T608).

    Before: ``{"properties": {"a": {"type": "object", "enum": ["x"]}, "b": {...}}}``
    After:  ``{"properties": {"b": {...}}}``
    """
    from ...linter.checks.satisfiable import accepts_nothing

    changes: list[Change] = []
    refused: list[Unfixable] = []
    emptied: list[Pointer] = []  # the items that take no value, made any string (none is given)
    null_absent = _flagged(options, "T221")  # a profile that cannot say null alone
    target = targets_of(schema)

    judged: dict[int, tuple[Any, bool]] = {}  # each member judged once, by id (kept alive): copies share members

    def impossible(member: Any) -> bool:
        known = judged.get(id(member))
        if known is not None:
            return known[1]
        schema_of = followed(member, target, siblings=True) if isinstance(member, dict) and "$ref" in member else member
        judged[id(member)] = (member, verdict := accepts_nothing(schema_of, schema))  # by its target, if a reference
        return verdict

    def no_item(node: dict[str, Any], pointer: Pointer) -> dict[str, Any]:
        """An array whose items take no value (or require a member that does) holds none."""
        items = node["items"]
        if not _EMPTY_MAY_HOLD.isdisjoint(node) or node.get("minItems", 0) != 0:
            return node  # items past a tuple's prefix, or an array that must hold one (the linter says so)
        if not (impossible(items) or _requires_nothing(items, impossible)):
            return node
        emptied.append(pointer.child("items"))
        changes.append(Change.for_rule(emptied[-1], EMPTY_ONLY, "T602" if items is False else "T608"))
        return {**node, **ONLY_EMPTY}

    def drop(node: Any, pointer: Pointer) -> Any:
        if isinstance(node, dict) and isinstance(node.get("items"), (dict, bool)):
            node = no_item(node, pointer)
        if isinstance(node, dict) and ("anyOf" in node or "oneOf" in node):
            node = dead_branches_dropped(node, pointer)
        members = node.get("properties") if isinstance(node, dict) else None
        if not isinstance(members, dict):
            return node
        listed = names_at(node)
        optional = [name for name in members if name not in listed]
        gone = [name for name in optional if impossible(members[name])]
        refused.extend(
            Unfixable(pointer.child("properties").child(name), "T608", _REQUIRED_NOTHING)
            for name in members
            if name in listed and impossible(members[name])
        )
        nulls = [n for n in optional if null_absent and isinstance(members[n], dict) and only_null(members[n])]
        if not gone and not nulls:
            return node
        changes.extend(
            Change.for_rule(
                pointer.child("properties").child(name),
                NEVER_GIVEN,
                "T602" if members[name] is False else "T608",
                gone=True,
            )
            for name in gone
        )
        changes.extend(
            Change.for_rule(
                pointer.child("properties").child(name),
                "removed (its only value is null, which means absent: it is read as absent)",
                "T221",
                gone=True,
            )
            for name in nulls
        )
        gone += nulls
        return {**node, "properties": {k: v for k, v in members.items() if k not in gone}}

    def dead_branches_dropped(node: dict[str, Any], pointer: Pointer) -> dict[str, Any]:
        """A union's branches that take no value leave it (one that holds stays)."""
        for key in ("anyOf", "oneOf"):
            branches = node.get(key)
            if not isinstance(branches, list):
                continue
            dead = [i for i, branch in enumerate(branches) if impossible(_typed_as(branch, node.get("type")))]
            if dead and len(dead) < len(branches):
                changes.extend(
                    Change.for_rule(pointer.child(key).child(i), TAKES_NOTHING, "T608", gone=True) for i in dead
                )
                branches = [b for i, b in enumerate(branches) if i not in dead]
                node = {**node, key: branches}
            typed = _scalar_typed(branches, node.get("type"))
            if typed is not branches:  # data of any kind, beside a type that takes scalars alone
                changes.extend(
                    Change.for_rule(pointer.child(key).child(i), SCALAR_TYPED, "T601")
                    for i, (was, now) in enumerate(zip(branches, typed, strict=True))
                    if was is not now
                )
                node = {**node, key: typed}
        return node

    done = transform(schema, drop, only=_HOLDING_MEMBERS, records=(changes, refused, emptied))
    if emptied:  # what was found inside items no array holds is moot
        places = {tuple(place) for place in emptied}
        refused = [r for r in refused if not any(tuple(r.pointer)[: len(p)] == p for p in places)]
    return PassResult(done, tuple(changes), tuple(refused))


def _requires_nothing(node: Any, impossible: Any) -> bool:
    """Whether an object requires a member whose schema takes no value."""
    if not isinstance(node, dict) or not isinstance(node.get("properties"), dict):
        return False
    members, listed = node["properties"], names_at(node)
    return any(name in listed and impossible(member) for name, member in members.items())


def _typed_as(branch: Any, typed: Any) -> Any:
    """A union branch as it reads beside the ``type`` of the node holding the union: one without
    a type of its own takes values of that type only; one whose types are none of that type's
    (``string`` beside ``["array", "null"]``) takes nothing there (``false``)."""
    if typed is None or not isinstance(branch, dict) or "$ref" in branch:
        return branch
    if "type" not in branch:
        return {**branch, "type": typed}
    if JSON_MEMBER in dict_at(branch, "properties"):
        return branch  # an encoded value's wrapper, as a rewrite writes it: rewritten again, it stays
    outer, own = declared_types({"type": typed}), declared_types(branch)
    if outer is None or own is None or any(overlap(t, outer) for t in own):
        return branch
    return False


#: what a union branch that takes any data becomes beside a type that takes scalars alone
SCALAR_TYPED = "typed as its union's type (beside it, the branch takes values of that type alone)"


def _scalar_typed(branches: list[Any], typed: Any) -> list[Any]:
    """``branches`` with each that takes any data (``{}``, ``true``, annotations alone) written
    with ``typed`` where ``typed`` names scalar types alone: beside it the branch takes values of
    those types only, and as data it would be carried as JSON text, which such a type refuses
    (``branches`` itself where none is)."""
    if typed is None or not takes_scalars_alone({"type": typed}):
        return branches
    out = [
        {"type": typed} if b is True else {**b, "type": typed} if isinstance(b, dict) and _any_data(b) else b
        for b in branches
    ]
    return out if any(a is not b for a, b in zip(out, branches, strict=True)) else branches


def _any_data(branch: dict[str, Any]) -> bool:
    """A branch holding no keyword that constrains a value (annotations aside)."""
    return not constraining_keys(branch)


def _inside(here: tuple[Any, ...], removed: set[tuple[Any, ...]], lengths: set[int]) -> bool:
    """Whether ``here`` lies in one of the ``removed`` places (whose lengths are ``lengths``)."""
    size = len(here)
    for k in lengths:
        if 0 < k <= size and here[:k] in removed:
            return True
    return False


def made_moot(changes: list[Change]) -> list[Change]:
    """``changes`` without those made inside a member or union branch that a later change left
    out for taking no value (or items an array no longer holds), or inside a definition a later
    change removed as dead, or inside a
    subtree a limit then carried as a JSON string: the rendition has no such place, so nothing
    there is loosened (``exact`` refused a ``oneOf`` in a member that can never be given, or in
    an unused definition) beyond the encoding itself."""
    from .budgets import RULES
    from .closing import ENCODED_SHAPE, GATHERED_SHAPE

    removed: set[tuple[Any, ...]] = set()
    lengths: set[int] = set()  # those of the removed places: the only prefixes worth looking up
    kept: list[Change] = []
    for change in reversed(changes):  # a removal covers what came before it (branches after it may have moved)
        here = change.pointer
        if removed and _inside(here, removed, lengths):
            continue
        if (
            change.what in (NEVER_GIVEN, TAKES_NOTHING, EMPTY_ONLY)
            or change.why == DEAD
            or (change.rule in RULES and change.loosens in (ENCODED_SHAPE, GATHERED_SHAPE) and here)
        ):
            removed.add(here)
            lengths.add(len(here))
        kept.append(change)
    return kept[::-1]
