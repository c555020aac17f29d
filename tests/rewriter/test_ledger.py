"""The ledger: each change after which a rendition no longer enforces something of the original
is recorded (rule, place, what), reading enforces it, and ``exact`` refuses it instead, from the
API, the command line and the configuration."""

from __future__ import annotations

import json

import jsonschema
import pytest
from typer.testing import CliRunner

import tierone
from tests.judges import all_judges
from tierone.cli import app

runner = CliRunner()

ORIGINAL = {
    "type": "object",
    "properties": {
        "host": {"type": "string", "format": "ipv4"},
        "code": {"type": "string", "pattern": "^[A-Z]+$", "maxLength": 3},
        "value": {"oneOf": [{"type": "string"}, {"type": ["string", "integer"]}]},  # (a string takes both)
        "extra": {"type": "object", "additionalProperties": {"type": "integer"}},
        "name": {"type": "string"},
    },
    "required": ["host", "code", "value", "extra", "name"],
}


def _ledger(result):
    return {(str(c.pointer), c.rule, c.loosens) for c in result.loosened}


@pytest.mark.parametrize("profile", ["openai", "anthropic", "gemini-openapi", "tier1"])
def test_each_loosening_is_recorded_and_enforced_on_read(profile):
    result = tierone.rewrite(ORIGINAL, profile)
    assert result.ok, result.unfixable
    assert all(v.ok for v in all_judges(result.schema, profile))
    ledger = _ledger(result)
    assert ("/properties/host", "T303", 'format: "ipv4"') in ledger  # no engine compiles it
    assert all(c.loosens and c.rule for c in result.loosened)
    assert set(result.loosened) <= set(result.changes)
    loosened_at = {p for p, _, _ in ledger}
    assert "/properties/name" not in loosened_at  # a sibling of loosened members stays exact
    # an answer the rendition accepts and the original refuses at each loosened place
    answer = tierone.to_strict_form(
        {"host": "300.1.1.1", "code": "ABC", "value": 5, "extra": {"n": 1}, "name": "n"}, ORIGINAL, profile
    )
    jsonschema.validate(answer, result.schema)
    refused = tierone.restore(answer, ORIGINAL)
    assert [str(e.pointer) for e in refused.errors] == ["/host"]
    bad_code = {**answer, "code": "ABCD"}
    jsonschema.validate(bad_code, result.schema)
    assert "/code" in {str(e.pointer) for e in tierone.restore(bad_code, ORIGINAL).errors}


def test_edits_that_keep_the_meaning_are_not_loosenings():
    keeps = {"type": "array", "items": {"type": "object", "properties": {"a": {"type": "string"}}}}
    result = tierone.rewrite(keeps, "openai")
    assert result.ok and result.changes and result.loosened == ()


#: members a rendition leaves that no validator of the original enforces: the document's own
#: keywords, annotations, and a member no rule knows
NOT_ENFORCED = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$comment": "for maintainers",
    "type": "object",
    "properties": {
        "a": {"type": "integer", "deprecated": True, "readOnly": True, "example": 3, "default": 3, "examples": [4]}
    },
    "required": ["a"],
    "additionalProperties": False,
}


@pytest.mark.parametrize("profile", ["openai", "gemini-openapi", "anthropic", "tier1"])
def test_leaving_out_what_no_validator_enforces_is_no_loosening(profile):
    """Before: under gemini-openapi (a closed dialect) `exact=True` refused a schema for its
    `$schema` and `deprecated: true`, every profile for an unknown member such as `example`, and
    openai any pydantic model with a field's `default`, as if restore enforced them."""
    result = tierone.rewrite(NOT_ENFORCED, profile, exact=True)
    assert result.ok, result.unfixable
    assert result.loosened == ()


def test_a_draft_3_keyword_no_rule_knows_is_a_loosening_restore_enforces():
    draft3 = {
        "$schema": "http://json-schema.org/draft-03/schema#",
        "type": "object",
        "properties": {"a": {"type": "integer", "divisibleBy": 2}},
    }
    (change,) = tierone.rewrite(draft3, "openai").loosened
    assert (change.rule, change.loosens) == ("T605", "divisibleBy: 2")
    assert tierone.restore({"a": 3}, draft3).errors
    assert not tierone.rewrite(draft3, "openai", exact=True).ok


@pytest.mark.parametrize("profile", ["openai", "anthropic", "gemini-openapi", "tier1"])
def test_a_refusal_inside_a_one_of_branch_names_the_author_s_place(profile):
    """Before: `/properties/q/properties/z` (the rendition's `anyOf/0` dropped as if the nullable
    spelling had put it there), a place the original does not have."""
    branches = [{"type": "object", "properties": {"z": {"type": "string", "format": "hostname"}}}, {"type": "integer"}]
    schema = {"type": "object", "properties": {"q": {"oneOf": branches}}}
    refused = tierone.rewrite(schema, profile, exact=True).unfixable
    assert ("/properties/q/oneOf/0/properties/z", "T303") in {(str(u.pointer), u.rule) for u in refused}


@pytest.mark.parametrize("profile", ["openai", "gemini-openapi"])
def test_a_refusal_inside_a_definition_written_where_it_is_used_names_the_definition(profile):
    """Before: `/properties/a/properties/z` (under gemini-openapi, which carries no definitions,
    the rendition's place), where the original writes only a `$ref`; and inside an `allOf` the
    rewrite merged, the branch that says it."""
    branch = {"type": "object", "properties": {"w": {"type": "string", "format": "hostname"}}}
    schema = {
        "type": "object",
        "properties": {"a": {"$ref": "#/$defs/A"}, "m": {"allOf": [{"type": "object"}, branch]}},
        "$defs": {"A": {"type": "object", "properties": {"z": {"type": "string", "format": "hostname"}}}},
    }
    refused = {(str(u.pointer), u.rule) for u in tierone.rewrite(schema, profile, exact=True).unfixable}
    assert {("/$defs/A/properties/z", "T303"), ("/properties/m/allOf/1/properties/w", "T303")} <= refused


@pytest.mark.parametrize("profile", ["openai", "tier1"])
def test_a_refusal_in_a_member_shared_into_union_branches_names_the_member_beside_the_union(profile):
    """Before: once per branch, at `/oneOf/0/properties/f/properties/url` and `/oneOf/1/...`
    (the rewrite shares the members declared beside a union into each branch), places the
    original does not have; and under a root that is only a `$ref`, a definition beside it kept
    the rendition's `$defs`."""
    member = {"type": "object", "properties": {"url": {"type": "string", "format": "hostname"}}}
    branches = [
        {"required": ["f"], "properties": {"f": {"type": "object"}, "k": {"const": "a"}}},
        {"properties": {"k": {"const": "b"}}},
    ]
    schema = {"type": "object", "properties": {"f": member}, "oneOf": branches}
    refused = [(str(u.pointer), u.rule) for u in tierone.rewrite(schema, profile, exact=True).unfixable]
    assert [place for place in refused if place[1] == "T303"] == [("/properties/f/properties/url", "T303")]
    shared = {"type": "object", "properties": {"a": {"$ref": "#/definitions/G"}, "b": {"$ref": "#/definitions/G"}}}
    rooted = {"$ref": "#/definitions/R", "definitions": {"R": shared, "G": member}}
    refused = [(str(u.pointer), u.rule) for u in tierone.rewrite(rooted, profile, exact=True).unfixable]
    assert [place for place in refused if place[1] == "T303"] == [("/definitions/G/properties/url", "T303")]


@pytest.mark.parametrize("profile", ["openai", "anthropic"])
def test_a_refusal_under_a_root_that_is_only_a_ref_names_the_place_in_its_target(profile):
    """Before: `/properties/h`, the place in the rendition (which writes the root's target as
    the root), which the original does not have."""
    rooted = {
        "$ref": "#/definitions/R",
        "definitions": {"R": {"type": "object", "properties": {"h": {"type": "string", "format": "hostname"}}}},
    }
    refused = [(str(u.pointer), u.rule) for u in tierone.rewrite(rooted, profile, exact=True).unfixable]
    assert ("/definitions/R/properties/h", "T303") in refused
    assert all(not place.startswith("/properties") for place, _ in refused)


def test_a_refusal_in_a_union_written_where_it_is_used_names_its_branch_and_the_nearest_place_it_has():
    """Before (gemini-openapi writes `config` where it is used): `/properties/c/items/properties/h`
    (the branch's anyOf/1 taken for the nullable spelling, since the `$ref` node holds no union)
    and `/properties/c/items/properties/args/items`, places the original does not have; the
    `items` the rewrite gives an array stand after the array's own place."""
    branches = [
        {"type": "object", "properties": {"v": {"type": "string"}}, "required": ["v"]},
        {
            "type": "object",
            "properties": {"h": {"type": "string", "format": "hostname"}, "args": {"type": "array"}},
            "required": ["h"],
        },
    ]
    schema = {
        "type": "object",
        "properties": {"c": {"type": "array", "items": {"$ref": "#/definitions/config"}}},
        "definitions": {"config": {"oneOf": branches}},
    }
    refused = {(str(u.pointer), u.rule) for u in tierone.rewrite(schema, "gemini-openapi", exact=True).unfixable}
    assert {
        ("/definitions/config/oneOf/1/properties/h", "T303"),
        ("/definitions/config/oneOf/1/properties/args/items", "T607"),
    } <= refused


def test_exact_refuses_each_loosening_at_its_place():
    result = tierone.rewrite(ORIGINAL, "openai", exact=True)
    assert not result.ok
    refused = {(str(u.pointer), u.rule) for u in result.unfixable}
    assert {(p, r) for p, r, _ in _ledger(tierone.rewrite(ORIGINAL, "openai"))} <= refused
    assert all("(exact)" in u.reason for u in result.unfixable)
    exact = {"type": "object", "properties": {"a": {"type": "string"}}}
    assert tierone.rewrite(exact, "openai", exact=True).ok  # nothing to loosen: served


def test_strict_lists_the_ledger_and_refuses_with_exact():
    made = tierone.strict(ORIGINAL, "anthropic")
    assert {c.rule for c in made.loosened} == {c.rule for c in tierone.rewrite(ORIGINAL, "anthropic").loosened}
    with pytest.raises(tierone.StrictError) as refused:
        tierone.strict(ORIGINAL, "anthropic", exact=True)
    assert "(exact)" in str(refused.value)


def test_the_command_line_reports_the_ledger_and_refuses_with_exact(tmp_path):
    source = tmp_path / "s.schema.json"
    source.write_text(json.dumps(ORIGINAL))
    target = tmp_path / "out.json"
    done = runner.invoke(app, ["rewrite", "--isolated", "-p", "openai", "-v", str(source), "-o", str(target)])
    assert done.exit_code == 0, done.output
    assert 'loosened: format: "ipv4", enforced on read' in done.output
    assert "loosened: enforced on read" in done.output.splitlines()[-1]
    refused = runner.invoke(app, ["rewrite", "--isolated", "-p", "openai", "--exact", str(source)])
    assert refused.exit_code == 1
    assert "T303 cannot be made compliant: the rendition would not enforce" in refused.output
    (tmp_path / "pyproject.toml").write_text("[tool.tierone]\nexact = true\n")
    configured = runner.invoke(
        app, ["rewrite", "--config", str(tmp_path / "pyproject.toml"), "-p", "openai", str(source)]
    )
    assert configured.exit_code == 1 and "(exact)" in configured.output
    overridden = runner.invoke(
        app, ["rewrite", "--config", str(tmp_path / "pyproject.toml"), "--no-exact", "-p", "openai", str(source)]
    )
    assert overridden.exit_code == 0, overridden.output
    (tmp_path / "pyproject.toml").write_text('[tool.tierone]\nexact = "yes"\n')
    bad = runner.invoke(app, ["rewrite", "--config", str(tmp_path / "pyproject.toml"), str(source)])
    assert bad.exit_code == 2 and "exact must be true or false" in bad.output


def test_show_fixes_names_the_loosening(tmp_path):
    source = tmp_path / "s.schema.json"
    source.write_text(json.dumps(ORIGINAL))
    shown = runner.invoke(app, ["lint", "--isolated", "-p", "openai", "--show-fixes", "--format", "json", str(source)])
    fixes = [f for d in json.loads(shown.stdout)["diagnostics"] for f in d.get("fixes", [])]
    exclusive = "oneOf: exactly one branch matches"
    renamed = {"pointer": "/properties/value", "what": "oneOf renamed to anyOf", "rule": "T201", "loosens": exclusive}
    assert renamed in fixes
    text = runner.invoke(app, ["lint", "--isolated", "-p", "openai", "--show-fixes", str(source)])
    assert f"(loosened: {exclusive}, enforced on read)" in text.stdout
