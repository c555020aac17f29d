"""A `oneOf` whose branches no value can take two of says no more than `anyOf`: writing it so is
no loosening (the ledger does not list it, `exact=True` serves it). Where that cannot be told,
the renaming stays a loosening that restore checks."""

from __future__ import annotations

from itertools import combinations
from typing import Literal

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema
from pydantic import BaseModel, Field

import tierone
from tierone.rewriter.passes.exclusive import exclusive

TAGGED = {"type": "object", "properties": {"kind": {"const": "a"}}, "required": ["kind"]}
#: branches, some apart from one another and some not
BRANCHES = [
    {"type": "string"},
    {"type": "integer"},
    {"type": "number"},
    {"type": ["string", "null"]},
    {"const": "a"},
    {"enum": ["b", 1]},
    {"enum": ["a", "c"]},
    TAGGED,
    {**TAGGED, "properties": {"kind": {"const": "b"}, "x": {"type": "integer"}}},
    {**TAGGED, "properties": {"kind": {"enum": ["a", "z"]}}},
    {"properties": {"kind": {"const": "c"}}, "required": ["kind"]},  # no type: a string takes it
    {"type": "object", "properties": {"kind": {"const": "d"}}},  # `kind` not required
    {"type": "array", "items": {"type": "string"}},
    {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], "additionalProperties": False},
    {"properties": {"b": {"type": "string"}}, "required": ["b"], "additionalProperties": False},
    {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}}, "required": ["b"]},
]
PAIRS = list(combinations(BRANCHES, 2))


def _no_refs(ref):
    return None


@pytest.mark.parametrize(
    ("one", "other", "apart"),
    [
        ({"type": "string"}, {"type": "integer"}, True),
        ({"type": "integer"}, {"type": "number"}, False),  # an integer is a number
        ({"const": "a"}, {"type": "integer"}, True),
        ({"enum": ["a", "c"]}, {"const": "a"}, False),
        (TAGGED, {**TAGGED, "properties": {"kind": {"const": "b"}}}, True),
        (TAGGED, {"properties": {"kind": {"const": "c"}}, "required": ["kind"]}, False),
        (TAGGED, {"type": "object", "properties": {"kind": {"const": "d"}}}, False),
        ({"type": "string", "nullable": True}, {"type": "null"}, False),  # OpenAPI: null takes both
        # closed objects, each requiring a member the other does not declare
        (
            {"type": "object", "properties": {"a": {}}, "required": ["a"], "additionalProperties": False},
            {"type": "object", "properties": {"b": {}}, "required": ["b"], "additionalProperties": False},
            True,
        ),
        (
            {"type": "object", "properties": {"a": {}}, "required": ["a"]},  # open: takes {"a": 1, "b": 1} too
            {"type": "object", "properties": {"b": {}}, "required": ["b"]},
            False,
        ),
    ],
)
def test_what_is_told_apart(one, other, apart):
    assert exclusive([one, other], _no_refs) is apart


def test_a_branch_without_a_type_is_read_with_the_holder_s():
    """JSON Schema Store's chart schemas: `type: object` beside a `oneOf` of branches tagged by a
    required `type` member, the branches declaring no type of their own."""
    untyped = [
        {k: v for k, v in branch.items() if k != "type"}
        for branch in (TAGGED, {**TAGGED, "properties": {"kind": {"const": "b"}}})
    ]
    assert not exclusive(untyped, _no_refs)  # alone, a string takes both
    assert exclusive(untyped, _no_refs, "object")
    assert not exclusive(untyped, _no_refs, ["object", "string"])


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(PAIRS), st.data())
def test_no_value_of_one_branch_told_apart_is_taken_by_the_other(pair, data):
    one, other = pair
    if exclusive([one, other], _no_refs):
        drawn = data.draw(from_schema(one))
        assert not jsonschema.Draft202012Validator(other).is_valid(drawn), (one, other, drawn)


class Cat(BaseModel):
    kind: Literal["cat"]
    lives: int = 9


class Dog(BaseModel):
    kind: Literal["dog"]
    good: bool


class Owner(BaseModel):
    name: str
    pet: Cat | Dog = Field(discriminator="kind")


@pytest.mark.parametrize("profile", ["openai", "tier1", "gemini", "anthropic"])
def test_a_discriminated_union_is_served_exactly(profile):
    """Before: every pydantic model with a discriminated union was refused with `exact=True`
    ("the rendition would not enforce oneOf: exactly one branch matches")."""
    done = tierone.rewrite(Owner, profile, exact=True)
    assert done.ok, done.unfixable
    strict = tierone.strict(Owner, profile=profile, exact=True)
    assert strict.parse('{"name": "Bo", "pet": {"kind": "dog", "good": true}}') == Owner(
        name="Bo", pet=Dog(kind="dog", good=True)
    )


def test_overlapping_branches_stay_a_loosening():
    schema = {"type": "object", "properties": {"v": {"oneOf": [{"type": "integer"}, {"type": "number"}]}}}
    (change,) = [c for c in tierone.rewrite(schema, "openai").loosened if c.rule == "T201"]
    assert change.loosens == "oneOf: exactly one branch matches"
    assert not tierone.rewrite(schema, "openai", exact=True).ok
