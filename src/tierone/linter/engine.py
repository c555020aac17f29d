"""The lint engine: one walk, every enabled rule, diagnostics with places.

The checklist for a profile and a rule selection is built once (from the subset table and the
registry) and reused for every input; the walk is the core walker's.
"""

from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from itertools import chain
from typing import Any, NamedTuple

from ..core.collector import collection_held
from ..core.errors import InputError, require_schema
from ..core.loading import Source, room_for_depth
from ..core.pointer import Pointer
from ..core.walker import Visit, walk, walked
from ..subset.model import Feature
from ..subset.profiles import Policy, closed_fields, policies
from ..subset.table import BY_CODE, TABLE_KEYWORDS
from . import checks, registry, suppression
from .diagnostics import Diagnostic, FileResult
from .messages import hashable, message_for, rejected_by

#: every keyword some rule knows about; anything else is an unknown keyword
KNOWN_KEYWORDS = TABLE_KEYWORDS | {kw for extra in registry.KEYWORD_EXTRA.values() for kw, _ in extra}

Rule = tuple[Policy, Any]
#: the rule of a suppression that suppresses nothing: not a schema feature, so no profile's
#: policies hold it; every profile reports it unless the selection drops it
UNUSED = "T801"


class Checklist(NamedTuple):
    """Which checks run for one profile and one selection of rules."""

    profile: str
    node: tuple[Rule, ...]
    keyword: Mapping[str, tuple[Rule, ...]]
    final: tuple[Rule, ...]
    unknown: Policy | None
    limits: Mapping[str, int]
    #: whether unused suppressions are reported (T801 is selected)
    unused: bool = True
    #: a closed dialect's members (``subset.profiles.closed_fields``): any other is rule T605
    closed: frozenset[str] | None = None


@cache
def checklist_for(profile: str, enabled: frozenset[str] | None = None) -> Checklist:
    """The checks of ``profile``, restricted to the ``enabled`` codes when given."""
    active = [p for p in policies(profile) if enabled is None or p.feature.code in enabled]
    by_code = {p.feature.code: p for p in active}
    node = tuple((p, registry.NODE[c]) for c, p in by_code.items() if c in registry.NODE)
    final = tuple((p, registry.FINAL[c]) for c, p in by_code.items() if c in registry.FINAL)
    keyword: dict[str, list[Rule]] = {}
    for code, policy in by_code.items():
        if code in registry.KEYWORD:
            for kw in policy.feature.keywords:
                keyword.setdefault(kw, []).append((policy, registry.KEYWORD[code]))
        for kw, fn in registry.KEYWORD_EXTRA.get(code, ()):
            keyword.setdefault(kw, []).append((policy, fn))
    limits = {c: p.limit for c, p in by_code.items() if p.limit is not None}
    return Checklist(
        profile,
        node,
        {kw: tuple(rules) for kw, rules in keyword.items()},
        final,
        by_code.get("T605"),
        limits,
        enabled is None or UNUSED in enabled,
        closed_fields(profile),
    )


RuleHit = tuple[Policy, checks.Hit]


def find(
    schema: Any, checklist: Checklist, envelope: checks.Envelope | None = None, tallies: list[Any] | None = None
) -> list[RuleHit]:
    """Every hit of every rule in ``checklist``, in walk order; ``envelope`` turns on the
    reasoning rules for an envelope payload schema; ``tallies`` gets the walk's counts (what
    the limit rules judge), for a request whose limits count across its schemas."""
    found: list[RuleHit] = []
    if tallies is None and not (checklist.node or checklist.keyword or checklist.final or checklist.unknown):
        return found  # no rule to judge by (a profile enforcing none of the rules asked for): no walk
    add = found.append
    tally = checks.Tally(schema, dict(checklist.limits), envelope)
    if tallies is not None:
        tallies.append(tally)
    node_rules = checklist.node
    keyword_rules = checklist.keyword
    unknown = checklist.unknown
    known = KNOWN_KEYWORDS if checklist.closed is None else checklist.closed
    gather = checks.tally_node if checklist.final else None
    record = tally.order.append
    refs: list[tuple[Any, int]] = []
    for visit in _visits(schema, refs):
        record(visit)
        for policy, check in node_rules:
            hits = check(visit, tally)
            if hits:
                for hit in hits:
                    add((policy, hit))
        node = visit[1]
        if node.__class__ is not dict:
            continue
        if gather is not None:
            gather(visit, node, tally)
        if "$ref" in node:
            refs.append((node["$ref"], visit[2]))
        for key, value in node.items():
            rules = keyword_rules.get(key)
            if rules is not None:
                for policy, check in rules:
                    hits = check(visit, key, value, tally)
                    if hits:
                        for hit in hits:
                            add((policy, hit))
            elif unknown is not None and key not in known and not key.startswith("x-"):
                add((unknown, checks.Hit(visit[0], key)))
    for policy, final in checklist.final:
        for hit in final(tally):
            add((policy, hit))
    return found


def _visits(schema: Any, refs: list[tuple[Any, int]]) -> Iterator[Visit]:
    """The walk of ``schema``, then that of every local ``$ref`` target it does not reach
    (``#/x-shared/A``): a target is a subschema, linted as one. ``refs`` is filled (with
    each reference and the depth of its node) by the caller as the visits go by."""
    return chain(walk(schema), _unwalked(schema, refs))  # (the second starts once the walk is done)


def _unwalked(schema: Any, refs: list[tuple[Any, int]]) -> Iterator[Visit]:
    """The walks of the local ``$ref`` targets the walk of ``schema`` did not reach."""
    if not refs:
        return
    from ..core.refs import LOCAL, RefResolver

    resolver = RefResolver(schema)  # anchors name walked nodes: only pointers can lead elsewhere
    seen: list[Pointer] = []
    at = 0
    while at < len(refs):
        ref, depth = refs[at]
        at += 1
        resolution = resolver.resolve(ref)
        target = resolution.target
        if (
            resolution.kind != LOCAL
            or target is None
            or walked(target)
            or any(place.is_prefix_of(target) and walked(target[len(place) :]) for place in seen)
        ):
            continue
        seen.append(target)
        yield from walk(target.resolve(schema), target, depth)


def _diagnostic(
    policy: Policy, hit: checks.Hit, checklist: Checklist, path: str, position: tuple[int, int] | None
) -> Diagnostic | None:
    feature: Feature = policy.feature
    severity, reason = ("error", None) if feature.kind == "limit" else policy.verdict_and_reason(hit.value)
    if severity is None:
        return None
    line, column = position if position else (None, None)
    message = message_for(feature, hit, checklist.profile)
    if reason is not None:  # a partial cell's condition says what exactly is not accepted
        message = f"{message}: {reason}"
    return Diagnostic(  # positional: this runs once per finding
        feature.code,
        feature.name,
        message,
        severity,
        hit.pointer,
        hit.keyword,
        line,
        column,
        feature.fixable,
        rejected_by(feature.code, hashable(hit.value), hit.amount),
        path,
    )


def place_of(hit: checks.Hit) -> tuple[Any, ...]:
    """Where a hit is shown: at its keyword's key when it names one, else at its node."""
    return (*hit.pointer, hit.keyword) if hit.keyword is not None else tuple(hit.pointer)


def diagnose(
    findings: Iterable[RuleHit],
    checklist: Checklist,
    path: str,
    positions: Mapping[tuple[Any, ...], tuple[int, int]] | None = None,
) -> tuple[Diagnostic, ...]:
    """Turn hits into diagnostics, placed and sorted by position when places are known."""
    found = []
    for policy, hit in findings:
        position = None
        if positions:
            position = positions.get(place_of(hit)) or positions.get(tuple(hit.pointer))
        diagnostic = _diagnostic(policy, hit, checklist, path, position)
        if diagnostic is not None:
            found.append(diagnostic)
    if positions:
        found.sort(key=lambda d: (d.line or 0, d.column or 0))
    return tuple(found)


def lint_source(source: Source, checklist: Checklist, envelope: checks.Envelope | None = None) -> FileResult:
    """Lint one loaded input; line and column are computed for the findings only."""
    try:
        require_schema(source.data, source.path)
    except InputError as error:
        return FileResult(source.path, error=error, profile=checklist.profile, format=source.format)
    with collection_held():
        findings = find(source.data, checklist, envelope)
    directives = suppression.directives_of(source)
    positions: Mapping[tuple[Any, ...], tuple[int, int]] = {}
    if findings or directives:
        places = {place_of(hit) for _, hit in findings} | {_at(d) for d in directives if d.line is None}
        with room_for_depth():  # the scan skips values as deep as loading allows
            positions = source.locator.locate(places)
            missing = {tuple(hit.pointer) for _, hit in findings if place_of(hit) not in positions}
            if missing:  # a keyword that is not a key of its node: show the node instead
                positions = {**positions, **source.locator.locate(missing)}
    shown = source.file or source.path  # a model's findings are placed in its source file
    diagnostics = diagnose(findings, checklist, shown, positions)
    if directives:
        diagnostics = _suppressed(diagnostics, directives, checklist, shown, positions)
    return FileResult(source.path, diagnostics, profile=checklist.profile, format=source.format)


def _at(directive: suppression.Directive) -> tuple[Any, ...]:
    return (*directive.pointer, directive.keyword) if directive.keyword else tuple(directive.pointer)


def _suppressed(
    diagnostics: tuple[Diagnostic, ...],
    directives: tuple[suppression.Directive, ...],
    checklist: Checklist,
    path: str,
    positions: Mapping[tuple[Any, ...], tuple[int, int]],
) -> tuple[Diagnostic, ...]:
    """The diagnostics the input's directives leave, and (when T801 is selected) one for each
    directive that suppressed nothing: the one place suppressions are applied."""
    kept, unused = suppression.apply(diagnostics, directives)
    if not checklist.unused or not unused:
        return kept
    feature = BY_CODE[UNUSED]
    found = list(kept)
    for item in unused:
        directive = item.directive
        line, column = (
            (directive.line, directive.column)
            if directive.line is not None
            else positions.get(_at(directive), (None, None))
        )
        text = directive.text if len(directive.text) <= 80 else directive.text[:76] + "...]"
        message = feature.message.format(directive=text, detail=item.detail)
        found.append(
            Diagnostic(
                feature.code,
                feature.name,
                message,
                "warning",
                directive.pointer,
                directive.keyword,
                line,
                column,
                False,
                (),
                path,
            )
        )
    if any(d.line is not None for d in found):
        found.sort(key=lambda d: (d.line or 0, d.column or 0))
    return tuple(found)
