"""A union of object branches where a limit carries one branch as a bare JSON string: another
branch beside it then travels in an object's one member ``tierone_json`` (a bare string there
would be ambiguous), though in the original no branch takes text. The reading of a rendition
that encodes to keep a limit unwraps it (JsonSchemaStore/mason-registry, whose GitHub source is
such a union, under every profile)."""

from __future__ import annotations

import json

import pytest

import tierone
from tierone import restore

PROFILES = ["tier1", "vendors", "openai", "anthropic", "gemini", "gemini-openapi"]

TWO_OBJECTS = {
    "anyOf": [
        {"type": "object", "properties": {"asset": {"type": "string"}}, "required": ["asset"], "additionalProperties": False},
        {"type": "object", "properties": {"build": {"type": "object"}}, "required": ["build"], "additionalProperties": False},
    ]
}  # fmt: skip


def test_a_branch_in_tierone_json_beside_object_branches_is_unwrapped():
    answer = {"tierone_json": json.dumps({"build": json.dumps({"run": "make"})})}
    assert restore(answer, TWO_OBJECTS).payload == {"build": {"run": "make"}}
    broken = {"tierone_json": json.dumps({"build": 3})}  # no branch takes what it holds: an error, as before
    assert not restore(broken, TWO_OBJECTS).ok


@pytest.mark.parametrize("profile", PROFILES)
def test_a_github_build_source_reads_back(corpus, profile):
    schema = json.loads((corpus / "jsonschemabench/JsonSchemaStore/mason-registry.json").read_text())
    package = {
        "name": "tool",
        "description": "",
        "homepage": "https://example.org",
        "licenses": ["MIT"],
        "languages": [],
        "categories": [],
        "source": {"id": "pkg:github/owner/tool@v1.0", "build": {"run": "make"}},
    }
    form = tierone.to_strict_form(package, schema, profile)
    assert restore(form, schema).payload == package
    assert tierone.strict(schema, profile).parse(json.dumps(form)) == package
