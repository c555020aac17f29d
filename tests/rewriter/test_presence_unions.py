"""A union beside an object's members whose branches only say which members are present
(``drop_presence_unions``) is left out of the rendition, in the ledger, and enforced on read."""

from __future__ import annotations

import json

import pytest

import tierone
from tests.served import assert_served

S = {"type": "string"}
#: exactly one of `email` and `phone` (a common shape in configuration and API schemas)
CONTACT = {
    "type": "object",
    "properties": {"name": S, "email": S, "phone": S},
    "required": ["name"],
    "oneOf": [{"required": ["email"]}, {"required": ["phone"]}],
    "additionalProperties": False,
}
#: nested, with `not` and an `anyOf` of presence branches
NESTED = {
    "type": "object",
    "properties": {
        "source": {
            "type": "object",
            "properties": {"url": S, "path": S, "inline": S},
            "anyOf": [{"required": ["url"]}, {"required": ["path"], "not": {"required": ["url"]}}],
        }
    },
    "required": ["source"],
}
PROFILES = ["tier1", "vendors", "openai", "anthropic", "gemini", "gemini-openapi"]


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize(
    ("original", "instance", "place"),
    [(CONTACT, {"name": "n", "phone": "1"}, ""), (NESTED, {"source": {"path": "p"}}, "/properties/source")],
    ids=["contact", "nested"],
)
def test_a_presence_only_union_is_left_out_and_enforced_on_read(profile, original, instance, place):
    result = assert_served(original, profile, [instance])
    assert [(str(c.pointer), c.rule) for c in result.loosened if "present" in c.loosens] == [(place, "T608")]


def test_an_answer_that_breaks_the_union_is_refused_on_read():
    strict = tierone.strict(CONTACT, "openai")
    both = {"name": "n", "email": "e", "phone": "p"}
    neither = {"name": "n", "email": None, "phone": None}
    for answer in (both, neither):
        with pytest.raises(tierone.StrictError):
            strict.parse(json.dumps(answer))
        assert tierone.restore(answer, CONTACT).errors


def test_exact_refuses_and_a_union_that_says_more_stays():
    assert [u.rule for u in tierone.rewrite(CONTACT, "openai", exact=True).unfixable] == ["T608"]
    typed = {
        **CONTACT,
        "oneOf": [{"required": ["email"]}, {"required": ["phone"], "properties": {"phone": {"minLength": 3}}}],
    }
    result = tierone.rewrite(typed, "openai")
    assert not any("present" in c.loosens for c in result.loosened)
    undeclared = {**CONTACT, "oneOf": [{"required": ["email"]}, {"required": ["fax"]}]}
    assert not any("present" in c.loosens for c in tierone.rewrite(undeclared, "openai").loosened)
