"""Shared fixtures: paths to data, the shared corpus (skipped when absent), JSON snapshots."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from syrupy.extensions.json import JSONSnapshotExtension

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures"
ROOT = HERE.parent
CORPUS = Path(os.environ.get("TIERONE_CORPUS", ROOT.parent / "shared" / "corpus"))


@pytest.fixture
def json_snapshot(snapshot):  # type: ignore[no-untyped-def]
    """Snapshots stored as real JSON files, one per test."""
    return snapshot.with_defaults(extension_class=JSONSnapshotExtension)


def pytest_sessionstart(session: pytest.Session) -> None:
    """The package compiled once before the tests start: many tests run ``tierone`` in a
    subprocess, and where bytecode is not written on import (``PYTHONDONTWRITEBYTECODE``, a
    fresh checkout) each of them would compile every module again (about 0.13 s a run)."""
    import compileall

    compileall.compile_dir(ROOT / "src" / "tierone", quiet=2)


@pytest.hookimpl(tryfirst=True)  # before the -m selection sees the items
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that reads the shared corpus is in the slow set (``pytest -m slow``)."""
    for item in items:
        if "corpus" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)


@pytest.fixture
def corpus() -> Path:
    """The shared corpus of real-world schemas; tests using it skip when it is absent."""
    if not (CORPUS / "jsonschemabench").is_dir():
        pytest.skip(f"corpus not found at {CORPUS}")
    return CORPUS


def corpus_files(root: Path, *subs: str) -> list[Path]:
    files: list[Path] = []
    for sub in subs:
        files += sorted(p for p in (root / sub).rglob("*.json") if not p.name.startswith("_"))
    return files


def copy_checkout(dest: Path) -> Path:
    """A copy of the checkout's tracked and new (not ignored) files, as a user would clone it."""
    import shutil
    import subprocess

    listed = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    for name in listed:
        if (ROOT / name).is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, dest / name)
    return dest


def clean_env(**extra: str) -> dict[str, str]:
    """The environment without this test run's virtual environment, plus ``extra``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTHONPATH"))}
    return {**env, **extra}


def huge_int(digits: int, figure: str = "7") -> int:
    """An integer of ``digits`` digits, made past Python's int-to-text limit (which stays in force)."""
    import sys

    before = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return int(figure * digits)
    finally:
        sys.set_int_max_str_digits(before)
