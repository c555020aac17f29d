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
