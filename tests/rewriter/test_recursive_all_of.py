"""An ``allOf`` that extends a definition on a cycle of references (a pipeline step whose
children are steps, each kind a base plus its ``type`` tag): merged like any other ``allOf``
(the base's body copied once, its references kept), and where recursion is unrolled, the last
level's extension travels whole as JSON text. Before, every profile refused it (T202)."""

from __future__ import annotations

import pytest

import tierone
from tests.served import assert_served

PROFILES = ["tier1", "vendors", "openai", "anthropic", "gemini", "gemini-openapi"]

PIPELINE = {
    "type": "object",
    "properties": {"steps": {"type": "array", "items": {"$ref": "#/definitions/Step"}}},
    "required": ["steps"],
    "definitions": {
        "Step": {"anyOf": [{"$ref": "#/definitions/Chain"}, {"$ref": "#/definitions/Copy"}]},
        "ChainBase": {
            "type": "object",
            "properties": {
                "name": {"type": "string"},
                "children": {"type": "array", "items": {"$ref": "#/definitions/Step"}},
            },
            "required": ["name"],
        },
        "Chain": {
            "allOf": [
                {"$ref": "#/definitions/ChainBase"},
                {"type": "object", "properties": {"type": {"const": "chain"}}, "required": ["type"]},
            ]
        },
        "Copy": {
            "type": "object",
            "properties": {"type": {"const": "copy"}, "path": {"type": "string"}},
            "required": ["type", "path"],
        },
    },
}
INSTANCES = [
    {"steps": [{"type": "copy", "path": "a"}]},
    {"steps": [{"type": "chain", "name": "outer", "children": [{"type": "chain", "name": "inner", "children": []}]}]},
    {"steps": [{"type": "chain", "name": "c", "children": [{"type": "copy", "path": "b"}]}]},
]


@pytest.mark.parametrize("profile", PROFILES)
def test_an_all_of_over_a_recursive_definition_is_served_and_read_back(profile):
    result = assert_served(PIPELINE, profile, INSTANCES)
    assert "T202" in {change.rule for change in result.changes}


def _chain(depth: int) -> dict:
    step = {"type": "chain", "name": "leaf", "children": []}
    for level in range(depth):
        step = {"type": "chain", "name": f"level {level}", "children": [step]}
    return step


@pytest.mark.parametrize("profile", ["tier1", "anthropic"])
def test_past_the_unrolled_levels_the_extension_travels_whole_as_json_text(profile):
    """Profiles without recursion unroll it; at the last level the `allOf` over the recursive
    base is one JSON string (a base encoded alone beside an object extension would accept
    nothing), decoded and checked on read."""
    assert_served(PIPELINE, profile, [{"steps": [_chain(8)]}])


def test_restore_still_holds_the_extension_to_its_tag():
    answer = {"steps": [{"type": "chain", "name": "c", "children": [{"type": "chian", "name": "x"}]}]}
    assert not tierone.restore(answer, PIPELINE).ok


#: a tree whose children are nodes with one more member: a `$ref` on the cycle beside
#: constraining keywords (before: refused, T106 "a recursive $ref with siblings cannot be inlined")
TREE = {
    "type": "object",
    "properties": {"root": {"$ref": "#/$defs/Node"}},
    "required": ["root"],
    "$defs": {
        "Node": {
            "type": "object",
            "properties": {"name": {"type": "string"}, "kids": {"type": "array", "items": {"$ref": "#/$defs/Kid"}}},
            "required": ["name"],
        },
        "Kid": {"$ref": "#/$defs/Node", "properties": {"leaf": {"type": "boolean"}}, "required": ["leaf"]},
    },
}


@pytest.mark.parametrize("profile", PROFILES)
def test_constraints_beside_a_recursive_reference_are_merged_with_its_target(profile):
    instances = [
        {"root": {"name": "a"}},
        {"root": {"name": "a", "kids": [{"name": "b", "leaf": False, "kids": [{"name": "c", "leaf": True}]}]}},
    ]
    result = assert_served(TREE, profile, instances)
    assert {"T106", "T202"} <= {change.rule for change in result.changes}
    assert not tierone.restore({"root": {"name": "a", "kids": [{"name": "b"}]}}, TREE).ok  # `leaf` is required


def test_a_definition_that_extends_itself_is_loosened_where_recursion_is_kept():
    """`permission.children` = `permission` plus more: merging would copy the allOf again at
    every level; profiles that keep recursion leave out the siblings, which only judge the value
    (restore checks them; `--exact` refuses), those that unroll it serve it exactly."""
    permission = {
        "type": "object",
        "properties": {
            "description": {"type": "string"},
            "children": {
                "type": "object",
                "additionalProperties": {"$ref": "#/$defs/permission", "type": "object", "minProperties": 1},
            },
        },
    }
    schema = {
        "type": "object",
        "properties": {"p": {"$ref": "#/$defs/permission"}},
        "$defs": {"permission": permission},
    }
    instances = [{"p": {"description": "d", "children": {"a": {"description": "e"}}}}]
    loosened = assert_served(schema, "openai", instances).loosened
    assert [c.loosens for c in loosened if c.rule == "T106"] == ["its sibling keywords `type`, `minProperties`"]
    assert not tierone.restore({"p": {"children": {"a": {}}}}, schema).ok  # minProperties, enforced on read
    assert "T106" in {u.rule for u in tierone.rewrite(schema, "openai", exact=True).unfixable}
    assert_served(schema, "anthropic", [{"p": {"description": "d"}}])


#: a reference extended in place by members of its own (a base type plus a field)
DOG = {
    "type": "object",
    "properties": {
        "pet": {"$ref": "#/$defs/Animal", "properties": {"barks": {"type": "boolean"}}, "required": ["barks"]}
    },
    "required": ["pet"],
    "$defs": {"Animal": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}},
}


@pytest.mark.parametrize("profile", PROFILES)
def test_members_beside_a_reference_are_added_to_its_target_s_not_put_in_their_place(profile):
    """Before, the siblings' `properties` replaced the target's: the rendition had no `name`,
    which the original requires, so no answer could be read back."""
    result = assert_served(DOG, profile, [{"pet": {"name": "Rex", "barks": True}}])
    assert set(result.schema["properties"]["pet"]["properties"]) == {"name", "barks"}


#: the root extended by a closed part, from inside its own definitions (OpenAPI 1.2's data type
#: fields, Github_medium/o11667: an item is a reference, or the root's fields restricted to two)
ROOT_EXTENDED = {
    "type": "object",
    "properties": {
        "type": {"type": "string"},
        "format": {"type": "string"},
        "items": {"$ref": "#/definitions/itemsObject"},
    },
    "definitions": {
        "itemsObject": {
            "oneOf": [
                {"type": "object", "required": ["$ref"], "properties": {"$ref": {"type": "string"}}},
                {
                    "allOf": [
                        {"$ref": "#"},
                        {"required": ["type"], "properties": {"type": {}, "format": {}}, "additionalProperties": False},
                    ]
                },
            ]
        }
    },
}


@pytest.mark.parametrize("profile", PROFILES)
def test_the_root_extended_from_inside_its_definitions_is_merged(profile):
    """The reference leads back to the root only through its definitions, which a copy of the
    root's body leaves where they are: merged like any other ``allOf`` (before, every profile that
    keeps recursion refused it, T202); the closed part's two members are all the item may hold."""
    instances = [
        {"type": "array", "items": {"type": "string", "format": "date"}},
        {"type": "array", "items": {"$ref": "#/models/Pet"}},
    ]
    result = assert_served(ROOT_EXTENDED, profile, instances)
    assert "T202" not in {u.rule for u in result.unfixable}
    assert not tierone.restore({"items": {"type": "string", "items": {"type": "string"}}}, ROOT_EXTENDED).ok
