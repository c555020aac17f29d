"""Limits a rendition must keep (nesting depth, property count, Anthropic's union-typed
parameters, enum and string budgets), met by JSON-encoding the fewest subtrees: each becomes a
string holding its JSON (its schema stated in the description), which restore decodes and
checks against the original (a string where the original takes no string, holding JSON,
reads as that JSON: docs/read-side.md).

Runs once the passes are done, on the rendition itself: the linter says which limit is over
and where; an object or array that takes no string and stands where a value stands (a member,
an item, a branch, a definition) is encoded: for a count, the one that brings it back under
with the smallest subtree (else the one that saves most, and so on, none inside another); for
depth, on the way to each node too deep, the deepest one at the limit. A limit no such subtree
can meet stays refused.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ...core.pointer import Pointer
from ...core.refs import ReferenceGraph, followed
from ...core.walker import transform, walk
from ..shapes import admits_null, encodable_at, takes_no_string
from .base import Change, Options, PassResult, _noted, _policy, does, graph_of
from .closing import ENCODED_SHAPE

if TYPE_CHECKING:
    from ...linter.diagnostics import Diagnostic

#: the limit rules met by encoding, and the count of each (``Tally`` field) a subtree adds to
TOTALS = {"T403": "properties", "T404": "enum_values", "T405": "string_budget", "T408": "unions"}
DEPTHS = ("T401", "T402")
#: every limit rule met by encoding
RULES = frozenset((*DEPTHS, *TOTALS))
#: encodings tried before the limits still over are left to the refusal
ROUNDS = 32
#: the longest schema stated in an encoded field's description (past it, only its type)
STATED = 4_000


@does(
    "where a limit is over (nesting depth, `$ref` nesting, property count, enum values, the string budget, "
    "Anthropic's 16 union-typed parameters), the fewest subtrees that bring it back under are carried as JSON "
    "strings, their schema stated in the description (restore decodes and checks them); never with `--exact`"
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
    from ...linter.api import lint

    codes = [code for code in sorted(RULES) if _policy(options, code) is not None]
    if options.exact or not codes or not isinstance(schema, dict):
        return PassResult(schema)
    changes: list[Change] = []
    tried: set[Pointer] = set()
    found = [d for d in over if d.code in codes] if over is not None else None
    for _ in range(ROUNDS):
        if found is None:
            found = list(lint(schema, profile=options.profile, select=codes).diagnostics)
        if not found:
            break
        code = found[0].code
        # every place too deep at once (each its own branch); a count one subtree at a time
        wheres = [d.pointer for d in found if d.code == code] if code in DEPTHS else [found[0].pointer]
        chosen = _choices(schema, code, wheres, options, tried)
        if not chosen:
            break
        tried.update(chosen)
        schema = _encoded_at(schema, frozenset(chosen), graph_of(schema))
        what = "encoded as a JSON string (its schema in the description) to keep the limit"
        changes += [Change.for_rule(place, what, code, loosens=ENCODED_SHAPE) for place in chosen]
        found = None
    return PassResult(schema, tuple(changes))


def encodes_to_fit(changes: Iterable[Change]) -> bool:
    """Whether any of ``changes`` encoded a subtree to keep a limit or to end unrolled
    recursion (its answers then carry a JSON string where the original takes none)."""
    return any(change.rule in (*RULES, "T501") and change.loosens == ENCODED_SHAPE for change in changes)


def _choices(
    schema: dict[str, Any], code: str, wheres: list[Pointer], options: Options, tried: set[Pointer]
) -> list[Pointer]:
    """Where to encode next for the limit ``code`` over at ``wheres`` (none when nowhere helps):
    for depth, on the way to each place too deep, the deepest subtree at the limit (one per
    branch, none inside another); for a count, the one subtree that brings it under with the
    least encoded, else the one that saves most, and so on (none inside another) until what
    they save brings it under."""
    graph = graph_of(schema)
    sites = {visit.pointer: visit for visit in walk(schema)}
    candidates = [p for p in sites if p not in tried and _encodable(p, sites[p].schema, graph)]
    limit = _policy(options, code).limit or 0  # type: ignore[union-attr]
    if code in DEPTHS:
        picked: list[Pointer] = []
        for where in wheres:
            above = [p for p in candidates if where[: len(p)] == p and sites[p].depth <= limit]
            best = max(above, key=len, default=None)
            if best is not None and not any(best[: len(q)] == q for q in picked):
                picked = [q for q in picked if q[: len(best)] != best] + [best]
        return picked
    counts = _subtree_counts(schema, TOTALS[code])
    excess = counts[Pointer()] - limit
    gains = {p: counts.get(p, 0) - _left(p, sites[p].schema, code) for p in candidates}
    useful = [p for p in candidates if gains[p] > 0]
    chosen: list[Pointer] = []
    while useful and excess > 0:
        enough = [p for p in useful if gains[p] >= excess]
        if enough:
            best = min(enough, key=lambda p: (counts.get(p, 0), -len(p)))
        else:
            best = max(useful, key=lambda p: (gains[p], -len(p)))
        chosen.append(best)
        excess -= gains[best]
        useful = [p for p in useful if p[: len(best)] != best and best[: len(p)] != p]
    return chosen


def _encodable(pointer: Pointer, node: Any, resolver: ReferenceGraph) -> bool:
    """An object or array (or a union of them, or null) that takes no string, where a value stands."""
    if not encodable_at(pointer) or pointer[-2:-1] == ("additionalProperties",):
        return False
    return takes_no_string(node, lambda n: followed(n, resolver.target, siblings=True))


def _subtree_counts(schema: Any, counted: str) -> Counter[Pointer]:
    """How much each node's subtree (itself included) adds to the linter's count ``counted``."""
    from ...linter.checks.base import Tally, tally_node

    counts: Counter[Pointer] = Counter()
    for visit in walk(schema):
        if not isinstance(visit.schema, dict):
            continue
        tally = Tally(schema, {})
        tally_node(visit, visit.schema, tally)
        own = getattr(tally, counted)
        if own:
            for length in range(len(visit.pointer) + 1):
                counts[Pointer(visit.pointer[:length])] += own
    return counts


def _left(pointer: Pointer, node: Any, code: str) -> int:
    """What the encoded field itself still adds to the count: a nullable member is a union."""
    return 1 if code == "T408" and admits_null(node) else 0


def _encoded_at(schema: Any, targets: frozenset[Pointer], resolver: ReferenceGraph) -> Any:
    def encode(node: Any, pointer: Pointer) -> Any:
        return _encoded(node, resolver) if pointer in targets else node

    return transform(schema, encode)


def _encoded(node: dict[str, Any], resolver: ReferenceGraph) -> dict[str, Any]:
    """The string field that carries ``node``'s value as JSON, its schema (references written
    out, as far as they do not loop) stated in the description for the model."""
    room = [STATED]  # characters the statement may still take (inlining stops past it)
    stated = {k: v for k, v in _inlined(node, resolver, (), room).items() if k not in ("title", "description")}
    text = json.dumps(stated, ensure_ascii=False, separators=(",", ":")) if room[0] > 0 else ""
    note = (
        f"A JSON-encoded value (a string holding JSON) valid under this JSON Schema: {text}"
        if text and len(text) <= STATED
        else "A JSON-encoded value (a string holding JSON)."
    )
    encoded: dict[str, Any] = {"type": ["string", "null"] if admits_null(node) else "string"}
    if "title" in node:
        encoded["title"] = node["title"]
    encoded["description"] = _noted(node.get("description"), note)
    return encoded


def _inlined(node: Any, resolver: ReferenceGraph, seen: tuple[str, ...], room: list[int]) -> Any:
    """``node`` with each local reference replaced by its target, except one back on itself;
    ``room`` counts down a rough size, and once it is spent the rest is left as it is."""
    if room[0] <= 0:
        return node
    if isinstance(node, list):
        return [_inlined(item, resolver, seen, room) for item in node]
    if not isinstance(node, dict):
        room[0] -= len(str(node)) + 2
        return node
    ref = node.get("$ref")
    if isinstance(ref, str) and ref not in seen and len(seen) < 16:
        target = resolver.target(ref)
        if isinstance(target, dict):
            rest = {k: v for k, v in node.items() if k != "$ref"}
            merged = {k: v for k, v in {**target, **rest}.items() if k not in ("$defs", "definitions")}
            return _inlined(merged, resolver, (*seen, ref), room)
    room[0] -= sum(len(k) + 4 for k in node)
    return {k: _inlined(v, resolver, seen, room) for k, v in node.items()}
