"""A root strict modes cannot take (an array, a scalar, a union, free-form data) travels as the
one member ``tierone_root`` of an object root: the rendition is judged by the consumers, every
answer is read back out of the wrapper, and refusals name places of the original."""

from __future__ import annotations

import json

import jsonschema
import pytest

import tierone
from tests.judges import all_judges
from tests.served import assert_served
from tierone.core.pointer import Pointer
from tierone.rewriter.shapes import ROOT_MEMBER

PROFILES = ["openai", "anthropic", "gemini", "gemini-openapi", "tier1", "vendors"]

#: (name, original root, an instance of it)
ROOTS = [
    ("array", {"type": "array", "items": {"type": "string"}}, ["a", "b"]),
    ("scalar", {"type": "string", "enum": ["low", "high"]}, "low"),
    ("number", {"type": "number", "minimum": 0}, 2.5),
    (
        "union",
        {
            "anyOf": [
                {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]},
                {"type": "integer"},
            ]
        },
        {"a": "x"},
    ),
    ("free-form", {}, {"any": [1, {"thing": None}]}),
    # Github_trivial/o71844: an open object or null (gemini keeps the open object, not the type list)
    ("free-form-or-null", {"type": ["object", "null"], "additionalProperties": True}, {"any": [1]}),
    ("map", {"type": "object", "additionalProperties": {"type": "integer"}}, {"x": 1, "y": 2}),
    (
        "members-beside-a-union",
        {
            "type": "object",
            "properties": {"id": {"type": "string"}},
            "required": ["id"],
            "oneOf": [
                {"properties": {"b": {"type": "integer"}}, "required": ["b"]},
                {"properties": {"c": {"type": "string"}}, "required": ["c"]},
            ],
        },
        {"id": "1", "b": 2},
    ),
    (
        "recursive-array",
        {
            "type": "array",
            "items": {"$ref": "#/$defs/Node"},
            "$defs": {
                "Node": {
                    "type": "object",
                    "properties": {"name": {"type": "string"}, "children": {"$ref": "#"}},
                    "required": ["name"],
                }
            },
        },
        [{"name": "a", "children": [{"name": "b"}]}],
    ),
    # Github_trivial/o30283: an open object whose one member can never be given (an `enum` of
    # strings for an object): it leaves, and the root is free-form data (refused before: T101)
    (
        "members-never-given",
        {"type": "object", "properties": {"mode": {"type": "object", "enum": ["all", "dns"]}, "gone": False}},
        {"other": [1, {"x": None}]},
    ),
]


#: roots a profile takes as they are: gemini keeps maps, open objects, and unions beside them
STANDING = {("map", "gemini"), ("members-beside-a-union", "gemini"), ("members-never-given", "gemini")}


def _served(original, profile):
    result = tierone.rewrite(original, profile)
    if not result.ok:
        # recursion where the profile refuses it, definitions where the dialect has none
        assert {u.rule for u in result.unfixable} <= {"T501", "T504"}, result.unfixable
        return None
    return result


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("name, original, instance", ROOTS, ids=[r[0] for r in ROOTS])
def test_the_wrapped_root_is_accepted_and_read_back(name, original, instance, profile):
    result = _served(original, profile)
    if result is None:
        return
    wrapper = result.schema
    if (name, profile) in STANDING:
        assert ROOT_MEMBER not in wrapper.get("properties", {})
    else:
        assert list(wrapper["properties"]) == [ROOT_MEMBER] and wrapper["required"] == [ROOT_MEMBER]
        assert wrapper["additionalProperties"] is False and wrapper["type"] == "object"
        assert [c.rule for c in result.changes if c.pointer == ()].count("T101") == 1
    assert all(v.ok for v in all_judges(wrapper, profile)), [v for v in all_judges(wrapper, profile) if not v.ok]
    assert tierone.rewrite(wrapper, profile).schema == wrapper  # a rendition is a fixed point
    answer = tierone.to_strict_form(instance, original, profile)
    jsonschema.validate(answer, wrapper)
    assert tierone.restore(answer, original).payload == instance
    assert tierone.strict(original, profile).parse(json.dumps(answer)) == instance


def test_an_answer_without_the_wrapper_is_read_as_it_is():
    original = {"type": "array", "items": {"type": "integer"}}
    assert tierone.restore([1, 2], original).payload == [1, 2]
    assert tierone.restore({ROOT_MEMBER: [1, 2]}, original).payload == [1, 2]
    refused = tierone.restore({ROOT_MEMBER: ["x"]}, original)
    assert not refused.ok and [str(e.pointer) for e in refused.errors] == ["/0"]  # a place of the original


def test_an_object_root_is_never_wrapped():
    original = {"type": "object", "properties": {"a": {"type": "string"}}}
    for profile in PROFILES:
        assert ROOT_MEMBER not in tierone.rewrite(original, profile).schema["properties"]
    # a member of that name in an object the original declares is the author's own
    own = {"type": "object", "properties": {ROOT_MEMBER: {"type": "integer"}}, "required": [ROOT_MEMBER]}
    assert tierone.restore({ROOT_MEMBER: 3}, own).payload == {ROOT_MEMBER: 3}


@pytest.mark.parametrize("profile", PROFILES)
def test_a_root_declaring_the_wrappers_member_is_refused_where_it_would_be_wrapped(profile):
    # open, and its other members cannot gather (it declares `tierone_rest` too): the root would be
    # wrapped and encoded, but restore never takes a root that declares `tierone_root` out of one
    original = {
        "type": "object",
        "properties": {"tierone_rest": {"type": "string"}, ROOT_MEMBER: {"type": "integer"}},
        "required": ["tierone_rest"],
        "additionalProperties": {"type": "integer"},
    }
    result = tierone.rewrite(original, profile)
    if profile == "gemini":  # it takes maps as they are: no wrapper
        assert_served(original, profile, [{"tierone_rest": "a", ROOT_MEMBER: 1, "zz": 3}, {"tierone_rest": ""}])
        return
    refused = [(str(u.pointer), u.rule, u.reason) for u in result.unfixable]
    assert ("", "T101") in [r[:2] for r in refused]
    assert any(f"{ROOT_MEMBER!r}" in r[2] and "declares itself" in r[2] for r in refused)
    # without that member, the root travels wrapped and encoded, and reads back
    del original["properties"][ROOT_MEMBER]
    assert_served(original, profile, [{"tierone_rest": "a", "zz": 3}, {"tierone_rest": ""}])


def test_references_into_the_root_follow_it_into_the_wrapper():
    original = {
        "type": "array",
        "items": {"type": "object", "properties": {"next": {"$ref": "#"}}, "required": []},
    }
    result = tierone.rewrite(original, "openai")
    assert result.ok, result.unfixable
    assert result.schema["properties"][ROOT_MEMBER] == {"$ref": "#/$defs/Root"}
    assert '"#"' not in json.dumps(result.schema)
    assert all(v.ok for v in all_judges(result.schema, "openai"))
    answer = {ROOT_MEMBER: [{"next": [{"next": None}]}]}
    jsonschema.validate(answer, result.schema)
    assert tierone.restore(answer, original).payload == [{"next": [{}]}]


def test_the_boolean_root_false_is_refused_and_open_objects_error_refuses_at_the_root():
    assert [(str(u.pointer), u.rule) for u in tierone.rewrite(False).unfixable] == [("", "T101")]
    refused = tierone.rewrite({"type": "object"}, open_objects="error")
    assert ("", "T101") in [(str(u.pointer), u.rule) for u in refused.unfixable]


def test_a_root_gemini_takes_as_it_is_is_wrapped_only_where_the_rewriter_flags_it():
    # an object beside a union: gemini keeps objects open, so the union stays beside the members
    original = {
        "type": "object",
        "properties": {"x": {"type": "number"}},
        "anyOf": [{"required": ["x"]}, {"properties": {"y": {"type": "string"}}}],
    }
    assert ROOT_MEMBER not in tierone.rewrite(original, "gemini").schema.get("properties", {})
    assert ROOT_MEMBER in tierone.rewrite(original, "openai").schema["properties"]


@pytest.mark.parametrize("profile", PROFILES)
def test_the_strict_form_under_a_profile_is_valid_under_its_rendition(profile):
    optional = {"type": "object", "properties": {f"p{i}": {"type": "string"} for i in range(3)}, "required": ["p0"]}
    for name, original, instance in [*ROOTS, ("optional", optional, {"p0": "x"})]:
        result = _served(original, profile)
        if result is None:
            continue
        form = tierone.to_strict_form(instance, original, profile)
        jsonschema.validate(form, result.schema)
        assert tierone.restore(form, original).payload == instance, name


#: JsonSchemaStore/jdt.json's shape: declared members, and any other member a document like
#: the root (a map a cycle of references passes through)
MAP_OF_ITSELF = {
    "type": "object",
    "properties": {"@jdt.path": {"type": "string"}},
    "additionalProperties": {"$ref": "#"},
}


@pytest.mark.parametrize("profile", PROFILES)
def test_a_root_map_a_cycle_passes_through_travels_in_the_wrapper_or_with_its_rest(profile):
    """gemini keeps maps, but not one a cycle of references passes through (the decoding
    engines cannot follow it): such a map is encoded, and the root, which only a member can
    be, travels in the wrapper (refused before: T101). The other profiles close objects: the
    declared member stands, and the others travel in ``tierone_rest`` (wrapped whole before)."""
    instance = {"@jdt.path": "$.a", "b": {"c": {}}}
    result = assert_served(MAP_OF_ITSELF, profile, [instance, {}])
    members = [ROOT_MEMBER] if profile == "gemini" else ["@jdt.path", "tierone_rest"]
    assert list(result.schema["properties"]) == members


def test_a_root_whose_members_can_never_be_given_is_refused_only_where_one_is_required():
    required = {"type": "object", "properties": {"m": False, "n": {"type": "string"}}, "required": ["m"]}
    assert ("/properties/m", "T608") in [(str(u.pointer), u.rule) for u in tierone.rewrite(required).unfixable]
    closed = {"type": "object", "properties": {"m": False}, "additionalProperties": False}
    done = tierone.rewrite(closed, "openai")  # takes only {}: it stands, declaring nothing
    assert done.ok and done.schema["properties"] == {} and ROOT_MEMBER not in done.schema["properties"]
    assert tierone.restore({}, closed).payload == {}
    never_given = ROOTS[-1][1]  # read out of the wrapper, then judged by the original
    for member in ("gone", "mode"):
        refused = tierone.restore({ROOT_MEMBER: json.dumps({member: "dns"})}, never_given)
        assert not refused.ok and [str(e.pointer) for e in refused.errors] == [f"/{member}"]


#: JsonSchemaStore's libman.json, cut down: branches of the root's union restate the root's list
#: of entries, each to require a member of its items, which only the root's entries declare
RESTATED = {
    "type": "object",
    "properties": {
        "libraries": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"library": {"type": "string"}, "provider": {"type": "string"}},
                "required": ["library"],
            },
        },
        "defaultProvider": {"type": "string"},
    },
    "required": ["libraries"],
    "anyOf": [
        {"$ref": "#/definitions/specified"},
        {"required": ["defaultProvider"]},
    ],
    "definitions": {"specified": {"properties": {"libraries": {"items": {"required": ["provider"]}}}}},
}


@pytest.mark.parametrize("profile", PROFILES)
def test_a_root_union_restating_a_member_as_no_whole_schema_is_served(profile):
    """Under gemini (which keeps a union beside an object's members) the root stayed an object
    beside the union, whose first branch required a member of the list's items that only the
    root declares: refused (T601, T105). The root now travels in the wrapper, where the root's
    members are shared into each branch, as every other profile already had it."""
    served = assert_served(
        RESTATED,
        profile,
        [{"libraries": [{"library": "a", "provider": "p"}]}, {"libraries": [{"library": "a"}], "defaultProvider": "p"}],
    )
    assert "tierone_root" in served.schema["properties"]
    form = tierone.to_strict_form({"libraries": [{"library": "a"}], "defaultProvider": "p"}, RESTATED, profile)
    form["tierone_root"]["defaultProvider"] = None  # then neither branch holds: no provider anywhere
    with pytest.raises(tierone.StrictError, match="anyOf|valid"):
        tierone.strict(RESTATED, profile).parse(json.dumps(form))


def test_a_discriminated_union_beside_the_root_s_members_stays_unwrapped_under_gemini():
    """Branches that restate the root's members as whole schemas (a tool's arguments, one
    branch per kind of shape) keep the root an object beside its union under gemini."""
    shapes = {
        "type": "object",
        "properties": {"shape": {"type": "string", "enum": ["circle", "square"]}, "size": {"type": "number"}},
        "oneOf": [
            {"properties": {"shape": {"enum": ["circle"]}, "size": {"type": "number"}}, "required": ["shape", "size"]},
            {"properties": {"shape": {"enum": ["square"]}}, "required": ["shape"]},
        ],
    }
    served = assert_served(shapes, "gemini", [{"shape": "circle", "size": 2.0}])
    assert "tierone_root" not in served.schema["properties"]


def test_a_root_with_patterns_beside_a_union_is_served_under_gemini():
    """Gemini refuses ``patternProperties``; beside a union at the root (the sp-build-tasks
    schemas, Github_hard/o55668 and o77304), it could neither leave the root (a member pattern
    stood for members the branches would refuse) nor stay: refused (T208). The root now
    travels in the wrapper, the members shared into each branch, and the patterns left to
    restore (a loosening in the ledger): the members they name are taken with any value, and
    restore checks them."""
    root = {
        "type": "object",
        "properties": {"name": {"type": "string"}},
        "patternProperties": {"^_": {"type": "string"}},
        "anyOf": [
            {"properties": {"kind": {"type": "string", "enum": ["a"]}}, "required": ["kind"]},
            {"properties": {"size": {"type": "integer"}}, "required": ["size"]},
        ],
    }
    served = assert_served(root, "gemini", [{"name": "n", "kind": "a"}, {"size": 2, "_note": "x"}])
    assert [c.pointer for c in served.loosened] == [Pointer(("patternProperties",))]
    with pytest.raises(tierone.StrictError, match="_note"):  # the pattern's schema, checked on read
        tierone.strict(root, "gemini").parse(json.dumps({ROOT_MEMBER: {"size": 2, "_note": 3}}))
