"""The pre-commit hook works in a real `pre-commit run --all-files` on a sample repository whose
`.pre-commit-config.yaml` names this checkout (as a git repository at a fixed rev), as a user's would."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, ROOT, copy_checkout

pytestmark = [pytest.mark.slow, pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")]


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def _hook_repository(tmp_path: Path) -> tuple[Path, str]:
    """This checkout as a git repository (with uncommitted work), and its commit."""
    hooks = copy_checkout(tmp_path / "tierone")
    _git(hooks, "init", "-q")
    _git(hooks, "add", ".")
    _git(hooks, "-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-q", "-m", "hooks")
    rev = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=hooks, capture_output=True, text=True, check=True
    ).stdout.strip()
    return hooks, rev


def test_tierone_lint_hook_in_a_real_pre_commit_run(tmp_path):
    hooks, rev = _hook_repository(tmp_path)
    repo = tmp_path / "sample"
    repo.mkdir()
    _git(repo, "init", "-q")
    _git(repo, "config", "user.email", "t@example.com")
    _git(repo, "config", "user.name", "t")
    (repo / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {hooks.as_uri()}\n    rev: {rev}\n    hooks:\n      - id: tierone-lint\n"
    )
    shutil.copy(FIXTURES / "cli" / "clean.schema.json", repo / "clean.schema.json")
    shutil.copy(FIXTURES / "cli" / "messy.schema.json", repo / "messy.schema.json")
    (repo / "notes.json").write_text("this is not a schema and not matched by the hook")
    _git(repo, "add", ".")
    env = {
        "PRE_COMMIT_HOME": str(tmp_path / "cache"),
        "PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin",
        "HOME": str(tmp_path),
    }

    def pre_commit_run() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "pre_commit", "run", "--all-files"],
            cwd=repo,
            capture_output=True,
            text=True,
            env=env,
            timeout=900,
            check=False,
        )

    run = pre_commit_run()
    output = run.stdout + run.stderr
    assert run.returncode == 1, output
    assert "tierone lint" in output and "Failed" in output
    assert "messy.schema.json:5:32: T301" in output
    assert "notes.json" not in output.split("tierone lint")[-1]

    (repo / "messy.schema.json").unlink()
    _git(repo, "add", "-A")
    run = pre_commit_run()
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Passed" in run.stdout


def _local_hooks(**args: list[str]) -> str:
    """The shipped hooks (.pre-commit-hooks.yaml) as `repo: local` hooks that call the installed
    tierone (`language: system`): pre-commit then needs no network to build an environment."""
    from ruamel.yaml import YAML

    shipped = YAML(typ="safe").load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    hooks = []
    for hook in shipped:
        local = {**hook, "language": "system"}
        if hook["id"] in args:
            local["args"] = args[hook["id"]]
        hooks.append(local)
    import json

    return "repos:\n  - repo: local\n    hooks: " + json.dumps(hooks) + "\n"


def test_rewrite_check_hook_fails_on_a_stale_rendition_and_lint_fix_never_changes_the_source(tmp_path):
    repo = tmp_path / "sample"
    repo.mkdir()
    _git(repo, "init", "-q")
    _git(repo, "config", "user.email", "t@example.com")
    _git(repo, "config", "user.name", "t")
    (repo / ".pre-commit-config.yaml").write_text(_local_hooks(**{"tierone-lint": ["--fix"]}))
    source = repo / "ticket.schema.yaml"
    shutil.copy(ROOT / "examples" / "schemas" / "ticket.schema.yaml", source)
    rendition = repo / "ticket.schema.strict.yaml"
    env = {
        "PRE_COMMIT_HOME": str(tmp_path / "cache"),
        "PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin",
        "HOME": str(tmp_path),
    }

    def pre_commit_run(*hook: str) -> tuple[int, str]:
        ran = subprocess.run(
            [sys.executable, "-m", "pre_commit", "run", *hook, "--all-files"],
            cwd=repo,
            capture_output=True,
            text=True,
            env=env,
            timeout=900,
            check=False,
        )
        return ran.returncode, ran.stdout + ran.stderr

    subprocess.run(
        [sys.executable, "-m", "tierone", "lint", "--fix", "ticket.schema.yaml"],
        cwd=repo,
        check=True,
        capture_output=True,
    )
    _git(repo, "add", ".")
    code, output = pre_commit_run()
    assert code == 0, output  # a current rendition passes, and lint --fix finds nothing left
    assert output.count("Passed") == 2

    with source.open("a") as handle:
        handle.write("description: A ticket.\n")
    _git(repo, "add", ".")
    changed = source.read_bytes()
    code, output = pre_commit_run("tierone-rewrite-check")
    assert code == 1, output  # stale: the diff is shown
    assert "ticket.schema.strict.yaml: stale" in output and "+description: A ticket." in output

    code, output = pre_commit_run()
    assert source.read_bytes() == changed  # tierone-lint --fix wrote the rendition, never the source
    assert "description: A ticket." in rendition.read_text()
    _git(repo, "add", ".")
    code, output = pre_commit_run()
    assert code == 0, output
