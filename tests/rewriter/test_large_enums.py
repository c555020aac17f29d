"""Enumerations a profile's limits cannot carry leave the rendition (the fewest, the largest
first), their values stated in the description and checked on read: OpenAI's 15,000 characters
of one enum over 250 values (rule T406) and 1,000 enum values across a schema (T404), where no
subtree can be carried as a JSON string instead (a string field cannot). Before, such a schema
was refused (a game engine's console variables, a linter's rule selectors)."""

from __future__ import annotations

import json

import pytest

import tierone
from tests.served import assert_served

#: console variables as a game project's schema names them: 300 names of 60 characters
VARIABLES = [f"r_{'shadow_quality_' if i % 2 else 'texture_streaming_'}{i:04d}".ljust(60, "x") for i in range(300)]
CONSOLE = {
    "type": "object",
    "properties": {"cvar": {"type": "string", "enum": VARIABLES}, "value": {"type": "string"}},
    "required": ["cvar", "value"],
}
#: a linter's configuration: 900 rule codes and 200 tags, 1,100 values in all, each a definition
#: that two members refer to (carrying a member as a JSON string leaves the definition counted)
LINTER = {
    "type": "object",
    "properties": {
        "select": {"$ref": "#/$defs/Code"},
        "ignore": {"$ref": "#/$defs/Code"},
        "tag": {"$ref": "#/$defs/Tag"},
        "skip_tag": {"$ref": "#/$defs/Tag"},
    },
    "required": ["select", "ignore", "tag", "skip_tag"],
    "$defs": {
        "Code": {"type": "string", "enum": [f"S{i:03d}" for i in range(900)]},
        "Tag": {"type": "string", "enum": [f"F{i:03d}" for i in range(200)]},
    },
}
SETTING = {"select": "S899", "ignore": "S001", "tag": "F010", "skip_tag": "F199"}


@pytest.mark.parametrize("profile", ["openai", "tier1", "vendors"])
def test_an_enum_too_long_leaves_and_is_checked_on_read(profile):
    result = assert_served(CONSOLE, profile, [{"cvar": VARIABLES[7], "value": "1"}])
    cvar = result.schema["properties"]["cvar"]
    assert "enum" not in cvar and cvar["type"] == "string"
    assert cvar["description"].startswith("One of 300 values, checked after decoding: ")
    [change] = [c for c in result.changes if c.rule == "T406"]
    assert str(change.pointer) == "/properties/cvar" and change.loosens.startswith("enum: ")
    assert not tierone.restore({"cvar": "r_unknown", "value": "1"}, CONSOLE).ok
    assert "T406" in {u.rule for u in tierone.rewrite(CONSOLE, profile, exact=True).unfixable}


@pytest.mark.parametrize("profile", ["openai", "tier1"])
def test_over_the_count_of_enum_values_the_largest_enum_leaves_alone(profile):
    result = assert_served(LINTER, profile, [SETTING])
    definitions = result.schema["$defs"]
    assert "enum" not in definitions["Code"] and len(definitions["Tag"]["enum"]) == 200  # the smaller one stays
    assert [(c.rule, str(c.pointer)) for c in result.changes if c.loosens.startswith("enum")] == [
        ("T404", "/$defs/Code")
    ]
    assert not tierone.restore({**SETTING, "select": "X1"}, LINTER).ok


def test_under_every_limit_an_enum_stays():
    small = {"type": "object", "properties": {"a": {"type": "string", "enum": VARIABLES[:10]}}, "required": ["a"]}
    assert tierone.rewrite(small, "openai").schema["properties"]["a"]["enum"] == VARIABLES[:10]


#: the same console variables where the schema names no type (the values say it) and may leave
#: the variable out, as hand-written configuration schemas do
UNTYPED = {
    "type": "object",
    "properties": {"cvar": {"enum": VARIABLES}, "value": {"type": "string"}},
    "required": ["value"],
}


@pytest.mark.parametrize("profile", ["openai", "tier1", "vendors"])
def test_an_untyped_enum_too_long_leaves_and_keeps_its_values_type(profile):
    result = assert_served(UNTYPED, profile, [{"cvar": VARIABLES[7], "value": "1"}, {"value": "1"}])
    cvar = result.schema["properties"]["cvar"]
    assert "enum" not in json.dumps(cvar) and cvar["description"].startswith("One of 301 values")  # null: absent
    [change] = [c for c in result.changes if c.rule == "T406"]
    assert change.what.endswith("type 'string' written (its values' type, or null)")
    assert not tierone.restore({"cvar": "r_unknown", "value": "1"}, UNTYPED).ok
    assert "T406" in {u.rule for u in tierone.rewrite(UNTYPED, profile, exact=True).unfixable}


@pytest.mark.parametrize(
    ("values", "kept"),
    [
        (["a", "b"], "string"),
        ([1, 2.5, 3], "number"),
        ([1, 2, None], "integer"),
        ([True, False], "boolean"),
        (["a", 1], None),
        ([{"a": 1}, {"b": 2}], None),
        ([None], None),
    ],
)
def test_the_type_an_untyped_enum_keeps(values, kept):
    from tierone.rewriter.passes.large_enums import kept_type

    assert kept_type({"enum": values}) == kept
    assert kept_type({"type": "string", "enum": values}) == "string"  # its own, whatever the values
