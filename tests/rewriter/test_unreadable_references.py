"""A reference the original holds that leads nowhere in the document refuses the rewrite, even
where the rendition drops the keyword holding it: restore reads every answer against the
original and never fetches, so a rendition would be one no answer can be read under."""

from __future__ import annotations

import pytest

import tierone
from tierone.core.pointer import Pointer
from tierone.subset.profiles import PROFILES

NAME = {"name": {"type": "string"}}


def _schema(keyword: str, target: dict) -> dict:
    base = {"type": "object", "properties": NAME, "required": ["name"]}
    if keyword == "dependentSchemas":
        return {**base, keyword: {"name": target}}
    return {**base, keyword: target}


@pytest.mark.parametrize("profile", sorted(PROFILES))
@pytest.mark.parametrize("keyword", ["unevaluatedProperties", "not", "if", "dependentSchemas", "propertyNames"])
def test_a_reference_to_another_document_under_a_dropped_keyword_is_refused(keyword, profile):
    schema = _schema(keyword, {"$ref": "other.json"})
    result = tierone.rewrite(schema, profile)
    place = Pointer((keyword, "name")) if keyword == "dependentSchemas" else Pointer((keyword,))
    assert any(u.rule == "T502" and u.pointer == place for u in result.unfixable), result.unfixable
    with pytest.raises(tierone.StrictError):
        tierone.strict(schema, profile)


@pytest.mark.parametrize("profile", ["openai", "gemini"])
def test_a_local_reference_to_nothing_is_refused_as_unresolvable(profile):
    schema = _schema("unevaluatedProperties", {"$ref": "#/$defs/Nowhere"})
    result = tierone.rewrite(schema, profile)
    assert [u.rule for u in result.unfixable if u.pointer == Pointer(("unevaluatedProperties",))] == ["T503"]


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_references_that_resolve_refuse_nothing(profile):
    schema = {
        "type": "object",
        "properties": {"a": {"$ref": "#/$defs/A"}},
        "required": ["a"],
        "$defs": {"A": {"type": "string"}},
    }
    result = tierone.rewrite(schema, profile)
    assert not [u for u in result.unfixable if u.rule in ("T502", "T503")]
    assert tierone.restore({"a": "x"}, schema).ok


def test_the_cli_refuses_it_naming_the_place(tmp_path):
    import json
    import subprocess
    import sys

    path = tmp_path / "s.schema.json"
    path.write_text(json.dumps(_schema("unevaluatedProperties", {"$ref": "other.json"})))
    ran = subprocess.run(
        [sys.executable, "-m", "tierone", "rewrite", str(path), "-p", "openai"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert ran.returncode != 0 and "T502" in ran.stderr and "/unevaluatedProperties" in ran.stderr, ran.stderr


ENDLESS = {
    "type": "object",
    "properties": {"a": {"$ref": "#/$defs/A"}},
    "required": ["a"],
    "$defs": {"A": {"type": "array", "items": {"type": "string"}, "anyOf": [{"$ref": "#/$defs/A"}]}},
}


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_a_cycle_that_never_descends_into_the_value_is_refused_once(profile):
    # judging any value against /$defs/A never ends: a rendition was written (and read answers
    # with a RecursionError, or took one more copy of the cycle at each rewrite)
    result = tierone.rewrite(ENDLESS, profile)
    endless = [u for u in result.unfixable if u.rule == "T503"]
    assert [u.pointer for u in endless] == [Pointer(("$defs", "A", "anyOf", 0))], result.unfixable
    assert "never ends" in endless[0].reason
    with pytest.raises(tierone.StrictError, match="never ends"):
        tierone.strict(ENDLESS, profile)


def test_a_cycle_that_descends_into_the_value_is_recursion_as_ever():
    descending = {**ENDLESS, "$defs": {"A": {"anyOf": [{"type": "string"}, {"items": {"$ref": "#/$defs/A"}}]}}}
    assert tierone.rewrite(descending, "openai").ok


def test_a_reference_to_nothing_is_refused_once():
    result = tierone.rewrite({"anyOf": [{"$ref": "#/$defs/Missing"}]}, "openai")
    assert [(u.pointer, u.rule) for u in result.unfixable] == [(Pointer(("anyOf", 0)), "T503")]


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_a_reference_to_another_document_with_siblings_is_refused_for_the_reference_alone(profile):
    # a catalogue's stub (JsonSchemaStore/circleciconfig): the siblings would go with it, and a
    # second refusal of them (T106) would say nothing the reference's does not
    stub = {"$ref": "https://example.com/config.json", "title": "Config", "description": "The tool's own."}
    member = {"type": "object", "properties": {"config": {**stub}}, "required": ["config"]}
    for schema in (stub, member):
        assert [u.rule for u in tierone.rewrite(schema, profile).unfixable] == ["T502"]


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_a_definition_that_refers_to_another_document_is_refused_once(profile):
    """SAP's mta.json (JSON Schema Store): definitions that are only a reference to a file beside
    the schema, referred to with a description. The refusal names the reference that cannot be
    read, once, not also the description beside each place that refers to it."""
    schema = {
        "type": "object",
        "properties": {
            "parameters": {"$ref": "#/definitions/parameters", "description": "Deploy parameters."},
            "name": {"type": "string"},
        },
        "definitions": {"parameters": {"$ref": "mtad.json#/definitions/parameters"}},
    }
    result = tierone.rewrite(schema, profile)
    refused = [(str(u.pointer), u.rule) for u in result.unfixable]
    assert refused[0] == ("/definitions/parameters", "T502") and "--refs" in result.unfixable[0].reason
    # (gemini-openapi: nor are the definitions written out, which the reference holds back)
    assert refused[1:] == ([("", "T504")] if profile == "gemini-openapi" else [])
