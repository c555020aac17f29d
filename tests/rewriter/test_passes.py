"""The rewriter's passes: each pass, the output judged by the linter, the properties."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings

from tests.conftest import FIXTURES
from tests.judges import all_judges
from tests.strategies import SCHEMAS
from tierone import lint
from tierone.answers.restore import restore
from tierone.rewriter.passes import PASSES
from tierone.rewriter.rewrite import rewrite

S = {"type": "string"}


def obj(properties, required=None, **extra):
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties) if required is None else required,
        "additionalProperties": False,
        **extra,
    }


def prop(schema, name="a", **kw):
    return rewrite({"type": "object", "properties": {name: schema}}, **kw).schema["properties"][name]


class TestNullAsAbsent:
    @pytest.mark.parametrize(
        "optional, strict",
        [
            ({"type": "string"}, {"type": ["string", "null"]}),
            ({"type": ["integer", "string"]}, {"type": ["integer", "string", "null"]}),
            ({"type": "string", "enum": ["a", "b"]}, {"type": ["string", "null"], "enum": ["a", "b", None]}),
            ({"enum": ["a", 1]}, {"enum": ["a", 1, None]}),
            ({"$ref": "#/$defs/A"}, {"anyOf": [{"$ref": "#/$defs/A"}, {"type": "null"}]}),
            ({"anyOf": [S, {"type": "integer"}]}, {"anyOf": [S, {"type": "integer"}, {"type": "null"}]}),
            ({"type": ["string", "null"]}, {"type": ["string", "null"]}),
        ],
        ids=["type", "type-list", "typed-enum", "enum", "ref", "anyOf", "already-nullable"],
    )
    def test_optional_becomes_required_and_nullable(self, optional, strict):
        schema = {"type": "object", "properties": {"a": optional}, "$defs": {"A": obj({"x": S})}}
        result = rewrite(schema, "openai")  # the type-list spelling (tests/rewriter/test_consumers.py: per profile)
        assert result.schema["properties"]["a"] == strict
        assert result.schema["required"] == ["a"]

    def test_const_optional_is_wrapped(self):
        assert prop({"type": "string", "const": "x"}, profile="gemini") == {"type": "string", "enum": ["x"]}
        assert prop({"type": "string", "const": "x"}) == {"type": ["string", "null"], "enum": ["x", None]}
        assert prop({"type": "string", "const": "x"}, profile="vendors") == {
            "anyOf": [{"type": "string", "enum": ["x"]}, {"type": "null"}]
        }

    def test_required_is_written_in_properties_order(self):
        schema = {"type": "object", "properties": {"a": S, "b": S, "c": S}, "required": ["c"]}
        assert rewrite(schema).schema["required"] == ["a", "b", "c"]
        complete = {"type": "object", "properties": {"a": S, "b": S}, "required": ["b", "a"]}
        assert rewrite(complete, "openai").schema["required"] == ["a", "b"]
        assert rewrite(complete, "gemini").schema["required"] == ["b", "a"]  # no strict helper reads it

    def test_a_closed_object_without_properties_says_so(self):
        empty = {"type": "object", "additionalProperties": False}
        schema = {
            "type": "object",
            "properties": {"e": empty, "n": {**empty, "properties": {}}},
            "required": ["e", "n"],
        }
        out = rewrite(schema, "openai").schema["properties"]
        assert out["e"] == {**empty, "properties": {}, "required": []}
        assert out["n"] == {**empty, "properties": {}, "required": []}
        one_type = rewrite({"type": ["object"], "additionalProperties": False}).schema  # the list spell_null shortens
        assert one_type == {**empty, "properties": {}, "required": []}
        assert rewrite(one_type).schema == one_type


class TestPasses:
    def test_every_pass_documents_a_before_and_after(self):
        for step in PASSES:
            assert "Before:" in (step.__doc__ or "") and "After:" in (step.__doc__ or ""), step.__name__

    def test_constraints_become_hints(self):
        assert prop({"type": "string", "minLength": 1, "maxLength": 80, "description": "Title"}, profile="openai") == {
            "type": ["string", "null"],
            "description": "Title. At least 1 character. At most 80 characters.",
        }

    def test_no_hints(self):
        assert prop({"type": "integer", "minimum": 0}, hints=False) == {"type": ["integer", "null"]}

    def test_open_object_is_encoded_not_emptied(self):
        encoded = prop(
            {"type": "object", "additionalProperties": {"type": "integer"}, "description": "Counts"}, profile="openai"
        )
        assert encoded == {
            "type": ["string", "null"],
            "description": "Counts. An object of string → integer, JSON-encoded (a string holding JSON).",
        }

    def test_open_objects_error_refuses(self):
        result = rewrite(
            {"type": "object", "properties": {"m": {"type": "object"}}, "required": ["m"]}, open_objects="error"
        )
        assert [(str(u.pointer), u.rule) for u in result.unfixable] == [("/properties/m", "T102")]

    def test_one_of_all_of_and_ref_siblings(self):
        schema = {
            "type": "object",
            "properties": {
                "a": {"oneOf": [S, {"type": "integer"}]},
                "b": {"allOf": [{"$ref": "#/definitions/Base"}, {"properties": {"y": S}, "required": ["y"]}]},
                "c": {"$ref": "#/definitions/Base", "description": "with a sibling"},
            },
            "required": ["a", "b", "c"],
            "definitions": {"Base": {"type": "object", "properties": {"x": S}, "required": ["x"]}},
        }
        out = rewrite(schema).schema
        assert out["properties"]["a"] == {"anyOf": [S, {"type": "integer"}]}
        assert out["properties"]["b"]["properties"] == {"x": S, "y": S}
        assert out["properties"]["b"]["required"] == ["x", "y"]
        assert out["properties"]["c"]["description"] == "with a sibling" and "properties" in out["properties"]["c"]
        assert "$defs" not in out and "definitions" not in out  # Base written out wherever it was used: dead
        assert lint(out).ok

    def test_references_by_anchor_or_own_id_become_pointers(self):
        schema = {
            "$id": "https://example.com/order.schema.json",
            "type": "object",
            "properties": {
                "ship": {"$ref": "#addr"},
                "bill": {"$ref": "https://example.com/order.schema.json#/$defs/Address"},
                "legacy": {"$ref": "#old"},
                "same": {"$ref": "#/$defs/Address"},
            },
            "required": ["ship", "bill", "legacy", "same"],
            "$defs": {
                "Address": obj({"street": S}, **{"$anchor": "addr"}),
                "Old": obj({"x": S}, **{"$id": "#old"}),
            },
        }
        out = rewrite(schema, id="https://example.com/strict/order.schema.json")
        assert out.ok and lint(out.schema).ok
        refs = {name: sub["$ref"] for name, sub in out.schema["properties"].items()}
        assert refs == {
            "ship": "#/$defs/Address",
            "bill": "#/$defs/Address",
            "legacy": "#/$defs/Old",
            "same": "#/$defs/Address",
        }
        assert "$anchor" not in out.schema["$defs"]["Address"]

    def test_an_anchor_into_a_name_that_needs_escaping_ends_plain(self):
        schema = obj({"a": {"$ref": "#x"}}, **{"$defs": {"My Type/100%": obj({"b": S}, **{"$anchor": "x"})}})
        out = rewrite(schema)  # the pointer is escaped for a URI (My%20Type~1100%25), then the name made plain
        assert out.schema["properties"]["a"] == {"$ref": "#/$defs/My_Type_100_"}
        assert out.ok and lint(out.schema).ok

    def test_unresolvable_anchor_is_left_for_the_linter(self):
        out = rewrite(obj({"a": {"$ref": "#nowhere"}}))
        assert out.schema["properties"]["a"] == {"$ref": "#nowhere"}
        assert [u.rule for u in out.unfixable] == ["T503"]

    def test_reasoning_first_and_gemini_ordering(self):
        schema = {"type": "object", "properties": {"answer": S, "reasoning": S}}
        out = rewrite(schema, "gemini").schema
        assert list(out["properties"]) == ["reasoning", "answer"]
        assert out["propertyOrdering"] == ["reasoning", "answer"]
        assert "propertyOrdering" not in rewrite(schema, "openai").schema
        assert list(rewrite(schema).schema["properties"]) == ["reasoning", "answer"]

    def test_union_object_keeps_its_branches_open_to_their_shapes(self):
        schema = obj(
            {"s": {"type": "object", "oneOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}]}},
            **{"$defs": {"A": obj({"a": S}), "B": obj({"b": S})}},
        )
        out = rewrite(schema)
        assert out.ok and out.schema["properties"]["s"] == {"anyOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}]}

    def test_input_is_never_mutated(self):
        schema = json.loads((FIXTURES / "cli" / "messy.schema.json").read_text())
        before = json.dumps(schema)
        rewrite(schema)
        assert json.dumps(schema) == before


class TestUnfixable:
    @pytest.mark.parametrize(
        "schema, rule, pointer",
        [
            (False, "T101", ""),
            (  # a place inside the wrapped root: a bound the rendition would not enforce (exact)
                {"type": "array", "items": {"type": "object", "properties": {"a": S}, "minProperties": 3}},
                "T310",
                "/items",
            ),
            (obj({"k": {"type": "array", "items": {"$ref": "#"}}}), "T501", "/properties/k/items"),
            (obj({f"p{i}": S for i in range(101)}), "T403", ""),
        ],
        ids=["no-instance-root", "inside-a-wrapped-root", "recursion", "too-many-properties"],
    )
    def test_reported_with_pointer(self, schema, rule, pointer):
        result = rewrite(schema, unroll=0, exact=True)  # recursion refused, not unrolled; no limit encoded
        assert not result.ok and (pointer, rule) in {(str(u.pointer), u.rule) for u in result.unfixable}

    def test_anthropic_union_budget_is_reported_for_tier1(self):
        result = rewrite({"type": "object", "properties": {f"p{i}": S for i in range(17)}}, exact=True)
        assert ("", "T408") in {(str(u.pointer), u.rule) for u in result.unfixable}
        assert rewrite({"type": "object", "properties": {f"p{i}": S for i in range(17)}}, "openai").ok


# ---- properties -------------------------------------------------------------------------


#: found by a wider search under each profile (the property below runs tier1's): a union's
#: branches taking over its type list left an `additionalProperties: true` beside them; a branch
#: with object keywords beside a holder of type string was closed as an object (a second rewrite
#: then found it took nothing); a closed object among other types lacked `properties: {}`
FOUND_ELSEWHERE = (
    {"type": ["object", "string"], "additionalProperties": {}, "anyOf": [{"type": "string"}]},
    {"type": "string", "anyOf": [{"type": "string"}, {"properties": {"a": S}, "items": S}]},
    {"type": ["object", "string"], "additionalProperties": False},
)


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini-openapi", "vendors"])
@pytest.mark.parametrize("schema", FOUND_ELSEWHERE)
def test_what_a_wider_search_found_is_its_own_rewrite_under_each_profile(schema, profile):
    first = rewrite(schema, profile)
    assert first.ok, first.unfixable
    assert rewrite(first.schema, profile).schema == first.schema
    assert [v for v in all_judges(first.schema, profile) if not v.ok] == []


# the same 250 schemas on every run (CI stays reproducible); a wider random search is done
# apart, and what it finds is kept below as examples
@settings(max_examples=250, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(SCHEMAS)
@example({"type": ["object"], "additionalProperties": False})
@example({"type": ["object"], "additionalProperties": True, "oneOf": []})  # an empty union: refused (T606)
# found by this test: a closed object whose only union branch that takes objects is free-form
# data (encoded as text, then of no type the object takes): refused at once, not served empty
@example({"type": "object", "additionalProperties": False, "anyOf": [{"type": "string"}, {"oneOf": [{}]}]})
# found by this test: an object or a string, declaring nothing, requiring a member, beside a union
@example(
    {
        "type": ["object", "string"],
        "required": ["a"],
        "additionalProperties": {"type": "string"},
        "anyOf": [{"type": "string"}, {}],
    }
)
# found by this test: an untyped branch whose keywords imply another type than its union's
@example({"type": "string", "additionalProperties": False, "anyOf": [{"type": "string"}, {}]})
# found by a wider search: a branch of any data beside a type that takes scalars alone
@example({"type": ["integer"], "anyOf": [{}, {"type": "number"}]})
@example(FOUND_ELSEWHERE[0])
@example(FOUND_ELSEWHERE[1])
def test_rewrite_is_idempotent_and_clean_or_says_why(schema):
    first = rewrite(schema)
    if first.ok:
        assert lint(first.schema).ok
        again = rewrite(first.schema)
        assert again.schema == first.schema and again.ok
    else:
        assert all(u.rule.startswith("T") for u in first.unfixable)


def _containers(value: Any) -> list[Any]:
    found = [value] if isinstance(value, (dict, list)) else []
    for item in value.values() if isinstance(value, dict) else value if isinstance(value, list) else ():
        found += _containers(item)
    return found


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SCHEMAS)
# a type moved into a union whose reference branch is on a cycle (the move copies its target)
@example({"additionalProperties": {"type": "string", "anyOf": [{"$ref": "#"}], "$ref": "#"}, "enum": []})
def test_rewrite_leaves_its_input_alone_and_shares_nothing_with_it(schema):
    before = json.dumps(schema)
    result = rewrite(schema)
    assert json.dumps(schema) == before
    given_ids = {id(node) for node in _containers(schema)}
    assert not any(id(node) in given_ids for node in _containers(result.schema))


def test_bounds_beyond_64_bits_are_kept_exactly(tmp_path):
    from tierone.core.loading import load_path

    path = tmp_path / "big.schema.json"
    path.write_text(
        '{"type": "object", "properties": {"n": {"type": "integer", "maximum": 99999999999999999999999}},'
        ' "required": ["n"], "additionalProperties": false}'
    )
    original = load_path(str(path)).data
    assert rewrite(original).schema["properties"]["n"]["description"] == "At most 99999999999999999999999."
    assert restore({"n": 99999999999999999999999}, original).ok
    assert not restore({"n": 100000000000000000000000}, original).ok
