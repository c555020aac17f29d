"""The read side reads the original as the rendition writes it: an untyped node's keywords imply
its type (``{"maxItems": 1}`` holds an array, whose untyped items travel as JSON text), union
branches are judged with those types, and a member named like a keyword (``properties``) is
a member, not the keyword. Shapes from real schemas (a quantum-circuit instruction set, a
build tool's plugin settings); each judged by the consumers and read back as itself."""

from __future__ import annotations

import pytest

from tests.judges import judges_for
from tests.roundtrip import check
from tests.served import assert_served
from tierone import restore, rewrite, to_strict_form
from tierone.core.walker import keyword_of, walk

PROFILES = ["tier1", "vendors", "openai", "anthropic", "gemini", "gemini-openapi"]

#: untyped members whose keywords say "array" (their items untyped too), in branches that differ
#: in which members they require; the last branch takes any `qubits`
GATES = {
    "type": "object",
    "properties": {
        "op": {
            "anyOf": [
                {
                    "required": ["qubits", "params"],
                    "properties": {"name": {"enum": ["u3"]}, "qubits": {"maxItems": 1}, "params": {"minItems": 3}},
                },
                {
                    "required": ["qubits"],
                    "properties": {"name": {"enum": ["h", "x"]}, "qubits": {"maxItems": 1}, "params": {"maxItems": 0}},
                },
                {"required": ["qubits"], "properties": {"name": {"enum": ["barrier"]}, "params": {"maxItems": 0}}},
            ]
        }
    },
    "required": ["op"],
    "additionalProperties": False,
}

#: a member named `properties` holding a map of any values (a plugin's settings)
PLUGIN = {
    "type": "object",
    "properties": {
        "plugin": {
            "type": "object",
            "properties": {
                "name": {"type": "string"},
                "properties": {"type": "object", "additionalProperties": {}, "description": "Settings."},
            },
            "additionalProperties": False,
        }
    },
    "required": ["plugin"],
    "additionalProperties": False,
}

#: members named like keywords, each holding what that keyword's place would not: an array, a
#: map, a union, an untyped array
KEYWORD_NAMES = {
    "type": "object",
    "properties": {
        "items": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"properties": {"type": "object", "additionalProperties": {}}, "items": {}},
            },
        },
        "anyOf": {"type": "object", "additionalProperties": {"type": "integer"}},
        "oneOf": {
            "anyOf": [
                {"type": "string"},
                {"type": "object", "properties": {"required": {"type": "boolean"}}, "required": ["required"]},
            ]
        },
        "$defs": {"type": "object", "properties": {"$ref": {"type": "string"}}},
        "not": {"type": ["string", "null"]},
        "additionalProperties": {"type": "object", "properties": {"items": {"maxItems": 2}}},
        "type": {"enum": ["a", "b"]},
    },
    "required": ["items"],
}


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("schema", [GATES, PLUGIN, KEYWORD_NAMES], ids=["gates", "plugin", "keyword-names"])
def test_accepted_and_every_instance_read_back(schema, profile):
    rendition = rewrite(schema, profile)
    assert rendition.ok, rendition.unfixable
    assert [v for v in (j.check(rendition.schema) for j in judges_for(profile)) if not v.ok] == []
    assert check(schema, examples=15, profile=profile).status == "clean"


@pytest.mark.parametrize("profile", PROFILES)
def test_untyped_array_members_read_back_decoded(profile):
    instances = [
        {"op": {"qubits": [None, 2]}},  # the barrier (any qubits): its items arrive as JSON text elsewhere
        {"op": {"qubits": [{"q": 1}], "params": [1, "a", None]}},
        {"op": {"name": "h", "qubits": []}},
    ]
    assert_served(GATES, profile, instances)


@pytest.mark.parametrize("profile", PROFILES)
def test_the_branch_the_answer_was_given_in_is_the_one_read(profile):
    # `params` is null in the answer: absent in the second branch, which the answer was given
    # in; the first branch (where `params` is required) takes no null there, as the rendition
    # types it, though the original's untyped `params` would
    given = {"op": {"qubits": []}}
    form = to_strict_form(given, GATES, profile)
    assert restore(form, GATES).payload == given
    lone = {"op": {"qubits": None}}  # only the barrier takes a `qubits` that is no array
    assert restore(to_strict_form(lone, GATES, profile), GATES).payload == lone


def test_a_member_named_properties_is_a_member():
    done = rewrite(PLUGIN, "gemini")  # gemini keeps maps: the settings stay a map of any values
    settings = done.schema["properties"]["plugin"]["properties"]["properties"]
    assert settings["additionalProperties"] is True
    assert not [c for c in done.changes if "encoded" in c.what]
    value = {"plugin": {"name": "p", "properties": {"json": {}, "n": [1, None]}}}
    assert_served(PLUGIN, "gemini", [value])
    openai = rewrite(PLUGIN, "openai")  # a vendor without maps: the member is encoded whole
    assert openai.schema["properties"]["plugin"]["properties"]["properties"]["type"] == ["string", "null"]
    assert_served(PLUGIN, "openai", [value])


def test_keyword_of_tells_members_from_keywords():
    for visit in walk(PLUGIN):
        assert keyword_of(visit.pointer) == visit.keyword
    assert keyword_of(("properties", "properties", "properties", "name")) == "properties"
    assert keyword_of(("properties", "properties", "additionalProperties")) == "additionalProperties"
    assert keyword_of(("properties", "items", "items")) == "items"
    assert keyword_of(("anyOf", 0)) == "anyOf" and keyword_of(("anyOf",)) is None
    assert keyword_of(("x-shared", "A")) is None and keyword_of(()) is None
