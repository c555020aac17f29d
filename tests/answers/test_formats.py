"""Restore asserts the formats it names (tierone.core.validation.ASSERTED_FORMATS), each with
the library jsonschema checks it by, all of them tierone's dependencies: a rendition that could
not carry ``format`` (moved to the description) has it enforced on read, whatever else is
installed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest

import tierone
from tierone.core.validation import ASSERTED_FORMATS, format_checker

CASES = {
    "date-time": ("2024-01-01T10:00:00+02:00", "2024-01-01 10:00"),
    "date": ("2024-02-29", "2024-13-45"),
    "time": ("10:00:00Z", "10:00"),
    "duration": ("PT1H30M", "1 day"),
    "email": ("ann@example.com", "not an email"),
    "hostname": ("example.com", "-bad-.com"),
    "ipv4": ("10.0.0.1", "10.0.0.300"),
    "ipv6": ("::1", "::g"),
    "uri": ("https://example.com/a?b=1", "/relative"),
    "uri-reference": ("/relative", "\\\\bad"),
    "uri-template": ("https://x/{id}", "https://x/{id"),
    "uuid": ("123e4567-e89b-12d3-a456-426614174000", "123e4567"),
    "json-pointer": ("/a/b", "a/b"),
    "regex": ("^a+$", "("),
}


def test_every_asserted_format_has_its_checker_and_the_docs_name_each() -> None:
    checker = format_checker(jsonschema.Draft202012Validator)
    assert set(checker.checkers) == set(ASSERTED_FORMATS)
    assert set(CASES) <= set(ASSERTED_FORMATS)
    docs = (Path(__file__).parents[2] / "docs" / "read-side.md").read_text(encoding="utf-8")
    listed = docs.split("The formats asserted")[1].split("Any other format")[0]
    assert set(re.findall(r"`([a-z0-9-]+)`", listed)) == set(ASSERTED_FORMATS)


@pytest.mark.parametrize("profile", ["anthropic", "gemini", "openai"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_restore_asserts_the_format(name: str, profile: str) -> None:
    schema = {
        "type": "object",
        "properties": {"v": {"type": "string", "format": name}},
        "required": ["v"],
        "additionalProperties": False,
    }
    made = tierone.strict(schema, profile=profile)
    good, bad = CASES[name]
    assert made.parse(json.dumps({"v": good})) == {"v": good}
    with pytest.raises(tierone.StrictError, match=f"is not a '{name}'"):
        made.parse(json.dumps({"v": bad}))


def test_a_format_outside_the_list_is_an_annotation() -> None:
    made = tierone.strict({"type": "string", "format": "iri"}, profile="openai")
    assert made.parse(json.dumps({"tierone_root": "no iri at all ¿"})) == "no iri at all ¿"
