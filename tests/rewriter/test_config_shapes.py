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


#: an automation tool's playbook entry (JsonSchemaStore/ansible): a closed object whose members
#: are all named by patterns, and a oneOf that only says which of two spellings is present; the
#: names it requires are matched by a pattern, not declared (refused before: T608, T105)
PLAY = {
    "$defs": {
        "import": {
            "type": "object",
            "additionalProperties": False,
            "patternProperties": {
                "^(ansible\\.builtin\\.)?import_playbook$": {"type": "string"},
                "name": {"type": "string"},
            },
            "oneOf": [
                {"not": {"required": ["import_playbook"]}, "required": ["ansible.builtin.import_playbook"]},
                {"not": {"required": ["ansible.builtin.import_playbook"]}, "required": ["import_playbook"]},
            ],
        }
    },
    **_member({"$ref": "#/$defs/import"}, required=True),
}


@pytest.mark.parametrize("profile", PROFILES)
def test_a_union_that_only_says_which_pattern_named_member_is_present(profile):
    instances = [{"a": {"import_playbook": "site.yml", "name": "all"}}, {"a": {"ansible.builtin.import_playbook": "x"}}]
    result = assert_served(PLAY, profile, instances)
    assert "T608" in {c.rule for c in result.loosened}  # the union left out, restore enforces it
    with pytest.raises(tierone.StrictError):  # both spellings at once: the oneOf refuses it
        both = {"a": {"import_playbook": "x", "ansible.builtin.import_playbook": "y"}}
        tierone.strict(PLAY, profile).parse(json.dumps(tierone.to_strict_form(both, PLAY, profile)))


def test_a_name_a_pattern_matches_is_declared_as_the_pattern_says():
    from tierone.rewriter.pattern_members import pattern_members

    node = PLAY["$defs"]["import"]
    named = pattern_members(node)
    assert named == {"ansible.builtin.import_playbook": {"type": "string"}, "import_playbook": {"type": "string"}}
    both = {"patternProperties": {"^a": {"minLength": 2}, "b$": {"maxLength": 5}}, "required": ["ab", "c"]}
    assert pattern_members(both) == {"ab": {"allOf": [{"minLength": 2}, {"maxLength": 5}]}}  # c: no pattern
    assert pattern_members({"patternProperties": {"(": {}}, "required": ["("]}) == {}  # no regular expression


#: a connector's metadata (JsonSchemaStore/aio-connector-metadata): a member whose value is itself
#: a JSON Schema, said by a reference to the draft-07 meta-schema (refused before: T502)
SCHEMA_VALUED = _member({"$ref": "http://json-schema.org/draft-07/schema#", "description": "The settings' schema."})


@pytest.mark.parametrize("profile", PROFILES)
def test_a_member_whose_value_is_a_json_schema_travels_as_json_text(profile):
    instances = [{"a": {"type": "object", "properties": {"port": {"type": "integer"}}}}, {"a": True}, {}]
    result = assert_served(SCHEMA_VALUED, profile, instances)
    assert [(str(c.pointer), c.rule) for c in result.loosened] == [("/properties/a", "T502")]
    assert "http://json-schema.org" not in json.dumps(result.schema)  # nothing left to fetch
    form = tierone.to_strict_form({"a": {"type": "object"}}, SCHEMA_VALUED, profile)
    not_a_schema = {**form, "a": json.dumps({"type": 12})}  # judged by the meta-schema jsonschema ships
    assert [str(e.pointer) for e in tierone.restore(not_a_schema, SCHEMA_VALUED).errors] == ["/a/type"]


def test_a_part_of_a_meta_schema_stays_refused_and_the_list_is_jsonschemas_own():
    from jsonschema_specifications import REGISTRY  # type: ignore[import-untyped]

    from tierone.core.meta_schemas import META_SCHEMAS

    assert {uri for uri in REGISTRY if "/meta/" not in uri} == META_SCHEMAS
    [said] = [d.message for d in tierone.lint(SCHEMA_VALUED).diagnostics if d.code == "T502"]
    assert said.endswith("it names a meta-schema: rewrite carries the value as JSON text, restore judges it by that")
    part = _member({"$ref": "http://json-schema.org/draft-04/schema#/properties/title"})
    assert "T502" in {u.rule for u in tierone.rewrite(part, "openai").unfixable}


#: linked data's document (JsonSchemaStore/jsonld): an object, or an array of items that refer back
#: to the union and narrow it to objects; where recursion stays (openai, gemini) the reference
#: cannot be inlined, and no one schema says both (refused before: T106)
NARROWED_CYCLE = {
    "$defs": {
        "Doc": {
            "anyOf": [
                {"type": "object", "properties": {"id": {"type": "string"}}},
                {"type": "array", "items": {"$ref": "#/$defs/Doc", "type": "object", "minProperties": 1}},
            ]
        }
    },
    **_member({"$ref": "#/$defs/Doc"}),
}


@pytest.mark.parametrize("profile", PROFILES)
def test_a_recursive_reference_narrowed_by_its_siblings(profile):
    result = assert_served(NARROWED_CYCLE, profile, [{"a": [{"id": "x"}, {"id": "y"}]}, {"a": {"id": "z"}}, {}])
    strict = tierone.strict(NARROWED_CYCLE, profile)
    for refused in ({"a": [[{"id": "x"}]]}, {"a": [{}]}):  # what the siblings refuse, enforced on read
        with pytest.raises(tierone.StrictError):
            strict.parse(json.dumps(tierone.to_strict_form(refused, NARROWED_CYCLE)))
    if profile in ("openai", "gemini"):  # recursion kept: the siblings left the reference
        [loosened] = [c for c in result.loosened if c.rule == "T106"]
        assert str(loosened.pointer) == "/$defs/Doc/anyOf/1/items" and "`minProperties`" in loosened.loosens
        assert not tierone.rewrite(NARROWED_CYCLE, profile, exact=True).ok


#: an API description's response (Github_medium/o7516): a definition whose own response refers back
#: to it and requires members it declares (refused before: T106, T105); a `required` naming a member
#: the target does not declare stays refused (an answer could never give it)
def _required_beside_cycle(names: list[str]) -> dict:
    doc = {
        "type": "object",
        "properties": {"guid": {"type": "string"}, "response": {"$ref": "#/$defs/Response"}},
        "$defs": {"Response": {"type": "object", "properties": {"item": {"$ref": "#", "required": names}}}},
    }
    return doc


@pytest.mark.parametrize("profile", ["openai", "gemini"])
def test_a_recursive_reference_beside_required_members_of_its_target(profile):
    """The reference leads back to the root only through its definitions, which a copy of the
    root's body leaves where they are: the siblings are merged with a copy of it (before, left
    out and enforced on read); a name the root does not declare is declared there, any value."""
    served = _required_beside_cycle(["guid"])
    result = assert_served(served, profile, [{"guid": "a", "response": {"item": {"guid": "b"}}}])
    assert any(c.rule == "T106" and "merged with its target" in c.what for c in result.changes)
    assert not [c for c in result.loosened if c.rule == "T106"]
    with pytest.raises(tierone.StrictError):  # what `required` says
        tierone.strict(served, profile).parse(json.dumps(tierone.to_strict_form({"response": {"item": {}}}, served)))
    other = assert_served(_required_beside_cycle(["other"]), profile, [{"guid": "a"}])
    assert ("/$defs/Response/properties/item/properties/other", "T105") in {
        (str(c.pointer), c.rule) for c in other.changes
    }


#: members beside a union whose one branch narrows a member and the other only requires one (the
#: shape of a pipeline tool's extract step): where objects stay open (gemini) the union stays
#: beside the members, and the branch that only requires a member declares it as the object
#: does, typed as an object (refused before under gemini: T601, T105)
BRANCH_REQUIRES = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"table": {"type": "string"}, "limit": {"type": "integer"}},
    "anyOf": [{"required": ["limit"], "properties": {"limit": {"minimum": 3}}}, {"required": ["table"]}],
}


@pytest.mark.parametrize("profile", PROFILES)
def test_a_branch_that_only_requires_a_member_the_object_declares(profile):
    assert_served(BRANCH_REQUIRES, profile, [{"limit": 4}, {"table": "t"}, {"table": "t", "limit": 1}])
    with pytest.raises(tierone.StrictError):  # neither branch: the union, enforced on read
        tierone.strict(BRANCH_REQUIRES, profile).parse(
            json.dumps(tierone.to_strict_form({"limit": 1}, BRANCH_REQUIRES))
        )
