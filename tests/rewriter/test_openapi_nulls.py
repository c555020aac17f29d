"""gemini-openapi spells null ``"nullable": true`` (OpenAPI 3.0 has no null type): a union's
branch of null alone, annotated or not, becomes the union's ``nullable``; the string ``"null"``
is a string like any other (rule T221 is about the null value only)."""

from __future__ import annotations

import tierone
from tests.served import assert_served

#: JsonSchemaStore/lego: a null branch that carries the description its siblings carry
ANNOTATED_NULL = {
    "type": "object",
    "properties": {
        "file": {
            "anyOf": [
                {"description": "The file format", "type": "string"},
                {"description": "The file format", "type": "null"},
                {"description": "The file format", "type": "object", "properties": {"name": {"type": "string"}}},
            ]
        }
    },
    "required": ["file"],
}
#: Github_hard/o84330, o69208: the string "null" as an enum value (Avro's type names)
NULL_TEXT = {
    "type": "object",
    "properties": {"api": {"type": "string", "enum": ["null"]}, "kind": {"enum": ["null", "int", "string"]}},
    "required": ["api", "kind"],
}


def test_an_annotated_null_branch_becomes_nullable():
    result = assert_served(ANNOTATED_NULL, "gemini-openapi", [{"file": None}, {"file": "x"}, {"file": {"name": "n"}}])
    union = result.schema["properties"]["file"]
    assert union["nullable"] is True and all(b.get("type") != "null" for b in union["anyOf"])


def test_the_string_null_is_no_null_value():
    assert_served(NULL_TEXT, "gemini-openapi", [{"api": "null", "kind": "int"}])
    codes = {d.code for d in tierone.lint(NULL_TEXT, profile="gemini-openapi").diagnostics}
    assert "T221" not in codes
    assert "T221" in {d.code for d in tierone.lint({"enum": [None]}, profile="gemini-openapi").diagnostics}
