"""Renditions' markers: a marker says what it was given, whatever the path holds; a marker that
cannot be read is a MarkerError, never another exception."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tierone.core import renditions

NAMES = st.text(st.sampled_from('ab.-_ "\\é'), min_size=1, max_size=12).filter(
    lambda name: name.strip(".") and not name.endswith(".")
)


@given(NAMES, st.sampled_from(["tier1", "openai", "anthropic"]), st.text(max_size=30))
def test_a_marker_says_what_it_was_given(source, profile, own):
    text = renditions.marker_text(source, profile, renditions.digest("x"))
    schema = renditions.mark({"$comment": own, "type": "object"} if own else {"type": "object"}, text)
    assert renditions.marker_of(schema) == renditions.Marker(source, profile, renditions.digest("x"))
    kept = [line for line in own.splitlines() if not line.startswith(renditions.PREFIX)]
    assert schema["$comment"].splitlines()[:-1] == kept  # the schema's own comment is kept


def test_marking_twice_keeps_one():
    once = renditions.mark({"$schema": "s", "type": "object"}, renditions.marker_text("a.json", "tier1", "0" * 16))
    twice = renditions.mark(once, renditions.marker_text("b.json", "tier1", "1" * 16))
    assert list(twice) == ["$schema", "$comment", "type"] and renditions.marker_of(twice).source == "b.json"
    assert twice["$comment"].count(renditions.PREFIX) == 1


def test_what_looks_rewritten():
    assert renditions.looks_rewritten(
        {
            "properties": {
                "m": {"type": ["string", "null"], "description": "A JSON-encoded value (a string holding JSON)."}
            }
        }
    )
    assert not renditions.looks_rewritten({"properties": {"m": {"type": "object", "description": "JSON-encoded"}}})


@given(st.text(max_size=80))
def test_any_comment_gives_a_marker_none_or_a_marker_error(text):
    for comment in (
        text,
        renditions.PREFIX + text,
        f'{renditions.PREFIX} of "{text}" (profile tier1, source sha256:{"0" * 16})',
    ):
        try:
            found = renditions.marker_of({"$comment": comment})
        except renditions.MarkerError as error:
            assert "\n" not in str(error) and len(str(error)) < 200
            continue
        if found is not None and found.source is not None:
            assert found.source and not found.source.startswith("/")
            assert not any(ord(c) < 32 or 0xD800 <= ord(c) <= 0xDFFF for c in found.source)


@pytest.mark.parametrize("path", ["a\\qb", "\\u12zz", "a\\u0000b", "\\ud800", "", "/etc/passwd"])
def test_a_malformed_marker_is_a_marker_error(path):
    comment = f'{renditions.PREFIX} of "{path}" (profile tier1, source sha256:{"0" * 16})'
    with pytest.raises(renditions.MarkerError):
        renditions.marker_of({"$comment": comment})
    assert renditions.is_marked({"$comment": comment})
