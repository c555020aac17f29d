"""A rule lives in one place: its table row says how the rewriter fixes it, its check says
where it is defined which rule it finds, and everything else is derived from the two.

These tests hold the derived parts to the rows: the rewriter fixes exactly the rules whose
row says so (run on every rule's bad fixtures), strips exactly the keywords of the rows it
fixes by stripping, and every row has a detector that names it.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from tests.conftest import FIXTURES
from tierone import lint
from tierone.core.loading import load_bytes
from tierone.core.pointer import Pointer
from tierone.linter import checks, registry
from tierone.rewriter.files import rewrite_source
from tierone.rewriter.passes import HINTS, PASSES, REMOVABLE, Options, strip_constraints
from tierone.rewriter.rewrite import rewrite
from tierone.subset.model import STRIP
from tierone.subset.profiles import PROFILES
from tierone.subset.table import BY_CODE, FEATURES
from tierone.vendors.requests import embedded

SRC = Path(__file__).resolve().parents[2] / "src" / "tierone"


def _bad_cases(code: str) -> list[dict]:
    return json.loads((FIXTURES / "rules" / f"{code}.json").read_text())["bad"]


def _profile(code: str) -> str:
    """The profile the rule's fixtures are judged under (tier1 unless the file names one)."""
    return json.loads((FIXTURES / "rules" / f"{code}.json").read_text()).get("profile", "tier1")


def _codes(schema: object, profile: str, envelope: str | None) -> set[str]:
    return {d.code for d in lint(schema, profile=profile, envelope_kind=envelope).diagnostics}


def _after_rewrite(code: str) -> list[tuple[str, str, bool]]:
    """(fixture, profile, still flagged) for every bad fixture under every profile that
    flags it: the rewrite under that profile, linted again under it."""
    outcomes = []
    for case in _bad_cases(code):
        envelope = case.get("envelope")
        for profile in PROFILES:
            if code not in _codes(case["schema"], profile, envelope):
                continue
            outcomes.append(
                (case["name"], profile, code in _codes(_rewritten(case["schema"], profile), profile, envelope))
            )
    return outcomes


def _rewritten(schema: object, profile: str) -> object:
    """The rewrite of a fixture: of each schema a request body carries (as ``tierone rewrite``
    rewrites a body), else of the schema."""
    if embedded(schema) is None:
        return rewrite(schema, profile).schema
    source = load_bytes(json.dumps(schema).encode(), "body.json")
    return rewrite_source(source, profile).result.schema


# ---- fixability --------------------------------------------------------------------------


@pytest.mark.parametrize("code", [f.code for f in FEATURES])
def test_the_rewriter_fixes_a_rule_exactly_when_its_row_says_so(code):
    outcomes = _after_rewrite(code)
    assert outcomes, f"{code}: no bad fixture is flagged under any profile"
    left = [(name, profile) for name, profile, flagged in outcomes if flagged]
    if BY_CODE[code].fixable:
        assert not left, f"{code} is marked fixable, but the rewriter leaves it in {left}"
    else:
        assert left, f"{code} is marked not fixable, but the rewriter fixes every bad fixture"


def test_every_fix_names_a_pass_of_the_rewriter():
    names = {step.__name__ for step in PASSES}
    for feature in FEATURES:
        assert feature.fix is None or feature.fix in names, f"{feature.code}: unknown pass {feature.fix!r}"
        assert feature.fixable == (feature.fix is not None)


def test_the_keywords_the_rewriter_strips_are_the_keywords_of_the_rows_it_fixes_so():
    assert REMOVABLE == {f.code: f.keywords for f in FEATURES if f.fix == STRIP and f.keywords}
    stripped = {kw for keywords in REMOVABLE.values() for kw in keywords}
    assert set(HINTS) <= stripped, "a hint for a keyword the rewriter never removes"
    shared = {kw for kw, n in Counter(kw for keywords in REMOVABLE.values() for kw in keywords).items() if n > 1}
    assert shared == set(REMOVABLE["T609"]) & set(REMOVABLE["T304"] + REMOVABLE["T305"] + REMOVABLE["T306"])


@pytest.mark.parametrize(("profile", "rule"), [("gemini", "T609"), ("tier1", "T304")])
def test_a_keyword_two_rows_strip_leaves_under_the_first_that_flags_it(profile, rule):
    """``maximum`` leaves under its bound's own rule where the profile strips bounds (tier1),
    and under T609 where only its value, past 64 bits, is the problem (gemini keeps bounds)."""
    schema = {"type": "integer", "maximum": 2**64, "minimum": 0}
    changes = strip_constraints(schema, Options(profile)).changes
    assert [change.rule for change in changes if change.what == "maximum removed"] == [rule]


@pytest.mark.parametrize("code", [f.code for f in FEATURES if f.keywords or f.fix == STRIP])
def test_strip_constraints_removes_a_keyword_only_for_a_rule_fixed_by_stripping(code):
    feature = BY_CODE[code]
    for case in _bad_cases(code):
        result = strip_constraints(case["schema"], Options(_profile(code)))
        for change in result.changes:
            rule = change.why.split()[0]
            keyword = change.what.removesuffix(" removed")
            assert BY_CODE[rule].fixable, f"{keyword} removed for {rule}, which is marked not fixable"
            assert BY_CODE[rule].fix == STRIP, f"{keyword} removed for {rule}, which is not fixed by stripping"
            assert keyword in BY_CODE[rule].keywords or not BY_CODE[rule].keywords, (keyword, rule)
        if feature.fix != STRIP:
            continue
        node = Pointer.parse(case.get("pointer") or "").resolve(case["schema"])
        removed = {
            c.what.removesuffix(" removed") for c in result.changes if str(c.pointer) == (case.get("pointer") or "")
        }
        present = set(node) & set(feature.keywords) if feature.keywords else removed
        assert present and present <= removed, f"{code}/{case['name']}: {present - removed} not stripped"


# ---- detectors -----------------------------------------------------------------------------


def test_every_detector_names_a_rule_of_the_table():
    unknown = {d.code for d in checks.DETECTORS} - set(BY_CODE)
    assert not unknown, f"detectors for codes the table does not have: {sorted(unknown)}"


def test_every_rule_has_exactly_one_detector_of_each_kind_or_is_implicit():
    detected = Counter((d.code, d.stage) for d in checks.DETECTORS if d.keywords is None)
    assert all(n == 1 for n in detected.values()), [k for k, n in detected.items() if n > 1]
    extra = Counter((d.code, kw) for d in checks.DETECTORS if d.keywords is not None for kw in d.keywords)
    assert all(n == 1 for n in extra.values()), [k for k, n in extra.items() if n > 1]
    codes = {d.code for d in checks.DETECTORS}
    for feature in FEATURES:
        if feature.code in registry.IMPLICIT:
            assert feature.code not in codes, f"{feature.code} is implicit but has a detector"
        else:
            assert feature.code in codes, f"{feature.code} has no detector"


def test_a_check_on_the_rows_keywords_belongs_to_a_row_with_keywords():
    for detector in checks.DETECTORS:
        if detector.stage == "keyword" and detector.keywords is None:
            assert BY_CODE[detector.code].keywords, f"{detector.code}: a keyword check that is never called"


def test_the_registry_is_what_the_checks_declare():
    assert registry.NODE == {d.code: d.check for d in checks.DETECTORS if d.stage == "node"}
    assert registry.FINAL == {d.code: d.check for d in checks.DETECTORS if d.stage == "final"}
    assert set(registry.KEYWORD) | set(registry.KEYWORD_EXTRA) == {
        d.code for d in checks.DETECTORS if d.stage == "keyword"
    }
    assert dict(registry.KEYWORD_EXTRA["T606"])["type"] is checks.malformed_type


# ---- one place per fact --------------------------------------------------------------------


@pytest.mark.parametrize("profile", list(PROFILES))
def test_messages_name_the_subset_by_the_profiles_phrase(profile):
    schema = {
        "type": "object",
        "properties": {"a": {"oneOf": [{"type": "string"}]}},
        "required": ["a"],
        "additionalProperties": False,
    }
    (message,) = [d.message for d in lint(schema, profile=profile).diagnostics if d.code == "T201"]
    assert message == f"`oneOf` is not accepted by {PROFILES[profile].phrase}"


@pytest.mark.parametrize("package", ["linter/checks", "subset/table"])
def test_the_rule_families_are_modules_of_at_most_300_lines(package):
    modules = sorted((SRC / package).glob("*.py"))
    assert len(modules) >= 8, f"{package} is not split by family"
    for module in modules:
        lines = module.read_text().count("\n")
        assert lines <= 300, f"{module.relative_to(SRC)} has {lines} lines"
