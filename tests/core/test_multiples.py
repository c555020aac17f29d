"""``multipleOf`` is judged on the decimals the JSON text writes (tierone.core.multiples), so a
price of 19.99 is a multiple of 0.01, as JSON Schema means, though its double is not."""

from __future__ import annotations

import json
from decimal import Decimal

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tierone
from tierone.core.multiples import is_multiple
from tierone.core.validation import validator


@pytest.mark.parametrize(
    ("value", "step", "expected"),
    [
        (19.99, 0.01, True),  # 19.99 / 0.01 is 1998.9999999999998 in doubles
        (4.35, 0.01, True),
        (0.07, 0.01, True),
        (0.3, 0.1, True),
        (10, 2.5, True),
        (7.5, 2.5, True),
        (12, 4, True),
        (1e300, 1e-300, True),
        (19.995, 0.01, False),
        (1e-07, 0.01, False),
        (0.001, 0.01, False),
        (13, 4, False),
        (2**70 + 1, 2, False),
        (2**70, 2, True),
    ],
)
def test_a_multiple_is_judged_on_the_decimals(value: float, step: float, expected: bool) -> None:
    assert is_multiple(value, step) is expected


def test_jsonschema_alone_refuses_what_is_a_multiple() -> None:
    """The defect this mends: the doubles' quotient is not whole."""
    assert not jsonschema.Draft202012Validator({"multipleOf": 0.01}).is_valid(19.99)
    assert validator({"multipleOf": 0.01}).is_valid(19.99)
    assert not validator({"multipleOf": 0.01}).is_valid(19.995)
    assert validator({"$schema": "http://json-schema.org/draft-03/schema#", "divisibleBy": 0.01}).is_valid(4.35)


_STEPS = st.sampled_from(["0.01", "0.05", "0.1", "0.25", "0.5", "1", "2.5", "0.001", "0.3", "7"]).map(Decimal)


@given(st.integers(-(10**9), 10**9), _STEPS)
def test_any_whole_number_of_steps_is_a_multiple_and_half_a_step_more_is_not(count: int, step: Decimal) -> None:
    value = count * step  # exact; as a double, its shortest form is the same text
    assert is_multiple(float(value), float(step))
    assert not is_multiple(float(value + step / 2), float(step))


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini"])
def test_restore_takes_a_price_in_cents(profile: str) -> None:
    schema = {
        "type": "object",
        "properties": {"price": {"type": "number", "multipleOf": 0.01, "minimum": 0}},
        "required": ["price"],
        "additionalProperties": False,
    }
    made = tierone.strict(schema, profile=profile)
    for price in (19.99, 4.35, 0.07, 100):
        assert made.parse(json.dumps({"price": price})) == {"price": price}
    with pytest.raises(tierone.StrictError, match="not a multiple of 0.01"):
        made.parse('{"price": 19.995}')
