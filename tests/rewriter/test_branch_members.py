"""A member declared both beside a union and in one of its branches, and a branch that alone takes
any value beside an object's members: the rendition says what one schema can, restore checks
the rest, and every answer reads back to what the original means (judged by the consumers)."""

from __future__ import annotations

import pytest
from jsonschema import Draft202012Validator

from tests.judges import judges_for
from tests.roundtrip import check
from tests.served import assert_served
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

#: the object gives `answers` by a reference, and a branch narrows it (`minItems`) beside it: one
#: schema cannot say both without following the reference, so the object's stands in the branch and
#: restore checks the branch's `minItems` (a questionnaire schema from the corpus, cut down)
NARROWED_REFERENCE = _member({
    "type": "object",
    "properties": {"kind": {"type": "string", "enum": ["option", "text"]}, "answers": {"$ref": "#/$defs/answers"}},
    "required": ["kind", "answers"],
    "additionalProperties": False,
    "anyOf": [
        {"properties": {"kind": {"const": "option"}, "answers": {"minItems": 1}}},
        {"properties": {"kind": {"const": "text"}, "answers": {"maxItems": 0}}},
    ],
})  # fmt: skip
NARROWED_REFERENCE["$defs"] = {"answers": {"type": "array", "items": {"type": "string"}}}

#: branches given by references beside the members they narrow: each branch's member is read as
#: both say (the item's `b`, optional, is null in the strict form, as the rendition requires it)
REFERENCED_BRANCHES = _member({
    "type": "object",
    "properties": {"libs": {"type": "array", "items": {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}}}},
    "required": ["libs"],
    "additionalProperties": False,
    "anyOf": [{"$ref": "#/$defs/B0"}, {"$ref": "#/$defs/B1"}],
})  # fmt: skip
REFERENCED_BRANCHES["$defs"] = {
    "B0": {"properties": {"libs": {"items": {"required": ["a"]}}}},
    "B1": {"properties": {"d": {"type": "string"}}, "required": ["d"]},
}


def _accepted(schema: object, profile: str) -> list[str]:
    rendition = rewrite(schema, profile)
    assert rendition.ok, rendition.unfixable
    return [str(v) for v in (judge.check(rendition.schema) for judge in judges_for(profile)) if not v.ok]


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize(
    "schema",
    [TWO_PATTERNS, DEAD_BRANCH, NOT_BRANCH, NOT_AT_ROOT, NARROWED_REFERENCE, REFERENCED_BRANCHES],
    ids=["two-patterns", "dead-branch", "not", "not-at-root", "narrowed-reference", "referenced-branches"],
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


def test_a_branch_narrowing_a_referenced_member_is_a_recorded_loosening_that_restore_enforces():
    done = rewrite(NARROWED_REFERENCE, "openai")  # refused before: "declared beside the union and, differently"
    loosened = [c for c in done.loosened if str(c.pointer).endswith("/answers")]
    assert loosened and all(c.rule == "T608" for c in loosened)
    assert any("`minItems`" in c.loosens for c in loosened)
    assert not restore({"m": {"kind": "option", "answers": []}}, NARROWED_REFERENCE).ok  # minItems, on read
    kept = {"m": {"kind": "option", "answers": ["yes"]}}
    assert restore(to_strict_form(kept, NARROWED_REFERENCE, "openai"), NARROWED_REFERENCE).payload == kept
    assert not rewrite(NARROWED_REFERENCE, "openai", exact=True).ok


@pytest.mark.parametrize("profile", ["openai", "anthropic", "tier1"])
def test_a_referenced_branch_is_written_with_the_members_beside_it(profile):
    form = to_strict_form({"m": {"libs": [{"a": "1"}]}}, REFERENCED_BRANCHES, profile)
    rendition = rewrite(REFERENCED_BRANCHES, profile).schema
    assert list(Draft202012Validator(rendition).iter_errors(form)) == []
    assert restore(form, REFERENCED_BRANCHES).payload == {"m": {"libs": [{"a": "1"}]}}


# ---- patternProperties beside a union whose members are shared into its branches -----------

#: an allOf of a base open to `_`-prefixed members and a union of extensions (how the corpus's
#: build-tool schemas write it): merged, the patterns stand beside the union
PATTERNED = {
    "type": "object",
    "properties": {"name": {"type": "string"}},
    "patternProperties": {"^_": {"type": "integer"}},
    "anyOf": [
        {"properties": {"kind": {"const": "a"}}, "required": ["kind"]},
        {"properties": {"size": {"type": "integer"}}},
    ],
}
#: the same, where a member a branch declares is one a pattern names
NAMED = {**PATTERNED, "anyOf": [{"properties": {"_id": {"type": "number"}}}]}


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize(
    "original, carried",
    [(PATTERNED, [{"m": {"name": "x", "kind": "a"}}, {"m": {"size": 2}}]), (NAMED, [{"m": {"name": "y", "_id": 3}}])],
    ids=["no-declared-name", "a-declared-name"],
)
def test_patterns_beside_a_union_leave_it_and_restore_checks_them(original, carried, profile):
    original = _member(original)
    result = rewrite(original, profile)
    assert result.ok, result.unfixable
    assert "patternProperties" not in str(result.schema)
    assert all(j.check(result.schema).ok for j in judges_for(profile))
    left = [c for c in result.changes if str(c.pointer) == "/properties/m/patternProperties"]
    assert [c.rule for c in left] == ["T208"]
    closed = profile != "gemini"  # gemini keeps objects open: the members the patterns name take any value
    assert bool(left[0].loosens) == (not closed or "_id" in str(original))
    # where branches are closed, a member only a pattern names is one the rendition cannot carry (as a
    # member no schema declares, where objects are closed); a declared one it names is carried
    instances = carried + ([] if closed else [{"m": {"name": "z", "_k": 4}}])
    assert all(Draft202012Validator(original).is_valid(i) for i in instances)
    assert_served(original, profile, instances)
    if not closed:  # a member the patterns name, of the wrong type: the rendition takes it, restore refuses it
        assert not restore({"m": {"_x": "no", "size": 1}}, original).ok


def test_a_declared_member_a_pattern_names_is_checked_against_it_on_read():
    original = _member(NAMED)
    form = to_strict_form({"m": {"_id": 2}}, original, "openai")
    assert restore(form, original).ok
    assert not restore({**form, "m": {**form["m"], "_id": 2.5}}, original).ok  # the pattern says integer


#: a union of object branches by reference, one of whose targets holds, deeper down, a member
#: requiring `type` beside a union of references that declare it (as Azure Data Factory's
#: pipeline schemas do, JSONSchemaBench's Github_ultra/o359 and o360)
NESTED_BY_REFERENCE = {
    "type": "object",
    "properties": {"act": {"$ref": "#/definitions/ActTypes"}},
    "required": ["act"],
    "additionalProperties": False,
    "definitions": {
        "ActTypes": {
            "type": "object",
            "required": ["type"],
            "allOf": [{"$ref": "#/definitions/Base"}, {"oneOf": [{"$ref": "#/definitions/Copy"}, {"$ref": "#/definitions/Wait"}]}],
        },
        "Base": {"type": "object", "properties": {"name": {"type": "string"}}},
        "Copy": {
            "type": "object",
            "properties": {
                "type": {"type": "string", "enum": ["Copy"]},
                "props": {
                    "type": "object",
                    "properties": {"source": {"description": "Where from.", "$ref": "#/definitions/SourceTypes"}},
                    "required": ["source"],
                    "additionalProperties": False,
                },
            },
        },
        "Wait": {"type": "object", "properties": {"type": {"type": "string", "enum": ["Wait"]}}},
        "SourceTypes": {
            "type": "object",
            "required": ["type"],
            "allOf": [{"$ref": "#/definitions/SourceBase"}, {"oneOf": [{"$ref": "#/definitions/Blob"}, {"$ref": "#/definitions/Sql"}]}],
        },
        "SourceBase": {"type": "object", "properties": {"retries": {"type": "integer"}}},
        "Blob": {"type": "object", "properties": {"type": {"type": "string", "enum": ["Blob"]}, "path": {"type": "string"}}},
        "Sql": {"type": "object", "properties": {"type": {"type": "string", "enum": ["Sql"]}, "query": {"type": "string"}}},
    },
}  # fmt: skip


@pytest.mark.parametrize("profile", PROFILES)
def test_a_union_inside_a_branch_copied_from_its_reference_is_distributed_too(profile):
    """A branch by reference is copied from its target as the pass's input holds it: a union with
    members beside it deeper inside that copy was left so, and where objects stay open (gemini)
    the object required `type` beside branches that alone declare it (T105): refused."""
    instances = [
        {"act": {"type": "Copy", "name": "n", "props": {"source": {"type": "Sql", "query": "q", "retries": 2}}}},
        {"act": {"type": "Wait"}},
    ]
    assert_served(NESTED_BY_REFERENCE, profile, instances)  # (no instance generator takes this schema)
