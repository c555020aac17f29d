"""``allOf`` merged exactly where its parts restate each other: a member declared ``{}`` or
``true`` beside X is X, ``false`` forbids it, ``type`` and ``enum`` intersect, bounds take the
tighter; the consumers take the rendition and answers read back alike."""

from __future__ import annotations

import json

import pytest

from tests.served import assert_served
from tierone.rewriter.passes.merging import merged_branches

S = {"type": "string"}
BASE = {"type": "object", "properties": {"a": S, "b": {"type": "integer"}}, "required": ["a"]}
CASES = {
    # a closed extension restating the base's members as {} (common in generated schemas)
    "restated": (
        {
            "allOf": [
                {"$ref": "#/$defs/Base"},
                {"properties": {"a": {}, "b": True, "c": S}, "additionalProperties": False},
            ],
            "$defs": {"Base": BASE},
        },
        {"a": "x", "c": "y"},
    ),
    "forbidden": ({"allOf": [BASE, {"properties": {"b": False}}]}, {"a": "x"}),
    "intersected": (
        {
            "allOf": [
                {"type": ["object", "null"], "properties": {"n": {"type": "number", "minimum": 1}}},
                {"type": "object", "properties": {"n": {"type": "integer", "minimum": 0, "maximum": 9}}},
                {"properties": {"e": {"enum": ["x", "y", 1]}}},
                {"properties": {"e": {"enum": [1, "y", True]}}},
            ]
        },
        {"n": 3, "e": "y"},
    ),
}


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini"])
@pytest.mark.parametrize("case", CASES)
def test_parts_that_restate_each_other_merge_exactly(case, profile):
    original, instance = CASES[case]
    result = assert_served(original, profile, [instance])
    assert not [c for c in result.loosened if c.rule == "T202"]  # exact: nothing loosened by the merge
    assert "allOf" not in json.dumps(result.schema)


def test_the_merge_says_what_every_part_says():
    merged = merged_branches({}, list(CASES["intersected"][0]["allOf"]))
    assert merged is not None
    assert merged["type"] == "object"
    assert merged["properties"]["n"] == {"type": "integer", "minimum": 1, "maximum": 9}
    assert merged["properties"]["e"] == {"enum": ["y", 1]}  # 1 and True differ in JSON
    assert (
        merged_branches({}, [{"properties": {"m": {"pattern": "a"}}}, {"properties": {"m": {"pattern": "b"}}}]) is None
    )
    assert merged_branches({}, [{"type": "string"}, {"type": "integer"}]) is None  # nothing in common


def test_item_schemas_of_both_parts_merge():
    merged = merged_branches(
        {}, [{"type": "array", "items": {"type": "string"}}, {"items": {"type": "string", "maxLength": 3}}]
    )
    assert merged == {"type": "array", "items": {"type": "string", "maxLength": 3}}


# ---- where one schema cannot say what two parts say: the first part's stands, the read side checks the other


LOOSE = {
    # two patterns on one member (no vendor takes a lookahead to say both)
    "patterns": (
        {
            "allOf": [
                {"type": "object", "properties": {"code": {"type": "string", "pattern": "^[a-z]+$"}}},
                {"properties": {"code": {"pattern": "^.{2,4}$"}}},
            ]
        },
        {"code": "abc"},
        {"code": "abcdef"},
    ),
    # each part states which members go together (presence only), in its own way
    "presence": (
        {
            "allOf": [
                {
                    "type": "object",
                    "properties": {"a": S, "b": S, "c": S},
                    "anyOf": [{"required": ["a"]}, {"required": ["b"]}],
                },
                {"anyOf": [{"required": ["b"]}, {"required": ["c"]}]},
            ]
        },
        {"b": "x"},
        {"a": "x"},
    ),
}


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini"])
@pytest.mark.parametrize("case", LOOSE)
def test_parts_no_one_schema_can_say_together_are_served_loosened_and_enforced_on_read(case, profile):
    import tierone

    original, valid, invalid = LOOSE[case]
    result = assert_served(original, profile, [valid])
    assert [c.rule for c in result.loosened if c.rule == "T202"] == ["T202"]
    assert "allOf" not in json.dumps(result.schema)
    form = tierone.to_strict_form(invalid, original, profile)
    assert not tierone.restore(form, original).ok  # what the rendition no longer says, restore does
    assert not tierone.rewrite(original, profile, exact=True).ok


def test_a_member_given_by_reference_in_one_part_merges_with_its_restatement():
    original = {
        "allOf": [
            {"type": "object", "properties": {"id": {"$ref": "#/$defs/Id"}}, "required": ["id"]},
            {"properties": {"id": {"description": "The key", "maxLength": 8}}},
        ],
        "$defs": {"Id": {"type": "string", "minLength": 1}},
    }
    result = assert_served(original, "openai", [{"id": "k1"}])
    assert not [c for c in result.loosened if c.rule == "T202"]


def test_an_allof_a_reference_brings_in_is_merged_too():
    original = {
        "allOf": [{"$ref": "#/$defs/Test"}],
        "$defs": {
            "Device": {"type": "object", "properties": {"id": S}},
            "Test": {"allOf": [{"$ref": "#/$defs/Device"}, {"properties": {"test": S}}], "type": "object"},
        },
    }
    for profile in ("tier1", "openai", "anthropic", "gemini"):
        result = assert_served(original, profile, [{"id": "d", "test": "t"}])
        assert "allOf" not in json.dumps(result.schema)


def test_a_required_member_no_value_satisfies_stays_refused():
    import tierone

    original = {
        "allOf": [
            {"type": "object", "properties": {"k": S}, "required": ["k"]},
            {"properties": {"k": {"type": "integer"}}},
        ]
    }
    result = tierone.rewrite(original, "openai")
    assert not result.ok and {u.rule for u in result.unfixable} & {"T202", "T608"}


#: JsonSchemaStore/ffizer: a member's `allOf` of one reference to a definition that is `true`
ANY_VALUE = {
    "type": "object",
    "properties": {"label": S, "value": {"description": "the value", "allOf": [{"$ref": "#/definitions/AnyValue"}]}},
    "required": ["label", "value"],
    "definitions": {"AnyValue": True},
}


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini", "gemini-openapi", "vendors"])
@pytest.mark.parametrize(
    "original",
    [ANY_VALUE, {"type": "object", "properties": {"n": {"allOf": [True, {"type": "integer", "minimum": 1}]}}}],
    ids=["reference-to-true", "true-beside-a-part"],
)
def test_a_part_that_takes_every_value_adds_nothing(original, profile):
    values = (
        [{"label": "x", "value": [1, {"a": None}]}, {"label": "y", "value": "s"}]
        if original is ANY_VALUE
        else [{"n": 2}, {}]
    )
    assert_served(original, profile, values)


#: Github_medium/o48406: two definitions that refer to each other, each reference in an
#: `allOf` beside a part that only gives it a title (how some code generators write a reference)
TITLED = {
    "type": "object",
    "properties": {"s": {"$ref": "#/definitions/Stuff"}},
    "required": ["s"],
    "definitions": {
        "Stuff": {
            "type": "object",
            "properties": {
                "n": {"type": "integer"},
                "more": {"allOf": [{"$ref": "#/definitions/More"}, {"title": "more"}]},
            },
        },
        "More": {
            "type": "object",
            "properties": {"back": {"allOf": [{"$ref": "#/definitions/Stuff"}, {"title": "back"}]}},
        },
    },
}


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini", "gemini-openapi", "vendors"])
def test_a_reference_beside_parts_that_only_annotate_is_that_reference(profile):
    result = assert_served(TITLED, profile, [{"s": {"n": 1, "more": {"back": {"n": 2}}}}, {"s": {}}])
    if profile in ("openai", "gemini"):  # recursion kept: the allOf is the bare reference
        assert "allOf" not in json.dumps(result.schema)
        assert "T202" in {c.rule for c in result.changes}
