"""Draft-7 tuples (an array-valued ``items``) are written as 2020-12 ``prefixItems`` where the
profile accepts tuples, and keep their meaning; where it refuses them, every item takes their
union, and restore checks each item by its position."""

from __future__ import annotations

import json

import jsonschema
import pytest
from pydantic import BaseModel

from tests.judges import all_judges
from tierone import StrictError, restore, rewrite, strict, to_strict_form

ITEMS = [{"type": "string"}, {"type": "integer"}]


def _tuple(**extra: object) -> dict:
    return {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object",
        "properties": {"t": {"type": "array", "items": ITEMS} | extra},
        "required": ["t"],
        "additionalProperties": False,
    }


@pytest.mark.parametrize(
    "extra, written, valid, invalid",
    [
        ({}, {"prefixItems": ITEMS}, [["a", 1, "more"]], [[1, "a"]]),
        ({"additionalItems": False}, {"prefixItems": ITEMS, "maxItems": 2}, [["a", 1], ["a"]], [["a", 1, 2]]),
        (
            {"additionalItems": {"type": "boolean"}},
            {"prefixItems": ITEMS, "items": {"type": "boolean"}},
            [["a", 1, True]],
            [["a", 1, "x"]],
        ),
        ({"additionalItems": False, "maxItems": 1}, {"prefixItems": ITEMS, "maxItems": 1}, [["a"]], [["a", 1]]),
    ],
)
def test_gemini_reads_the_tuple_as_the_original_means_it(extra, written, valid, invalid):
    original = _tuple(**extra)
    result = rewrite(original, "gemini")
    assert result.ok, result.unfixable
    assert {k: v for k, v in result.schema["properties"]["t"].items() if k != "type"} == written
    assert [v for v in all_judges(result.schema, "gemini") if not v.ok] == []
    for value in valid:  # what the original accepts, the rendition accepts, and restore reads back
        jsonschema.validate({"t": value}, original)
        jsonschema.validate({"t": value}, result.schema)
        assert restore({"t": value}, original).payload == {"t": value}
    for value in invalid:
        for schema in (original, result.schema):
            with pytest.raises(jsonschema.ValidationError):
                jsonschema.validate({"t": value}, schema)


@pytest.mark.parametrize("profile", ["tier1", "vendors", "openai", "anthropic", "gemini-openapi"])
@pytest.mark.parametrize(
    "extra, valid, invalid",
    [
        ({"additionalItems": False}, [["a", 1], ["a"]], [[1, "a"], ["a", "b"]]),
        ({"maxItems": 2}, [["a", 1]], [[1, 1]]),
        ({"additionalItems": {"type": "boolean"}}, [["a", 1, True, False]], [["a", 1, "x"], [True]]),
    ],
)
def test_a_profile_that_refuses_tuples_gives_every_item_their_union_and_restore_the_positions(
    profile, extra, valid, invalid
):
    """Where the profile refuses tuples (T206), every item takes any of the tuple's schemas (and
    of what may follow them; any value where anything may): a loosening in the ledger, accepted
    by the consumers; restore checks each item against its own schema; ``exact`` refuses."""
    original = _tuple(**extra)
    result = rewrite(original, profile)
    assert result.ok, result.unfixable
    assert [(str(c.pointer), c.rule) for c in result.loosened if c.rule == "T206"] == [("/properties/t", "T206")]
    assert "prefixItems" not in str(result.schema) and [v for v in all_judges(result.schema, profile) if not v.ok] == []
    for value in valid:
        form = to_strict_form({"t": value}, original, profile)
        jsonschema.validate(form, result.schema)
        assert restore(form, original).payload == {"t": value}
    for value in invalid:  # the rendition may take it; restore never does
        assert not restore({"t": value}, original).ok
    assert "T206" in [u.rule for u in rewrite(original, profile, exact=True).unfixable]


def test_a_closed_tuple_of_one_schema_is_that_schema_for_every_item():
    original = _tuple(additionalItems=False, items=[{"type": "string"}, {"type": "string"}])
    done = rewrite(original, "openai")
    written = done.schema["properties"]["t"]
    assert written["type"] == "array" and written["items"] == {"type": "string"} and written["maxItems"] == 2
    # every place took that schema: nothing is loosened (before: exact=True refused pydantic's tuple[int, int])
    assert done.loosened == () and rewrite(original, "openai", exact=True).ok
    open_ended = _tuple(items=[{"type": "string"}, {"type": "string"}])  # any value may follow: a loosening
    assert "T206" in [c.rule for c in rewrite(open_ended, "openai").loosened]


def test_a_tuple_any_value_may_follow_takes_it_in_one_branch_of_free_form_data():
    for profile in ("tier1", "openai", "anthropic"):
        result = rewrite(_tuple(), profile)
        assert result.ok, (profile, result.unfixable)
        items = result.schema["properties"]["t"]["items"]["anyOf"]
        assert items[:2] == ITEMS, profile
        assert "JSON-encoded" in json.dumps(items[2]), profile  # anything after them, as its JSON
        assert "T206" in [u.rule for u in rewrite(_tuple(), profile, exact=True).unfixable], profile


class _Place(BaseModel):
    name: str
    point: tuple[float, float]
    pair: tuple[int, str] | None = None


@pytest.mark.parametrize("profile", ["openai", "anthropic", "tier1", "gemini"])
def test_a_pydantic_model_with_tuple_fields_is_served_and_read_back_by_position(profile):
    """pydantic writes ``tuple[float, float]`` as ``prefixItems`` with its length as bounds:
    served for every vendor (a loosening where tuples are refused), the answer read back into
    the model, and an answer with its items in the wrong order refused."""
    made = strict(_Place, profile)
    rendition = made.rendition(profile)
    assert [v for v in all_judges(rendition, profile) if not v.ok] == []
    place = _Place(name="x", point=(1.5, 2.0), pair=(3, "a"))
    form = to_strict_form(place.model_dump(mode="json"), made.original, profile)
    assert made.parse(json.dumps(form)) == place
    with pytest.raises(StrictError, match="/pair/0"):
        made.parse(json.dumps({**form, "pair": ["a", 3]}))


def test_a_tuple_followed_by_no_schema_is_left_to_be_refused():
    malformed = {"type": "object", "properties": {"t": {"type": "array", "prefixItems": ITEMS, "items": ITEMS}}}
    assert "T206" in [u.rule for u in rewrite(malformed, "openai").unfixable]


@pytest.mark.parametrize(("bound", "written"), [(None, 2), (5, 2), (1, 1), (5.0, 2)])
def test_gemini_writes_2020_12_items_false_after_the_tuple_as_a_bound(bound, written):
    """``items: false`` after ``prefixItems`` says no item follows: a ``maxItems``, the same
    (Gemini refuses a boolean schema, rule T602)."""
    array = {"type": "array", "prefixItems": ITEMS, "items": False} | ({} if bound is None else {"maxItems": bound})
    original = {"type": "object", "properties": {"t": array}, "required": ["t"], "additionalProperties": False}
    result = rewrite(original, "gemini")
    assert result.ok, result.unfixable
    assert result.schema["properties"]["t"] == {"type": "array", "prefixItems": ITEMS, "maxItems": written}
    assert [v for v in all_judges(result.schema, "gemini") if not v.ok] == []
    for value in (["a", 1], ["a"], ["a", 1, 2]):
        kept = jsonschema.Draft202012Validator(original).is_valid({"t": value})
        assert jsonschema.Draft202012Validator(result.schema).is_valid({"t": value}) == kept
