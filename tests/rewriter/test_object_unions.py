"""An object whose shape is a union of object branches: what stands beside the union says
nothing the branches do not (an empty ``properties``, a ``type`` of object and null), and a
member is nullable only where a branch takes null (every profile, judged by the consumers'
validator and read back)."""

from __future__ import annotations

import json

import jsonschema
import pytest

from tests.served import assert_served
from tierone import restore, rewrite
from tierone.answers.strictform import to_strict_form
from tierone.rewriter.passes.nulls import read_nullable
from tierone.rewriter.shapes import admits_null

PROFILES = ("tier1", "vendors", "openai", "anthropic", "gemini", "gemini-openapi")
STATUS = [
    {"properties": {"status": {"type": "string", "enum": ["ok"]}}, "required": ["status"]},
    {"properties": {"status": {"type": "string", "enum": ["notFound"]}}, "required": ["status"]},
]
#: Github_trivial/o42156: an empty `properties` beside the union
EMPTY_BESIDE = {"type": "object", "properties": {}, "oneOf": STATUS}
#: Github_medium/o81746, JsonSchemaStore/aiproj-1.1: a type of object and null beside it
NULLABLE_BESIDE = {
    "type": "object",
    "properties": {
        "crs": {
            "type": ["object", "null"],
            "oneOf": [
                {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]},
                {"type": "object", "properties": {"href": {"type": "string"}}, "required": ["href"]},
            ],
        }
    },
}


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("schema", [EMPTY_BESIDE, NULLABLE_BESIDE], ids=["empty-properties", "object-or-null"])
def test_rewritten_and_read_back(schema, profile):
    result = rewrite(schema, profile)
    assert result.ok, result.unfixable
    wire = jsonschema.Draft202012Validator(read_nullable(result.schema))
    instances = [{"status": "ok"}] if schema is EMPTY_BESIDE else [{}, {"crs": {"href": "x"}}]
    for x in instances:
        strict = to_strict_form(x, schema, profile)
        assert wire.is_valid(strict), list(wire.iter_errors(strict))[:1]
        assert restore(strict, schema).payload == x


def test_a_type_taking_null_beside_branches_that_refuse_it_does_not_admit_null():
    assert not admits_null(NULLABLE_BESIDE["properties"]["crs"])
    assert admits_null({"type": ["object", "null"], "anyOf": [{"type": "object"}, {"type": "null"}]})
    assert admits_null({"type": ["string", "null"]})


def test_a_union_branch_is_chosen_as_the_vendor_reads_nullable():
    """gemini-openapi writes a nullable member ``"nullable": true``: the branch that declares it so
    takes the absent member as null (not the text ``"null"`` of the other branch)."""
    schema = {
        "type": "object",
        "properties": {
            "mail": {
                "oneOf": [
                    {
                        "type": "object",
                        "properties": {"on": {"enum": [True]}, "name": {"type": "string"}},
                        "required": ["on", "name"],
                    },
                    {
                        "type": "object",
                        "properties": {"on": {"enum": [False]}, "name": {"type": ["null", "string"]}},
                        "required": ["on"],
                    },
                ]
            }
        },
        "required": ["mail"],
    }
    strict = to_strict_form({"mail": {"on": False}}, schema, "gemini-openapi")
    assert strict["mail"]["name"] is None
    assert restore(strict, schema).payload == {"mail": {"on": False}}


def test_an_optional_member_with_const_beside_its_enum_takes_null_when_widened():
    """Github_ultra/o69966: ``const`` and a one-value ``enum`` together; made nullable (null
    means absent), the const must not refuse the null."""
    schema = {
        "type": "object",
        "properties": {"type": {"type": "string", "const": "bf:Place", "enum": ["bf:Place"]}, "n": {"type": "integer"}},
        "required": ["n"],
    }
    result = rewrite(schema, "openai")
    member = result.schema["properties"]["type"]
    assert "const" not in member and member["enum"] == ["bf:Place", None]
    strict = to_strict_form({"n": 1}, schema, "openai")
    assert jsonschema.Draft202012Validator(result.schema).is_valid(strict)
    assert restore(strict, schema).payload == {"n": 1}


def test_const_beside_its_enum_is_one_enum_where_const_is_refused():
    schema = {"type": "object", "properties": {"t": {"type": "string", "const": "x", "enum": ["x"]}}, "required": ["t"]}
    for profile in ("gemini", "gemini-openapi"):
        result = rewrite(schema, profile)
        assert result.ok, result.unfixable
        assert result.schema["properties"]["t"]["enum"] == ["x"] and "const" not in result.schema["properties"]["t"]


def test_a_field_encoded_to_keep_a_limit_spells_null_as_the_profile_does():
    """Github_ultra/o69966 under vendors: the encoded field of a nullable member was a type list,
    which the profile refuses (T216); it is spelled as the profile spells null."""
    from tierone.core.pointer import Pointer
    from tierone.core.refs import ReferenceGraph
    from tierone.rewriter.passes import Options
    from tierone.rewriter.passes.budgets import _encoded_at

    schema = {"type": "object", "properties": {"m": {"type": ["array", "null"], "items": {"type": "string"}}}}
    at = Pointer.parse("/properties/m")
    spelled = {"vendors": "anyOf", "gemini-openapi": "nullable", "openai": "type"}
    for profile, key in spelled.items():
        field = _encoded_at(schema, frozenset({at}), ReferenceGraph.of(schema), Options(profile))["properties"]["m"]
        assert key in field and (key != "type" or field["type"] == ["string", "null"]), (profile, field)


# ---- members beside a union one of whose branches leads back through recursion ------------

#: GeoJSON's geometry, as the corpus's Github_medium/o75099 writes it: members beside a `oneOf`
#: of references, one of them (the collection) holding geometries again
GEOMETRY = {
    "type": "object",
    "required": ["type"],
    "properties": {"type": {"type": "string"}, "bbox": {"type": "array", "items": {"type": "number"}}},
    "oneOf": [{"$ref": "#/definitions/Collection"}, {"$ref": "#/definitions/Point"}],
    "definitions": {
        "Collection": {
            "required": ["geometries"],
            "properties": {
                "type": {"enum": ["GeometryCollection"]},
                "geometries": {"type": "array", "items": {"$ref": "#"}},
            },
        },
        "Point": {
            "required": ["coordinates"],
            "properties": {"type": {"enum": ["Point"]}, "coordinates": {"type": "array", "items": {"type": "number"}}},
        },
    },
}
NESTED = {
    "type": "GeometryCollection",
    "geometries": [
        {"type": "Point", "coordinates": [1, 2]},
        {"type": "GeometryCollection", "geometries": [{"type": "Point", "coordinates": [3, 4], "bbox": [0, 0]}]},
    ],
}


@pytest.mark.parametrize("profile", ["openai", "gemini"])
def test_members_beside_a_recursive_branch_are_shared_into_a_copy_of_it(profile):
    from tests.judges import all_judges
    from tests.served import assert_served

    result = assert_served(GEOMETRY, profile, [NESTED, {"type": "Point", "coordinates": []}])
    assert all(v.ok for v in all_judges(result.schema, profile))
    assert not restore({"type": "Point", "coordinates": "no"}, GEOMETRY).ok


#: Github_hard/o10421 (Atom's categoryType): closed, declaring no member, beside a union of
#: objects; the first branch requires ``term``, which the closed node refuses, and the second
#: only declares optional members: the one value is the empty object
CLOSED_BESIDE = {
    "type": "object",
    "properties": {
        "category": {
            "type": "object",
            "additionalProperties": False,
            "anyOf": [
                {"type": "object", "properties": {"lang": {"type": "string"}}, "required": ["term"]},
                {"properties": {"label": {"type": "string"}, "term": {"type": "string"}}},
            ],
        }
    },
    "required": ["category"],
}


@pytest.mark.parametrize("profile", PROFILES)
def test_a_closed_node_declaring_no_member_shares_its_closing_into_the_branches(profile):
    """A closed node admits no member it does not declare, so each branch keeps none of its
    own, and a branch requiring one is left out: the rendition takes ``{}`` alone, as the
    original does. Under openai and anthropic the branch's members, made required, stood
    beside the closed node, and the rendition took nothing (refused, T608)."""
    result = assert_served(CLOSED_BESIDE, profile, [{"category": {}}])
    assert restore({"category": {"label": "x"}}, CLOSED_BESIDE).errors
    category = json.dumps(result.schema["properties"]["category"])
    assert "label" not in category and "term" not in category


#: JsonSchemaStore/webjob-publish-settings.json: the root requires a member that only the
#: definitions its union names declare
REQUIRED_BY_REFERENCES = {
    "type": "object",
    "required": ["runMode"],
    "oneOf": [{"$ref": "#/definitions/scheduled"}, {"$ref": "#/definitions/continuous"}],
    "definitions": {
        "scheduled": {
            "properties": {"runMode": {"enum": ["Scheduled"]}, "start": {"type": "string"}},
            "required": ["start"],
        },
        "continuous": {"properties": {"runMode": {"enum": ["Continuous"]}}},
    },
}


@pytest.mark.parametrize("profile", PROFILES)
def test_a_requirement_branches_by_reference_declare_moves_into_copies_of_them(profile):
    """Where objects stay open (gemini) the members are not shared, and the root required a
    member it does not declare (refused: T105); each branch, a copy of its target, now
    requires it (exact). The closing profiles share the members as before."""
    instances = [{"runMode": "Scheduled", "start": "now"}, {"runMode": "Continuous"}]
    assert_served(REQUIRED_BY_REFERENCES, profile, instances)
    assert restore({"start": "now"}, REQUIRED_BY_REFERENCES).errors
