"""Dynamic references (``$recursiveRef``, ``$dynamicRef``) in a document that is one schema
resource always resolve to the same node: the rewrite writes each as that ``$ref``, restore and
``Strict`` read answers by the same reading (and judge them by the original as it is), and the
consumers take the rendition. A document embedding other resources stays refused (T211)."""

from __future__ import annotations

import json

import pytest

import tierone
from tests.served import assert_served
from tierone.core.pointer import Pointer
from tierone.core.static_refs import static_references

PROFILES = ["openai", "anthropic", "gemini", "gemini-openapi", "tier1", "vendors"]

#: draft 2019-09: a tree whose children are the root, by the recursive anchor
RECURSIVE = {
    "$schema": "https://json-schema.org/draft/2019-09/schema",
    "$recursiveAnchor": True,
    "type": "object",
    "properties": {"value": {"type": "integer"}, "children": {"type": "array", "items": {"$recursiveRef": "#"}}},
    "required": ["value"],
}
#: draft 2020-12: a list whose items are the node declaring the dynamic anchor, and a static
#: reference to that anchor by its name beside it
DYNAMIC = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://example.com/list",
    "type": "object",
    "properties": {
        "items": {"type": "array", "items": {"$dynamicRef": "#item"}},
        "first": {"$ref": "#item"},
    },
    "required": ["items"],
    "$defs": {"item": {"$dynamicAnchor": "item", "type": "string", "maxLength": 8}},
}
#: 2020-12's own pattern: a node extended by its dynamic anchor at the root
EXTENSIBLE = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$dynamicAnchor": "node",
    "type": "object",
    "properties": {"name": {"type": "string"}, "next": {"$dynamicRef": "#node"}},
    "required": ["name"],
}


@pytest.mark.parametrize("profile", PROFILES)
def test_a_recursive_reference_is_served_and_read_back(profile):
    result = assert_served(
        RECURSIVE,
        profile,
        [{"value": 1}, {"value": 1, "children": [{"value": 2, "children": [{"value": 3}]}, {"value": 4}]}],
    )
    text = json.dumps(result.schema)
    assert "$recursive" not in text
    assert "T211" in {c.rule for c in result.changes}  # in the ledger of changes, loosening nothing
    assert not [c for c in result.loosened if c.rule == "T211"]
    strict = tierone.strict(RECURSIVE, profile)
    bad = tierone.to_strict_form({"value": 1, "children": [{"value": "two"}]}, RECURSIVE, profile)
    with pytest.raises(tierone.StrictError, match="/children/0/value"):
        strict.parse(json.dumps(bad))


@pytest.mark.parametrize("profile", PROFILES)
def test_a_dynamic_reference_to_an_anchor_is_served_and_read_back(profile):
    result = assert_served(DYNAMIC, profile, [{"items": []}, {"items": ["a", "b"], "first": "c"}])
    assert "$dynamic" not in json.dumps(result.schema)
    strict = tierone.strict(DYNAMIC, profile)
    with pytest.raises(tierone.StrictError):  # the anchor's maxLength, enforced on read where it was loosened
        strict.parse(json.dumps(tierone.to_strict_form({"items": ["far too long"]}, DYNAMIC, profile)))


@pytest.mark.parametrize("profile", ["openai", "anthropic", "gemini"])
def test_the_extensible_node_pattern_is_served_and_exactly(profile):
    instance = {"name": "a", "next": {"name": "b", "next": {"name": "c"}}}
    assert_served(EXTENSIBLE, profile, [instance, {"name": "z"}])
    if profile != "anthropic":  # (anthropic unrolls the recursion: a loosening --exact refuses)
        assert tierone.rewrite(EXTENSIBLE, profile, exact=True).ok


def test_the_reading_is_written_out_as_static_references():
    written, places = static_references(DYNAMIC)
    assert written["properties"]["items"]["items"] == {"$ref": "#/$defs/item"}
    assert written["properties"]["first"] == {"$ref": "#/$defs/item"}  # the anchor's name leaves with it
    assert written["$defs"]["item"] == {"type": "string", "maxLength": 8}
    assert set(places) == {Pointer.parse(p) for p in ("/properties/items/items", "/properties/first", "/$defs/item")}
    assert static_references(RECURSIVE)[0]["properties"]["children"]["items"] == {"$ref": "#"}
    plain = {"type": "object", "properties": {"a": {"$ref": "#"}}}
    assert static_references(plain) == (plain, ())
    assert static_references(plain)[0] is plain


#: documents whose dynamic references cannot be read as static ones: another resource embedded
#: (its scope may differ), an anchor declared twice, a reference beside a `$ref`, one elsewhere
NOT_ONE_RESOURCE = {
    "embedded": {
        "$defs": {"other": {"$id": "https://example.com/other", "$dynamicAnchor": "n", "type": "string"}},
        "type": "object",
        "properties": {"a": {"$dynamicRef": "#n"}},
    },
    "twice": {
        "$defs": {"x": {"$dynamicAnchor": "n", "type": "string"}, "y": {"$anchor": "n", "type": "integer"}},
        "type": "object",
        "properties": {"a": {"$dynamicRef": "#n"}},
    },
    "beside a $ref": {
        "$defs": {"x": {"$dynamicAnchor": "n", "type": "string"}},
        "type": "object",
        "properties": {"a": {"$dynamicRef": "#n", "$ref": "#/$defs/x"}},
    },
    "elsewhere": {"type": "object", "properties": {"a": {"$dynamicRef": "https://example.com/other#n"}}},
}


@pytest.mark.parametrize("name", list(NOT_ONE_RESOURCE))
def test_dynamic_references_that_may_lead_elsewhere_stay_refused(name):
    original = NOT_ONE_RESOURCE[name]
    assert static_references(original) == (original, ())
    refused = tierone.rewrite(original, "openai")
    assert "T211" in {u.rule for u in refused.unfixable}


def test_the_linter_still_names_them_and_says_the_rewrite_fixes_them():
    report = tierone.lint(EXTENSIBLE, profile="openai")
    found = [(str(d.pointer), d.fixable) for d in report.diagnostics if d.code == "T211"]
    assert found == [("", True), ("/properties/next", True)]


def test_members_named_like_the_keywords_are_members():
    original = {
        "type": "object",
        "properties": {"$dynamicRef": {"type": "string"}, "$recursiveAnchor": {"type": "boolean"}},
        "required": ["$dynamicRef"],
    }
    assert static_references(original) == (original, ())
    result = assert_served(original, "openai", [{"$dynamicRef": "#x"}, {"$dynamicRef": "", "$recursiveAnchor": True}])
    assert set(result.schema["properties"]) == {"$dynamicRef", "$recursiveAnchor"}
    assert not [c for c in result.changes if c.rule == "T211"]
