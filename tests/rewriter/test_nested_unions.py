"""Members beside a union whose branch is a union of its own (``passes.sharing``): the inner
branches are spliced into the outer union, each with both sets of members, exactly as the
original means (an ``anyOf`` of an ``anyOf`` takes the same values); answers are read back."""

from __future__ import annotations

import json

import pytest

import tierone
from tests.served import assert_served

DOCKER = {
    "properties": {"type": {"enum": ["docker"]}},
    "oneOf": [
        {"required": ["image"], "properties": {"image": {"type": "string"}}},
        {"required": ["file"], "properties": {"file": {"type": "string"}}},
    ],
}
SSH = {"properties": {"type": {"enum": ["ssh"]}, "host": {"type": "string"}}, "required": ["host"]}
ENVIRONMENT = {
    "type": "object",
    "required": ["name", "type"],
    "properties": {"name": {"type": "string"}, "root": {"type": "string"}},
    "anyOf": [{"$ref": "#/$defs/docker"}, {"$ref": "#/$defs/ssh"}],
}
ORIGINAL = {
    "type": "object",
    "properties": {"environments": {"type": "array", "items": {"$ref": "#/$defs/environment"}}},
    "required": ["environments"],
    "$defs": {"environment": ENVIRONMENT, "docker": DOCKER, "ssh": SSH},
}
INSTANCES = [
    {"environments": [{"name": "a", "type": "docker", "image": "python:3"}]},
    {"environments": [{"name": "b", "type": "docker", "file": "Dockerfile", "root": "/src"}]},
    {"environments": [{"name": "c", "type": "ssh", "host": "h"}, {"name": "d", "type": "docker", "image": "x"}]},
]


@pytest.mark.parametrize("profile", ["openai", "anthropic", "gemini", "tier1"])
def test_a_branch_that_is_a_union_of_its_own_is_spliced_and_read_back(profile):
    result = assert_served(ORIGINAL, profile, INSTANCES)
    rendition = str(result.schema)
    assert "'image'" in rendition and "'file'" in rendition and "'host'" in rendition


def test_the_spliced_branches_refuse_what_the_original_refuses():
    strict = tierone.strict(ORIGINAL, "openai")
    both = {"environments": [{"name": "a", "type": "docker", "image": "x", "file": "y"}]}  # oneOf: not both
    with pytest.raises(tierone.StrictError):
        strict.parse(json.dumps(both))
    wrong_type = {"environments": [{"name": "a", "type": "ssh", "image": "x"}]}
    with pytest.raises(tierone.StrictError):
        strict.parse(json.dumps(wrong_type))


def test_a_one_of_beside_an_any_of_leaves_and_is_checked_on_read():
    # a oneOf beside an anyOf (here of which members are present) cannot become a second anyOf:
    # it leaves the rendition (T201, a loosening) and restore still enforces it
    node = {**ENVIRONMENT, "oneOf": ENVIRONMENT["anyOf"], "anyOf": [{"required": ["root"]}, {"required": ["name"]}]}
    original = {**ORIGINAL, "$defs": {**ORIGINAL["$defs"], "environment": node}}
    result = tierone.rewrite(original, "openai")
    assert result.ok
    assert ("/$defs/environment", "oneOf removed") in {(str(c.pointer), c.what[:13]) for c in result.loosened}
    assert tierone.restore({"environments": [{"name": "a", "type": "docker", "image": "x"}]}, original).ok
    assert not tierone.restore({"environments": [{"name": "a", "type": "ssh", "image": "x"}]}, original).ok
