"""An original written with OpenAPI's ``nullable: true``: the rewriter reads it as "null is a
valid value" (rule T217), and restore reads the answers the same way, so a ``null`` the
rendition offers is never refused."""

from __future__ import annotations

import pytest

import tierone
from tierone.rewriter.passes.nulls import read_nullable
from tierone.subset.profiles import PROFILES

ORIGINAL = {
    "type": "object",
    "properties": {
        "a": {"type": "string", "nullable": True},
        "e": {"type": "string", "enum": ["x", "y"], "nullable": True},
        "r": {"$ref": "#/$defs/N"},
    },
    "required": ["a", "e", "r"],
    "$defs": {"N": {"type": "integer", "nullable": True}},
}


@pytest.mark.parametrize("profile", sorted(p for p in PROFILES if p != "tier1-load-bearing"))
def test_a_null_the_rendition_offers_is_read_as_null(profile):
    reader = tierone.strict(ORIGINAL, profile)
    assert reader.restore({"a": None, "e": None, "r": None}) == {"a": None, "e": None, "r": None}
    assert reader.restore({"a": "s", "e": "x", "r": 3}) == {"a": "s", "e": "x", "r": 3}


def test_what_the_original_refuses_is_still_refused():
    assert not tierone.restore({"a": 5, "e": None, "r": None}, ORIGINAL).ok
    assert not tierone.restore({"a": None, "e": "z", "r": None}, ORIGINAL).ok
    assert not tierone.restore({"a": None, "e": None, "r": "3"}, ORIGINAL).ok


def test_the_reading_widens_only_where_nullable_is_true():
    plain = {"type": "object", "properties": {"a": {"type": "string", "nullable": False}}}
    assert read_nullable(plain) is plain
    assert read_nullable({"type": "string", "nullable": True}) == {"type": ["string", "null"]}
    assert read_nullable({"type": ["string", "null"], "nullable": True}) == {"type": ["string", "null"]}
