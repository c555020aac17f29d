"""Each change names the rule it was made for as a field (``Change.rule``), the code its ``why``
has always started with; ``lint --show-fixes`` matches changes to findings by that field."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import FIXTURES
from tierone import rewrite
from tierone.core.pointer import ROOT, Pointer
from tierone.rewriter.passes import Change
from tierone.subset.profiles import PROFILES
from tierone.subset.table import BY_CODE

SRC = Path(__file__).resolve().parents[2] / "src" / "tierone" / "rewriter"
S = {"type": "string"}
#: schemas whose rewrite makes the changes the rules' fixtures do not (each with its options)
MORE: dict[str, tuple[dict, dict]] = {
    "root ref": (
        {
            "$ref": "#/$defs/A",
            "$defs": {"A": {"type": "object", "properties": {"x": S, "next": {"$ref": "#/$defs/A"}}}},
        },
        {},
    ),
    "unrolled": ({"type": "object", "properties": {"name": S, "child": {"$ref": "#"}}}, {"unroll": 2}),
    "false member": ({"type": "object", "properties": {"a": False, "b": S}}, {}),
    "shared members": (
        {
            "type": "object",
            "properties": {
                "u": {
                    "type": "object",
                    "properties": {"id": S},
                    "required": ["id"],
                    "anyOf": [{"type": "object", "properties": {"a": S}}, {"type": "object", "properties": {"b": S}}],
                }
            },
        },
        {},
    ),
    "map on a cycle": (
        {
            "type": "object",
            "properties": {"tree": {"$ref": "#/$defs/N"}},
            "$defs": {
                "N": {
                    "type": "object",
                    "properties": {"kids": {"type": "object", "additionalProperties": {"$ref": "#/$defs/N"}}},
                }
            },
        },
        {},
    ),
    "engine format": ({"type": "object", "properties": {"h": {"type": "string", "format": "hostname"}}}, {}),
    "union beside a cycle": (
        {
            "type": "object",
            "properties": {"n": {"$ref": "#/$defs/N"}},
            "$defs": {
                "N": {
                    "type": "object",
                    "properties": {
                        "v": S,
                        "next": {"type": "object", "anyOf": [{"$ref": "#/$defs/N"}, {"type": "null"}]},
                    },
                }
            },
        },
        {},
    ),
    "new document": (
        {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "urn:a",
            "$comment": "tierone: ignore[T102]",
            "type": "object",
            "properties": {"answer": S, "reasoning": S},
        },
        {},
    ),
}


def _schemas() -> list[tuple[dict, dict]]:
    bad = [
        case["schema"]
        for path in sorted((FIXTURES / "rules").glob("*.json"))
        for case in json.loads(path.read_text(encoding="utf-8")).get("bad", [])
    ]
    return [*((schema, {}) for schema in bad), *MORE.values()]


def _changes(profile: str) -> list[Change]:
    return [change for schema, options in _schemas() for change in rewrite(schema, profile, **options).changes]


@pytest.mark.parametrize("profile", PROFILES)
def test_each_change_names_the_rule_its_why_starts_with(profile):
    for change in _changes(profile):
        head = change.why.split(" ", 1)[0]
        assert change.rule == (head if head in BY_CODE else ""), change
        assert change.rule == "" or change.why.startswith(f"{change.rule} {BY_CODE[change.rule].name}"), change


def test_the_schemas_make_changes_for_many_rules_and_for_none():
    """The test above sees what it checks: changes for rules of every family, and changes that answer none."""
    rules = {change.rule for profile in PROFILES for change in _changes(profile)}
    assert "" in rules
    assert {
        "T101",
        "T102",
        "T103",
        "T104",
        "T106",
        "T201",
        "T216",
        "T217",
        "T303",
        "T407",
        "T501",
        "T504",
        "T602",
        "T608",
    } <= rules


def test_a_change_built_for_a_rule_keeps_its_why():
    change = Change.for_rule(Pointer(("properties", "a")), "type list written as an anyOf", "T216")
    assert change == (
        Pointer(("properties", "a")),
        "type list written as an anyOf",
        "T216 type-list",
        "T216",
        "",
        "",
        False,
    )
    removal = Change.for_rule(ROOT, "not removed", "T203", loosens="not: {}", keyword="not")
    assert (removal.why, removal.loosens, removal.keyword) == ("T203 not", "not: {}", "not")
    assert Change.for_rule(ROOT, "x", "T303", ": because").why == "T303 string-format: because"
    assert Change(ROOT, "removed", "a rewritten schema is a different document").rule == ""  # positional: no rule


#: how an edit that takes something out says it: "removed (...)" or "minLength removed ..."
_REMOVAL = re.compile(r"(\S+ )?removed\b")


@pytest.mark.parametrize("profile", PROFILES)
def test_each_removal_says_what_it_took_out(profile):
    """An edit that takes a node or a keyword out of the rendition says so in its fields (what
    ``lint --show-fixes`` places a finding inside the removed subtree by), not in its words alone;
    no other edit claims to have taken anything out."""
    removals = 0
    for change in _changes(profile):
        says_removed = _REMOVAL.match(change.what) is not None
        removals += says_removed
        assert (change.took_out is not None) == says_removed, change
        if change.gone:
            assert change.took_out == change.pointer and not change.keyword, change
    assert removals > 0


def test_a_removal_names_its_place():
    member = Change.for_rule(Pointer(("properties", "a")), "removed (its schema takes no value)", "T608", gone=True)
    keyword = Change.for_rule(ROOT, "not removed", "T203", keyword="not")
    kept = Change.for_rule(Pointer(("properties", "a")), "type list written as an anyOf", "T216")
    assert (member.took_out, keyword.took_out, kept.took_out) == (Pointer(("properties", "a")), Pointer(("not",)), None)


def test_the_passes_build_every_change_for_a_rule_through_for_rule():
    """A ``why`` that starts with a code is written by ``Change.for_rule`` only (never spelled out)."""
    spelled = re.compile(r"""["']T\d{3} |\b_why\(""")
    sources = [*sorted((SRC / "passes").glob("*.py")), SRC / "rewrite.py"]
    found = [
        f"{path.name}:{n}: {line.strip()}"
        for path in sources
        if path.name != "base.py"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if spelled.search(line)
    ]
    assert found == []


def test_show_fixes_matches_changes_to_findings_by_their_rule(monkeypatch):
    from tierone.linter.diagnostics import Diagnostic
    from tierone.rewriter import fixes
    from tierone.rewriter import rewrite as rewriting

    at = Pointer(("properties", "a"))
    mine = Change(at, "closed", "in words that name no code", "T102")
    other = Change.for_rule(at, "made required", "T104")
    monkeypatch.setattr(
        rewriting, "rewrite", lambda data, profile: rewriting.Rewritten(data, (mine, other), (), profile)
    )
    finding = Diagnostic("T102", "open-object", "", "error", at, None, None, None, True, ())
    assert fixes.fixes_for({}, [finding], "tier1") == {finding: (mine,)}
