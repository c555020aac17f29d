"""A kept pattern is written with its anchors at its two ends, the way the decoding engines
read it; it still means what the original meant; where the profile drops patterns nothing
changes."""

from __future__ import annotations

import jsonschema
import pytest

from tests.judges import all_judges
from tierone import restore, rewrite
from tierone.core.regex_syntax import ANY


def _with(pattern: str) -> dict:
    return {
        "type": "object",
        "properties": {"p": {"type": "string", "pattern": pattern}},
        "required": ["p"],
        "additionalProperties": False,
    }


@pytest.mark.parametrize("profile", ["openai", "anthropic"])
@pytest.mark.parametrize(
    "pattern, written, valid, invalid",
    [
        ("^$|^\\+?[0-9]{9,20}$", "^(?:|\\+?[0-9]{9,20})$", ["", "+123456789"], ["12", "x123456789"]),
        (
            "^[^@\\s]+@[^@\\s]+\\.gov\\.uk",
            f"^[^@\\s]+@[^@\\s]+\\.gov\\.uk{ANY}$",
            ["a@b.gov.uk", "a@b.gov.uk/x"],
            ["a@b.com", " a@b.gov.uk"],
        ),
        ("\\.json$", f"^{ANY}\\.json$", ["a.json", ".json"], ["a.yaml", "a.json "]),
    ],
)
def test_the_engines_read_what_the_original_means(profile, pattern, written, valid, invalid):
    original = _with(pattern)
    result = rewrite(original, profile)
    assert result.ok, result.unfixable
    assert result.schema["properties"]["p"]["pattern"] == written
    assert [c.what for c in result.changes if c.why.startswith("T302")] == [
        "pattern written with its anchors at its two ends (the same search)"
    ]
    assert [v for v in all_judges(result.schema, profile) if not v.ok] == []
    for value in valid:
        jsonschema.validate({"p": value}, original)
        jsonschema.validate({"p": value}, result.schema)
        assert restore({"p": value}, original).payload == {"p": value}
    for value in invalid:
        for schema in (original, result.schema):
            with pytest.raises(jsonschema.ValidationError):
                jsonschema.validate({"p": value}, schema)


@pytest.mark.parametrize("pattern", ["^[a-z]+$", "[a-z]+", "^(a|$)"])
def test_a_pattern_the_engines_read_right_or_no_rewriting_helps_is_not_touched(pattern):
    result = rewrite(_with(pattern), "anthropic")
    assert [c for c in result.changes if "anchors" in c.what] == []


def test_where_patterns_leave_the_wire_the_hint_quotes_the_original():
    result = rewrite(_with("^https?://"), "tier1")
    assert result.ok
    assert "pattern" not in result.schema["properties"]["p"]
    assert "^https?://." in result.schema["properties"]["p"]["description"]
