"""In an ``allOf``, a part's ``additionalProperties`` looks at its own part's members only: a
member another part declares is constrained (or forbidden) by it. A merged rendition keeps that
meaning, or the rewrite says why it cannot: never a satisfiable rendition of an unsatisfiable
original (rule T608)."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

import tierone
from tests.judges import all_judges
from tests.served import assert_served

NAME = {"properties": {"name": {"type": "string"}}, "required": ["name"]}


@pytest.mark.parametrize("profile", ["openai", "anthropic", "gemini", "tier1"])
@pytest.mark.parametrize(
    "extra",
    [{"type": "integer"}, False],
    ids=["a-schema-of-another-type", "false"],
)
def test_a_required_member_another_part_forbids_is_unsatisfiable(extra, profile):
    original = {"type": "object", "allOf": [NAME], "additionalProperties": extra}
    assert not jsonschema.Draft202012Validator(original).is_valid({"name": "x"})  # no instance at all
    result = tierone.rewrite(original, profile)
    assert [(str(u.pointer), u.rule) for u in result.unfixable if u.rule == "T608"] == [("", "T608")]


def test_an_optional_member_a_closed_part_forbids_is_left_out():
    original = {
        "type": "object",
        "properties": {"a": {"type": "string"}},
        "required": ["a"],
        "additionalProperties": False,
        "allOf": [{"properties": {"b": {"type": "string"}}}],
    }
    result = tierone.rewrite(original, "openai")
    assert not result.unfixable
    assert list(result.schema["properties"]) == ["a"]
    assert all(v.ok for v in all_judges(result.schema, "openai"))
    validator = jsonschema.Draft202012Validator(original)
    assert not validator.is_valid({"a": "x", "b": "y"}) and validator.is_valid({"a": "x"})


def test_a_member_another_part_constrains_carries_both_constraints():
    original = {
        "type": "object",
        "properties": {"a": {"type": "string"}},
        "required": ["a"],
        "additionalProperties": {"type": "integer", "maximum": 9},
        "allOf": [{"properties": {"n": {"type": "integer"}}, "required": ["n"]}],
    }
    merged = tierone.rewrite(original, "gemini").schema
    assert merged["properties"]["n"] == {"type": "integer", "maximum": 9}
    assert not tierone.restore({"a": "x", "n": 10}, original).ok
    assert tierone.restore({"a": "x", "n": 3}, original).ok


#: parts that no value satisfies together, as a member's schema
APART = {
    "enums-with-no-value-in-common": {"allOf": [{"enum": ["red", 6, None]}, {"enum": ["stuff", "things"]}]},
    "types-with-none-in-common": {"allOf": [{"type": "string"}, {"type": ["integer", "boolean"]}]},
    "consts-that-differ": {"allOf": [{"const": 1}, {"const": True}]},
}


@pytest.mark.parametrize("profile", ["openai", "anthropic", "gemini", "gemini-openapi", "tier1"])
@pytest.mark.parametrize("member", list(APART.values()), ids=list(APART))
def test_an_optional_member_whose_parts_have_nothing_in_common_is_left_out(member, profile):
    original = {"type": "object", "properties": {"name": {"type": "string"}, "odd": member}, "required": ["name"]}
    result = assert_served(original, profile, [{"name": "x"}])
    assert list(result.schema["properties"]) == ["name"] and not result.loosened
    assert not tierone.restore({"name": "x", "odd": "red"}, original).ok
    assert not tierone.rewrite({**original, "required": ["name", "odd"]}, profile).ok  # required: no instance


def test_parts_whose_values_are_equal_numbers_are_merged_not_left_out():
    original = {"type": "object", "properties": {"n": {"allOf": [{"enum": [1, "a"]}, {"enum": [1.0, "b"]}]}}}
    result = tierone.rewrite(original, "openai")
    assert result.ok and "n" in result.schema["properties"]
    assert tierone.restore({"n": 1}, original).ok


def test_a_const_of_true_beside_a_const_of_1_is_not_merged_into_either():
    original = {"allOf": [{"const": 1}, {"const": True}]}  # at the root: nothing to leave out
    assert not jsonschema.Draft202012Validator(original).is_valid(1)
    result = tierone.rewrite({"type": "object", "properties": {"c": original}, "required": ["c"]}, "openai")
    assert not result.ok  # refused, never a rendition that takes 1 or true


def test_three_parts_each_two_of_which_share_a_value_but_not_all_three_take_no_value():
    member = {"allOf": [{"enum": ["a", "b"]}, {"enum": ["b", "c"]}, {"enum": ["c", "a"]}]}
    original = {"type": "object", "properties": {"name": {"type": "string"}, "odd": member}, "required": ["name"]}
    result = assert_served(original, "openai", [{"name": "x"}])
    assert list(result.schema["properties"]) == ["name"]


#: vega's shape: a recursive value whose array items are an allOf of an object and, past the
#: unrolled recursion's last level under gemini-openapi, a part carried as a JSON string
UNROLLED = {
    "type": "object",
    "properties": {"size": {"$ref": "#/refs/numberValue"}},
    "refs": {
        "numberModifiers": {"properties": {"mult": {"oneOf": [{"type": "number"}, {"$ref": "#/refs/numberValue"}]}}},
        "numberValue": {
            "oneOf": [
                {
                    "type": "array",
                    "items": {
                        "allOf": [
                            {"type": "object", "properties": {"test": {"type": "string"}}},
                            {"type": "object", "allOf": [{"$ref": "#/refs/numberModifiers"}]},
                        ]
                    },
                },
                {"type": "object", "allOf": [{"$ref": "#/refs/numberModifiers"}]},
            ]
        },
    },
}


def test_a_part_an_unrolled_recursion_carries_as_json_is_never_taken_for_one_that_takes_nothing():
    result = tierone.rewrite(UNROLLED, "gemini-openapi")
    written = [c.what for c in result.changes]
    assert not any("written `false`" in what or "only an empty array" in what for what in written)


def _recursive(extra: dict[str, Any]) -> dict[str, Any]:
    """A tree whose children are an allOf of the tree itself (a cycle: no copy can be merged)
    and ``extra``."""
    return {
        "type": "object",
        "properties": {"root": {"$ref": "#/definitions/Foo"}},
        "required": ["root"],
        "definitions": {
            "Extra": extra,
            "Foo": {
                "type": "object",
                "properties": {
                    "name": {"type": "string"},
                    "child": {"allOf": [{"$ref": "#/definitions/Foo"}, {"$ref": "#/definitions/Extra"}]},
                },
                "required": ["name"],
            },
        },
    }


@pytest.mark.parametrize("profile", ["openai", "gemini"])
def test_a_part_that_says_only_what_a_recursive_reference_says_already_leaves_the_reference(profile):
    original = _recursive({"type": "object", "title": "Extra"})  # a child is an object anyway
    result = assert_served(
        original, profile, [{"root": {"name": "a", "child": {"name": "b"}}}, {"root": {"name": "c"}}]
    )
    assert any("what its target says already" in c.what for c in tierone.rewrite(original, profile).changes)
    assert result.ok


@pytest.mark.parametrize(
    "extra",
    [{"type": "object", "additionalProperties": False}, {"type": "object", "required": ["name", "age"]}],
    ids=["closed-alone-forbids-every-member", "requires-more"],
)
def test_a_part_that_says_more_than_the_reference_is_never_left_out(extra):
    result = tierone.rewrite(_recursive(extra), "openai")
    assert not any("what its target says already" in c.what for c in result.changes)
