"""Cold start of ``tierone lint one-small.schema.json`` against ``python -c 'import typer'``.

Both are started by the same interpreter, alternately, many times; the report gives both
medians and their ratio (target: at most 1.3). Bytecode is compiled first, as a normal
install does. ``--against SRC`` also times another checkout's ``src`` folder (an earlier
commit: ``git worktree add /tmp/before REV``, then ``--against /tmp/before/src``) in the same
run, interleaved, so that "before" and "after" are measured on the same machine state.

    python bench/startup.py [--runs 40] [--against OTHER/src]
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import tierone

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import alternate, median

SMALL = {
    "type": "object",
    "properties": {"name": {"type": "string"}, "age": {"type": ["integer", "null"]}},
    "required": ["name", "age"],
    "additionalProperties": False,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--against", type=Path, help="another checkout's src folder, timed in the same run")
    args = parser.parse_args()
    compileall.compile_dir(str(Path(tierone.__file__).parent), quiet=1)
    if args.against is not None:
        compileall.compile_dir(str(args.against / "tierone"), quiet=1)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as tmp:
        small = Path(tmp) / "one-small.schema.json"
        small.write_text(json.dumps(SMALL, indent=2))
        python = sys.executable
        floor = [python, "-c", "import typer"]
        lint = [python, "-m", "tierone", "lint", "--isolated", str(small)]
        script = Path(python).with_name("tierone")
        if script.exists():
            lint = [str(script), "lint", "--isolated", str(small)]
        check = subprocess.run(lint, capture_output=True, text=True, env=env, check=False)
        if check.returncode != 0:
            print(check.stdout, check.stderr)
            return 1

        def run(command: list[str], environment: dict[str, str] = env) -> None:
            subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment, check=False)

        jobs = {"floor": lambda: run(floor), "lint": lambda: run(lint)}
        if args.against is not None:  # both trees started alike: `python -m tierone`, PYTHONPATH set
            module = [python, "-m", "tierone", "lint", "--isolated", str(small)]
            this_env = {**env, "PYTHONPATH": str(Path(tierone.__file__).resolve().parent.parent)}
            other_env = {**env, "PYTHONPATH": str(args.against.resolve())}
            jobs["lint"] = lambda: run(module, this_env)
            jobs["against"] = lambda: run(module, other_env)
        for _ in range(3):  # warm the file cache
            for job in jobs.values():
                job()
        times = alternate(args.runs, **jobs)
    paired = statistics.median(l / f for l, f in zip(times["lint"], times["floor"]))
    result = {
        "runs": args.runs,
        "import_typer_median_s": round(median(times["floor"]), 4),
        "tierone_lint_median_s": round(median(times["lint"]), 4),
        "ratio_of_medians": round(median(times["lint"]) / median(times["floor"]), 3),
        "median_paired_ratio": round(paired, 3),
        "target": 1.3,
    }
    if args.against is not None:
        result["against"] = str(args.against)
        result["against_lint_median_s"] = round(median(times["against"]), 4)
        result["against_ratio_of_medians"] = round(median(times["against"]) / median(times["floor"]), 3)
        result["this_over_against"] = round(median(times["lint"]) / median(times["against"]), 3)
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
