"""The generated readers can be seen: their source (pinned for representative plan shapes), the
module's own example, and tracebacks that show the generated lines."""

from __future__ import annotations

import linecache
import traceback
from typing import ClassVar

import pytest

from tests.answers.models import Node
from tests.answers.test_read_inline import NESTED
from tierone.answers import codegen
from tierone.answers.codegen import generated, source_for
from tierone.answers.reader import Reader

#: representative plan shapes: each reads a different way
SHAPES = {
    "flat-object": {
        "type": "object",
        "required": ["id"],
        "properties": {"id": {"type": "string"}, "note": {"type": "string"}, "meta": {"type": "object"}},
    },
    "nested-inline": NESTED,
    "map": {"type": "object", "additionalProperties": {"type": "object", "properties": {"x": {"type": "string"}}}},
    "union": {
        "type": "object",
        "required": ["v"],
        "properties": {
            "v": {
                "anyOf": [
                    {"type": "object", "properties": {"a": {"type": "string"}}},
                    {"type": "array", "items": {"type": "object"}},
                ]
            }
        },
    },
    # branches that disagree on a member's pattern merge loosely (the first one's; validation
    # checks the other): read as one object
    "all-of": {
        "allOf": [
            {"type": "object", "properties": {"a": {"type": "object", "propertyNames": {"pattern": "^x"}}}},
            {"type": "object", "properties": {"a": {"type": "object", "propertyNames": {"pattern": "^y"}}}},
        ]
    },
    # branches whose types have nothing in common are not merged: each is read in turn
    "all-of-in-place": {
        "allOf": [
            {"type": ["object", "null"], "properties": {"a": {"type": "object", "properties": {"b": {}}}}},
            {"type": ["string", "array"]},
        ]
    },
    "recursive": Node.model_json_schema(),
}


@pytest.mark.parametrize("owning", [False, True], ids=["copies", "owning"])
@pytest.mark.parametrize("shape", SHAPES)
def test_the_generated_source_of_each_shape(shape, owning, snapshot):
    assert source_for(Reader(SHAPES[shape]).root, owning) == snapshot


def test_the_generated_source_of_an_object_that_may_gather_members(snapshot):
    # members gathered into `tierone_rest` (to keep a count limit) are merged back first
    assert source_for(Reader(SHAPES["flat-object"], gathers=True).root) == snapshot


def test_the_module_example_is_real_output():
    schema = {"type": "object", "properties": {"a": {"type": "object"}, "b": {"type": "string"}}, "required": ["a"]}
    doc = codegen.__doc__ or ""
    example = doc.split("    # (K1 is", 1)[1].split("\n", 1)[1].split("\n\n", 1)[0]
    shown = "\n".join(line[4:] for line in example.splitlines()) + "\n"
    assert shown == source_for(Reader(schema).root)


@pytest.mark.parametrize("shape", SHAPES)
def test_the_compiled_function_is_the_source_and_linecache_holds_it(shape):
    plan = Reader(SHAPES[shape]).root
    source = source_for(plan)
    function = generated(plan)
    if source.endswith("    return value\n") and source.count("\n") == 2:  # nothing to undo
        assert function(["x"], None, None) == ["x"]
        return
    lines = linecache.getlines(function.__code__.co_filename)
    assert "".join(lines) == source


class _Failing:
    errors: ClassVar[list[object]] = []

    def in_place(self, value: object, plan: object, pointer: object) -> object:
        raise RuntimeError("a step of the walk failed")


def test_a_traceback_through_generated_code_shows_its_line():
    plan = Reader(SHAPES["all-of-in-place"]).root
    assert "walk.in_place(value, A0, pointer)" in source_for(plan)
    with pytest.raises(RuntimeError) as raised:
        generated(plan)({"a": "{}"}, None, _Failing())
    shown = "".join(traceback.format_exception(raised.value))
    assert "value = walk.in_place(value, A0, pointer)" in shown
    assert "<tierone read " in shown
