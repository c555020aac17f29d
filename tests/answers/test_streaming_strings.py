"""A long string read while it streams: shown as far as it goes after every chunk (escapes
decoded, one cut short held back until it ends, a surrogate pair never split), and read in
linear time: a chunk inside a string is not a reason to read the string again from its start,
whether it is shown, left out (``strings=False``) or an encoded member shown once complete."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

import tierone
from tierone.answers.incremental import Incremental

from .test_streaming import chunked


class Essay(BaseModel):
    title: str
    body: str
    notes: list[str]


class Settings(BaseModel):
    name: str
    extra: dict[str, Any]


PROPERTY = settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
#: prose as models write it: quotes, newlines, tabs, backslashes, accents, an emoji (a surrogate pair escaped)
PROSE = 'He said "yes".\nThen\ta path C:\\temp, café, ☕ and 😀 — done. '


def decoded(raw: str) -> str | None:
    """A string's text so far decoded, where it stops at a clean place (no escape cut short, no
    high surrogate waiting for its pair); None elsewhere."""
    try:
        value = json.loads('"' + raw + '"')
    except ValueError:
        return None
    return None if value and "\ud800" <= value[-1] <= "\udbff" else value


@PROPERTY
@given(
    body=st.text(max_size=300) | st.just(PROSE * 8),
    ascii_only=st.booleans(),
    sizes=st.lists(st.integers(1, 13), min_size=1, max_size=6),
)
def test_a_string_is_shown_as_far_as_it_goes_after_every_chunk(body, ascii_only, sizes):
    made = tierone.strict(Essay, "openai")
    text = json.dumps({"title": "t", "body": body, "notes": []}, ensure_ascii=ascii_only)
    start = text.index('"body": "') + len('"body": "')
    end = start + len(json.dumps(body, ensure_ascii=ascii_only)) - 2  # its closing quote
    stream, at, previous = made.stream(), 0, ""
    for piece in chunked(text, sizes):
        partial, at = stream.feed(piece), at + len(piece)
        shown = partial.get("body")
        if shown is None:
            assert at <= start
            continue
        assert body.startswith(shown) and shown.startswith(previous)  # only ever grows, towards the body
        expected = body if at > end else decoded(text[start:at])
        if expected is not None:
            assert shown == expected  # as far as it goes
        previous = shown
    assert previous == body
    assert stream.close() == Essay(title="t", body=body, notes=[])


def test_a_surrogate_pair_cut_between_chunks_is_never_shown_split():
    made = tierone.strict(Essay, "openai")
    text = '{"title": "t", "body": "a\\ud83d\\ude00b"}'
    cut = text.index("\\ude00")
    stream = made.stream()
    assert stream.feed(text[:cut])["body"] == "a"  # the high surrogate waits for its pair
    assert stream.feed(text[cut : cut + 3])["body"] == "a"  # the low one cut short
    assert stream.feed(text[cut + 3 : cut + 7])["body"] == "a😀b"


class Reads:
    """How many times the streaming parser reads on from where it stands (``advance``)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count, advance = 0, Incremental.advance

        def counted(parsing: Incremental) -> None:
            self.count += 1
            advance(parsing)

        monkeypatch.setattr(Incremental, "advance", counted)


@pytest.mark.parametrize("strings", [True, False])
@pytest.mark.parametrize("length", [2_000, 40_000])
def test_chunks_inside_a_long_string_do_not_read_it_again(monkeypatch, strings, length):
    made = tierone.strict(Essay, "openai")
    body = (PROSE * (length // len(PROSE) + 1))[:length]
    text = json.dumps({"title": "t", "body": body, "notes": ["x"]})
    reads, stream = Reads(monkeypatch), made.stream(strings=strings)
    pieces = chunked(text, [7, 3, 11])
    partials = [stream.feed(piece) for piece in pieces]
    assert partials[-1] == {"title": "t", "body": body, "notes": ["x"]}
    assert reads.count <= 8  # a few reads for the whole answer, not one per chunk (hundreds)
    assert stream.close() == Essay(title="t", body=body, notes=["x"])


def test_an_encoded_member_being_written_is_not_read_again_per_chunk(monkeypatch):
    made = tierone.strict(Settings, "openai")
    extra = {f"key {n}": 'a "quoted" value\n' * 3 for n in range(300)}
    text = json.dumps({"name": "x", "extra": json.dumps(extra)})
    reads, stream = Reads(monkeypatch), made.stream()
    shown = [dict(stream.feed(piece)) for piece in chunked(text, [5, 9])]
    assert all(partial == {"name": "x"} for partial in shown[2:-2])  # shown once complete, decoded
    assert shown[-1] == {"name": "x", "extra": extra}
    assert reads.count <= 8
