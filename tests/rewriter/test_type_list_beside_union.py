"""A ``type`` list beside an ``anyOf`` whose branches each declare their types within it says
nothing the branches do not: where the profile refuses type lists (Anthropic's helpers,
Gemini's ``responseSchema``: rule T216) it is left to them, instead of a refusal."""

from __future__ import annotations

import jsonschema
import pytest

from tests.served import assert_served

#: Github_easy/o36080: a number written as an integer or one of two kinds of string
NUMBER_OR_TEXT = {
    "type": "object",
    "properties": {
        "value": {
            "type": ["integer", "string"],
            "oneOf": [{"type": "integer"}, {"$ref": "#/definitions/fraction"}],
        }
    },
    "required": ["value"],
    "definitions": {"fraction": {"type": "string", "pattern": "^-?\\d+/\\d+$"}},
}
#: Github_medium/o39527: an object or null, and branches saying which
OBJECT_OR_NULL = {
    "type": "object",
    "properties": {
        "limit": {
            "type": ["object", "null"],
            "oneOf": [
                {"type": "object", "properties": {"seconds": {"type": "number"}}, "required": ["seconds"]},
                {"type": "null"},
            ],
        }
    },
    "required": ["limit"],
}


@pytest.mark.parametrize("profile", ["anthropic", "vendors", "gemini-openapi", "openai", "tier1"])
def test_a_type_list_the_branches_say_is_left_to_them(profile):
    rendition = assert_served(NUMBER_OR_TEXT, profile, [{"value": 3}, {"value": "1/2"}]).schema
    jsonschema.validate({"value": 3}, rendition)
    with pytest.raises(jsonschema.ValidationError):  # the branches still refuse what the list did
        jsonschema.validate({"value": True}, rendition)
    assert_served(OBJECT_OR_NULL, profile, [{"limit": {"seconds": 1.5}}, {"limit": None}])
