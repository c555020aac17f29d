"""Members an open object requires without declaring them, and nodes whose only keys are no
JSON Schema keyword (typos such as ``"type:"``, ``"$type"``): both served, never refused, and
read back as the original means them."""

from __future__ import annotations

import json

import jsonschema
import pytest

import tierone
from tests.judges import all_judges
from tests.served import assert_served

PROFILES = ["openai", "anthropic", "gemini", "gemini-openapi", "tier1", "vendors"]

OPEN = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a", "b"]}
TYPED = {**OPEN, "additionalProperties": {"type": "integer"}}
#: an object that declares nothing and requires a member (a misspelt ``properties``, say)
BARE = {"type": "object", "properties": {}, "required": ["top"], "propertes": {"top": {"type": "string"}}}
TYPO = {
    "type": "object",
    "properties": {"mode": {"id": "mode", "type:": "string"}, "n": {"type": "integer"}},
    "required": ["mode", "n"],
}


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize(
    "original, instance",
    [
        (OPEN, {"a": "x", "b": [1, {"c": None}]}),
        (TYPED, {"a": "x", "b": 3}),
        (TYPO, {"mode": {"any": 1}, "n": 2}),
        (BARE, {"top": {"any": [1]}}),
    ],
    ids=["required-undeclared", "required-undeclared-typed", "unknown-keys-only", "declares-nothing"],
)
def test_served_judged_and_read_back(original, instance, profile):
    result = tierone.rewrite(original, profile)
    assert result.ok, result.unfixable
    assert all(v.ok for v in all_judges(result.schema, profile))
    form = tierone.to_strict_form(instance, original, profile)
    jsonschema.validate(form, result.schema)
    assert tierone.restore(form, original).payload == instance
    assert tierone.strict(original, profile).parse(json.dumps(form)) == instance


def test_the_undeclared_member_takes_what_additional_properties_says():
    result = tierone.rewrite(TYPED, "gemini")  # gemini keeps maps (elsewhere the map is encoded whole)
    assert result.schema["properties"]["b"] == {"type": "integer"}
    assert ("/properties/b", "T105") in {(str(c.pointer), c.rule) for c in result.changes}
    assert not tierone.restore({"a": "x", "b": "no"}, TYPED).ok


def test_an_object_that_declares_nothing_declares_what_it_requires():
    result = tierone.rewrite(BARE, "gemini")  # gemini keeps open objects: the member is declared, not the whole encoded
    assert result.schema["required"] == ["top"] and "JSON-encoded" in result.schema["properties"]["top"]["description"]
    assert not tierone.restore({}, BARE).ok


def test_a_closed_object_that_requires_an_undeclared_member_stays_refused():
    closed = {**OPEN, "additionalProperties": False}
    assert not jsonschema.Draft202012Validator(closed).is_valid({"a": "x", "b": 1})
    assert "T105" in {u.rule for u in tierone.rewrite(closed, "openai").unfixable}


def test_a_typo_node_is_carried_as_any_value():
    field = tierone.rewrite(TYPO, "openai").schema["properties"]["mode"]
    assert field["type"] in ("string", ["string", "null"]) and "JSON-encoded" in field["description"]


#: union branches that only require members the object holding the union declares (a
#: function-calling schema's usual way of saying "circle needs a radius")
SHAPES = {
    "type": "object",
    "properties": {
        "shape": {"type": "string", "enum": ["circle", "square"]},
        "radius": {"type": "number", "description": "The radius"},
        "side": {"type": "string", "description": "The side, with its unit"},
    },
    "required": ["shape"],
    "oneOf": [
        {"properties": {"shape": {"const": "circle"}}, "required": ["radius"]},
        {"properties": {"shape": {"const": "square"}}, "required": ["side"]},
    ],
}


@pytest.mark.parametrize("profile", PROFILES)
def test_a_member_a_branch_only_requires_takes_the_object_s_schema(profile):
    """Before, the branch declared it as any value (JSON text) beside the object's number:
    under gemini, where the object stays open beside its union, nothing satisfied both, and
    llguidance refused the rendition."""
    instances = [{"shape": "circle", "radius": 2.5}, {"shape": "square", "side": "3 cm"}]
    result = assert_served(SHAPES, profile, instances)
    if profile == "gemini":  # its objects stay open: the members stay beside the union
        branch = result.schema["anyOf"][0]["properties"]
        assert branch["radius"]["type"] == "number" and "JSON" not in branch["radius"]["description"]
        assert result.schema["anyOf"][1]["properties"]["side"]["type"] == "string"
    assert not tierone.restore({"shape": "circle", "radius": "2.5"}, SHAPES).ok


def test_a_side_given_as_text_is_the_text_not_json():
    """The branch's `side` is the object's string: restore reads it as written, never as JSON."""
    form = tierone.to_strict_form({"shape": "square", "side": "3 cm"}, SHAPES, "gemini")
    assert form["side"] == "3 cm"
    assert tierone.restore(form, SHAPES).payload == {"shape": "square", "side": "3 cm"}


#: a repository list whose root requires the member each of its `oneOf` branches declares
REPOSITORIES = {
    "type": "object",
    "required": ["entries"],
    "oneOf": [
        {
            "properties": {
                "system": {"enum": ["zypp"]},
                "entries": {"type": "array", "items": {"type": "string"}},
            },
            "required": ["system"],
        },
        {
            "properties": {
                "system": {"enum": ["yum"]},
                "entries": {"type": "array", "items": {"type": "integer"}},
            },
            "required": ["system"],
        },
    ],
}


@pytest.mark.parametrize("profile", PROFILES)
def test_a_member_required_beside_a_union_whose_branches_declare_it(profile):
    """Under gemini (open objects, the root kept an object beside its union) the name moves
    into each branch's `required`; before, the root required a member it does not declare."""
    instances = [{"system": "zypp", "entries": ["a"]}, {"system": "yum", "entries": [1, 2]}]
    result = assert_served(REPOSITORIES, profile, instances)
    if profile == "gemini":
        assert "required" not in result.schema
        assert all("entries" in branch["required"] for branch in result.schema["anyOf"])
    assert not tierone.restore({"system": "yum"}, REPOSITORIES).ok
