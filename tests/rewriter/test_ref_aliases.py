"""Annotations beside a ``$ref`` never refuse a rewrite where the reference can be inlined: a
reference to an alias (a definition that is only a ``$ref``) is followed to what it names, and
the references inside an inlined definition are inlined too."""

from __future__ import annotations

import json

import pytest

import tierone
from tests.judges import all_judges
from tests.served import assert_served

ALIAS = {
    "type": "object",
    "properties": {"a": {"$ref": "#/$defs/Alias", "description": "the a"}},
    "required": ["a"],
    "$defs": {"Alias": {"$ref": "#/$defs/Real", "title": "Alias"}, "Real": {"type": "string", "maxLength": 9}},
}
NESTED = {
    "type": "object",
    "properties": {"a": {"$ref": "#/$defs/Outer", "description": "outer"}},
    "required": ["a"],
    "$defs": {
        "Outer": {
            "type": "object",
            "properties": {"b": {"$ref": "#/$defs/Real", "description": "inner"}},
            "required": ["b"],
        },
        "Real": {"type": "string"},
    },
}
PROFILES = ["tier1", "vendors", "openai", "anthropic", "gemini", "gemini-openapi"]


@pytest.mark.parametrize("profile", PROFILES)
def test_an_alias_is_followed_and_its_annotations_kept(profile):
    result = tierone.rewrite(ALIAS, profile)
    assert not [u for u in result.unfixable if u.rule == "T106"], result.unfixable
    a = result.schema["properties"]["a"]
    member = a["anyOf"][0] if "anyOf" in a and "type" not in a else a
    assert "$ref" not in a and a.get("title", member.get("title")) == "Alias" and "the a" in str(a)
    assert all(v.ok for v in all_judges(result.schema, profile)), all_judges(result.schema, profile)
    reader = tierone.strict(ALIAS, profile)
    assert reader.restore({"a": "short"}) == {"a": "short"}
    with pytest.raises(tierone.StrictError, match="/a"):
        reader.restore({"a": "far too long"})  # the target's maxLength, enforced on read


@pytest.mark.parametrize("profile", PROFILES)
def test_the_references_inside_an_inlined_definition_are_inlined_too(profile):
    result = tierone.rewrite(NESTED, profile)
    assert not [u for u in result.unfixable if u.rule == "T106"], result.unfixable
    assert "inner" in str(result.schema["properties"]["a"]) and "outer" in str(result.schema["properties"]["a"])
    assert all(v.ok for v in all_judges(result.schema, profile)), all_judges(result.schema, profile)
    assert tierone.strict(NESTED, profile).restore({"a": {"b": "x"}}) == {"a": {"b": "x"}}


def test_aliases_that_go_round_are_still_refused():
    loop = {
        "type": "object",
        "properties": {"a": {"$ref": "#/$defs/A", "description": "x"}},
        "required": ["a"],
        "$defs": {"A": {"$ref": "#/$defs/B"}, "B": {"$ref": "#/$defs/A"}},
    }
    assert [u.rule for u in tierone.rewrite(loop, "openai").unfixable if str(u.pointer) == "/properties/a"] == ["T106"]


#: an inlined definition with a cycle below it (an exception's inner exceptions) whose member is
#: a reference with a description (SARIF's `exception.stack`)
CYCLE_BELOW = {
    "type": "object",
    "properties": {"error": {"$ref": "#/$defs/Exception", "description": "What went wrong"}},
    "required": ["error"],
    "$defs": {
        "Exception": {
            "type": "object",
            "properties": {
                "stack": {"$ref": "#/$defs/Stack", "description": "The calls"},
                "inner": {"type": "array", "items": {"$ref": "#/$defs/Exception"}},
            },
        },
        "Stack": {"type": "object", "properties": {"frames": {"type": "array", "items": {"type": "string"}}}},
    },
}


@pytest.mark.parametrize("profile", ["openai", "gemini"])
def test_references_with_siblings_inside_a_copy_with_a_cycle_below_are_inlined_too(profile):
    from tests.served import assert_served

    error = {"stack": {"frames": ["main"]}, "inner": [{"stack": {"frames": []}}]}
    result = assert_served(CYCLE_BELOW, profile, [{"error": error}])
    assert not [u for u in result.unfixable if u.rule == "T106"]


#: a draft-04 schema naming its definitions by `id` fragments, as draft 4 writes anchors
DRAFT4_IDS = {
    "$schema": "http://json-schema.org/draft-04/schema#",
    "type": "object",
    "properties": {"gate": {"$ref": "#gate"}, "n": {"type": "integer"}},
    "required": ["gate"],
    "definitions": {"gate": {"id": "#gate", "type": "object", "properties": {"open": {"type": "boolean"}}}},
}


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini"])
def test_a_draft_4_id_fragment_is_resolved_by_lint_rewrite_and_restore(profile):
    assert not [d for d in tierone.lint(DRAFT4_IDS, profile=profile).diagnostics if d.code == "T503"]
    done = tierone.rewrite(DRAFT4_IDS, profile)  # refused before: "no anchor 'gate' in this document"
    assert done.ok, done.unfixable
    answer = {"gate": {"open": True}}
    assert tierone.restore(tierone.to_strict_form(answer, DRAFT4_IDS, profile), DRAFT4_IDS).payload == answer


#: JsonSchemaStore/kustomization.json's shape: the root is a reference (with a sibling: draft 4's
#: ``id``) to a definition whose member is a reference with a description beside it
ROOT_BY_REFERENCE = {
    "$ref": "#/definitions/Kustomization",
    "id": "https://example.com/kustomization.json",
    "definitions": {
        "Kustomization": {
            "type": "object",
            "properties": {"metadata": {"description": "About the resource", "$ref": "#/definitions/Metadata"}},
        },
        "Metadata": {"type": "object", "properties": {"name": {"type": "string"}}, "additionalProperties": False},
    },
}


@pytest.mark.parametrize("profile", ["anthropic", "gemini", "openai", "gemini-openapi", "tier1"])
def test_a_reference_beside_annotations_in_the_body_a_root_reference_brings_is_inlined(profile):
    """The root's reference is inlined (its siblings merged); the body it brings is a copy of
    the definition, whose own references beside annotations are inlined too (they stood as
    they were, and anthropic and gemini refused them: T106)."""
    result = assert_served(ROOT_BY_REFERENCE, profile, [{"metadata": {"name": "a"}}, {}])
    assert "T106" in {c.rule for c in result.changes}


@pytest.mark.parametrize("profile", ["anthropic", "openai", "tier1"])
def test_a_root_reference_whose_body_inlines_nothing_is_served(profile):
    """The first copy the pass makes is the root's body (JsonSchemaStore/stale.json): what the
    copies may add is counted there too."""
    schema = {"$ref": "#/definitions/A", "id": "https://example.com/a.json", "definitions": {"A": PLAIN}}
    assert_served(schema, profile, [{"b": "x"}, {}])


PLAIN = {"type": "object", "properties": {"b": {"type": "string"}}}


#: a reference with an annotation whose target extends a base by ``allOf``, and the base's own
#: reference with an annotation, which the merge brings into the copy (JsonSchemaStore/starlake)
EXTENDED = {
    "type": "object",
    "properties": {"x": {"oneOf": [{"$ref": "#/$defs/Extended", "description": "d"}, {"type": "string"}]}},
    "required": ["x"],
    "$defs": {
        "Extended": {
            "type": "object",
            "allOf": [{"$ref": "#/$defs/Base"}, {"properties": {"b": {"type": "string"}}, "required": ["b"]}],
        },
        "Base": {"type": "object", "properties": {"c": {"$ref": "#/$defs/Text", "description": "c"}}},
        "Text": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
    },
}


@pytest.mark.parametrize("profile", PROFILES)
def test_the_references_an_inlined_copy_merges_in_are_inlined_too(profile):
    result = assert_served(EXTENDED, profile, [{"x": {"b": "b", "c": 3}}, {"x": {"b": "b"}}, {"x": "text"}])
    assert '"description": "c"' in json.dumps(result.schema), result.schema  # the annotation kept
