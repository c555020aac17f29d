"""The pre-commit hook works in a real `pre-commit run` on a sample repository."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import FIXTURES, ROOT

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def test_tierone_lint_hook_in_a_real_pre_commit_run(tmp_path):
    repo = tmp_path / "sample"
    repo.mkdir()
    _git(repo, "init", "-q")
    _git(repo, "config", "user.email", "t@example.com")
    _git(repo, "config", "user.name", "t")
    shutil.copy(FIXTURES / "cli" / "clean.schema.json", repo / "clean.schema.json")
    shutil.copy(FIXTURES / "cli" / "messy.schema.json", repo / "messy.schema.json")
    (repo / "notes.json").write_text("this is not a schema and not matched by the hook")
    _git(repo, "add", ".")
    env = {"PRE_COMMIT_HOME": str(tmp_path / "cache"), "PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin",
           "HOME": str(tmp_path)}
    run = subprocess.run(
        [sys.executable, "-m", "pre_commit", "try-repo", str(ROOT), "tierone-lint", "--all-files"],
        cwd=repo, capture_output=True, text=True, env=env, timeout=900, check=False,
    )
    output = run.stdout + run.stderr
    assert run.returncode == 1, output
    assert "tierone lint" in output and "Failed" in output
    assert "messy.schema.json:5:32: T301" in output
    assert "notes.json" not in output.split("tierone lint")[-1]

    (repo / "messy.schema.json").unlink()
    _git(repo, "add", "-A")
    run = subprocess.run(
        [sys.executable, "-m", "pre_commit", "try-repo", str(ROOT), "tierone-lint", "--all-files"],
        cwd=repo, capture_output=True, text=True, env=env, timeout=900, check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Passed" in run.stdout
