"""An optional member whose schema takes no value (``false``, bounds that cross, an ``enum``
with no value of its ``type``, as generated schemas sometimes write) can never be given: it
leaves the rendition, exactly, and answers read back; a required one stays refused (T608)."""

from __future__ import annotations

import enum
import json
from typing import Any

import pytest
from pydantic import BaseModel

import tierone
from tests.served import assert_served

#: `enum` strings under `type: object` (a real pattern in generated configuration schemas)
NEVER = {"enum": ["MODIFIABLE", "DELETABLE"], "type": "object"}
ORIGINAL = {
    "type": "object",
    "properties": {
        "name": {"type": "string"},
        "builtin": NEVER,
        "size": {"type": "integer", "minimum": 5, "maximum": 1},
    },
}


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini", "gemini-openapi"])
def test_an_optional_member_that_takes_no_value_leaves_the_rendition(profile):
    result = assert_served(ORIGINAL, profile, [{"name": "n"}])
    assert list(result.schema["properties"]) == ["name"]
    assert not result.loosened  # nothing an answer could give is lost


#: a storage API's schema: `instance` refers to a closed object that requires a member it never
#: declares (a typo for `instanceID`), so no instance can be given
BROKEN = {
    "type": "object",
    "properties": {"name": {"type": "string"}, "instance": {"$ref": "#/definitions/instance"}},
    "required": ["name"],
    "definitions": {
        "instance": {
            "type": "object",
            "properties": {"instanceID": {"type": "string"}},
            "required": ["id"],
            "additionalProperties": False,
        }
    },
}


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini", "gemini-openapi"])
def test_an_optional_member_referring_to_a_definition_that_takes_no_value_leaves_too(profile):
    result = assert_served(BROKEN, profile, [{"name": "n"}])
    assert "instance" not in result.schema["properties"] and "$defs" not in result.schema
    assert "T105" in {u.rule for u in tierone.rewrite({**BROKEN, "required": ["instance"]}, profile).unfixable}


def test_a_required_member_that_takes_no_value_stays_refused():
    required = {**ORIGINAL, "required": ["builtin"]}
    assert "T608" in {u.rule for u in tierone.rewrite(required, "openai").unfixable}


def test_under_gemini_openapi_an_optional_member_whose_only_value_is_null_is_read_as_absent():
    from tests.served import assert_served

    original = {
        "type": "object",
        "properties": {"name": {"type": "string"}, "token": {"type": "null"}, "gone": {"const": None}},
        "required": ["name"],
    }
    result = assert_served(original, "gemini-openapi", [{"name": "n"}])
    assert set(result.schema["properties"]) == {"name"}
    assert {c.rule for c in result.changes if str(c.pointer).startswith("/properties/")} >= {"T221"}
    required = {**original, "required": ["name", "token"]}  # null is its value: it stays, as a nullable string
    kept = assert_served(required, "gemini-openapi", [{"name": "n", "token": None}])
    assert set(kept.schema["properties"]) == {"name", "token"} and kept.schema["properties"]["token"]["nullable"]


#: Github_medium/o47656, o7574: `not` of a schema every value satisfies takes no value
NOT_ANYTHING = {
    "type": "object",
    "properties": {
        "name": {"type": "string"},
        "base": {"not": {}},
        "reply": {
            "anyOf": [
                {"type": "string"},
                {
                    "description": "a function",
                    "not": {"type": ["string", "number", "array", "object", "boolean", "null"]},
                },
            ]
        },
    },
    "required": ["name", "reply"],
}


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini", "gemini-openapi"])
def test_not_of_everything_takes_no_value_a_member_and_a_branch_leave(profile):
    result = assert_served(NOT_ANYTHING, profile, [{"name": "n", "reply": "r"}])
    assert list(result.schema["properties"]) == ["name", "reply"]
    assert not result.loosened
    assert "T608" in {d.code for d in tierone.lint(NOT_ANYTHING["properties"]["base"]).diagnostics}
    required = {**NOT_ANYTHING, "required": ["name", "base"]}
    assert "T608" in {u.rule for u in tierone.rewrite(required, profile).unfixable}


#: Github_trivial/o23153, JsonSchemaStore/catalogue-entry: `not` or `if`/`then` alone lets any
#: other data through: carried as free-form data, the condition checked on read
JUDGED_ONLY = {
    "type": "object",
    "properties": {
        "foo": {"not": {"type": "number"}},
        "when": {"if": {"properties": {"a": {"const": 1}}}, "then": {"required": ["b"]}},
    },
    "required": ["foo"],
}


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini", "gemini-openapi"])
def test_a_schema_that_only_judges_travels_as_free_form_data(profile):
    answers = [{"foo": "text"}, {"foo": [1, {"x": None}], "when": {"a": 1, "b": 2}}]
    assert_served(JUDGED_ONLY, profile, answers)
    strict = tierone.strict(JUDGED_ONLY, profile)
    with pytest.raises(tierone.StrictError):  # what the vendor could not enforce is checked on read
        strict.parse(json.dumps(tierone.to_strict_form({"foo": "t", "when": {"a": 1}}, JUDGED_ONLY, profile)))


#: Github_trivial/o10026: a branch without a type of its own, closed to the member it requires,
#: beside `type: object` on the node holding the union: with that type it takes nothing, and
#: leaves the union (exactly); alone it would take any value that is no object
TYPED_BESIDE = {
    "type": "object",
    "anyOf": [
        {"properties": {"key": {"type": "string"}}, "required": ["key"], "additionalProperties": False},
        {"properties": {"keyValues": {"type": "array"}}, "required": ["keys"], "additionalProperties": False},
    ],
}


#: Github_trivial/o2140: a branch that is an array whose own union takes only strings takes
#: nothing, and leaves the union (exactly); the string branch stays
NO_BRANCH_OF_ITS_OWN = {
    "type": "object",
    "properties": {"context": {"anyOf": [{"type": "string"}, {"type": "array", "anyOf": [{"type": "string"}]}]}},
    "required": ["context"],
}


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini"])
@pytest.mark.parametrize(
    ("original", "instance"), [(TYPED_BESIDE, {"key": "k"}), (NO_BRANCH_OF_ITS_OWN, {"context": "c"})]
)
def test_a_branch_that_takes_nothing_beside_its_union_leaves_it(profile, original, instance):
    """A branch that takes nothing where it stands (of no type the node takes, or holding a
    union none of whose branches can hold) leaves its union, exactly; the others stay."""
    result = assert_served(original, profile, [instance])
    assert [c for c in result.changes if c.rule == "T608" and "takes no value" in c.what]
    assert not result.loosened


#: Github_hard/o10421 (Atom's RelCodeType): a definition of type object whose union's branches
#: are a reference to strings and a string: it takes no value, though no branch says so alone
REFERENCED_BRANCHES = {
    "type": "object",
    "properties": {
        "href": {"type": "string"},
        "rel": {"$ref": "#/$defs/Rel"},
    },
    "required": ["href"],
    "$defs": {
        "Rel": {"type": "object", "anyOf": [{"$ref": "#/$defs/Known"}, {"type": "string"}]},
        "Known": {"type": "string", "enum": ["alternate", "self"]},
    },
}


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini", "gemini-openapi"])
def test_a_member_whose_definition_has_no_branch_to_hold_leaves_its_object(profile):
    """The union's branch given by a reference is judged by its target (one hop, as rule T608
    reads it): the optional member can never be given, and leaves the rendition exactly."""
    result = assert_served(REFERENCED_BRANCHES, profile, [{"href": "h"}])
    assert "rel" not in result.schema["properties"]
    assert [c for c in result.changes if c.rule == "T608" and str(c.pointer) == "/properties/rel"]
    assert not result.loosened


#: members that can never be given, one of them through a `oneOf` the rendition would read as
#: `anyOf` (a loosening, were the member carried)
NEVER_WITH_ONE_OF = {
    "type": "object",
    "properties": {
        "href": {"type": "string"},
        "never": {"type": "object", "oneOf": [{"type": "string"}, {"type": "integer"}], "maxProperties": 1},
        "rel": {"$ref": "#/$defs/Rel"},
    },
    "required": ["href"],
    "$defs": {"Rel": {"type": "object", "oneOf": [{"type": "string"}]}},
}


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini", "gemini-openapi"])
def test_what_a_member_never_given_said_is_no_loosening(profile):
    """The changes made inside a member (or a definition it alone used) before it was left out
    for taking no value leave the ledger with it: the rendition is exact, and ``exact`` serves it."""
    result = assert_served(NEVER_WITH_ONE_OF, profile, [{"href": "h"}])
    assert not result.loosened, result.loosened
    exact = tierone.rewrite(NEVER_WITH_ONE_OF, profile, exact=True)
    assert exact.ok and exact.schema == result.schema


#: a shipping API's schema: each package's parts require `height` and close the object without it
#: (so no package can be given), and a statement whose items require a member whose schema is `false`
NO_ITEM = {
    "allOf-parts-that-forbid-a-required-member": {
        "allOf": [
            {"type": "object", "properties": {"width": {"type": "number"}}, "additionalProperties": False},
            {"properties": {"height": {"type": "number"}}, "required": ["height"]},
        ]
    },
    "a-required-member-that-is-false": {
        "type": "object",
        "properties": {"kind": False, "value": {"type": "string"}},
        "required": ["kind"],
    },
    "false": False,
    "an-enum-with-no-value-of-its-type": NEVER,
}


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini", "gemini-openapi"])
@pytest.mark.parametrize("items", list(NO_ITEM.values()), ids=list(NO_ITEM))
def test_an_array_whose_items_take_no_value_is_kept_empty(items, profile):
    original = {
        "type": "object",
        "properties": {"id": {"type": "string"}, "packages": {"type": "array", "items": items}},
        "required": ["id", "packages"],
    }
    result = assert_served(original, profile, [{"id": "a", "packages": []}])
    rendered = result.schema["properties"]["packages"]
    assert rendered["items"] == {"type": "string"}
    # where the profile says maxItems, the rendition is exact; where not, the bound is a loosening restore checks
    assert rendered.get("maxItems") == 0 or "maxItems: 0" in {c.loosens for c in result.loosened}
    assert not tierone.restore({"id": "a", "packages": ["x"]}, original).ok
    assert [str(c.pointer) for c in result.changes if "only an empty array" in c.what] == ["/properties/packages/items"]


@pytest.mark.parametrize("must", [{"minItems": 1}, {"contains": {"type": "string"}}], ids=["minItems", "contains"])
@pytest.mark.parametrize("items", [False, NEVER])
def test_an_array_that_must_hold_an_item_that_takes_no_value_stays_refused(items, must):
    original = {
        "type": "object",
        "properties": {"packages": {"type": "array", "items": items, **must}},
        "required": ["packages"],
    }
    result = tierone.rewrite(original, "openai")
    assert not any("only an empty array" in c.what for c in result.changes)
    refused = result.unfixable
    assert {str(u.pointer) for u in refused} & {"/properties/packages", "/properties/packages/items"}


@pytest.mark.parametrize("profile", ["openai", "gemini", "tier1"])
def test_a_tuple_closed_past_its_prefix_keeps_its_items(profile):
    original = {
        "type": "object",
        "properties": {
            "pair": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "items": False}
        },
        "required": ["pair"],
    }
    result = tierone.rewrite(original, profile)
    assert not any("only an empty array" in c.what for c in result.changes)
    if result.ok:
        assert tierone.restore(tierone.to_strict_form({"pair": ["a", 1]}, original, profile), original).payload == {
            "pair": ["a", 1]
        }


class _Parsed(BaseModel):
    """An SDK's response model: a member typed as ``Enum`` itself (any enumeration), for which
    pydantic writes ``{"enum": []}``, a branch that takes no value."""

    text: str
    parsed: dict[str, Any] | enum.Enum | None = None


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini", "gemini-openapi"])
def test_a_union_branch_of_an_empty_enum_leaves_the_rendition(profile):
    original = _Parsed.model_json_schema()
    result = assert_served(original, profile, [{"text": "t", "parsed": {"k": [1]}}, {"text": "t"}])
    assert '"enum": []' not in json.dumps(result.schema)
    assert not [c for c in result.loosened if "parsed" in str(c.pointer) and c.rule == "T608"]


#: configuration schemas that write a list where they mean its values: `const` of an array under
#: `type: string` takes no value (a compiler's `compact`, a monitoring system's `cloud`)
CONST_OF_ANOTHER_TYPE = {
    "type": "object",
    "properties": {
        "compact": {"anyOf": [{"const": ["auto"], "type": "string"}, {"type": "boolean"}]},
        "cloud": {"type": "string", "const": ["AzurePublic", "AzureChina"]},
    },
}


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini", "gemini-openapi"])
def test_a_const_of_a_type_its_node_refuses_takes_no_value(profile):
    result = assert_served(CONST_OF_ANOTHER_TYPE, profile, [{"compact": True}, {}])
    assert "cloud" not in result.schema["properties"]  # never given: it leaves, exactly
    assert "auto" not in json.dumps(result.schema)  # the branch that takes nothing leaves too
    assert not result.loosened
