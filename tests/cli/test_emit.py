"""`tierone rewrite --emit/--name/--unroll`, `tierone rewrite module:attribute` and
`tierone restore --schema module:attribute`, through the real CLI."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import tierone
from tierone.cli import app
from tierone.vendors import FRAGMENTS, own_profile, vendor_of

runner = CliRunner()
NODE = "tests.answers.models:Node"
PERSON = "tests.answers.models:Person"


def run(*args: str, input: str | None = None):
    result = runner.invoke(app, list(args), input=input, catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


def refused(result, *fragments: str) -> None:
    """Exit 2, one line on stderr holding ``fragments``, nothing on stdout."""
    assert result.exit_code == 2, (result.exit_code, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    assert all(fragment in lines[0] for fragment in fragments), lines[0]
    assert result.stdout == ""


class TestUnroll:
    def test_unroll_0_refuses_recursion_with_the_way_out(self):
        result = run("rewrite", NODE, "-p", "anthropic", "--unroll", "0")
        assert result.exit_code == 1 and result.stdout == ""
        assert f"{NODE}: T501 cannot be made compliant" in result.stderr
        assert "[/$defs/Node/properties/children/items]" in result.stderr  # (the model's schema is a root $ref)
        assert "--unroll N" in result.stderr

    @pytest.mark.parametrize("profile", ["tier1", "anthropic"])
    def test_unrolled_schema_lints_clean_and_reads_back(self, profile, tmp_path):
        result = run("rewrite", NODE, "-p", profile, "--unroll", "3")
        assert result.exit_code == 0, result.stderr
        schema = json.loads(result.stdout)
        assert tierone.lint(schema, profile=profile).ok
        # tier1's depth limit (5) takes the recursion into a JSON string at its first level: the unrolled
        # levels are then dead, and left out
        assert sorted(schema.get("$defs", {})) == ([] if profile == "tier1" else ["Node_2", "Node_3"])
        answer = {"label": "a", "children": [{"label": "b", "children": [{"label": "c"}]}]}
        (tmp_path / "answer.json").write_text(json.dumps(answer))
        restored = run("restore", "--schema", NODE, str(tmp_path / "answer.json"))
        assert restored.exit_code == 0, restored.stderr
        assert json.loads(restored.stdout) == answer

    def test_recursion_is_unrolled_three_levels_by_default(self):
        result = run("rewrite", NODE, "-p", "anthropic")
        assert result.exit_code == 0, result.stderr
        schema = json.loads(result.stdout)
        assert sorted(schema["$defs"]) == ["Node_2", "Node_3"]
        assert "JSON-encoded Node" in json.dumps(schema["$defs"]["Node_3"])

    @pytest.mark.parametrize("levels", ["-2", "two"])
    def test_unroll_is_a_number_of_levels(self, levels):
        result = run("rewrite", NODE, "--unroll", levels)
        assert result.exit_code == 2 and "Invalid value for '--unroll'" in result.stderr and result.stdout == ""


class TestEmit:
    @pytest.mark.parametrize(
        "kind, name, fragment",
        [
            (
                "openai-response-format",
                "person",
                lambda s: {"type": "json_schema", "json_schema": {"name": "person", "schema": s, "strict": True}},
            ),
            (
                "openai-text-format",
                "person",
                lambda s: {"type": "json_schema", "name": "person", "schema": s, "strict": True},
            ),
            (
                "openai-tool",
                "save_person",
                lambda s: {"type": "function", "function": {"name": "save_person", "parameters": s, "strict": True}},
            ),
            ("anthropic-tool", "save_person", lambda s: {"name": "save_person", "input_schema": s, "strict": True}),
            ("anthropic-output-format", None, lambda s: {"type": "json_schema", "schema": s}),
            ("gemini-config", None, lambda s: {"response_mime_type": "application/json", "response_json_schema": s}),
        ],
        ids=lambda value: value if isinstance(value, str) else "",
    )
    def test_prints_the_fragment_as_the_api_takes_it(self, kind, name, fragment, json_snapshot):
        result = run("rewrite", PERSON, "--emit", kind, *(["--name", name] if name else []))
        assert result.exit_code == 0, result.stderr
        printed = json.loads(result.stdout)
        from ..answers.models import Person

        own = own_profile(vendor_of(kind))  # without -p: the vendor's own rendition
        assert printed == fragment(tierone.rewrite(Person, own).schema)
        assert printed == json_snapshot

    @pytest.mark.parametrize(
        ("kind", "profile", "used"),
        [
            ("gemini-config", "tier1", "tier1"),
            ("gemini-config", "gemini-openapi", "gemini-openapi"),
            ("anthropic-tool", "vendors", "vendors"),
            ("openai-tool", "openai", "openai"),
        ],
    )
    def test_a_profile_the_vendor_accepts_is_used(self, kind, profile, used):
        from ..answers.models import Person

        named = FRAGMENTS[kind].named
        result = run("rewrite", PERSON, "--emit", kind, "-p", profile, *(["--name", "save"] if named else []))
        assert result.exit_code == 0, result.stderr
        schema = tierone.rewrite(Person, used).schema
        assert json.loads(result.stdout) == FRAGMENTS[kind].build(schema, "save" if named else "", None, used)

    @pytest.mark.parametrize(
        ("kind", "profile"),
        [("gemini-config", "openai"), ("anthropic-output-format", "gemini"), ("openai-tool", "tier1-load-bearing")],
    )
    def test_a_profile_not_made_for_the_vendor_is_refused(self, kind, profile):
        name = ["--name", "save"] if FRAGMENTS[kind].named else []
        result = run("rewrite", PERSON, "--emit", kind, "-p", profile, *name)
        assert result.exit_code == 2 and result.stdout == ""
        vendor = vendor_of(kind).name
        assert result.stderr.strip() == (
            f"tierone: error: --emit {kind} is a {vendor} fragment, and the {profile} rendition is not made "
            f"for {vendor}: use -p {own_profile(vendor_of(kind))} (its own, the default with --emit), vendors or tier1"
        )

    def test_several_profiles_are_refused(self):
        result = run("rewrite", PERSON, "--emit", "gemini-config", "-p", "gemini", "-p", "tier1")
        assert result.exit_code == 2 and result.stdout == ""
        assert "give at most one -p" in result.stderr

    def test_a_configured_profile_the_vendor_accepts_is_used(self, tmp_path):
        from ..answers.models import Person

        config = tmp_path / "tierone.toml"
        config.write_text('profile = ["openai", "tier1"]\n')
        result = run("rewrite", PERSON, "--emit", "gemini-config", "--config", str(config))
        assert result.exit_code == 0, result.stderr
        assert json.loads(result.stdout)["response_json_schema"] == tierone.rewrite(Person, "tier1").schema

    def test_the_profile_shapes_the_schema_in_the_fragment(self):
        from ..answers.models import Node

        result = run("rewrite", NODE, "-p", "gemini", "--emit", "gemini-config")
        assert result.exit_code == 0, result.stderr
        assert json.loads(result.stdout)["response_json_schema"] == tierone.strict(Node, "gemini").schema

    def test_a_schema_that_cannot_be_made_strict_prints_no_fragment(self):
        result = run("rewrite", NODE, "--unroll", "0", "--emit", "anthropic-tool", "--name", "tree")
        assert result.exit_code == 1 and result.stdout == "" and "T501" in result.stderr

    @pytest.mark.parametrize("kind", ["openai-response-format", "openai-text-format", "openai-tool", "anthropic-tool"])
    def test_a_name_is_needed_where_the_api_needs_one(self, kind):
        refused(run("rewrite", PERSON, "--emit", kind), f"tierone: error: --emit {kind} needs --name NAME")

    @pytest.mark.parametrize("kind", ["anthropic-output-format", "gemini-config"])
    def test_no_name_where_the_api_has_none(self, kind):
        refused(run("rewrite", PERSON, "--emit", kind, "--name", "x"), f"--emit {kind} takes no --name")

    @pytest.mark.parametrize("name", ["has space", "", "x" * 65, "naïve", "a.b"])
    def test_the_name_is_one_the_api_accepts(self, name):
        refused(
            run("rewrite", PERSON, "--emit", "openai-tool", "--name", name),
            "is not a valid OpenAI name",
            "^[a-zA-Z0-9_-]{1,64}$",
        )

    def test_name_without_emit(self):
        refused(run("rewrite", PERSON, "--name", "person"), "--name goes with --emit")

    def test_unknown_kind(self):
        result = run("rewrite", PERSON, "--emit", "openai")
        assert result.exit_code == 2 and "Invalid value for '--emit'" in result.stderr and result.stdout == ""

    @pytest.mark.parametrize(
        "extra", [["-o", "out.json"], ["--in-place"], ["--check"], ["--diff"], ["tests.answers.models:Task"]]
    )
    def test_one_input_to_stdout_only(self, extra, tmp_path, monkeypatch):
        monkeypatch.chdir(tmp_path)
        refused(run("rewrite", PERSON, "--emit", "gemini-config", *extra), "--emit prints one input's request fragment")
        assert list(tmp_path.iterdir()) == []


class TestModels:
    def test_rewrite_takes_module_attribute(self, json_snapshot):
        from ..answers.models import Person

        result = run("rewrite", PERSON, "-p", "openai")
        assert result.exit_code == 0, result.stderr
        assert json.loads(result.stdout) == tierone.rewrite(Person, "openai").schema == json_snapshot

    @pytest.mark.parametrize("option", ["--in-place", "--check", "--diff"])
    def test_a_model_is_not_a_file_to_write(self, option, tmp_path, monkeypatch):
        monkeypatch.chdir(tmp_path)
        result = run("rewrite", PERSON, option)
        assert result.exit_code == 2 and result.stdout == ""
        assert f"{PERSON}: error: a model is not a file: --in-place, --check and --diff need -o" in result.stderr
        assert list(tmp_path.iterdir()) == []

    def test_a_missing_model_is_one_line(self):
        refused(
            run("rewrite", "tests.answers.models:Nope"),
            "tests.answers.models:Nope: error: module 'tests.answers.models' has no attribute 'Nope'",
        )

    def test_restore_takes_the_schema_as_module_attribute(self, tmp_path):
        (tmp_path / "bad.json").write_text(
            json.dumps(
                {
                    "name": "Ann",
                    "email": None,
                    "age": "old",
                    "home": {"street": "1 Main", "city": "Oslo", "postcode": None},
                    "work": None,
                }
            )
        )
        result = run("restore", "--schema", PERSON, str(tmp_path / "bad.json"))
        assert result.exit_code == 1 and "[/age]" in result.stderr and f"error(s) against {PERSON}" in result.stderr
        (tmp_path / "good.json").write_text(
            json.dumps(
                {
                    "name": "Ann",
                    "email": None,
                    "age": None,
                    "home": {"street": "1 Main", "city": "Oslo", "postcode": None},
                    "work": None,
                }
            )
        )
        result = run("restore", "--schema", PERSON, str(tmp_path / "good.json"))
        assert result.exit_code == 0, result.stderr
        assert json.loads(result.stdout) == {"name": "Ann", "home": {"street": "1 Main", "city": "Oslo"}}
