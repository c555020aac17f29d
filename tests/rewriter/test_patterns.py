"""A kept pattern is written with its anchors at its two ends, the way the decoding engines
read it; it still means what the original meant; where the profile drops patterns nothing
changes."""

from __future__ import annotations

import json

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


#: Github_hard/o55668 (sp-build-tasks): members, a union, and members named by a pattern
PATTERNS_BESIDE_UNION = {
    "type": "object",
    "properties": {"spFolder": {"type": "string"}},
    "patternProperties": {"^_": {"type": "object"}},
    "anyOf": [
        {"type": "object", "properties": {"brand": {"type": "string"}}},
        {"type": "object", "properties": {"theme": {"type": "integer"}}},
    ],
}
#: JsonSchemaStore/service-schema's phaseTargetMatrix: a union, and a pattern beside it
PATTERNS_BESIDE_OPEN_BRANCH = {
    "type": "object",
    "properties": {
        "matrix": {
            "anyOf": [{"type": "object", "additionalProperties": True}, {"type": "string"}],
            "patternProperties": {"^[a-z]+$": {"type": "integer"}},
        }
    },
    "required": ["matrix"],
}


@pytest.mark.parametrize("profile", ["gemini-openapi", "openai", "tier1", "anthropic"])
def test_patterns_beside_a_union_leave_where_objects_are_closed(profile):
    """Beside a union, the object is no data to encode: where objects are closed its
    ``patternProperties`` leaves and the union's branches hold what they declare (a member
    only a pattern names cannot be given; an encoded branch is data restore checks). The
    second schema was refused under gemini-openapi (T208)."""
    from tests.served import assert_served

    first = assert_served(PATTERNS_BESIDE_UNION, profile, [{"spFolder": "ab", "theme": 2}])
    second = assert_served(PATTERNS_BESIDE_OPEN_BRANCH, profile, [{"matrix": {"a": 1}}, {"matrix": "x"}])
    assert "patternProperties" not in json.dumps(first.schema) + json.dumps(second.schema)
    assert restore({"spFolder": "ab", "_x": 1}, PATTERNS_BESIDE_UNION).errors
    assert restore({"matrix": {"a": "text"}}, PATTERNS_BESIDE_OPEN_BRANCH).errors


def test_patterns_beside_a_union_below_the_root_stay_refused_where_objects_stay_open():
    """Under gemini a union below the root stays beside the members, intersected by the
    decoding engines: the pattern stays refused (T208) rather than served in a grammar too
    large (JsonSchemaStore/service-schema). At the root, the root travels in the wrapper and
    its members are shared into each branch: served, the patterns left to restore
    (``test_root_wrapper``)."""
    from tierone import rewrite

    assert "T208" in {u.rule for u in rewrite(PATTERNS_BESIDE_OPEN_BRANCH, "gemini").unfixable}
    assert rewrite(PATTERNS_BESIDE_UNION, "gemini").ok


#: a version as .NET's global.json writes it (JSON Schema Store), an optional member: with the
#: names kept, outlines-core refused the rendition (it builds no automaton from named groups)
SEMVER = "^(?<major>0|[1-9]\\d*)\\.(?<minor>0|[1-9]\\d*)\\.(?<patch>0|[1-9]\\d*)(?:-(?<pre>[0-9A-Za-z-]+))?$"


@pytest.mark.parametrize("profile", ["openai", "anthropic"])
def test_named_groups_are_written_as_plain_ones(profile):
    original = {
        "type": "object",
        "properties": {"version": {"type": "string", "pattern": SEMVER}, "sdk": {"type": "string"}},
    }
    result = rewrite(original, profile)
    assert result.ok, result.unfixable
    written = result.schema["properties"]["version"]
    written = written if "pattern" in written else next(b for b in written["anyOf"] if "pattern" in b)
    assert written["pattern"] == "^(?:0|[1-9]\\d*)\\.(?:0|[1-9]\\d*)\\.(?:0|[1-9]\\d*)(?:-(?:[0-9A-Za-z-]+))?$"
    assert [c.what for c in result.changes if c.why.startswith("T302")] == [
        "pattern written with its named groups as plain ones (the same search)"
    ]
    assert [v for v in all_judges(result.schema, profile) if not v.ok] == []
    for value, ok in (("1.2.3", True), ("10.0.0-rc1", True), ("01.2.3", False), ("1.2", False)):
        assert restore({"version": value}, original).ok is ok
        assert jsonschema.Draft202012Validator(written).is_valid(value) is ok
