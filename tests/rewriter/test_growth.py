"""Copies of shared definitions never grow a rendition exponentially: a fan-out of references
with siblings, or of definitions written out for google-genai, stops at a size bound and says
so (a rendition of millions of nodes is no schema a vendor can carry, and took minutes)."""

from __future__ import annotations

import time

from tierone.core.walker import walk
from tierone.rewriter.passes.definitions import MAX_BESIDE_ENCODED
from tierone.rewriter.passes.references import INLINED
from tierone.rewriter.rewrite import rewrite

LEVELS = 12


def _fan_out(siblings: dict) -> dict:
    """Definition D0 refers four times to D1, each reference with ``siblings``, and so on:
    written out, 4**12 copies of the last one."""
    defs = {f"D{LEVELS}": {"type": "object", "properties": {"leaf": {"type": "string"}}, "required": ["leaf"]}}
    for level in range(LEVELS - 1, -1, -1):
        members = {f"m{i}": {"$ref": f"#/$defs/D{level + 1}", **siblings} for i in range(4)}
        defs[f"D{level}"] = {"type": "object", "properties": members, "required": list(members)}
    return {"type": "object", "properties": {"root": {"$ref": "#/$defs/D0"}}, "required": ["root"], "$defs": defs}


def _size(schema: object) -> int:
    return sum(1 for _ in walk(schema))


def test_annotations_beside_shared_references_stop_being_copied_past_the_bound():
    started = time.perf_counter()
    # anthropic: no depth limit (OpenAI's 10 levels would carry the 12 levels as one JSON string)
    result = rewrite(_fan_out({"description": "one of four"}), "anthropic")
    assert time.perf_counter() - started < 10
    assert result.ok, result.unfixable
    assert _size(result.schema) < 8 * INLINED
    # past the bound, the description moves to a one-branch anyOf around the reference
    wrapped = [v.schema for v in walk(result.schema) if isinstance(v.schema, dict) and "anyOf" in v.schema]
    assert wrapped and all(w["description"] == "one of four" for w in wrapped)


def test_other_siblings_past_the_bound_are_refused_not_copied():
    result = rewrite(_fan_out({"minProperties": 1}), "openai")
    assert {u.rule for u in result.unfixable} == {"T106"}
    assert any("would grow too large" in u.reason for u in result.unfixable)


def test_definitions_written_out_for_google_genai_past_the_bound_travel_as_json_strings():
    started = time.perf_counter()
    result = rewrite(_fan_out({}), "gemini-openapi")
    assert time.perf_counter() - started < 10
    assert result.ok, result.unfixable
    carried = {str(c.pointer) for c in result.loosened if c.rule == "T504"}
    # a few definitions whose copies are large are enough; the small ones below them stay written out
    assert 1 <= len(carried) <= 3 and f"/$defs/D{LEVELS}" not in carried
    assert _size(result.schema) < 2 * MAX_BESIDE_ENCODED
    assert "$defs" not in result.schema


def test_with_exact_the_copies_past_the_bound_are_refused():
    result = rewrite(_fan_out({}), "gemini-openapi", exact=True)
    assert [u.reason for u in result.unfixable if u.rule == "T504" and "schema nodes" in u.reason]
