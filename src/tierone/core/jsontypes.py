"""JSON-Schema type names and what values they admit."""

from __future__ import annotations

from collections.abc import Container, Iterable, Mapping
from typing import Any

TYPE_NAMES = frozenset({"string", "number", "integer", "boolean", "object", "array", "null"})
#: the types of values that are neither objects nor arrays
SCALAR_TYPE_NAMES = TYPE_NAMES - {"object", "array"}


def declared_types(schema: dict[str, Any]) -> tuple[str, ...] | None:
    """The schema's ``type`` as a tuple, or None when it declares none (or a malformed one)."""
    declared = schema.get("type")
    if isinstance(declared, str):
        return (declared,)
    if isinstance(declared, list) and all(isinstance(t, str) for t in declared):
        return tuple(declared)
    return None


def listed_values(schema: Mapping[str, Any]) -> list[Any] | None:
    """The values ``schema`` lists: its ``enum`` (an array), else its ``const``; None where it lists none."""
    found = schema.get("enum")
    if isinstance(found, list):
        return found
    return [schema["const"]] if "const" in schema else None


def one_scalar_type(schema: dict[str, Any]) -> bool:
    """Whether the schema's ``type`` names one type, of :data:`SCALAR_TYPE_NAMES`."""
    declared = schema.get("type")
    return declared.__class__ is str and declared in SCALAR_TYPE_NAMES


def admits(type_name: str, value: Any) -> bool:
    """Whether a JSON value is an instance of the JSON-Schema type."""
    if type_name == "null":
        return value is None
    if type_name == "boolean":
        return isinstance(value, bool)
    if type_name == "string":
        return isinstance(value, str)
    if type_name == "integer":
        return not isinstance(value, bool) and (
            isinstance(value, int) or (isinstance(value, float) and value.is_integer())
        )
    if type_name == "number":
        return not isinstance(value, bool) and isinstance(value, (int, float))
    if type_name == "object":
        return isinstance(value, dict)
    if type_name == "array":
        return isinstance(value, list)
    return False


def admitted(types: Iterable[str], value: Any) -> bool:
    """Whether a JSON value is an instance of any of the JSON-Schema ``types``."""
    return any(admits(name, value) for name in types)


def type_of(value: Any) -> str:
    """The JSON-Schema type of a JSON value (an integral number is an integer)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int) or (isinstance(value, float) and value.is_integer()):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, list):
        return "array"
    return "object" if isinstance(value, dict) else "string"


def is_object_schema(schema: Mapping[str, Any]) -> bool:
    """``type: object``, a type list with "object", or ``properties`` without a type."""
    declared = schema.get("type")
    if declared == "object":
        return True
    if isinstance(declared, list):
        return "object" in declared
    return declared is None and "properties" in schema


def names_at(schema: dict[str, Any], key: str = "required") -> Container[Any]:
    """The names listed in ``schema[key]`` (``required``) for membership tests: the list itself
    when short, a set when long (tests on a long list make thousands of members quadratic)."""
    value = schema.get(key)
    if not isinstance(value, list):
        return ()
    if len(value) <= 16:
        return value
    return frozenset(n for n in value if isinstance(n, str))
