"""``Strict.stream()`` and ``Strict.partial()``: an answer read while it streams. For any
answer and any chunking, ``close()`` gives what ``parse`` of the whole text gives (or raises
what it raises), and every partial answer is consistent with the final one: a member once
complete never changes, and the one being written is a prefix of what it becomes."""

from __future__ import annotations

import copy
import gc
import itertools
import json
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, TypeAdapter

import tierone
from tierone.answers import streaming

from .loop_models import LOOP, Line

PROFILES = ("openai", "anthropic", "gemini")
PROPERTY = settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


def chunked(text: str, sizes: list[int]) -> list[str]:
    """``text`` cut into pieces of the given sizes (cycled), each at least one character."""
    pieces, at, i = [], 0, 0
    while at < len(text):
        size = max(1, sizes[i % len(sizes)])
        pieces.append(text[at : at + size])
        at, i = at + size, i + 1
    return pieces


def consistent(partial: Any, final: Any) -> bool:
    """Whether ``partial`` can grow into ``final``: a container's entries complete (all but
    its last) equal the final's, its last consistent; a string a prefix; anything else equal."""
    if isinstance(partial, dict):
        if not isinstance(final, dict) or not set(partial) <= set(final):
            return False
        names = list(partial)
        return all(partial[n] == final[n] for n in names[:-1]) and (
            not names or consistent(partial[names[-1]], final[names[-1]])
        )
    if isinstance(partial, list):
        if not isinstance(final, list) or len(partial) > len(final):
            return False
        return all(a == b for a, b in zip(partial[:-1], final, strict=False)) and (
            not partial or consistent(partial[-1], final[len(partial) - 1])
        )
    if isinstance(partial, str) and isinstance(final, str):
        return final.startswith(partial)
    return partial == final


def streamed(made: tierone.Strict, text: str, sizes: list[int], profile: str | None = None) -> tuple[list[Any], Any]:
    """The snapshots of the partial answer after each piece, and what ``close()`` gave (or
    the error it raised)."""
    stream = made.stream(profile)
    snapshots = [copy.deepcopy(stream.feed(piece)) for piece in chunked(text, sizes)]
    try:
        return snapshots, stream.close()
    except tierone.StrictError as error:
        return snapshots, error


def whole(made: tierone.Strict, text: str, profile: str | None = None) -> Any:
    try:
        return made.parse(text, profile)
    except tierone.StrictError as error:
        return error


def same(a: Any, b: Any) -> bool:
    if isinstance(a, tierone.StrictError) or isinstance(b, tierone.StrictError):
        return type(a) is type(b) and str(a) == str(b)
    return a == b


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("name", list(LOOP))
@pytest.mark.parametrize("sizes", [[1], [3, 7, 1, 20, 2], [20], [10_000]])
def test_each_model_streams_to_what_parse_gives(name, profile, sizes):
    model, data = LOOP[name]
    made = tierone.strict(model)
    text = json.dumps(
        tierone.to_strict_form(model.model_validate(data).model_dump(mode="json"), made.original, profile)
    )
    snapshots, result = streamed(made, text, sizes, profile)
    assert result == whole(made, text, profile) == model.model_validate(data)
    final = made.restore(text, profile)
    assert snapshots[-1] == final  # the whole text: every member complete
    assert all(consistent(s, final) for s in snapshots)


@PROPERTY
@given(
    st.lists(
        st.builds(
            dict,
            item=st.text(max_size=30),
            quantity=st.integers(1, 10**20),
            unit_price=st.decimals(allow_nan=False, allow_infinity=False, places=2).map(str),
            note=st.none() | st.text(max_size=5),
        ),
        max_size=6,
    ),
    st.lists(st.integers(1, 20), min_size=1, max_size=8),
    st.sampled_from(PROFILES),
    st.integers(0, 400),
)
def test_any_answer_any_chunking_streams_to_parse_of_the_whole(lines, sizes, profile, cut):
    made = tierone.strict(LOOP["Bill"][0])
    data = {"number": "n", "issued": "2026-01-02", "lines": lines, "discount": None}
    layout = {"indent": cut % 3 or None}  # compact, or items on lines of their own
    text = json.dumps(tierone.to_strict_form(data, made.original, profile), ensure_ascii=cut % 2 == 0, **layout)
    for answer in (text, text[:cut]):  # whole, and cut short (then both refuse it alike)
        snapshots, result = streamed(made, answer, sizes, profile)
        expected = whole(made, answer, profile)
        assert same(result, expected)
        final = made.restore(text, profile)
        assert all(consistent(s, final) for s in snapshots)


@PROPERTY
@given(st.text(alphabet='{}[]":,0123456789aetrufnl \\\\', max_size=60), st.lists(st.integers(1, 5), min_size=1))
def test_any_text_at_all_ends_as_parse_ends(text, sizes):
    made = tierone.strict(LOOP["Catalogue"][0], "openai")
    _, result = streamed(made, text, sizes)
    assert same(result, whole(made, text))


@pytest.mark.parametrize("close", [True, False])
def test_a_dropped_stream_leaves_nothing_for_the_collector(close):
    """Read to its end and closed, or dropped halfway through a list: the answer so far is
    freed with the stream (no reference cycle keeps it until a collection)."""
    made = tierone.strict(LOOP["Bill"][0], "openai")
    lines = [{"item": f"line {i}", "quantity": 1, "unit_price": "1.50", "note": None} for i in range(40)]
    data = {"number": "1", "issued": "2026-01-02", "lines": lines, "discount": None}
    text = json.dumps(tierone.to_strict_form(data, made.original, "openai"))
    cut = len(text) if close else len(text) // 2
    gc.collect()
    gc.disable()
    try:
        stream = made.stream()
        for piece in chunked(text[:cut], [7]):
            stream.feed(piece)
        assert len(stream.partial["lines"]) >= 10
        if close:
            stream.close()
        del stream
        assert gc.collect() == 0
    finally:
        gc.enable()


class TestPartial:
    def test_a_growing_string_is_shown_as_far_as_it_goes_unless_asked_not_to(self):
        made = tierone.strict(LOOP["Message"][0], "openai")
        assert made.partial('{"author": "ann", "text": "hel') == {"author": "ann", "text": "hel"}
        assert made.partial('{"author": "ann", "text": "hel', strings=False) == {"author": "ann"}
        assert made.partial('{"author": "an') == {"author": "an"}
        assert made.partial('{"author": "a\\u00e9') == {"author": "aé"}
        assert made.partial("") is None and made.partial("  ") is None

    def test_null_is_absent_and_a_number_shows_once_it_ends(self):
        made = tierone.strict(LOOP["Signup"][0], "openai")
        assert made.partial('{"username": "ann", "age": 3') == {"username": "ann"}
        assert made.partial('{"username": "ann", "age": 30, "email": "a@b", "referrer": null') == {
            "username": "ann",
            "age": 30,
            "email": "a@b",
        }

    def test_an_encoded_member_shows_once_its_string_is_complete_decoded(self):
        class Settings(BaseModel):
            name: str
            extra: dict[str, Any]

        made = tierone.strict(Settings, "openai")
        assert made.rendition_of().schema["properties"]["extra"]["type"] == "string"  # carried as JSON text
        assert made.partial('{"name": "x", "extra": "{\\"a\\": ') == {"name": "x"}
        assert made.partial('{"name": "x", "extra": "{\\"a\\": 1}"') == {"name": "x", "extra": {"a": 1}}

    def test_a_wrapped_root_is_shown_unwrapped(self):
        made = tierone.strict(TypeAdapter(list[Line]), "openai")
        assert made.rendition_of().schema["required"] == ["tierone_root"]
        prefix = '{"tierone_root": [{"item": "tea", "quantity": 2, "unit_price": "1", "note": null}, {"item": "po'
        assert made.partial(prefix) == [{"item": "tea", "quantity": 2, "unit_price": "1"}]
        big = json.dumps({"tierone_root": [{"item": "x" * 300, "quantity": 1, "unit_price": "1", "note": None}]})
        assert made.partial(big[:-20]) == [{"item": "x" * 300, "quantity": 1}]  # past DESCEND: read as it comes
        assert streaming.DESCEND < 300

    @pytest.mark.parametrize("profile", PROFILES)
    def test_a_wrapped_root_fed_whole_at_once_is_read_as_parse_reads_it(self, profile):
        made = tierone.strict({"type": "object"}, profile)  # free-form: carried as JSON text in tierone_root
        good, bad = '{"tierone_root": "{\\"a\\": 1}"}', '{"tierone_root": ""}'
        assert made.partial(good) == {"a": 1}
        stream = made.stream()
        stream.feed(good)
        assert stream.close() == made.parse(good) == {"a": 1}
        stream = made.stream()
        stream.feed(bad)
        with pytest.raises(tierone.StrictError) as raised:
            stream.close()  # not the wrapper itself, taken for the answer
        assert str(raised.value) == str(whole(made, bad))

    def test_a_member_named_like_the_wrapper_after_another_is_not_taken_for_it(self):
        made = tierone.strict({"type": "object", "additionalProperties": {"type": "integer"}}, "gemini")
        assert made.rendition_of().reader.reader.wrapped is not None  # a map root: read as a wrapper may be
        text = '{"a": 1, "tierone_root": 20606, "b": 3}'
        stream = made.stream()
        partials = [copy.deepcopy(stream.feed(text[i : i + 5])) for i in range(0, len(text), 5)]
        assert 20606 not in partials
        assert stream.close() == made.parse(text) == {"a": 1, "tierone_root": 20606, "b": 3}

    def test_the_partial_grows_in_place(self):
        made = tierone.strict(LOOP["Message"][0], "openai")
        stream = made.stream()
        first = stream.feed('{"author": "ann", ')
        assert stream.feed('"text": "hi"') is first == {"author": "ann", "text": "hi"} == stream.partial

    def test_a_closed_stream_takes_no_more(self):
        stream = tierone.strict(LOOP["Message"][0], "openai").stream()
        stream.feed('{"author": "a", "text": "b", "replies": []}')
        assert stream.close() == LOOP["Message"][0](author="a", text="b")
        with pytest.raises(ValueError, match="this stream is closed"):
            stream.feed(" ")

    def test_text_that_is_not_json_stops_the_partial_and_close_says_why(self):
        made = tierone.strict(LOOP["Message"][0], "openai")
        stream = made.stream()
        assert stream.feed('{"author": "a", "text": "b" "rep') == {"author": "a", "text": "b"}
        assert stream.feed('lies": []}') == {"author": "a", "text": "b"}  # no comma: reading stopped
        with pytest.raises(tierone.StrictError, match="the answer is not JSON") as raised:
            stream.close()
        assert str(raised.value) == str(whole(made, '{"author": "a", "text": "b" "replies": []}'))

    def test_a_bad_escape_in_a_member_name_stops_the_partial_and_close_says_why(self):
        made = tierone.strict(LOOP["Message"][0], "openai")
        stream = made.stream()
        assert stream.feed('{"author": "a", "te\\x') == {"author": "a"}  # feed never raises on bad text
        assert stream.feed('t": "b"}') == {"author": "a"}
        with pytest.raises(tierone.StrictError, match="Invalid .escape") as raised:
            stream.close()
        assert str(raised.value) == str(whole(made, '{"author": "a", "te\\xt": "b"}'))

    def test_small_items_are_read_as_each_closes_even_with_closers_inside_their_strings(self):
        made = tierone.strict(LOOP["Bill"][0], "openai")
        lines = [
            {"item": "a } ] {", "quantity": 1, "unit_price": "1", "note": None},
            {"item": "b", "quantity": 2, "unit_price": "2", "note": "x}"},
        ]
        data = {"number": "n", "issued": "2026-01-02", "lines": lines, "discount": None}
        text = json.dumps(tierone.to_strict_form(data, made.original, "openai"), indent=1)  # newlines between items
        snapshots, result = streamed(made, text, [3])
        assert same(result, whole(made, text))
        shown = [len(s.get("lines", [])) for s in snapshots if isinstance(s, dict)]
        assert shown == sorted(shown) and shown[-1] == 2  # each item shown once it is complete, never taken back
        assert {"item": "a } ] {", "quantity": 1, "unit_price": "1"} in snapshots[-1]["lines"]

    @pytest.mark.parametrize("gap", [", ", ",\n  ", ","])
    def test_an_item_is_shown_once_complete_when_chunks_end_between_items(self, gap):
        made = tierone.strict(LOOP["Bill"][0], "openai")
        lines = [{"item": f"i{n}", "quantity": 1, "unit_price": "1", "note": "n" * 90} for n in range(4)]
        body = gap.join(json.dumps(line) for line in lines)
        text = '{"number": "n", "issued": "2026-01-02", "lines": [' + body + '], "discount": null}'
        stream = made.stream()
        # chunks end just past an item's comma (the next one opens in the chunk after) and inside items
        cuts = sorted({0, len(text), *(m.end() for m in re.finditer(r"\},|\{\"item", text))})
        pieces = [text[a:b] for a, b in itertools.pairwise(cuts) if b > a]
        shown = []
        for piece in pieces:
            partial = stream.feed(piece)
            shown.append([line["item"] for line in partial.get("lines", [])])
        assert shown[-1] == ["i0", "i1", "i2", "i3"]
        assert all(shown[i] == shown[-1][: len(shown[i])] for i in range(len(shown)))
        assert stream.close() == whole(made, text)

    def test_without_a_profile_the_first_reading_shows_the_partial(self):
        model, data = LOOP["Catalogue"]
        made = tierone.strict(model)
        text = json.dumps(tierone.to_strict_form(data, made.original, "gemini"))
        stream = made.stream()
        for piece in chunked(text, [4]):
            stream.feed(piece)
        assert stream.close() == model.model_validate(data)


@pytest.mark.parametrize("profile", PROFILES)
def test_an_item_is_read_in_place_whether_its_text_holds_null_or_not(profile):
    """An item whose plan only drops nulls is left as it is where its text holds no null (as
    the short way of ``parse`` leaves a whole answer); a null there, or the word in a string,
    still reads it: every item complete so far is as the whole reading gives it."""
    made = tierone.strict(LOOP["Bill"][0], profile)
    notes = [None, "null", "ok", None, "nullable", "x"]
    lines = [{"item": f"line {i}", "quantity": 2, "unit_price": "1.50", "note": note} for i, note in enumerate(notes)]
    data = {"number": "1", "issued": "2026-01-02", "lines": lines, "discount": None}
    text = json.dumps(tierone.to_strict_form(data, made.original, profile))
    final = made.restore(text, profile)
    assert [line.get("note") for line in final["lines"]] == notes
    assert ["note" in line for line in final["lines"]] == [note is not None for note in notes]
    snapshots, result = streamed(made, text, [5])
    assert result == made.parse(text)
    complete = [s for s in snapshots if len(s.get("lines", ())) == len(notes)]
    assert complete and all(s["lines"] == final["lines"] for s in complete)


#: an open object that declares members (its others travel in its string member tierone_rest),
#: beside members before and after it: every rendition's reader may merge gathered members
OPEN_MEMBERS = {
    "type": "object",
    "properties": {
        "title": {"type": "string"},
        "meta": {"type": "object", "properties": {"name": {"type": "string"}}, "patternProperties": {"^x_": {}}},
        "lines": {"type": "array", "items": {"type": "object", "properties": {"q": {"type": "integer"}}}},
    },
}


@pytest.mark.parametrize("profile", ["tier1", "vendors", *PROFILES])
@pytest.mark.parametrize("sizes", [[1], [3, 7, 1, 20, 2], [10_000]])
def test_an_answer_whose_reader_merges_gathered_members_shows_as_it_comes(profile, sizes):
    """Where the reader merges members gathered into ``tierone_rest`` (the original holds an
    open object that declares members), the answer showed nothing at all until the stream
    closed: every object was read whole at the end."""
    made = tierone.strict(OPEN_MEMBERS, profile)
    instance = {"title": "a title " * 8, "meta": {"name": "m", "x_a": [1]}, "lines": [{"q": i} for i in range(40)]}
    text = json.dumps(tierone.to_strict_form(instance, OPEN_MEMBERS, profile))
    snapshots, result = streamed(made, text, sizes)
    assert result == whole(made, text) == instance
    assert all(consistent(s, instance) for s in snapshots)
    if sizes != [10_000]:
        assert {"title": "a title " * 8} in snapshots  # the first member shown before the rest came
        assert any(s is not None and 0 < len(s.get("lines", ())) < 40 for s in snapshots)  # items as they come


@pytest.mark.parametrize("sizes", [[1], [3, 7, 1, 20, 2]])
def test_members_gathered_to_keep_a_limit_show_once_their_text_is_complete(sizes):
    """A model of 30 optional fields under tier1: the last 14 travel in the root's
    ``tierone_rest`` (a count limit); they show once its text is complete, their nulls absent."""
    from pydantic import create_model

    wide = create_model("Wide", **{f"f{i}": (int | None, None) for i in range(30)})  # type: ignore[call-overload]
    made = tierone.strict(wide, "tier1")
    instance = {"f1": 1, "f17": 17, "f29": 29}
    text = json.dumps(tierone.to_strict_form(instance, made.original, "tier1"))
    assert '"tierone_rest"' in text
    snapshots, result = streamed(made, text, sizes)
    assert result == whole(made, text) == wide(**instance)
    assert {"f1": 1} in snapshots and snapshots[-1] == instance
    assert all(consistent(s, instance) for s in snapshots)


def test_members_after_the_gathered_ones_end_in_the_order_parse_gives():
    """An answer that writes ``tierone_rest`` before the other members: what the stream closes
    with is what parse of the whole text gives, in its order, and a null after it is absent."""
    members = {f"f{i}": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": None} for i in range(30)}
    original = {"type": "object", "properties": members}
    made = tierone.strict(original, "tier1")
    form = tierone.to_strict_form({"f1": 1, "f29": 29}, original, "tier1")
    assert "tierone_rest" in form
    text = json.dumps({"tierone_rest": form["tierone_rest"], **{k: v for k, v in form.items() if k != "tierone_rest"}})
    snapshots, result = streamed(made, text, [3, 7, 1, 20, 2])
    expected = whole(made, text)
    assert result == expected == {"f1": 1, "f29": 29} and list(result) == list(expected)
    assert {"f29": 29} in snapshots and all(None not in s.values() for s in snapshots if s)
