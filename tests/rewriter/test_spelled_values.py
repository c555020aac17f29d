"""Enumerated objects and arrays (rule T214), which no strict mode takes as ``enum`` values: each
is spelled out as a schema taking that one value (an object exactly; an array's items in any
order, a loosening restore takes back), judged by every consumer and read back as itself.
Before, the whole schema was refused under every profile."""

from __future__ import annotations

import pytest

import tierone
from tests.served import assert_served
from tierone.rewriter.passes.enum_values import ITEM_ORDER

PROFILES = ["tier1", "vendors", "openai", "anthropic", "gemini", "gemini-openapi"]

#: a code generator's settings: a unit given as a preset object or a word, a fixed header
SETTINGS = {
    "type": "object",
    "properties": {
        "unit": {"enum": [{"name": "cm", "scale": 0.01}, {"name": "in", "scale": 0.0254}, "none", None]},
        "header": {"const": {"version": 2, "flags": {"strict": True}}},
        "order": {"enum": [["x", "y"], []]},
    },
    "required": ["unit", "header"],
}
HEADER = {"version": 2, "flags": {"strict": True}}
INSTANCES = [
    {"unit": {"name": "cm", "scale": 0.01}, "header": HEADER, "order": ["x", "y"]},
    {"unit": "none", "header": HEADER, "order": []},
    {"unit": None, "header": HEADER},
]


@pytest.mark.parametrize("profile", PROFILES)
def test_enumerated_objects_and_arrays_are_served_and_read_back(profile):
    result = assert_served(SETTINGS, profile, INSTANCES)
    loosened = {str(c.pointer): c.loosens for c in result.changes if c.rule == "T214"}
    assert loosened["/properties/order"] == ITEM_ORDER
    assert not loosened["/properties/header"] and not loosened["/properties/unit"]  # exact


def test_an_object_value_is_a_closed_object_whose_members_take_their_one_value():
    unit = tierone.rewrite(SETTINGS, "openai").schema["properties"]["unit"]
    assert {"type": "string", "enum": ["none"]} in unit["anyOf"]
    cm = next(b for b in unit["anyOf"] if b.get("type") == "object" and "cm" in str(b))
    assert cm["properties"]["scale"] == {"type": "number", "enum": [0.01]}
    assert cm["additionalProperties"] is False and cm["required"] == ["name", "scale"]


def test_restore_holds_the_original_to_its_values_and_exact_refuses_the_array_loosening():
    answer = {"unit": "none", "header": HEADER, "order": ["y", "x"]}  # the rendition takes any order
    assert not tierone.restore(answer, SETTINGS).ok
    refused = tierone.rewrite(SETTINGS, "openai", exact=True)
    assert "T214" in {u.rule for u in refused.unfixable}
    header_only = {**SETTINGS, "properties": {"header": SETTINGS["properties"]["header"]}, "required": ["header"]}
    assert tierone.rewrite(header_only, "openai", exact=True).ok  # objects alone are spelled out exactly
