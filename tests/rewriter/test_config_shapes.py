"""Shapes that published configuration schemas write (each modelled on one of a schema
catalogue's files, which the rewriter refused or misread), served under every profile: the
consumers take the rendition, and answers travel through it and read back as themselves."""

from __future__ import annotations

import json

import pytest

import tierone
from tests.served import assert_served

PROFILES = ["tier1", "vendors", "openai", "anthropic", "gemini", "gemini-openapi"]
DRAFT_7 = "http://json-schema.org/draft-07/schema#"


def _member(schema: dict, required: bool = False, **document: object) -> dict:
    return {**document, "type": "object", "properties": {"a": schema}, **({"required": ["a"]} if required else {})}


#: a map whose values may be anything but null (a CMS's admin schemas): Gemini keeps maps, but
#: not `not`, so the values become any data, and restore refuses a null one
MAP_OF_NOT_NULL = _member({"type": "object", "additionalProperties": {"not": {"type": "null"}}})


@pytest.mark.parametrize("profile", PROFILES)
def test_a_map_whose_values_only_refuse_null(profile):
    result = assert_served(MAP_OF_NOT_NULL, profile, [{"a": {"k": 1, "j": [True]}}, {}])
    assert result.loosened
    with pytest.raises(tierone.StrictError):
        tierone.strict(MAP_OF_NOT_NULL, profile).parse(json.dumps({"a": {"k": None}}))


def test_under_gemini_the_map_stays_open_and_its_values_any_data():
    result = tierone.rewrite(MAP_OF_NOT_NULL, "gemini")
    assert result.schema["properties"]["a"] == {"type": "object", "additionalProperties": True}
    assert [(str(c.pointer), c.rule) for c in result.loosened] == [("/properties/a/additionalProperties", "T203")]


#: a dependency bot's filter: a list or null beside a oneOf of a list of strings or a string;
#: the string branch takes nothing beside that type, and the branches give the items
TYPE_BESIDE_ONE_OF = _member(
    {
        "description": "Filter the list of repositories.",
        "oneOf": [{"type": "array", "items": {"type": "string"}}, {"type": "string"}],
        "default": None,
        "type": ["array", "null"],
    }
)


@pytest.mark.parametrize("profile", PROFILES)
def test_a_type_list_beside_a_union_with_a_branch_of_another_type(profile):
    result = assert_served(TYPE_BESIDE_ONE_OF, profile, [{"a": ["x", "y"]}, {"a": []}, {}])
    rendition = json.dumps(result.schema)
    assert "JSON-encoded" not in rendition  # the items are the branch's strings, never encoded text


def test_the_items_of_such_a_list_are_read_as_given():
    assert tierone.strict(TYPE_BESIDE_ONE_OF, "openai").parse('{"a": ["x"]}') == {"a": ["x"]}


#: a linter's plugin list: each item a name, or a name and its options (a draft-7 tuple that
#: any value may follow)
OPEN_TUPLE = _member(
    {"type": "array", "items": {"type": ["string", "array"], "items": [{"type": "string"}, {"type": "object"}]}},
    True,
    **{"$schema": DRAFT_7},
)


@pytest.mark.parametrize("profile", PROFILES)
def test_a_tuple_any_value_may_follow(profile):
    answers = [{"a": ["lint", ["fix", {"level": 2}], ["x", {"k": [1]}, 3, "more"]]}, {"a": []}]
    result = assert_served(OPEN_TUPLE, profile, answers)
    if profile != "gemini":  # Gemini keeps tuples; the others write one schema for every item
        assert any(c.rule == "T206" for c in result.loosened)


#: a tuple of a number and an open object, nothing after it
CLOSED_TUPLE = _member(
    {"type": "array", "items": [{"type": "integer"}, {"type": "object"}], "additionalItems": False},
    True,
    **{"$schema": DRAFT_7},
)


@pytest.mark.parametrize("profile", PROFILES)
def test_an_open_object_in_a_tuple_is_read_back_decoded(profile):
    assert_served(CLOSED_TUPLE, profile, [{"a": [1, {"q": [1, {"r": None}]}]}, {"a": [1]}])


#: a recursive reference to the root whose siblings say what the root says (`type`), do nothing
#: beside it (`items` on an object) or are no keyword at all (`markdownDescription`)
RECURSIVE_WITH_IDLE_SIBLINGS = {
    "type": "object",
    "properties": {
        "name": {"type": "string"},
        "child": {"$ref": "#/definitions/child"},
    },
    "definitions": {
        "child": {
            "$ref": "#",
            "description": "The same configuration, for one manager.",
            "markdownDescription": "The same configuration, for **one** manager.",
            "type": "object",
            "default": {"name": "x"},
            "items": {"type": "string"},
        }
    },
}


@pytest.mark.parametrize("profile", ["openai", "gemini"])  # the profiles that keep recursion
def test_a_recursive_reference_whose_siblings_constrain_nothing_more(profile):
    result = assert_served(RECURSIVE_WITH_IDLE_SIBLINGS, profile, [{"name": "a", "child": {"child": {"name": "c"}}}])
    assert "markdownDescription" not in json.dumps(result.schema)


#: a linter's root: a `$ref` to a definition of some members, beside members of its own
ROOT_REF_AND_MEMBERS = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$ref": "#/$defs/ignorable",
    "$defs": {
        "ignorable": {
            "type": "object",
            "properties": {"ignore": {"type": "string"}},
        }
    },
    "type": "object",
    "properties": {"extends": {"type": "string"}, "locale": {"type": "string"}},
}


@pytest.mark.parametrize("profile", PROFILES)
def test_a_root_reference_beside_members_of_its_own(profile):
    result = assert_served(ROOT_REF_AND_MEMBERS, profile, [{"ignore": "*.tmp", "extends": "default"}, {}])
    assert set(result.schema["properties"]) == {"ignore", "extends", "locale"}


#: a catalogue's entity kinds, each referring to the shared part by the document's own file name
#: (resolved against its `$id`: the same document, never fetched)
NAMED_BY_ITS_FILE = {
    "$schema": DRAFT_7,
    "$id": "https://schemas.example.org/catalog-info.json",
    "type": "object",
    "properties": {"entity": {"$ref": "catalog-info.json#/definitions/entity"}},
    "definitions": {"entity": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}},
}


@pytest.mark.parametrize("profile", PROFILES)
def test_a_reference_by_the_documents_own_file_name(profile):
    result = assert_served(NAMED_BY_ITS_FILE, profile, [{"entity": {"name": "api"}}, {}])
    assert "catalog-info.json" not in json.dumps(result.schema)


def test_a_file_name_that_is_not_the_documents_own_stays_refused():
    other = {**NAMED_BY_ITS_FILE, "properties": {"entity": {"$ref": "other.json#/definitions/entity"}}}
    assert [u.rule for u in tierone.rewrite(other, "openai").unfixable] == ["T502"]


#: a plug-in manifest: an icon's species, a union of one-item lists, narrowed by a later
#: `allOf` part to one of them (`const` of an array)
CONST_BESIDE_UNION = _member(
    {
        "allOf": [
            {
                "anyOf": [
                    {"type": "array", "items": {"enum": ["generic"]}, "minItems": 1, "maxItems": 1},
                    {"type": "array", "items": {"enum": ["pluginList"]}, "minItems": 1, "maxItems": 1},
                ]
            },
            {"const": ["pluginList"], "default": ["pluginList"]},
        ]
    }
)


@pytest.mark.parametrize("profile", PROFILES)
def test_an_array_constant_beside_a_union_it_satisfies(profile):
    result = assert_served(CONST_BESIDE_UNION, profile, [{"a": ["pluginList"]}, {}])
    assert "generic" not in json.dumps(result.schema)  # the union's other branch takes nothing here


def test_a_constant_the_union_refuses_stays_refused():
    refused = _member({"anyOf": [{"type": "array", "items": {"type": "integer"}}], "const": ["x"]})
    assert "T214" in [u.rule for u in tierone.rewrite(refused, "openai").unfixable]


def test_gemini_writes_a_tuple_holding_data_it_carries_as_text_as_one_item_schema():
    original = _member(
        {
            "type": "array",
            "items": {"anyOf": [{"type": "string"}, {"type": "array", "items": [{"type": "string"}, {}]}]},
        },
        **{"$schema": DRAFT_7},
    )
    answers = [{"a": ["lint", ["fix", {"level": 2}], ["x", "text"], ["n", 5]]}]
    result = assert_served(original, "gemini", answers)
    assert "prefixItems" not in json.dumps(result.schema)  # `"5"` in second place: the number, or the text?


#: a style linter's rule options: a list whose items are a type list beside a union whose
#: branches each say their type, one of them a string whose `enum` holds no string (`[]`, `{}`)
RULE_OPTIONS = {
    "$schema": DRAFT_7,
    "type": "object",
    "properties": {
        "rule": {
            "type": "array",
            "items": {
                "type": ["string", "array", "object"],
                "anyOf": [
                    {"type": "string", "enum": [[], {}]},
                    {"type": "array", "items": {"type": "string"}},
                    {"$ref": "#/definitions/core"},
                ],
            },
        }
    },
    "definitions": {"core": {"type": "object", "properties": {"message": {"type": "string"}}}},
}


@pytest.mark.parametrize("profile", PROFILES)
def test_a_type_list_beside_a_union_of_typed_branches_is_left_to_them(profile):
    result = assert_served(RULE_OPTIONS, profile, [{"rule": [["a", "b"], {"message": "m"}]}, {"rule": []}, {}])
    assert "[]" not in json.dumps(result.schema)  # the branch that takes nothing left, never spelled out as `[]`


#: a stack's configuration: an optional choice written as an `enum` and again as a `oneOf` of
#: its values, each with its own description
ENUM_AND_ITS_UNION = _member(
    {
        "type": "string",
        "enum": ["system", "local"],
        "oneOf": [{"const": "system", "description": "Use system nginx"}, {"const": "local", "description": "Local"}],
    }
)


@pytest.mark.parametrize("profile", PROFILES)
def test_an_optional_enum_beside_a_union_takes_null_where_it_is_required(profile):
    assert_served(ENUM_AND_ITS_UNION, profile, [{"a": "local"}, {}])  # absent: null, which the union must take


#: a union branch whose keywords imply another type than its holder's (found by the idempotence
#: property): beside `type: string`, `additionalProperties` does nothing, and the branch takes
#: every string; written `type: object`, it would take nothing, and the empty string would be
#: refused where the original takes it
BRANCH_OF_ANOTHER_KIND = _member({"type": "string", "anyOf": [{"minLength": 3}, {"additionalProperties": False}]})


@pytest.mark.parametrize("profile", PROFILES)
def test_a_union_branch_whose_keywords_imply_another_type_takes_its_holders(profile):
    result = assert_served(BRANCH_OF_ANOTHER_KIND, profile, [{"a": ""}, {"a": "abcd"}, {}])
    branches = json.dumps(result.schema)
    assert '"object", "properties": {}' not in branches  # no branch closed as an empty object
    assert tierone.rewrite(result.schema, profile).schema == result.schema  # rewritten again: the same


#: a branch that takes any data beside a type that takes scalars alone (found by the idempotence
#: property under every profile): it takes values of that type, so it is written with it, not
#: carried as JSON text (which an integer type refuses, and a string type would read as JSON)
DATA_BESIDE_SCALARS = [
    _member({"type": "integer", "anyOf": [{}, {"type": "number", "minimum": 3}]}, required=True),
    _member({"type": "string", "anyOf": [{"title": "any"}, {"enum": ["first", "last"]}]}, required=True),
]


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("which", [0, 1], ids=["integer", "string"])
def test_a_branch_of_any_data_beside_a_scalar_type_is_written_with_that_type(profile, which):
    original = DATA_BESIDE_SCALARS[which]
    instances = [{"a": 1}, {"a": 7}] if which == 0 else [{"a": "hello"}, {"a": "first"}]
    result = assert_served(original, profile, instances)
    assert "JSON-encoded" not in json.dumps(result.schema)
    assert tierone.rewrite(result.schema, profile).schema == result.schema  # rewritten again: the same
