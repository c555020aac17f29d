"""Anthropic's request budgets (24 optional parameters, 16 union-typed ones): an optional member
that stays optional spends no union. pydantic's ``Optional[X] = None`` is written ``X`` and left
out of ``required``: restore reads an absent member as absent (the model's default, None), which
is all a ``null`` there could have meant."""

from __future__ import annotations

from enum import Enum

import pytest
from pydantic import BaseModel, create_model

import tierone
from tests.judges import all_judges


class Size(str, Enum):
    S = "s"
    L = "l"


class Item(BaseModel):
    name: str


def _counted(schema, per_object) -> int:
    """The sum of ``per_object(node)`` over every object in ``schema``."""
    count = 0
    stack = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            count += per_object(node)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return count


def _unions(schema) -> int:
    """The members written as a union (an anyOf, or a type list), as Anthropic counts them."""
    return _counted(schema, lambda node: "anyOf" in node or isinstance(node.get("type"), list))


def _model(optional: int):
    kinds = [str, int, float, bool, Size, Item, list[str]]
    fields = {f"f{i:02}": (kinds[i % len(kinds)] | None, None) for i in range(optional)}
    return create_model(f"Optional{optional}", title=(str, ...), **fields)


@pytest.mark.parametrize("optional", [20, 24])
def test_optional_fields_within_the_budget_stay_optional_and_spend_no_union(optional):
    model = _model(optional)
    reader = tierone.strict(model, "anthropic")
    assert reader.schema["required"] == ["title"]
    assert _unions(reader.schema) == 0
    assert all(v.ok for v in all_judges(reader.schema, "anthropic")), all_judges(reader.schema, "anthropic")
    parsed = reader.parse('{"title": "t", "f01": 3, "f04": "l", "f05": {"name": "n"}}')
    assert parsed == model(title="t", f01=3, f04=Size.L, f05=Item(name="n"))
    assert parsed.f00 is None and parsed.f06 is None


def test_beyond_the_budget_the_rest_become_required_and_nullable():
    model = _model(30)
    result = tierone.rewrite(model.model_json_schema(), "anthropic")
    assert not result.unfixable, result.unfixable
    assert result.schema["required"] == ["title", *(f"f{i:02}" for i in range(24, 30))]
    assert _unions(result.schema) == 6
    assert [c.rule for c in result.changes if "null left out" in c.what] == ["T408"] * 24
    reader = tierone.strict(model, "anthropic")
    nulls = ", ".join(f'"f{i:02}": null' for i in range(24, 30))
    assert reader.parse('{"title": "t", ' + nulls + "}") == model(title="t")


def test_the_profiles_that_require_every_member_are_unchanged():
    schema = _model(3).model_json_schema()
    for profile in ("openai", "tier1", "vendors"):
        rendition = tierone.rewrite(schema, profile).schema
        assert rendition["required"] == ["title", "f00", "f01", "f02"], profile


def _optional_members(schema) -> int:
    """The members of every object in ``schema`` that its ``required`` does not list."""

    def optional(node) -> int:
        members = node.get("properties")
        return sum(name not in node.get("required", []) for name in members) if isinstance(members, dict) else 0

    return _counted(schema, optional)


def test_the_budget_is_spent_only_on_members_the_rendition_carries():
    """A definition written out where its one reference stood (the reference had a description
    beside it) is dead in the rendition: its members take none of the 24 optional places, which
    go to the members the model is asked for (before, the dead definition, walked before the
    copy, took the last three of them: the rendition carried 21)."""
    address = {"type": "object", "properties": {f"line{i}": {"type": "string"} for i in range(10)}}
    members = {f"m{i:02}": {"type": "integer"} for i in range(20)}
    schema = {
        "$defs": {"Address": address},
        "type": "object",
        "properties": {"home": {"$ref": "#/$defs/Address", "description": "Where they live"}, **members},
    }
    result = tierone.rewrite(schema, "anthropic")
    assert not result.unfixable, result.unfixable
    assert "$defs" not in result.schema
    assert _optional_members(result.schema) == 24
    beyond = [c for c in result.changes if c.rule == "T407"]
    assert len(beyond) == 31 - 24
    assert all(v.ok for v in all_judges(result.schema, "anthropic")), all_judges(result.schema, "anthropic")
    reader = tierone.strict(schema, "anthropic")
    assert reader.parse('{"m00": 1, "home": {"line0": "a"}}') == {"m00": 1, "home": {"line0": "a"}}
