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
