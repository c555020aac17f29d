"""The read side's per-call shortcuts: each skips work that cannot matter, and the bounds stay
in force wherever they can (docs/security.md)."""

from __future__ import annotations

import sys
from collections import OrderedDict

import jsonschema
import pytest

import tierone
from tierone.answers.reader import Reader
from tierone.core import patterns

from .models import Dog, Owner

#: the module (``tierone.answers.restore`` is the function of that name)
restore = sys.modules["tierone.answers.restore"]

PATTERNED = {"type": "object", "properties": {"a": {"type": "string", "pattern": "^a"}}}
PLAIN = {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "array", "items": {}}}}


def _nested(levels: int) -> list[object]:
    value: list[object] = []
    for _ in range(levels):
        value = [value]
    return value


class TestAdditionalProperties:
    """Where a schema has no ``patternProperties``, ``additionalProperties`` searches nothing:
    jsonschema's own keyword judges it; else the bounded one."""

    def test_jsonschemas_own_keyword_unless_patterns_pick_the_extras(self):
        from tierone.core.validation import bounded

        seen: list[object] = []

        def spy(validator, extra, instance, schema):
            seen.append(instance)
            return jsonschema._keywords.additionalProperties(validator, extra, instance, schema)

        cls = bounded(jsonschema.validators.extend(jsonschema.Draft202012Validator, {"additionalProperties": spy}))

        def messages(schema):
            return [e.message for e in cls(schema).iter_errors({"a": 1, "xb": 2})]

        assert messages({"properties": {"a": {}}, "additionalProperties": False}) == [
            "Additional properties are not allowed ('xb' was unexpected)"
        ]
        assert seen == [{"a": 1, "xb": 2}]
        seen.clear()
        assert messages({"patternProperties": {"^y": {}}, "additionalProperties": False}) == [
            "'a', 'xb' do not match any of the regexes: '^y'"
        ]
        assert messages({"patternProperties": {}, "additionalProperties": False}) == [
            "Additional properties are not allowed ('a', 'xb' were unexpected)"
        ]  # as the bounded keyword said
        assert seen == []


class TestPatternBudget:
    """The payload's pattern budget is started only where judging may search a pattern."""

    @pytest.mark.parametrize(
        ("schema", "expected"),
        [
            (PLAIN, False),
            ({"$defs": {"s": {"type": "string"}}, "anyOf": [{"$ref": "#/$defs/s"}, {"type": "null"}]}, False),
            ({"properties": {"id": {"type": "string"}}}, False),
            (True, False),
            (PATTERNED, True),
            ({"patternProperties": {"^x": {}}}, True),
            ({"properties": {"pattern": {"type": "string"}}}, True),  # a member so named: an over-estimate
            ({"$ref": "https://json-schema.org/draft/2020-12/schema"}, True),  # a meta-schema has patterns
            ({"$id": "https://example.com/s", "$defs": {"a": {}}, "$ref": "#/$defs/a"}, True),
            ({"$schema": "http://json-schema.org/draft-04/schema#", "id": "https://example.com/s"}, True),
        ],
        ids=[
            "plain",
            "local-refs",
            "member-named-id",
            "true",
            "pattern",
            "pattern-properties",
            "member-named-pattern",
            "meta-schema-ref",
            "dollar-id",
            "draft4-id",
        ],
    )
    def test_which_schemas_may_search(self, schema, expected):
        assert restore.searches(schema) is expected

    def test_started_only_where_a_search_may_draw_on_it(self, monkeypatch):
        started: list[object] = []
        real = restore.start_budget
        monkeypatch.setattr(restore, "start_budget", lambda: started.append(1) or real())
        assert tierone.strict(PLAIN, "openai").restore({"a": "x", "b": None}) == {"a": "x"}
        assert started == []
        patterned = tierone.strict(PATTERNED, "openai")
        assert patterned.restore({"a": "ab"}) == {"a": "ab"}
        assert started == [1]
        monkeypatch.setattr(patterns, "PATTERN_BUDGET_SECONDS", 0.0)  # a budget spent at once
        with pytest.raises(tierone.StrictError, match="took longer"):
            patterned.restore({"a": "ab"})


class TestPayloadDepth:
    """A payload orjson writes (plain containers, nesting under 255 levels) needs no walk for
    its depth; any other is walked, and one past the limit is still refused."""

    def test_walked_only_when_orjson_cannot_write_it(self, monkeypatch):
        reader = tierone.strict(PLAIN, "openai")
        walked: list[object] = []
        real = restore.depth_over
        monkeypatch.setattr(restore, "depth_over", lambda value, *limit: walked.append(value) or real(value, *limit))
        assert reader.restore({"a": "x", "b": [[1]]}) == {"a": "x", "b": [[1]]}
        assert walked == []
        answer = OrderedDict([("a", "x"), ("b", None)])  # a dict subclass: walked
        assert reader.restore(answer) == {"a": "x"} and walked == [answer]
        deep = {"a": None, "b": _nested(300)}  # past orjson's 254 levels, within the limit
        assert reader.restore(deep) == {"b": deep["b"]} and walked[-1] is deep
        with pytest.raises(tierone.StrictError, match="the payload nests past 2,000 levels"):
            reader.restore({"a": None, "b": _nested(2_100)})


class TestInPlaceGuard:
    """A plan read in place (an ``allOf`` step, a union branch) is guarded against coming back
    to itself only when its references can lead it back."""

    def test_only_plans_that_lead_back_to_themselves_are_guarded(self):
        looping = {"anyOf": [{"$ref": "#"}, {"type": "object", "properties": {"a": {"type": "string"}}}]}
        reader = Reader(looping)
        assert reader.read("x", trusted=True) == ("x", [])
        back, ahead = (entry.plan for entry in reader.root.union)
        assert (back.loops, ahead.loops) == (True, False)
        itself = {
            "$defs": {"n": {"allOf": [{"$ref": "#/$defs/n"}], "properties": {"a": {"type": ["string", "null"]}}}},
            "$ref": "#/$defs/n",
        }
        reader = Reader(itself)
        assert reader.read({"a": "x"}, trusted=True) == ({"a": "x"}, [])
        assert [step.loops for step in reader.root.all_of] == [True]
        assert restore.restore({"a": None}, itself).errors[0].message == (
            "the original schema's references loop without consuming any input at [/$defs/n]"
        )
        owner = tierone.strict(Owner, "openai")
        assert owner.parse('{"name": "Bo", "pet": {"kind": "dog", "good": null}}') == Owner(
            name="Bo", pet=Dog(kind="dog")
        )
        pet = owner.rendition_of().reader.reader.root.child("pet")
        assert [entry.plan.loops for entry in pet.union] == [False, False]

    def test_past_the_budget_a_plan_is_guarded(self):
        from tierone.answers.plans import LOOP_BUDGET, reentrant

        chain: object = {"type": "string"}
        for _ in range(LOOP_BUDGET + 10):
            chain = {"anyOf": [chain, {"type": "null"}]}
        reader = Reader({"anyOf": [chain, {"type": "integer"}]})
        assert reentrant(reader.root.union[0].plan) is True
        assert reentrant(reader.root.union[1].plan) is False


class TestModelValidation:
    """A model whose ``model_validate`` is pydantic's own is validated by its validator at
    once; one that defines its own is validated by that."""

    def test_pydantics_own_model_validate_is_skipped_a_models_own_is_not(self):
        from pydantic import BaseModel

        owner = tierone.strict(Owner, "openai")
        called: list[object] = []

        def profiler(frame, event, arg):
            if event == "call":
                called.append(frame.f_code)

        sys.setprofile(profiler)
        try:
            parsed = owner.parse('{"name": "Bo", "pet": {"kind": "cat", "lives": null}}')
        finally:
            sys.setprofile(None)
        assert parsed == Owner.model_validate({"name": "Bo", "pet": {"kind": "cat"}})
        assert BaseModel.model_validate.__func__.__code__ not in called
        with pytest.raises(tierone.StrictError) as raised:
            owner.parse('{"name": 3, "pet": {"kind": "cat", "lives": null}}')
        assert [str(f.pointer) for f in raised.value.findings] == ["/name"]

        class Shouted(BaseModel):
            text: str

            @classmethod
            def model_validate(cls, obj, **options):
                return super().model_validate({**obj, "text": obj["text"].upper()}, **options)

        assert tierone.strict(Shouted, "openai").parse('{"text": "hi"}') == Shouted(text="HI")
