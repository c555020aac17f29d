"""Gemini's ``responseSchema`` is a closed dialect: google-genai's ``types.Schema`` takes its
own fields and refuses any other member. Under ``gemini-openapi`` every other member is an
error (rule T605) and leaves the rendition; the set comes from the SDK's model, so it cannot drift."""

from __future__ import annotations

import pytest

import tierone
from tests.judges import all_judges
from tierone.vendors.gemini import SCHEMA_FIELDS

SCHEMA = {
    "type": "object",
    "$id": "https://example.com/s.json",
    "$comment": "a note",
    "title": "S",
    "properties": {"a": {"type": "string", "description": "A.", "deprecated": True, "readOnly": True}},
    "required": ["a"],
}


def test_the_field_set_is_the_sdk_s_own():
    types = pytest.importorskip("google.genai.types")
    assert {field.alias or name for name, field in types.Schema.model_fields.items()} == SCHEMA_FIELDS


def test_every_member_outside_the_dialect_is_an_error_under_gemini_openapi_only():
    found = {
        (d.code, d.severity, str(d.pointer), d.message)
        for d in tierone.lint(SCHEMA, profile="gemini-openapi").diagnostics
    }
    for member, place in (
        ("$id", ""),
        ("$comment", ""),
        ("deprecated", "/properties/a"),
        ("readOnly", "/properties/a"),
    ):
        assert ("T605", "error", place, f"unknown keyword `{member}`") in found, (member, found)
    assert not [d for d in tierone.lint(SCHEMA, profile="gemini").diagnostics if d.severity == "error"]


def test_the_rendition_holds_only_the_dialect_s_fields_and_the_sdk_takes_it():
    result = tierone.rewrite(SCHEMA, "gemini-openapi")
    assert result.ok, result.unfixable
    stack = [result.schema]
    while stack:
        node = stack.pop()
        assert set(node) <= SCHEMA_FIELDS, set(node) - SCHEMA_FIELDS
        stack.extend(node.get("properties", {}).values())
    assert result.schema["title"] == "S" and result.schema["properties"]["a"]["description"].startswith("A.")
    assert all(v.ok for v in all_judges(result.schema, "gemini-openapi"))
    assert tierone.strict(SCHEMA, "gemini-openapi").restore({"a": "x"}) == {"a": "x"}
