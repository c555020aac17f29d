"""Shared helpers for the benchmarks: corpus discovery and robust timing."""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_CORPUS = HERE.parent.parent / "shared" / "corpus"


def corpus_files(root: Path, sub: str = "jsonschemabench") -> list[str]:
    """Every schema file of a corpus folder (manifests starting with ``_`` excluded), sorted."""
    base = root / sub
    files = []
    for directory, _, names in os.walk(base):
        for name in names:
            if name.endswith(".json") and not name.startswith("_"):
                files.append(os.path.join(directory, name))
    return sorted(files)


def alternate(runs: int, **jobs: Callable[[], object]) -> dict[str, list[float]]:
    """Run each job ``runs`` times, interleaved, and return the wall times."""
    times: dict[str, list[float]] = {name: [] for name in jobs}
    for _ in range(runs):
        for name, job in jobs.items():
            start = time.perf_counter()
            job()
            times[name].append(time.perf_counter() - start)
    return times


def median(values: list[float]) -> float:
    return statistics.median(values)
