"""What the value of each keyword that takes a scalar must be, as JSON Schema's meta-schema
says: a number for a bound, a non-negative integer for a count, a regular expression for a
``pattern`` (ECMA-262's, as :mod:`.ecma_regex` reads it), true or false for ``uniqueItems``. A
schema with another value there is malformed (rule T606): every vendor and every validator
refuses it (llguidance: ``Expected f64 for 'minimum', got null``), and restore could judge no
answer against it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .dialects import BOOLEAN_BOUND_DRAFTS, defines, draft_of, names_one_of
from .patterns import is_pattern


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _count(value: Any) -> bool:
    return _number(value) and value >= 0 and float(value).is_integer()


_NUMBER = (_number, "a number")
_COUNT = (_count, "a non-negative integer")
_STRING = (lambda value: isinstance(value, str), "a string")
#: a pattern restore can search with (read as ECMAScript reads it: :mod:`.ecma_regex`)
PATTERN = (lambda value: isinstance(value, str) and is_pattern(value), "a regular expression (ECMA-262)")
_BOOLEAN = (lambda value: isinstance(value, bool), "true or false")


def _names_by_name(value: Any) -> bool:
    return isinstance(value, dict) and all(
        isinstance(names, list) and all(isinstance(name, str) for name in names) for names in value.values()
    )


#: each keyword that takes a scalar (or a plain array or object of them): whether a value is of
#: its shape, and the shape in words
SCALAR_SHAPES: dict[str, tuple[Callable[[Any], bool], str]] = {
    "minimum": _NUMBER,
    "maximum": _NUMBER,
    "exclusiveMinimum": _NUMBER,
    "exclusiveMaximum": _NUMBER,
    "multipleOf": (lambda value: _number(value) and value > 0, "a number above 0"),
    "minLength": _COUNT,
    "maxLength": _COUNT,
    "minItems": _COUNT,
    "maxItems": _COUNT,
    "minProperties": _COUNT,
    "maxProperties": _COUNT,
    "minContains": _COUNT,
    "maxContains": _COUNT,
    "pattern": PATTERN,
    "format": _STRING,
    "uniqueItems": _BOOLEAN,
    "title": _STRING,
    "description": _STRING,
    "examples": (lambda value: isinstance(value, list), "an array"),
    "dependentRequired": (_names_by_name, "an object whose values are arrays of member names"),
}
#: the same of the annotations outside the subset's table: judged on their node, so that they
#: stay unknown keywords (rule T605), which a rendition leaves
ANNOTATION_SHAPES: dict[str, tuple[Callable[[Any], bool], str]] = {
    "$comment": _STRING,
    "contentMediaType": _STRING,
    "contentEncoding": _STRING,
    "deprecated": _BOOLEAN,
    "readOnly": _BOOLEAN,
    "writeOnly": _BOOLEAN,
}
_SHAPES = {**SCALAR_SHAPES, **ANNOTATION_SHAPES}


#: the bounds draft 3 and draft 4 make exclusive with a boolean beside them
EXCLUSIVE_BOUNDS = {"exclusiveMinimum": "minimum", "exclusiveMaximum": "maximum"}


def malformed(keyword: str, value: Any, root: Any = None) -> str | None:
    """The shape ``keyword`` takes, in words, where ``value`` is not of it; None where it is
    (or the keyword takes no scalar). An exclusive bound of ``true`` or ``false`` is draft 3
    and draft 4's form: it is of its shape where the document (``root``) names one of them."""
    shape = _SHAPES.get(keyword)
    if shape is None or shape[0](value):
        return None
    if not defines(draft_of(root), keyword):  # an unknown member there, of any value
        return None
    if keyword in EXCLUSIVE_BOUNDS and isinstance(value, bool):
        if names_one_of(root, BOOLEAN_BOUND_DRAFTS):
            return None
        return f"{shape[1]} (true or false is draft 4's form: name it in `$schema`)"
    return shape[1]
