"""``lint_rendition``, the lint the rewriter runs on what it built, finds what ``lint`` finds:
the same rules at the same places with the same messages (read as a schema, never as a
request body), under every profile, with and without a selection or a request's share of a
limit. It skips only what an input needs and a
rendition never has (loading, a request's shape, ``$comment`` directives)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import tierone
from tierone.linter.api import lint, lint_rendition
from tierone.subset.profiles import PROFILES

RULES = Path(__file__).resolve().parent.parent / "fixtures" / "rules"


def _cases() -> list[tuple[str, Any]]:
    """Every bad and good schema of the rule fixtures that holds no directive (``$comment``:
    ``lint`` applies those; a rendition never carries one)."""
    cases = []
    for path in sorted(RULES.glob("T*.json")):
        fixture = json.loads(path.read_text())
        for group in ("bad", "good"):
            for case in fixture.get(group, []):
                if "$comment" not in json.dumps(case["schema"]):
                    cases.append((f"{fixture['code']} {case['name']}", case["schema"]))
    return cases


CASES = _cases()


def _found(diagnostics: Any) -> list[tuple[str, str, str, str]]:
    return [(d.code, str(d.pointer), d.message, str(d.severity)) for d in diagnostics]


@pytest.mark.parametrize("profile", list(PROFILES))
def test_the_rule_fixtures_lint_alike(profile: str) -> None:
    differ = [
        name
        for name, schema in CASES
        if _found(lint_rendition(schema, profile))
        != _found(lint(schema, profile=profile, input_kind="schema").diagnostics)
    ]
    assert len(CASES) > 100 and not differ


def test_renditions_lint_alike_with_a_selection_and_a_share() -> None:
    """The rewriter's own calls: the limit rules alone, with a request's lowered limits, on the
    fixtures' renditions (over a limit or not) and on the fixtures themselves."""
    select, shares = ["T401", "T402", "T403", "T404", "T405", "T408"], {"T403": 3, "T408": 1}
    findings = 0
    for profile in PROFILES:
        for _, schema in CASES:
            for data in (schema, tierone.rewrite(schema, profile).schema):
                expected = _found(
                    lint(data, profile=profile, select=select, limits=shares, input_kind="schema").diagnostics
                )
                assert _found(lint_rendition(data, profile, select, shares)) == expected
                findings += len(expected)
    assert findings > 0  # the shares make limits over: the comparison is not of empty lists
