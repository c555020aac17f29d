"""Limits met by encoding the fewest subtrees as JSON strings (``fit_limits``): the rendition is
within every limit and accepted by the consumers, each encoding is in the ledger, answers are
read back (the string decoded, checked against the original), and ``exact`` refuses instead."""

from __future__ import annotations

import json

import jsonschema
import pytest

import tierone
from tests.judges import all_judges
from tests.served import assert_served

S = {"type": "string"}
UNION = {"anyOf": [S, {"type": "integer"}]}


def _group(i: int) -> dict:
    members = {f"p{k}": UNION for k in range(5)}
    return {"type": "object", "properties": members, "required": list(members)}


#: 25 union-typed members in five objects of five (Anthropic takes 16)
UNIONS = {
    "type": "object",
    "properties": {f"g{i}": _group(i) for i in range(5)},
    "required": [f"g{i}" for i in range(5)],
}
UNIONS_INSTANCE = {f"g{i}": {f"p{k}": (k if k % 2 else "x") for k in range(5)} for i in range(5)}


def _nested(levels: int) -> dict:
    node: dict = {"type": "object", "properties": {"leaf": S}, "required": ["leaf"]}
    for i in range(levels):
        node = {"type": "object", "properties": {f"l{i}": node, "name": S}, "required": [f"l{i}", "name"]}
    return node


def _instance_of(levels: int) -> dict:
    value: dict = {"leaf": "end"}
    for i in range(levels):
        value = {f"l{i}": value, "name": f"n{i}"}
    return value


CASES = [
    ("unions", "anthropic", UNIONS, UNIONS_INSTANCE, "T408"),
    ("unions", "tier1", UNIONS, UNIONS_INSTANCE, "T408"),
    ("depth", "tier1", _nested(7), _instance_of(7), "T401"),
    ("depth", "openai", _nested(12), _instance_of(12), "T401"),
    (
        "ref-depth",
        "tier1",
        {
            "type": "object",
            "properties": {"a": {"type": "object", "properties": {"d": {"$ref": "#/$defs/D"}}, "required": ["d"]}},
            "required": ["a"],
            "$defs": {"D": _nested(4)},
        },
        {"a": {"d": _instance_of(4)}},
        "T402",
    ),
]


@pytest.mark.parametrize("name, profile, original, instance, rule", CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_a_limit_is_kept_by_encoding_and_read_back(name, profile, original, instance, rule):
    assert rule in {d.code for d in tierone.lint(original, profile=profile).diagnostics}  # over before
    result = tierone.rewrite(original, profile)
    assert result.ok, result.unfixable
    encoded = [c for c in result.loosened if c.rule == rule]
    assert encoded and all("encoded as a JSON string" in c.what for c in encoded)  # subtrees, where they do as well
    assert all(v.ok for v in all_judges(result.schema, profile)), [v for v in all_judges(result.schema, profile)]
    assert tierone.rewrite(result.schema, profile).schema == result.schema  # a fixed point
    for change in encoded:  # the model is told what to write inside the string
        field = change.pointer.resolve(result.schema)
        assert field["type"] in ("string", ["string", "null"])
        assert "valid under this JSON Schema: {" in field["description"]
    form = tierone.to_strict_form(instance, original, profile)
    jsonschema.validate(form, result.schema)
    assert tierone.restore(form, original).payload == instance
    assert tierone.strict(original, profile).parse(json.dumps(form)) == instance


def test_the_fewest_subtrees_are_encoded_and_their_siblings_stay_exact():
    result = tierone.rewrite(UNIONS, "anthropic")
    encoded = sorted(str(c.pointer) for c in result.loosened)
    assert len(encoded) == 2  # 25 unions, 16 allowed: two groups of five bring it to 15
    kept = [g for g in UNIONS["properties"] if f"/properties/{g}" not in encoded]
    for group in kept:
        assert result.schema["properties"][group]["type"] == "object"


def test_an_encoded_string_that_holds_no_json_or_breaks_the_original_is_an_error_at_its_place():
    result = tierone.rewrite(UNIONS, "anthropic")
    place = str(result.loosened[0].pointer).split("/")[-1]
    form = tierone.to_strict_form(UNIONS_INSTANCE, UNIONS, "anthropic")
    for bad, says in (("not json", "is not of type 'object'"), (json.dumps({"p0": []}), "")):
        answer = {**form, place: bad}
        refused = tierone.restore(answer, UNIONS)
        assert refused.errors and all(str(e.pointer).startswith(f"/{place}") for e in refused.errors)
        assert says in refused.errors[0].message
        with pytest.raises(tierone.StrictError):
            tierone.strict(UNIONS, "anthropic").parse(json.dumps(answer))


def test_exact_refuses_the_limit_as_it_is():
    refused = tierone.rewrite(UNIONS, "anthropic", exact=True)
    assert [(str(u.pointer), u.rule) for u in refused.unfixable] == [("", "T408")]


def test_a_limit_no_encoding_can_meet_stays_refused():
    # one enum of 1,001 values of two types at the root: no subtree to encode, no member to
    # gather, and no one type for the root to keep were the enum to leave
    values = {"enum": [f"v{i}" for i in range(500)] + list(range(501))}
    assert [(str(u.pointer), u.rule) for u in tierone.rewrite(values, "openai").unfixable] == [("", "T404")]


def test_a_root_enum_over_the_count_leaves_and_its_values_type_stays():
    values = {"enum": [f"v{i}" for i in range(1_001)]}  # (no subtree to encode, no member to gather)
    result = assert_served(values, "openai", ["v7", "v1000"])
    assert result.schema["properties"]["tierone_root"]["type"] == "string"
    assert [(str(c.pointer), c.rule) for c in result.changes if c.loosens] == [("", "T404")]
    assert not tierone.restore(tierone.to_strict_form("v1001", values, "openai"), values).ok


def test_an_untyped_object_encoded_to_keep_the_depth_is_read_back_by_restore_alone():
    # no `type`: JSON Schema takes a string there, the rewriter reads an object (its keywords)
    leaf = {"properties": {"k": S}, "required": ["k"], "additionalProperties": False}
    node = leaf
    for i in range(6):
        node = {"properties": {f"n{i}": node}, "required": [f"n{i}"], "additionalProperties": False}
    instance: dict = {"k": "v"}
    for i in range(6):
        instance = {f"n{i}": instance}
    result = tierone.rewrite(node, "tier1")
    assert result.ok and [c.rule for c in result.loosened] == ["T401"]
    form = tierone.to_strict_form(instance, node, "tier1")
    jsonschema.validate(form, result.schema)
    assert tierone.restore(form, node).payload == instance  # the string decoded, not kept


#: a member whose union holds a text branch (``kind``: a string) beside a reference to a list
#: of items nested too deep: nothing on the way to the reference may be carried as a string (a
#: union beside text), so the way goes on into the definitions (rule T402, tier1 nests 5 deep)
BEHIND_TEXT = {
    "type": "object",
    "properties": {"plugins": {"anyOf": [{"type": "string"}, {"$ref": "#/$defs/list"}]}},
    "required": ["plugins"],
    "$defs": {
        "list": {"type": "array", "items": {"anyOf": [{"type": "string"}, {"$ref": "#/$defs/item"}]}},
        "item": {
            "type": "object",
            "properties": {"name": S, "tags": {"type": "array", "items": {"type": "array", "items": S}}},
            "required": ["name", "tags"],
        },
    },
}


def test_a_reference_too_deep_behind_text_is_kept_in_a_json_object_there():
    assert "T402" in {d.code for d in tierone.lint(BEHIND_TEXT, profile="tier1").diagnostics}
    result = tierone.rewrite(BEHIND_TEXT, "tier1")
    assert result.ok, result.unfixable
    encoded = [str(c.pointer) for c in result.loosened if c.rule == "T402"]
    # a place too deep inside the definitions first: the item's branch beside text, in tierone_json
    assert encoded == ["/$defs/list/items/anyOf/1"]
    assert set(result.schema["$defs"]["list"]["items"]["anyOf"][1]["properties"]) == {"tierone_json"}
    assert all(v.ok for v in all_judges(result.schema, "tier1"))
    instance = {"plugins": ["a", {"name": "b", "tags": [["x", "y"], []]}]}
    form = tierone.to_strict_form(instance, BEHIND_TEXT, "tier1")
    jsonschema.validate(form, result.schema)
    assert tierone.restore(form, BEHIND_TEXT).payload == instance
    assert tierone.strict(BEHIND_TEXT, "tier1").parse(json.dumps(form)) == instance
    assert tierone.rewrite(result.schema, "tier1").schema == result.schema  # a fixed point


#: a recursive element whose children are text, one element or a list of them (a React
#: element as JSON): every element is a union branch beside the text
ELEMENT = {
    "$ref": "#/definitions/element",
    "definitions": {
        "element": {
            "type": "object",
            "properties": {
                "type": {"type": "string"},
                "children": {
                    "oneOf": [
                        {"type": "string"},
                        {"$ref": "#/definitions/element"},
                        {"type": "array", "items": {"$ref": "#/definitions/element"}},
                    ]
                },
            },
            "required": ["type"],
            "additionalProperties": False,
        }
    },
}


@pytest.mark.parametrize("profile", ["tier1", "vendors"])
def test_nothing_is_encoded_where_its_string_would_stand_beside_text(profile):
    """An element too deep is a branch beside text (``children`` takes a string): carried as a
    bare JSON string there, the read side would take it for the text (restore once gave back
    the JSON text as ``children``). Past the last level of the unrolled recursion it travels in
    a ``tierone_json`` object, and a limit never encodes it bare: what is served reads back."""
    deep = {"type": "div", "children": {"type": "span", "children": {"type": "b", "children": {"type": "i"}}}}
    deep = {"type": "p", "children": [deep, {"type": "u", "children": deep}]}
    result = tierone.rewrite(ELEMENT, profile)
    assert result.ok, result.unfixable
    assert any("tierone_json" in c.what for c in result.loosened)  # carried in an object there
    assert all(v.ok for v in all_judges(result.schema, profile)), all_judges(result.schema, profile)
    form = tierone.to_strict_form(deep, ELEMENT, profile)
    jsonschema.validate(form, result.schema)
    assert tierone.restore(form, ELEMENT).payload == deep
    made = tierone.strict(ELEMENT, profile)
    assert made.parse(json.dumps(form)) == deep
    stream = made.stream()
    for at in range(0, len(text := json.dumps(form)), 7):
        stream.feed(text[at : at + 7])
    assert stream.close() == deep
    text_child = {"type": "p", "children": {"type": "b", "children": {"type": "i", "children": '{"type": "u"}'}}}
    back = tierone.restore(tierone.to_strict_form(text_child, ELEMENT, profile), ELEMENT)
    assert back.payload == text_child  # text that looks like JSON stays text


def test_the_ledger_keeps_nothing_made_inside_a_subtree_a_limit_encodes():
    """A change made inside a subtree that a limit then carries as a JSON string goes with it:
    the encoding is the one loosening there (renovate's ledger under tier1 went from 25,964
    entries to 339), and the rendition is the same."""
    node: dict = {"type": "object", "properties": {"leaf": {"type": "string", "minLength": 2}}}
    for i in range(7):
        node = {"type": "object", "properties": {f"l{i}": node, "note": {"type": "string", "format": "email"}}}
    result = tierone.rewrite(node, "tier1")
    assert result.ok, result.unfixable
    encoded = [tuple(c.pointer) for c in result.loosened if c.rule in ("T401", "T402")]
    assert encoded
    for change in result.changes:
        here = tuple(change.pointer)
        assert not any(here[: len(e)] == e and len(here) > len(e) for e in encoded), change
    assert any(c.rule == "T104" for c in result.changes)  # the members above it still in the ledger


def test_a_count_limit_is_met_before_depth_and_its_subtree_takes_the_places_too_deep(monkeypatch):
    """Where both a count and the depth are over, the count is met first: a subtree it encodes
    may hold places too deep, which then need nothing more (a large schema is not linted round
    after round for depth in a subtree that leaves the rendition whole); the depth then, where
    it is still over."""
    from tierone.rewriter.passes import budgets

    deep = _nested(7)
    deep["properties"] |= {f"w{i}": S for i in range(120)}  # 120 members beside the deep chain: over 100
    original = {"type": "object", "properties": {"deep": deep, "name": S}, "required": ["deep", "name"]}
    met: list[str] = []
    choices = budgets._choices
    monkeypatch.setattr(
        budgets, "_choices", lambda schema, code, *rest: met.append(code) or choices(schema, code, *rest)
    )
    result = tierone.rewrite(original, "tier1")
    assert result.ok, result.unfixable
    assert met[0] == "T403"
    instance = {"deep": {**_instance_of(7), **{f"w{i}": "x" for i in range(120)}}, "name": "n"}
    form = tierone.to_strict_form(instance, original, "tier1")
    jsonschema.validate(form, result.schema)
    assert tierone.restore(form, original).payload == instance
    assert all(v.ok for v in all_judges(result.schema, "tier1"))
