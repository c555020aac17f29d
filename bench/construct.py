"""Start-up: ``tierone.strict(Model, profile)`` made from nothing (its cache emptied) against
OpenAI's ``to_strict_json_schema(Model)`` (the peer: the schema only, no reader), on
bench/read_side.py's models (target: median within 5x; the worst model reported too).

Each pair runs alternately; the report gives the median time per call, the ratio, and the
baseline's spread across runs (so a noisy machine shows as one).

    python bench/construct.py [--runs 30] [--profile openai]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import alternate

from tests.answers import models


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--profile", default="openai")
    args = parser.parse_args()

    from openai.lib._pydantic import to_strict_json_schema

    import tierone
    from tierone.answers import making

    def made(model: type, profile: str = args.profile) -> object:
        making.forget()
        return tierone.strict(model, profile)

    print(f"strict(Model, {args.profile!r}) from nothing vs to_strict_json_schema(Model), median of {args.runs} runs")
    ratios = {}
    for name in ("Person", "Task", "Inventory", "Node", "Owner", "Survey", "Deep", "Invoice"):
        model = getattr(models, name)
        made(model)  # imports and pydantic's own first build, once
        to_strict_json_schema(model)
        times = alternate(args.runs, mine=lambda m=model: made(m), base=lambda m=model: to_strict_json_schema(m))
        ours, theirs = (statistics.median(times[k]) * 1e3 for k in ("mine", "base"))
        low, high = min(times["base"]) * 1e3, max(times["base"]) * 1e3
        ratios[name] = ours / theirs
        print(
            f"  {name:<10} {ours:8.2f} ms vs {theirs:7.2f} ms = {ours / theirs:5.1f}x"
            f"   (baseline {low:.2f}..{high:.2f} ms, spread {high / low - 1:.0%})"
        )
    worst = max(ratios, key=ratios.__getitem__)
    print(f"median {statistics.median(ratios.values()):.1f}x (target: within 5x); worst {worst} {ratios[worst]:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
