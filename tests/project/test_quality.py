"""The code base stays typed (mypy --strict on src/, as configured in pyproject.toml) and ruff clean."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import ROOT


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)


@pytest.mark.slow
def test_mypy_strict_on_src():
    pytest.importorskip("mypy")
    result = _run(sys.executable, "-m", "mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_clean():
    pytest.importorskip("ruff")
    result = _run(sys.executable, "-m", "ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_formatted():
    """Every Python file is as ``ruff format`` writes it (the line length is pyproject.toml's)."""
    pytest.importorskip("ruff")
    result = _run(sys.executable, "-m", "ruff", "format", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr
