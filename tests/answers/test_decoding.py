"""The read side's JSON parser reads exactly what Python's json reads: the same values of the
same types (integers of any size, floats to the last bit, duplicate members, deep nesting),
and refuses what json refuses or hands it back for json to read."""

from __future__ import annotations

import json
import math

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tierone
from tierone.answers.decoding import loads

from .models import Inventory

_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**80), max_value=2**80)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
)
_JSON = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)


def _same(left, right) -> bool:
    """Equal, with the same types all the way down (1 and 1.0 differ; -0.0 and 0.0 differ)."""
    if type(left) is not type(right):
        return False
    if isinstance(left, dict):
        return list(left) == list(right) and all(_same(left[k], right[k]) for k in left)
    if isinstance(left, list):
        return len(left) == len(right) and all(map(_same, left, right))
    if isinstance(left, float):
        return left == right and math.copysign(1, left) == math.copysign(1, right)
    return bool(left == right)


@settings(max_examples=400)
@given(_JSON, st.booleans())
def test_reads_what_json_reads(value, as_bytes):
    text = json.dumps(value, ensure_ascii=False)
    assert _same(loads(text.encode() if as_bytes else text), json.loads(text))


@pytest.mark.parametrize(
    "text",
    [
        "123456789012345678901234567890",
        "-98765432109876543210",
        '{"n": 18446744073709551616}',
        '{"a": 1, "a": 2, "b": 3}',
        "5e-324",
        "1.7976931348623157e308",
        "-0",
        "-0.0",
        "1E2",
        '"\\ud83d\\ude00"',
    ],
)
def test_edge_cases_read_as_json_reads_them(text):
    try:
        got = loads(text)
    except orjson.JSONDecodeError:
        pytest.fail("refused what json reads")
    assert _same(got, json.loads(text))


@pytest.mark.parametrize(
    "text", ["NaN", "Infinity", "[1,]", "[01]", ".5", "+1", '"\\x41"', "[1] x", "", "\ufeff[1]", '"\x01"', "\x0c[1]"]
)
def test_refuses_what_json_refuses_or_what_is_not_json(text):
    with pytest.raises(orjson.JSONDecodeError):
        loads(text)


def test_nesting_past_the_fast_parsers_is_read_by_the_other():
    value = loads("[" * 1000 + "]" * 1000)
    for _ in range(999):
        assert type(value) is list and len(value) == 1
        value = value[0]
    assert value == []


@pytest.mark.parametrize(
    "text",
    [
        "[" * 300 + "12345678901234567890123" + "]" * 300,  # past the fast parser's nesting, and orjson's float
        '"\\ud800"',  # a lone surrogate, escaped: neither fast parser reads it
    ],
)
def test_what_only_json_reads_is_left_to_it(text):
    with pytest.raises(orjson.JSONDecodeError):
        loads(text)
    json.loads(text)


@pytest.mark.parametrize("spelled", ["98765432109876543210", "987654321\\u00309876543210"])
def test_an_integer_past_64_bits_in_an_encoded_member_is_read_exactly(spelled):
    # the second spells a digit as an escape: the answer's text then holds no run of 19 digits,
    # but the JSON text its string holds does
    made = tierone.strict(Inventory, "openai")
    text = '{"counts": "{\\"a\\": ' + spelled + '}", "tags": [], "note": null}'
    assert made.parse(text).counts == {"a": 98765432109876543210}
    assert made.restore(text) == {"counts": {"a": 98765432109876543210}, "tags": []}
