"""The read side's fast paths: child plans read inline in their parent's generated function,
and parsed text read straight through the reader; both read as the slow paths do."""

from __future__ import annotations

import copy

import pytest

import tierone
from tierone.answers import codegen
from tierone.answers.plans import Plan
from tierone.answers.restore import Restorer

#: objects in an array in an object, down to a member that travels JSON-encoded and one that
#: drops on null
NESTED = {
    "type": "object",
    "required": ["a"],
    "properties": {
        "a": {
            "type": "object",
            "required": ["b"],
            "properties": {
                "b": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["c"],
                        "properties": {"c": {"type": "object"}, "d": {"type": "string"}},
                    },
                }
            },
        }
    },
}
ANSWERS = [
    '{"a": {"b": [{"c": "{}", "d": null}, {"c": "{\\"x\\": [1]}", "d": "y"}]}}',
    '{"a": {"b": [{"c": "{}", "d": null}, {"c": "not json", "d": null}, {"c": "[", "d": 1}]}}',
    '{"a": {"b": {"c": "{}"}}}',
    '{"a": [{"b": null}]}',
    '{"a": {"b": [7, null, [{"c": "{}"}]]}}',
    # empty containers and falsy scalars where a plain plan reads them: as themselves
    '{"a": {"b": []}}',
    '{"a": {"b": [{}, {"c": "{}", "d": ""}, 0, false, []]}}',
    '{"a": {}}',
    '{"a": 0}',
    '{"a": {"b": [{"c": ""}]}}',  # but an empty string where JSON text is due is no JSON
]


def _outcome(reader: tierone.Strict, answer: str) -> object:
    try:
        return reader.restore(answer)
    except tierone.StrictError as error:
        return [(str(f.pointer), f.message) for f in error.findings]


def test_plain_children_are_read_inline():
    reader = tierone.strict(NESTED, "openai")
    assert reader.restore(ANSWERS[0]) == {"a": {"b": [{"c": {}}, {"c": {"x": [1]}, "d": "y"}]}}
    root = reader.rendition_of().reader.reader.root
    called = [v for v in root.fn.__globals__.values() if isinstance(v, Plan)]
    assert called == [root.child("a").child("b").items.child("c")]  # only the encoded member is called


@pytest.mark.parametrize("answer", ANSWERS)
def test_inline_reads_as_calls_do(answer, monkeypatch):
    inline = _outcome(tierone.strict(NESTED, "openai"), answer)
    monkeypatch.setattr(codegen, "INLINE_BUDGET", 0)
    assert _outcome(tierone.strict(NESTED, "openai"), answer) == inline


def test_a_recursive_shape_is_read_inline_once_per_function():
    from tests.answers.models import Node

    reader = tierone.strict(Node, "openai")
    answer = '{"label": "r", "children": [{"label": "a", "children": [{"label": "b", "children": []}]}]}'
    with_null = answer.replace("[]", "null")  # (an answer with no null is taken as it is: no reading)
    assert reader.parse(with_null) == reader.parse(answer) == Node.model_validate_json(answer)
    root = reader.rendition_of().reader.reader.root
    children = root.child("children")
    assert children.items.child("children") is children  # the shape comes back: read through a call
    assert [v for v in root.owns.__globals__.values() if isinstance(v, Plan)] == [children]  # parse owns its text
    assert getattr(children.items.owns, "__func__", None) is Plan._first_owning  # read inline only: never compiled
    assert getattr(root.fn, "__func__", None) is Plan._first  # the copying reading was not needed


def test_parsed_text_is_read_without_the_restore_layers(monkeypatch):
    reader = tierone.strict(NESTED, "openai")
    monkeypatch.setattr(Restorer, "restore", lambda *a, **k: pytest.fail("read through Restorer.restore"))
    assert reader.restore(ANSWERS[0]) == {"a": {"b": [{"c": {}}, {"c": {"x": [1]}, "d": "y"}]}}
    assert _outcome(reader, ANSWERS[1])[0] == ("/a/b/1/c", "expected a JSON-encoded value (a string holding JSON)")


def test_the_callers_object_is_left_as_it_was():  # a guard: the inline reading copies as the calls did
    import json

    reader = tierone.strict(NESTED, "openai")
    for answer in map(json.loads, ANSWERS):
        before = copy.deepcopy(answer)
        _outcome(reader, answer)
        assert answer == before


@pytest.mark.parametrize("budget", [0, codegen.INLINE_BUDGET])
@pytest.mark.parametrize("answer", ANSWERS)
def test_reading_in_place_reads_as_reading_copies(answer, budget, monkeypatch):
    import json

    monkeypatch.setattr(codegen, "INLINE_BUDGET", budget)
    from tierone.answers.reader import Walk

    reader = tierone.strict(NESTED, "openai").rendition_of().reader.reader
    payload, errors = reader.read(json.loads(answer), True)
    walk = Walk(reader, True)
    assert (reader.root.owns(json.loads(answer), None, walk), walk.errors) == (payload, errors)
    assert getattr(reader.root.owns, "__func__", None) is None  # compiled on its own


def test_a_union_branch_tried_in_vain_leaves_the_owned_value_as_it_was():
    from pydantic import BaseModel

    class Encoded(BaseModel):  # its free-form member travels JSON-encoded: reading decodes it
        x: dict[str, int]
        n: int

    class Plain(BaseModel):
        x: str
        s: str

    class Either(BaseModel):
        u: Encoded | Plain

    reader = tierone.strict(Either, "openai")
    assert reader.parse('{"u": {"x": "{}", "s": "hi"}}') == Either(u=Plain(x="{}", s="hi"))
    assert reader.parse('{"u": {"x": "{\\"a\\": 1}", "n": 2}}') == Either(u=Encoded(x={"a": 1}, n=2))
