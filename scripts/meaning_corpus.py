"""Check that renditions keep the original's meaning, with generated instances, over corpus
schemas under every profile; print the counts per profile.

    python scripts/meaning_corpus.py [--corpus ../shared/corpus] [--files 500] [--offset 0]
        [--profiles tier1,vendors,openai,anthropic,gemini,gemini-openapi] [--examples 10] [--timeout 120]

For each schema S and profile P (tests/roundtrip.py): instances x of S
(hypothesis-jsonschema), in P's strict form, are valid under rewrite(S, P) and restore to x;
instances y of the rendition restore to a value S takes, or to errors. Counts: clean /
unfixable (P refuses S) / skipped (no generator for the schema) / timed out (past --timeout
seconds on one schema; each runs in a child process) / failed (must be 0).
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

PROFILES = ("tier1", "vendors", "openai", "anthropic", "gemini", "gemini-openapi")


def _run(schema: dict, examples: int, profile: str, sender: Connection) -> None:
    sender.send(tuple(check(schema, examples, profile)))


def _check_within(schema: dict, examples: int, profile: str, timeout: float) -> Outcome:
    """``check`` in a child process, given up after ``timeout`` seconds (some schemas make the
    instance generator search for a very long time)."""
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_run, args=(schema, examples, profile, sender))
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
    parser.add_argument("--files", type=int, default=500, help="how many schemas, spread evenly over the corpus")
    parser.add_argument("--offset", type=int, default=0, help="start at the Nth schema (another slice)")
    parser.add_argument("--profiles", default=",".join(PROFILES))
    parser.add_argument("--examples", type=int, default=10)
    parser.add_argument("--timeout", type=float, default=120, help="seconds per schema and profile")
    args = parser.parse_args()
    every = sorted(p for p in (args.corpus / args.sub).rglob("*.json") if not p.name.startswith("_"))
    if not every:
        print(f"no corpus at {args.corpus / args.sub}")
        return 0
    files = every[args.offset :: max(1, len(every) // max(1, args.files))][: args.files]
    profiles = [p for p in args.profiles.split(",") if p]
    counts = {profile: Counter() for profile in profiles}
    failures = []
    unreadable = 0
    for path in files:
        try:
            schema = json.loads(path.read_text(encoding="utf-8"))
        except (UnicodeDecodeError, ValueError):  # a corpus file that is not JSON: counted, the run goes on
            unreadable += 1
            continue
        if not isinstance(schema, dict):
            continue
        for profile in profiles:
            outcome = _check_within(schema, args.examples, profile, args.timeout)
            counts[profile][outcome.status] += 1
            if outcome.status == "failed":
                failures.append(f"{profile} {path}: {outcome.detail}")
    print(
        json.dumps(
            {"schemas": len(files), "unreadable": unreadable, **{p: dict(c) for p, c in counts.items()}}, indent=2
        )
    )
    for line in failures[:40]:
        print(line)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
