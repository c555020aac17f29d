"""tierone's rewrite against the peers' strict-schema helpers, over the same corpus files, in one process.

The peers: pydantic-ai's ``OpenAIJsonSchemaTransformer`` (strict) and openai-agents'
``ensure_strict_json_schema``. Each tool takes every file's parsed schema (parsing and copying are not
timed) and makes its strict rendition; tierone's side is ``tierone.rewrite`` under
``--profile``, which also lints its output. The tools run alternately, ``--runs`` times; the
report gives each tool's median, the ratio tierone / pydantic-ai (target: at most 2) and
tierone / openai-agents, and what each tool made of the files: rewrote, refused (tierone:
unfixable; a peer: raised its own error saying the schema cannot be made strict) and crashed
(anything else it raised). The lint of tierone's output, which ``rewrite`` runs on every
rendition, is also timed alone over the same renditions (made before the clock), with its ratio
to pydantic-ai's whole transform; and each tool's spread over the runs (max - min, % of min).

    python bench/peers.py [--corpus ../shared/corpus] [--runs 1] [--every K] [--limit N] [--profile tier1]
"""

from __future__ import annotations

import argparse
import copy
import gc
import json
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import DEFAULT_CORPUS, corpus_files, median

#: what one tool made of one schema
OUTCOMES = ("rewrote", "refused", "crashed")


def tierone_tool(profile: str) -> Callable[[Any], str]:
    import tierone

    def run(schema: Any) -> str:
        return "rewrote" if tierone.rewrite(schema, profile).ok else "refused"

    return run


def lint_of_output_tool(profile: str) -> Callable[[Any], str]:
    """The part of tierone's side that is the lint of its own output (``rewrite`` runs it on
    every rendition), timed alone over the renditions ``rewrite`` made before the clock."""
    import tierone

    def run(rendition: Any) -> str:
        return "rewrote" if tierone.lint(rendition, profile=profile).ok else "refused"

    return run


def pydantic_ai_tool() -> Callable[[Any], str]:
    from pydantic_ai.exceptions import UserError
    from pydantic_ai.profiles.openai import OpenAIJsonSchemaTransformer

    def run(schema: Any) -> str:
        try:
            OpenAIJsonSchemaTransformer(schema, strict=True).walk()
        except UserError:
            return "refused"
        return "rewrote"

    return run


def openai_agents_tool() -> Callable[[Any], str]:
    from agents.exceptions import UserError
    from agents.strict_schema import ensure_strict_json_schema

    def run(schema: Any) -> str:
        try:
            ensure_strict_json_schema(schema)  # it changes the schema in place (measure() hands it a copy)
        except UserError:
            return "refused"
        return "rewrote"

    return run


def measure(tool: Callable[[Any], str], schemas: list[Any]) -> tuple[float, Counter[str]]:
    """Seconds for ``tool`` over every schema, and its outcomes. Each run of each tool is
    handed copies of the parsed schemas, made before the clock starts: openai-agents changes
    its input in place (and leaves it holding itself where it gives up), so no tool may see
    another's leftovers. The collector runs before the clock starts; each tool then runs as in a
    program (tierone holds cyclic collection off inside a rewrite: ``core.collector``)."""
    outcomes: Counter[str] = Counter()
    copies = copy.deepcopy(schemas)
    gc.collect()  # no tool pays for the garbage the one before it left
    start = time.perf_counter()
    for schema in copies:
        try:
            outcomes[tool(schema)] += 1
        except Exception:  # noqa: BLE001 - a crash is counted, the run goes on
            outcomes["crashed"] += 1
        except RecursionError:
            outcomes["crashed"] += 1
    return time.perf_counter() - start, outcomes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--sub", default="jsonschemabench")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--every", type=int, default=1, help="take every Kth file (smoke runs)")
    parser.add_argument("--limit", type=int, default=0, help="at most N files")
    parser.add_argument("--profile", default="tier1")
    args = parser.parse_args()
    files = corpus_files(args.corpus, args.sub)[:: args.every][: args.limit or None]
    if not files:
        print(f"no corpus at {args.corpus / args.sub}; nothing to measure")
        return 0
    schemas = []
    for name in files:
        with open(name, "rb") as handle:
            data = json.load(handle)
        if isinstance(data, dict):
            schemas.append(data)
    tools = {
        "tierone": tierone_tool(args.profile),
        "pydantic-ai": pydantic_ai_tool(),
        "openai-agents": openai_agents_tool(),
    }
    import tierone

    renditions = [tierone.rewrite(schema, args.profile).schema for schema in copy.deepcopy(schemas)]
    lint_alone = lint_of_output_tool(args.profile)
    times: dict[str, list[float]] = {name: [] for name in (*tools, "tierone-lint")}
    counts: dict[str, Counter[str]] = {}
    for _ in range(args.runs):
        for name, tool in tools.items():
            seconds, counts[name] = measure(tool, schemas)
            times[name].append(seconds)
        times["tierone-lint"].append(measure(lint_alone, renditions)[0])
    medians = {name: median(values) for name, values in times.items()}
    print(
        json.dumps(
            {
                "files": len(schemas),
                "profile": args.profile,
                "runs": args.runs,
                **{f"{name}_median_s": round(value, 3) for name, value in medians.items() if name != "tierone-lint"},
                "tierone_lint_of_output_median_s": round(medians["tierone-lint"], 3),
                "tierone_over_pydantic_ai": round(medians["tierone"] / medians["pydantic-ai"], 2),
                "lint_of_output_over_pydantic_ai": round(medians["tierone-lint"] / medians["pydantic-ai"], 2),
                "spread_pct": {
                    name: round(100 * (max(values) - min(values)) / min(values)) for name, values in times.items()
                },
                "tierone_over_openai_agents": round(medians["tierone"] / medians["openai-agents"], 2),
                "target_ratio_over_pydantic_ai": 2.0,
                "outcomes": {name: {k: counts[name][k] for k in OUTCOMES} for name in tools},
            },
            indent=2,
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
