"""The strict form under one profile's rendition (``to_strict_form(x, original, profile)``):
valid under that rendition wherever the profile's idioms differ, read back to the instance."""

from __future__ import annotations

import jsonschema
import pytest

import tierone

OPTIONAL = {
    "type": "object",
    "properties": {
        "id": {"type": "string"},
        "note": {"type": "string"},
        "tags": {"type": "array", "items": {"type": "string"}},
    },
    "required": ["id"],
}


def test_anthropic_keeps_an_absent_optional_member_absent():
    form = tierone.to_strict_form({"id": "1"}, OPTIONAL, "anthropic")
    assert form == {"id": "1"}  # the rendition keeps both optional and refuses null for them
    jsonschema.validate(form, tierone.rewrite(OPTIONAL, "anthropic").schema)
    assert tierone.to_strict_form({"id": "1"}, OPTIONAL) == {"id": "1", "note": None, "tags": None}


@pytest.mark.parametrize("profile", ["openai", "gemini", "tier1", "vendors"])
def test_each_member_the_rendition_requires_is_given_null_when_absent(profile):
    rendition = tierone.rewrite(OPTIONAL, profile).schema
    form = tierone.to_strict_form({"id": "1", "tags": ["a"]}, OPTIONAL, profile)
    assert form == {"id": "1", "tags": ["a"], **({"note": None} if "note" in rendition["required"] else {})}
    jsonschema.validate(form, rendition)
    assert tierone.restore(form, OPTIONAL).payload == {"id": "1", "tags": ["a"]}


def test_a_profile_that_refuses_the_schema_is_a_strict_error():
    recursive = {"type": "object", "properties": {"next": {"$ref": "#"}}}
    with pytest.raises(tierone.StrictError) as refused:
        tierone.to_strict_form({}, recursive, "anthropic", unroll=0)
    assert "T501" in str(refused.value)


#: a linter's rule: null removes it (a shared definition), or one of its string options
NULL_BY_REFERENCE = {
    "type": "object",
    "properties": {
        "align": {
            "type": ["null", "string"],
            "oneOf": [{"$ref": "#/definitions/off"}, {"type": "string", "enum": ["all", "ignoreLineBreak"]}],
        }
    },
    "definitions": {"off": {"description": "Removes the rule.", "type": "null"}},
}


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini", "gemini-openapi"])
def test_null_taken_by_a_referenced_branch_is_written_as_null_not_as_its_json(profile):
    form = tierone.to_strict_form({"align": None}, NULL_BY_REFERENCE, profile)
    assert form == {"align": None}
    rendition = tierone.rewrite(NULL_BY_REFERENCE, profile).schema
    jsonschema.validate(form, tierone.rewriter.passes.nulls.read_nullable(rendition))
