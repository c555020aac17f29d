"""``lint --show-fixes`` (what the rewrite would change, per finding, nothing written) and the
summary's fixable count (only inputs ``lint --fix`` can write count as fixable by it)."""

from __future__ import annotations

import itertools
import json

import jsonschema
import pytest
from typer.testing import CliRunner

from tierone.cli import app

SCHEMA = {
    "type": "object",
    "properties": {"a": {"type": "string", "minLength": 3}, "d": {"$ref": "#/definitions/D"}},
    "definitions": {"D": {"type": "object", "properties": {"x": {"type": "string"}}}},
}
_names = itertools.count()


@pytest.fixture
def schema_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "s.schema.json"
    path.write_text(json.dumps(SCHEMA, indent=2))
    return path


def run(*args: str, input: str | None = None):
    result = CliRunner().invoke(app, ["lint", "--isolated", *args], input=input, catch_exceptions=False)
    assert result.exit_code == 1, result.output
    return result.stdout


def test_text_shows_each_finding_s_change_and_writes_nothing(schema_file):
    before = schema_file.read_text()
    out = run("--show-fixes", "s.schema.json")
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if " T301 " in line)
    assert lines[at + 1] == "    fix: minLength removed (loosened: minLength: 3, enforced on read)"
    at = next(i for i, line in enumerate(lines) if " T102 " in line and "[/definitions/D]" in line)
    assert lines[at + 1] == "    fix: additionalProperties: false added [/$defs/D]"  # after the rename
    assert schema_file.read_text() == before
    assert "fix:" not in run("s.schema.json")  # only when asked


def test_json_records_carry_fixes_valid_against_the_report_schema(schema_file):
    from importlib import resources

    report = json.loads(run("--show-fixes", "--format", "json", "s.schema.json"))
    schema = json.loads(resources.files("tierone.linter").joinpath("report.schema.json").read_text())
    jsonschema.validate(report, schema)
    (t301,) = [d for d in report["diagnostics"] if d["code"] == "T301"]
    assert t301["fixes"] == [
        {"pointer": "/properties/a", "what": "minLength removed", "rule": "T301", "loosens": "minLength: 3"}
    ]
    plain = json.loads(run("--format", "json", "s.schema.json"))
    assert all("fixes" not in d for d in plain["diagnostics"])


def test_summary_counts_for_lint_fix_only_what_it_can_write(schema_file, tmp_path, monkeypatch):
    name = f"fixmod_{next(_names)}"
    (tmp_path / f"{name}.py").write_text("from pydantic import BaseModel\n\nclass M(BaseModel):\n    a: int = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    model_only = run(f"{name}:M")
    assert "lint --fix" not in model_only.replace("`lint --fix` has no file to write", "")
    assert "fixable with `tierone rewrite` (a model or standard input" in model_only
    for named in ((), ("--stdin-filename", "named.schema.json")):  # a name does not make it a file
        piped = run(*named, "-", input=json.dumps(SCHEMA))
        assert "(or `tierone lint --fix`)" not in piped and "fixable with `tierone rewrite` (a model" in piped
    both = run("s.schema.json", f"{name}:M")
    assert (
        "6 fixable with `tierone rewrite` (or `tierone lint --fix`)" in both
        and "3 more fixable with `tierone rewrite`" in both
    )


def _fixes(tmp_path, data: dict, profile: str | None, name: str = "s.json") -> dict[tuple, list[tuple[str, str]]]:
    """``lint --show-fixes`` of ``data`` written to ``name`` (in the working folder, ``tmp_path``)
    under ``profile`` (None: none named): each finding's (code, pointer, keyword) and its fixes'
    (pointer, what without its reason)."""
    (tmp_path / name).write_text(json.dumps(data))
    report = json.loads(run(*(("-p", profile) if profile else ()), "--show-fixes", "--format", "json", name))
    return {
        (d["code"], d["pointer"], d["keyword"]): [(f["pointer"], f["what"].split(" (")[0]) for f in d["fixes"]]
        for d in report["diagnostics"]
    }


def test_a_finding_is_fixed_by_the_removal_of_its_keyword_or_of_the_subtree_holding_it(tmp_path, monkeypatch):
    # a draft-04 schema: `if`/`then` are no keywords of its draft (T605) and OpenAI refuses them
    # (T204): each finding shows the removal of its own keyword, not of the other one at its node;
    # what was found inside a removed subtree (its `minLength`) shows the removal that took it out
    monkeypatch.chdir(tmp_path)
    schema = {
        "$schema": "http://json-schema.org/draft-04/schema#",
        "type": "object",
        "properties": {
            "b": {"type": "string", "if": {"minLength": 1}, "then": {"maxLength": 3}},
            "n": {"type": "string", "not": {"minLength": 3}},
        },
    }
    fixes = _fixes(tmp_path, schema, "openai")
    for code in ("T204", "T605"):
        assert fixes[(code, "/properties/b", "if")] == [("/properties/b", "if removed")]
        assert fixes[(code, "/properties/b", "then")] == [("/properties/b", "then removed")]
    assert fixes[("T301", "/properties/b/if", "minLength")] == [("/properties/b", "if removed")]
    assert fixes[("T301", "/properties/b/then", "maxLength")] == [("/properties/b", "then removed")]
    assert fixes[("T203", "/properties/n", "not")] == [("/properties/n", "not removed")]
    assert fixes[("T301", "/properties/n/not", "minLength")] == [("/properties/n", "not removed")]


def test_changes_are_shown_at_the_places_the_author_wrote(tmp_path, monkeypatch):
    # a renamed definition (`a/b` is `a_b` in the rendition), one written where it is used
    # (gemini-openapi carries no definitions), one nothing refers to, and a draft-07 `$ref`
    # sibling its dialect ignores: each finding shows the change made for its place
    monkeypatch.chdir(tmp_path)
    schema = {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object",
        "properties": {
            "a": {"$ref": "#/definitions/a~1b"},
            "l": {"$ref": "#/definitions/L", "items": {"type": "object", "properties": {"q": {"type": "string"}}}},
        },
        "definitions": {
            "a/b": {"type": "object", "properties": {"x": {"type": "string"}}},
            "L": {"type": "array", "items": {"type": "string"}},
            "Unused": {"type": "object", "properties": {"u": {"type": "string"}}},
        },
    }
    fixes = _fixes(tmp_path, schema, "openai")
    assert fixes[("T104", "/definitions/a~1b/properties/x", None)] == [
        ("/$defs/a_b/properties/x", "listed in required and made nullable")
    ]
    assert fixes[("T102", "/definitions/a~1b", None)] == [("/$defs/a_b", "additionalProperties: false added")]
    dead = [("/$defs/Unused", "removed")]
    assert (
        fixes[("T102", "/definitions/Unused", None)]
        == fixes[("T104", "/definitions/Unused/properties/u", None)]
        == dead
    )
    ignored = [("/properties/l/items", "removed")]
    assert fixes[("T106", "/properties/l", "$ref")] == ignored  # the sibling it names, taken out
    assert fixes[("T104", "/properties/l/items/properties/q", None)] == ignored  # inside that sibling
    fixes = _fixes(tmp_path, schema, "gemini-openapi")
    assert fixes[("T504", "", "definitions")] == [("/$defs", "2 definition(s) written where referenced, $defs removed")]
    assert fixes[("T102", "/definitions/a~1b", None)] == [("/properties/a", "additionalProperties: false added")]


def test_a_request_body_shows_each_carried_schema_s_fixes_under_its_profile(tmp_path, monkeypatch):
    # an OpenAI Responses body and an Anthropic Messages body: each schema's findings, placed in
    # the body, show the changes of that schema's rewrite under the profile the request implies
    monkeypatch.chdir(tmp_path)
    schema = {"type": "object", "properties": {"a": {"type": "string", "minLength": 2}}}
    responses = {
        "model": "m",
        "input": "hi",
        "text": {"format": {"type": "json_schema", "name": "x", "strict": True, "schema": schema}},
    }
    messages = {
        "model": "m",
        "max_tokens": 10,
        "messages": [{"role": "user", "content": "hi"}],
        "tools": [{"name": "t", "strict": True, "input_schema": schema}],
    }
    for name, body, at, expected in (
        ("r.json", responses, "/text/format/schema", {"T104", "T301", "T102"}),
        ("m.json", messages, "/tools/0/input_schema", {"T102", "T301"}),  # optional members stay (anthropic)
    ):
        fixes = _fixes(tmp_path, body, None, name)  # (the profile the request implies)
        assert {code for code, _, _ in fixes} == expected
        assert fixes[("T102", at, None)] == [(at, "additionalProperties: false added")]
        assert fixes[("T301", f"{at}/properties/a", "minLength")] == [(f"{at}/properties/a", "minLength removed")]


def test_a_finding_in_a_tuple_place_or_inside_a_value_carried_as_text_shows_its_change(tmp_path, monkeypatch):
    # openai writes a tuple as one item schema (the anyOf of its places): each place's finding
    # shows the change made in its branch; tier1 (nesting depth 5) carries a deep subtree as a
    # JSON string: what was found inside shows that encoding (the changes inside it are moot)
    monkeypatch.chdir(tmp_path)
    places = [
        {"type": "object", "properties": {"v": {"type": "integer", "default": 1}}},
        {"type": "object", "properties": {"v": {"type": "string", "default": "x"}}},  # (the same member name)
    ]
    deep: dict = {"type": "string", "minLength": 2}
    for level in range(7):
        deep = {"type": "object", "properties": {f"k{level}": deep}}
    schema = {
        "type": "object",
        "properties": {"tup": {"type": "array", "items": places, "additionalItems": False}, "deep": deep},
    }
    fixes = _fixes(tmp_path, schema, "openai")
    for index, name in enumerate("vv"):
        found = ("T212", f"/properties/tup/items/{index}/properties/{name}", "default")
        assert fixes[found] == [(f"/properties/tup/items/anyOf/{index}/properties/{name}", "default removed")]
    fixes = _fixes(tmp_path, schema, "tier1")
    inner = "/properties/deep" + "".join(f"/properties/k{level}" for level in range(6, -1, -1))
    ((place, what),) = fixes[("T301", inner, "minLength")]
    assert inner.startswith(place + "/") and what.startswith("encoded as a JSON string")


def test_a_finding_in_a_union_branch_the_members_beside_it_were_merged_into_shows_that_sharing(tmp_path, monkeypatch):
    # a branch's member with no `items` merged with the member beside the union (which has them),
    # and the open branch closed by the sharing: both show the change that shared the members
    monkeypatch.chdir(tmp_path)
    schema = {
        "type": "object",
        "properties": {
            "mail": {
                "type": "object",
                "properties": {"to": {"type": "array", "items": {"type": "string"}}, "on": {"type": "boolean"}},
                "required": ["on"],
                "additionalProperties": False,
                "oneOf": [
                    {"type": "object", "properties": {"on": {"const": True}, "to": {"type": "array", "minItems": 1}}},
                    {"type": "object", "properties": {"on": {"const": False}}},
                ],
            }
        },
        "required": ["mail"],
        "additionalProperties": False,
    }
    fixes = _fixes(tmp_path, schema, "openai")
    shared = [("/properties/mail", "properties and required shared into each anyOf branch")]
    assert fixes[("T607", "/properties/mail/oneOf/0/properties/to", None)] == shared
    assert (
        fixes[("T102", "/properties/mail/oneOf/0", None)] == fixes[("T102", "/properties/mail/oneOf/1", None)] == shared
    )


def test_under_a_root_that_is_only_a_ref_and_for_an_array_given_items_each_finding_shows_its_change(
    tmp_path, monkeypatch
):
    # the rewrite writes the root's target as the root: its changes stand at the definition the
    # author wrote; and the items an array without them is given are its finding's fix
    monkeypatch.chdir(tmp_path)
    rooted = {
        "$ref": "#/definitions/R",
        "definitions": {"R": {"type": "object", "properties": {"t": {"type": "array"}}}},
    }
    fixes = _fixes(tmp_path, rooted, "openai")
    assert fixes[("T101", "", None)] == [("", "the root $ref '#/$defs/R' inlined; references to it point at the root")]
    assert fixes[("T102", "/definitions/R", None)] == [("", "additionalProperties: false added")]
    assert fixes[("T104", "/definitions/R/properties/t", None)] == [
        ("/properties/t", "listed in required and made nullable")
    ]
    assert fixes[("T607", "/definitions/R/properties/t", None)] == [
        ("/properties/t/items", "untyped items encoded as JSON strings")
    ]


def test_a_finding_in_an_all_of_branch_merged_into_its_node_shows_the_merge(tmp_path, monkeypatch):
    # what was found in a branch shows the change for its rule at the same place of the merged
    # node, else the merge itself; what was found inside a branch's `if` shows its removal
    monkeypatch.chdir(tmp_path)
    branch = {
        "properties": {"kind": {"type": "string"}, "size": {"type": "integer"}},
        "if": {"properties": {"kind": {"const": "a"}}},
        "then": {"required": ["size"]},
    }
    schema = {
        "type": "object",
        "properties": {"m": {"type": "object", "allOf": [branch, {**branch, "if": {"properties": {"size": {}}}}]}},
    }
    fixes = _fixes(tmp_path, schema, "openai")
    for index in (0, 1):
        at = f"/properties/m/allOf/{index}"
        assert fixes[("T601", at, None)] == [("/properties/m", "merged 2 allOf branch(es)")]
        assert fixes[("T102", at, None)] == [("/properties/m", "additionalProperties: false added")]
        assert fixes[("T104", f"{at}/properties/size", None)] == [
            ("/properties/m/properties/size", "listed in required and made nullable")
        ]
        assert fixes[("T102", f"{at}/if", None)] == [(at, "if removed")]


def test_a_limit_over_shows_the_changes_that_keep_it_and_what_was_found_in_what_they_carried(tmp_path, monkeypatch):
    # anthropic takes 16 union-typed members: four move into the root's `tierone_rest` (a JSON
    # string), each the fix of what was found in it and together of the count over; a root that
    # is a free-form map travels as JSON text: what was found inside it shows that encoding
    monkeypatch.chdir(tmp_path)
    members = {f"m{i}": {"type": ["string", "null"]} for i in range(20)}
    fixes = _fixes(tmp_path, {"type": "object", "properties": members, "required": list(members)}, "anthropic")
    moved = [
        (f"/properties/m{i}", "moved into the object's member 'tierone_rest', a JSON string, to keep the limit")
        for i in range(16, 20)
    ]
    assert fixes[("T408", "", None)] == moved
    assert fixes[("T216", "/properties/m19", "type")] == moved[-1:]
    assert fixes[("T216", "/properties/m0", "type")] == [("/properties/m0", "type list written as an anyOf")]
    free = {"additionalProperties": {"type": "object", "properties": {"hook": {"type": "string", "default": "x"}}}}
    fixes = _fixes(tmp_path, free, "anthropic")
    assert fixes[("T212", "/additionalProperties/properties/hook", "default")] == [
        ("", "free-form data encoded as a JSON string")
    ]


def test_a_recursion_unrolled_for_the_whole_schema_is_the_fix_of_each_recursive_reference(tmp_path, monkeypatch):
    # the unrolling is said once, at the root (where nothing was found for its rule)
    monkeypatch.chdir(tmp_path)
    schema = {
        "type": "object",
        "properties": {"name": {"type": "string"}, "kids": {"type": "array", "items": {"$ref": "#"}}},
        "required": ["name", "kids"],
        "additionalProperties": False,
    }
    fixes = _fixes(tmp_path, schema, "anthropic")
    assert fixes[("T501", "/properties/kids/items", "$ref")] == [("", "recursion")]


def test_a_finding_in_a_definition_an_all_of_branch_refers_to_shows_the_merge_that_took_it_in(tmp_path, monkeypatch):
    # gemini-openapi writes `First` where it is used and merges `Base` into it there
    monkeypatch.chdir(tmp_path)
    schema = {
        "type": "object",
        "properties": {"lvl": {"$ref": "#/definitions/First"}},
        "definitions": {
            "Base": {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": True},
            "First": {
                "allOf": [{"$ref": "#/definitions/Base"}, {"type": "object", "properties": {"b": {"type": "integer"}}}]
            },
        },
    }
    fixes = _fixes(tmp_path, schema, "gemini-openapi")
    assert fixes[("T102", "/definitions/Base", "additionalProperties")] == [
        ("/properties/lvl", "merged 2 allOf branch(es)")
    ]
