"""ruff's option names on `tierone lint` (--extend-select, --extend-ignore and their config keys,
--output-format, --color), and the smaller items of issue 14: warnings yellow, `tierone rules`
cut at a sentence's end and in code order, `tierone rule` naming each vendor's limit, the
JSON-string hint of a map."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tierone import rewrite
from tierone.cli import app

SCHEMA = {"type": "object", "properties": {"a": {"type": "string", "minLength": 3, "x": 1}}}


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    (tmp_path / "s.schema.json").write_text(json.dumps(SCHEMA))
    return tmp_path


def run(*args: str, env: dict[str, str] | None = None):
    result = CliRunner().invoke(app, list(args), env=env, catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


def codes(result) -> set[str]:
    return {d["code"] for d in json.loads(result.stdout)["diagnostics"]}


class TestExtend:
    def test_extend_select_adds_to_select(self, here):
        assert codes(run("lint", "--isolated", "--format", "json", "--select", "T3", "s.schema.json")) == {"T301"}
        both = codes(
            run("lint", "--isolated", "--format", "json", "--select", "T3", "--extend-select", "T102", "s.schema.json")
        )
        assert both == {"T301", "T102"}

    def test_extend_ignore_adds_to_ignore(self, here):
        left = codes(
            run("lint", "--isolated", "--format", "json", "--ignore", "T3", "--extend-ignore", "T1", "s.schema.json")
        )
        assert left == {"T605"}

    def test_config_keys(self, here):
        (here / "pyproject.toml").write_text(
            '[tool.tierone]\nselect = ["T3"]\nextend-select = ["T1"]\nextend-ignore = ["T104"]\n'
        )
        assert codes(run("lint", "--format", "json", "s.schema.json")) == {"T301", "T102"}
        assert codes(run("lint", "--format", "json", "--extend-select", "T605", "s.schema.json")) == {
            "T301",
            "T102",
            "T605",
        }
        # --select replaces the configured selection, its extend-select included (ruff's layering)
        assert codes(run("lint", "--format", "json", "--select", "T605", "s.schema.json")) == {"T605"}

    def test_a_bad_config_value_is_one_line_and_2(self, here):
        (here / "pyproject.toml").write_text("[tool.tierone]\nextend-select = 3\n")
        result = run("lint", "s.schema.json")
        assert result.exit_code == 2 and "extend-select must be a string or a list of strings" in result.stderr


def test_output_format_is_the_name_of_format(here):
    ours = run("lint", "--isolated", "--output-format", "json", "s.schema.json")
    assert ours.exit_code == 1 and json.loads(ours.stdout) == json.loads(
        run("lint", "--isolated", "--format", "json", "s.schema.json").stdout
    )


class TestColor:
    def test_always_wins_over_no_color_and_never_over_force_color(self, here):
        painted = run("lint", "--isolated", "--color", "always", "s.schema.json", env={"NO_COLOR": "1"}).stdout
        assert "\x1b[" in painted
        plain = run("lint", "--isolated", "--color", "never", "s.schema.json", env={"FORCE_COLOR": "1"}).stdout
        assert "\x1b[" not in plain
        # auto (the default) keeps the environment's rules
        assert "\x1b[" in run("lint", "--isolated", "--color", "auto", "s.schema.json", env={"FORCE_COLOR": "1"}).stdout
        assert "\x1b[" not in run("lint", "--isolated", "s.schema.json").stdout  # not a terminal
        assert run("lint", "--isolated", "--color", "sometimes", "s.schema.json").exit_code == 2

    def test_warnings_are_yellow_errors_red(self, here):
        out = run("lint", "--isolated", "--color", "always", "s.schema.json").stdout
        (unknown,) = [line for line in out.splitlines() if "T605" in line]  # a warning: partial cells
        (length,) = [line for line in out.splitlines() if "T301" in line]
        assert "\x1b[1;33mT605" in unknown and "\x1b[1;31mT301" in length


class TestRules:
    def test_descriptions_are_cut_at_a_sentence_end_not_at_i_e(self):
        out = run("rules").stdout
        (t103,) = [line for line in out.splitlines() if line.startswith("T103")]
        assert t103.endswith("i.e. a map with arbitrary keys")

    def test_rules_are_listed_in_code_order(self):
        listed = [line.split()[0] for line in run("rules").stdout.splitlines()]
        assert listed == sorted(listed) and listed.index("T605") < listed.index("T607")

    def test_rule_names_each_vendor_s_limit(self):
        out = run("rule", "T402").stdout
        assert "none outright" not in out and "Rejected by: openai above 10 (10 levels" in out

    def test_the_suppression_rule_is_listed_for_every_profile(self):
        assert "T801" in run("rules", "--profile", "openai").stdout


def test_the_json_string_hint_of_a_map_says_what_it_holds():
    schema = {
        "type": "object",
        "properties": {
            "counts": {"type": "object", "additionalProperties": {"type": "integer"}},
            "lists": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}},
            "free": {"type": "object"},
        },
    }
    done = rewrite(schema).schema["properties"]
    assert done["counts"]["description"] == "An object of string → integer, JSON-encoded (a string holding JSON)."
    assert done["lists"]["description"].startswith("An object of string → array of string, JSON-encoded")
    assert done["free"]["description"] == "A JSON-encoded value (a string holding JSON)."
