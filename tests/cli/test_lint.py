"""`tierone lint`, `rules` and `rule` through the real CLI: exit codes, formats, bad input."""

from __future__ import annotations

import json
import os
import sys
from importlib import resources

import jsonschema
import pytest
from typer.testing import CliRunner

from tests.conftest import FIXTURES
from tests.sarif import assert_valid_sarif
from tierone.cli import app

CLI = FIXTURES / "cli"
runner = CliRunner()


@pytest.fixture(autouse=True)
def in_fixture_dir(monkeypatch):
    """Run from the fixture folder so that report paths are short and stable."""
    monkeypatch.chdir(CLI)
    monkeypatch.delenv("NO_COLOR", raising=False)


def run(*args: str, input: str | None = None):
    result = runner.invoke(app, list(args), input=input, catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


class TestExitCodes:
    def test_clean_is_0(self):
        result = run("lint", "--isolated", "clean.schema.json")
        assert result.exit_code == 0, result.output
        assert "All checks passed" in result.stdout

    def test_findings_is_1(self):
        assert run("lint", "--isolated", "messy.schema.json").exit_code == 1

    def test_unreadable_input_is_2_and_others_are_still_linted(self):
        result = run("lint", "--isolated", "broken.schema.json", "missing.json", "messy.schema.json")
        assert result.exit_code == 2
        assert "broken.schema.json:1:35: error: invalid JSON" in result.stderr
        assert "missing.json: error: no such file" in result.stderr
        assert "messy.schema.json:5:" in result.stdout

    def test_exit_zero(self):
        assert run("lint", "--isolated", "--exit-zero", "messy.schema.json").exit_code == 0

    @pytest.mark.parametrize(
        "args, message",
        [
            (["--select", "T9"], "unknown rule selector"),
            (["--profile", "nope"], "unknown profile"),
        ],
    )
    def test_bad_options_are_2(self, args, message):
        result = run("lint", "--isolated", *args, "clean.schema.json")
        assert result.exit_code == 2 and message in result.stderr


class TestReports:
    def test_text(self, snapshot):
        assert run("lint", "--isolated", "messy.schema.json", "messy.schema.yaml").stdout == snapshot

    def test_json_matches_its_shipped_schema(self, json_snapshot):
        result = run("lint", "--isolated", "--format", "json", "messy.schema.json", "broken.schema.json")
        report = json.loads(result.stdout)
        schema = json.loads(resources.files("tierone.linter").joinpath("report.schema.json").read_text())
        jsonschema.Draft202012Validator(schema).validate(report)
        assert report["summary"]["exitCode"] == result.exit_code == 2
        report["tool"]["version"] = "<version>"
        assert report == json_snapshot

    def test_sarif(self, json_snapshot):
        report = json.loads(run("lint", "--isolated", "--format", "sarif", "messy.schema.json").stdout)
        assert_valid_sarif(report)
        report["runs"][0]["tool"]["driver"]["version"] = "<version>"
        assert report == json_snapshot

    def test_github(self):
        out = run("lint", "--isolated", "--format", "github", "messy.schema.yaml").stdout
        lines = out.splitlines()
        assert lines[0].startswith("::error file=messy.schema.yaml,line=2,col=1,title=tierone T102 (open-object)::")
        assert "::error file=messy.schema.yaml,line=6,col=5,title=tierone T302 (string-pattern)::" in out

    def test_statistics(self, snapshot):
        assert run("lint", "--isolated", "--statistics", "messy.schema.json").stdout == snapshot

    def test_quiet_has_no_summary(self):
        out = run("lint", "--isolated", "-q", "messy.schema.json").stdout
        assert "Found" not in out and out.count("\n") > 5

    def test_output_file(self, tmp_path):
        target = tmp_path / "report.sarif"
        result = run("lint", "--isolated", "--format", "sarif", "-o", str(target), "messy.schema.json")
        assert result.exit_code == 1 and result.stdout == ""
        assert json.loads(target.read_text())["version"] == "2.1.0"


class TestSelection:
    def test_select_prefix_and_ignore_code(self):
        out = run("lint", "--isolated", "--select", "T3", "--ignore", "T303", "-q", "messy.schema.json").stdout
        codes = {line.split(": ")[1].split()[0] for line in out.splitlines()}
        assert codes == {"T301", "T304", "T309"}

    def test_more_specific_select_beats_ignore(self):
        out = run("lint", "--isolated", "--ignore", "T3", "--select", "T301", "-q", "messy.schema.json").stdout
        assert {line.split(": ")[1].split()[0] for line in out.splitlines()} == {"T301"}

    def test_rule_names_select_too(self):
        out = run("lint", "--isolated", "--select", "one-of", "-q", "messy.schema.json").stdout
        assert out.count("T201") == 1 and out.count("\n") == 1

    def test_profile_changes_the_verdict(self):
        out = run("lint", "--isolated", "--profile", "openai", "-q", "messy.schema.yaml").stdout
        assert "T302" not in out and "T306" not in out  # OpenAI accepts pattern and multipleOf


class TestInputs:
    def test_stdin_json_and_yaml(self):
        result = run("lint", "--isolated", "-", input=(CLI / "clean.schema.json").read_text())
        assert result.exit_code == 0
        result = run("lint", "--isolated", "-", "--stdin-filename", "s.yaml", input="type: object\n")
        assert result.exit_code == 1 and result.stdout.startswith("s.yaml:1:1: T102")

    def test_directory_uses_include_patterns(self, tmp_path):
        (tmp_path / "a.schema.json").write_text('{"type": "object"}')
        (tmp_path / "notes.json").write_text("not json at all")
        (tmp_path / "sub").mkdir()
        (tmp_path / "sub" / "b.schema.yml").write_text("type: object\n")
        result = run("lint", "--isolated", str(tmp_path))
        assert result.exit_code == 1
        assert "a.schema.json" in result.stdout and "b.schema.yml" in result.stdout
        assert "notes.json" not in result.output

    def test_named_file_is_always_linted(self, tmp_path):
        (tmp_path / "notes.txt").write_text('{"type": "object"}')
        assert "notes.txt:1:1: T102" in run("lint", "--isolated", str(tmp_path / "notes.txt")).stdout

    def test_pydantic_model(self, tmp_path, monkeypatch):
        (tmp_path / "mymodels.py").write_text(
            "from pydantic import BaseModel\n\nclass Answer(BaseModel):\n    text: str\n    score: int | None = None\n"
        )
        monkeypatch.syspath_prepend(str(tmp_path))
        sys.modules.pop("mymodels", None)
        monkeypatch.chdir(tmp_path)
        out = run("lint", "--isolated", "-q", "mymodels:Answer").stdout
        assert "mymodels.py:3:1: T102" in out and "mymodels.py:5:5: T104" in out and "[/properties/score]" in out
        sarif = json.loads(run("lint", "--isolated", "--format", "sarif", "mymodels:Answer").stdout)
        assert_valid_sarif(sarif)
        uris = {
            loc["physicalLocation"]["artifactLocation"]["uri"]
            for result in sarif["runs"][0]["results"]
            for loc in result["locations"]
        }
        assert uris == {"mymodels.py"}

    def test_sarif_with_spaces_and_unreadable_input(self, tmp_path, monkeypatch):
        (tmp_path / "my schemas").mkdir()
        (tmp_path / "my schemas" / "a.schema.json").write_text('{"type": "object"}')
        (tmp_path / "broken.schema.json").write_text('{"type": ')
        monkeypatch.chdir(tmp_path)
        result = run("lint", "--isolated", "--format", "sarif", "my schemas", "broken.schema.json")
        assert result.exit_code == 2
        sarif = json.loads(result.stdout)
        assert_valid_sarif(sarif)
        [only] = sarif["runs"][0]["results"]
        assert only["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "my%20schemas/a.schema.json"
        [notification] = sarif["runs"][0]["invocations"][0]["toolExecutionNotifications"]
        assert "broken.schema.json" in json.dumps(notification)

    def test_bad_model_spec_is_2(self):
        result = run("lint", "--isolated", "no_such_module_xyz:Model")
        assert result.exit_code == 2 and "cannot import module" in result.stderr

    @pytest.mark.parametrize(
        "content, message",
        [
            (b"\xff\xfe\x00garbage", "not valid UTF-8"),
            (b"", "empty file"),
            (b"[1, 2]", "not a JSON Schema"),
            (("[" * 20000 + "]" * 20000).encode(), "nesting is deeper"),
            (('{"type":"object","properties":{"a":' * 20000 + "{}" + "}}" * 20000).encode(), "nesting is deeper"),
        ],
        ids=["binary", "empty", "array", "deep-array", "deep-schema"],
    )
    def test_bad_files_get_one_line_and_2(self, tmp_path, content, message):
        path = tmp_path / "bad.json"
        path.write_bytes(content)
        result = run("lint", "--isolated", str(path))
        assert result.exit_code == 2
        assert message in result.stderr and result.stderr.count("error:") == 1


class TestConfig:
    def test_pyproject_settings_and_cli_override(self, tmp_path, monkeypatch):
        (tmp_path / "pyproject.toml").write_text(
            '[tool.tierone]\nprofile = "openai"\nignore = ["T104"]\n'
            '[tool.tierone.per-file-ignores]\n"legacy/*" = ["T102"]\n'
        )
        (tmp_path / "legacy").mkdir()
        schema = '{"type": "object", "properties": {"a": {"type": "string"}}}'
        (tmp_path / "legacy" / "old.schema.json").write_text(schema)
        (tmp_path / "new.schema.json").write_text(schema)
        monkeypatch.chdir(tmp_path)
        out = run("lint", "-q", ".").stdout
        assert "new.schema.json:1:1: T102" in out and "old.schema.json" not in out and "T104" not in out
        assert "T104" in run("lint", "-q", "--isolated", ".").stdout

    def test_search_goes_past_a_pyproject_without_a_tierone_table(self, tmp_path, monkeypatch):
        (tmp_path / "pyproject.toml").write_text('[tool.tierone]\nignore = ["T102"]\n')
        inner = tmp_path / "pkg"
        inner.mkdir()
        (inner / "pyproject.toml").write_text("[tool.ruff]\nline-length = 100\n")
        (inner / "a.schema.json").write_text('{"type": "object"}')
        monkeypatch.chdir(inner)
        assert run("lint", "a.schema.json").exit_code == 0

    def test_unknown_key_is_2_with_file_and_key(self, tmp_path, monkeypatch):
        (tmp_path / "pyproject.toml").write_text('[tool.tierone]\nprofiel = "tier1"\n')
        monkeypatch.chdir(tmp_path)
        result = run("lint", "x.json")
        assert result.exit_code == 2 and "unknown key 'profiel'" in result.stderr and "pyproject.toml" in result.stderr


class TestRuleDocs:
    def test_rules_lists_every_rule(self):
        from tierone.subset.table import FEATURES

        out = run("rules").stdout
        assert out.count("\n") == len(FEATURES) and "T102  [*]  open-object" in out

    def test_rules_json_for_a_profile(self):
        rules = json.loads(run("rules", "--profile", "tier1-load-bearing", "--format", "json").stdout)
        # the load-bearing rows, and the rule about tierone's own directives (every profile has it)
        assert {r["code"] for r in rules} == {
            "T201",
            "T202",
            "T203",
            "T204",
            "T205",
            "T206",
            "T207",
            "T401",
            "T403",
            "T801",
        }

    def test_rule_page(self, snapshot):
        assert run("rule", "T102").stdout == snapshot
        assert run("rule", "open-object").stdout == run("rule", "t102").stdout

    def test_unknown_rule_is_2(self):
        assert run("rule", "T999").exit_code == 2


def test_version():
    assert run("--version").stdout.startswith("tierone ")


def test_python_dash_m(tmp_path):
    import subprocess

    result = subprocess.run(
        [sys.executable, "-m", "tierone", "lint", "--isolated", str(CLI / "clean.schema.json")],
        capture_output=True,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
        check=False,
    )
    assert result.returncode == 0, result.stderr


class TestTerminal:
    def test_colour_only_when_forced_or_on_a_terminal_and_never_with_no_color(self, monkeypatch):
        monkeypatch.setenv("FORCE_COLOR", "1")
        assert "\x1b[" in run("lint", "--isolated", "messy.schema.json").stdout
        monkeypatch.setenv("NO_COLOR", "1")
        assert "\x1b[" not in run("lint", "--isolated", "messy.schema.json").stdout
        monkeypatch.delenv("NO_COLOR")
        monkeypatch.delenv("FORCE_COLOR")
        assert "\x1b[" not in run("lint", "--isolated", "messy.schema.json").stdout

    def test_progress_on_a_terminal_and_colour_follows_the_stream(self, tmp_path):
        import subprocess

        for i in range(60):
            (tmp_path / f"s{i}.schema.json").write_text('{"type": "object"}')
        leader, follower = os.openpty()
        try:
            env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
            result = subprocess.run(
                [sys.executable, "-m", "tierone", "lint", "--isolated", str(tmp_path)],
                stdout=subprocess.PIPE,
                stderr=follower,
                env=env,
                timeout=120,
                check=False,
            )
            shown = os.read(leader, 65536).decode()
        finally:
            os.close(leader)
            os.close(follower)
        assert result.returncode == 1
        assert "\r25/60 files" in shown and "\r60/60 files" in shown  # progress on the terminal (stderr)
        assert b"T102" in result.stdout and b"\x1b[" not in result.stdout  # stdout is a pipe: no colour

    def test_no_progress_when_not_a_terminal(self, tmp_path):
        for i in range(60):
            (tmp_path / f"s{i}.schema.json").write_text(
                '{"type": "object", "properties": {}, "additionalProperties": false}'
            )
        result = run("lint", "--isolated", str(tmp_path))
        assert result.exit_code == 0 and "files" not in result.stderr
