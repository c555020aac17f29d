"""``additionalItems`` constrains only the items after a tuple: beside a single ``items``
schema (or none) it does nothing, so it leaves the rendition rather than refuse it (rule T206)."""

from __future__ import annotations

import pytest

import tierone
from tests.judges import all_judges
from tierone.subset.profiles import PROFILES

IDLE = {
    "type": "object",
    "properties": {
        "a": {"type": "array", "items": {"type": "string"}, "additionalItems": False},
        "b": {"type": "array", "additionalItems": {"type": "integer"}},
    },
    "required": ["a", "b"],
}


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_an_idle_additional_items_leaves_and_refuses_nothing(profile):
    result = tierone.rewrite(IDLE, profile)
    assert not [u for u in result.unfixable if u.rule == "T206"], result.unfixable
    assert "additionalItems" not in str(result.schema)
    assert sorted(str(c.pointer) for c in result.changes if c.rule == "T206" and "does nothing" in c.what) == [
        "/properties/a",
        "/properties/b",
    ]
    if profile != "tier1-load-bearing":
        assert all(v.ok for v in all_judges(result.schema, profile)), all_judges(result.schema, profile)


def test_a_tuple_is_still_a_tuple():
    tuple_schema = {
        "type": "object",
        "properties": {"t": {"type": "array", "items": [{"type": "string"}], "additionalItems": False}},
        "required": ["t"],
        "$schema": "http://json-schema.org/draft-07/schema#",
    }
    # a tuple of one place, nothing after it: for a profile that refuses tuples, that place's
    # schema for every item and the length as a bound, which says the same (no loosening)
    exact = tierone.rewrite(tuple_schema, "openai", exact=True)
    assert exact.ok and exact.schema["properties"]["t"] == {"type": "array", "items": {"type": "string"}, "maxItems": 1}
    assert tierone.rewrite(tuple_schema, "gemini").schema["properties"]["t"] == {
        "type": "array",
        "prefixItems": [{"type": "string"}],
        "maxItems": 1,
    }
