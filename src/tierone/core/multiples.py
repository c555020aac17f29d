"""``multipleOf`` judged on the numbers the JSON text writes, not on their binary doubles.

JSON Schema asks whether dividing the instance by the keyword's value gives an integer. The
text ``19.99`` and the value ``0.01`` are decimals whose quotient is 1999, but their doubles
divide to ``1998.9999999999998``, so jsonschema (and JavaScript's validators by default)
refuse a price of 19.99 with ``multipleOf: 0.01``, and restore refused every such answer. Here
each number is taken as the decimal its shortest form writes (``repr``: what JSON text holds
for a parsed double, ``19.99``), and the division is exact (fractions).
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from fractions import Fraction
from typing import Any

__all__ = ["is_multiple", "multiple_of"]


def _exact(number: float) -> Fraction:
    """The decimal ``number`` writes, exactly (an integer as it is)."""
    return Fraction(number) if isinstance(number, int) else Fraction(Decimal(repr(number)))


def is_multiple(value: float, step: float) -> bool:
    """Whether ``value`` divided by ``step`` (above 0) is an integer, as decimals."""
    if isinstance(value, int) and isinstance(step, int):
        return value % step == 0
    return (_exact(value) / _exact(step)).denominator == 1


def multiple_of(validator: Any, step: Any, instance: Any, schema: Any) -> Iterator[Any]:
    """jsonschema's ``multipleOf`` (and draft 3's ``divisibleBy``), judged by :func:`is_multiple`."""
    from jsonschema.exceptions import ValidationError

    if not validator.is_type(instance, "number") or not validator.is_type(step, "number") or step <= 0:
        return
    try:
        whole = is_multiple(instance, step)
    except (ValueError, OverflowError, ZeroDivisionError):  # not finite: no multiple of anything
        whole = False
    if not whole:
        yield ValidationError(f"{instance!r} is not a multiple of {step}")
