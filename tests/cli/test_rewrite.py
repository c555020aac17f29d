"""`tierone rewrite`, `tierone restore` and `tierone lint --fix` through the real CLI."""

from __future__ import annotations

import json
import shutil

import pytest
from typer.testing import CliRunner

from tests.conftest import FIXTURES
from tierone.cli import app

CLI = FIXTURES / "cli"
EXAMPLES = FIXTURES.parent.parent / "examples" / "schemas"
runner = CliRunner()


def run(*args: str, input: str | None = None):
    result = runner.invoke(app, list(args), input=input, catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


@pytest.fixture
def ticket(tmp_path):
    path = tmp_path / "ticket.schema.yaml"
    shutil.copy(EXAMPLES / "ticket.schema.yaml", path)
    return path


class TestRewrite:
    def test_json_to_stdout_keeps_indentation(self, tmp_path, json_snapshot):
        path = tmp_path / "four.schema.json"
        path.write_text(
            json.dumps({"type": "object", "properties": {"a": {"type": "string", "maxLength": 3}}}, indent=4) + "\n"
        )
        result = run("rewrite", str(path))
        assert result.exit_code == 0
        assert result.stdout.startswith('{\n    "type": "object"')
        assert json.loads(result.stdout) == json_snapshot

    def test_yaml_keeps_comments(self, ticket, snapshot):
        result = run("rewrite", str(ticket))
        assert result.exit_code == 0
        assert result.stdout.startswith("# A typical hand-written schema")
        assert result.stdout == snapshot

    def test_unfixable_exits_1_names_pointers_and_writes_nothing(self, tmp_path):
        target = tmp_path / "out.json"
        result = run("rewrite", str(CLI / "messy.schema.json"), "--unroll", "0", "-o", str(target))
        assert result.exit_code == 1
        assert (
            "T501 cannot be made compliant" in result.stderr
            and "[/$defs/Cat/properties/kittens/items]" in result.stderr
        )
        assert not target.exists() and result.stdout == ""

    def test_output_file_then_check_is_current(self, ticket, tmp_path):
        target = tmp_path / "strict.schema.yaml"
        assert run("rewrite", str(ticket), "-o", str(target)).exit_code == 0
        assert run("rewrite", str(ticket), "-o", str(target), "--check").exit_code == 0
        target.write_text(target.read_text() + "# edited by hand\n")
        result = run("rewrite", str(ticket), "-o", str(target), "--check")
        assert result.exit_code == 1 and "would rewrite" in result.stderr

    def test_diff(self, ticket):
        result = run("rewrite", str(ticket), "--diff")
        assert result.exit_code == 1
        assert "+additionalProperties: false" in result.stdout and ticket.read_text().startswith("# A typical")

    def test_in_place_and_idempotent(self, ticket):
        assert run("rewrite", "--in-place", str(ticket)).exit_code == 0
        once = ticket.read_text()
        assert run("rewrite", "--in-place", str(ticket)).exit_code == 0
        assert ticket.read_text() == once
        assert run("rewrite", "--check", str(ticket)).exit_code == 0
        assert run("lint", "--isolated", str(ticket)).exit_code == 0

    def test_in_place_failure_leaves_the_input_untouched(self, tmp_path):
        path = tmp_path / "messy.schema.json"
        shutil.copy(CLI / "messy.schema.json", path)
        before = path.read_bytes()
        assert run("rewrite", "--unroll", "0", "--in-place", str(path)).exit_code == 1
        assert path.read_bytes() == before
        assert [p.name for p in tmp_path.iterdir()] == ["messy.schema.json"]

    def test_stdin_and_profile(self):
        schema = json.dumps({"type": "object", "properties": {"u": {"type": "string", "format": "email"}}})
        out = json.loads(run("rewrite", "-", "--profile", "anthropic", input=schema).stdout)
        assert out["properties"]["u"] == {"type": "string", "format": "email"}
        assert "propertyOrdering" not in out

    def test_no_input_on_a_terminal_says_what_to_do_instead_of_waiting(self):
        import os
        import subprocess
        import sys

        leader, follower = os.openpty()
        try:
            result = subprocess.run(
                [sys.executable, "-m", "tierone", "rewrite"],
                stdin=follower,
                capture_output=True,
                text=True,
                timeout=60,
                check=False,
            )
        finally:
            os.close(leader)
            os.close(follower)
        assert result.returncode == 2
        assert result.stderr.strip() == (
            "tierone: error: no input: name the schema files to rewrite, or pipe one in (`-` reads stdin)"
        )

    def test_open_objects_error(self, ticket):
        result = run("rewrite", str(ticket), "--open-objects", "error")
        assert result.exit_code == 1 and "[/properties/metadata]" in result.stderr

    @pytest.mark.parametrize("content", [b'{"type": ', b"\xff\xfe", b""], ids=["broken", "binary", "empty"])
    def test_bad_input_is_2(self, tmp_path, content):
        path = tmp_path / "bad.json"
        path.write_bytes(content)
        result = run("rewrite", "--in-place", str(path))
        assert result.exit_code == 2 and result.stderr.count("error:") == 1
        assert path.read_bytes() == content


class TestRestore:
    def test_valid_payload(self, tmp_path):
        payload = tmp_path / "answer.json"
        payload.write_text(
            json.dumps({"title": "Bug", "priority": None, "labels": ["a"], "assignee": None, "metadata": '{"k": 1}'})
        )
        result = run("restore", "--schema", str(EXAMPLES / "ticket.schema.yaml"), str(payload))
        assert result.exit_code == 0
        assert json.loads(result.stdout) == {"title": "Bug", "labels": ["a"], "metadata": {"k": 1}}

    def test_invalid_payload_lists_pointers(self):
        answer = json.dumps({"title": "x", "priority": "urgent", "labels": None, "assignee": None, "metadata": None})
        result = run("restore", "--schema", str(EXAMPLES / "ticket.schema.yaml"), "-", input=answer)
        assert result.exit_code == 1
        assert "[/priority]" in result.stderr and "[/title]" in result.stderr

    def test_json_format(self):
        result = run(
            "restore", "-s", str(EXAMPLES / "ticket.schema.yaml"), "--format", "json", "-", input='{"title": "abc"}'
        )
        report = json.loads(result.stdout)
        assert report == {"valid": True, "payload": {"title": "abc"}, "errors": []}

    def test_payload_not_json_is_2(self):
        result = run("restore", "-s", str(EXAMPLES / "ticket.schema.yaml"), "-", input="{nope")
        assert result.exit_code == 2 and "invalid" in result.stderr


class TestLintFix:
    def test_fix_rewrites_and_reports_what_is_left(self, ticket, tmp_path):
        messy = tmp_path / "messy.schema.json"
        shutil.copy(CLI / "messy.schema.json", messy)
        before = ticket.read_bytes(), messy.read_bytes()
        result = run("lint", "--isolated", "--fix", str(tmp_path))
        assert "Fixed 2 files." in result.stderr
        assert result.exit_code == 0, result.stdout  # the recursion unrolled, the level past it encoded
        assert "T501" not in result.stdout and "T104" not in result.stdout
        rendition = json.loads((tmp_path / "messy.schema.strict.json").read_text())
        assert set(rendition["$defs"]) == {"Cat"}  # tier1's depth limit encodes the recursion at its first level
        assert "JSON-encoded" in json.dumps(rendition)
        assert (ticket.read_bytes(), messy.read_bytes()) == before  # the sources are never changed
        assert run("lint", "--isolated", str(tmp_path / "ticket.schema.strict.yaml")).exit_code == 0


class TestOneRenditionPerProfile:
    """``-p`` repeated: one rendition per profile, where ``-o`` names with ``{profile}``."""

    PROFILES = ("openai", "anthropic", "gemini", "gemini-openapi", "vendors")

    def test_each_profile_gets_its_file(self, tmp_path, ticket):
        args = [a for p in self.PROFILES for a in ("-p", p)]
        result = run("rewrite", str(ticket), *args, "-o", str(tmp_path / "out" / "{stem}.{profile}.json"))
        assert result.exit_code == 0, result.output
        for profile in self.PROFILES:
            written = json.loads((tmp_path / "out" / f"ticket.schema.{profile}.json").read_text())  # JSON: -o says so
            marker = written.pop("$comment", "")  # a rendition written with -o names its source
            assert marker.startswith("tierone: strict rendition of") or profile.startswith("gemini"), profile
            from ruamel.yaml import YAML

            alone = YAML(typ="safe").load(run("rewrite", str(ticket), "-p", profile).stdout)  # the source's YAML
            assert written == alone, profile
        assert "propertyOrdering" in (tmp_path / "out" / "ticket.schema.gemini.json").read_text()
        assert "propertyOrdering" not in (tmp_path / "out" / "ticket.schema.openai.json").read_text()

    def test_several_profiles_without_a_profile_in_the_name_is_an_error(self, tmp_path, ticket):
        for extra in (["-o", str(tmp_path / "x.json")], [], ["--in-place"]):
            result = run("rewrite", str(ticket), "-p", "openai", "-p", "anthropic", *extra)
            assert result.exit_code == 2, extra
            assert (
                result.stderr.startswith("tierone: error: several --profile renditions")
                and result.stderr.count("\n") == 1
            )
        assert list(tmp_path.iterdir()) == [ticket]

    def test_an_unknown_profile_writes_nothing(self, tmp_path, ticket):
        result = run("rewrite", str(ticket), "-p", "openai", "-p", "nope", "-o", str(tmp_path / "{profile}.json"))
        assert result.exit_code == 2 and result.stderr.startswith("tierone: error: unknown profile 'nope'")
        assert list(tmp_path.iterdir()) == [ticket]

    def test_the_output_name_says_the_format(self, tmp_path, ticket):
        """-o x.json from a YAML source writes JSON; -o x.yaml from a JSON source writes YAML."""
        assert run("rewrite", str(ticket), "-o", str(tmp_path / "t.json")).exit_code == 0
        as_json = json.loads((tmp_path / "t.json").read_text())
        assert as_json["$comment"].startswith("tierone: strict rendition of") and as_json["title"] == "Ticket"
        assert run("rewrite", str(tmp_path / "t.json"), "--id", "x", "-o", str(tmp_path / "t.yaml")).exit_code == 0
        from ruamel.yaml import YAML

        assert YAML(typ="safe").load((tmp_path / "t.yaml").read_text())["properties"] == as_json["properties"]

    def test_a_filled_in_name_that_is_the_input_is_refused(self, tmp_path, ticket):
        before = ticket.read_bytes()
        result = run("rewrite", str(ticket), "-o", str(tmp_path / "{stem}.yaml"))
        assert result.exit_code == 2 and "names the input" in result.stderr and ticket.read_bytes() == before

    def test_a_stem_lets_several_inputs_share_one_output_name(self, tmp_path, ticket):
        other = tmp_path / "other.json"
        other.write_text(json.dumps({"type": "object", "properties": {"a": {"type": "string"}}}))
        result = run("rewrite", str(ticket), str(other), "-o", str(tmp_path / "o" / "{stem}.strict.json"))
        assert result.exit_code == 0, result.output
        assert sorted(p.name for p in (tmp_path / "o").iterdir()) == ["other.strict.json", "ticket.schema.strict.json"]
