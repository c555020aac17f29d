"""The read side against its baselines, on realistic models and answers.

- ``Strict.parse(text)`` against ``Model.model_validate_json(text)`` (target: at most 2x):
  ``text`` is the answer in the strict form (nulls for absent members) for ``parse``, and the
  model's own JSON of the same instance for pydantic (which refuses those nulls where a field
  has a non-null default);
- for schema sources, ``Strict.restore(obj)`` against a prebuilt jsonschema validator's
  ``validate`` of the same (restored) payload (target: at most 1.5x).

Each pair runs alternately in batches; the report gives the median time per call, the ratio,
and the baseline's spread across batches (so a noisy machine shows as one).

    python bench/read_side.py [--runs 30] [--number 200]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import alternate

from tests.answers import models

ADDRESS = {"street": "1 Main St", "city": "Oslo"}
PERSON = {"name": "Ann Example", "email": "ann@example.com", "home": ADDRESS}
TASK = {
    "title": "ship it",
    "status": "doing",
    "subtasks": [{"title": "test"}, {"title": "tag", "status": "done"}],
    "assignees": [PERSON],
}
#: one realistic answer per model (as the model's instance, before the strict form)
ANSWERS: dict[str, dict[str, Any]] = {
    "Person": {**PERSON, "age": 41, "work": {**ADDRESS, "postcode": "0150"}},
    "Task": TASK,
    "Inventory": {"counts": {"apples": 3, "pears": 0}, "tags": ["fruit"]},
    "Node": {"label": "root", "children": [{"label": "a", "children": [{"label": "a1"}]}, {"label": "b"}]},
    "Owner": {"name": "Bo", "pet": {"kind": "dog", "good": False}},
    "Survey": {"q01": "yes", "q03": 4, "q05": True, "q09": 0.5, "q17": "later"},
    "Deep": {"two": {"three": {"four": {"five": {"six": {"value": 6}}}}}},
    "Invoice": {
        "number": "2026-0042",
        "customer": PERSON,
        "lines": [TASK, {"title": "invoice"}],
        "discount": 0.1,
        "totals": {"net": 100, "vat": 25},
    },
}


def per_call(job: Callable[[], object], number: int) -> Callable[[], None]:
    def batch() -> None:
        for _ in range(number):
            job()

    return batch


def compare(label: str, mine: Callable[[], object], base: Callable[[], object], runs: int, number: int) -> float:
    times = alternate(runs, mine=per_call(mine, number), base=per_call(base, number))
    ours, theirs = (statistics.median(times[k]) / number * 1e6 for k in ("mine", "base"))
    spread = [t / number * 1e6 for t in times["base"]]
    low, high = min(spread), max(spread)
    print(
        f"  {label:<34} {ours:9.1f} us  vs {theirs:8.1f} us  = {ours / theirs:5.2f}x"
        f"   (baseline {low:.1f}..{high:.1f} us, spread {high / low - 1:.0%})"
    )
    return ours / theirs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30, help="batches per pair")
    parser.add_argument("--number", type=int, default=200, help="calls per batch")
    parser.add_argument("--profile", default="openai")
    args = parser.parse_args()

    import jsonschema

    import tierone
    from tierone.answers.strictform import to_strict_form

    parse_ratios, restore_ratios = [], []
    for name, answer in ANSWERS.items():
        model = models.MODELS[name]
        instance = model.model_validate(answer)
        original = model.model_json_schema()
        try:
            reader = tierone.strict(model, args.profile)
        except tierone.StrictError as error:
            print(f"{name}: skipped ({str(error)[:100]})")
            continue
        text = json.dumps(to_strict_form(instance.model_dump(mode="json"), original))
        plain = instance.model_dump_json()
        if reader.parse(text) != instance:
            print(f"{name}: the strict form does not read back; not measured")
            return 1
        print(f"{name} ({len(text)} bytes of answer)")
        parse_ratios.append(
            compare(
                "Strict.parse(text)",
                lambda r=reader, t=text: r.parse(t),
                lambda m=model, p=plain: m.model_validate_json(p),
                args.runs,
                args.number,
            )
        )
        schema_reader = tierone.strict(original, args.profile)
        payload = json.loads(text)
        restored = schema_reader.restore(payload)
        cls = jsonschema.validators.validator_for(original)
        prebuilt = cls(original, format_checker=cls.FORMAT_CHECKER)
        prebuilt.validate(restored)
        restore_ratios.append(
            compare(
                "Strict.restore(obj) [schema]",
                lambda r=schema_reader, p=payload: r.restore(p),
                lambda v=prebuilt, p=restored: v.validate(p),
                args.runs,
                args.number,
            )
        )
    if parse_ratios:
        print(
            f"parse vs pydantic: median {statistics.median(parse_ratios):.2f}x, worst {max(parse_ratios):.2f}x (target <= 2x)"
        )
        print(
            f"restore vs jsonschema: median {statistics.median(restore_ratios):.2f}x, worst {max(restore_ratios):.2f}x "
            "(target <= 1.5x)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
