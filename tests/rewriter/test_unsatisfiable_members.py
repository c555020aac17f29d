"""An optional member whose schema takes no value (``false``, bounds that cross, an ``enum``
with no value of its ``type``, as generated schemas sometimes write) can never be given: it
leaves the rendition, exactly, and answers read back; a required one stays refused (T608)."""

from __future__ import annotations

import pytest

import tierone
from tests.served import assert_served

#: `enum` strings under `type: object` (a real pattern in generated configuration schemas)
NEVER = {"enum": ["MODIFIABLE", "DELETABLE"], "type": "object"}
ORIGINAL = {
    "type": "object",
    "properties": {
        "name": {"type": "string"},
        "builtin": NEVER,
        "size": {"type": "integer", "minimum": 5, "maximum": 1},
    },
}


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini", "gemini-openapi"])
def test_an_optional_member_that_takes_no_value_leaves_the_rendition(profile):
    result = assert_served(ORIGINAL, profile, [{"name": "n"}])
    assert list(result.schema["properties"]) == ["name"]
    assert not result.loosened  # nothing an answer could give is lost


#: a storage API's schema: `instance` refers to a closed object that requires a member it never
#: declares (a typo for `instanceID`), so no instance can be given
BROKEN = {
    "type": "object",
    "properties": {"name": {"type": "string"}, "instance": {"$ref": "#/definitions/instance"}},
    "required": ["name"],
    "definitions": {
        "instance": {
            "type": "object",
            "properties": {"instanceID": {"type": "string"}},
            "required": ["id"],
            "additionalProperties": False,
        }
    },
}


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini", "gemini-openapi"])
def test_an_optional_member_referring_to_a_definition_that_takes_no_value_leaves_too(profile):
    result = assert_served(BROKEN, profile, [{"name": "n"}])
    assert "instance" not in result.schema["properties"] and "$defs" not in result.schema
    assert "T105" in {u.rule for u in tierone.rewrite({**BROKEN, "required": ["instance"]}, profile).unfixable}


def test_a_required_member_that_takes_no_value_stays_refused():
    required = {**ORIGINAL, "required": ["builtin"]}
    assert "T608" in {u.rule for u in tierone.rewrite(required, "openai").unfixable}


def test_under_gemini_openapi_an_optional_member_whose_only_value_is_null_is_read_as_absent():
    from tests.served import assert_served

    original = {
        "type": "object",
        "properties": {"name": {"type": "string"}, "token": {"type": "null"}, "gone": {"const": None}},
        "required": ["name"],
    }
    result = assert_served(original, "gemini-openapi", [{"name": "n"}])
    assert set(result.schema["properties"]) == {"name"}
    assert {c.rule for c in result.changes if str(c.pointer).startswith("/properties/")} >= {"T221"}
    required = {**original, "required": ["name", "token"]}  # null is its value: it stays, as a nullable string
    kept = assert_served(required, "gemini-openapi", [{"name": "n", "token": None}])
    assert set(kept.schema["properties"]) == {"name", "token"} and kept.schema["properties"]["token"]["nullable"]
