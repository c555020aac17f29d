"""The README's set-up commands, run verbatim in a fresh copy of the checkout."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from tests.conftest import ROOT, clean_env, copy_checkout


def setup_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Set up", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.DOTALL)
    assert block, "the README has no set-up code block"
    commands = [line for line in block.group(1).splitlines() if line.strip()]
    assert len(commands) == 2, "the README promises two set-up commands"
    return commands


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_first_readme_command_installs_and_runs_the_main_job(tmp_path):
    install, tests = setup_commands()
    assert "pytest" in tests
    copy = copy_checkout(tmp_path / "checkout")
    result = subprocess.run(
        ["bash", "-c", install], cwd=copy, capture_output=True, text=True, env=clean_env(), timeout=1200, check=False
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-3000:]
    assert "All checks passed!" in output
    assert "additionalProperties: false" in output  # the rewritten ticket schema
    assert '"tierOneSubsetCompliance": "strict"' in output


def test_the_pre_commit_example_names_hooks_that_exist_at_a_rev_that_exists():
    """A `rev:` must be a tag the project has; without one, the hooks are `repo: local` copies of
    the shipped ones calling the installed tierone."""
    from ruamel.yaml import YAML

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"## pre-commit\n.*?```yaml\n(.*?)```", readme, re.DOTALL)
    assert block, "the README has no pre-commit example"
    config = YAML(typ="safe").load(block.group(1))
    shipped = {hook["id"]: hook for hook in YAML(typ="safe").load((ROOT / ".pre-commit-hooks.yaml").read_text())}
    tags = subprocess.run(["git", "tag"], cwd=ROOT, capture_output=True, text=True, check=False).stdout.split()
    for repo in config["repos"]:
        if repo["repo"] == "local":
            assert "rev" not in repo
            for hook in repo["hooks"]:
                assert hook["id"] in shipped, hook["id"]
                assert hook["entry"] == shipped[hook["id"]]["entry"] and hook["language"] == "system"
                assert hook.get("files") == shipped[hook["id"]].get("files")
        else:
            assert repo["rev"] in tags, f"rev {repo['rev']} is not a tag of this project ({tags or 'none'})"
            assert all(hook["id"] in shipped for hook in repo["hooks"])
    assert {hook["id"] for repo in config["repos"] for hook in repo["hooks"]} == set(shipped)


def test_ci_runs_the_readme_test_command_and_the_slow_set_it_names():
    _, tests = setup_commands()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert tests in ci, "CI does not run the README's test command verbatim"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    slow = re.search(r"`(\.venv/bin/python -m pytest -m slow)`", readme)
    assert slow and slow.group(1) in ci, "the README's slow-set command is not run by CI"
