"""Hostile answers: for any answer text or data, ``Strict.parse`` and ``Strict.restore`` return
a value or raise :class:`~tierone.answers.findings.StrictError` (nothing else, in bounded
time), and ``tierone restore`` ends with one line and its documented exit code, never a
traceback: answers nesting past the parsers, numbers past a double or past what Python writes
as text, NaN and the infinities (in JSON text, inside a JSON-encoded member, in YAML), lone
surrogates decoded from a member.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel
from typer.testing import CliRunner

import tierone
from tests.answers.models import Inventory, Node
from tests.conftest import huge_int
from tierone.answers.strict import Strict
from tierone.cli import app

runner = CliRunner()


def run(*args: str | Path) -> Any:
    """The CLI in process; an exception other than the exit itself is a traceback."""
    result = runner.invoke(app, [str(arg) for arg in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output + result.stderr
    return result


class Notes(BaseModel):
    """A model whose free-form member travels JSON-encoded, beside a float pydantic takes as infinity."""

    title: str
    extra: dict[str, Any]
    score: float | None = None


#: an answer's text and data read against: a free-form map (encoded), a recursive model, a free-form
#: member of Any, and a schema source whose object member is encoded (built on first use, not at
#: collection)
SOURCES: dict[str, Any] = {
    "inventory": Inventory,
    "node": Node,
    "notes": Notes,
    "schema": {
        "type": "object",
        "properties": {"m": {"type": "object"}, "n": {"type": "number"}, "s": {"type": "string"}},
        "required": ["s"],
    },
}


@functools.cache
def reader_for(name: str) -> Strict:
    return tierone.strict(SOURCES[name], "openai")


NAMES = ["counts", "tags", "note", "label", "children", "title", "extra", "score", "m", "n", "s"]


HUGE = huge_int(5_000, "8")
SURROGATE = st.integers(0xD800, 0xDFFF).map(chr)
TEXT = st.text(st.one_of(st.characters(), SURROGATE), max_size=12)


def _nested(depth: int, opening: str, closing: str, inner: str = "") -> str:
    return opening * depth + inner + closing * depth


HOSTILE_TEXT = st.one_of(
    TEXT,
    st.binary(max_size=60).map(lambda data: data.decode("utf-8", "surrogateescape")),
    st.integers(900, 30_000).map(lambda n: _nested(n, "[", "]")),
    st.integers(900, 30_000).map(lambda n: _nested(n, '{"m": ', "}", "1")),
    st.integers(300, 6_000).map(lambda n: "1" * n),
    st.integers(300, 6_000).map(lambda n: "1" * n + ".5"),
    st.sampled_from(
        [
            "1e400",
            "-1e400",
            "1E+999",
            "NaN",
            "Infinity",
            "-Infinity",
            '"\\ud800"',
            '"\\udfff x"',
            '{"\\ud800": 1}',
            '{"a": "\\ud83d"}',
            "\ufeff{}",
            "[1,]",
            "",
        ]
    ),
)


def _answer(names: list[str], values: list[Any]) -> dict[str, Any]:
    return dict(zip(names, values, strict=False))


#: answer texts: hostile text at the root, or in each member (where an encoded member decodes it)
ANSWER_TEXT = st.one_of(
    HOSTILE_TEXT,
    st.builds(
        lambda names, texts: json.dumps(_answer(names, texts)),
        st.lists(st.sampled_from(NAMES), max_size=4),
        st.lists(HOSTILE_TEXT, max_size=4),
    ),
    st.builds(
        lambda names, texts: json.dumps(_answer(names, texts))[:-1] + ', "n": ' + texts[0] + "}",
        st.lists(st.sampled_from(NAMES), max_size=3),
        st.lists(HOSTILE_TEXT, min_size=1, max_size=3),
    ),
)


class Huge:
    """Stands for an integer of 5,000 digits until the test makes it (hypothesis shows the
    examples it runs, and Python writes no such integer as text)."""

    def __init__(self, sign: int) -> None:
        self.sign = sign

    def __repr__(self) -> str:
        return f"Huge({self.sign})"


SCALARS = st.none() | st.booleans() | st.integers() | st.sampled_from([Huge(1), Huge(-1)]) | st.floats() | TEXT
DATA = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(NAMES) | TEXT, inner, max_size=5),
    max_leaves=16,
)


def _made(value: Any) -> Any:
    """``value`` with each :class:`Huge` made the integer it stands for."""
    if isinstance(value, Huge):
        return value.sign * HUGE
    if isinstance(value, dict):
        return {name: _made(item) for name, item in value.items()}
    if isinstance(value, list):
        return [_made(item) for item in value]
    return value


def _deep(depth: int, leaf: Any, kind: str) -> Any:
    value = _made(leaf)
    for _ in range(depth):
        value = [value] if kind == "list" else {"children": [value], "label": "x"} if kind == "node" else {"m": value}
    return value


#: answer data, as (how deep to nest it, and as what, or 0; the data at the bottom): made by the
#: test, so that what hypothesis shows of an example stays shallow
HOSTILE_DATA = st.one_of(
    st.tuples(st.just(0), st.just("list"), DATA),
    st.tuples(st.integers(200, 5_000), st.sampled_from(["list", "node", "map"]), SCALARS),
    st.tuples(
        st.just(0),
        st.just("list"),
        st.builds(
            lambda names, texts: _answer(names, texts),
            st.lists(st.sampled_from(NAMES), max_size=4),
            st.lists(HOSTILE_TEXT, max_size=4),
        ),
    ),  # strings encoded members decode
)


def _returns_or_refuses(read: Any, answer: Any) -> None:
    try:
        read(answer)
    except tierone.StrictError as error:
        assert error.findings and all(isinstance(f.message, str) and f.message for f in error.findings)


@settings(max_examples=60, deadline=5_000, suppress_health_check=[HealthCheck.too_slow])
@given(reader=st.sampled_from(sorted(SOURCES)), text=ANSWER_TEXT, as_bytes=st.booleans())
@example(reader="inventory", text="[" * 1100 + "]" * 1100, as_bytes=False)
@example(reader="notes", text=json.dumps({"title": "t", "extra": "[" * 25_000 + "]" * 25_000}), as_bytes=False)
@example(reader="notes", text='{"title": "t", "extra": "{}", "score": 1e400}', as_bytes=False)
@example(reader="schema", text=json.dumps({"s": "x", "m": '{"a": -1e400}'}), as_bytes=True)
def test_any_answer_text_is_read_or_refused(reader, text, as_bytes):
    strict = reader_for(reader)
    answer = text.encode("utf-8", "surrogatepass") if as_bytes else text
    _returns_or_refuses(strict.parse, answer)
    _returns_or_refuses(strict.restore, answer)


@settings(max_examples=60, deadline=5_000, suppress_health_check=[HealthCheck.too_slow])
@given(reader=st.sampled_from(sorted(SOURCES)), data=HOSTILE_DATA)
@example(reader="inventory", data=(0, "list", {"counts": {"a": Huge(1)}, "tags": None, "note": None}))
@example(reader="schema", data=(0, "list", {"s": Huge(-1)}))
@example(reader="node", data=(3_000, "node", None))
@example(reader="notes", data=(0, "list", {"title": "t", "extra": '{"a": "\\ud800", "b": [1e400]}'}))
def test_any_answer_data_is_read_or_refused(reader, data):
    strict, (depth, kind, bottom) = reader_for(reader), data
    answer = _deep(depth, bottom, kind)
    _returns_or_refuses(strict.parse, answer)
    _returns_or_refuses(strict.restore, answer)


# --- the CLI ----------------------------------------------------------------------------------

FREE = {"type": "object", "properties": {"a": {}}}


def _one_error_line(result: Any, code: int, *parts: str) -> str:
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == code and len(lines) == 1, (result.exit_code, result.stderr)
    assert all(part in lines[0] for part in parts), lines[0]
    return str(lines[0])


@pytest.mark.parametrize("encoded", ['{"x": "\\ud800"}', '{"\\udc00": 1}', '["ok", "\\ud83d"]'])
@pytest.mark.parametrize("output_format", ["text", "json"])
def test_a_lone_surrogate_decoded_from_a_member_is_one_line_exit_2(tmp_path, encoded, output_format):
    schema = tmp_path / "s.json"
    schema.write_text(json.dumps(FREE))
    payload = tmp_path / "p.json"
    payload.write_text(json.dumps({"a": encoded}))
    result = run("restore", "--schema", schema, payload, "--format", output_format)
    _one_error_line(result, 2, f"{payload}: error: ", "lone surrogate \\ud", "not valid Unicode text", "[/a")
    assert result.stdout == ""


@pytest.mark.parametrize(
    "value, place", [(".inf", "1:4"), ("-.inf", "1:4"), (".nan", "1:4"), ("[1, .NaN]", "1:8"), ("{b: +.Inf}", "1:8")]
)
def test_a_yaml_payload_holding_a_non_finite_number_is_refused(tmp_path, value, place):
    schema = tmp_path / "s.json"
    schema.write_text(json.dumps(FREE))
    payload = tmp_path / "answer.yaml"
    payload.write_text(f"a: {value}\n")
    for output_format in ("text", "json"):
        result = run("restore", "--schema", schema, payload, "--format", output_format)
        _one_error_line(result, 2, f"{payload}:{place}: error: ", "not finite", "not JSON")
        assert result.stdout == ""


def test_a_yaml_schema_holding_a_non_finite_number_is_refused_like_json(tmp_path):
    schema = tmp_path / "s.schema.yaml"
    schema.write_text("type: object\nproperties:\n  a: {type: number, maximum: .inf}\n")
    payload = tmp_path / "p.json"
    payload.write_text('{"a": 1}')
    for args in (("restore", "--schema", schema, payload), ("lint", schema), ("rewrite", schema)):
        result = run(*args)
        _one_error_line(result, 2, f"{schema}:3:30: error: ", "not finite")
    json_schema = tmp_path / "t.schema.json"
    json_schema.write_text('{"type": "object", "properties": {"a": {"maximum": 1e400}}}')
    assert run("lint", json_schema).exit_code == 2  # as JSON refuses a number past a double
