"""Rewriting every schema of the corpus in one process, against ``json.load`` of the same files.

Both run alternately in this process; tierone's side loads each file, rewrites it (every
pass, then the lint that judges the output) and renders it in the file's own layout. The
report gives medians and the ratio (target: at most 3).

    python bench/rewrite_corpus.py [--corpus ../shared/corpus] [--runs 1] [--limit N]
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import alternate, corpus_arguments, json_load_all, median

from tierone.core.errors import InputError
from tierone.core.loading import batch, load_path
from tierone.rewriter.files import rewrite_source


def main() -> int:
    args = corpus_arguments(__doc__, runs=1)
    files = args.files
    if not files:
        return 0  # nothing to measure (said by corpus_arguments)
    outcome: Counter[str] = Counter()

    def baseline() -> None:
        json_load_all(files)

    def rewrite_all() -> None:
        outcome.clear()
        with batch():  # as `tierone rewrite` runs its inputs
            for name in files:
                try:
                    source = load_path(name)
                except InputError:
                    outcome["input errors"] += 1
                    continue
                if not isinstance(source.data, (dict, bool)):
                    outcome["not a schema object"] += 1
                    continue
                done = rewrite_source(source, args.profile)
                outcome["rewritten clean" if done.result.ok else "reported unfixable"] += 1

    times = alternate(args.runs, json_load=baseline, rewrite=rewrite_all)
    base = median(times["json_load"])
    print(
        json.dumps(
            {
                "files": len(files),
                "profile": args.profile,
                "runs": args.runs,
                "json_load_median_s": round(base, 3),
                "rewrite_median_s": round(median(times["rewrite"]), 3),
                "rewrite_ratio": round(median(times["rewrite"]) / base, 3),
                "target_ratio": 3.0,
                **outcome,
            },
            indent=2,
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
