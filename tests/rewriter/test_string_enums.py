"""google-genai's ``Schema`` takes string enums only (rule T218): under ``gemini-openapi`` an
``enum`` of numbers or booleans leaves the wire schema, stated in the description, with the
type its values share (values of several types: one `anyOf` branch per type); restore still
refuses a value outside it."""

from __future__ import annotations

import json

import pytest

import tierone
from tests.served import assert_served

ORIGINAL = {
    "type": "object",
    "properties": {
        "level": {"enum": [1, 2, 3], "description": "Level"},
        "ratio": {"type": "number", "enum": [0.5, 1.5]},
        "flag": {"const": True},
        "kind": {"enum": ["a", "b"]},
    },
    "required": ["level"],
}


def test_enums_of_other_values_leave_and_are_enforced_on_read():
    result = assert_served(ORIGINAL, "gemini-openapi", [{"level": 2, "ratio": 1.5, "flag": True, "kind": "a"}])
    level = result.schema["properties"]["level"]
    assert level == {"type": "integer", "description": "Level. One of: 1, 2, 3."}
    assert result.schema["properties"]["kind"]["enum"] == ["a", "b"]  # strings stay
    assert sorted(str(c.pointer) for c in result.loosened if c.rule == "T218") == [
        "/properties/flag",
        "/properties/level",
        "/properties/ratio",
    ]
    with pytest.raises(tierone.StrictError):
        tierone.strict(ORIGINAL, "gemini-openapi").parse(json.dumps({"level": 4}))


def test_other_profiles_keep_the_enum_and_exact_refuses():
    assert tierone.rewrite(ORIGINAL, "gemini").schema["properties"]["level"]["enum"] == [1, 2, 3]
    assert not tierone.rewrite(ORIGINAL, "gemini-openapi", exact=True).ok


@pytest.mark.parametrize(
    ("values", "instances"),
    [
        ([True, False, "has", "is"], [True, False, "has"]),
        (["global", "tabris", False], ["tabris", False]),
        (["x", 1, None], ["x", 1, None]),
    ],
)
def test_values_of_several_types_without_a_type_are_one_branch_per_type(values, instances):
    mixed = {"type": "object", "properties": {"m": {"enum": values}}, "required": ["m"]}
    result = assert_served(mixed, "gemini-openapi", [{"m": value} for value in instances])
    branches = result.schema["properties"]["m"]["anyOf"]
    strings = [v for v in values if isinstance(v, str)]
    assert {"type": "string", "enum": strings} in branches  # the strings stay an enum
    assert [c.rule for c in result.loosened] == ["T218"]
    strict = tierone.strict(mixed, "gemini-openapi")
    for outside in ("other", 2, True if True not in values else 7):
        with pytest.raises(tierone.StrictError):
            strict.parse(json.dumps({"m": outside}))
    assert not tierone.rewrite(mixed, "gemini-openapi", exact=True).ok


def test_an_enum_holding_an_object_among_other_types_is_spelled_out_first():
    """The object is a branch of its own (rule T214), the strings stay an enum."""
    mixed = {"type": "object", "properties": {"m": {"enum": ["x", {"a": 1}]}}}
    result = assert_served(mixed, "gemini-openapi", [{"m": "x"}, {"m": {"a": 1}}])
    branches = result.schema["properties"]["m"]["anyOf"]
    assert branches[0] == {"type": "string", "enum": ["x"]} and branches[1]["type"] == "object"
