"""Round-trip every corpus schema that rewrite accepts; print the counts.

    python scripts/roundtrip_corpus.py [--corpus ../shared/corpus] [--every 1] [--offset 0] [--examples 10]
        [--timeout 120]

Counts: rewritten clean / reported unfixable / skipped (hypothesis-jsonschema cannot
generate for the schema) / timed out (the generator took longer than --timeout seconds on one
schema; each schema runs in a child process) / round-trip failures (must be 0).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from collections import Counter
from multiprocessing.connection import Connection
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.roundtrip import Outcome, check


def _run(schema: dict, examples: int, sender: Connection) -> None:
    sender.send(tuple(check(schema, examples)))


def _check_within(schema: dict, examples: int, timeout: float) -> Outcome:
    """``check`` in a child process, given up after ``timeout`` seconds (some schemas make the
    instance generator search for a very long time)."""
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_run, args=(schema, examples, sender))
    child.start()
    sender.close()
    if receiver.poll(timeout):
        outcome = Outcome(*receiver.recv())
    else:
        outcome = Outcome("timed out", f"no outcome after {timeout:g} s")
    child.kill()
    child.join()
    return outcome


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--sub", default="jsonschemabench")
    parser.add_argument("--every", type=int, default=1, help="take every Nth schema")
    parser.add_argument("--offset", type=int, default=0, help="start at the Nth schema (another slice)")
    parser.add_argument("--examples", type=int, default=10)
    parser.add_argument("--timeout", type=float, default=120, help="seconds per schema")
    args = parser.parse_args()
    files = sorted(p for p in (args.corpus / args.sub).rglob("*.json") if not p.name.startswith("_"))[
        args.offset :: args.every
    ]
    if not files:
        print(f"no corpus at {args.corpus / args.sub}")
        return 0
    counts: Counter[str] = Counter()
    failures = []
    for path in files:
        schema = json.loads(path.read_text())
        if not isinstance(schema, dict):
            counts["not an object"] += 1
            continue
        outcome = _check_within(schema, args.examples, args.timeout)
        counts[outcome.status] += 1
        if outcome.status == "failed":
            failures.append(f"{path}: {outcome.detail}")
    print(json.dumps({"schemas": len(files), **counts}, indent=2))
    for line in failures[:20]:
        print(line)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
