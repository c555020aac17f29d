"""The rewriter's changes and what it could not fix carry structured pointers, and its
passes read references from the schema's one graph instead of building their own."""

from __future__ import annotations

import re
from pathlib import Path

from tierone import rewrite
from tierone.core.pointer import ROOT, Pointer

SRC = Path(__file__).resolve().parents[2] / "src" / "tierone"
PASS_SOURCES = [*sorted((SRC / "rewriter" / "passes").glob("*.py")), SRC / "rewriter" / "rewrite.py"]

SCHEMA = {
    "type": "object",
    "properties": {
        "a/b": {"type": "string"},
        "m": {"type": "object"},
        "u": {
            "anyOf": [{"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"]}, {"type": "null"}]
        },
    },
}


def test_changes_and_unfixables_point_with_segments():
    result = rewrite(SCHEMA, open_objects="error", id="urn:x")
    where = {(change.pointer, change.why.split()[0]) for change in result.changes}
    assert {
        (Pointer(("properties", "a/b")), "T104"),
        (Pointer(("properties", "u", "anyOf", 0)), "T102"),
        (Pointer(("$id",)), "a"),
    } <= where
    assert all(isinstance(item.pointer, Pointer) for item in (*result.changes, *result.unfixable))
    assert [(u.pointer, u.rule) for u in result.unfixable] == [(Pointer(("properties", "m")), "T102")]
    assert "/properties/a~1b" in {str(change.pointer) for change in result.changes}


def test_a_finding_the_passes_already_reported_is_not_reported_again():
    # encode_free_form and the final lint both find T101 at the root (which, open objects
    # refused, is not carried in a wrapper)
    result = rewrite({"type": "object"}, open_objects="error")
    assert [(u.pointer, u.rule) for u in result.unfixable].count((ROOT, "T101")) == 1


def test_no_pass_formats_a_pointer():
    formatting = re.compile(r'str\((\w+\.)*pointer\b|["\']/["\']\.join|(Change(\.for_rule)?|Unfixable)\(["\']')
    found = [
        f"{path.name}:{n}: {line.strip()}"
        for path in PASS_SOURCES
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if formatting.search(line)
    ]
    assert found == []


def test_the_passes_build_no_reference_graph_of_their_own():
    own = re.compile(r"\b(RefResolver|recursive_sites)\b")
    found = [
        f"{path.name}:{n}: {line.strip()}"
        for path in PASS_SOURCES
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if own.search(line)
    ]
    assert found == []


def test_a_refusal_inside_draft_7_definitions_names_them_once():
    schema = {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object",
        "properties": {"a": {"$ref": "#/definitions/A"}},
        "definitions": {"A": {"type": "object", "properties": {"u": {"$ref": "https://example.org/u.json"}}}},
    }
    for profile in ("openai", "anthropic", "gemini"):  # the rendition calls them $defs, and spells null its way
        refused = [(str(u.pointer), u.rule) for u in rewrite(schema, profile).unfixable]
        assert refused == [("/definitions/A/properties/u", "T502")], profile
