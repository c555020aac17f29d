"""Members an open object requires without declaring them, and nodes whose only keys are no
JSON Schema keyword (typos such as ``"type:"``, ``"$type"``): both served, never refused, and
read back as the original means them."""

from __future__ import annotations

import json

import jsonschema
import pytest

import tierone
from tests.judges import all_judges

PROFILES = ["openai", "anthropic", "gemini", "gemini-openapi", "tier1", "vendors"]

OPEN = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a", "b"]}
TYPED = {**OPEN, "additionalProperties": {"type": "integer"}}
TYPO = {
    "type": "object",
    "properties": {"mode": {"id": "mode", "type:": "string"}, "n": {"type": "integer"}},
    "required": ["mode", "n"],
}


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize(
    "original, instance",
    [(OPEN, {"a": "x", "b": [1, {"c": None}]}), (TYPED, {"a": "x", "b": 3}), (TYPO, {"mode": {"any": 1}, "n": 2})],
    ids=["required-undeclared", "required-undeclared-typed", "unknown-keys-only"],
)
def test_served_judged_and_read_back(original, instance, profile):
    result = tierone.rewrite(original, profile)
    assert result.ok, result.unfixable
    assert all(v.ok for v in all_judges(result.schema, profile))
    form = tierone.to_strict_form(instance, original, profile)
    jsonschema.validate(form, result.schema)
    assert tierone.restore(form, original).payload == instance
    assert tierone.strict(original, profile).parse(json.dumps(form)) == instance


def test_the_undeclared_member_takes_what_additional_properties_says():
    result = tierone.rewrite(TYPED, "gemini")  # gemini keeps maps (elsewhere the map is encoded whole)
    assert result.schema["properties"]["b"] == {"type": "integer"}
    assert ("/properties/b", "T105") in {(str(c.pointer), c.rule) for c in result.changes}
    assert not tierone.restore({"a": "x", "b": "no"}, TYPED).ok


def test_a_closed_object_that_requires_an_undeclared_member_stays_refused():
    closed = {**OPEN, "additionalProperties": False}
    assert not jsonschema.Draft202012Validator(closed).is_valid({"a": "x", "b": 1})
    assert "T105" in {u.rule for u in tierone.rewrite(closed, "openai").unfixable}


def test_a_typo_node_is_carried_as_any_value():
    field = tierone.rewrite(TYPO, "openai").schema["properties"]["mode"]
    assert field["type"] in ("string", ["string", "null"]) and "JSON-encoded" in field["description"]
