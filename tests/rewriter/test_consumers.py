"""What the consumers need of a rendition, as general rules of the rewrite (issue 13): null
spelled per profile, ``propertyOrdering`` only where the table vouches for it, ``required`` in
``properties`` order, a closed object without properties written out, nothing passed through
that a consumer rejects."""

from __future__ import annotations

import json
from typing import ClassVar

import jsonschema
import pytest

import tierone
from tests.judges import JUDGES, all_judges
from tests.served import assert_served
from tierone import lint
from tierone.answers.restore import restore
from tierone.answers.strictform import to_strict_form
from tierone.core.pointer import Pointer
from tierone.rewriter.passes import Options, rename_definitions
from tierone.rewriter.rewrite import rewrite
from tierone.rewriter.shapes import ENCODED_NOTE

S = {"type": "string"}
NULL = {"type": "null"}


def obj(properties, required=None, **extra):
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties) if required is None else required,
        "additionalProperties": False,
        **extra,
    }


MIXED = {
    "type": "object",
    "properties": {
        "reasoning": S,
        "nick": {"type": "string", "description": "Nick", "maxLength": 3},
        "both": {"type": ["integer", "string"], "minimum": 1, "minLength": 2},
    },
}
ORDERED = {"type": "object", "properties": {"b": S, "a": S}, "propertyOrdering": ["b", "a"]}


class TestNullSpelling:
    def test_anthropic_profiles_write_an_any_of(self):
        for profile in ("anthropic", "vendors"):
            props = rewrite(MIXED, profile).schema["properties"]
            assert props["both"]["anyOf"][:2] == [{"type": "integer"}, {"type": "string"}], profile
        assert rewrite(MIXED, "vendors").schema["properties"]["nick"] == {
            "anyOf": [S, NULL],
            "description": "Nick. At most 3 characters.",
        }
        for profile in ("openai", "gemini", "tier1"):  # every consumer of theirs takes a type list
            assert rewrite(MIXED, profile).schema["properties"]["both"]["type"][:2] == ["integer", "string"]

    def test_tier1_spells_null_as_rfc_0030_d_prescribes(self):
        """The type list costs no level of the RFC's five: a leaf at depth five stays there."""
        tier1 = rewrite(MIXED).schema["properties"]
        assert tier1["reasoning"] == {"type": ["string", "null"]}
        assert tier1["nick"] == {"type": ["string", "null"], "description": "Nick. At most 3 characters."}
        deep: dict = {"type": "string"}
        for _ in range(5):
            deep = {"type": "object", "properties": {"x": deep}}
        assert deep["properties"]["x"]["properties"]["x"]["properties"]["x"]["properties"]["x"]["properties"]["x"]
        assert rewrite(deep).ok and not rewrite(deep, "vendors").unfixable
        assert rewrite(obj({"reasoning": {"type": ["string", "null"]}}), "anthropic").schema["properties"] == {
            "reasoning": {"anyOf": [S, NULL]}
        }

    def test_an_enum_is_split_by_type_and_a_one_type_list_is_that_type(self):
        spelled = rewrite(
            obj({"e": {"type": ["string", "integer"], "enum": ["a", 1]}, "one": {"type": ["string"]}}), "anthropic"
        ).schema["properties"]
        assert spelled["e"] == {"anyOf": [{"type": "string", "enum": ["a"]}, {"type": "integer", "enum": [1]}]}
        assert spelled["one"] == S

    def test_every_spelling_takes_the_strict_form_and_restores_the_same(self):
        original = {"type": "object", "properties": {"nick": S, "age": {"type": ["integer", "null"]}}}
        strict_form = to_strict_form({"age": None}, original)
        assert strict_form == {"nick": None, "age": None}
        for profile in ("tier1", "openai"):  # the profiles that make every member required
            jsonschema.validate(strict_form, rewrite(original, profile).schema)
        jsonschema.validate({"age": None}, rewrite(original, "gemini").schema)  # optional members stay optional
        anthropic = rewrite(original, "anthropic").schema  # optional too, and spending no union: no null
        jsonschema.validate({}, anthropic)
        assert anthropic["properties"]["age"] == {"type": "integer"} and "required" not in anthropic
        assert rewrite(original, "vendors").schema["properties"]["age"] == {"anyOf": [{"type": "integer"}, NULL]}
        assert restore(strict_form, original).payload == {}

    def test_the_linter_names_a_type_list_for_anthropic_not_for_openai(self):
        schema = obj({"a": {"type": ["string", "null"]}, "reasoning": {"type": ["string", "null"]}})
        assert [(d.code, str(d.pointer)) for d in lint(schema, profile="anthropic").diagnostics] == [
            ("T216", "/properties/a")
        ]
        assert lint(schema, profile="openai").diagnostics == ()


class TestPropertyOrdering:
    def test_written_only_where_every_vendor_reads_it(self):
        for profile in ("tier1", "openai", "anthropic"):
            result = rewrite(ORDERED, profile)
            assert result.ok and "propertyOrdering" not in result.schema, profile
        assert rewrite({"type": "object", "properties": {"b": S, "a": S}}, "gemini").schema["propertyOrdering"] == [
            "b",
            "a",
        ]


class TestRequired:
    def test_written_in_properties_order_where_the_strict_helpers_write_it(self):
        schema = obj({"a": S, "b": S}, ["b", "a"])
        assert rewrite(schema, "openai").schema["required"] == ["a", "b"]
        assert rewrite(obj({"a": S, "b": S, "c": S}, ["c"])).schema["required"] == ["a", "b", "c"]

    def test_a_closed_object_without_properties_is_written_out(self):
        empty = {"type": "object", "additionalProperties": False}
        out = rewrite(obj({"e": empty}), "openai").schema["properties"]["e"]
        assert out == {**empty, "properties": {}, "required": []}
        assert JUDGES["pydantic-ai"].check(rewrite(obj({"e": empty}), "openai").schema).ok

    @pytest.mark.parametrize("profile", ["openai", "anthropic", "gemini", "gemini-openapi", "vendors", "tier1"])
    def test_a_closed_object_among_other_types_is_written_out_too(self, profile):
        # outlines-core read `additionalProperties: false` beside no properties as a `false`
        # schema under a type list as well; split into branches, a second rewrite added them
        schema = obj(
            {
                "a": {"type": ["object", "string"], "additionalProperties": False},
                "b": {"type": ["object", "array"], "additionalProperties": False, "items": {"type": "integer"}},
            }
        )
        result = rewrite(schema, profile)
        assert result.ok, result.unfixable
        assert [v for v in all_judges(result.schema, profile) if not v.ok] == []
        assert rewrite(result.schema, profile).schema == result.schema
        for answer in ({"a": {}, "b": [1]}, {"a": "x", "b": {}}):
            assert restore(to_strict_form(answer, schema, profile), schema).payload == answer


class TestNotPassedThrough:
    def test_schema_and_comment_are_dropped_and_id_only_when_given(self):
        schema = {
            "$schema": "http://json-schema.org/schema#",
            "$id": "urn:x",
            "$comment": "c",
            **obj({"a": {**S, "$comment": "inner"}}),
        }
        out = rewrite(schema, "openai").schema
        assert out == obj({"a": S})
        assert rewrite(schema, "openai", id="urn:y").schema == {"$id": "urn:y", **obj({"a": S})}
        assert JUDGES["llguidance"].check(rewrite(schema, "openai").schema).ok

    def test_a_true_additional_properties_on_an_untyped_union_is_dropped(self):
        union = {"anyOf": [obj({"a": S}), obj({"b": S})], "additionalProperties": True}
        out = rewrite(obj({"u": union}), "openai")
        assert out.ok and out.schema["properties"]["u"] == {"anyOf": [obj({"a": S}), obj({"b": S})]}
        assert JUDGES["openai-agents"].check(out.schema).ok

    @pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini-openapi", "vendors"])
    def test_so_is_one_beside_a_type_list_the_union_s_branches_take_over(self, profile):
        # the type list left to the branches, the `true` stayed: a second rewrite dropped it
        union = {"type": ["object", "string"], "additionalProperties": {}, "anyOf": [S]}
        out = rewrite(obj({"u": union}), profile)
        assert out.ok and out.schema["properties"]["u"] == {"anyOf": [S]}
        assert rewrite(out.schema, profile).schema == out.schema

    @pytest.mark.parametrize("profile", ["openai", "anthropic", "vendors"])
    def test_a_format_an_engine_cannot_compile_leaves_and_restore_checks_it(self, profile):
        """OpenAI and Anthropic document ``hostname``, ``ipv4``, ``ipv6`` and ``duration``;
        outlines-core compiles none of them. They leave like a format the vendor refuses: stated in
        the description, checked by restore. The formats every engine compiles stay."""
        formats = ("hostname", "ipv4", "ipv6", "duration", "date-time", "email", "uuid")
        original = obj({f: {"type": "string", "format": f} for f in formats})
        result = rewrite(original, profile)
        props = result.schema["properties"]
        kept = {f for f in formats if "format" in props[f]}
        assert kept == ({"date-time", "email", "uuid"} if profile != "vendors" else {"date-time"})  # Gemini: dates only
        for f in ("hostname", "ipv4", "ipv6", "duration"):
            assert props[f] == {"type": "string", "description": f"Format: {f}."}
        assert JUDGES["outlines-core"].check(result.schema).ok
        assert JUDGES["llguidance"].check(result.schema).ok
        good = {
            "hostname": "example.com",
            "ipv4": "10.0.0.1",
            "ipv6": "::1",
            "duration": "P1D",
            "date-time": "2026-12-01T10:00:00Z",
            "email": "a@example.com",
            "uuid": "12345678-1234-5678-1234-567812345678",
        }
        assert restore(good, original).ok
        assert not restore({**good, "ipv4": "300.1.1.1"}, original).ok

    def test_default_leaves_the_anthropic_rendition(self):
        out = rewrite(obj({"n": {"type": "integer", "default": 3}}), "anthropic").schema
        assert out["properties"]["n"] == {"type": "integer", "description": "Default: 3."}


class TestSatisfiable:
    """Never an unsatisfiable rendition of a satisfiable schema (llguidance is the judge)."""

    SHARED: ClassVar = {
        "type": "object",
        "properties": {"id": S},
        "required": ["id"],
        "anyOf": [{"properties": {"b": S}, "required": ["b"]}, {"$ref": "#/$defs/C"}, {"type": "string"}],
    }
    DEFS: ClassVar = {"C": {"type": "object", "properties": {"c": {"type": "integer"}}}}

    def test_members_beside_a_union_go_into_each_object_branch(self):
        original = {"type": "object", "properties": {"x": self.SHARED}, "required": ["x"], "$defs": self.DEFS}
        for profile in ("tier1", "openai", "anthropic", "gemini"):
            result = rewrite(original, profile)
            assert result.ok, (profile, result.unfixable)
            assert JUDGES["llguidance"].check(result.schema).ok, profile
            branches = result.schema["properties"]["x"]["anyOf"]
            # the string branch takes nothing beside `type: object`: it leaves, exactly
            assert [list(b.get("properties", {}))[:1] for b in branches] == [["id"], ["id"]], profile
            assert "/properties/x/anyOf/2" in [str(c.pointer) for c in result.changes if not c.loosens], profile
            assert "properties" not in result.schema["properties"]["x"], profile
        strict = rewrite(original).schema
        payload = {"x": {"id": "1", "c": None}}
        jsonschema.validate(payload, strict)
        assert restore(payload, original).payload == {"x": {"id": "1"}}

    def test_what_cannot_be_shared_is_refused_with_a_pointer(self):
        conflict = {**self.SHARED, "anyOf": [{"properties": {"id": {"type": "integer"}}}]}
        result = rewrite({**obj({"x": conflict}), "$defs": self.DEFS})
        assert not result.ok and [(str(u.pointer), u.rule) for u in result.unfixable][:1] == [("/properties/x", "T608")]

    def test_a_root_the_union_would_share_into_travels_in_the_wrapper(self):
        original = {**self.SHARED, "$defs": self.DEFS}
        result = rewrite(original)
        assert result.ok, result.unfixable
        assert list(result.schema["properties"]) == ["tierone_root"]
        assert "anyOf" in result.schema["properties"]["tierone_root"]
        assert JUDGES["llguidance"].check(result.schema).ok

    #: a closed object whose members the branches narrow (how Github_medium/o81746 writes its
    #: coordinate reference systems: `properties` free-form beside, a shape in each branch)
    CLOSED: ClassVar = {
        "type": "object",
        "properties": {"kind": S, "spec": {"type": "object", "properties": {"note": S}}},
        "required": ["kind", "spec"],
        "additionalProperties": False,
        "oneOf": [
            {"properties": {"kind": {"enum": ["name"]}, "spec": {"properties": {"name": S}, "required": ["name"]}}},
            {"properties": {"kind": {"enum": ["link"]}, "spec": {"properties": {"href": S}, "required": ["href"]}}},
        ],
    }

    @pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini", "gemini-openapi"])
    def test_a_closed_object_beside_a_union_shares_its_members_and_its_closure(self, profile):
        original = obj({"crs": self.CLOSED})
        result = rewrite(original, profile)
        assert result.ok, result.unfixable
        for judge in ("llguidance", "outlines-core"):
            assert JUDGES[judge].check(result.schema).ok, judge
        crs = result.schema["properties"]["crs"]
        assert "properties" not in crs and "additionalProperties" not in crs
        assert [sorted(b["properties"]) for b in crs["anyOf"]] == [["kind", "spec"], ["kind", "spec"]]
        assert all(b["additionalProperties"] is False for b in crs["anyOf"])
        spec = crs["anyOf"][1]["properties"]["spec"]
        assert sorted(spec["properties"]) == ["href", "note"] and "href" in spec["required"]  # both say what they say
        for answer in (
            {"crs": {"kind": "name", "spec": {"name": "EPSG:4326"}}},
            {"crs": {"kind": "link", "spec": {"href": "http://x"}}},
        ):
            jsonschema.validate(answer, original)
            sent = [
                form
                for form in (to_strict_form(answer, original), answer)  # optional kept optional: as it is
                if jsonschema.Draft202012Validator(result.schema).is_valid(form)
            ]
            assert sent, profile
            assert restore(sent[0], original).payload == answer

    def test_a_member_the_closed_object_refuses_is_left_out_of_a_branch_and_one_it_requires_takes_nothing(self):
        # beside a closed object a member may appear only where both it and the branch admit it:
        # the branch's rendition leaves the others out (exact), and a branch requiring one of them
        # takes no value; with no branch left, nothing is valid (refused, T608)
        optional = obj({"crs": {**self.CLOSED, "oneOf": [{"properties": {"extra": S}}]}})
        result = assert_served(optional, "openai", [{"crs": {"kind": "k", "spec": {"note": "n"}}}])
        (branch,) = result.schema["properties"]["crs"]["anyOf"]
        assert sorted(branch["properties"]) == ["kind", "spec"] and branch["additionalProperties"] is False
        assert not [c for c in result.loosened if c.rule == "T608"]  # exact: `extra` can never be there
        required = {**self.CLOSED, "oneOf": [{"properties": {"extra": S}, "required": ["extra"]}]}
        result = rewrite(obj({"crs": required}), "openai")
        assert [(str(u.pointer), u.rule) for u in result.unfixable] == [("/properties/crs", "T608")]
        assert "no branch takes a value" in result.unfixable[0].reason
        own = {**self.CLOSED, "oneOf": [{"properties": {"kind": S}, "additionalProperties": {"type": "integer"}}]}
        assert [u.rule for u in rewrite(obj({"crs": own}), "openai").unfixable] == ["T608"]  # `spec` an integer: none

    def test_members_beside_a_union_that_takes_no_object_constrain_nothing_and_leave(self):
        # properties (and an extra-members schema) apply to objects only: beside a union of
        # strings and numbers they say nothing a value can be, and the rendition leaves them out
        # rather than make the node an object no branch can be (found by the idempotence property)
        for extra in ({}, {"type": "integer"}):
            union = {
                "properties": {"a": S},
                "additionalProperties": extra,
                "anyOf": [{"anyOf": [S]}, {"type": "integer"}],
            }
            result = assert_served(obj({"u": union}), "openai", [{"u": "text"}, {"u": 3}])
            assert "properties" not in result.schema["properties"]["u"]
            assert rewrite(result.schema, "openai").schema == result.schema
        malformed = {"properties": {"a": S}, "additionalProperties": {"minLength": None}, "anyOf": [{"anyOf": [S]}]}
        once = rewrite(malformed)  # the case the property found: the rewrite of the rewrite is itself
        assert rewrite(once.schema).schema == once.schema

    def test_a_branch_saying_which_members_it_admits_beside_a_closed_object_admits_those_both_admit(self):
        union = {
            "type": "object",
            "properties": {"kind": S, "size": {"type": "integer"}, "note": S},
            "required": ["kind"],
            "additionalProperties": False,
            "anyOf": [
                {
                    "properties": {"kind": {"const": "a"}, "size": {"type": "integer", "minimum": 1}},
                    "required": ["size"],
                    "additionalProperties": False,
                },
                {"properties": {"kind": {"const": "b"}, "colour": S}},
                {"properties": {"kind": {"const": "c"}}, "required": ["colour"]},
                {"properties": {"kind": {"const": "d"}}, "additionalProperties": {"type": "string"}},
            ],
        }
        instances = [
            {"u": {"kind": "a", "size": 2}},
            {"u": {"kind": "b", "size": 0, "note": "n"}},
            {"u": {"kind": "d", "note": "n"}},
        ]
        for profile in ("openai", "anthropic", "gemini"):
            result = assert_served(obj({"u": union}), profile, instances)
            branches = result.schema["properties"]["u"]["anyOf"]
            assert [sorted(b["properties"]) for b in branches] == [
                ["kind", "size"],
                ["kind", "note", "size"],
                ["kind", "note"],
            ]
            assert not [c for c in result.loosened if c.rule == "T608"]  # each branch what both admit; `c` takes none

    def test_a_free_form_member_the_branches_give_a_shape_travels_as_json_text_and_is_checked_on_read(self):
        # the node says the member is free-form: it travels as JSON text in every branch (the read
        # side decodes it as the node says), and the branch's schema for it is checked on read
        for free in ({}, True, {"type": "object"}):
            union = {
                "type": "object",
                "properties": {"x": free},
                "required": ["x"],
                "anyOf": [{"properties": {"x": S}}, {"properties": {"x": {"type": "integer"}}}],
            }
            original = obj({"u": union})
            instances = [] if free == {"type": "object"} else [{"u": {"x": "abc"}}, {"u": {"x": 5}}]
            result = assert_served(original, "openai", instances)
            kept = [c for c in result.loosened if "free-form as the members beside the union" in c.what]
            assert [str(c.pointer) for c in kept] == [
                "/properties/u/anyOf/0/properties/x",
                "/properties/u/anyOf/1/properties/x",
            ]
            assert all(c.rule == "T608" for c in kept), free
            branches = result.schema["properties"]["u"]["anyOf"]
            assert all(
                b["properties"]["x"]["type"] in ("string", ["string", "null"])
                and "JSON-encoded" in b["properties"]["x"]["description"]
                for b in branches
            )
            wrong = restore({"u": {"x": json.dumps([1])}}, original)  # valid JSON text, neither branch's
            assert not wrong.ok, free
            assert tierone.rewrite(original, "openai", exact=True).unfixable  # exact: refused as before

    def test_a_root_ref_with_siblings_is_inlined(self):
        target = {"type": "object", "properties": {"a": S}}
        schema = {"$ref": "#/$defs/A", "type": "object", "additionalProperties": False, "$defs": {"A": target}}
        result = rewrite(schema, "openai")
        assert (
            result.ok
            and "$ref" not in result.schema
            and result.schema["properties"] == {"a": {"type": ["string", "null"]}}
        )
        assert JUDGES["llguidance"].check(result.schema).ok
        contradicting = rewrite({**schema, "type": "string"}, "openai")
        assert [(str(u.pointer), u.rule) for u in contradicting.unfixable][:1] == [("/type", "T106")]

    def test_an_unsatisfiable_original_is_refused_not_rendered(self):
        closed = obj({"a": S})
        schema = obj({"x": {**closed, "anyOf": [obj({"b": S})]}})
        assert [(d.code, str(d.pointer)) for d in lint(schema).diagnostics] == [("T608", "/properties/x")]
        result = rewrite(schema, "openai")
        assert not result.ok and {u.rule for u in result.unfixable} == {"T608"}


class TestEncodedBesideAString:
    """Free-form data becomes a JSON string; beside a branch that takes any string (where a
    bare string would be ambiguous) it travels as the one member ``tierone_json`` of an object."""

    MAP: ClassVar = {"type": "object", "additionalProperties": {"type": "string"}}

    @pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "vendors"])  # gemini keeps free-form data
    @pytest.mark.parametrize("order", ["string first", "map first"])
    def test_the_encoded_branch_travels_in_its_wrapper_and_reads_back(self, profile, order):
        branches = [S, {"type": "object"}] if order == "string first" else [{"$ref": "#/$defs/Free"}, S]
        original = {"$defs": {"Free": {"type": "object"}}, **obj({"x": {"anyOf": branches}})}
        result = rewrite(original, profile)
        assert result.ok, result.unfixable
        where = "/properties/x/anyOf/1" if order == "string first" else "/properties/x/anyOf/0"
        wrapped = [c for c in result.loosened if "tierone_json" in c.what]
        assert [(str(c.pointer), c.rule) for c in wrapped] == [(where, "T102")]
        verdicts = all_judges(result.schema, profile)
        assert all(v.ok for v in verdicts), [v for v in verdicts if not v.ok]
        strict = tierone.strict(original, profile)
        for instance in ({"x": '{"a": 1}'}, {"x": {"a": 1}}, {"x": "plain"}):  # text that looks like JSON stays text
            form = to_strict_form(instance, original, profile)
            assert restore(form, original).payload == instance
            assert strict.parse(json.dumps(form)) == instance

    def test_a_map_beside_a_union_of_strings_is_wrapped_too(self):
        inner = {"anyOf": [{"type": "integer"}, {"anyOf": [S, NULL]}]}
        result = rewrite(obj({"x": {"anyOf": [inner, self.MAP]}}), "openai")
        assert result.ok and result.schema["properties"]["x"]["anyOf"][1]["required"] == ["tierone_json"]

    def test_a_cycle_of_unions_is_looked_into_once(self):
        """Each union is looked into once: two references back to itself per level made the
        look 2**64 steps long."""
        union = {"anyOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/A"}, {"type": "integer"}]}
        original = {"$defs": {"A": union}, **obj({"x": {"anyOf": [{"$ref": "#/$defs/A"}, {"type": "object"}]}})}
        # (A is its own branch, so judging a value against it never ends: refused, after the passes ran)
        assert [(u.pointer, u.rule) for u in rewrite(original, "openai").unfixable] == [
            (Pointer(("$defs", "A", "anyOf", 0)), "T503")
        ]

    def test_beside_strings_an_enum_names_the_encoded_branch_is_read_back(self):
        original = obj({"x": {"anyOf": [{"enum": ["auto"]}, self.MAP]}})
        result = rewrite(original, "openai")
        assert result.ok
        assert restore({"x": '{"a": "b"}'}, original).payload == {"x": {"a": "b"}}
        assert restore({"x": "auto"}, original).payload == {"x": "auto"}
        assert rewrite(obj({"x": {"anyOf": [{"type": "integer"}, self.MAP]}}), "openai").ok


class TestReferencesAnywhere:
    """A ``$ref`` into a place that is no definition: its target is linted and rewritten."""

    TARGET: ClassVar = {"type": "string", "pattern": "^a", "minLength": 2}
    CASES: ClassVar = {
        "x-shared": ({"x-shared": {"A": TARGET}}, "#/x-shared/A", "A"),
        "a member": ({}, "#/properties/t", "t"),
        "a nested definition": ({"$defs": {"A": {"definitions": {"B": TARGET}}}}, "#/$defs/A/definitions/B", "B"),
    }

    def _schema(self, case):
        extra, ref, _ = self.CASES[case]
        return {"type": "object", "properties": {"t": self.TARGET, "r": {"$ref": ref}}, "required": ["t", "r"], **extra}

    def test_the_target_is_copied_into_defs_and_rewritten(self):
        for case, (_, _, name) in self.CASES.items():
            result = rewrite(self._schema(case), "openai")
            assert result.ok, case
            assert result.schema["properties"]["r"] == {"$ref": f"#/$defs/{name}"}, case
            assert result.schema["$defs"][name]["type"] == "string", case
            assert "minLength" not in json.dumps(result.schema["$defs"]), case  # rewritten as every subschema is
            assert JUDGES["llguidance"].check(result.schema).ok, case
            assert restore({"t": "aa", "r": "ab"}, self._schema(case)).payload == {"t": "aa", "r": "ab"}

    def test_a_member_copy_keeps_the_members_meaning(self):
        schema = {"type": "object", "properties": {"t": S, "r": {"$ref": "#/properties/t"}}, "required": ["r"]}
        out = rewrite(schema, "openai").schema
        assert out["properties"]["t"] == {"type": ["string", "null"]} and out["$defs"]["t"] == S

    @pytest.mark.parametrize("keyword", ["allOf", "oneOf", "const", "$comment"])
    def test_a_keyword_only_the_target_holds_is_rewritten_there(self, keyword):
        """The passes that run only where their keyword stands look for it in the whole
        document, not only in the subschemas the walk reaches: the target is one too."""
        target = (
            {"allOf": [{"type": "object", "properties": {"b": S}}, {"required": ["b"]}]}
            if keyword == "allOf"
            else {"oneOf": [S, {"type": "integer"}]}
            if keyword == "oneOf"
            else {"type": "string", "const": "x"}
            if keyword == "const"
            else {**S, "$comment": "tierone: ignore[T301]"}
        )
        schema = {**obj({"a": {"$ref": "#/x-shared/A"}}), "x-shared": {"A": target}}
        result = rewrite(schema, "vendors")  # which refuses const too
        assert result.ok, result.unfixable
        assert keyword not in json.dumps(result.schema["$defs"])
        assert JUDGES["llguidance"].check(result.schema).ok

    def test_references_inside_a_folder_of_definitions_follow_the_rename_to_defs(self):
        # draft-07 `definitions` whose entries are folders (`{"full": {...}}`, as generated
        # schemas lay them out): the bodies are reached only through references, which must
        # point into `$defs` once `definitions` is renamed, or the copies lead nowhere
        schema = {
            "$ref": "#/definitions/root/full",
            "definitions": {
                "root": {
                    "full": {
                        "type": "object",
                        "properties": {"v": {"$ref": "#/definitions/version/full"}},
                        "required": ["v"],
                        "additionalProperties": False,
                    }
                },
                "version": {"full": {"type": "string", "pattern": "^1"}, "local": {"one": S}},
            },
        }
        for profile in ("tier1", "openai", "gemini"):
            result = assert_served(schema, profile, [{"v": "1.0"}])
            assert "#/definitions/" not in json.dumps(result.schema)

    def test_a_root_that_is_a_definition_keeps_the_references_into_that_definitions_own_definitions(self):
        # the root is `$ref` to a definition that holds definitions of its own, referred to
        # through it (`#/definitions/App/definitions/Video`): once the definition is the root,
        # those references lead into the root (they pointed at nothing: refused as T503)
        schema = {
            "$ref": "#/definitions/App",
            "definitions": {
                "App": {
                    "type": "object",
                    "properties": {"video": {"$ref": "#/definitions/App/definitions/Video"}},
                    "required": ["video"],
                    "additionalProperties": False,
                    "definitions": {"Video": {"type": "object", "properties": {"fps": {"type": "integer"}}}},
                }
            },
        }
        for profile in ("tier1", "openai", "anthropic", "gemini"):
            assert_served(schema, profile, [{"video": {"fps": 30}}, {"video": {}}])
        # its own `$defs` do not come along: a reference into them is not taken for one into the
        # root's (`V` there is an integer), it still leads nowhere
        nested = {
            "$ref": "#/$defs/App",
            "$defs": {
                "App": {"type": "object", "properties": {"v": {"$ref": "#/$defs/App/$defs/V"}}, "$defs": {"V": S}},
                "V": {"type": "integer"},
            },
        }
        assert [u.rule for u in rewrite(nested, "openai").unfixable] == ["T503"]

    def test_references_inside_a_schema_kept_under_a_member_no_keyword_names_follow_the_rename(self):
        # `#/Sample` (a schema under a member of the root) refers to `#/definitions/Attribute`;
        # its copy into $defs must refer to where the definition now is. A `$ref` in data stays.
        schema = {
            "type": "object",
            "properties": {
                "sample": {"$ref": "#/Sample"},
                "note": {"type": "string", "default": {"$ref": "#/definitions/A"}},
            },
            "required": ["sample"],
            "Sample": {"type": "object", "properties": {"a": {"$ref": "#/definitions/Attribute"}}, "required": ["a"]},
            "definitions": {"Attribute": {"type": "string"}},
        }
        for profile in ("tier1", "openai", "gemini"):
            result = assert_served(schema, profile, [{"sample": {"a": "x"}}, {"sample": {"a": "y"}, "note": "n"}])
            assert "#/definitions/" not in json.dumps(result.schema["$defs"])
        renamed = rename_definitions(schema, Options()).schema
        assert renamed["Sample"]["properties"]["a"] == {"$ref": "#/$defs/Attribute"}
        assert renamed["properties"]["note"]["default"] == {"$ref": "#/definitions/A"}  # data, as written

    def test_the_linter_judges_the_target(self):
        found = {(d.code, str(d.pointer)) for d in lint(self._schema("x-shared")).diagnostics}
        assert {("T301", "/x-shared/A"), ("T302", "/x-shared/A")} <= found
        assert len([d for d in lint(self._schema("x-shared")).diagnostics if str(d.pointer) == "/x-shared/A"]) == 2


ALL_PROFILES = ("tier1", "vendors", "openai", "anthropic", "gemini", "gemini-openapi")
ROUND_TRIP = {
    "type": "object",
    "properties": {
        "title": {"type": "string", "minLength": 1},
        "nick": S,
        "meta": {"type": "object", "additionalProperties": True},
        "kind": {"oneOf": [{"type": "string", "enum": ["a"]}, {"type": "integer"}]},
    },
    "required": ["title"],
}


class TestOneRenditionPerVendor:
    @pytest.mark.parametrize("profile", ALL_PROFILES)
    def test_every_rendition_reads_back_to_the_same_payload(self, profile):
        result = rewrite(ROUND_TRIP, profile)
        assert result.ok, result.unfixable
        wants_all = lint(ROUND_TRIP, profile=profile, select=["T104"]).diagnostics != ()
        answer = to_strict_form({"title": "t", "kind": 3}, ROUND_TRIP) if wants_all else {"title": "t", "kind": 3}
        encoded = ENCODED_NOTE in result.schema["properties"]["meta"].get("description", "")
        answer = {**answer, "meta": json.dumps({"k": 1}) if encoded else {"k": 1}}
        if profile != "gemini-openapi":  # jsonschema does not read OpenAPI's nullable
            jsonschema.validate(answer, result.schema)
        assert restore(answer, ROUND_TRIP).payload == {"title": "t", "kind": 3, "meta": {"k": 1}}

    def test_gemini_openapi_spells_null_nullable_and_writes_no_defs(self):
        schema = {
            "type": "object",
            "properties": {
                "a": {"type": ["string", "null"]},
                "b": {"$ref": "#/$defs/B"},
                "c": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
            },
            "$defs": {"B": {"type": ["string", "null"], "enum": ["x", None]}},
        }
        out = rewrite(schema, "gemini-openapi")
        assert out.ok and "$defs" not in out.schema
        assert out.schema["properties"] == {
            "a": {"type": "string", "nullable": True},
            "b": {"type": "string", "enum": ["x"], "nullable": True},
            "c": {"type": "integer", "nullable": True},
        }
        assert out.schema["propertyOrdering"] == ["a", "b", "c"]
        assert JUDGES["gemini-openapi"].check(out.schema).ok
        assert [
            d.code for d in lint(obj({"n": {"type": "integer", "enum": [1]}}), profile="gemini-openapi").diagnostics
        ] == ["T218"]

    def test_vendors_has_no_rfc_limits(self):
        deep = obj({"a": S})
        for _ in range(6):
            deep = obj({"n": deep})
        assert rewrite(deep, "vendors").loosened == ()
        assert [c.rule for c in rewrite(deep).loosened] == ["T401"]  # tier1's depth 5: the deep part encoded
        assert not rewrite(deep, exact=True).ok
        many = {
            "type": "object",
            "properties": {f"p{i}": {"type": "integer"} for i in range(120)},
            "required": [f"p{i}" for i in range(120)],
        }
        assert rewrite(many, "vendors").loosened == ()
        assert {c.rule for c in rewrite(many).loosened} == {"T403"}  # tier1's 100: members gathered
        assert not rewrite(many, exact=True).ok

    def test_anthropic_keeps_optional_fields_optional_while_the_budget_lasts(self):
        schema = {"type": "object", "properties": {f"p{i}": S for i in range(30)}}
        out = rewrite(schema, "anthropic")
        assert out.ok and out.schema["required"] == [f"p{i}" for i in range(24, 30)]
        assert [name for name, sub in out.schema["properties"].items() if "anyOf" in sub] == out.schema["required"]
        assert (
            "required"
            not in rewrite({"type": "object", "properties": {f"p{i}": S for i in range(20)}}, "anthropic").schema
        )

    def test_no_portable_schema_names_the_per_vendor_renditions(self):
        schema = {"type": "object", "properties": {f"p{i}": S for i in range(17)}}
        for profile in ("tier1", "vendors"):
            (problem,) = rewrite(schema, profile, exact=True).unfixable
            assert problem.rule == "T408" and "one rendition per vendor" in problem.reason
            assert "-p openai -p anthropic -p gemini -o 'out/{stem}.{profile}.json'" in problem.reason
        assert all(rewrite(schema, p).ok for p in ("openai", "anthropic", "gemini"))


def test_a_refusal_names_the_place_the_author_wrote_not_the_anyof_the_spelling_added():
    """Under an anyOf-spelling profile a refused optional member is reported where it stands in
    the original (no ``anyOf/0`` step the rewrite put in)."""
    tree = {"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#"}}}}
    for profile in ("vendors", "anthropic"):
        (refusal,) = [u for u in rewrite(tree, profile, unroll=0).unfixable if u.rule == "T501"]
        assert str(refusal.pointer) == "/properties/kids/items", profile
    real = {
        "type": "object",
        "properties": {"u": {"anyOf": [{"type": "array", "items": {"$ref": "#"}}, {"type": "null"}]}},
    }
    (refusal,) = [u for u in rewrite(real, "vendors", unroll=0).unfixable if u.rule == "T501"]
    assert str(refusal.pointer) == "/properties/u/anyOf/0/items"  # the author's own anyOf stays


def test_a_nested_id_goes_so_every_ref_resolves_against_the_rendition_itself():
    """Draft-7 generators write ``$id`` on every subschema; read as 2020-12, a ``$ref`` beside it
    resolves against that id, and llguidance finds nothing there."""
    schema = {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "definitions": {"cv": {"type": "string", "enum": ["a", "b"]}},
        "type": "object",
        "properties": {"n": {"$id": "/properties/n", "$ref": "#/definitions/cv"}},
    }
    for profile in ("anthropic", "gemini", "openai"):
        out = rewrite(schema, profile).schema
        assert "$id" not in json.dumps(out), profile
        assert JUDGES["llguidance"].check(out).ok, profile
    assert restore({"n": "a"}, schema).payload == {"n": "a"}
