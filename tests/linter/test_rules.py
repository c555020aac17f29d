"""Every rule against its bad and good fixtures (tests/fixtures/rules/<CODE>.json)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.conftest import FIXTURES
from tierone import lint
from tierone.linter import registry
from tierone.subset.table import BY_CODE, FEATURES

RULE_FILES = sorted((FIXTURES / "rules").glob("T*.json"))


def _cases(kind: str) -> list[tuple[str, str, object, str | None, str | None, str]]:
    """The fixtures of each rule file, judged under its ``profile`` (tier1 unless it names one:
    a rule that only one profile flags)."""
    cases = []
    for path in RULE_FILES:
        data = json.loads(path.read_text())
        for case in data[kind]:
            cases.append(
                (
                    data["code"],
                    case["name"],
                    case["schema"],
                    case.get("pointer"),
                    case.get("envelope"),
                    data.get("profile", "tier1"),
                )
            )
    return cases


def _id(case: tuple[str, str, object, str | None, str | None, str]) -> str:
    return f"{case[0]}-{case[1].replace(' ', '_')}"


@pytest.mark.parametrize("case", _cases("bad"), ids=_id)
def test_bad_fixture_is_flagged_at_its_pointer(case):
    code, _, schema, pointer, envelope, profile = case
    found = [(d.code, str(d.pointer)) for d in lint(schema, profile=profile, envelope_kind=envelope).diagnostics]
    assert (code, pointer) in found, found


@pytest.mark.parametrize("case", _cases("good"), ids=_id)
def test_good_fixture_is_not_flagged(case):
    code, _, schema, _, envelope, profile = case
    assert code not in {d.code for d in lint(schema, profile=profile, envelope_kind=envelope).diagnostics}


def test_every_rule_has_fixtures_a_detector_and_docs():
    codes = {p.stem for p in RULE_FILES}
    detected = (
        set(registry.NODE)
        | set(registry.KEYWORD)
        | set(registry.FINAL)
        | set(registry.KEYWORD_EXTRA)
        | registry.IMPLICIT
    )
    for feature in FEATURES:
        assert feature.code in codes, f"{feature.code} has no fixture file"
        assert feature.code in detected, f"{feature.code} has no detector"
        doc = feature.doc
        assert doc.what and doc.why and doc.example and doc.use_instead, feature.code
        assert feature.fixable == bool(doc.fix), f"{feature.code}: fix docs and fixable disagree"


def test_codes_and_names_are_unique_and_well_formed():
    assert len({f.code for f in FEATURES}) == len(FEATURES)
    assert len({f.name for f in FEATURES}) == len(FEATURES)
    for feature in FEATURES:
        assert feature.code[0] == "T" and feature.code[1:].isdigit()
        assert feature.name == feature.name.lower() and " " not in feature.name
        assert BY_CODE[feature.code] is feature


def test_vendor_profile_accepts_a_format_it_supports_and_flags_one_it_does_not():
    schema = {
        "type": "object",
        "properties": {"d": {"type": "string", "format": "date-time"}, "u": {"type": "string", "format": "uri"}},
        "required": ["d", "u"],
        "additionalProperties": False,
    }
    openai = {(d.code, str(d.pointer)) for d in lint(schema, profile="openai").diagnostics}
    anthropic = {(d.code, str(d.pointer)) for d in lint(schema, profile="anthropic").diagnostics}
    assert ("T303", "/properties/u") in openai and ("T303", "/properties/d") not in openai
    assert not any(code == "T303" for code, _ in anthropic)


def test_diagnostic_names_rejecting_vendors_from_the_table():
    schema = {
        "type": "object",
        "properties": {"a": {"oneOf": [{"type": "string"}]}},
        "required": ["a"],
        "additionalProperties": False,
    }
    (one_of,) = [d for d in lint(schema).diagnostics if d.code == "T201"]
    assert one_of.vendors == ("openai", "anthropic", "gemini")
    assert one_of.keyword == "oneOf" and one_of.severity == "error" and one_of.fixable


def _enum_message(value):
    """The T604 message for a string property whose one enum value is ``value``."""
    schema = {
        "type": "object",
        "properties": {"a": {"type": "string", "enum": [value]}},
        "required": ["a"],
        "additionalProperties": False,
    }
    return [d.message for d in lint(schema).diagnostics if d.code == "T604"]


def test_messages_keep_equal_values_that_read_differently_apart():
    # asked in this order, each right after a value Python finds equal (any caching must keep them apart)
    for value, shown in [(1, "1"), (True, "true"), (1.0, "1.0"), (1, "1"), (0.0, "0.0"), (-0.0, "-0.0")]:
        assert _enum_message(value) == [f"`enum` value {shown} contradicts `type`"]


# ---- values in messages -------------------------------------------------------------------

MESSAGE_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text('a"\\é\n\u2028 ', max_size=8),
    lambda inner: st.lists(inner, max_size=30) | st.dictionaries(st.text('ab"', max_size=3), inner, max_size=30),
    max_leaves=60,
)


@given(MESSAGE_VALUES)
def test_values_in_messages_read_as_json_cut_at_40_characters(value):
    from tierone.linter.checks import show

    text = json.dumps(value, ensure_ascii=False, default=str)
    assert show(value) == (text if len(text) <= 40 else text[:37] + "...")


def test_a_deep_or_huge_value_is_shown_without_walking_all_of_it():
    from tierone.linter.checks import show

    deep: object = []
    for _ in range(100_000):
        deep = [deep]
    assert show(deep) == "[" * 37 + "..."
    assert show(list(range(1_000_000))).startswith("[0, 1, 2, ")


def test_a_schema_value_nested_995_deep_is_linted_like_any_other(tmp_path):
    nested = "[" * 995 + "]" * 995
    path = tmp_path / "deep.schema.json"
    path.write_text(
        '{"type": "object", "properties": {"a": {"type": "array", "items": {"type": "string"},'
        f' "default": {nested}}}, "b": {nested}}}, "required": ["a", "b"], "additionalProperties": false}}'
    )
    result = lint(str(path))
    assert result.error is None
    assert {d.code for d in result.diagnostics} == {"T212", "T606"}
