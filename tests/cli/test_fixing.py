"""Fixing that never loses meaning: `lint --fix` writes a strict rendition beside its source (the
source is never changed unless --in-place), renditions name their source, `restore --schema
RENDITION` reads the source or refuses, `rewrite --check` finds stale renditions, and `-o` never
overwrites an input."""

from __future__ import annotations

import json
import shutil

import pytest
from typer.testing import CliRunner

from tests.conftest import FIXTURES
from tierone.cli import app

EXAMPLES = FIXTURES.parent.parent / "examples"
ANSWER = EXAMPLES / "answers" / "ticket.answer.json"
runner = CliRunner()


def run(*args: str, input: str | None = None):
    result = runner.invoke(app, list(args), input=input, catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


def marker_of(schema):
    from tierone.core.renditions import marker_of as read

    return read(schema)


def _yaml(path):
    from ruamel.yaml import YAML

    return YAML(typ="safe").load(path.read_text())


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A directory with the example ticket schema, as the working directory."""
    shutil.copy(EXAMPLES / "schemas" / "ticket.schema.yaml", tmp_path / "ticket.schema.yaml")
    monkeypatch.chdir(tmp_path)
    return tmp_path


class TestFixWritesARendition:
    def test_the_rendition_goes_beside_the_source_which_is_unchanged(self, project):
        before = (project / "ticket.schema.yaml").read_bytes()
        result = run("lint", "--fix", ".")
        assert result.exit_code == 0, result.output
        assert (project / "ticket.schema.yaml").read_bytes() == before
        rendition = project / "ticket.schema.strict.yaml"
        assert "ticket.schema.yaml: wrote its strict rendition ticket.schema.strict.yaml" in result.stderr
        marker = marker_of(_yaml(rendition))
        assert marker is not None and marker.source == "ticket.schema.yaml" and marker.profile == "tier1"
        assert "All checks passed! (1 file" in result.stdout  # the report is on the rendition

    def test_a_rendition_is_not_linted_or_fixed_again(self, project):
        (project / "pyproject.toml").write_text('[tool.tierone]\ninclude = ["*.yaml"]\n')
        assert run("lint", "--fix", ".").exit_code == 0
        result = run("lint", ".")
        assert "ticket.schema.strict.yaml" not in result.stdout  # found in the directory: not a source
        assert "in 1 of 1 file" in result.stdout
        run("lint", "--fix", ".")
        assert sorted(p.name for p in project.iterdir()) == [
            "pyproject.toml",
            "ticket.schema.strict.yaml",
            "ticket.schema.yaml",
        ]

    def test_an_unmarked_rendition_is_known_by_its_name(self, project):
        (project / "pyproject.toml").write_text('[tool.tierone]\ninclude = ["*.yaml"]\nprofile = "gemini"\n')
        assert run("lint", "--fix", ".").exit_code == 0
        rendition = project / "ticket.schema.strict.yaml"
        assert marker_of(_yaml(rendition)) is None  # Gemini's responseSchema rejects an unknown $comment
        result = run("lint", ".")
        assert "ticket.schema.strict.yaml" not in result.stdout and "in 1 of 1 file" in result.stdout
        run("lint", "--fix", ".")
        assert not (project / "ticket.schema.strict.strict.yaml").exists()

    def test_fix_output_pattern_with_profile(self, project):
        (project / "pyproject.toml").write_text('[tool.tierone]\nfix-output = "strict/{stem}.{profile}{suffix}"\n')
        (project / "strict").mkdir()
        assert run("lint", "--fix", "-p", "openai", "ticket.schema.yaml").exit_code == 0
        rendition = project / "strict" / "ticket.schema.openai.yaml"
        assert marker_of(_yaml(rendition)).source == "../ticket.schema.yaml"
        restored = run("restore", "--schema", str(rendition), str(ANSWER))
        assert restored.exit_code == 0, restored.output

    @pytest.mark.parametrize(
        "pattern, said",
        [("{name}.json", "names {name}"), ("fixed.json", "must use {stem}"), ("/tmp/{stem}", "must be relative")],
    )
    def test_a_bad_fix_output_is_one_line(self, project, pattern, said):
        (project / "pyproject.toml").write_text(f'[tool.tierone]\nfix-output = "{pattern}"\n')
        result = run("lint", "--fix", ".")
        assert result.exit_code == 2 and said in result.stderr and len(result.stderr.splitlines()) == 1

    def test_in_place_replaces_the_source_and_says_restore_needs_the_original(self, project):
        result = run("lint", "--fix", "--in-place", ".")
        assert result.exit_code == 0
        lines = [line for line in result.stderr.splitlines() if "restore" in line]
        assert len(lines) == 1 and "pre-fix schema" in lines[0]
        assert [p.name for p in project.iterdir()] == ["ticket.schema.yaml"]
        restored = run("restore", "--schema", "ticket.schema.yaml", str(ANSWER))
        assert restored.exit_code == 2 and "pre-fix schema" in restored.stderr
        assert restored.stdout == ""
        assert "All checks passed! (1 file" in run("lint", ".").stdout  # its only copy: still linted
        assert run("rewrite", "--check", ".").exit_code == 0  # nothing to compare it with
        assert run("rewrite", "--check", "ticket.schema.yaml").exit_code == 0  # it is its own rewrite

    def test_in_place_needs_fix(self, project):
        result = run("lint", "--in-place", ".")
        assert result.exit_code == 2 and "--in-place goes with --fix" in result.stderr

    def test_a_model_or_stdin_is_said_to_get_no_file(self, project):
        result = run("lint", "--fix", "-", input='{"type": "object"}')
        assert "-: note: --fix writes no file for stdin" in result.stderr


class TestRestoreAgainstARendition:
    def test_it_reads_the_source(self, project):
        run("lint", "--fix", ".")
        direct = run("restore", "--schema", "ticket.schema.yaml", str(ANSWER))
        through = run("restore", "--schema", "ticket.schema.strict.yaml", str(ANSWER))
        assert through.exit_code == direct.exit_code == 0
        assert through.stdout == direct.stdout and "priority" not in json.loads(through.stdout)

    def test_a_changed_source_makes_it_stale(self, project):
        run("lint", "--fix", ".")
        with (project / "ticket.schema.yaml").open("a") as handle:
            handle.write("description: changed\n")
        result = run("restore", "--schema", "ticket.schema.strict.yaml", str(ANSWER))
        assert result.exit_code == 2 and result.stdout == ""
        assert result.stderr.count("\n") == 1 and "stale" in result.stderr

    def test_a_missing_source(self, project):
        run("lint", "--fix", ".")
        (project / "ticket.schema.yaml").unlink()
        result = run("restore", "--schema", "ticket.schema.strict.yaml", str(ANSWER))
        assert result.exit_code == 2 and "which does not exist" in result.stderr and result.stdout == ""

    def test_an_unmarked_rendition_that_looks_strict_is_refused(self, project):
        strict = run("rewrite", "ticket.schema.yaml").stdout  # stdout: no file, so no marker
        (project / "copy.yaml").write_text(strict)
        result = run("restore", "--schema", "copy.yaml", str(ANSWER))
        assert result.exit_code == 2 and "looks like a strict rendition" in result.stderr

    def test_an_unmarked_rendition_found_by_name(self, project):
        (project / "pyproject.toml").write_text('[tool.tierone]\nprofile = "gemini"\n')
        run("lint", "--fix", ".")
        assert run("restore", "--schema", "ticket.schema.strict.yaml", str(ANSWER)).exit_code == 0
        with (project / "ticket.schema.yaml").open("a") as handle:
            handle.write("description: changed\n")
        result = run("restore", "--schema", "ticket.schema.strict.yaml", str(ANSWER))
        assert result.exit_code == 2 and "is not its rewrite" in result.stderr


class TestRewriteRenditions:
    @pytest.mark.parametrize("profile", ["gemini", "gemini-openapi"])
    def test_a_gemini_rendition_carries_no_marker_and_google_genai_takes_it(self, project, profile):
        from google.genai import types

        for args in (
            ["rewrite", "-p", profile, "ticket.schema.yaml", "-o", "out.json"],
            ["lint", "--fix", "-p", profile, "ticket.schema.yaml"],
        ):
            assert run(*args).exit_code in (0, 1), args
        for written in ("out.json", "ticket.schema.strict.yaml"):
            schema = _yaml(project / written)
            assert "$comment" not in schema, written
            if profile == "gemini-openapi":  # its own type: a field it does not know is refused
                types.Schema.model_validate(schema)
        with pytest.raises(ValueError, match="comment"):
            types.Schema.model_validate({"$comment": "tierone: strict rendition", **_yaml(project / "out.json")})

    def test_o_writes_a_marked_rendition_and_check_finds_it_stale(self, project):
        assert run("rewrite", "ticket.schema.yaml", "-o", "out.yaml").exit_code == 0
        assert marker_of(_yaml(project / "out.yaml")).source == "ticket.schema.yaml"
        assert run("rewrite", "--check", "out.yaml").exit_code == 0
        assert run("rewrite", "--check", ".").exit_code == 0
        with (project / "ticket.schema.yaml").open("a") as handle:
            handle.write("description: changed\n")
        result = run("rewrite", "--check", "out.yaml")
        assert result.exit_code == 1
        assert "+description: changed" in result.stdout and result.stdout.startswith("--- out.yaml")
        assert "out.yaml: stale" in result.stderr

    def test_a_rewrite_with_its_own_id_is_not_marked(self, project):
        assert run("rewrite", "ticket.schema.yaml", "--id", "https://example.com/t", "-o", "out.yaml").exit_code == 0
        assert marker_of(_yaml(project / "out.yaml")) is None
        assert (
            run("rewrite", "ticket.schema.yaml", "--id", "https://example.com/t", "-o", "out.yaml", "--check").exit_code
            == 0
        )

    def test_o_naming_an_input_never_overwrites_it(self, project):
        before = (project / "ticket.schema.yaml").read_bytes()
        result = run("rewrite", "ticket.schema.yaml", "-o", "./ticket.schema.yaml")
        assert result.exit_code == 2 and "refusing to overwrite" in result.stderr
        assert (project / "ticket.schema.yaml").read_bytes() == before


class TestOneConfiguration:
    def test_rewrite_honours_the_profile_and_the_command_line_wins(self, project):
        (project / "pyproject.toml").write_text('[tool.tierone]\nprofile = "anthropic"\nhints = false\n')
        configured = _load(run("rewrite", "ticket.schema.yaml").stdout)
        every = lambda schema: schema.get("required") == list(schema["properties"])
        assert not every(configured)  # anthropic keeps optional fields optional; tier1 requires each
        assert "description" not in configured["properties"]["title"]  # hints = false
        chosen = _load(run("rewrite", "-p", "tier1", "--hints", "ticket.schema.yaml").stdout)
        assert every(chosen) and "description" in chosen["properties"]["title"]
        isolated = _load(run("rewrite", "--isolated", "ticket.schema.yaml").stdout)
        assert every(isolated)

    def test_a_configured_profile_list_gives_one_rendition_each(self, project):
        (project / "pyproject.toml").write_text('[tool.tierone]\nprofile = ["openai", "anthropic"]\n')
        result = run("rewrite", "ticket.schema.yaml", "-o", "out/{stem}.{profile}.json")
        assert result.exit_code == 0, result.output
        assert sorted(p.name for p in (project / "out").iterdir()) == [
            "ticket.schema.anthropic.json",
            "ticket.schema.openai.json",
        ]
        alone = run("rewrite", "ticket.schema.yaml")
        assert alone.exit_code == 2 and "several --profile renditions need -o with {profile}" in alone.stderr
        assert run("rewrite", "-p", "openai", "ticket.schema.yaml").exit_code == 0  # -p chooses
        linted = run("lint", "ticket.schema.yaml")
        assert linted.exit_code == 2 and "pass -p" in linted.stderr  # lint takes one profile

    def test_open_objects_in_config(self, project):
        (project / "pyproject.toml").write_text('[tool.tierone]\nopen-objects = "error"\n')
        result = run("rewrite", "ticket.schema.yaml")
        assert result.exit_code == 1 and "[/properties/metadata]" in result.stderr
        assert run("rewrite", "--open-objects", "encode", "ticket.schema.yaml").exit_code == 0

    @pytest.mark.parametrize(
        "name, text",
        [
            ("tierone.toml", 'profile = "anthropic"\n'),
            ("other.toml", 'profile = "anthropic"\n'),
            ("pyproject.toml", '[tool.tierone]\nprofile = "anthropic"\n'),
        ],
    )
    def test_config_names_a_file(self, project, name, text):
        (project / "conf").mkdir()
        (project / "conf" / name).write_text(text)
        result = run("rewrite", "--config", f"conf/{name}", "ticket.schema.yaml")
        assert "propertyOrdering" not in _load(result.stdout)
        assert run("lint", "--config", f"conf/{name}", "ticket.schema.yaml").stdout.count("(profile anthropic).") == 1

    def test_a_tierone_toml_is_found_before_pyproject(self, project):
        (project / "pyproject.toml").write_text('[tool.tierone]\nprofile = "gemini"\n')
        (project / ".tierone.toml").write_text('profile = "anthropic"\n')
        assert "(profile anthropic)" in run("lint", ".").stdout

    @pytest.mark.parametrize(
        "text, said",
        [
            ('hints = "no"', "hints must be true or false"),
            ('open-objects = "keep"', "open-objects must be one of"),
            ('profile = ["openai", "nope"]', "profile 'nope' is not one of"),
            ("profile = []", "at least one profile"),
        ],
    )
    def test_bad_keys_are_one_line(self, project, text, said):
        (project / "pyproject.toml").write_text(f"[tool.tierone]\n{text}\n")
        for command in (
            ["rewrite", "ticket.schema.yaml"],
            ["lint", "."],
            ["restore", "-s", "ticket.schema.yaml", str(ANSWER)],
        ):
            result = run(*command)
            assert result.exit_code == 2 and said in result.stderr, command
            assert len(result.stderr.splitlines()) == 1

    def test_lint_takes_one_profile(self, project):
        (project / "pyproject.toml").write_text('[tool.tierone]\nprofile = ["openai", "gemini"]\n')
        result = run("lint", ".")
        assert result.exit_code == 2 and "lint takes one profile" in result.stderr and "pass -p" in result.stderr
        assert run("lint", "-p", "openai", ".").stdout.count("(profile openai).") == 1

    def test_a_one_element_list_is_the_profile(self, project):
        (project / "pyproject.toml").write_text('[tool.tierone]\nprofile = ["openai"]\n')
        assert run("lint", ".").stdout.count("(profile openai).") == 1

    def test_config_and_isolated_exclude_each_other(self, project):
        (project / "tierone.toml").write_text("")
        result = run("rewrite", "--config", "tierone.toml", "--isolated", "ticket.schema.yaml")
        assert result.exit_code == 2 and "exclude each other" in result.stderr

    def test_config_naming_nothing(self, project):
        result = run("lint", "--config", "missing.toml", ".")
        assert result.exit_code == 2 and "missing.toml: --config names no file" in result.stderr


def _load(text: str):
    from ruamel.yaml import YAML

    return YAML(typ="safe").load(text)
