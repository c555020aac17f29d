"""Definitions written out for google-genai's ``response_schema`` (``gemini-openapi``, rule
T504): past the size bound the largest travel as JSON strings (judged by the consumers, read
back as the original means them), never as a union branch beside text; recursion that only
unused definitions hold never holds the rest back."""

from __future__ import annotations

import pytest

import tierone
from tests.served import assert_served
from tierone.rewriter.passes.definitions import MAX_INLINED

#: one object definition referred to from more places than the bound lets be written out
WIDE = 40


def _wide(beside_text: bool) -> dict:
    """``Big`` (about 1,400 nodes) referred to from ``WIDE`` members (as a union branch beside a
    string where ``beside_text``), and ``Small`` from one."""
    big = {
        "type": "object",
        "properties": {f"p{i}": {"type": "object", "properties": {"v": {"type": "integer"}}} for i in range(700)},
    }
    ref = {"anyOf": [{"$ref": "#/$defs/Big"}, {"type": "string"}]} if beside_text else {"$ref": "#/$defs/Big"}
    members = {f"m{i}": ref for i in range(WIDE)} | {"small": {"$ref": "#/$defs/Small"}}
    return {
        "type": "object",
        "properties": members,
        "$defs": {"Big": big, "Small": {"type": "object", "properties": {"n": {"type": "integer"}}}},
    }


def test_the_largest_definition_travels_as_a_json_string_and_reads_back():
    original = _wide(beside_text=False)
    instance = {"m0": {"p1": {"v": 3}}, "m7": {}, "small": {"n": 2}}
    result = assert_served(original, "gemini-openapi", [instance])
    assert [str(c.pointer) for c in result.loosened] == ["/$defs/Big"]
    members = result.schema["properties"]
    assert members["m0"]["type"] == "string" and "JSON-encoded" in members["m0"]["description"]
    assert members["small"]["properties"]["n"]["type"] == "integer"  # the small one is written out
    assert not tierone.restore({**instance, "m0": '{"p1": {"v": "x"}}'}, original).ok


def test_a_definition_beside_text_is_never_carried_as_a_string_there():
    result = tierone.rewrite(_wide(beside_text=True), "gemini-openapi")
    assert {u.rule for u in result.unfixable} == {"T504"}  # a string there would read as the text
    assert any("schema nodes" in u.reason for u in result.unfixable)
    assert MAX_INLINED < WIDE * 1_400


@pytest.mark.parametrize("profile", ["gemini-openapi"])
def test_recursion_only_unused_definitions_hold_is_no_bar(profile):
    original = {
        "type": "object",
        "properties": {"a": {"$ref": "#/$defs/A"}},
        "$defs": {
            "A": {"type": "object", "properties": {"n": {"type": "integer"}}},
            "Tree": {"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#/$defs/Tree"}}}},
        },
    }
    result = assert_served(original, profile, [{"a": {"n": 1}}])
    assert result.schema["properties"]["a"]["properties"]["n"]["type"] == "integer"


#: a tree whose recursion goes through a reference to no definition (``#/x-shared/Node``)
SHARED_TREE = {
    "type": "object",
    "properties": {"root": {"$ref": "#/x-shared/Node"}},
    "required": ["root"],
    "x-shared": {
        "Node": {
            "type": "object",
            "properties": {
                "label": {"type": "string"},
                "kids": {"type": "array", "items": {"$ref": "#/x-shared/Node"}},
            },
            "required": ["label"],
        }
    },
}


@pytest.mark.parametrize("profile", ["gemini-openapi", "anthropic", "tier1"])
def test_recursion_through_a_reference_to_no_definition_is_unrolled(profile):
    deep = {"label": "a", "kids": [{"label": "b", "kids": [{"label": "c", "kids": [{"label": "d", "kids": []}]}]}]}
    result = assert_served(SHARED_TREE, profile, [{"root": {"label": "a"}}, {"root": deep}])
    assert any(c.rule == "T501" for c in result.loosened)


@pytest.mark.parametrize("profile", ["anthropic", "tier1"])
def test_a_reference_back_inside_a_member_no_walk_reaches_is_not_recursion(profile):
    """A ``$ref`` back to its own definition inside an extension member (``x-generator``, which
    carries nothing for the model and no walk reaches) makes nothing recursive: nothing is
    unrolled, and no loosening says so."""
    account = {
        "type": "object",
        "properties": {"name": {"type": "string"}},
        "required": ["name"],
        "x-generator": {"sample": {"$ref": "#/definitions/Account"}},
    }
    original = {
        "type": "object",
        "properties": {"owner": {"$ref": "#/definitions/Account"}},
        "required": ["owner"],
        "definitions": {"Account": account},
    }
    result = assert_served(original, profile, [{"owner": {"name": "ann"}}])
    assert not any(c.rule == "T501" for c in result.changes)
    assert not result.loosened


def test_a_member_holding_a_schema_is_no_bar_to_writing_definitions_out():
    """Azure IoT Operations' connector metadata (JSON Schema Store): members whose value is
    itself a schema (``$ref`` to the draft-07 meta-schema) beside definitions. The definitions
    are written out; the schema-valued members travel as JSON text, read back as data."""
    original = {
        "type": "object",
        "properties": {
            "limits": {"$ref": "#/definitions/Limits"},
            "configurationSchema": {"$ref": "http://json-schema.org/draft-07/schema#"},
        },
        "definitions": {"Limits": {"type": "object", "properties": {"max": {"type": "integer"}}}},
    }
    instance = {"limits": {"max": 3}, "configurationSchema": {"type": "object", "properties": {"x": {}}}}
    result = assert_served(original, "gemini-openapi", [instance])
    assert "$defs" not in result.schema and "definitions" not in result.schema
    assert result.schema["properties"]["limits"]["properties"]["max"]["type"] == "integer"


#: Rudder's techniques (JSON Schema Store): a list of calls, each a block of calls or a method
#: call, the union's node saying `type: object`
CALLS = {
    "type": "object",
    "properties": {"items": {"type": "array", "items": {"$ref": "#/$defs/item"}}},
    "required": ["items"],
    "$defs": {
        "item": {"type": "object", "anyOf": [{"$ref": "#/$defs/block"}, {"$ref": "#/$defs/method"}]},
        "block": {
            "type": "object",
            "additionalProperties": False,
            "properties": {"name": {"type": "string"}, "items": {"type": "array", "items": {"$ref": "#/$defs/item"}}},
            "required": ["items"],
        },
        "method": {
            "type": "object",
            "additionalProperties": False,
            "properties": {"method": {"type": "string"}, "condition": {"type": "string"}},
            "required": ["method"],
        },
    },
}


@pytest.mark.parametrize("profile", ["anthropic", "gemini-openapi", "tier1"])
def test_recursion_past_the_last_level_in_a_union_of_objects_travels_in_an_object(profile):
    """Unrolled, the level past the last is a JSON string; in a union whose node takes objects
    alone, a bare string would be no value the node takes (the branch was then dropped as taking
    none, and blocks nested past the levels could not be given): it travels in ``tierone_json``."""
    method = {"method": "package_present"}
    deep = {"items": [{"name": "a", "items": [{"name": "b", "items": [{"name": "c", "items": [method]}]}]}]}
    result = assert_served(CALLS, profile, [deep, {"items": [method, {"items": []}]}])
    assert not any("takes no value" in c.what for c in result.changes)


#: Maestro's flows (JSON Schema Store): a list of steps, each a command's name or a command
#: whose flow to run is a file's name or an open object, commands nesting through `repeat`
STEPS = {
    "type": "object",
    "properties": {"steps": {"$ref": "#/$defs/list"}},
    "$defs": {
        "list": {"type": "array", "items": {"$ref": "#/$defs/step"}},
        "step": {
            "anyOf": [
                {"type": "string"},
                {
                    "type": "object",
                    "additionalProperties": False,
                    "properties": {
                        "runFlow": {
                            "anyOf": [
                                {"type": "string"},
                                {
                                    "type": "object",
                                    "additionalProperties": True,
                                    "properties": {"file": {"type": "string"}},
                                },
                            ]
                        },
                        "repeat": {"type": "object", "properties": {"commands": {"$ref": "#/$defs/list"}}},
                    },
                },
            ]
        },
    },
}


@pytest.mark.parametrize("profile", ["anthropic", "gemini-openapi", "tier1"])
def test_recursion_past_the_last_level_that_takes_text_itself_travels_in_an_object(profile):
    """Unrolled, the level past the last is a JSON string; where the recursive definition takes
    text itself (a union with a text branch), a bare string there is read as that text (a
    nested command, and the open object of a flow to run inside it, came back as text): it
    travels whole in ``tierone_json``, and a step that is text travels there as its JSON too."""
    step = {"runFlow": {"file": "login.yaml", "env": {"USER": "ann"}}}
    for depth in range(5):
        step = {"repeat": {"commands": [step, "back"]}}
        result = assert_served(STEPS, profile, [{"steps": [step, "launchApp"]}])
    assert any(c.rule == "T501" and "tierone_json" in c.what for c in result.changes)
