"""Lint and rewrite on synthetic extremes, against ``json.load`` of the same file (same run).

Each case is one big input where a careless algorithm turns quadratic: 50,000 members (with
and without ``required``), a 50,000-value enum, a chain of 5,000 references, and nesting just
under the loader's limit. The ratios show how the cost grows with the input, not with its
square.

    python bench/scale.py [--runs 1]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import alternate, json_load_all, median

from tierone.cli.rewrite_run import run_rewrite
from tierone.core.loading import room_for_depth
from tierone.linter.api import lint_paths
from tierone.linter.config import Config


def _members(required: bool) -> str:
    properties = {f"p{i}": {"type": "string", "description": "x" * 200, "minLength": 1} for i in range(50_000)}
    schema: dict[str, object] = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        schema["required"] = list(properties)
    return json.dumps(schema, indent=2)


def _enum() -> str:
    return json.dumps({"type": "object", "properties": {"e": {"type": "integer", "enum": list(range(50_000))}}})


def _chain() -> str:
    defs: dict[str, object] = {
        f"d{i}": {"type": "object", "properties": {"x": {"$ref": f"#/$defs/d{i + 1}"}}} for i in range(5_000)
    }
    defs["d5000"] = {"type": "string"}
    return json.dumps({"type": "object", "properties": {"r": {"$ref": "#/$defs/d0"}}, "$defs": defs})


def _deep() -> str:
    levels = 495  # 990 containers: the loader allows 1,000
    return '{"type": "object", "properties": {"a": ' * levels + '{"type": "string"}' + "}}" * levels


CASES: dict[str, Callable[[], str]] = {
    "50k members, all required": lambda: _members(True),
    "50k optional members": lambda: _members(False),
    "50k enum values": _enum,
    "5k-reference chain": _chain,
    "990 containers deep": _deep,
}


def measure(files: list[str], out: str, runs: int, config: Config) -> dict[str, float]:
    def rewrite() -> None:
        run_rewrite(
            files,
            profile="tier1",
            output=out,
            in_place=False,
            check=False,
            diff=False,
            open_objects="encode",
            hints=True,
            verbose=False,
        )

    times = alternate(
        runs, json_load=lambda: json_load_all(files), lint=lambda: lint_paths(files, config=config), rewrite=rewrite
    )
    base = median(times["json_load"])
    return {
        "json_load_s": round(base, 3),
        "lint_s": round(median(times["lint"]), 3),
        "lint_ratio": round(median(times["lint"]) / base, 1),
        "rewrite_s": round(median(times["rewrite"]), 3),
        "rewrite_ratio": round(median(times["rewrite"]) / base, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    report = {}
    with tempfile.TemporaryDirectory() as folder:
        for name, make in CASES.items():
            path = Path(folder) / "case.schema.json"
            path.write_text(make(), encoding="utf-8")
            with room_for_depth():  # json.load itself needs it for the deepest case
                figures = measure([str(path)], str(Path(folder) / "out.json"), args.runs, Config())
            report[name] = {"bytes": path.stat().st_size, **figures}
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
