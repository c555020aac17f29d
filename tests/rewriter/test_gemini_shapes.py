"""The Gemini renditions' consumers (issue 13, the gemini and gemini-openapi sample): a schema of
null alone served as a nullable string where OpenAPI cannot say it (restore refuses a string), ``examples`` and ``x-`` members out of the
OpenAPI rendition, no bare ``additionalProperties: false`` and no ``false`` member for the
engines, no sibling beside a reference on a cycle."""

from __future__ import annotations

import json

import pytest

from tests.judges import JUDGES
from tests.served import assert_served
from tierone import lint
from tierone.answers.restore import restore
from tierone.rewriter.passes.nulls import ONLY_NULL
from tierone.rewriter.rewrite import rewrite

S = {"type": "string"}


def obj(properties, required=None, **extra):
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties) if required is None else required,
        **extra,
    }


def _accepted(schema, *judges):
    verdicts = [JUDGES[name].check(schema) for name in judges]
    assert all(v.ok for v in verdicts), [v for v in verdicts if not v.ok]


# ---- a schema of null alone (rule T221) ----------------------------------------------------

NULL_ONLY = {
    "null type": {"type": "null"},
    "one-type list": {"type": ["null"]},
    "enum of null": {"enum": [None]},
    "const null": {"const": None},
}


@pytest.mark.parametrize("member", NULL_ONLY.values(), ids=NULL_ONLY.keys())
def test_gemini_openapi_serves_a_member_of_null_alone_as_a_nullable_string_and_restore_refuses_a_string(member):
    original = obj({"id": S, "token": member})
    result = assert_served(original, "gemini-openapi", [{"id": "a", "token": None}])
    token = result.schema["properties"]["token"]
    assert token["type"] == "string" and token["nullable"] is True and ONLY_NULL in token["description"]
    assert [(str(c.pointer), c.rule) for c in result.loosened] == [("/properties/token", "T221")]
    given = restore({"id": "a", "token": "x"}, original)  # what the rendition offers beside null
    assert not given.ok and given.errors[0].pointer == ("token",)
    refused = rewrite(original, "gemini-openapi", exact=True)  # a host that serves faithfully: refused
    assert [(str(u.pointer), u.rule) for u in refused.unfixable] == [("/properties/token", "T221")]
    for profile in ("gemini", "openai", "anthropic", "tier1"):
        kept = rewrite(original, profile)
        assert kept.ok and not kept.loosened, (profile, kept.unfixable)


def test_gemini_openapi_serves_a_union_of_null_alone_as_a_nullable_string():
    original = obj({"token": {"anyOf": [{"type": "null"}]}})
    result = assert_served(original, "gemini-openapi", [{"token": None}])
    assert result.schema["properties"]["token"]["nullable"] is True


# ---- examples and x- members (rules T219, T220) ---------------------------------------------

ANNOTATED = obj(
    {"name": {"type": "string", "description": "Who", "examples": ["Ada", "Bob"], "x-order": 1}},
    **{"x-generator": "tool"},
)


def test_gemini_openapi_states_examples_in_the_description_and_drops_extensions():
    result = rewrite(ANNOTATED, "gemini-openapi")
    assert result.ok, result.unfixable
    name = result.schema["properties"]["name"]
    assert name == {"type": "string", "description": 'Who. Examples: ["Ada","Bob"].'}
    assert not [key for key in result.schema if key.startswith("x-")]
    assert {c.why.split()[0] for c in result.changes} >= {"T219", "T220"}
    _accepted(result.schema, "gemini-openapi")
    for profile in ("gemini", "openai"):  # the other profiles keep both
        name = rewrite(ANNOTATED, profile).schema["properties"]["name"]
        assert name["examples"] == ["Ada", "Bob"] and name["x-order"] == 1


def test_gemini_openapi_without_hints_drops_examples_silently():
    result = rewrite(ANNOTATED, "gemini-openapi", hints=False)
    assert result.schema["properties"]["name"] == {"type": "string", "description": "Who"}


def test_lint_reports_examples_and_extensions_for_gemini_openapi_only():
    found = {(d.code, str(d.pointer)) for d in lint(ANNOTATED, profile="gemini-openapi").diagnostics}
    assert {("T219", "/properties/name"), ("T220", "/properties/name"), ("T220", "")} <= found
    for profile in ("gemini", "openai", "anthropic", "tier1", "vendors"):
        assert not {d.code for d in lint(ANNOTATED, profile=profile).diagnostics} & {"T219", "T220", "T221"}


# ---- definitions deeper than the root (rule T504) ------------------------------------------

NESTED_DEFINITIONS = {
    "definitions": {
        "Config": {"type": "object", "definitions": {}, "properties": {"db": {"$ref": "#/definitions/Db"}}}
    },
    "type": "object",
    "properties": {
        "config": {"$ref": "#/definitions/Config"},
        "db": {
            "type": "object",
            "$defs": {"Port": {"type": "integer"}},
            "properties": {"port": {"$ref": "#/properties/db/$defs/Port"}},
        },
    },
}
NESTED_DEFINITIONS["definitions"]["Db"] = {"type": "object", "properties": {"host": S}}


def test_gemini_openapi_removes_definitions_wherever_they_stand():
    """google-genai's Schema refuses a ``definitions`` member in a nested schema, even an empty one."""
    found = {str(d.pointer) for d in lint(NESTED_DEFINITIONS, profile="gemini-openapi").diagnostics if d.code == "T504"}
    assert found == {"", "/definitions/Config", "/properties/db"}
    result = rewrite(NESTED_DEFINITIONS, "gemini-openapi")
    assert result.ok, result.unfixable
    text = json.dumps(result.schema)
    assert "definitions" not in text and "$defs" not in text and "$ref" not in text
    assert result.schema["properties"]["db"]["properties"]["port"]["type"] == "integer"
    _accepted(result.schema, "gemini-openapi", "llguidance")
    answer = {"config": {"db": {"host": "h"}}, "db": {"port": 5432}}
    assert restore(answer, NESTED_DEFINITIONS).payload == answer


# ---- what the engines cannot compile: a bare additionalProperties: false, a false member ----


@pytest.mark.parametrize("profile", ["gemini", "gemini-openapi", "anthropic"])
def test_a_closed_object_without_properties_says_properties_for_every_profile(profile):
    result = rewrite(obj({"options": {"type": "object", "additionalProperties": False}}), profile)
    assert result.ok, result.unfixable
    assert result.schema["properties"]["options"]["properties"] == {}
    _accepted(result.schema, "outlines-core", "llguidance")
    assert rewrite(result.schema, profile).schema == result.schema


@pytest.mark.parametrize("profile", ["gemini", "gemini-openapi", "anthropic", "openai", "tier1"])
def test_a_closed_nullable_object_without_properties_says_properties_too(profile):
    result = rewrite(obj({"events": {"type": ["object", "null"], "additionalProperties": False}}), profile)
    assert result.ok, result.unfixable
    assert '"properties": {}' in json.dumps(result.schema["properties"]["events"])
    _accepted(result.schema, "outlines-core", "llguidance")
    assert restore({"events": None}, result.schema).payload == {"events": None}


@pytest.mark.parametrize("profile", ["gemini-openapi", "openai", "anthropic"])
def test_an_object_union_declaring_no_properties_drops_its_additional_properties_true(profile):
    """``true`` says nothing beside a union whose branches carry the shape; google-genai and
    openai-agents raise on it (``gemini``, whose objects may stay open, keeps it)."""
    person = {
        "type": "object",
        "additionalProperties": True,
        "anyOf": [
            {"type": "object", "properties": {"name": S}, "required": ["name"]},
            {"type": "object", "properties": {"email": S}, "required": ["email"]},
        ],
    }
    result = rewrite(obj({"author": person}), profile)
    assert result.ok, result.unfixable
    assert "additionalProperties" not in result.schema["properties"]["author"]
    _accepted(
        result.schema,
        "llguidance",
        {"gemini-openapi": "gemini-openapi", "openai": "openai-agents"}.get(profile, "anthropic-transform"),
    )
    assert restore({"author": {"name": "Ann"}}, obj({"author": person})).payload == {"author": {"name": "Ann"}}


@pytest.mark.parametrize("profile", ["gemini", "gemini-openapi", "anthropic", "openai", "tier1"])
def test_an_optional_false_member_is_removed_and_answers_still_restore(profile):
    original = {"type": "object", "properties": {"legacy": False, "name": S}, "required": ["name"]}
    result = rewrite(original, profile)
    assert result.ok, result.unfixable
    assert "legacy" not in result.schema["properties"]
    assert "legacy" not in result.schema["required"]
    _accepted(result.schema, "outlines-core", "llguidance")
    assert restore({"name": "a"}, original).errors == ()
    assert not rewrite({**original, "required": ["legacy", "name"]}, profile).ok  # required, it cannot be met


# ---- no sibling beside a reference on a cycle ------------------------------------------------

NODE = {
    "type": "object",
    "properties": {"n": {"type": "number"}, "next": {"$ref": "#/$defs/Node", "type": "object", "description": "Next"}},
    "required": ["n"],
}
LINKED = obj({"head": {"$ref": "#/$defs/Node"}}, **{"$defs": {"Node": NODE}})
#: a root union beside `type` whose branches lead into a cycle (how o72177 is written)
SPEC = {"type": "object", "properties": {"a": {"$ref": "#/$defs/Any"}, "x": {"type": "number"}}, "required": ["x"]}
UNION = {
    "description": "a spec",
    "type": "object",
    "anyOf": [{"$ref": "#/$defs/Spec"}],
    "$defs": {"Spec": SPEC, "Any": {"type": "object", "anyOf": [{"$ref": "#/$defs/Spec"}]}},
}


def _refs_with_siblings(node, on=()):
    if isinstance(node, dict):
        if "$ref" in node and len(node) > 1:
            yield on
        for key, value in node.items():
            yield from _refs_with_siblings(value, (*on, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _refs_with_siblings(value, (*on, index))


@pytest.mark.parametrize("profile", ["gemini", "openai"])
def test_a_recursive_ref_with_siblings_keeps_its_annotations_in_a_wrapping_union(profile):
    result = rewrite(LINKED, profile)
    assert result.ok, result.unfixable
    nxt = result.schema["$defs"]["Node"]["properties"]["next"]
    assert nxt["description"] == "Next" and {"$ref": "#/$defs/Node"} in nxt["anyOf"]
    assert "type" not in nxt  # the target's own type: it said nothing new
    assert list(_refs_with_siblings(result.schema)) == []
    _accepted(result.schema, "llguidance")
    assert rewrite(result.schema, profile).schema == result.schema
    assert restore({"head": {"n": 1, "next": {"n": 2}}}, LINKED).errors == ()
    node = {**NODE, "properties": {**NODE["properties"], "next": {"$ref": "#/$defs/Node", "minProperties": 1}}}
    extending = obj({"head": {"$ref": "#/$defs/Node"}}, **{"$defs": {"Node": node}})
    # a sibling its target lacks cannot be merged: the copy would bring the reference and its
    # sibling in again at every level (the definition extends itself); it only judges the value,
    # so the reference stands alone and restore checks it (a loosening: `--exact` refuses it)
    loosened = rewrite(extending, profile)
    assert loosened.ok and [c.loosens for c in loosened.loosened] == ["its sibling keywords `minProperties`"]
    assert not restore({"head": {"n": 1, "next": {}}}, extending).ok
    assert "T106" in [u.rule for u in rewrite(extending, profile, exact=True).unfixable]


def test_a_union_beside_type_takes_a_copy_of_each_branch_on_a_cycle():
    result = rewrite(UNION, "gemini")
    assert result.ok, result.unfixable
    _accepted(result.schema, "llguidance")
    assert result.schema["anyOf"][0]["properties"]["x"] == {"type": "number"}
    assert "$ref" in json.dumps(result.schema["$defs"])  # still recursive
    assert rewrite(result.schema, "gemini").schema == result.schema
    assert restore({"x": 1, "a": {"x": 2}}, UNION).errors == ()


#: a union beside the `type` each of its branches declares, one branch back on the cycle
#: (how Github_hard/o39210 writes its logical conditions)
CONDITION = {
    "type": "object",
    "anyOf": [
        obj({"not": {"type": "object", "anyOf": [{"$ref": "#/$defs/Leaf"}, {"$ref": "#/$defs/Condition"}]}}),
        obj({"leaf": {"$ref": "#/$defs/Leaf"}}),
    ],
}
CONDITIONS = obj({"when": {"$ref": "#/$defs/Condition"}}, **{"$defs": {"Condition": CONDITION, "Leaf": obj({"is": S})}})


def test_a_type_every_branch_declares_goes_instead_of_a_copy_of_the_cycle():
    result = rewrite(CONDITIONS, "gemini")
    assert result.ok, result.unfixable
    _accepted(result.schema, "llguidance", "outlines-core")
    negated = result.schema["$defs"]["Condition"]["anyOf"][0]["properties"]["not"]
    assert negated == {"anyOf": [{"$ref": "#/$defs/Leaf"}, {"$ref": "#/$defs/Condition"}]}  # no copy: nothing beside
    assert "type" in result.schema  # the root keeps its own (T101)
    assert rewrite(result.schema, "gemini").schema == result.schema
    answer = {"when": {"not": {"not": {"leaf": {"is": "x"}}}}}
    assert restore(answer, CONDITIONS).errors == ()
    assert [d.code for d in lint(result.schema, profile="gemini").diagnostics] == []


def test_a_type_moves_into_the_branches_that_do_not_declare_it():
    plain = {"properties": {"any": S}, "required": ["any"]}  # no type of its own: it takes the union's
    loose = {**CONDITION, "anyOf": [*CONDITION["anyOf"], plain]}
    widened = {**CONDITIONS, "$defs": {**CONDITIONS["$defs"], "Condition": loose}}
    result = rewrite(widened, "gemini")
    assert result.ok, result.unfixable
    _accepted(result.schema, "llguidance")
    assert result.schema["$defs"]["Condition"]["anyOf"][2]["type"] == "object"
    assert restore({"when": {"not": {"any": "x"}}}, widened).errors == ()
    number = {"type": ["number", "object"], "anyOf": [{"type": "integer"}, {"$ref": "#/$defs/N"}]}
    result = rewrite(obj({"n": {"$ref": "#/$defs/N"}}, **{"$defs": {"N": obj({"m": number})}}), "gemini")
    assert result.ok, result.unfixable
    assert "type" not in result.schema["$defs"]["N"]["properties"]["m"]  # integer is within number


# ---- recursion through a map ---------------------------------------------------------------

TREE = {
    "type": "object",
    "properties": {"name": S, "children": {"type": "object", "additionalProperties": {"$ref": "#/$defs/Tree"}}},
    "required": ["name", "children"],
}


@pytest.mark.parametrize("shape", ["member", "root map"])
def test_a_map_a_cycle_passes_through_is_encoded_where_gemini_keeps_maps(shape):
    """Gemini keeps ``additionalProperties`` maps, but outlines-core cannot follow a cycle of
    references through one ("Ref recursion limit reached"): the map on the cycle is encoded as
    a JSON string, as every other profile encodes maps, and restore decodes it. A map off the
    cycle stays a map (JsonSchemaStore/resjson.json is the root-map shape)."""
    if shape == "member":
        original = {
            "$defs": {"Tree": TREE},
            **obj({"root": {"$ref": "#/$defs/Tree"}, "tags": {"type": "object", "additionalProperties": S}}),
        }
        instance = {"root": {"name": "a", "children": {"b": {"name": "b", "children": {}}}}, "tags": {"k": "v"}}
        encoded = "/$defs/Tree/properties/children"
    else:
        node = {"type": "object", "additionalProperties": {"$ref": "#/$defs/node"}}
        original = {"$defs": {"node": node}, **node}
        instance = {"a": {"b": {}}}
        encoded = "/$defs/node"
    result = rewrite(original, "gemini")
    assert result.ok, result.unfixable
    assert [str(c.pointer) for c in result.changes if "encoded" in c.what] == [encoded]
    assert next(c.why for c in result.changes if "encoded" in c.what).startswith("T103")
    if shape == "member":
        assert result.schema["properties"]["tags"]["additionalProperties"] == S  # off the cycle: kept
    _accepted(result.schema, "outlines-core", "llguidance")
    from tierone.answers.strictform import to_strict_form

    assert restore(to_strict_form(instance, original), original).payload == instance


#: a definition whose member is an object of its own members beside a union that leads back to
#: the definition (Github_hard/o13457's `substatement`): each copy of it holds the same again
SELF_BESIDE_MEMBERS = {
    "type": "object",
    "properties": {"s": {"$ref": "#/$defs/S"}},
    "$defs": {
        "S": {
            "type": "object",
            "properties": {
                "o": {
                    "type": "object",
                    "properties": {"k": {"type": "string"}},
                    "anyOf": [{"$ref": "#/$defs/S"}, {"type": "object", "properties": {"z": {"type": "integer"}}}],
                }
            },
        }
    },
}


def test_a_reference_on_a_cycle_whose_copies_take_the_same_siblings_again_is_refused():
    """llguidance refuses the rendition once written ("circular references with sibling keys"):
    where copying the reference's target brings the same reference beside the same siblings, the
    rewrite says so (T501) rather than serve it."""
    refused = rewrite(SELF_BESIDE_MEMBERS, "gemini").unfixable
    assert [u.rule for u in refused] == ["T501"] and "a copy of its target holds the same again" in refused[0].reason


def _open_beside_cycle(extra: object) -> dict:
    """A definition whose member is an object open to ``extra`` beside a union that leads back
    to the definition."""
    branch = {"type": "object", "properties": {"z": {"type": "integer"}}}
    member = {"type": "object", "additionalProperties": extra, "anyOf": [{"$ref": "#/$defs/S"}, branch]}
    return {
        "type": "object",
        "properties": {"s": {"$ref": "#/$defs/S"}},
        "$defs": {"S": {"type": "object", "properties": {"o": member}}},
    }


def test_additional_properties_true_beside_a_union_on_a_cycle_goes():
    """``additionalProperties: true`` allows what is allowed without it: beside a union with a
    reference on a cycle (where llguidance refuses any sibling) it goes, with the union's ``type``,
    and no copy of the target is needed. Before, the copy held the same union beside both again,
    and llguidance refused the rendition ("circular references with sibling keys")."""
    original = _open_beside_cycle(True)
    result = assert_served(original, "gemini", [{"s": {"o": {"o": {"z": 1}}}}, {"s": {"o": {"z": 2, "q": "x"}}}])
    member = result.schema["$defs"]["S"]["properties"]["o"]
    assert set(member) == {"anyOf"} and member["anyOf"][0] == {"$ref": "#/$defs/S"}
    assert not result.loosened
    assert rewrite(result.schema, "gemini").schema == result.schema


def test_a_map_beside_a_union_on_a_cycle_is_refused_where_its_copy_would_hold_it_again():
    """A map beside the union does not go (it constrains the other members): a copy of the target
    would hold the same reference beside it again, so the rewrite refuses (T501) rather than serve
    what llguidance refuses."""
    refused = rewrite(_open_beside_cycle({"type": "string"}), "gemini").unfixable
    assert [u.rule for u in refused] == ["T501"] and "a copy of its target holds the same again" in refused[0].reason
