"""Where a string read back is JSON the rewriter encoded: a node that takes no string. Its own
``type`` decides (a union beside it can only narrow it), and one ``allOf`` part that takes no
string is enough; a union branch beside one that may take text is never read so."""

from __future__ import annotations

import json

import pytest

import tierone
from tests.served import assert_served
from tierone.rewriter.text_or_json import beside_text, takes_no_string


def same(node):
    return node


def test_a_declared_type_decides_whatever_the_union_beside_it_says():
    presence = {"type": "object", "properties": {"a": {}}, "anyOf": [{"required": ["a"]}, {"required": ["b"]}]}
    assert takes_no_string(presence, same)
    assert not takes_no_string({"type": ["object", "string"], "anyOf": [{"type": "object"}]}, same)


def test_one_all_of_part_that_takes_no_string_is_enough():
    assert takes_no_string({"allOf": [{"type": "object"}, {"properties": {"x": {}}}]}, same)
    assert not takes_no_string({"allOf": [{"minLength": 1}]}, same)


def test_a_branch_beside_text_is_never_read_as_json():
    union = [{"type": "object"}, {"type": "string"}]
    assert beside_text(union, union[0], same)
    objects = [{"type": "object"}, {"allOf": [{"type": "object"}]}, {"properties": {"k": {}}}]
    assert not beside_text(objects, objects[0], same)


def test_a_branch_that_takes_null_alone_takes_no_string():
    """pydantic's ``Optional[Model]`` (``anyOf: [{"$ref"}, {"type": "null"}]``): the reference's
    branch stands beside null, not text, and the union takes no string (it may be encoded)."""
    nullable = [{"type": "object"}, {"type": "null"}]
    assert not beside_text(nullable, nullable[0], same)
    assert takes_no_string({"anyOf": nullable}, same)
    assert takes_no_string({"oneOf": [{"type": "array"}, {"const": None}]}, same)
    assert not takes_no_string({"anyOf": [{"type": "null"}]}, same)  # null alone is no container
    assert not takes_no_string({"anyOf": [{"type": "object"}, {"type": "null"}, {"type": "string"}]}, same)


def test_a_container_beside_other_values_that_are_no_string_takes_none():
    """A meta-schema's ``"type": ["object", "boolean"]``: a string there can only be JSON the
    rewriter encoded (the last level of an unrolled recursion), as beside null."""
    assert takes_no_string({"type": ["object", "boolean"]}, same)
    assert takes_no_string({"anyOf": [{"type": "array"}, {"type": "integer"}, {"const": None}]}, same)
    assert not takes_no_string({"type": ["boolean", "number", "null"]}, same)  # no container to encode
    assert not takes_no_string({"anyOf": [{"type": "object"}, {"enum": ["a", 1]}]}, same)  # may take a string


@pytest.mark.parametrize("profile", ["anthropic", "tier1", "vendors"])
def test_an_object_or_boolean_recursion_is_read_back_past_its_unrolled_levels(profile):
    """The last level of a recursion unrolled for a profile without recursion is a JSON string;
    where the recursive node takes a boolean too, the reader decoded nothing there and refused
    every answer nested that deep (restore and ``Strict.parse``)."""
    original = {
        "type": ["object", "boolean"],
        "properties": {"encoding": {"type": "string"}, "inner": {"$ref": "#"}},
    }
    deep = {"inner": {"inner": {"inner": {"inner": {"encoding": "x", "inner": False}}}}}
    assert_served(original, profile, [deep, {"inner": True}, {"encoding": "y"}])
    wrong = tierone.to_strict_form({"inner": {"inner": {"inner": {"inner": {"encoding": 1}}}}}, original, profile)
    with pytest.raises(tierone.StrictError):
        tierone.strict(original, profile).parse(json.dumps(wrong))


#: Github_medium/o78400 (flatbuffers' array test): a member referring, through arrays of
#: structs, six levels deep; the member is optional, so its reference stands beside null
TOO_DEEP = {
    "definitions": {
        "MyGame_Example_TestEnum": {"type": "string", "enum": ["A", "B", "C"]},
        "MyGame_Example_NestedStruct": {
            "type": "object",
            "properties": {
                "a": {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2},
                "b": {"$ref": "#/definitions/MyGame_Example_TestEnum"},
                "c": {"$ref": "#/definitions/MyGame_Example_TestEnum", "minItems": 2, "maxItems": 2},
                "d": {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2},
            },
            "additionalProperties": False,
        },
        "MyGame_Example_ArrayStruct": {
            "type": "object",
            "properties": {
                "a": {"type": "number"},
                "b": {"type": "array", "items": {"type": "number"}, "minItems": 15, "maxItems": 15},
                "c": {"type": "number"},
                "d": {
                    "type": "array",
                    "items": {"$ref": "#/definitions/MyGame_Example_NestedStruct"},
                    "minItems": 2,
                    "maxItems": 2,
                },
                "e": {"type": "number"},
                "f": {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2},
            },
            "additionalProperties": False,
        },
        "MyGame_Example_ArrayTable": {
            "type": "object",
            "properties": {"a": {"$ref": "#/definitions/MyGame_Example_ArrayStruct"}},
            "additionalProperties": False,
        },
    },
    "$ref": "#/definitions/MyGame_Example_ArrayTable",
}


def test_a_nullable_reference_too_deep_is_encoded_and_read_back():
    from tierone import restore, rewrite
    from tierone.answers.strictform import to_strict_form

    result = rewrite(TOO_DEEP, "tier1")
    assert result.ok, result.unfixable
    assert any(change.rule in ("T401", "T402") for change in result.changes)
    nested = {"a": [1.0, 2.0], "b": "A", "c": "B", "d": [3.0, 4.0]}
    x = {"a": {"a": 1.5, "b": [0.0] * 15, "c": 2.5, "d": [nested, nested], "e": 3.5, "f": [1.0, 2.0]}}
    assert restore(to_strict_form(x, TOO_DEEP, "tier1"), TOO_DEEP).payload == x
