"""What ``tierone rewrite`` would change for each finding (``lint --show-fixes``): the rewrite's
changes matched to the findings by place and rule, nothing written."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ..core.errors import InputError
from ..core.loading import room_for_depth
from ..core.pointer import Pointer, PointerError, Segment
from ..subset.table import BY_CODE
from .passes.branch_members import shares_members
from .passes.budgets import DEPTHS
from .passes.closing import ENCODED_SHAPE, GATHERED_SHAPE
from .passes.composition import merges_branches
from .passes.names import named_before
from .shapes import ENCODED_MARK, ROOT_MEMBER
from .source_places import in_source, referred_to

if TYPE_CHECKING:
    from ..linter.diagnostics import Diagnostic
    from .passes import Change

#: container names a pass renames, so that a change after the rename still meets its finding
_SAME_CONTAINER = {"definitions": "$defs"}


def _canonical(pointer: Iterable[Segment]) -> tuple[Segment, ...]:
    return tuple(_SAME_CONTAINER.get(s, s) if isinstance(s, str) else s for s in pointer)


def fixes_for(data: Any, diagnostics: Iterable[Diagnostic], profile: str) -> Mapping[Diagnostic, tuple[Change, ...]]:
    """The changes the rewrite of ``data`` under ``profile`` makes for each fixable diagnostic.

    A change stands at its place as the original names it (:func:`~.source_places.in_source`,
    before any definition was renamed), also at the definition a ``$ref`` there names (the
    rewrite may write a definition where it is used), and one that took a member out of its
    node also at that node. A finding takes, the first that gives any:

    - the changes at its node (or, for a finding at a keyword, at that keyword's member) for
      its rule (for a finding at a keyword, the ones about that keyword where a change names one);
    - those that took its keyword out, under another rule (``if`` removed as the schema's draft
      does not define it fixes the vendor's refusal of ``if`` too);
    - for a finding at its node, those for its rule at a keyword its rule is about (``items``
      given to an array that had none);
    - the one that took out a subtree holding it, or its keyword (a removed ``not`` fixes what
      was found inside it, a dead definition all it holds, a value carried as a JSON string what
      its schema holds, a member moved into its object's ``tierone_rest`` what it holds);
    - in an ``allOf`` branch merged into its node, or a union's branch the members beside the
      union were merged into, the change made where they were merged (:func:`_merged_into`);
      in a definition an ``allOf`` branch refers to, the change that merged it there;
    - for a limit over, the changes made to keep it (:func:`_kept_within`);
    - a change for its rule at the root, where nothing was found for that rule at the root (it
      speaks for the whole schema: a recursion unrolled);
    - those at its node for a rule not found there."""
    from .rewrite import rewrite

    fixable = [d for d in diagnostics if d.fixable]
    if not fixable:
        return {}
    try:
        done = rewrite(data, profile)
    except (InputError, ValueError, RecursionError):
        return {}
    with room_for_depth():  # (a place is followed through as many nested references and branches as loading lets in)
        return _matched(data, fixable, done.changes, done.schema)


def _matched(
    data: Any, fixable: list[Diagnostic], changes: tuple[Change, ...], rendition: Any
) -> dict[Diagnostic, tuple[Change, ...]]:
    """:func:`fixes_for`'s matching of the rewrite's ``changes`` to the ``fixable`` findings."""
    places = _Places(data, named_before(changes))
    #: the changes at each place (one of each kind: a definition written where it is used twice
    #: is changed alike at both, and both are its own place)
    at: dict[tuple[Segment, ...], dict[tuple[str, str, str], Change]] = {}
    #: the changes that took a whole subtree out of the wire schema, by the subtree's place
    whole: dict[tuple[Segment, ...], Change] = {}
    #: the changes that merged a node's branches into it (its allOf, or the members beside its
    #: union into each branch of it), by the node's place and the keyword of the branches
    merged: dict[tuple[tuple[Segment, ...], str], Change] = {}
    #: the changes that merged a definition an ``allOf`` branch refers to, by the definition's place
    whole_merged: dict[tuple[Segment, ...], Change] = {}
    #: the changes made to keep a limit, by rule, with their places
    limited: dict[str, list[tuple[tuple[Segment, ...], Change]]] = {}
    for change in changes:
        gone = None if change.took_out is None else places.written(change.took_out)
        held = [gone[:-1]] if gone and not change.keyword else []  # (the node it took a member out of)
        for place in (*places.of(change.pointer), *held):
            at.setdefault(place, {}).setdefault((change.rule, change.what, change.keyword), change)
        if gone is None and change.loosens == ENCODED_SHAPE and _carried_as_text(rendition, change.pointer):
            gone = places.written(change.pointer)  # (the changes inside it were made moot)
        if gone is None and change.loosens == GATHERED_SHAPE:
            gone = places.written(change.pointer)  # (the member travels in its object's tierone_rest)
        if gone is not None:
            whole.setdefault(gone, change)
        for keyword in ("allOf",) if merges_branches(change) else _UNIONS if shares_members(change) else ():
            merged.setdefault((places.written(change.pointer), keyword), change)
        for target in places.merged_in(change.pointer) if merges_branches(change) else ():
            whole_merged.setdefault(target, change)
        if change.rule in BY_CODE and BY_CODE[change.rule].kind == "limit":
            limited.setdefault(change.rule, []).append((places.written(change.pointer), change))
    #: the changes in the branches of an allOf, by its holder and the place within a branch
    in_branches: dict[tuple[tuple[Segment, ...], tuple[Segment, ...]], list[Change]] = {}
    for place, made in at.items():
        for end in range(len(place) - 1):
            if place[end] == "allOf" and type(place[end + 1]) is int:
                in_branches.setdefault((place[:end], place[end + 2 :]), []).extend(made.values())
    found_at: dict[tuple[Segment, ...], set[str]] = {}
    for d in fixable:
        found_at.setdefault(_canonical(d.pointer), set()).add(d.code)
    result = {}
    for d in fixable:
        place = _canonical(d.pointer)
        spot = _canonical((*place, d.keyword)) if d.keyword else place  # (its keyword's member, if any)
        here = {**at.get(place, {}), **(at.get(spot, {}) if d.keyword else {})}.values()
        matched = (
            [c for c in here if _answers(c, d)]
            or [c for c in here if d.keyword is not None and c.keyword == d.keyword]
            or _at_its_keywords(place, d, at)
            or _around(spot, whole)
            or _merged_into(d, merged, at, in_branches, data)
            or _around(spot, whole_merged)
            or _kept_within(place, d.code, limited)
            or [c for c in at.get((), {}).values() if c.rule == d.code and d.code not in found_at.get((), ())]
            or [c for c in here if c.rule not in found_at[place]]
        )
        if matched:
            result[d] = tuple(matched)
    return result


class _Places:
    """Where a place of the rendition stands in the original ``data``."""

    def __init__(self, data: Any, before: Callable[[Pointer], Pointer]) -> None:
        self.data, self.before = data, before

    def written(self, pointer: Pointer) -> tuple[Segment, ...]:
        """The place as the original names it (its definition's name before a rename)."""
        return _canonical(in_source(self.before(pointer), self.data))

    def merged_in(self, pointer: Pointer) -> list[tuple[Segment, ...]]:
        """The places of the definitions the ``allOf`` branches of the original's node at
        ``pointer`` (a place of the rendition; where that is a reference, its target) refer to."""
        try:
            node = in_source(self.before(pointer), self.data).resolve(self.data)
        except PointerError:
            return []
        seen: list[Any] = []
        while isinstance(node, dict) and "allOf" not in node and (referred := referred_to(node, self.data)):
            if any(node is other for other in seen):
                return []  # (a cycle of references)
            seen.append(node)
            node = referred[1]  # (the rewrite wrote the definition where it is used: the merge is its)
        branches = node.get("allOf") if isinstance(node, dict) else None
        if not isinstance(branches, list):
            return []
        targets = [referred_to(branch, self.data) for branch in branches]
        return [_canonical(found[0]) for found in targets if found is not None]

    def of(self, pointer: Pointer) -> list[tuple[Segment, ...]]:
        """:meth:`written`, then the place of each definition the original's ``$ref`` there
        leads to, along a chain of references."""
        place = in_source(self.before(pointer), self.data)
        found = [_canonical(place)]
        try:
            referred = referred_to(place.resolve(self.data), self.data)
        except PointerError:
            return found
        while referred is not None and _canonical(referred[0]) not in found:  # (until a cycle closes)
            found.append(_canonical(referred[0]))
            referred = referred_to(referred[1], self.data)
        return found


def _carried_as_text(rendition: Any, pointer: Pointer) -> bool:
    """Whether the rendition carries the value at ``pointer`` as a JSON string (an encoding
    there, not below it: a recursion unrolled is said at the root, its last level encoded)."""
    try:
        node = pointer.resolve(rendition)
    except PointerError:
        return False
    if not pointer and isinstance(node, dict) and set(node.get("properties", ())) == {ROOT_MEMBER}:
        node = node["properties"][ROOT_MEMBER]  # (a root that travels in the wrapper object)
    spelled = [node, *node.get("anyOf", ())] if isinstance(node, dict) else []  # (a nullable one: a branch)
    return any(isinstance(n, dict) and ENCODED_MARK in str(n.get("description", "")) for n in spelled)


def _around(place: tuple[Segment, ...], whole: Mapping[tuple[Segment, ...], Change]) -> list[Change]:
    """The change that took out the outermost subtree holding the node at ``place`` (none: [])."""
    for end in range(len(place) + 1):
        change = whole.get(place[:end])
        if change is not None:
            return [change]
    return []


def _answers(change: Change, found: Diagnostic) -> bool:
    """Whether ``change`` was made for ``found``'s rule (and, where both name one, its keyword)."""
    return change.rule == found.code and (not change.keyword or not found.keyword or change.keyword == found.keyword)


def _at_its_keywords(
    place: tuple[Segment, ...], found: Diagnostic, at: Mapping[tuple[Segment, ...], Mapping[Any, Change]]
) -> list[Change]:
    """For a finding at its node (no keyword), the changes for its rule made at the members of
    the keywords its rule is about (a change that gave an array its ``items``)."""
    if found.keyword is not None:
        return []
    keywords = BY_CODE[found.code].keywords if found.code in BY_CODE else ()
    return [c for k in keywords for c in at.get(_canonical((*place, k)), {}).values() if c.rule == found.code]


def _merged_into(
    found: Diagnostic,
    merged: Mapping[tuple[tuple[Segment, ...], str], Change],
    at: Mapping[tuple[Segment, ...], Mapping[Any, Change]],
    in_branches: Mapping[tuple[tuple[Segment, ...], tuple[Segment, ...]], list[Change]],
    data: Any,
) -> list[Change]:
    """For a finding in a branch merged into its node (the nearest first): in an ``allOf``
    branch, at the branch itself or in its members, the change for its rule (and keyword) at
    the same place of the merged node (or of another branch, where the merged node's place is
    named by the first branch that has it), else the merge; in a union's branch the members
    beside the union were shared into, the change that shared them, where the finding is at the
    branch itself (which that closed) or in a member of it that one of them was merged with."""
    place = tuple(found.pointer)  # (as the original spells it)
    for end in range(len(place) - 2, -1, -1):
        holder, keyword, rest = place[:end], place[end], place[end + 2 :]
        change = merged.get((_canonical(holder), str(keyword))) if type(place[end + 1]) is int else None
        if change is None:
            continue
        if keyword == "allOf":
            if rest[:1] not in ((), ("properties",)):  # (only members are merged: the rest may be left out)
                return [change]
            home, within = _canonical(holder), _canonical(rest)
            made = [*at.get((*home, *within), {}).values(), *in_branches.get((home, within), ())]
            return [c for c in made if _answers(c, found)][:1] or [change]
        try:
            node = Pointer(holder).resolve(data)
        except PointerError:
            continue
        beside = node.get("properties") if isinstance(node, dict) else None
        if not rest or (rest[0] == "properties" and len(rest) > 1 and isinstance(beside, dict) and rest[1] in beside):
            return [change]
    return []


def _kept_within(
    place: tuple[Segment, ...], code: str, limited: Mapping[str, list[tuple[tuple[Segment, ...], Change]]]
) -> list[Change]:
    """For a limit over at ``place``, the changes made to keep it: for a depth, those on the way
    to the place or below it where there are any; for a count (the schema's whole), all."""
    kept = limited.get(code, [])
    if code in DEPTHS:
        along = [c for p, c in kept if p[: len(place)] == place or place[: len(p)] == p]
        return along or [c for _, c in kept]
    return [c for _, c in kept]


#: the keywords of a union's branches
_UNIONS = ("anyOf", "oneOf")
