"""Judge every corpus schema's strict renditions by the consumers (tests/judges.py); print the counts.

    python scripts/judge_corpus.py [--corpus ../shared/corpus] [--sub jsonschemabench]
        [--profile tier1 --profile openai ...] [--limit N] [--every K] [--offset I]
        [--timeout 60] [--format text|json] [--save docs/judges.json]
    python scripts/judge_corpus.py --combine part0.json part1.json --save docs/judges.json

Per profile: schemas rewritten clean, refused (unfixable; counted by cause, the rule codes
left), crashed (the rewrite raised), timed out (the rewrites gave no answer within --timeout
seconds for the schema, all profiles together), accepted by every judge that decided, and per
judge the renditions it rejected, with the first offending pointer and an example file, and the
files it gave up on (a judge that runs out of time on a file is left out of a new try of that
file, so one slow engine does not hide the rewrites and the others' verdicts); the slowest
rewrite; and how exact the renditions are: those with no loosening, and for each loosened one
the share of the original's subschemas it carries exactly. One worker process does the work
(the SDKs are imported once); it is replaced when a try runs out of time. ``--save`` writes the table, with what was judged, to a results file:
``docs/judges.json`` is the one docs/profiles.md's judge table is generated from. A run that
saves over a file of the same files keeps the profiles it did not judge (judge them in parts);
``--combine`` adds up runs over disjoint parts of the files (``--every 2 --offset 0`` and
``--offset 1``, one per core) into one table.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections import Counter
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: what one profile's rewrite of one schema came to
OUTCOMES = ("rewritten", "refused", "crashed", "timed out", "accepted")
#: the profiles judged when none is named: every profile a vendor's consumers read
PROFILES = ("tier1", "vendors", "openai", "anthropic", "gemini", "gemini-openapi")


def judge_file(
    path: str, profiles: list[str], skip: tuple[str, ...] = (), say: Callable[[str], None] = lambda name: None
) -> dict[str, Any]:
    """``{profile: {"outcome": ..., "seconds": ..., "rejected": [[judge, pointer, detail], ...]}}``
    for one file. A refusal names its cause (the rule codes left unfixable); the judges named in
    ``skip`` are not run (they gave up on this file before) and are listed as ``undecided``;
    ``say`` hears each judge's name before it runs."""
    import tierone
    from tests.judges import judges_for

    schema = json.loads(Path(path).read_text(encoding="utf-8"))
    out: dict[str, Any] = {}
    for profile in profiles:
        started = time.perf_counter()
        try:
            result = tierone.rewrite(schema, profile)
        except Exception as error:  # noqa: BLE001 - counted and shown, the run goes on
            out[profile] = {"outcome": "crashed", "detail": f"{type(error).__name__}: {error}"[:200]}
            continue
        seconds = round(time.perf_counter() - started, 3)
        if not result.ok:
            cause = " ".join(sorted({u.rule for u in result.unfixable}))
            out[profile] = {"outcome": "refused", "cause": cause, "seconds": seconds}
            continue
        rejected, undecided = [], []
        for judge in judges_for(profile):
            if judge.name in skip:
                undecided.append(judge.name)
                continue
            say(judge.name)
            verdict = judge.check(result.schema)
            if not verdict.ok:
                rejected.append([verdict.judge, verdict.pointer, verdict.detail[:200]])
        out[profile] = {
            "outcome": "rewritten",
            "seconds": seconds,
            "rejected": rejected,
            "undecided": undecided,
            "exact": not result.loosened,
            "carried": carried(schema, result.loosened),
        }
    return out


def carried(schema: Any, loosened: Any) -> float:
    """The share of ``schema``'s subschemas the rendition carries exactly (1.0 for a rendition
    with no loosening): a subschema is not, where a loosening names it (a keyword left out, a
    ``oneOf`` read as ``anyOf``), or stands under a subtree carried as a JSON string. The places
    are the ledger's, most of them the original's own (a few name the rendition's copy)."""
    from tierone.core.walker import walk
    from tierone.rewriter.passes.closing import ENCODED_SHAPE, GATHERED_SHAPE
    from tierone.rewriter.passes.encoded_unions import WRAPPED_SHAPE

    places = {tuple(change.pointer) for change in loosened}
    if not places:
        return 1.0
    subtrees = {tuple(c.pointer) for c in loosened if c.loosens in (ENCODED_SHAPE, GATHERED_SHAPE, WRAPPED_SHAPE)}
    nodes = [tuple(visit.pointer) for visit in walk(schema)]
    kept = sum(node not in places and not any(node[:n] in subtrees for n in range(len(node))) for node in nodes)
    # a loosened rendition never counts as carried whole: not where the share rounds to 1 (one
    # place in thousands), nor where the ledger names only places of the rendition's own copy
    return min(round(kept / max(len(nodes), 1), 3), 0.999)


#: the memory one worker may take: an engine that wants more fails there (and its process
#: with it, which counts as that judge undecided) rather than taking the machine down
WORKER_MEMORY = 16 * 2**30


def _serve(requests: Connection, answers: Connection) -> None:
    import resource

    from tests.judges import all_judges
    from tierone.subset.profiles import PROFILES

    resource.setrlimit(resource.RLIMIT_AS, (WORKER_MEMORY, WORKER_MEMORY))

    for profile in PROFILES:  # import every SDK before the first deadline runs
        all_judges({"type": "object", "properties": {}, "required": [], "additionalProperties": False}, profile)
    answers.send("ready")
    while True:
        path, profiles, skip = requests.recv()
        try:
            answers.send(("done", judge_file(path, profiles, skip, lambda name: answers.send(("judging", name)))))
        except Exception as error:  # noqa: BLE001 - e.g. a file that is not JSON
            answers.send(("done", {"error": f"{type(error).__name__}: {error}"[:200]}))


class Worker:
    """A child process that judges one file at a time; replaced after a timeout."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")
        self._requests, requests = context.Pipe()
        answers, self._answers = context.Pipe()
        self._process = context.Process(target=_serve, args=(requests, answers), daemon=True)
        self._process.start()
        self._answers.recv()  # "ready"

    def judge(
        self, path: str, profiles: list[str], timeout: float, skip: tuple[str, ...]
    ) -> tuple[dict[str, Any] | None, str | None]:
        """The file's result, or None and the judge that was running when ``timeout`` seconds
        passed or the process died (None when the rewrites themselves were still running)."""
        self._requests.send((path, profiles, skip))
        deadline = time.monotonic() + timeout
        running = None
        try:
            while self._answers.poll(max(deadline - time.monotonic(), 0)):
                kind, value = self._answers.recv()
                if kind == "done":
                    return value, None
                running = value
        except (EOFError, OSError):  # the process died (an engine out of memory aborts it): as a timeout
            pass
        return None, running

    def stop(self) -> None:
        self._process.kill()
        self._process.join()


def judged(
    worker: Worker, path: str, profiles: list[str], timeout: float, new: Callable[[], Worker] = Worker
) -> tuple[Worker, dict[str, Any] | None]:
    """``path`` judged within ``timeout`` seconds per try: a judge that runs out of time is left
    out of a new try (and listed as undecided), so one slow engine does not hide the rewrites and
    the other judges' verdicts; None when the rewrites themselves ran out of time."""
    skip: tuple[str, ...] = ()
    while True:
        result, running = worker.judge(path, profiles, timeout, skip)
        if result is not None:
            return worker, result
        worker.stop()
        worker = new()
        if running is None or running in skip:
            return worker, None
        skip = (*skip, running)


def tally(results: list[tuple[str, dict[str, Any] | None]], profiles: list[str]) -> dict[str, Any]:
    """The per-profile table: outcome counts, refusals by cause, the slowest rewrite, per judge
    rejections (first pointer, example) and the files it gave up on (undecided)."""
    table: dict[str, Any] = {}
    for profile in profiles:
        counts: Counter[str] = Counter()
        causes: Counter[str] = Counter()
        judges: dict[str, dict[str, Any]] = {}
        undecided: dict[str, list[str]] = {}
        examples: dict[str, str] = {}
        shares: list[float] = []
        slowest: list[Any] = [0.0, None]
        for path, result in results:
            entry = None if result is None else result.get(profile, {"outcome": "crashed"})
            outcome = "timed out" if entry is None else entry["outcome"]
            counts[outcome] += 1
            examples.setdefault(outcome, path)
            if entry is not None and entry.get("seconds", 0.0) > slowest[0]:
                slowest = [entry["seconds"], path]
            if outcome == "refused":
                causes[entry.get("cause", "?")] += 1
            if outcome != "rewritten":
                continue
            counts["accepted"] += not entry["rejected"]
            share = entry.get("carried", 1.0)
            if entry.get("exact", share == 1.0):  # (a results file from before "exact" was kept)
                counts["exact"] += 1
            else:
                shares.append(share)
            for name, pointer, detail in entry["rejected"]:
                row = judges.setdefault(name, {"rejected": 0, "pointer": pointer, "detail": detail, "example": path})
                row["rejected"] += 1
            for name in entry.get("undecided", ()):
                undecided.setdefault(name, []).append(path)
        table[profile] = {
            "schemas": len(results),
            **{k: counts[k] for k in OUTCOMES},
            "crashed example": examples.get("crashed"),
            "timed out example": examples.get("timed out"),
            "timed out files": [path for path, result in results if result is None],
            "refused by cause": dict(causes.most_common()),
            "slowest rewrite": slowest,
            "judges": judges,
            "undecided": undecided,
            "exact": counts["exact"],
            "carried": sorted(shares),
        }
    return table


def render(table: dict[str, Any]) -> str:
    lines = []
    for profile, row in table.items():
        counts = ", ".join(f"{k} {row[k]}" for k in OUTCOMES)
        lines.append(f"{profile}: {row['schemas']} schemas: {counts}")
        seconds, slowest = row.get("slowest rewrite", (0.0, None))
        if slowest:
            lines.append(f"  slowest rewrite {seconds:.2f} s: {slowest}")
        for outcome in ("crashed", "timed out"):
            if row.get(f"{outcome} example"):
                lines.append(f"  {outcome}, e.g. {row[f'{outcome} example']}")
        for cause, count in row.get("refused by cause", {}).items():
            lines.append(f"  refused {count:4}  for {cause}")
        for name, judge in sorted(row["judges"].items(), key=lambda item: -item[1]["rejected"]):
            lines.append(
                f"  {name:20} rejected {judge['rejected']:4}  first at {repr(judge['pointer']) if judge['pointer'] is not None else '-':30} e.g. {judge['example']}"
            )
            lines.append(f"  {'':20} {judge['detail'][:110]}")
        for name, paths in row.get("undecided", {}).items():
            lines.append(f"  {name:20} gave up on {len(paths):4} (ran out of time), e.g. {paths[0]}")
    return "\n".join(lines)


def _kept(save: Path, args: argparse.Namespace, files: int, table: dict[str, Any]) -> dict[str, Any]:
    """``table`` with the profiles an earlier run saved in ``save`` over the same files (so the
    profiles can be judged in several runs), in the order :data:`PROFILES` lists them."""
    try:
        earlier = json.loads(save.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return table
    same = all(
        earlier.get(key) == value
        for key, value in (
            ("corpus", args.sub),
            ("files", files),
            ("every", args.every),
            ("offset", args.offset),
            ("limit", args.limit),
        )
    )
    merged = {**(earlier.get("profiles", {}) if same else {}), **table}
    return {
        name: merged[name]
        for name in sorted(merged, key=lambda n: PROFILES.index(n) if n in PROFILES else len(PROFILES))
    }


def _combine(parts: list[Path], save: Path | None) -> int:
    """Add up the tables of runs over disjoint parts of the corpus (``--every K`` with each
    offset from 0 to K-1 once) into one table over the whole, written to ``save``."""
    loaded = [json.loads(part.read_text(encoding="utf-8")) for part in parts]
    every = {run["every"] for run in loaded}
    offsets = sorted(run["offset"] for run in loaded)
    if (
        len(every) != 1
        or offsets != list(range(next(iter(every))))
        or any(run["limit"] for run in loaded)
        or len({run["corpus"] for run in loaded}) != 1
    ):
        print(
            "the parts must be one corpus judged with the same --every K, offsets 0..K-1, no --limit", file=sys.stderr
        )
        return 2
    table: dict[str, Any] = {}
    for run in loaded:
        for profile, row in run["profiles"].items():
            into = table.setdefault(
                profile,
                {
                    "schemas": 0,
                    **{k: 0 for k in OUTCOMES},
                    "crashed example": None,
                    "timed out example": None,
                    "refused by cause": {},
                    "slowest rewrite": [0.0, None],
                    "judges": {},
                    "undecided": {},
                },
            )
            for key in ("schemas", *OUTCOMES):
                into[key] += row[key]
            into["exact"] = into.get("exact", 0) + row.get("exact", 0)
            into["carried"] = sorted([*into.get("carried", []), *row.get("carried", [])])
            into["timed out files"] = [*into.get("timed out files", []), *row.get("timed out files", [])]
            for outcome in ("crashed", "timed out"):
                into[f"{outcome} example"] = into[f"{outcome} example"] or row.get(f"{outcome} example")
            for name, judged in row["judges"].items():
                kept = into["judges"].setdefault(name, {**judged, "rejected": 0})
                kept["rejected"] += judged["rejected"]
            for name, paths in row.get("undecided", {}).items():
                into["undecided"].setdefault(name, []).extend(paths)
            causes = into["refused by cause"]
            for cause, count in row.get("refused by cause", {}).items():
                causes[cause] = causes.get(cause, 0) + count
            slowest = row.get("slowest rewrite", [0.0, None])
            if slowest[0] > into["slowest rewrite"][0]:
                into["slowest rewrite"] = slowest
    print(render(table))
    if save:
        whole = {
            "corpus": loaded[0]["corpus"],
            "files": sum(run["files"] for run in loaded),
            "every": 1,
            "offset": 0,
            "limit": 0,
            "profiles": table,
        }
        save.write_text(json.dumps(whole, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--sub", default="jsonschemabench")
    parser.add_argument("-p", "--profile", action="append", help=f"repeatable; default {' '.join(PROFILES)}")
    parser.add_argument("--limit", type=int, default=0, help="at most N files (after --offset and --every)")
    parser.add_argument("--every", type=int, default=1, help="take every Kth file")
    parser.add_argument("--offset", type=int, default=0, help="start at the Ith file")
    parser.add_argument("--timeout", type=float, default=60, help="seconds per schema")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--save", type=Path, help="also write the table and what was judged to this JSON file")
    parser.add_argument(
        "--combine",
        type=Path,
        nargs="+",
        metavar="PART",
        help="judge nothing: add up saved parts (--every K, offsets 0..K-1) into --save",
    )
    args = parser.parse_args()
    if args.combine:
        return _combine(args.combine, args.save)
    profiles = args.profile or list(PROFILES)
    files = sorted(p for p in (args.corpus / args.sub).rglob("*.json") if not p.name.startswith("_"))
    files = files[args.offset :: args.every][: args.limit or None]
    if not files:
        print(f"no corpus at {args.corpus / args.sub}", file=sys.stderr)
        return 2
    worker = Worker()
    results: list[tuple[str, dict[str, Any] | None]] = []
    try:
        for path in files:
            worker, result = judged(worker, str(path), profiles, args.timeout)
            if result is not None and "error" in result:
                result = {p: {"outcome": "crashed", "detail": result["error"]} for p in profiles}
            results.append((str(path.relative_to(args.corpus)), result))
    finally:
        worker.stop()
    table = tally(results, profiles)
    print(json.dumps(table, indent=2) if args.format == "json" else render(table))
    if args.save:
        saved = {
            "corpus": args.sub,
            "files": len(files),
            "every": args.every,
            "offset": args.offset,
            "limit": args.limit,
            "profiles": _kept(args.save, args, len(files), table),
        }
        args.save.write_text(json.dumps(saved, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
