"""Data handed over from Python is held to what loading accepts: a container that holds itself
(which no JSON text can make, but a helper that mutates a schema in place can leave behind)
or nesting past the loading limit is one clear error at once, never a hang."""

from __future__ import annotations

import pytest

import tierone
from tierone.answers.strictform import to_strict_form
from tierone.core.errors import InputError
from tierone.core.source import MAX_DEPTH
from tierone.core.validation import TooDeep


def _holding_itself() -> dict:
    schema: dict = {"type": "object", "properties": {}}
    schema["properties"]["self"] = schema
    return schema


def _deep(levels: int) -> dict:
    schema: dict = {"type": "string"}
    for _ in range(levels):
        schema = {"type": "object", "properties": {"a": schema}}
    return schema


CALLS = {
    "rewrite": lambda s: tierone.rewrite(s, "tier1"),
    "strict": lambda s: tierone.strict(s, "openai"),
    "restore": lambda s: tierone.restore({}, s),
    "to_strict_form": lambda s: to_strict_form({}, s),
}


@pytest.mark.parametrize("call", CALLS.values(), ids=CALLS.keys())
def test_a_schema_that_holds_itself_is_an_input_error(call):
    with pytest.raises(InputError, match="holds itself"):
        call(_holding_itself())


def test_lint_reports_it_as_the_inputs_error():
    assert "holds itself" in str(tierone.lint(_holding_itself()).error)


@pytest.mark.parametrize("call", CALLS.values(), ids=CALLS.keys())
def test_a_schema_nested_past_the_loading_limit_is_an_input_error(call):
    with pytest.raises(InputError, match=f"deeper than {MAX_DEPTH} levels; refusing"):
        call(_deep(MAX_DEPTH + 5))


def test_a_deep_schema_within_the_limit_still_rewrites():
    assert tierone.rewrite(_deep(300), "openai").schema["type"] == "object"


def test_an_instance_that_holds_itself_is_too_deep_for_the_strict_form():
    instance: dict = {"a": {}}
    instance["a"]["b"] = instance
    with pytest.raises(TooDeep):
        to_strict_form(instance, {"type": "object"})
    answer: dict = {"m": {}}
    answer["m"]["x"] = answer
    with pytest.raises(tierone.StrictError, match="too deep"):
        tierone.strict({"type": "object", "properties": {"m": {"type": "object"}}}, "openai").restore(answer)


# ---- other containers than dict and list ---------------------------------------------------

SCHEMA = {
    "type": "object",
    "properties": {"size": {"type": "string", "enum": ["S", "M"]}, "note": {"type": "string"}},
    "required": ["size"],
    "additionalProperties": False,
}


def _as_python_builds_it(kind: str) -> object:
    """:data:`SCHEMA` as Python code may hand it over: ordered dicts, a read-only view, tuples."""
    from collections import OrderedDict
    from types import MappingProxyType

    size = {"type": "string", "enum": ("S", "M")}
    if kind == "OrderedDict":
        properties = OrderedDict(size=OrderedDict(size), note=OrderedDict(type="string"))
        return OrderedDict(type="object", properties=properties, required=["size"], additionalProperties=False)
    if kind == "MappingProxyType":
        return MappingProxyType({**SCHEMA, "properties": MappingProxyType(SCHEMA["properties"])})
    return {**SCHEMA, "properties": {**SCHEMA["properties"], "size": size}, "required": ("size",)}


@pytest.mark.parametrize("kind", ["OrderedDict", "MappingProxyType", "tuple"])
def test_other_containers_are_read_as_the_json_they_stand_for(kind):
    given = _as_python_builds_it(kind)
    for profile in ("openai", "anthropic", "gemini", "tier1"):
        assert tierone.rewrite(given, profile) == tierone.rewrite(SCHEMA, profile)
        assert tierone.lint(given, profile=profile).diagnostics == tierone.lint(SCHEMA, profile=profile).diagnostics
    made = tierone.strict(given, "openai")
    assert made.schema == tierone.strict(SCHEMA, "openai").schema
    assert made.parse('{"size": "M", "note": null}') == {"size": "M"}
    with pytest.raises(tierone.StrictError):
        made.parse('{"size": "XL", "note": null}')


def test_plain_data_is_not_copied():
    from tierone.core.plain_data import plain

    assert plain(SCHEMA, "<schema>") is SCHEMA
    converted = plain({"a": ({"b": (1, 2)},)}, "<schema>")
    assert converted == {"a": [{"b": [1, 2]}]} and type(converted["a"]) is list


def _enum_member() -> object:
    from enum import Enum

    class Size(str, Enum):
        S = "S"

    return Size.S


@pytest.mark.parametrize(
    ("value", "said"),
    [
        (float("nan"), "at /properties/size/maximum: NaN is not JSON data"),
        (float("-inf"), "at /properties/size/maximum: -Infinity is not JSON data"),
        (__import__("decimal").Decimal("1.5"), "at /properties/size/maximum: a value of type Decimal is not JSON"),
        (__import__("datetime").date(2026, 1, 1), "at /properties/size/maximum: a value of type date is not JSON"),
        ({"S", "M"}, "at /properties/size/maximum: a value of type set is not JSON"),
    ],
)
def test_a_value_json_cannot_hold_is_an_input_error_with_its_place(value, said):
    schema = {**SCHEMA, "properties": {**SCHEMA["properties"], "size": {"type": "number", "maximum": value}}}
    for call in CALLS.values():
        with pytest.raises(InputError, match=said):
            call(schema)
    assert said in str(tierone.lint(schema).error)


def test_a_member_name_that_is_no_string_is_an_input_error():
    with pytest.raises(InputError, match="at /properties: a member name is a value of type int, not a string"):
        tierone.rewrite({"type": "object", "properties": {1: {"type": "string"}}}, "openai")


def test_an_enum_member_is_read_as_its_value():
    member = _enum_member()
    given = {**SCHEMA, "properties": {**SCHEMA["properties"], "size": {"type": "string", "enum": (member, "M")}}}
    assert tierone.rewrite(given, "openai") == tierone.rewrite(SCHEMA, "openai")
