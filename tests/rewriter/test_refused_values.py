"""Values no instance can take, and integers no engine reads as written: an ``enum`` value its
own ``type`` refuses is dropped (exact: rule T604), and a bound, ``enum`` or ``const`` holding
an integer past 64 bits leaves the rendition (a loosening in the ledger, enforced on read:
rule T609). Before, both refused the whole schema under every profile. An ``enum`` whose values
repeat is written with each once (exact: rule T606), where its dialect allows repeats."""

from __future__ import annotations

import pytest

import tierone
from tests.served import assert_served

PROFILES = ["tier1", "vendors", "openai", "anthropic", "gemini", "gemini-openapi"]

#: a radio setting as a router's configuration schema writes it (`null` in a string enum)
MODES = {
    "type": "object",
    "properties": {"htmode": {"type": "string", "enum": ["HT20", "HT40", None]}, "channel": {"type": "integer"}},
    "required": ["htmode"],
}
#: device counters whose bounds are written as the largest 64-bit integer, rounded by a double
COUNTERS = {
    "type": "object",
    "properties": {
        "availableMemory": {"type": "integer", "minimum": 0, "maximum": 9223372036854776000},
        "level": {"type": "integer", "enum": [0, 1, 18446744073709551616]},
    },
    "required": ["availableMemory", "level"],
}


@pytest.mark.parametrize("profile", PROFILES)
def test_an_enum_value_the_type_refuses_is_dropped_exactly(profile):
    result = assert_served(MODES, profile, [{"htmode": "HT20"}, {"htmode": "HT40", "channel": 6}])
    assert result.schema["properties"]["htmode"]["enum"] == ["HT20", "HT40"]
    t604 = [change for change in result.changes if change.rule == "T604"]
    assert [str(change.pointer) for change in t604] == ["/properties/htmode/enum"]
    assert not t604[0].loosens  # exact: null was never valid there
    assert not tierone.restore({"htmode": None}, MODES).ok


@pytest.mark.parametrize("profile", PROFILES)
def test_an_integer_past_64_bits_leaves_the_rendition_and_is_enforced_on_read(profile):
    result = assert_served(COUNTERS, profile, [{"availableMemory": 5, "level": 1}])
    properties = result.schema["properties"]
    assert "maximum" not in properties["availableMemory"] and "enum" not in properties["level"]
    assert "One of: 0, 1, 18446744073709551616." in properties["level"]["description"]
    loosened = {(str(c.pointer), c.rule): c.loosens for c in result.changes if c.loosens}
    # gemini-openapi takes enums of strings only: there the enum leaves under T218 first
    rule = "T218" if profile == "gemini-openapi" else "T609"
    assert "18446744073709551616" in loosened[("/properties/level", rule)]
    assert not tierone.restore({"availableMemory": 5, "level": 7}, COUNTERS).ok
    assert "T609" in {u.rule for u in tierone.rewrite(COUNTERS, profile, exact=True).unfixable}


#: a step size whose upper bound is written as (nearly) the largest double, a float enum beside it
STEPS = {
    "type": "object",
    "properties": {
        "step": {"type": "number", "exclusiveMinimum": 0, "maximum": 1.79769e308},
        "scale": {"type": "number", "enum": [0.5, 1e20]},
    },
    "required": ["step", "scale"],
}


@pytest.mark.parametrize("profile", ["openai", "gemini", "gemini-openapi"])
def test_a_number_bound_past_64_bits_leaves_the_rendition_and_a_float_enum_stays(profile):
    # llguidance fails to build the number range of a double bound at or past 2^63 - 1024;
    # an enum of such numbers is a list of literals, which it takes
    result = assert_served(STEPS, profile, [{"step": 0.5, "scale": 1e20}])
    t609 = {str(c.pointer): c.loosens for c in result.changes if c.rule == "T609"}
    assert list(t609.values()) == ["maximum: 1.79769e+308"]
    assert "1e+20" in str(result.schema["properties"]["scale"])
    assert "T609" in {d.code for d in tierone.lint(STEPS, profile=profile).diagnostics}
    limit = {**STEPS, "properties": {**STEPS["properties"], "step": {"type": "number", "maximum": 9.2e18}}}
    assert "T609" not in {d.code for d in tierone.lint(limit, profile=profile).diagnostics}  # within: kept


def test_a_const_the_type_refuses_has_no_instance_and_stays_refused():
    schema = {"type": "object", "properties": {"a": {"type": "integer", "const": None}}, "required": ["a"]}
    assert "T604" in {u.rule for u in tierone.rewrite(schema, "openai").unfixable}


#: git hook names as a hook tool's configuration lists them, one of them twice
HOOKS = {
    "type": "object",
    "properties": {"hook": {"type": "string", "enum": ["pre-commit", "commit-msg", "commit-msg", "pre-push"]}},
    "required": ["hook"],
}


@pytest.mark.parametrize("profile", PROFILES)
def test_enum_values_that_repeat_are_written_once(profile):
    result = assert_served(HOOKS, profile, [{"hook": "commit-msg"}, {"hook": "pre-push"}])
    assert result.schema["properties"]["hook"]["enum"] == ["pre-commit", "commit-msg", "pre-push"]
    t606 = [change for change in result.changes if change.rule == "T606"]
    assert [str(change.pointer) for change in t606] == ["/properties/hook/enum"]
    assert not t606[0].loosens  # exact: a repeat takes no value the first does not
    assert not tierone.restore({"hook": "post-merge"}, HOOKS).ok


def test_in_draft_04_repeated_enum_values_make_the_schema_invalid_and_it_stays_refused():
    # draft-04 Validation 5.5.1: the values MUST be unique; restore could read no answer
    schema = {"$schema": "http://json-schema.org/draft-04/schema#", **HOOKS}
    refused = tierone.rewrite(schema, "openai").unfixable
    assert [(u.rule, str(u.pointer)) for u in refused] == [("T606", "/properties/hook")]
