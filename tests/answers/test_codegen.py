"""The read side's generated functions: the shortcuts they take keep what the answer means."""

from __future__ import annotations

import contextlib

import pytest

import tierone
from tierone.answers.reader import Reader

#: two members that travel JSON-encoded (each can record an error) and one that drops on null
ENCODED = {
    "type": "object",
    "properties": {"a": {"type": "object"}, "b": {"type": "object"}, "c": {"type": "string"}},
    "required": ["a", "b"],
}


def _findings(error: pytest.ExceptionInfo[tierone.StrictError]) -> list[tuple[str, str]]:
    return [(str(f.pointer), f.message) for f in error.value.findings]


def _undecoded(error: pytest.ExceptionInfo[tierone.StrictError]) -> list[str]:
    """Where the reader found no JSON in a JSON-encoded member, in the order it reported."""
    return [pointer for pointer, message in _findings(error) if "JSON-encoded" in message]


class TestMembersInTheAnswersOrder:
    """Members that can record an error are read in the answer's order unless it is the schema's."""

    def test_errors_follow_the_answers_order_not_the_schemas(self):
        reader = tierone.strict(ENCODED, "openai")
        with pytest.raises(tierone.StrictError) as raised:
            reader.restore({"c": None, "b": "not json", "a": "{"})
        assert _undecoded(raised) == ["/b", "/a"]

    def test_an_answer_in_the_schemas_order_reads_alike(self):
        reader = tierone.strict(ENCODED, "openai")
        assert list(reader.restore({"a": '{"x": 1}', "b": "{}", "c": None})) == ["a", "b"]
        assert list(reader.restore({"b": "{}", "c": "hi", "a": '{"x": 1}'})) == ["b", "c", "a"]
        with pytest.raises(tierone.StrictError) as raised:
            reader.restore({"a": "{", "b": "not json", "c": None})
        assert _undecoded(raised) == ["/a", "/b"]

    def test_a_dict_subclass_is_read_as_a_plain_dict(self):
        from collections import OrderedDict

        restored = tierone.strict(ENCODED, "openai").restore(OrderedDict([("c", None), ("a", "{}"), ("b", '{"x": 1}')]))
        assert type(restored) is dict and restored == {"a": {}, "b": {"x": 1}} and list(restored) == ["a", "b"]


class TestUnchangedBranches:
    """A union branch that left the value as it was is judged only when judging can raise."""

    @staticmethod
    def _judged(monkeypatch) -> list[object]:
        judged: list[object] = []
        real = Reader.satisfies
        monkeypatch.setattr(
            Reader, "satisfies", lambda self, entry, value: judged.append(value) or real(self, entry, value)
        )
        return judged

    @staticmethod
    def _schema(branch: dict) -> dict:
        return {"type": "object", "properties": {"where": {"anyOf": [branch, {"type": "null"}]}}, "required": ["where"]}

    def test_a_plain_branch_that_changed_nothing_is_not_judged(self, monkeypatch):
        judged = self._judged(monkeypatch)
        branch = {
            "type": "object",
            "properties": {"city": {"type": "string"}, "zip": {"type": "string"}},
            "required": ["city"],
        }
        reader = tierone.strict(self._schema(branch), "openai")
        assert reader.restore({"where": {"city": "Oslo", "zip": "0150"}}) == {"where": {"city": "Oslo", "zip": "0150"}}
        assert judged == []
        assert reader.restore({"where": {"city": "Oslo", "zip": None}}) == {"where": {"city": "Oslo"}}
        assert judged == [{"city": "Oslo"}]  # changed: judged

    def test_an_unjudged_branch_gives_the_errors_a_judged_one_gave(self, monkeypatch):
        judged = self._judged(monkeypatch)
        branch = {
            "type": "object",
            "properties": {"city": {"type": "string", "minLength": 3}, "zip": {"type": "string"}},
            "required": ["city"],
        }
        reader = tierone.strict(self._schema(branch), "openai")
        with pytest.raises(tierone.StrictError) as raised:
            reader.restore({"where": {"city": "Os"}})
        assert judged == []
        assert _findings(raised) == [("/where/city", '"Os" is too short')]

    @pytest.mark.parametrize(
        "branch",
        [
            {"type": "object", "properties": {"city": {"type": "string", "pattern": "^[A-Z]"}}},
            {"type": "object", "patternProperties": {"^c": {"type": "string"}}},
            {"type": "object", "properties": {"city": {"$ref": "#/$defs/loop"}}},
            {"type": "object", "if": {"required": ["city"]}, "then": {"required": ["zip"]}},
        ],
        ids=["pattern", "patternProperties", "reference-loop", "if-then"],
    )
    def test_a_branch_whose_judging_may_raise_is_judged(self, branch, monkeypatch):
        schema = {**self._schema(branch), "$defs": {"loop": {"$ref": "#/$defs/loop"}}}
        judged = self._judged(monkeypatch)
        with contextlib.suppress(ValueError):  # the loop cannot be judged
            tierone.restore({"where": {"city": "Oslo"}}, schema)
        assert judged and judged[0] == {"city": "Oslo"}

    def test_a_later_branch_that_may_hold_the_value_keeps_the_judge(self, monkeypatch):
        judged = self._judged(monkeypatch)
        first = {
            "type": "object",
            "properties": {"city": {"type": "string"}, "town": {"type": "string"}},
            "required": ["city"],
        }
        second = {"type": "object", "properties": {"town": {"type": ["string", "null"]}}}
        schema = {"type": "object", "properties": {"where": {"anyOf": [first, second]}}, "required": ["where"]}
        reader = tierone.strict(schema, "openai")
        assert reader.restore({"where": {"town": "Oslo"}}) == {"where": {"town": "Oslo"}}
        assert judged[0] == {"town": "Oslo"}  # unchanged by the first branch, which refuses it


class TestALoneBranchBesideNull:
    """A union of one branch and null, read for a model: a value that is not null can only be
    the branch's, which is read without a validator's word (the model judges it)."""

    @staticmethod
    def _model():
        from .models import Person

        return tierone.strict(Person, "openai")

    def test_the_branch_is_read_and_no_validator_asked(self, monkeypatch):
        from .models import Address

        judged: list[object] = []
        monkeypatch.setattr(Reader, "satisfies", lambda self, entry, value: judged.append(value) or True)
        person = self._model()
        home = {"street": "1 Main", "city": "Oslo", "postcode": None}
        work = {"street": "2 Side", "city": "Oslo", "postcode": None}
        answer = {"name": "Ann", "email": None, "age": None, "home": home, "work": work}
        assert person.parse(answer).work == Address(street="2 Side", city="Oslo")
        assert person.parse({**answer, "work": None}).work is None
        assert judged == []

    def test_a_value_the_branch_cannot_hold_is_left_for_the_model_to_refuse(self):
        home = {"street": "1 Main", "city": "Oslo", "postcode": None}
        with pytest.raises(tierone.StrictError) as raised:
            self._model().parse({"name": "Ann", "email": None, "age": None, "home": home, "work": "elsewhere"})
        assert [str(f.pointer) for f in raised.value.findings] == ["/work"]
