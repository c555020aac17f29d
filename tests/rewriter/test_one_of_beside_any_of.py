"""A ``oneOf`` beside an ``anyOf`` (at least one way to name a parameter, exactly one of its
kinds): no second ``anyOf`` can join the first, so the ``oneOf`` leaves the rendition, and
restore checks it against the original. The ``anyOf`` stands: it is the union the read side
plans answers by. Before, every profile refused the schema (rule T201)."""

from __future__ import annotations

import pytest

import tierone
from tests.served import assert_served

#: every profile but ``gemini``, which takes optional members as they are and so cannot share
#: them into the branches of an ``anyOf`` that only says which are present: that union, beside
#: a ``oneOf``, stays refused there (rules T601, T105), as it was
PROFILES = ["tier1", "vendors", "openai", "anthropic", "gemini-openapi"]

#: a command-line tool's parameter, as a plugin description schema writes it
PARAMETER = {
    "type": "object",
    "properties": {
        "kind": {"type": "string", "enum": ["string", "integer"]},
        "flag": {"type": "string"},
        "longflag": {"type": "string"},
        "default": {},
    },
    "required": ["kind"],
    "anyOf": [{"required": ["flag"]}, {"required": ["longflag"]}],
    "oneOf": [
        {"properties": {"kind": {"enum": ["string"]}, "default": {"type": "string"}}},
        {"properties": {"kind": {"enum": ["integer"]}, "default": {"type": "integer"}}},
    ],
}
GOOD = [{"kind": "string", "flag": "-n", "default": "x"}, {"kind": "integer", "longflag": "--count", "default": 3}]


@pytest.mark.parametrize("profile", PROFILES)
def test_the_one_of_leaves_and_is_checked_on_read(profile):
    result = assert_served(PARAMETER, profile, GOOD)
    assert "oneOf" not in result.schema
    [change] = [c for c in result.changes if c.rule == "T201"]
    assert str(change.pointer) == "" and change.loosens.startswith("oneOf: ")
    mixed = {"kind": "integer", "flag": "-n", "default": "text"}  # the anyOf holds, the oneOf does not
    assert not tierone.restore(mixed, PARAMETER).ok
    assert ("", "T201") in {(str(u.pointer), u.rule) for u in tierone.rewrite(PARAMETER, profile, exact=True).unfixable}
