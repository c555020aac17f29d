"""A member declared both beside a union and in one of its branches, and a branch that alone takes
any value beside an object's members: the rendition says what one schema can, restore checks
the rest, and every answer reads back to what the original means (judged by the consumers)."""

from __future__ import annotations

import pytest

from tests.judges import judges_for
from tests.roundtrip import check
from tierone import restore, rewrite, to_strict_form

PROFILES = ["tier1", "vendors", "openai", "anthropic", "gemini", "gemini-openapi"]


#: the branch narrows `code` with a pattern of its own beside the object's: one schema cannot
#: hold two patterns, so the object's stands in the branch and restore checks the branch's
def _member(schema: dict) -> dict:
    """``schema`` as the one member ``m`` of a closed root (no root wrapper in the way)."""
    return {"type": "object", "properties": {"m": schema}, "required": ["m"], "additionalProperties": False}


TWO_PATTERNS = _member({
    "type": "object",
    "properties": {"kind": {"type": "string", "enum": ["a", "b"]}, "code": {"type": "string", "pattern": "^[a-z]+$"}},
    "required": ["kind", "code"],
    "additionalProperties": False,
    "anyOf": [
        {"properties": {"kind": {"const": "a"}, "code": {"type": "string", "pattern": "^ab"}}},
        {"properties": {"kind": {"const": "b"}}},
    ],
})  # fmt: skip

#: a branch whose `msg` no value of the object's `msg` satisfies, and `msg` is required: the branch
#: takes nothing, and leaves the rendition
DEAD_BRANCH = _member({
    "type": "object",
    "properties": {"msg": {"type": "string", "enum": ["open", "close"]}, "arg": {"type": "string"}},
    "required": ["msg"],
    "additionalProperties": False,
    "oneOf": [
        {"properties": {"msg": {"enum": ["open"]}, "arg": {"type": "string", "maxLength": 0}}},
        {"properties": {"msg": {"enum": ["close"]}}},
        {"properties": {"msg": {"enum": ["preview"]}}},
    ],
})  # fmt: skip

#: a branch that alone says only what an object must not be (`not`): beside the members it takes
#: any other object
NOT_AT_ROOT = {
    "type": "object",
    "properties": {"a": {"type": "string"}, "b": {"type": "integer"}},
    "required": ["a"],
    "additionalProperties": False,
    "anyOf": [
        {"not": {"required": ["b"]}},
        {"properties": {"b": {"type": "integer", "minimum": 3}}, "required": ["b"]},
    ],
}
#: the same below the root (where every profile shares the members into each branch)
NOT_BRANCH = _member(NOT_AT_ROOT)


def _accepted(schema: object, profile: str) -> list[str]:
    rendition = rewrite(schema, profile)
    assert rendition.ok, rendition.unfixable
    return [str(v) for v in (judge.check(rendition.schema) for judge in judges_for(profile)) if not v.ok]


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize(
    "schema",
    [TWO_PATTERNS, DEAD_BRANCH, NOT_BRANCH, NOT_AT_ROOT],
    ids=["two-patterns", "dead-branch", "not", "not-at-root"],
)
def test_served_accepted_and_read_back(schema, profile):
    assert _accepted(schema, profile) == []
    assert check(schema, examples=10, profile=profile).status == "clean"


def test_the_branch_pattern_left_out_is_a_recorded_loosening_that_restore_enforces():
    done = rewrite(TWO_PATTERNS, "openai")
    [loosened] = [c for c in done.loosened if "properties/code" in str(c.pointer)]
    assert loosened.rule == "T608" and "`pattern`" in loosened.loosens
    assert "checked on read" in loosened.what
    wrong = to_strict_form({"m": {"kind": "b", "code": "xyz"}}, TWO_PATTERNS, "openai")
    wrong["m"]["kind"] = "a"  # an answer the rendition takes: kind a, but code not starting with "ab"
    assert not restore(wrong, TWO_PATTERNS).ok
    assert restore({"m": {"kind": "a", "code": "abc"}}, TWO_PATTERNS).payload == {"m": {"kind": "a", "code": "abc"}}
    assert not rewrite(TWO_PATTERNS, "openai", exact=True).ok  # --exact refuses the loosening


def test_a_branch_that_takes_nothing_leaves_the_rendition_exactly():
    done = rewrite(DEAD_BRANCH, "openai")
    assert len(done.schema["properties"]["m"]["anyOf"]) == 2
    [dropped] = [c for c in done.changes if "left out" in c.what]
    assert str(dropped.pointer) == "/properties/m/anyOf/2" and not dropped.loosens
    exact = rewrite(DEAD_BRANCH, "openai", exact=True)  # the branch left out loosens nothing
    assert "T608" not in {u.rule for u in exact.unfixable}  # (maxLength and oneOf are what it refuses)


def test_a_union_whose_branch_takes_any_object_leaves_a_rendition_that_does_not_share_members():
    done = rewrite(NOT_AT_ROOT, "gemini")  # gemini's root keeps its members beside the union
    assert "anyOf" not in done.schema
    [left] = [c for c in done.changes if str(c.pointer) == "/anyOf"]
    assert left.loosens == "`anyOf`"
    assert not restore({"a": "x", "b": 1}, NOT_AT_ROOT).ok  # the union, checked on read
    assert restore({"a": "x"}, NOT_AT_ROOT).payload == {"a": "x"}
