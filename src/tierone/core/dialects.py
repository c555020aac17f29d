"""What a schema's dialect (named by its ``$schema``) changes in how the schema is read."""

from __future__ import annotations

from typing import Any

__all__ = [
    "BEFORE_2019",
    "BEFORE_2020",
    "BEFORE_DRAFT_7",
    "BOOLEAN_BOUND_DRAFTS",
    "ID_DRAFTS",
    "id_keyword",
    "names_one_of",
]

#: dialects whose identifier keyword is ``id`` (``$id`` from draft 6 on), by their ``$schema`` URI
ID_DRAFTS = ("json-schema.org/draft-03/schema", "json-schema.org/draft-04/schema")
#: dialects that write an exclusive bound as ``exclusiveMinimum: true`` beside ``minimum`` (a
#: number of its own from draft 6 on): draft 3 and draft 4
BOOLEAN_BOUND_DRAFTS = ID_DRAFTS
#: dialects that do not define ``$comment``, ``readOnly``, ``writeOnly``, ``contentMediaType``
#: and ``contentEncoding`` (draft 7 brought them: before it, they are unknown keywords of any value)
BEFORE_DRAFT_7 = (*ID_DRAFTS, "json-schema.org/draft-06/schema")
#: dialects that do not define ``deprecated`` (draft 2019-09 brought it)
BEFORE_2019 = (*BEFORE_DRAFT_7, "json-schema.org/draft-07/schema")
#: dialects in which ``items`` may be an array of schemas, a tuple (2020-12 writes it ``prefixItems``)
BEFORE_2020 = (*BEFORE_2019, "json-schema.org/draft/2019-09/schema")


def names_one_of(schema: Any, dialects: tuple[str, ...]) -> bool:
    """Whether ``schema``'s ``$schema`` names one of ``dialects`` (parts of their URIs)."""
    named = schema.get("$schema") if isinstance(schema, dict) else None
    return isinstance(named, str) and any(draft in named for draft in dialects)


def id_keyword(schema: Any) -> str:
    """The keyword that gives a subschema of ``schema`` its identifier: ``id`` in draft 3 and
    draft 4, ``$id`` in any other dialect."""
    return "id" if names_one_of(schema, ID_DRAFTS) else "$id"
