"""Members of one object gathered into its string member ``tierone_rest`` to keep a count
limit no subtree can meet (``passes.gathering``): the rendition is within the limit and taken
by the consumers, the members that move are the fewest (the last declared among equals), each
is in the ledger, and answers are read back by restore and ``Strict`` alike."""

from __future__ import annotations

import json
from typing import Optional

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import create_model

import tierone
from tests.judges import all_judges
from tests.served import assert_served
from tierone.core.pointer import Pointer
from tierone.rewriter.passes.gathering import best_gathering
from tierone.rewriter.shapes import REST_MEMBER

UNION = {"anyOf": [{"type": "string"}, {"type": "integer"}]}
#: a pydantic model of 30 ``Optional[int] = None`` fields: 30 union-typed members once required
WIDE = create_model("Wide", **{f"f{i}": (Optional[int], None) for i in range(30)})  # noqa: UP045
FLAT = {"type": "object", "properties": {f"p{i}": UNION for i in range(20)}, "required": [f"p{i}" for i in range(20)]}


def _gathered(result: tierone.Rewritten) -> list[str]:
    return [c.pointer[-1] for c in result.loosened if REST_MEMBER in c.what]


@pytest.mark.parametrize("profile", ["tier1", "vendors"])
def test_an_ordinary_model_with_more_optional_fields_than_unions_allowed_is_served(profile):
    original = WIDE.model_json_schema()
    assert tierone.rewrite(original, profile, exact=True).unfixable  # refused when exact, as before
    result = tierone.rewrite(original, profile)
    assert result.ok, result.unfixable
    assert _gathered(result) == [f"f{i}" for i in range(16, 30)]  # the last 14: 16 unions are left
    assert all(c.rule == "T408" and "tierone_rest" in c.loosens for c in result.loosened if REST_MEMBER in c.what)
    rest = result.schema["properties"][REST_MEMBER]
    assert rest["type"] == "string" and '"f29"' in rest["description"]
    assert REST_MEMBER in result.schema["required"] and list(result.schema["properties"])[-1] == REST_MEMBER
    assert not tierone.lint(result.schema, profile=profile).diagnostics
    verdicts = all_judges(result.schema, profile)
    assert all(v.ok for v in verdicts), [v for v in verdicts if not v.ok]

    instance = {"f1": 1, "f17": 17, "f29": 29}
    form = tierone.to_strict_form(instance, original, profile)
    jsonschema.validate(form, result.schema)
    assert json.loads(form[REST_MEMBER])["f29"] == 29
    assert tierone.restore(form, original).payload == instance
    strict = tierone.strict(WIDE, profile)
    assert strict.parse(json.dumps(form)) == WIDE(**instance)
    assert [c.pointer for c in strict.loosened] == [c.pointer for c in result.loosened]


def test_a_flat_object_of_required_unions_gathers_the_fewest_members_for_anthropic():
    instance = {f"p{i}": (i if i % 2 else f"s{i}") for i in range(20)}
    result = assert_served(FLAT, "anthropic", [instance])
    assert _gathered(result) == ["p16", "p17", "p18", "p19"]  # 20 unions, 16 allowed
    kept = result.schema["properties"]
    assert all(kept[f"p{i}"] == UNION for i in range(16))  # the others stay exact


def test_an_object_in_array_items_gathers_and_each_item_is_read_back():
    item = {"type": "object", "properties": {f"m{i}": {"type": ["integer", "null"]} for i in range(18)}}
    original = {"type": "object", "properties": {"rows": {"type": "array", "items": item}}, "required": ["rows"]}
    result = assert_served(original, "tier1", [{"rows": [{"m0": 1, "m17": 2}, {}, {"m16": 3}]}])
    assert REST_MEMBER in result.schema["properties"]["rows"]["items"]["properties"]


@pytest.mark.parametrize(
    ("rest", "says"),
    [
        ("not json", "expected a JSON-encoded value"),
        ("[1, 2]", "expected a JSON-encoded object of members"),
        (json.dumps({"p0": "again"}), "repeat a member of the object: 'p0'"),
        (json.dumps({"p19": []}), "[] is not of type"),
    ],
)
def test_a_gathered_member_that_holds_no_object_or_breaks_the_original_is_an_error(rest, says):
    form = tierone.to_strict_form({f"p{i}": i for i in range(20)}, FLAT, "anthropic")
    answer = {**form, REST_MEMBER: rest}
    refused = tierone.restore(answer, FLAT)
    assert refused.errors and any(says in e.message for e in refused.errors), refused.errors
    with pytest.raises(tierone.StrictError):
        tierone.strict(FLAT, "anthropic").parse(json.dumps(answer))


def test_an_original_that_declares_the_member_keeps_it_as_it_is():
    declared = {**FLAT, "properties": {**FLAT["properties"], REST_MEMBER: {"type": "string"}}}
    declared["required"] = [*FLAT["required"], REST_MEMBER]
    answer = {**{f"p{i}": i for i in range(20)}, REST_MEMBER: json.dumps({"x": 1})}
    assert tierone.restore(answer, declared).payload == answer  # never merged
    assert tierone.rewrite(declared, "anthropic").unfixable  # the object cannot gather: nothing else meets it


def test_exact_refuses_instead_of_gathering():
    refused = tierone.rewrite(FLAT, "anthropic", exact=True)
    assert [(str(u.pointer), u.rule) for u in refused.unfixable] == [("", "T408")]


def test_restore_of_an_open_original_merges_the_gathered_members():
    # pydantic models are open (no additionalProperties): the member is still read as gathered
    original = WIDE.model_json_schema()
    answer = {"f0": 5, REST_MEMBER: json.dumps({"f20": 20, "f21": None})}
    assert tierone.restore(answer, original).payload == {"f0": 5, "f20": 20}


def test_an_object_gathered_for_one_limit_gathers_more_for_another():
    # 110 optional members under tier1: over the property count (100) and the unions (16); the
    # first gathering keeps the count, the second moves more members into the same string
    original = {"type": "object", "properties": {f"m{i}": {"type": "integer"} for i in range(110)}}
    instance = {"m0": 0, "m15": 15, "m16": 16, "m50": 50, "m109": 109}
    result = assert_served(original, "tier1", [instance, {}])
    assert {c.rule for c in result.loosened} == {"T403", "T408"}
    members = result.schema["properties"]
    assert len(members) == 17 and list(members)[-1] == REST_MEMBER  # 16 unions and the gathered string
    assert sorted(_gathered(result), key=lambda name: int(name[1:])) == [f"m{i}" for i in range(16, 110)]


def test_a_reference_too_deep_beside_text_travels_in_a_json_object_and_the_others_kept():
    # the reference below nests six levels, beside a branch that takes text (so it cannot travel
    # as a bare JSON string): it travels in a tierone_json object (T402), and the 20 optional
    # members are still gathered (T408)
    deep: dict = {"type": "integer"}
    for n in range(5):
        deep = {"type": "object", "properties": {f"d{n}": deep}, "required": [f"d{n}"]}
    original = {
        "type": "object",
        "$defs": {"deep": deep},
        "properties": {
            "p": {"anyOf": [{"type": "string"}, {"$ref": "#/$defs/deep"}]},
            **{f"m{i}": {"type": "integer"} for i in range(20)},
        },
    }
    result = tierone.rewrite(original, "tier1")
    assert result.ok, result.unfixable
    assert [str(c.pointer) for c in result.loosened if c.rule == "T402"] == ["/properties/p/anyOf/1"]
    assert set(result.schema["properties"]["p"]["anyOf"][1]["properties"]) == {"tierone_json"}
    assert "T408" in {c.rule for c in result.loosened} and REST_MEMBER in result.schema["properties"]
    instance = {"p": {"d4": {"d3": {"d2": {"d1": {"d0": 7}}}}}, "m3": 3}
    form = tierone.to_strict_form(instance, original, "tier1")
    assert tierone.restore(form, original).payload == instance


@settings(max_examples=200, deadline=None)
@given(
    gains=st.lists(st.lists(st.integers(-3, 30), min_size=1, max_size=8), min_size=1, max_size=6),
    costs=st.lists(st.integers(1, 9), min_size=8, max_size=8),
    added=st.integers(0, 3),
    excess=st.integers(1, 90),
    slack=st.integers(0, 5),
)
def test_an_object_that_cannot_do_better_is_passed_by_without_changing_the_choice(gains, costs, added, excess, slack):
    """``best_gathering`` passes by an object whose members could save at most what the best
    so far saves (``most``, here any bound at or above the sum of what they save): the choice
    is the one made when every object is ranked."""
    places = [Pointer(("properties", f"o{i}")) for i in range(len(gains))]
    objects = {
        at: {"properties": {f"m{k}": {} for k in range(len(row))}} for at, row in zip(places, gains, strict=True)
    }
    saves = {(at, f"m{k}"): gain for at, row in zip(places, gains, strict=True) for k, gain in enumerate(row)}
    most = {at: sum(max(gain, 0) for gain in row) + slack for at, row in zip(places, gains, strict=True)}

    def saving(at: Pointer, name: str, member: object) -> int:
        return saves[at, name]

    def size(place: Pointer) -> int:
        return costs[int(place[-1][1:])]

    bounded = best_gathering(objects, saving, size, added, excess, most.__getitem__)
    assert bounded == best_gathering(objects, saving, size, added, excess, lambda at: 10**9)
