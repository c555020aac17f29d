"""``--refs DIR`` and the configuration's ``ref-roots`` on lint, rewrite and restore: the same
bundle for each, exit codes kept, and a repository's configuration confined to its project."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tierone.cli import app

runner = CliRunner()


def run(*args: str):
    result = runner.invoke(app, list(args), catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project whose schema refers to a definition in a file beside it."""
    (tmp_path / "schemas").mkdir()
    (tmp_path / "schemas" / "main.json").write_text(
        json.dumps({"type": "object", "properties": {"id": {"$ref": "ids.json#/$defs/Id"}}, "required": ["id"]})
    )
    (tmp_path / "schemas" / "ids.json").write_text(json.dumps({"$defs": {"Id": {"type": "string", "maxLength": 3}}}))
    (tmp_path / "answer.json").write_text('{"id": "abcd"}')
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_lint_names_the_option_without_it_and_reads_the_file_with_it(project: Path):
    without = run("lint", "schemas/main.json", "--isolated")
    assert without.exit_code == 1 and "T502" in without.output and "--refs DIR" in without.output
    with_refs = run("lint", "schemas/main.json", "--isolated", "--refs", "schemas", "-p", "openai")
    assert with_refs.exit_code == 1 and "T502" not in with_refs.output
    assert "/x-tierone-files/ids/$defs/Id" in with_refs.output  # the file's maxLength, found where it stands


def test_rewrite_and_restore_agree_on_the_bundle(project: Path):
    written = run("rewrite", "schemas/main.json", "--isolated", "--refs", "schemas", "-p", "openai")
    assert written.exit_code == 0, written.output
    assert "x-tierone-files" not in written.stdout
    restored = run("restore", "answer.json", "--schema", "schemas/main.json", "--isolated", "--refs", "schemas")
    assert restored.exit_code == 1 and "[/id]" in restored.output  # the file's maxLength, enforced on read
    unread = run("restore", "answer.json", "--schema", "schemas/main.json", "--isolated")
    assert unread.exit_code == 2 and "--refs DIR" in unread.output


def test_a_folder_that_does_not_exist_is_exit_2(project: Path):
    for command in (("lint", "schemas/main.json"), ("rewrite", "schemas/main.json")):
        result = run(*command, "--isolated", "--refs", "nowhere")
        assert result.exit_code == 2 and "--refs 'nowhere' names no folder" in result.output


def test_configured_ref_roots_are_read_inside_the_project(project: Path):
    (project / "tierone.toml").write_text('ref-roots = ["schemas"]\nprofile = "openai"\n')
    assert "T502" not in run("lint", "schemas/main.json").output
    assert run("rewrite", "schemas/main.json").exit_code == 0


def test_configured_ref_roots_outside_the_project_are_refused(project: Path):
    (project / "tierone.toml").write_text('ref-roots = ["../.."]\n')
    result = run("lint", "schemas/main.json")
    assert result.exit_code == 2 and "ref-roots '../..' is not a folder inside" in result.output


def test_a_reference_out_of_the_folders_reads_nothing(project: Path):
    (project / "secret.json").write_text('{"description": "SECRET-CONTENT"}')
    (project / "schemas" / "leak.json").write_text('{"properties": {"a": {"$ref": "../secret.json"}}}')
    result = run("rewrite", "schemas/leak.json", "--isolated", "--refs", "schemas")
    assert result.exit_code == 2 and "outside the --refs folders" in result.output
    assert "SECRET" not in result.output
