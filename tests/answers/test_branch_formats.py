"""A union branch is judged as restore judges the whole answer, formats asserted: JSF's
signature (CycloneDX's ``signature``) is a ``oneOf`` whose one branch holds a member that is
itself a ``oneOf`` of an enumeration and a ``format: uri`` string; without formats, a value of
the enumeration holds both, the branch none, and the member's null was read as a value."""

from __future__ import annotations

import json

import pytest

import tierone
from tests.served import assert_served

PROFILES = ["openai", "anthropic", "gemini", "gemini-openapi", "tier1", "vendors"]

ALGORITHM = {"oneOf": [{"type": "string", "enum": ["ES256", "RS256"]}, {"type": "string", "format": "uri"}]}
SIGNER = {
    "type": "object",
    "required": ["algorithm", "value"],
    "additionalProperties": False,
    "properties": {"algorithm": ALGORITHM, "keyId": {"type": "string"}, "value": {"type": "string"}},
}
ORIGINAL = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "type": "object",
    "properties": {
        "signature": {
            "type": "object",
            "oneOf": [
                {
                    "additionalProperties": False,
                    "properties": {"chain": {"type": "array", "items": {"$ref": "#/definitions/signer"}}},
                },
                {"title": "Signature", "$ref": "#/definitions/signer"},
            ],
        }
    },
    "required": ["signature"],
    "definitions": {"signer": SIGNER},
}
INSTANCES = [
    {"signature": {"algorithm": "ES256", "value": "tqIT"}},
    {"signature": {"algorithm": "https://example.com/alg", "keyId": "k1", "value": "tqIT"}},
    {"signature": {"chain": [{"algorithm": "RS256", "value": "v"}]}},
]


@pytest.mark.parametrize("profile", PROFILES)
def test_a_branch_told_apart_by_a_format_reads_back(profile: str) -> None:
    assert_served(ORIGINAL, profile, INSTANCES)


@pytest.mark.parametrize("profile", ["openai", "tier1"])
def test_a_null_in_that_branch_reads_as_absent(profile: str) -> None:
    answer = {"signature": {"algorithm": "ES256", "keyId": None, "value": "tqIT"}}
    assert tierone.restore(answer, ORIGINAL).payload == INSTANCES[0]
    assert tierone.strict(ORIGINAL, profile).parse(json.dumps(answer)) == INSTANCES[0]
