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
