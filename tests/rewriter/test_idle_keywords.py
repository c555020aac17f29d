"""Keywords of one JSON type beside a ``type`` that excludes it do nothing, and leave the
rendition exactly: a ``required`` on an array (members written beside ``items``), a
``pattern`` on an integer, ``items`` on an object."""

from __future__ import annotations

import pytest

from tests.served import assert_served
from tierone.rewriter.passes import drop_idle_keywords
from tierone.rewriter.passes.base import Options

ORIGINAL = {
    "type": "object",
    "properties": {
        "hotels": {
            "type": "array",
            "items": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]},
            "required": ["name"],  # meant for the items; on the array it does nothing
        },
        "count": {"type": "integer", "pattern": "^[0-9]+$", "minimum": 0},
        "meta": {"type": ["object", "null"], "properties": {"k": {"type": "string"}}, "items": {"type": "string"}},
    },
    "required": ["hotels"],
}


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini", "gemini-openapi"])
def test_keywords_that_do_nothing_leave_and_the_schema_is_served_exactly(profile):
    result = assert_served(ORIGINAL, profile, [{"hotels": [{"name": "Ritz"}], "count": 2}, {"hotels": []}])
    assert not result.loosened or all(c.rule not in ("T105", "T302") for c in result.loosened)
    hotels = result.schema["properties"]["hotels"]
    assert "required" not in hotels and "required" in hotels["items"]


def test_the_pass_keeps_keywords_of_a_type_the_node_takes():
    node = {"type": ["string", "integer"], "pattern": "^a", "minimum": 1, "items": {}, "required": ["x"]}
    result = drop_idle_keywords(node, Options())
    assert result.schema == {"type": ["string", "integer"], "pattern": "^a", "minimum": 1}
    assert len(result.changes) == 2 and "T105" in {c.rule for c in result.changes}
    untyped = {"pattern": "^a", "required": ["x"]}
    assert drop_idle_keywords(untyped, Options()).schema is untyped  # no type: nothing is idle


LISTED = {
    "type": "object",
    "properties": {
        # no type, but the enum says which values it takes: the object keywords do nothing (openai-agents
        # typed the node as an object, which then refused each listed value)
        "mode": {"enum": [False, "auto"], "properties": {}, "additionalProperties": False, "items": {"type": "string"}},
        "unit": {"const": "kg", "minimum": 3, "maxLength": 2},
    },
    "required": ["mode", "unit"],
    "additionalProperties": False,
}


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini", "gemini-openapi"])
def test_beside_an_enum_or_a_const_the_keywords_of_other_types_leave_too(profile):
    result = assert_served(LISTED, profile, [{"mode": False, "unit": "kg"}, {"mode": "auto", "unit": "kg"}])
    assert "minimum" not in result.schema["properties"]["unit"]
    if (
        profile == "gemini-openapi"
    ):  # its enums hold strings alone: this one left before (its values in the description)
        return
    assert {"properties", "additionalProperties", "items"}.isdisjoint(result.schema["properties"]["mode"])
    said = [c.what for c in result.changes if c.pointer[-1:] == ("mode",)]
    assert "items removed (beside an enum of boolean, string values it does nothing)" in said


ALONE = {
    "type": "object",
    "properties": {
        "a": {"type": "string", "if": {"maxLength": 3}},  # no then, no else: it says nothing
        "b": {"type": "integer", "then": {"minimum": 2}, "else": {"maximum": 0}},  # no if: neither applies
    },
    "required": ["a", "b"],
    "additionalProperties": False,
}


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini", "gemini-openapi"])
def test_a_conditional_s_part_alone_leaves_rather_than_a_half_sentence_in_the_hint(profile):
    result = assert_served(ALONE, profile, [{"a": "long text", "b": 1}])
    assert result.schema["properties"]["a"] == {"type": "string"}
    assert result.schema["properties"]["b"] == {"type": "integer"}
    assert not result.loosened
