"""The pass that takes out of the wire schema what the profile does not accept (bounds,
``format``, ``pattern``, ``default``, conditionals, unknown keywords) and states it in the
description instead. Restore still enforces all of it: it validates against the original."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

import orjson

from ...core.dialects import validated_unknowns
from ...core.keyword_shapes import malformed
from ...core.pointer import Pointer
from ...core.rebuilding import transform
from ...linter.checks.rendering import show
from ...subset.engines import ENGINE_FORMATS
from ...subset.profiles import closed_fields
from ...subset.table import FEATURES, NOT_CONSTRAINING
from ..shapes import admits_null, constraining_keys
from .base import Change, Options, PassResult, Unfixable, _flagged, _noted, _widened, does

#: constraint keywords the rewriter may drop from the wire schema, by rule: the keywords of
#: the rows this pass fixes (``Feature.strips``); restore still enforces them because it
#: validates against the original
REMOVABLE = {feature.code: feature.strips for feature in FEATURES if feature.strips}

#: the rules under which each removable keyword may leave, in code order (``minimum``: the
#: bound's own rule, then T609's for an integer past 64 bits)
_RULES_OF: dict[str, tuple[str, ...]] = {
    keyword: tuple(code for code in sorted(REMOVABLE) if keyword in REMOVABLE[code])
    for keyword in {keyword for keywords in REMOVABLE.values() for keyword in keywords}
}


#: why a format the profile accepts leaves all the same
_ENGINES_WHY = "the decoding engines (outlines-core) compile no such format"


def _leaves(options: Options, key: str, value: Any, code: str, pointer: Pointer) -> Change | None:
    """The change that takes ``key: value`` at ``pointer`` out of the wire schema under the
    profile, or None when it stays."""
    if _flagged(options, code, value):  # (an annotation, `default` or `examples`, constrains nothing)
        return Change.for_rule(
            pointer, f"{key} removed", code, loosens="" if key in NOT_CONSTRAINING else _kept(key, value), keyword=key
        )
    if key == "format" and not (isinstance(value, str) and value in ENGINE_FORMATS):
        return Change.for_rule(
            pointer, f"{key} removed", code, f": {_ENGINES_WHY}", loosens=_kept(key, value), keyword=key
        )
    return None


def leaving(options: Options, key: str, value: Any, pointer: Pointer) -> Change | None:
    """The change that takes ``key: value`` at ``pointer`` out of the wire schema under the
    profile (by the first of the keyword's rules that takes it out), or None where it stays."""
    for code in _RULES_OF.get(key, ()):
        change = _leaves(options, key, value, code, pointer)
        if change is not None:
            return change
    return None


def stated(node: dict[str, Any], removed: list[tuple[str, Any]], options: Options) -> dict[str, Any]:
    """``node`` (a new object: it is changed in place) with what ``removed`` said stated at the end of
    its description, where hints are on and a removed keyword has a hint."""
    if options.hints:
        hints = " ".join(h for h in (HINTS[k](v) for k, v in removed if k in HINTS) if h)
        if hints:
            node["description"] = _noted(node.get("description"), hints)
    return node


def _kept(key: str, value: Any) -> str:
    """What a rendition without ``key: value`` no longer enforces, in the ledger's words."""
    return f"{key}: {_compact(value)}"


def _compact(value: Any) -> str:
    """``value`` as compact JSON, cut to 200 characters (orjson, the standard library's where
    it refuses a value: an integer past 64 bits, a key that is no string)."""
    try:
        text = orjson.dumps(value).decode()
    except TypeError:
        text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text if len(text) <= 200 else text[:197] + "..."


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _said(template: str, shown: Callable[[Any], str] | None = None) -> Callable[[Any], str]:
    """A hint that writes the keyword's value (as ``shown`` renders it, else as it is) into
    ``template``, where ``{s}`` is the plural ending (none for the value 1)."""
    return lambda v: template.format(v if shown is None else shown(v), s="s" if v != 1 else "")


def _when_given(value: Any) -> str:
    """``dependentRequired`` in words; ``dependencies`` too, whose entries may be schemas
    (``dependentSchemas``, as draft 7 writes both in one keyword)."""
    if not isinstance(value, dict):
        return ""
    return " ".join(
        f"When {k} is given, so must be {', '.join(map(str, n))}."
        if isinstance(n, list)
        else f"When {k} is given, it must match {_compact(n)}."
        for k, n in value.items()
    )


#: how the description states a removed keyword, from its value
HINTS: dict[str, Callable[[Any], str]] = {
    "minLength": _said("At least {} character{s}."),
    "maxLength": _said("At most {} character{s}."),
    "pattern": _said("Must match the regular expression {}."),
    "format": _said("Format: {}."),
    "minimum": _said("At least {}."),
    "maximum": _said("At most {}."),
    "exclusiveMinimum": _said("Greater than {}."),
    "exclusiveMaximum": _said("Less than {}."),
    "multipleOf": _said("A multiple of {}."),
    "minItems": _said("At least {} item{s}."),
    "maxItems": _said("At most {} item{s}."),
    "uniqueItems": lambda v: "Items must be unique." if v else "",
    "minProperties": _said("At least {} members."),
    "maxProperties": _said("At most {} members."),
    "default": _said("Default: {}.", _json),
    "not": _said("Must not match {}.", _compact),
    "if": _said("If it matches {},", _compact),
    "then": _said("then it must match {}.", _compact),
    "else": _said("Otherwise it must match {}.", _compact),
    "dependentRequired": _when_given,
    "dependentSchemas": _when_given,
    "dependencies": _when_given,
    "propertyNames": _said("Member names must match {}.", _compact),
    "contains": _said("Must contain an item matching {}.", _compact),
    "minContains": _said("At least {} such items."),
    "maxContains": _said("At most {} such items."),
    "examples": _said("Examples: {}.", _compact),
    "enum": _said("One of: {}.", lambda v: ", ".join(map(_json, v)) if isinstance(v, list) else _json(v)),
    "const": _said("Always {}.", _compact),
}


@does(
    "bounds, `format`, `pattern`, `default`, … leave the wire schema and are stated in the description (unless "
    "`--no-hints`); a `format` the vendor documents but a decoding engine cannot compile (`hostname`, `ipv4`, "
    "`ipv6`, `duration`: outlines-core compiles only `date`, `date-time`, `time`, `email`, `uri`, `uuid`) "
    "leaves too, so the rendition also runs on a local engine; for `gemini-openapi` (google-genai's `Schema` "
    "raises on both) `examples` too (rule T219), and `x-` extension members simply go (rule T220: they carry "
    "nothing for the model)"
)
def strip_constraints(schema: Any, options: Options) -> PassResult:
    """Constraints the profile does not accept leave the wire schema; unless hints are off,
    the description states them in plain words so the model still sees them. Unknown
    keywords are dropped too (an OpenAPI ``nullable: true`` becomes a ``null`` in the type), and
    so are extension members (``x-``) where the profile refuses them (rule T220): they carry
    nothing for the model.

    Before: ``{"type": "string", "maxLength": 80, "description": "Title"}``
    After:  ``{"type": "string", "description": "Title. At most 80 characters."}``
    """
    from ...linter.engine import KNOWN_KEYWORDS

    unknown_flagged = _flagged(options, "T605")
    closed = closed_fields(options.profile)  # a closed dialect: only its own fields stay (rule T605)
    extensions_flagged = _flagged(options, "T220")
    changes: list[Change] = []
    refused: list[Unfixable] = []
    staying = _staying(unknown_flagged, closed)
    enforced = validated_unknowns(schema)  # (an annotation, `$schema`, an unknown member: restore ignores them)

    def strip(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict):
            return node
        extra = node.get("additionalProperties")
        if extra.__class__ is dict and not constraining_keys(extra):
            # a map whose value schema only held what left it (a `not`): its values are any data
            node = {**node, "additionalProperties": True}
        if staying.issuperset(node):
            return node
        removed: list[tuple[str, Any, Change]] = []
        kept: dict[str, Any] = {}
        for key, value in node.items():
            change = None
            codes = _RULES_OF.get(key)  # most keywords: none; a bound: its own rule, then T609's
            if codes is not None and (expected := malformed(key, value)) is not None:
                # no value can be judged against it (restore reads the original): refused, never a hint
                refused.append(
                    Unfixable(pointer, "T606", f"`{key}` is malformed: expected {expected}, found {show(value)}")
                )
            if codes is not None:
                change = leaving(options, key, value, pointer)
            if change is not None:
                removed.append((key, value, change))
            elif extensions_flagged and key.startswith("x-"):
                removed.append((key, value, Change.for_rule(pointer, f"{key} removed", "T220", keyword=key)))
            elif unknown_flagged and not key.startswith("x-") and _unknown(key, closed, KNOWN_KEYWORDS):
                # a loosening only where restore's validators enforce it: they ignore any other
                loosens = _kept(key, value) if key in enforced else ""
                change = Change.for_rule(pointer, f"{key} removed", "T605", loosens=loosens, keyword=key)
                removed.append((key, value, change))
            else:
                kept[key] = value
        if not removed:
            return node
        for key, value, change in removed:
            if key == "nullable" and value is True and not admits_null(kept):
                kept = _widened(kept)
            changes.append(change)
        return stated(kept, [(key, value) for key, value, _ in removed], options)

    return PassResult(transform(schema, strip, records=(changes, refused)), tuple(changes), tuple(refused))


@cache
def _staying(unknown_flagged: bool, closed: frozenset[str] | None) -> frozenset[str]:
    """The keywords that stay whatever their value (no rule removes them): a node of these alone
    is left at once (``unknown_flagged``: the profile removes unknown keywords; ``closed``: its
    dialect's own fields, where it is closed)."""
    from ...linter.engine import KNOWN_KEYWORDS

    return frozenset(
        key
        for key in KNOWN_KEYWORDS
        if key not in _RULES_OF
        and not key.startswith("x-")
        and not (unknown_flagged and _unknown(key, closed, KNOWN_KEYWORDS))
    )


def _unknown(key: str, closed: frozenset[str] | None, known: frozenset[str]) -> bool:
    """Whether ``key`` is a member the profile does not know: outside a closed dialect's fields
    (where a rule of its own does not take it up), or else outside every keyword tierone knows."""
    if closed is None:
        return key not in known
    return key not in closed and key not in RULED


#: the keywords some rule of the table speaks for (a closed dialect's other members are T605's)
RULED = frozenset(keyword for feature in FEATURES for keyword in feature.keywords)
