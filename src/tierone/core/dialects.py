"""What a schema's dialect (named by its ``$schema``) changes in how the schema is read."""

from __future__ import annotations

from typing import Any

__all__ = ["BOOLEAN_BOUND_DRAFTS", "ID_DRAFTS", "id_keyword", "names_one_of"]

#: dialects whose identifier keyword is ``id`` (``$id`` from draft 6 on), by their ``$schema`` URI
ID_DRAFTS = ("json-schema.org/draft-03/schema", "json-schema.org/draft-04/schema")
#: dialects that write an exclusive bound as ``exclusiveMinimum: true`` beside ``minimum`` (a
#: number of its own from draft 6 on): draft 3 and draft 4
BOOLEAN_BOUND_DRAFTS = ID_DRAFTS


def names_one_of(schema: Any, dialects: tuple[str, ...]) -> bool:
    """Whether ``schema``'s ``$schema`` names one of ``dialects`` (parts of their URIs)."""
    named = schema.get("$schema") if isinstance(schema, dict) else None
    return isinstance(named, str) and any(draft in named for draft in dialects)


def id_keyword(schema: Any) -> str:
    """The keyword that gives a subschema of ``schema`` its identifier: ``id`` in draft 3 and
    draft 4, ``$id`` in any other dialect."""
    return "id" if names_one_of(schema, ID_DRAFTS) else "$id"
