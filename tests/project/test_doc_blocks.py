"""Every code block of the README and docs/ that claims to run, runs: ``python`` blocks are
executed, ``pycon`` blocks are doctests, and ``console`` blocks are transcripts whose ``$``
commands print what is shown under them (``...`` stands for any lines). Blocks of other kinds
(``sh``, ``yaml``, ``json``, ...) show commands or files with placeholders and make no such
claim, nor does a ``python`` block holding one signature (docs/api.md's). docs/send-it.md runs against the vendor SDKs (tests/answers/test_send_it*.py), and the
README's console tour from a fresh install (tests/project/test_e2e.py, slow)."""

from __future__ import annotations

import doctest
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT, clean_env

from .test_e2e import matches, transcripts

BLOCK = re.compile(r"^```(\w+)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
#: a ``python`` block that is one signature (docs/api.md's headings) declares, it does not run
SIGNATURE = re.compile(r"[\w.]+\(.*\)(?: -> .+)?\n")
#: pages whose blocks other tests run (see the module's docstring)
ELSEWHERE = {"send-it.md"}
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def blocks(kind: str, pages: list[Path] = PAGES) -> list[tuple[str, str]]:
    found = []
    for page in pages:
        if page.name in ELSEWHERE:
            continue
        for number, match in enumerate(BLOCK.finditer(page.read_text(encoding="utf-8"))):
            if match.group(1) == kind and not (kind == "python" and SIGNATURE.fullmatch(match.group(2))):
                found.append((f"{page.name}#{number}", match.group(2)))
    return found


@pytest.fixture
def examples(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working directory holding a copy of the checkout's examples (blocks may write there)."""
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_pages_hold_blocks_of_each_kind_that_runs():
    assert blocks("python") and blocks("pycon") and blocks("console", PAGES[1:])


@pytest.mark.parametrize(("where", "code"), blocks("python"), ids=lambda v: v if "#" in str(v) else "")
def test_python_blocks_run(where, code, examples):
    exec(compile(code, where, "exec", dont_inherit=True), {"__name__": "docs"})  # noqa: S102 (the page's own code)


@pytest.mark.parametrize(("where", "code"), blocks("pycon"), ids=lambda v: v if "#" in str(v) else "")
def test_pycon_blocks_are_doctests_that_pass(where, code, examples):
    import tierone
    from tierone import capabilities, envelopes

    names = {"tierone": tierone}  # a docstring's example runs among its module's names: the API's
    for module in (capabilities, envelopes, tierone):
        names.update({name: getattr(module, name) for name in module.__all__})
    test = doctest.DocTestParser().get_doctest(code, names, where, where, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    result = runner.run(test)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize(("where", "code"), blocks("console", PAGES[1:]), ids=lambda v: v if "#" in str(v) else "")
def test_console_blocks_print_what_they_show(where, code, examples):
    env = clean_env(PATH=f"{Path(sys.executable).parent}{os.pathsep}/usr/bin:/bin", NO_COLOR="1", COLUMNS="200")
    for command, shown in transcripts(f"```console\n{code}```"):
        result = subprocess.run(
            ["bash", "-c", command], cwd=examples, capture_output=True, text=True, env=env, timeout=120, check=False
        )
        actual = (result.stdout + result.stderr).rstrip("\n").splitlines()
        assert result.returncode in (0, 1), f"$ {command}\n{result.stderr}"
        assert matches(shown, actual), (
            f"$ {command}\n{where} shows:\n" + "\n".join(shown) + "\nbut it prints:\n" + "\n".join(actual)
        )
