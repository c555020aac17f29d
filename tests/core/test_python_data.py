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
