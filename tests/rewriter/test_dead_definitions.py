"""A definition nothing in the rendition refers to any more (its references inlined, merged,
or carried inside a JSON string) is left out: a consumer that checks every definition would
judge one no answer meets (``passes.definitions.drop_unreferenced_definitions``)."""

from __future__ import annotations

import pytest

import tierone
from tests.served import assert_served

#: `auth` is only ever used through an `allOf` that merges it away; what is left of it takes any value
ORIGINAL = {
    "type": "object",
    "properties": {"login": {"allOf": [{"$ref": "#/definitions/auth"}, {"properties": {"user": {"type": "string"}}}]}},
    "required": ["login"],
    "definitions": {
        "auth": {"if": {"required": ["token"]}, "then": {"required": ["user"]}},
        "unused": {"type": "object"},
    },
}


@pytest.mark.parametrize("profile", ["openai", "anthropic", "gemini", "tier1"])
def test_definitions_no_reference_reaches_are_left_out(profile):
    result = assert_served(ORIGINAL, profile, [{"login": {"user": "ada"}}, {"login": {}}])
    assert not result.schema.get("$defs")
    assert {str(c.pointer) for c in result.changes if "nothing refers to it" in c.what} >= {"/$defs/unused"}
    assert not result.loosened or all("nothing refers" not in c.what for c in result.loosened)  # no loosening


def test_a_definition_reached_through_another_stays():
    chained = {
        "type": "object",
        "properties": {"a": {"$ref": "#/$defs/A"}},
        "required": ["a"],
        "$defs": {
            "A": {"type": "object", "properties": {"b": {"$ref": "#/$defs/B"}}, "required": ["b"]},
            "B": {"type": "string"},
            "C": {"type": "integer"},
        },
    }
    result = tierone.rewrite(chained, "anthropic")
    assert set(result.schema["$defs"]) == {"A", "B"}


def test_references_are_followed_wherever_they_point_and_one_leaving_the_document_keeps_every_definition():
    from tierone.rewriter.passes import Options, drop_unreferenced_definitions

    into_body = {
        "type": "object",
        "properties": {"a": {"$ref": "#/properties/b"}, "b": {"$ref": "#/$defs/B/properties/x"}},
        "$defs": {"B": {"type": "object", "properties": {"x": {"type": "string"}}}, "C": {"type": "integer"}},
    }
    assert set(drop_unreferenced_definitions(into_body, Options()).schema["$defs"]) == {"B"}
    leaving = {**into_body, "properties": {**into_body["properties"], "c": {"$ref": "other.json"}}}
    assert drop_unreferenced_definitions(leaving, Options()).schema is leaving  # it may lead anywhere: all kept


#: definitions the root never uses: one a pass refuses (an ``allOf`` of free-form data: T202),
#: one whose rendition would be looser (``oneOf``, an encoded free-form value); ffizer.schema.json
#: and cloudify.json were refused for such a definition
UNUSED = {
    "type": "object",
    "properties": {"a": {"type": "string"}},
    "$defs": {
        "Unused": {
            "type": "object",
            "properties": {"v": {"allOf": [{"$ref": "#/$defs/Any"}]}},
            "oneOf": [{"required": ["v"]}, {"type": "object"}],
        },
        "Any": True,
    },
}


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini", "gemini-openapi"])
def test_what_an_unused_definition_says_neither_refuses_nor_loosens(profile):
    """The rendition carries no unused definition: a refusal or a loosening inside one is
    dropped with it, so the schema is served, and served with ``exact`` (the rendition is exact)."""
    result = assert_served(UNUSED, profile, [{"a": "x"}, {}])
    assert not any(str(c.pointer).startswith("/$defs/") and c.why != "a dead definition" for c in result.changes)
    exact = tierone.rewrite(UNUSED, profile, exact=True)
    assert exact.ok and exact.schema == result.schema and not exact.loosened
