"""Renditions' names and markers: a pattern read backwards finds the source it was expanded from,
and a marker says what it was given, whatever the path holds."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tierone.core import renditions

NAMES = st.text(st.sampled_from("ab.-_ \"\\é"), min_size=1, max_size=12).filter(
    lambda name: name.strip(".") and not name.endswith("."))
PATTERNS = st.sampled_from(["{stem}.strict{suffix}", "strict/{stem}{suffix}", "{stem}.{profile}{suffix}",
                            "out/{profile}/{stem}.s{suffix}"])


@given(st.lists(NAMES, min_size=1, max_size=3), PATTERNS, st.sampled_from(["tier1", "openai", "tier1-load-bearing"]))
def test_a_pattern_read_backwards_finds_its_source(parts, pattern, profile):
    source = "/".join(parts)
    rendition = renditions.rendition_path(source, profile, pattern)
    assert (renditions.os.path.normpath(source), profile) in renditions.named_sources(rendition, pattern, [profile])


@given(NAMES, st.sampled_from(["tier1", "openai", "anthropic"]), st.text(max_size=30))
def test_a_marker_says_what_it_was_given(source, profile, own):
    text = renditions.marker_text(source, profile, renditions.digest("x"))
    schema = renditions.mark({"$comment": own, "type": "object"} if own else {"type": "object"}, text, profile)
    assert renditions.marker_of(schema) == renditions.Marker(source, profile, renditions.digest("x"))
    kept = [line for line in own.splitlines() if not line.startswith(renditions.PREFIX)]
    assert schema["$comment"].splitlines()[:-1] == kept  # the schema's own comment is kept


def test_gemini_renditions_carry_no_marker_and_marking_twice_keeps_one():
    text = renditions.marker_text("a.json", "gemini", renditions.digest(""))
    assert renditions.mark({"type": "object"}, text, "gemini") == {"type": "object"}
    once = renditions.mark({"$schema": "s", "type": "object"}, renditions.marker_text("a.json", "tier1", "0" * 16), "tier1")
    twice = renditions.mark(once, renditions.marker_text("b.json", "tier1", "1" * 16), "tier1")
    assert list(twice) == ["$schema", "$comment", "type"] and renditions.marker_of(twice).source == "b.json"
    assert twice["$comment"].count(renditions.PREFIX) == 1


@pytest.mark.parametrize("source, expected", [
    ("a.schema.json", "a.schema.strict.json"), ("d/t.schema.yaml", "d/t.schema.strict.yaml"), ("noext", "noext.strict")])
def test_the_default_name(source, expected):
    assert renditions.rendition_path(source, "tier1") == expected


def test_what_looks_rewritten():
    assert renditions.looks_rewritten({"properties": {"m": {"type": ["string", "null"],
                                                             "description": "A JSON-encoded value (a string holding JSON)."}}})
    assert not renditions.looks_rewritten({"properties": {"m": {"type": "object", "description": "JSON-encoded"}}})
