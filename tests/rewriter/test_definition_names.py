"""Definition names that a ``$ref`` must escape are made plain in every rendition."""

from __future__ import annotations

import json

import pytest

from tests.judges import JUDGES
from tierone import restore, rewrite, to_strict_form

NAMES = {
    "a/b": {"type": "string"},
    "my name": {"type": "integer"},
    "a_b": {"type": "boolean"},
    "ns:Time": {"type": "number"},
    "t~x": {
        "type": "object",
        "properties": {"n": {"type": "string"}},
        "required": ["n"],
        "additionalProperties": False,
    },
}
SCHEMA = {
    "type": "object",
    "properties": {
        "a": {"$ref": "#/$defs/a~1b"},
        "b": {"$ref": "#/$defs/my%20name"},
        "c": {"$ref": "#/$defs/a_b"},
        "d": {"$ref": "#/$defs/t~0x/properties/n"},
        "e": {"$ref": "#/$defs/ns%3ATime"},  # a character that needs no encoding, encoded all the same
    },
    "required": ["a", "b", "c", "d", "e"],
    "additionalProperties": False,
    "$defs": NAMES,
}


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini", "vendors"])
def test_escaped_names_become_plain_and_every_ref_follows(profile):
    result = rewrite(SCHEMA, profile)
    assert result.ok, result.unfixable
    text = json.dumps(result.schema)
    assert "~" not in text and "%" not in text and "a/b" not in text
    assert {"a_b_2", "my_name", "a_b", "ns_Time"} <= set(result.schema["$defs"])  # a_b was taken: a number is added
    assert "t_x" not in result.schema["$defs"]  # its one member was moved into a definition of its own: dead
    assert JUDGES["outlines-core"].check(result.schema).ok
    assert JUDGES["llguidance"].check(result.schema).ok


def test_the_answer_reads_back_against_the_original():
    answer = {"a": "x", "b": 1, "c": True, "d": "n", "e": 1.5}
    assert restore(to_strict_form(answer, SCHEMA), SCHEMA).payload == answer


def test_plain_names_are_left_alone():
    plain = {**SCHEMA, "properties": {"c": {"$ref": "#/$defs/a_b"}}, "required": ["c"], "$defs": {"a_b": NAMES["a_b"]}}
    assert rewrite(plain, "openai").schema["$defs"] == {"a_b": NAMES["a_b"]}
