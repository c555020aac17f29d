"""An object open to members it does not declare (``additionalProperties`` true or a schema,
``patternProperties``) that declares some: where the profile cannot carry it open, its declared
members stand in the rendition as they are, and the others travel as one JSON object in its
string member ``tierone_rest`` (:data:`~.shapes.REST_MEMBER`), which restore merges back before
judging the object by the original, as it does with members a count limit gathers there
(``passes.rest_members`` writes it; the reader reads it so). Carried whole as JSON text
instead, none of its declared members would be enforced by the vendor."""

from __future__ import annotations

from typing import Any

from ..core.jsontypes import declared_types
from .shapes import REST_MEMBER, is_free_form

#: what the rendition no longer enforces of such an object (restore merges and checks them)
OTHERS_SHAPE = "the members it does not declare (they travel in the object's JSON string tierone_rest)"
#: what the ledger says, at the root, where such objects travel whole as JSON text instead (the
#: rewrite that carries them so could not serve the schema); the strict form reads it
WHOLE_OPEN = (
    "open objects that declare members travel whole as JSON text (beside tierone_rest they could not be served)"
)


def open_with_members(schema: Any) -> bool:
    """Whether ``schema`` is free-form only because it is open (``additionalProperties`` true or
    a schema, or ``patternProperties``) while it declares members (none named ``tierone_rest``),
    of type object alone or of none."""
    if not isinstance(schema, dict) or "$ref" in schema or not is_free_form(schema):
        return False
    properties = schema.get("properties")
    if not isinstance(properties, dict) or not properties or REST_MEMBER in properties:
        return False
    if declared_types(schema) not in (None, ("object",)):
        return False
    additional = schema.get("additionalProperties")
    return "patternProperties" in schema or (additional is not None and additional is not False)


def carries_rest(node: Any, profile: str) -> bool:
    """Whether ``profile``'s rendition carries ``node`` (an original's) with its declared members
    as they are and the others in ``tierone_rest``: an open object that declares members, which
    the profile cannot take open (its rule flagged). What ``encode_free_form`` writes so, but on
    a map a cycle of references passes through, where a profile keeps maps (encoded whole)."""
    from .passes.base import _flagged_alone
    from .shapes import free_form_rule

    return open_with_members(node) and _flagged_alone(profile, (), free_form_rule(node))
