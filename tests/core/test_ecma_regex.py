"""Schema patterns are searched as ECMAScript searches them (tierone.core.ecma_regex), judged
against ECMAScript itself: ecma_cases.json holds what Node's RegExp said of 105 patterns and 50
strings each (ecma_oracle.js; the slow test asks Node again, and of patterns hypothesis draws),
and restore and the rewrite read patterns that way."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tierone
from tierone.core.ecma_regex import NotEcma, python_form
from tierone.core.patterns import is_pattern, search

HERE = Path(__file__).parent
CASES = json.loads((HERE / "ecma_cases.json").read_text(encoding="utf-8"))
SUBJECTS: list[str] = CASES["subjects"]


def _ours(pattern: str, subjects: list[str]) -> list[bool] | None:
    """What tierone makes of ``pattern``: None where it is no regular expression, else whether
    it matches each subject."""
    return [search(pattern, subject) for subject in subjects] if is_pattern(pattern) else None


def _node(cases: list[tuple[str, list[str]]], *flags: str) -> list[list[bool] | None]:
    run = subprocess.run(
        ["node", str(HERE / "ecma_oracle.js"), *flags],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return json.loads(run.stdout)  # type: ignore[no-any-return]


#: the patterns of the table in Python's own syntax, which ECMAScript refuses: read as Python
#: reads them (a pydantic model's pattern is often written for Python)
PYTHONS = {"(?i)a": "A", "(?P<n>a)": "a", "(?#c)a": "a"}


@pytest.mark.parametrize("pattern", sorted(CASES["patterns"]))
def test_each_pattern_matches_what_ecmascript_matches(pattern: str) -> None:
    if pattern in PYTHONS:
        assert CASES["patterns"][pattern] is None
        assert search(pattern, PYTHONS[pattern]) and not search(pattern, "b")
    else:
        assert _ours(pattern, SUBJECTS) == CASES["patterns"][pattern]


@pytest.mark.parametrize(
    ("pattern", "subject", "matches"),
    [
        ("^abc$", "abc\n", False),  # Python's $ also matches before a final newline
        (r"^\d+$", "٣٣", False),  # Python's \d takes any Unicode digit
        (r"^\w+$", "é", False),
        (r"^.$", "\r", False),  # . stops at every line terminator
        (r"^\s$", "\x1c", False),  # Python's \s takes the separators U+001C..U+001F
        (r"^\s$", "\ufeff", True),
        (r"^(?<y>\d{4})-\k<y>$", "2024-2024", True),  # \k<name>, which regex refuses
        (r"^\u{1F600}$", "😀", True),
        (r"^\uD83D\uDE00$", "😀", True),  # a surrogate pair is the one code point a str holds
        ("^[^]$", "\n", True),
        ("[]", "", False),
        (r"^\cJ$", "\n", True),
        ("^/{env}/x$", "/{env}/x", True),  # a brace that quantifies nothing is itself (Annex B)
        (r"^\a$", "a", True),  # an escaped letter that means nothing is itself, not a bell
        (r"^\1(a)$", "a", True),  # a group not matched yet: its reference matches nothing
        (r"^[a\D]+$", "٣a", True),
        (r"^[^a\D]+$", "12", True),
        (r"^\p{Greek}$", "p{Greek}", True),  # not ECMAScript's spelling of a script: Annex B's letters
    ],
)
def test_where_the_dialects_part_ecmascript_is_followed(pattern: str, subject: str, matches: bool) -> None:
    assert search(pattern, subject) is matches


@pytest.mark.parametrize("pattern", ["(", "a**", "[a", "a{2,1}", "\\", "a++", "^*", "(?<=a)+b", "(?<n>a)(?<n>b)"])
def test_what_ecmascript_refuses_is_no_regular_expression(pattern: str) -> None:
    assert not is_pattern(pattern)


def test_python_syntax_ecmascript_refuses_is_said_as_such() -> None:
    with pytest.raises(NotEcma, match="possessive"):
        python_form("a++")
    with pytest.raises(NotEcma, match="given twice"):
        python_form("(?<n>a)(?<n>b)")


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini"])
def test_restore_reads_a_pattern_as_ecmascript_does(profile: str) -> None:
    schema = {
        "type": "object",
        "properties": {
            "code": {"type": "string", "pattern": "^[A-Z]{3}$"},
            "year": {"type": "string", "pattern": r"^(?<y>\d{4})-\k<y>$"},
        },
        "required": ["code", "year"],
        "additionalProperties": False,
    }
    made = tierone.strict(schema, profile=profile)
    assert made.parse('{"code": "ABC", "year": "2024-2024"}') == {"code": "ABC", "year": "2024-2024"}
    with pytest.raises(tierone.StrictError, match="/code"):
        made.parse('{"code": "ABC\\n", "year": "2024-2024"}')
    with pytest.raises(tierone.StrictError, match="/year"):
        made.parse('{"code": "ABC", "year": "٢٠٢٤-٢٠٢٤"}')


@pytest.mark.parametrize("profile", ["tier1", "vendors", "openai", "anthropic", "gemini", "gemini-openapi"])
def test_a_pattern_that_is_no_regular_expression_is_refused_not_served(profile: str) -> None:
    """Served, its every answer would be refused ("the original schema is invalid")."""
    schema = {"type": "object", "properties": {"a": {"type": "string", "pattern": "(unclosed"}}}
    refused = tierone.rewrite(schema, profile).unfixable
    assert [(str(u.pointer), u.rule) for u in refused] == [("/properties/a", "T606")]
    assert "regular expression" in refused[0].reason


def test_a_pattern_property_name_that_is_no_regular_expression_is_malformed() -> None:
    found = tierone.lint({"type": "object", "patternProperties": {"a(": {"type": "string"}}}).diagnostics
    assert [(d.code, str(d.pointer)) for d in found if d.code == "T606"] == [("T606", "")]


# ---- against ECMAScript itself ------------------------------------------------------------

_ATOMS = [
    *"ab1.^$|()*+?{}]-é😀 ",
    *[
        r"\d",
        r"\D",
        r"\w",
        r"\W",
        r"\s",
        r"\S",
        r"\b",
        r"\B",
        r"\t",
        r"\n",
        r"\0",
        r"\1",
        r"\2",
        r"\cJ",
        r"\c",
        r"\x41",
        r"\x4",
        r"\u00e9",
        r"\u{1F600}",
        r"\u",
        r"\k<g>",
        r"\k",
        r"\p{L}",
        r"\P{Nd}",
    ],
    *[
        r"\p{Greek}",
        r"\p{Script=Greek}",
        r"\a",
        r"\e",
        r"\-",
        r"\/",
        r"\\",
        r"\.",
        r"[ab]",
        r"[^a]",
        r"[a-c]",
        r"[\d]",
        r"[a\D]",
        r"[^\s]",
        r"[\b]",
        r"[]",
        r"[^]",
        r"[-a]",
        r"[\]a]",
    ],
    *["(?:", "(?=", "(?!", "(?<=", "(?<!", "(?<g>", "{2}", "{1,2}", "{,2}", "{2,1}"],
]
_TEXTS = ["", "a", "ab", "ba", "aa", "1", "12", "٣", "a\n", "\n", "\r", "\u2028", " ", "\xa0", "\x1c", "é", "😀", "_"]


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_table_is_what_node_says() -> None:
    cases = [(pattern, SUBJECTS) for pattern in sorted(CASES["patterns"])]
    assert dict(zip(sorted(CASES["patterns"]), _node(cases), strict=True)) == CASES["patterns"]


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
@settings(max_examples=10, deadline=None, derandomize=True)
@given(st.lists(st.lists(st.sampled_from(_ATOMS), min_size=1, max_size=6).map("".join), min_size=300, max_size=300))
def test_any_pattern_reads_as_node_reads_it(patterns: list[str]) -> None:
    """A pattern ECMAScript takes only without the u flag reads a character past U+FFFF as
    two UTF-16 units, where a Python string holds one code point: such a pattern is judged on
    the strings without one, and one that holds such a character is left out."""
    cases = [(pattern, _TEXTS) for pattern in patterns]
    differing: list[Any] = []
    for (pattern, _), verdict, unicode in zip(cases, _node(cases), _node(cases, "--unicode-only"), strict=True):
        texts = _TEXTS
        if verdict is not None and unicode is None:  # Annex B's reading
            if not pattern.isascii():
                continue
            texts = [text for text in _TEXTS if text.isascii() or max(map(ord, text)) <= 0xFFFF]
            verdict = [v for text, v in zip(_TEXTS, verdict, strict=True) if text in texts]
        if _ours(pattern, texts) != verdict:
            differing.append((pattern, verdict))
    assert differing == []


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini"])
def test_a_pydantic_models_pattern_in_pythons_syntax_is_served_and_read(profile: str) -> None:
    from pydantic import BaseModel, Field

    class Booking(BaseModel):
        code: str = Field(pattern=r"(?i)^(?P<letters>[a-z]{3})-\d+$")

    made = tierone.strict(Booking, profile=profile)
    assert made.parse('{"code": "AbC-12"}') == Booking(code="AbC-12")
    with pytest.raises(tierone.StrictError):
        made.parse('{"code": "AB-12"}')
    assert search(r"(?i)^(?P<letters>[a-z]{3})-\d+$", "abc-1") and not search(r"^(?P<l>[a-z])(?P=l)$", "ab")


@pytest.mark.parametrize(
    ("pattern", "verdict"),
    [
        ("\\" + "1" * 100_000, True),  # digits past int()'s limit: Annex B's octal escape, then digits
        ("a{" + "9" * 10_000 + "}", False),  # a bound past the engine's
        ("(" * 30_000 + "\\1" * 30_000 + ")" * 30_000, False),  # nested past the engine's room
        ("[" * 100_000, False),  # a class never closed
    ],
)
def test_a_hostile_pattern_is_judged_without_a_crash(pattern: str, verdict: bool) -> None:
    """(Each in linear time: the references inside many open groups are told by a set.)"""
    assert is_pattern(pattern) is verdict
