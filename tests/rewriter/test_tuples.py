"""Draft-7 tuples (an array-valued ``items``) are written as 2020-12 ``prefixItems`` where the
profile accepts tuples, and keep their meaning."""

from __future__ import annotations

import jsonschema
import pytest

from tests.judges import all_judges
from tierone import restore, rewrite

ITEMS = [{"type": "string"}, {"type": "integer"}]


def _tuple(**extra: object) -> dict:
    return {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object",
        "properties": {"t": {"type": "array", "items": ITEMS, **extra}},
        "required": ["t"],
        "additionalProperties": False,
    }


@pytest.mark.parametrize(
    "extra, written, valid, invalid",
    [
        ({}, {"prefixItems": ITEMS}, [["a", 1, "more"]], [[1, "a"]]),
        ({"additionalItems": False}, {"prefixItems": ITEMS, "maxItems": 2}, [["a", 1], ["a"]], [["a", 1, 2]]),
        (
            {"additionalItems": {"type": "boolean"}},
            {"prefixItems": ITEMS, "items": {"type": "boolean"}},
            [["a", 1, True]],
            [["a", 1, "x"]],
        ),
        ({"additionalItems": False, "maxItems": 1}, {"prefixItems": ITEMS, "maxItems": 1}, [["a"]], [["a", 1]]),
    ],
)
def test_gemini_reads_the_tuple_as_the_original_means_it(extra, written, valid, invalid):
    original = _tuple(**extra)
    result = rewrite(original, "gemini")
    assert result.ok, result.unfixable
    assert {k: v for k, v in result.schema["properties"]["t"].items() if k != "type"} == written
    assert [v for v in all_judges(result.schema, "gemini") if not v.ok] == []
    for value in valid:  # what the original accepts, the rendition accepts, and restore reads back
        jsonschema.validate({"t": value}, original)
        jsonschema.validate({"t": value}, result.schema)
        assert restore({"t": value}, original).payload == {"t": value}
    for value in invalid:
        for schema in (original, result.schema):
            with pytest.raises(jsonschema.ValidationError):
                jsonschema.validate({"t": value}, schema)


def test_profiles_that_refuse_tuples_still_name_them():
    for profile in ("tier1", "openai", "anthropic"):
        assert [u.rule for u in rewrite(_tuple(), profile).unfixable] == ["T206"], profile
