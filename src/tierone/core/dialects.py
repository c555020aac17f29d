"""What a schema's dialect (named by its ``$schema``) changes in how the schema is read: which
draft it is, the keywords each draft brought or dropped, and the forms some keywords take."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

__all__ = [
    "BEFORE_2019",
    "BEFORE_2020",
    "BEFORE_DRAFT_7",
    "BOOLEAN_BOUND_DRAFTS",
    "DEFAULT_DRAFT",
    "DRAFTS",
    "DRAFT_3_ONLY",
    "ID_DRAFTS",
    "VARYING",
    "defines",
    "draft_of",
    "id_keyword",
    "names_one_of",
    "undefined_keywords",
    "validated_unknowns",
    "validator_class",
    "why_undefined",
]

#: the drafts in the order they came, each with the part of its meta-schema URI that names it
#: (``http`` or ``https``, with or without the empty fragment ``#``)
DRAFTS = (
    ("draft-03", "json-schema.org/draft-03/schema"),
    ("draft-04", "json-schema.org/draft-04/schema"),
    ("draft-06", "json-schema.org/draft-06/schema"),
    ("draft-07", "json-schema.org/draft-07/schema"),
    ("2019-09", "json-schema.org/draft/2019-09/schema"),
    ("2020-12", "json-schema.org/draft/2020-12/schema"),
)
#: how a schema that names no draft (no ``$schema``, or a URI of none of them) is read
DEFAULT_DRAFT = "2020-12"
_ORDER = {name: at for at, (name, _) in enumerate(DRAFTS)}

#: the keywords each draft brought (draft 4's: those draft 3 lacks in the form later drafts
#: keep); the annotations among them are in ``_ANNOTATIONS``
_BROUGHT = {
    "draft-04": ("allOf", "anyOf", "oneOf", "not", "minProperties", "maxProperties", "multipleOf"),
    "draft-06": ("const", "contains", "propertyNames", "examples"),
    "draft-07": ("if", "then", "else", "$comment", "contentMediaType", "contentEncoding", "readOnly", "writeOnly"),
    "2019-09": (
        "dependentRequired",
        "dependentSchemas",
        "unevaluatedProperties",
        "unevaluatedItems",
        "minContains",
        "maxContains",
        "deprecated",
    ),
    "2020-12": ("prefixItems",),
}
#: the keywords a draft dropped, with what took their place
_DROPPED = {"2019-09": {"dependencies": "split it into `dependentRequired` and `dependentSchemas`"}}
#: keywords that only annotate: a draft that does not define one reads it as any other unknown member
_ANNOTATIONS = frozenset(
    {"examples", "$comment", "contentMediaType", "contentEncoding", "readOnly", "writeOnly", "deprecated"}
)
#: draft 3's keywords that draft 4 dropped (`divisibleBy` became `multipleOf`, `extends`
#: `allOf`): no rule knows them, so a rendition leaves them as unknown keywords, while restore,
#: judging a draft 3 schema by its validators, still enforces them
DRAFT_3_ONLY = frozenset({"disallow", "divisibleBy", "extends"})
#: the first draft that defines each keyword above, and the first that no longer does
_FROM = {keyword: draft for draft, keywords in _BROUGHT.items() for keyword in keywords}
_UNTIL = {keyword: draft for draft, dropped in _DROPPED.items() for keyword in dropped}
#: the keywords that constrain in some drafts and are unknown members in the others
VARYING = frozenset(keyword for keyword in (*_FROM, *_UNTIL) if keyword not in _ANNOTATIONS)

#: dialects whose identifier keyword is ``id`` (``$id`` from draft 6 on), by their ``$schema`` URI
ID_DRAFTS = (DRAFTS[0][1], DRAFTS[1][1])
#: dialects that write an exclusive bound as ``exclusiveMinimum: true`` beside ``minimum`` (a
#: number of its own from draft 6 on): draft 3 and draft 4
BOOLEAN_BOUND_DRAFTS = ID_DRAFTS
#: dialects that do not define ``$comment``, ``readOnly``, ``writeOnly``, ``contentMediaType``
#: and ``contentEncoding`` (draft 7 brought them: before it, they are unknown keywords of any value)
BEFORE_DRAFT_7 = (*ID_DRAFTS, DRAFTS[2][1])
#: dialects that do not define ``deprecated`` (draft 2019-09 brought it)
BEFORE_2019 = (*BEFORE_DRAFT_7, DRAFTS[3][1])
#: dialects in which ``items`` may be an array of schemas, a tuple (2020-12 writes it ``prefixItems``)
BEFORE_2020 = (*BEFORE_2019, DRAFTS[4][1])


def names_one_of(schema: Any, dialects: tuple[str, ...]) -> bool:
    """Whether ``schema``'s ``$schema`` names one of ``dialects`` (parts of their URIs)."""
    named = schema.get("$schema") if isinstance(schema, dict) else None
    return isinstance(named, str) and any(draft in named for draft in dialects)


def draft_of(schema: Any) -> str:
    """The draft ``schema``'s ``$schema`` names (``"draft-07"``), :data:`DEFAULT_DRAFT` where it
    names none: how the rewriter, the linter and restore all read it."""
    named = schema.get("$schema") if isinstance(schema, dict) else None
    return _draft_named(named) if isinstance(named, str) else DEFAULT_DRAFT


@lru_cache(maxsize=256)  # (a lint asks once per keyword of the few that vary)
def _draft_named(named: str) -> str:
    return next((name for name, part in DRAFTS if part in named), DEFAULT_DRAFT)


def validator_class(schema: Any) -> Any:
    """jsonschema's validator class for the draft ``schema`` names (:func:`draft_of`: an ``https``
    URI, or one without its ``#``, names its draft too; 2020-12 where it names none)."""
    import jsonschema

    # Draft4Validator for draft-04, Draft201909Validator for 2019-09
    return getattr(jsonschema, f"Draft{draft_of(schema).removeprefix('draft-').lstrip('0').replace('-', '')}Validator")


def defines(draft: str, keyword: str) -> bool:
    """Whether ``draft`` defines ``keyword`` (any keyword the tables above do not hold counts as
    defined: it is every draft's, or none's)."""
    came, went = _FROM.get(keyword), _UNTIL.get(keyword)
    at = _ORDER[draft]
    return (came is None or _ORDER[came] <= at) and (went is None or at < _ORDER[went])


def validated_unknowns(schema: Any) -> frozenset[str]:
    """The keywords no rule knows that ``schema``'s validators (restore's) still enforce:
    :data:`DRAFT_3_ONLY` in a draft 3 schema, none in any other."""
    return DRAFT_3_ONLY if draft_of(schema) == "draft-03" else frozenset()


def undefined_keywords(schema: Any) -> frozenset[str]:
    """The keywords that constrain in some draft but not in the one ``schema`` names (draft 4's
    ``const``, 2020-12's ``dependencies``): its validators ignore them, as unknown members."""
    return _undefined_in(draft_of(schema))


@cache
def _undefined_in(draft: str) -> frozenset[str]:
    return frozenset(keyword for keyword in VARYING if not defines(draft, keyword))


def why_undefined(schema: Any, keyword: str) -> str:
    """In words, why ``keyword`` (one of :func:`undefined_keywords`) does nothing in ``schema``."""
    draft = draft_of(schema)
    named = "its `$schema`" if _names_a_draft(schema) else "a schema naming no draft is read so"
    went = _UNTIL.get(keyword)
    if went is not None and _ORDER[went] <= _ORDER[draft]:
        how = f"{went} {_DROPPED[went][keyword]}"
    else:
        how = f"{_FROM[keyword]} brought it"
    return f" in {draft} ({named}): {how}; {draft} validators ignore it"


def _names_a_draft(schema: Any) -> bool:
    """Whether ``schema``'s ``$schema`` names one of the drafts (rather than none, or another URI)."""
    return names_one_of(schema, tuple(part for _, part in DRAFTS))


def id_keyword(schema: Any) -> str:
    """The keyword that gives a subschema of ``schema`` its identifier: ``id`` in draft 3 and
    draft 4, ``$id`` in any other dialect."""
    return "id" if names_one_of(schema, ID_DRAFTS) else "$id"
