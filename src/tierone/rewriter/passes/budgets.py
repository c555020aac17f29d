"""Limits a rendition must keep (nesting depth, property count, Anthropic's union-typed
parameters, enum and string budgets), met by JSON-encoding the fewest subtrees: each becomes a
string holding its JSON (its schema stated in the description), which restore decodes and
checks against the original (a string where the original takes no string, holding JSON,
reads as that JSON: docs/read-side.md); or, for a count, by gathering the fewest members of
one object into its string member ``tierone_rest`` (``gathering``), whichever loosens less.

Runs once the passes are done, on the rendition itself: the linter says which limit is over
and where; an object or array that takes no string and stands where a value stands (a member,
an item, a branch, a definition) is encoded: for a count, the one that brings it back under
with the smallest subtree (else the one that saves most, and so on, none inside another), unless
gathering members loosens fewer schema nodes; for depth, on the way to each node too deep, the
deepest one at the limit. A count is met before the depth: a subtree it encodes may hold the
places too deep, which then need nothing more (and a large rendition is not linted round after
round for depth in what then leaves it whole). Where no subtree and no gathering helps, an
enumeration too long by itself, or the largest enumerations over a count, leave the rendition
(``large_enums``). A limit none of these can meet stays refused.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ...core.pointer import Pointer
from ...core.rebuilding import replaced
from ...core.refs import ReferenceGraph
from ...core.walker import walk
from ..open_objects import OTHERS_SHAPE
from ..shapes import JSON_MEMBER, REST_MEMBER, admits_null, encodable_at
from ..text_or_json import takes_no_string_in
from .base import Change, Options, PassResult, _policy, does, graph_of
from .closing import ENCODED_SHAPE, GATHERED_SHAPE
from .definitions import drop_unreferenced_definitions
from .depth_ways import deepest_at_limit, through_references
from .encoded import encoded_field
from .encoded_unions import json_wrapper
from .gathering import Gathering, Held, best_gathering, gatherable, gathered_at, members_left
from .large_enums import ONE_TOO_LONG, enums_to_drop, without_enums
from .subtree_counts import member_count, subtree_counts, subtree_ends
from .text_branches import beside_text_once_encoded, wraps_beside_text

if TYPE_CHECKING:
    from ...linter.diagnostics import Diagnostic

#: the limit rules met by encoding, and the count of each (``Tally`` field) a subtree adds to
TOTALS = {"T403": "properties", "T404": "enum_values", "T405": "string_budget", "T408": "unions"}
DEPTHS = ("T401", "T402")
#: every limit rule met by encoding, or by an enumeration that leaves (``large_enums``)
RULES = frozenset((*DEPTHS, *TOTALS, ONE_TOO_LONG))
#: encodings tried before the limits still over are left to the refusal
ROUNDS = 32
#: what a change adds where the encoded value is a union branch beside one that takes text
_WRAPPED = f", in an object's one member {JSON_MEMBER!r} (a branch beside it takes text)"


@does(
    "where a limit is over (nesting depth, `$ref` nesting, property count, enum values, the string budget, "
    "Anthropic's 16 union-typed parameters), the fewest subtrees that bring it back under are carried as JSON "
    "strings, their schema stated in the description (a union branch beside one that takes text in an object's "
    "one member `tierone_json`), or, where that loosens more or no subtree can, the fewest "
    "members of one object move into its JSON string member `tierone_rest` (restore decodes, merges and checks "
    "them); an enumeration too long for its limit, or enumerations over the count where neither can help, leave, "
    "the largest first, their values stated in the description (restore checks them; an untyped one takes the type "
    "its values share); never with `--exact`"
)
def fit_limits(schema: Any, options: Options, over: Sequence[Diagnostic] | None = None) -> PassResult:
    """The last pass: ``schema`` (a finished rendition) with subtrees encoded until no limit
    rule the profile enforces is over, as far as encoding can bring it (with ``exact``, the
    limits are refused as they are). ``over``: the rendition's limit findings, when its lint
    has found them already (the rewriter runs this pass only then).

    Before: (anthropic) 25 union-typed members, in five objects of five
    After:  two of the objects are ``{"type": "string", "description": "A JSON-encoded value
    ... valid under this JSON Schema: {...}"}``, and 15 unions are left
    """
    from ...linter.api import lint_rendition

    codes = [code for code in sorted(RULES) if _policy(options, code) is not None]
    if options.exact or not codes or not isinstance(schema, dict):
        return PassResult(schema)
    changes: list[Change] = []
    shares = dict(options.limits) or None  # a request's share of each limit, as the rewriter lints
    tried: set[Pointer] = set()
    found = [d for d in over if d.code in codes] if over is not None else None
    stuck: set[str] = set()  # limits no encoding helps: the others are still tried
    held: dict[Pointer, Held] = {}  # what each object gathered into its tierone_rest so far
    for _ in range(ROUNDS):
        if found is None:
            found = list(lint_rendition(schema, options.profile, codes, shares))
        found = [d for d in found if d.code not in stuck]
        if not found:
            break
        if not any(d.code in DEPTHS for d in found):  # no step below makes a place deeper: not linted again
            codes = [c for c in codes if c not in DEPTHS]
        found.sort(key=lambda d: d.code not in TOTALS)  # a count first (stable: the lint's order otherwise)
        code = found[0].code
        # every place too deep at once (each its own branch), but a reference outside the
        # definitions only once none inside them is too deep (it may be deep enough once its
        # target is shallower) or none there can be encoded; a count one subtree at a time
        every = [d.pointer for d in found if d.code == code] if code in (*DEPTHS, ONE_TOO_LONG) else [found[0].pointer]
        wheres = every
        if any(w[:1] in (("$defs",), ("definitions",)) for w in every):
            wheres = [w for w in every if w[:1] in (("$defs",), ("definitions",)) or not _refers(w, schema)]
        chosen = _choices(schema, code, wheres, options, tried, held) if code != ONE_TOO_LONG else []
        if not chosen and code in DEPTHS and len(wheres) < len(every):
            chosen, wheres = _choices(schema, code, every, options, tried, held), every
        if not chosen:  # no subtree can be carried as text: the largest enumerations may leave
            dropped = enums_to_drop(schema, code, wheres, _policy(options, code).limit or 0)  # type: ignore[union-attr]
            if not dropped:
                stuck.add(code)
                continue
            schema, more = without_enums(schema, dropped, code, options)
            changes += more
            found = None
            continue
        if isinstance(chosen, Gathering):
            schema, held[chosen.at] = gathered_at(schema, chosen, graph_of(schema), held.get(chosen.at))
            what = f"moved into the object's member {REST_MEMBER!r}, a JSON string, to keep the limit"
            places, loosens = [chosen.at.child("properties").child(name) for name in chosen.names], GATHERED_SHAPE
            wrapped: set[Pointer] = set()
        else:
            tried.update(chosen)
            wraps = wraps_beside_text(graph := graph_of(schema))
            wrapped = {p for p in chosen if wraps(p)}
            schema = _encoded_at(schema, frozenset(chosen), graph, options, wrapped)
            what = "encoded as a JSON string (its schema in the description) to keep the limit"
            places, loosens = chosen, ENCODED_SHAPE
        changes += [
            Change.for_rule(place, what + (_WRAPPED if place in wrapped else ""), code, loosens=loosens)
            for place in places
        ]
        found = None
    if changes:  # a definition only an encoded subtree referred to is dead now
        pruned = drop_unreferenced_definitions(schema, options)
        schema, changes = pruned.schema, [*changes, *pruned.changes]
    return PassResult(schema, tuple(changes))


def _refers(pointer: Pointer, schema: Any) -> bool:
    """Whether the node at ``pointer`` is a reference (a place too deep through its target)."""
    node = pointer.resolve(schema)
    return isinstance(node, dict) and "$ref" in node


def encodes_to_fit(changes: Iterable[Change]) -> bool:
    """Whether any of ``changes`` encoded a subtree to keep a limit, to end unrolled recursion
    or in place of definitions too large to write out, or gathered members (its answers then
    carry a JSON string where the original takes none, or members in ``tierone_rest``)."""
    encoding = (*RULES, "T501", "T504")
    return any(change.rule in encoding and change.loosens in (ENCODED_SHAPE, GATHERED_SHAPE) for change in changes)


def gathers_members(changes: Iterable[Change]) -> bool:
    """Whether any of ``changes`` gathered an object's members into its ``tierone_rest`` (to
    keep a limit, or the members an open object does not declare)."""
    return any(change.loosens == GATHERED_SHAPE or change.loosens.startswith(OTHERS_SHAPE) for change in changes)


def _choices(
    schema: dict[str, Any],
    code: str,
    wheres: list[Pointer],
    options: Options,
    tried: set[Pointer],
    held: dict[Pointer, Held],
) -> list[Pointer] | Gathering:
    """Where to encode next for the limit ``code`` over at ``wheres`` (none when nowhere helps):
    for depth, on the way to each place too deep, the deepest subtree at the limit (one per
    branch, none inside another); for a count, whichever loosens fewer schema nodes of the one
    subtree that brings it under with the least encoded and the members of one object that,
    gathered into one string member, bring it under; else the subtrees that save most (none
    inside another) until what they save brings it under; else the gathering that saves most."""
    from ...linter.checks.base import union_typed

    graph = graph_of(schema)
    limit = _policy(options, code).limit or 0  # type: ignore[union-attr]
    if code in DEPTHS:  # the nodes on the way to each place too deep, found along its pointer
        beyond = through_references(schema, graph) if code == "T402" else None
        wraps = wraps_beside_text(graph)
        return deepest_at_limit(
            wheres, limit, _candidates(graph, tried, lambda p: p.resolve(schema), wraps), beyond, wraps
        )
    visits = list(walk(schema))
    index: dict[tuple[Any, ...], int] = {visit.pointer: i for i, visit in enumerate(visits)}
    candidate = _candidates(graph, tried, lambda p: visits[index[p]].schema, wraps_beside_text(graph))
    counted = TOTALS[code]
    ends = subtree_ends(visits)
    counts = subtree_counts(visits, ends, schema, counted)
    excess = counts[0] - limit
    gains = {visits[i].pointer: counts[i] - _left(visits[i].schema, code) for i in range(len(visits)) if counts[i]}
    # the subtrees that save, best first (walk order among equals): each is judged a candidate
    # only when its turn comes, and the first candidates are all that is taken
    ranked = sorted((p for p, gain in gains.items() if gain > 0), key=lambda p: (-gains[p], len(p), index[p]))

    def saving(at: Pointer, name: str, member: Any) -> int:
        i = index.get((*at, "properties", name))
        return member_count(name, union_typed(member), counted) + (counts[i] if i is not None else 0)

    def size(p: Pointer) -> int:
        return ends[index[p]] - index[p]

    objects = {
        visit.pointer: members_left(visit.schema)  # (what moves: not its tierone_rest)
        for visit in visits
        if gatherable(visit.schema, held.get(visit.pointer))
    }
    added = member_count(REST_MEMBER, False, counted)  # a string
    gathering = best_gathering(objects, saving, size, added, excess, lambda at: counts[index[at]])
    enough = sorted((p for p in ranked if gains[p] >= excess), key=lambda p: (counts[index[p]], -len(p), index[p]))
    best = next((p for p in enough if candidate(p)), None)
    if best is not None:
        chosen, left = [best], 0
    else:
        chosen, left = _most_saving(ranked, candidate, excess, gains)
    cost = sum(size(p) for p in chosen)
    if gathering is not None and (not chosen or (gathering.saves >= excess and (left > 0 or gathering.cost < cost))):
        return gathering
    return chosen


def _candidates(
    graph: ReferenceGraph, tried: set[Pointer], node_of: Callable[[Pointer], Any], wraps: Callable[[Pointer], bool]
) -> Callable[[Pointer], bool]:
    """Whether the node at a pointer (a node of the walk) may be encoded: one not tried yet,
    ``_encodable``, and not one whose string would stand beside text unless it travels in a
    ``tierone_json`` object there (``wraps``: ``text_branches``)."""
    beside = beside_text_once_encoded(graph)

    def candidate(p: Pointer) -> bool:
        return p not in tried and _encodable(p, node_of(p), graph) and (not beside(p) or wraps(p))

    return candidate


def _most_saving(
    ranked: list[Pointer], candidate: Callable[[Pointer], bool], excess: int, gains: dict[Pointer, int]
) -> tuple[list[Pointer], int]:
    """The candidate subtrees that save most (``ranked``: best first; none inside another)
    until what they save covers ``excess``, and what is left of it."""
    chosen: list[Pointer] = []
    taken: set[tuple[Any, ...]] = set()  # the chosen places
    above: set[tuple[Any, ...]] = set()  # the places on the way to one (a subtree holding it)
    for p in ranked:
        if excess <= 0:
            break
        path = tuple(p)
        if path in above or any(path[:end] in taken for end in range(len(path) + 1)) or not candidate(p):
            continue
        chosen.append(p)
        taken.add(path)
        above.update(path[:end] for end in range(len(path)))
        excess -= gains[p]
    return chosen, excess


def _encodable(pointer: Pointer, node: Any, resolver: ReferenceGraph) -> bool:
    """An object or array (or a union of them, or null) that takes no string, where a value stands."""
    if not encodable_at(pointer) or pointer[-2:-1] == ("additionalProperties",):
        return False
    return takes_no_string_in(node, resolver)


def _left(node: Any, code: str) -> int:
    """What the encoded field itself still adds to the count: a nullable member is a union."""
    return 1 if code == "T408" and admits_null(node) else 0


def _encoded_at(
    schema: Any, targets: frozenset[Pointer], graph: ReferenceGraph, options: Options, wrapped: Container[Pointer] = ()
) -> Any:
    """``schema`` with each subtree at ``targets`` (none inside another) encoded, its null spelled as
    the profile does (after :func:`spell_null`), in a ``tierone_json`` object where ``wrapped`` says."""
    from .nulls import spell_null

    fields = {p: spell_null(encoded_field(p.resolve(schema), graph), options).schema for p in targets}
    return replaced(schema, {p: json_wrapper(field) if p in wrapped else field for p, field in fields.items()})
