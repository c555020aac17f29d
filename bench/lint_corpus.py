"""Linting every schema of the corpus in one process, against ``json.load`` of the same files.

The baseline (open + ``json.load`` of every file) and tierone's lint (load, check every rule
of the profile, place every finding at its line and column) run alternately in this one
process; the report gives medians and the ratio (target: at most 2). The floors, in the same
run, are what any Python linter of this corpus pays before its first rule: parsing (orjson),
visiting every node once, and building the finding values once their fields are known.

    python bench/lint_corpus.py [--corpus ../shared/corpus] [--runs 3] [--profile tier1]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import orjson
from _common import alternate, corpus_arguments, json_load_all, median

from tierone.core.loading import batch
from tierone.linter.api import lint_paths
from tierone.linter.config import Config
from tierone.linter.diagnostics import Diagnostic
from tierone.linter.reporters import render_text


def main() -> int:
    args = corpus_arguments(__doc__, runs=3)
    files = args.files
    if not files:
        return 0  # nothing to measure (said by corpus_arguments)
    config = Config()
    outcome: dict[str, int] = {}

    def baseline() -> None:
        json_load_all(files)

    def orjson_load() -> None:  # the parser tierone uses: the floor for any lint
        for name in files:
            with open(name, "rb") as handle:
                orjson.loads(handle.read())

    documents = []
    for name in files:
        with open(name, "rb") as handle:
            documents.append(orjson.loads(handle.read()))

    def bare_walk() -> None:  # visiting every JSON node once in Python, doing nothing else
        for document in documents:
            stack = [document]
            while stack:
                node = stack.pop()
                if node.__class__ is dict:
                    stack.extend(node.values())
                elif node.__class__ is list:
                    stack.extend(node)

    # the findings' fields, finished: building the values again is what any linter pays
    # per finding before it checks, words or places anything
    with batch():
        finished = [tuple(d) for d in lint_paths(files, profile=args.profile, config=config).diagnostics]

    def build_findings() -> None:
        with batch():  # as lint_paths builds them
            outcome["findings_built"] = len([Diagnostic(*fields) for fields in finished])

    def tierone_lint() -> None:
        report = lint_paths(files, profile=args.profile, config=config)
        outcome["findings"] = len(report.diagnostics)
        outcome["errors"] = len(report.errors)

    def tierone_lint_text() -> None:
        report = lint_paths(files, profile=args.profile, config=config)
        outcome["text_bytes"] = len(render_text(report))

    times = alternate(
        args.runs,
        json_load=baseline,
        orjson_load=orjson_load,
        bare_walk=bare_walk,
        build_findings=build_findings,
        lint=tierone_lint,
        lint_and_text=tierone_lint_text,
    )
    base = median(times["json_load"])
    result = {
        "files": len(files),
        "profile": args.profile,
        "runs": args.runs,
        "json_load_median_s": round(base, 3),
        "lint_median_s": round(median(times["lint"]), 3),
        "lint_ratio": round(median(times["lint"]) / base, 3),
        "lint_plus_text_report_median_s": round(median(times["lint_and_text"]), 3),
        "lint_plus_text_report_ratio": round(median(times["lint_and_text"]) / base, 3),
        "target_ratio": 2.0,
        # what any Python linter pays before its first rule: parsing, and one visit per node
        "floor_orjson_load_ratio": round(median(times["orjson_load"]) / base, 3),
        "floor_bare_walk_ratio": round(median(times["bare_walk"]) / base, 3),
        "floor_build_findings_ratio": round(median(times["build_findings"]) / base, 3),
        **outcome,
    }
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
