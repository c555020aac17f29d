"""One standard-input rule for every command: `-` reads stdin; no argument with stdin piped reads
stdin (lint as rewrite); no argument on a terminal (or /dev/null) lints the configured include
paths (lint) or says what to do (rewrite)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from tests.conftest import FIXTURES

MESSY = FIXTURES / "cli" / "messy.schema.json"
NO_INPUT = "tierone: error: no input: name the schema files to rewrite, or pipe one in (`-` reads stdin)"


def tierone(*args: str, cwd, stdin=None, input: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tierone", *args],
        cwd=cwd,
        stdin=stdin,
        input=input,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.fixture
def directory(tmp_path):
    shutil.copy(MESSY, tmp_path / "messy.schema.json")
    return tmp_path


def on_a_terminal(*args: str, cwd) -> subprocess.CompletedProcess[str]:
    leader, follower = os.openpty()
    try:
        return tierone(*args, cwd=cwd, stdin=follower)
    finally:
        os.close(leader)
        os.close(follower)


def test_lint_reads_piped_stdin_and_lints_the_directory_on_a_terminal_or_dev_null(directory):
    piped = tierone("lint", "--isolated", cwd=directory, input='{"type": "object", "properties": {}}')
    assert piped.returncode == 1, piped.stderr
    assert "messy.schema.json" not in piped.stdout
    assert piped.stdout.startswith("-:") and "T102" in piped.stdout
    terminal = on_a_terminal("lint", "--isolated", cwd=directory)
    assert terminal.returncode == 1 and "messy.schema.json:" in terminal.stdout
    with open(os.devnull) as null:
        ran = tierone("lint", "--isolated", cwd=directory, stdin=null)
    assert ran.returncode == 1 and "messy.schema.json:" in ran.stdout
    dash = tierone("lint", "--isolated", "-", "messy.schema.json", cwd=directory, input='{"type": "object"}')
    assert dash.stdout.startswith("-:") and "messy.schema.json:" in dash.stdout


def test_rewrite_reads_piped_stdin(directory):
    ran = tierone(
        "rewrite", "--isolated", cwd=directory, input='{"type": "object", "properties": {"a": {"type": "string"}}}'
    )
    assert ran.returncode == 0 and '"additionalProperties": false' in ran.stdout


def test_rewrite_without_input_on_a_terminal_or_dev_null_says_what_to_do(directory):
    terminal = on_a_terminal("rewrite", cwd=directory)
    with open(os.devnull) as null:
        devnull = tierone("rewrite", cwd=directory, stdin=null)
    for ran in (terminal, devnull):
        assert ran.returncode == 2 and ran.stderr.strip() == NO_INPUT
