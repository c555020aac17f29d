"""``not``, ``if``/``then``/``else`` (and ``contains``, ``propertyNames``, ``dependentSchemas``
where the profile takes them out) leave the rendition stated as the original writes them: no
pass rewrites what they hold first (a closed ``if`` would state another condition), an
``allOf`` of conditionals states every one of them, and nothing inside them is refused. The
renditions are judged by the consumers and read back through restore."""

from __future__ import annotations

import json
from typing import Any

import pytest

import tierone
from tests.roundtrip import check
from tests.served import assert_served

PROFILES = ["openai", "anthropic", "gemini", "gemini-openapi", "tier1", "vendors"]

#: a condition on one member (the shape JSON Schema Store's configuration schemas use)
IF_KIND_A = {"properties": {"kind": {"const": "a"}}}
MEMBERS = {"kind": {"type": "string"}, "n": {"type": "integer"}, "m": {"type": "string"}}


def _stated(value: Any) -> str:
    """``value`` as a statement writes it (compact JSON)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


@pytest.mark.parametrize("profile", PROFILES)
def test_a_condition_is_stated_as_the_original_writes_it(profile: str) -> None:
    original = {
        "type": "object",
        "properties": MEMBERS,
        "if": IF_KIND_A,
        "then": {"required": ["n"]},
        "else": {"not": {"required": ["n"]}},
    }
    rendition = assert_served(original, profile, [{"kind": "a", "n": 1}, {"kind": "b", "m": "x"}]).schema
    said = rendition["description"]
    # the condition as written: not closed, its `const` not respelled; the `else` whole
    assert f"If it matches {_stated(IF_KIND_A)}, then it must match {_stated({'required': ['n']})}." in said
    assert f"Otherwise it must match {_stated({'not': {'required': ['n']}})}." in said
    assert "additionalProperties" not in said and "enum" not in said


@pytest.mark.parametrize("profile", PROFILES)
def test_every_conditional_of_an_all_of_is_stated(profile: str) -> None:
    """JSON Schema Store's idiom: an ``allOf`` of ``if``/``then`` blocks. The merge keeps one
    description, so each block's statement goes to the schema holding the ``allOf``."""
    blocks = [
        {"if": IF_KIND_A, "then": {"required": ["n"]}},
        {"if": {"properties": {"kind": {"const": "b"}}}, "then": {"required": ["m"]}},
    ]
    original = {"type": "object", "description": "A job.", "properties": MEMBERS, "allOf": blocks}
    result = assert_served(original, profile, [{"kind": "a", "n": 1}, {"kind": "b", "m": "x"}])
    said = result.schema["description"]
    assert said.startswith("A job. ")
    for block in blocks:
        assert f"If it matches {_stated(block['if'])}, then it must match {_stated(block['then'])}." in said
    assert {(str(c.pointer), c.what) for c in result.changes} >= {
        ("/allOf/0", "if removed"),
        ("/allOf/1", "then removed"),
    }


@pytest.mark.parametrize("profile", PROFILES)
def test_nothing_inside_a_not_is_refused(profile: str) -> None:
    """An ``allOf`` no merge can write (``true`` beside ``false``) inside a ``not``: the
    rendition never carries it, and restore judges it (JSONSchemaBench MaskBench's synthesized
    schemas hold this shape)."""
    inner = {"allOf": [True, False]}
    original = {"type": "object", "properties": {"a": {"type": "string", "not": inner}}, "required": ["a"]}
    result = assert_served(original, profile, [{"a": "x"}])
    assert result.schema["properties"]["a"]["description"] == f"Must not match {_stated(inner)}."


@pytest.mark.parametrize("profile", PROFILES)
def test_what_an_array_contains_its_member_names_and_dependent_schemas_are_stated_as_written(profile: str) -> None:
    contains = {"properties": {"k": {"const": "main"}}, "required": ["k"]}
    names = {"pattern": "^[a-z]+$"}
    dependent = {"required": ["labels"]}
    original = {
        "type": "object",
        "properties": {
            "tags": {
                "type": "array",
                "items": {"type": "object", "properties": {"k": {"type": "string"}}},
                "contains": contains,
            },
            "labels": {"type": "object", "properties": {"env": {"type": "string"}}, "propertyNames": names},
        },
        "dependentSchemas": {"tags": dependent},
    }
    instance = {"tags": [{"k": "main"}, {"k": "x"}], "labels": {"env": "prod"}}
    result = assert_served(original, profile, [instance])
    said = json.dumps(result.schema, ensure_ascii=False)
    kept = "contains" in result.schema["properties"]["tags"]  # (a profile that carries it writes it)
    assert kept or json.dumps(f"Must contain an item matching {_stated(contains)}.")[1:-1] in said
    assert json.dumps(f"Member names must match {_stated(names)}.")[1:-1] in said
    assert json.dumps(f"When tags is given, it must match {_stated(dependent)}.")[1:-1] in said


@pytest.mark.parametrize("profile", ["tier1", "gemini"])
def test_a_not_that_takes_nothing_still_removes_its_member(profile: str) -> None:
    """``not: {}`` takes no value: the member can never be given, and leaves (as before)."""
    original = {"type": "object", "properties": {"a": {"not": {}}, "b": {"type": "string"}}}
    result = tierone.rewrite(original, profile)
    assert result.ok and "a" not in result.schema["properties"]


@pytest.mark.parametrize("profile", ["tier1", "anthropic"])
def test_a_not_in_a_presence_union_is_read_by_the_union_pass(profile: str) -> None:
    """Below a union the ``not`` stays for the union passes: a union that only says which
    members are present still leaves whole (rule T608's loosening), restore enforcing it."""
    original = {
        "type": "object",
        "properties": {"a": {"type": "string"}, "b": {"type": "string"}},
        "anyOf": [{"required": ["a"]}, {"not": {"required": ["b"]}}],
    }
    result = tierone.rewrite(original, profile)
    assert result.ok and "anyOf" not in result.schema
    assert any(c.rule == "T608" and c.loosens for c in result.changes)


@pytest.mark.parametrize("profile", PROFILES)
def test_conditions_keep_their_meaning_on_read(profile: str) -> None:
    """Generated instances of the original read back as themselves; answers of the rendition
    read back valid under the original, or are refused clearly."""
    original = {
        "type": "object",
        "properties": {**MEMBERS, "tags": {"type": "array", "items": {"type": "string"}, "not": {"maxItems": 0}}},
        "required": ["kind"],
        "allOf": [{"if": IF_KIND_A, "then": {"required": ["n"]}, "else": {"required": ["m"]}}],
    }
    outcome = check(original, examples=10, profile=profile)
    assert outcome.status == "clean", outcome
