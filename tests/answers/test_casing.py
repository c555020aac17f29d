"""Anthropic does not guarantee the case of enum and const strings in its answers: under a
rendition made for Anthropic, a string matching exactly one allowed value but for case is read
as that value, each repair a ``tierone.CaseRepaired`` warning; anything ambiguous, and every
other vendor's answer, is refused as before."""

from __future__ import annotations

import warnings
from enum import Enum
from typing import Literal

import pytest
from pydantic import BaseModel

import tierone
from tierone.core.pointer import Pointer


class Level(str, Enum):
    LOW = "Low"
    HIGH = "High"


class Step(BaseModel):
    level: Level
    kind: Literal["Start", "Stop"]


class Plan(BaseModel):
    level: Level
    steps: list[Step]
    backup: Level | None = None
    note: str | None = None


ANSWER = '{"level": "low", "steps": [{"level": "HIGH", "kind": "stop"}, {"level": "High", "kind": "Start"}], "backup": "hIgH", "note": "low"}'
EXPECTED = Plan(
    level=Level.LOW,
    steps=[Step(level=Level.HIGH, kind="Stop"), Step(level=Level.HIGH, kind="Start")],
    backup=Level.HIGH,
    note="low",
)


def repairs(read, *args):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = read(*args)
    return result, [
        (str(w.message.pointer), w.message.given, w.message.read) for w in caught if w.category is tierone.CaseRepaired
    ]


@pytest.mark.parametrize("profile", ["anthropic", "tier1", "vendors"])
def test_an_anthropic_rendition_reads_enum_and_const_strings_in_another_case(profile):
    made = tierone.strict(Plan, profile)
    assert made.rendition_of().case_note and "capitalisation" in made.rendition_of().case_note
    result, seen = repairs(made.parse, ANSWER)
    assert result == EXPECTED
    assert seen == [
        ("/level", "low", "Low"),
        ("/steps/0/level", "HIGH", "High"),
        ("/steps/0/kind", "stop", "Stop"),
        ("/backup", "hIgH", "High"),
    ]  # `note` is free text: left as it is


@pytest.mark.parametrize("profile", ["openai", "gemini", "gemini-openapi"])
def test_other_vendors_answers_are_refused_as_before(profile):
    made = tierone.strict(Plan, profile)
    assert made.rendition_of().case_note is None
    with pytest.raises(tierone.StrictError, match="Input should be 'Low' or 'High'"):
        made.parse(ANSWER)


def test_without_a_profile_the_anthropic_reading_repairs():
    made = tierone.strict(Plan)
    made.anthropic_tool("plan")
    result, seen = repairs(made.parse, ANSWER)
    assert result == EXPECTED and len(seen) == 4


def test_refused_as_errors_when_the_caller_asks():
    made = tierone.strict(Plan, "anthropic")
    with warnings.catch_warnings():
        warnings.simplefilter("error", tierone.CaseRepaired)
        with pytest.raises(tierone.CaseRepaired) as raised:
            made.parse(ANSWER)
    assert raised.value.pointer == Pointer(("level",)) and (raised.value.given, raised.value.read) == ("low", "Low")


SCHEMA = {
    "type": "object",
    "properties": {
        "twins": {"enum": ["Low", "LOW"]},
        "free": {"anyOf": [{"enum": ["Low"]}, {"type": "string", "maxLength": 2}]},
        "code": {"const": "Yes"},
        "mixed": {"anyOf": [{"enum": ["Low"]}, {"type": "integer"}, {"type": "null"}]},
    },
}


def test_a_schema_source_is_repaired_then_validated_against_the_original():
    made = tierone.strict(SCHEMA, "anthropic")
    result, seen = repairs(made.restore, '{"code": "YES", "mixed": "low"}')
    assert result == {"code": "Yes", "mixed": "Low"}
    assert seen == [("/code", "YES", "Yes"), ("/mixed", "low", "Low")]


@pytest.mark.parametrize(
    ("answer", "why"),
    [
        ('{"twins": "low"}', "is not one of"),  # two allowed values match but for case
        (
            '{"free": "low"}',
            "is too long",
        ),  # a branch takes any short string: not repaired
        ('{"code": "No"}', 'is not "Yes"'),  # no value matches
    ],
)
def test_what_is_ambiguous_or_unmatched_is_refused(answer, why):
    made = tierone.strict(SCHEMA, "anthropic")
    with warnings.catch_warnings():
        warnings.simplefilter("error", tierone.CaseRepaired)  # and nothing is repaired on the way
        with pytest.raises(tierone.StrictError, match=why):
            made.restore(answer)


def test_a_streamed_answer_is_repaired_on_close():
    stream = tierone.strict(Plan, "anthropic").stream()
    for at in range(0, len(ANSWER), 9):
        stream.feed(ANSWER[at : at + 9])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", tierone.CaseRepaired)
        assert stream.close() == EXPECTED
