"""An open object that declares members (``additionalProperties`` true or a schema, or
``patternProperties``: OpenAPI's ``^x-`` extensions, configuration files that take more keys)
keeps its declared members in the rendition as they are, and the others travel as one JSON
object in its string member ``tierone_rest``: the vendor still enforces the declared members
(before, the whole object, often the root, was one JSON string), and restore merges the rest
back and judges all by the original."""

from __future__ import annotations

import json

import pytest

import tierone
from tests.served import assert_served
from tierone.answers.restore import restore
from tierone.answers.strictform import normalized, to_strict_form
from tierone.rewriter.open_objects import OTHERS_SHAPE, WHOLE_OPEN

PROFILES = ["tier1", "vendors", "openai", "anthropic", "gemini", "gemini-openapi"]
#: the profiles that close every object (gemini keeps `additionalProperties: true` and maps)
CLOSING = ["tier1", "vendors", "openai", "anthropic", "gemini-openapi"]

#: Swagger 2.0's shape: declared members, vendor extensions by pattern, nothing else
EXTENSIBLE = {
    "type": "object",
    "properties": {"title": {"type": "string"}, "version": {"type": "integer"}},
    "required": ["title"],
    "patternProperties": {"^x-": {"type": "integer"}},
    "additionalProperties": False,
}
#: a configuration file that takes other keys of any value beside its own
OPEN_CONFIG = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "maxLength": 20},
        "settings": {
            "type": "object",
            "properties": {"level": {"enum": ["low", "high"]}},
            "additionalProperties": {"type": "string"},
        },
    },
    "required": ["name"],
    "additionalProperties": True,
}


@pytest.mark.parametrize("profile", PROFILES)
def test_declared_members_stand_and_pattern_named_ones_travel_in_the_rest(profile):
    instances = [{"title": "t"}, {"title": "t", "version": 2, "x-a": 1, "x-b": 2}]
    result = assert_served(EXTENSIBLE, profile, instances)
    properties = result.schema["properties"]
    assert set(properties) == {"title", "version", "tierone_rest"}  # never the root as one JSON string
    assert "title" in result.schema["required"] and "tierone_rest" in result.schema["required"]
    assert [c.loosens for c in result.loosened] == [OTHERS_SHAPE]
    form = tierone.to_strict_form(instances[1], EXTENSIBLE, profile)
    assert json.loads(form["tierone_rest"]) == {"x-a": 1, "x-b": 2}


@pytest.mark.parametrize("profile", PROFILES)
def test_what_the_patterns_refuse_in_the_rest_is_refused_on_read(profile):
    strict = tierone.strict(EXTENSIBLE, profile)
    for rest in ({"x-a": "text"}, {"other": 1}, {"title": "twice"}):
        with pytest.raises(tierone.StrictError):
            strict.parse(json.dumps({"title": "t", "version": None, "tierone_rest": json.dumps(rest)}))
    with pytest.raises(tierone.StrictError):  # not JSON
        strict.parse(json.dumps({"title": "t", "version": None, "tierone_rest": "{"}))


@pytest.mark.parametrize("profile", PROFILES)
def test_an_open_configuration_keeps_its_members_at_each_level(profile):
    instances = [
        {"name": "n"},
        {"name": "n", "debug": [1, None], "settings": {"level": "low", "colour": "red"}},
        {"name": "n", "settings": {}},
    ]
    result = assert_served(OPEN_CONFIG, profile, instances)
    if profile in CLOSING:
        assert set(result.schema["properties"]) == {"name", "settings", "tierone_rest"}
    settings = json.dumps(result.schema["properties"]["settings"])
    assert "level" in settings  # the nested open object keeps its declared member too


def test_the_rest_states_what_the_other_members_may_be():
    rest = tierone.rewrite(EXTENSIBLE, "openai").schema["properties"]["tierone_rest"]
    assert rest["type"] == "string" and '"^x-"' in rest["description"]


def test_with_exact_or_open_objects_error_it_is_refused_as_before():
    assert not tierone.rewrite(EXTENSIBLE, "openai", exact=True).ok
    refused = tierone.rewrite(OPEN_CONFIG, "openai", open_objects="error").unfixable
    assert "T102" in {u.rule for u in refused}


def test_an_object_that_already_has_a_member_so_named_is_encoded_whole():
    named = {**EXTENSIBLE, "properties": {**EXTENSIBLE["properties"], "tierone_rest": {"type": "string"}}}
    result = assert_served(named, "openai", [{"title": "t", "tierone_rest": "mine", "x-a": 1}])
    assert "tierone_root" in result.schema["properties"]


#: Swagger 2.0 writes its bounds by reference to the draft 4 meta-schema's parts
META_PARTS = {
    "$schema": "http://json-schema.org/draft-04/schema#",
    "type": "object",
    "properties": {
        "maxLength": {"$ref": "http://json-schema.org/draft-04/schema#/definitions/positiveInteger"},
        "type": {"$ref": "http://json-schema.org/draft-04/schema#/properties/type"},
        "default": {"$ref": "http://json-schema.org/draft-04/schema#/properties/default"},
    },
    "required": ["maxLength"],
    "additionalProperties": False,
}


@pytest.mark.parametrize("profile", PROFILES)
def test_a_reference_into_a_meta_schema_part_is_copied_in(profile):
    instances = [{"maxLength": 3}, {"maxLength": 0, "type": ["string", "null"], "default": {"a": [1]}}]
    result = assert_served(META_PARTS, profile, instances)
    text = json.dumps(result.schema)
    assert "json-schema.org" not in text and "x-tierone" not in text  # nothing fetched, no dead copy
    form = tierone.to_strict_form({"maxLength": 0}, META_PARTS, profile)
    with pytest.raises(tierone.StrictError):  # the part's own bound, enforced on read
        tierone.strict(META_PARTS, profile).parse(json.dumps({**form, "maxLength": -1}))


def test_a_part_of_another_dialect_or_one_the_meta_schema_lacks_stays_refused():
    draft_7 = {**META_PARTS, "$schema": "http://json-schema.org/draft-07/schema#"}  # draft 4's bounds read otherwise
    assert "T502" in {u.rule for u in tierone.rewrite(draft_7, "openai").unfixable}
    lacking = {
        "type": "object",
        "properties": {"a": {"$ref": "http://json-schema.org/draft-07/schema#/definitions/nope"}},
    }
    assert "T502" in {u.rule for u in tierone.rewrite(lacking, "openai").unfixable}


#: an open object of many optional members: Anthropic's 16 union-typed parameters are over once
#: they are nullable, and the members that move to keep the limit join the others in tierone_rest
MANY_OPEN = {
    "type": "object",
    "properties": {f"f{i}": {"anyOf": [{"type": "integer"}, {"type": "string"}]} for i in range(20)},
    "additionalProperties": {"type": "boolean"},
}


@pytest.mark.parametrize("profile", ["anthropic", "tier1", "vendors"])
def test_members_moved_to_keep_a_limit_join_the_others_in_the_rest(profile):
    instances = [{}, {"f0": 1, "f19": "s", "extra": True}, {f"f{i}": i for i in range(20)} | {"x": False}]
    result = assert_served(MANY_OPEN, profile, instances)
    rest = json.loads(result.schema["properties"]["tierone_rest"]["description"].split("JSON Schema: ", 1)[1])
    assert rest["properties"] and "additionalProperties" not in rest  # the moved members, and any other
    form = tierone.to_strict_form({"extra": True}, MANY_OPEN, profile)
    form["tierone_rest"] = json.dumps({**json.loads(form["tierone_rest"]), "extra": "yes"})
    with pytest.raises(tierone.StrictError):  # what the others may be, checked on read
        tierone.strict(MANY_OPEN, profile).parse(json.dumps(form))


#: JsonSchemaStore/jscsrc.json's shape: an open root whose member is a type list beside a union
#: of references, which the Gemini OpenAPI dialect's rendition cannot write as a member
OPEN_WITH_A_MEMBER_REFUSED = {
    "type": "object",
    "additionalProperties": True,
    "properties": {"d": {"type": ["array", "boolean", "null"], "oneOf": [{"$ref": "#/definitions/k2"}]}},
    "definitions": {
        "k2": {"type": ["array", "boolean", "null"], "oneOf": [{"$ref": "#/definitions/k"}, {"type": "boolean"}]},
        "k": {"type": "array", "items": {"enum": ["a", "b"]}, "uniqueItems": True},
    },
}


def test_where_its_members_cannot_stand_the_open_object_travels_whole_as_before():
    """Carried with its members beside ``tierone_rest``, the rendition would be refused (T216 at
    the member); the whole root as JSON text serves, looser: that one is written."""
    result = assert_served(OPEN_WITH_A_MEMBER_REFUSED, "gemini-openapi", [{"d": ["a"], "z": 1}, {"d": True}, {}])
    assert list(result.schema["properties"]) == ["tierone_root"]
    assert list(tierone.rewrite(OPEN_WITH_A_MEMBER_REFUSED, "openai").schema["properties"]) == ["d", "tierone_rest"]
    # its ledger says so at the root, and the strict form reads it: open objects as JSON text
    assert result.changes[0].what == WHOLE_OPEN and result.changes[0].pointer == ()
    instance = {"d": None, "z": 1}  # its null kept, as in any free-form data (absent, beside tierone_rest)
    form = to_strict_form(instance, OPEN_WITH_A_MEMBER_REFUSED, "gemini-openapi")
    assert restore(form, OPEN_WITH_A_MEMBER_REFUSED).payload == instance
    assert normalized(instance, OPEN_WITH_A_MEMBER_REFUSED, "gemini-openapi") == instance
    assert not any(c.what == WHOLE_OPEN for c in tierone.rewrite(OPEN_WITH_A_MEMBER_REFUSED, "openai").changes)
