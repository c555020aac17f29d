"""Partial cells with a checkable condition are judged precisely under a vendor profile."""

from __future__ import annotations

import pytest

from tierone import lint
from tierone.subset.conditions import LARGEST_REPEAT, regex_subset


def _with(keyword: str, value: object, kind: str = "string") -> dict:
    prop = (
        {"type": kind, keyword: value}
        if kind != "array"
        else {"type": "array", "items": {"type": "string"}, keyword: value}
    )
    return {"type": "object", "properties": {"p": prop}, "required": ["p"], "additionalProperties": False}


def _findings(schema: dict, profile: str) -> list:
    return [(d.code, d.severity, d.message) for d in lint(schema, profile=profile).diagnostics]


@pytest.mark.parametrize(
    "pattern",
    ["^[a-z]+$", "^[0-9]{5}$", f"^a{{1,{LARGEST_REPEAT}}}$", "[\\b]x", "\\(?=x\\)", "^(ab)+$", "^(?:ab)+$", "[(?=]"],
)
def test_patterns_inside_anthropics_subset_pass(pattern):
    assert regex_subset(pattern) is None
    assert _findings(_with("pattern", pattern), "anthropic") == []


@pytest.mark.parametrize(
    "pattern, construct",
    [
        ("^(?=a)[a-z]+$", "a lookahead (`(?=`"),
        ("^(?!a)[a-z]+$", "a negative lookahead (`(?!`"),
        ("^[a-z]+(?<=z)$", "a lookbehind (`(?<=`"),
        ("^[a-z]+(?<!z)$", "a negative lookbehind (`(?<!`"),
        ("^(a)\\1$", "a backreference (`\\1`"),
        ("^(?<x>a)\\k<x>$", "a named backreference (`\\k`"),
        ("\\bword", "a word boundary (`\\b`"),
        ("a\\Bb", "a non-word boundary (`\\B`"),
        (f"^a{{1,{LARGEST_REPEAT + 1}}}$", f"a repetition bound over {LARGEST_REPEAT} (`{{1,{LARGEST_REPEAT + 1}}}`"),
        ("^a{500}$", "a repetition bound over"),
        ("^a{500,}$", "a repetition bound over"),
    ],
)
def test_patterns_outside_anthropics_subset_are_errors_naming_the_construct(pattern, construct):
    (found,) = _findings(_with("pattern", pattern), "anthropic")
    assert found[:2] == ("T302", "error")
    assert found[2].startswith("`pattern` is not accepted by Anthropic strict mode: it uses ")
    assert construct in found[2]


def test_pythons_own_named_backreference_is_outside_anthropics_subset_and_read_as_python_reads_it():
    (found,) = _findings(_with("pattern", "^(?P<x>a)(?P=x)$"), "anthropic")
    assert found[:2] == ("T302", "error")
    assert "a named backreference (`(?P=`" in found[2]


def test_under_tier1_a_pattern_is_reported_as_before():
    for pattern in ("^[a-z]+$", "^(?=a)[a-z]+$"):
        assert _findings(_with("pattern", pattern), "tier1") == [
            ("T302", "error", "`pattern` is not accepted by the Tier-1 subset")
        ]


def test_the_vendors_field_names_the_vendors_whose_subset_a_pattern_leaves():
    def vendors(pattern: str) -> tuple[str, ...]:
        (diagnostic,) = lint(_with("pattern", pattern)).diagnostics
        return diagnostic.vendors

    assert vendors("^[a-z]+$") == ()
    assert vendors("^(?=a)[a-z]+$") == ("openai", "anthropic")
    assert vendors("^a{1,500}$") == ("anthropic",)


@pytest.mark.parametrize(
    "keyword, value, kind, profile, flagged",
    [
        ("format", "uri", "string", "anthropic", False),
        ("format", "uri", "string", "openai", True),
        ("format", "regex", "string", "anthropic", True),
        ("format", "date", "string", "gemini", False),
        ("format", "email", "string", "gemini", True),
        ("minItems", 0, "array", "anthropic", False),
        ("minItems", 1, "array", "anthropic", False),
        ("minItems", 2, "array", "anthropic", True),
        ("minItems", True, "array", "anthropic", True),
    ],
)
def test_allowed_values_are_judged_per_value(keyword, value, kind, profile, flagged):
    found = _findings(_with(keyword, value, kind), profile)
    assert bool(found) == flagged
    assert all(severity == "error" for _, severity, _ in found)


def test_a_partial_cell_without_a_checkable_condition_still_warns():
    # Gemini accepts `pattern` on its responseSchema path only: no value can settle that
    assert _findings(_with("pattern", "^[a-z]+$"), "gemini") == [
        ("T302", "warning", "`pattern` is not accepted by Gemini's schema subset")
    ]


@pytest.mark.parametrize(
    "pattern, verdict",
    [
        ("^[a-z]{1,500}$", None),  # OpenAI's engine has no bound on repetitions: only Anthropic's does
        ("^https?://[a-z]+\\b", "it uses a word boundary (`\\b` at offset 16)"),
        ("^(?=a)[a-z]+$", "it uses a lookahead (`(?=` at offset 1)"),
        ("^(a)\\1$", "it uses a backreference (`\\1` at offset 4)"),
        # GNU word boundaries, which the Rust engines read as such (a corpus schema's email pattern)
        ("^.+\\<.+@.+\\..+\\>$", "it uses a start-of-word boundary (`\\<` at offset 3)"),
    ],
)
def test_openai_takes_regular_patterns_only(pattern, verdict):
    """What the decoding grammar cannot hold leaves the openai rendition for its description."""
    from tierone import rewrite
    from tierone.subset.conditions import regular_pattern

    assert regular_pattern(pattern) == verdict
    found = [code for code, _, _ in _findings(_with("pattern", pattern), "openai")]
    assert found == ([] if verdict is None else ["T302"])
    kept = rewrite(_with("pattern", pattern), "openai").schema["properties"]["p"]
    assert ("pattern" in kept) == (verdict is None)


def test_an_anchor_inside_the_pattern_is_no_regular_pattern_for_the_decoding_grammar():
    """llguidance refuses ``$`` inside a group (``($|/)``): the openai and anthropic renditions state it instead."""
    from tierone import rewrite
    from tierone.subset.conditions import regular_pattern

    inside = "^(/?[a-z]*($|/))*$"
    assert regular_pattern(inside) == "it uses an anchor inside the pattern (`$` at offset 11)"
    assert regular_pattern("^[^$]+$") is None and regular_pattern("^a\\$b$") is None
    assert regex_subset(inside) == "it uses an anchor inside the pattern (`$` at offset 11)"
    for profile in ("openai", "anthropic"):
        assert "pattern" not in rewrite(_with("pattern", inside), profile).schema["properties"]["p"]


def test_a_null_default_is_stated_for_gemini_openapi_where_google_genai_would_drop_it():
    from tierone import rewrite

    schema = {"type": "object", "properties": {"p": {"type": ["string", "null"], "default": None}}}
    assert rewrite(schema, "gemini-openapi").schema["properties"]["p"] == {
        "type": "string",
        "description": "Default: null.",
        "nullable": True,
    }
    assert rewrite(schema, "gemini").schema["properties"]["p"]["default"] is None  # json schema: sent as it is
    kept = {"type": "object", "properties": {"p": {"type": "string", "default": "x"}}}
    assert rewrite(kept, "gemini-openapi").schema["properties"]["p"]["default"] == "x"
