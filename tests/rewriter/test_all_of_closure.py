"""In an ``allOf``, a part's ``additionalProperties`` looks at its own part's members only: a
member another part declares is constrained (or forbidden) by it. A merged rendition keeps that
meaning, or the rewrite says why it cannot: never a satisfiable rendition of an unsatisfiable
original (rule T608)."""

from __future__ import annotations

import jsonschema
import pytest

import tierone
from tests.judges import all_judges

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
