"""A union of object branches where a limit carries one branch as a bare JSON string: another
branch beside it then travels in an object's one member ``tierone_json`` (a bare string there
would be ambiguous), though in the original no branch takes text. The reading of a rendition
that encodes to keep a limit unwraps it (JsonSchemaStore/mason-registry, whose GitHub source is
such a union, under every profile)."""

from __future__ import annotations

import json

import pytest

import tierone
from tests.served import assert_served
from tierone import restore
from tierone.answers.strictform import normalized

PROFILES = ["tier1", "vendors", "openai", "anthropic", "gemini", "gemini-openapi"]

TWO_OBJECTS = {
    "anyOf": [
        {"type": "object", "properties": {"asset": {"type": "string"}}, "required": ["asset"], "additionalProperties": False},
        {"type": "object", "properties": {"build": {"type": "object"}}, "required": ["build"], "additionalProperties": False},
    ]
}  # fmt: skip


def test_a_branch_in_tierone_json_beside_object_branches_is_unwrapped():
    answer = {"tierone_json": json.dumps({"build": json.dumps({"run": "make"})})}
    assert restore(answer, TWO_OBJECTS).payload == {"build": {"run": "make"}}
    broken = {"tierone_json": json.dumps({"build": 3})}  # no branch takes what it holds: an error, as before
    assert not restore(broken, TWO_OBJECTS).ok


@pytest.mark.parametrize("profile", PROFILES)
def test_a_github_build_source_reads_back(corpus, profile):
    schema = json.loads((corpus / "jsonschemabench/JsonSchemaStore/mason-registry.json").read_text())
    package = {
        "name": "tool",
        "description": "",
        "homepage": "https://example.org",
        "licenses": ["MIT"],
        "languages": [],
        "categories": [],
        "source": {"id": "pkg:github/owner/tool@v1.0", "build": {"run": "make"}},
    }
    form = tierone.to_strict_form(package, schema, profile)
    assert restore(form, schema).payload == package
    assert tierone.strict(schema, profile).parse(json.dumps(form)) == package


def test_a_branch_beside_values_that_are_no_string_is_not_beside_text():
    from tierone.rewriter.text_or_json import beside_text

    def same(node):
        return node

    for other in ({"type": "boolean"}, {"type": "integer"}, {"type": ["number", "null"]}, {"const": None}):
        union = [other, {"type": "object", "properties": {"a": {"type": "integer"}}}]
        assert not beside_text(union, union[1], same), other
    for other in ({"type": "string"}, {"minimum": 0}, {}, {"enum": ["a", 1]}):
        union = [other, {"type": "object"}]
        assert beside_text(union, union[1], same), other


@pytest.mark.parametrize("profile", ["anthropic", "vendors"])
def test_a_rule_that_is_off_or_configured_reads_back(corpus, profile):
    """markdownlint's configuration: each rule is ``"type": ["boolean", "object"]``, written as a
    union of the two. Where the union limit carries a rule's object branch as a JSON string,
    it stood beside the boolean branch as beside text (a string there would be that branch's
    value), travelled in ``tierone_json``, and restore, which reads the original's type list
    as no union, refused it ("unexpected member"). A boolean takes no string: the branch is a
    bare JSON string there, read back as the JSON it holds."""
    schema = json.loads((corpus / "jsonschemabench/JsonSchemaStore/markdownlint-config-schema.json").read_text())
    made = tierone.strict(schema, profile)
    assert "tierone_json" not in json.dumps(made.rendition(profile))
    for instance in (
        {"MD013": {"headers": False}},
        {"MD013": {"line_length": 100, "tables": False}, "MD009": True},
        {"no-multiple-blanks": {}, "MD012": False},
    ):
        form = tierone.to_strict_form(instance, schema, profile)
        assert restore(form, schema).payload == instance
        assert made.parse(json.dumps(form)) == instance


def _rules() -> dict:
    """A configuration whose rules each take text or an object of options (a type list), each
    named twice (an alias refers to it): under anthropic, past its optional parameters the
    options become nullable unions, and the union limit carries rules' object branches as
    JSON text in ``tierone_json`` (beside the text branch the type list was split into)."""
    rule = {
        "type": ["string", "object"],
        "properties": {f"o{i}": {"type": "integer", "minimum": 1} for i in range(3)},
        "additionalProperties": False,
    }
    properties: dict = {}
    for i in range(12):
        properties[f"MD{i:03}"] = rule
        properties[f"alias-{i}"] = {"$ref": f"#/properties/MD{i:03}"}
    return {"type": "object", "properties": properties, "additionalProperties": False}


def test_a_type_list_whose_object_branch_travels_in_tierone_json_reads_back():
    """The original holds a type list, not a union: its reading unwrapped nothing, and every
    answer configuring such a rule was refused ("unexpected member")."""
    original = _rules()
    served = assert_served(
        original,
        "anthropic",
        [{"MD000": {"o0": 2}, "alias-1": "off", "MD011": {}}, {f"MD{i:03}": {"o2": i + 1} for i in range(12)}],
    )
    assert "tierone_json" in json.dumps(served.schema)
    made = tierone.strict(original, "anthropic")
    wrong = tierone.to_strict_form({"MD000": {"o0": 0}}, original, "anthropic")  # below its minimum
    with pytest.raises(tierone.StrictError, match="/MD000/o0"):
        made.parse(json.dumps(wrong))


def test_an_open_object_a_limit_encodes_reads_back_as_its_description_says():
    """An open object that declares members travels as its declared members beside its string
    member ``tierone_rest``; where a limit then encodes it whole, its description states that
    form (declared members required and nullable, the others in ``tierone_rest``), and an answer
    written so was read as free-form data (its nulls kept, ``tierone_rest`` a member): refused,
    or read wrong (JsonSchemaBench's Open Contracting release schema under tier1 and vendors).
    ``Strict.parse`` and its stream read it so too, though the rendition's ledger no longer names
    the open object (its place is inside the encoded subtree): before, they handed back
    ``tierone_rest`` as a member and the null as a value."""
    budget = {
        "type": "object",
        "properties": {"source": {"type": ["string", "null"]}, "amount": {"type": "object", "properties": {"v": {}}}},
        "patternProperties": {"^x_": {"type": "string"}},
    }
    original: dict = {"type": "object", "properties": {"k0": budget}}
    for i in range(1, 5):  # deep enough that tier1's depth limit encodes the open object whole
        original = {"type": "object", "properties": {f"k{i}": original}}
    rendition = tierone.rewrite(original, "tier1").schema
    encoded = rendition
    for i in range(4, -1, -1):
        encoded = encoded["properties"][f"k{i}"]
    assert encoded["type"] == ["string", "null"] and "tierone_rest" in encoded["description"]  # (optional: nullable)
    held = {"source": None, "amount": {"v": 1}, "tierone_rest": json.dumps({"x_a": "b"})}
    answer = {"k4": {"k3": {"k2": {"k1": {"k0": json.dumps(held)}}}}}
    instance = {"k4": {"k3": {"k2": {"k1": {"k0": {"amount": {"v": 1}, "x_a": "b"}}}}}}
    assert restore(answer, original).payload == instance
    strict = tierone.strict(original, profile="tier1")
    text = json.dumps(answer)
    assert strict.parse(text) == instance
    stream = strict.stream()
    for at in range(0, len(text), 7):
        stream.feed(text[at : at + 7])
    assert stream.close() == instance
    # the original's data as it is (the strict form writes it so) still reads as itself
    assert restore(tierone.to_strict_form(instance, original, "tier1"), original).payload == instance
    assert strict.parse(json.dumps(tierone.to_strict_form(instance, original, "tier1"))) == instance


@pytest.mark.parametrize("profile", PROFILES)
def test_an_open_object_inside_a_subtree_a_limit_encodes_is_written_as_the_statement_says(profile):
    """The strict form wrote such an object inside the encoded subtree as the original's data
    (a member's ``null`` there, no ``tierone_rest``), where the string's statement says its
    declared members beside ``tierone_rest``; read back, the null stayed a value where an
    optional member's null means absent (the Open Contracting release schema under tier1,
    vendors and anthropic). Now it is written as stated, and reads back as the instance means."""
    budget = {
        "type": "object",
        "properties": {"source": {"type": ["string", "null"]}, "amount": {"type": "integer"}},
        "patternProperties": {"^x_": {"type": "string"}},
    }
    original: dict = {"type": "object", "properties": {"k0": {"type": "array", "items": budget}}}
    for i in range(1, 5):  # deep enough that tier1's depth limit encodes a subtree holding the objects
        original = {"type": "object", "properties": {f"k{i}": original}}
    original["properties"]["meta"] = budget  # one outside it, carried beside tierone_rest
    item = {"source": None, "amount": 1, "x_a": "b"}
    instance = {"meta": {"source": None, "x_q": "z"}, "k4": {"k3": {"k2": {"k1": {"k0": [item, {"amount": 2}]}}}}}
    form = tierone.to_strict_form(instance, original, profile)
    expected = normalized(instance, original, profile)
    assert "source" not in expected["meta"] and "source" not in expected["k4"]["k3"]["k2"]["k1"]["k0"][0]
    assert restore(form, original).payload == expected
    assert tierone.strict(original, profile=profile).parse(json.dumps(form)) == expected
    if profile == "tier1":  # the encoded text holds the stated form: declared members beside tierone_rest
        written = json.loads(form["k4"]["k3"]["k2"]["k1"]["k0"])
        assert written[0] == {"source": None, "amount": 1, "tierone_rest": json.dumps({"x_a": "b"})}
