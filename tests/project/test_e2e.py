"""A new user's first minutes: a fresh virtual environment, ``pip install .`` from a copy of the
checkout (not editable), then the README's tour run verbatim against what the README shows."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT, clean_env, copy_checkout
from tests.sarif import assert_valid_sarif

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

ELISION = "..."


def transcripts(markdown: str) -> list[tuple[str, list[str]]]:
    """``$ command`` lines of the ``console`` blocks, each with the output shown under it."""
    shown: list[tuple[str, list[str]]] = []
    for block in re.findall(r"```console\n(.*?)```", markdown, re.DOTALL):
        for line in block.splitlines():
            if line.startswith("$ "):
                shown.append((line[2:], []))
            elif shown and (line or shown[-1][1]):
                shown[-1][1].append(line)
    return [(command, _trimmed(output)) for command, output in shown]


def _trimmed(lines: list[str]) -> list[str]:
    while lines and not lines[-1]:
        lines = lines[:-1]
    return lines


def matches(shown: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` is ``shown`` where each ``...`` line stands for any lines (or none)."""
    segments: list[list[str]] = [[]]
    for line in shown:
        if line == ELISION:
            segments.append([])
        else:
            segments[-1].append(line)
    if len(segments) == 1:
        return shown == actual
    first, *middle, last = segments
    if actual[: len(first)] != first or (last and actual[len(actual) - len(last) :] != last):
        return False
    position = len(first)
    end = len(actual) - len(last)
    for segment in middle:
        while position + len(segment) <= end and actual[position : position + len(segment)] != segment:
            position += 1
        if position + len(segment) > end:
            return False
        position += len(segment)
    return position <= end


@pytest.mark.parametrize(
    "shown, actual, expected",
    [
        (["a", "b"], ["a", "b"], True),
        (["a", "b"], ["a", "b", "c"], False),
        (["a", "...", "c"], ["a", "b", "x", "c"], True),
        (["a", "...", "c"], ["a", "c"], True),
        (["a", "...", "x", "...", "c"], ["a", "b", "x", "y", "c"], True),
        (["a", "...", "x", "...", "c"], ["a", "b", "y", "c"], False),
        (["...", "c"], ["a", "c"], True),
        (["a", "..."], ["a", "b"], True),
        (["a", "..."], ["b"], False),
    ],
)
def test_transcript_matching(shown, actual, expected):
    assert matches(shown, actual) is expected


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(a copy of the checkout, the bin folder of a fresh venv where ``pip install .`` ran)."""
    root = tmp_path_factory.mktemp("e2e")
    checkout = copy_checkout(root / "checkout")
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True)
    install = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", str(checkout)],
        capture_output=True,
        text=True,
        env=clean_env(),
        timeout=1200,
        check=False,
    )
    assert install.returncode == 0, install.stdout + install.stderr
    return checkout, venv / "bin"


def _shell(command: str, cwd: Path, bin_dir: Path) -> subprocess.CompletedProcess[str]:
    env = clean_env(PATH=f"{bin_dir}:/usr/bin:/bin", NO_COLOR="1", COLUMNS="200")
    return subprocess.run(
        ["bash", "-c", command], cwd=cwd, capture_output=True, text=True, env=env, timeout=300, check=False
    )


@pytest.mark.slow
def test_readme_tour_runs_verbatim_with_the_output_it_shows(installed, tmp_path):
    checkout, bin_dir = installed
    workdir = shutil.copytree(checkout, tmp_path / "tour")
    tour = transcripts((ROOT / "README.md").read_text(encoding="utf-8"))
    assert len(tour) >= 4, "the README's tour has no console transcript"
    for command, shown in tour:
        result = _shell(command, workdir, bin_dir)
        assert result.returncode in (0, 1), f"$ {command}\n{result.stderr}"
        actual = (result.stdout + result.stderr).rstrip("\n").splitlines()
        assert matches(shown, actual), (
            f"$ {command}\nREADME shows:\n" + "\n".join(shown) + "\nbut it prints:\n" + "\n".join(actual)
        )


@pytest.mark.slow
def test_installed_tool_is_the_package_not_the_checkout(installed, tmp_path):
    checkout, bin_dir = installed
    where = _shell("python -c 'import tierone; print(tierone.__file__)'", tmp_path, bin_dir)
    assert "site-packages" in where.stdout, where.stdout + where.stderr
    version = _shell("tierone --version && python -m tierone --version", tmp_path, bin_dir)
    assert version.stdout.count("tierone 0.") == 2, version.stdout + version.stderr
    # the data files travel with the package: envelope schemas, the report schema, the capability schemas
    shown = _shell("tierone envelopes show error --strict", tmp_path, bin_dir)
    assert json.loads(shown.stdout)["additionalProperties"] is False
    data = _shell(
        "python -c 'from importlib import resources; "
        'print(resources.files("tierone.linter").joinpath("report.schema.json").is_file())\'',
        tmp_path,
        bin_dir,
    )
    assert data.stdout.strip() == "True"
    generated = _shell(f"tierone capabilities generate -c {checkout}/examples/host/host.yaml", tmp_path, bin_dir)
    assert generated.returncode == 0 and '"tierOneSubsetCompliance": "strict"' in generated.stdout


@pytest.mark.slow
def test_sarif_from_the_installed_tool_is_valid_2_1_0(installed, tmp_path):
    checkout, bin_dir = installed
    result = _shell("tierone lint --format sarif -o report.sarif examples/schemas", checkout, bin_dir)
    assert result.returncode == 1, result.stderr
    log = json.loads((checkout / "report.sarif").read_text(encoding="utf-8"))
    assert_valid_sarif(log)
    assert len(log["runs"][0]["results"]) == 12


@pytest.mark.slow
def test_bad_input_is_one_line_and_exit_2(installed, tmp_path):
    _, bin_dir = installed
    (tmp_path / "broken.schema.json").write_text('{"type": "object",\n  "properties": {,}}')
    (tmp_path / "fine.schema.json").write_text('{"type": "object", "properties": {}, "additionalProperties": false}')
    result = _shell("tierone lint broken.schema.json fine.schema.json missing.schema.json", tmp_path, bin_dir)
    assert result.returncode == 2
    errors = result.stderr.strip().splitlines()
    assert len(errors) == 2 and "Traceback" not in result.stderr
    assert errors[0].startswith("broken.schema.json:2:")
    assert "missing.schema.json" in errors[1]
