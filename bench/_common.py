"""Shared helpers for the benchmarks: corpus discovery and robust timing."""

from __future__ import annotations

import argparse
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


def json_load_all(files: list[str]) -> None:
    """The baseline every corpus benchmark is measured against: open and ``json.load`` each file."""
    import json

    for name in files:
        with open(name, "rb") as handle:
            json.load(handle)


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


def corpus_arguments(doc: str, runs: int = 3) -> argparse.Namespace:
    """The options every corpus benchmark takes, parsed."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--sub", default="jsonschemabench")
    parser.add_argument("--runs", type=int, default=runs)
    parser.add_argument("--profile", default="tier1")
    parser.add_argument("--limit", type=int, default=0, help="only the first N files (smoke runs)")
    args = parser.parse_args()
    args.files = corpus_files(args.corpus, args.sub)
    if args.limit:
        args.files = args.files[: args.limit]
    if not args.files:
        print(f"no corpus at {args.corpus / args.sub}; nothing to measure")
    return args
