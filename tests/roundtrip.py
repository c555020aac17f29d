"""Round-trip checks shared by the tests and scripts/roundtrip_corpus.py.

For a schema S with R = rewrite(S): every instance x of S (as the rewriter reads it), put in
strict form, is valid under R, and restores to exactly x (with null-as-absent: an explicit
null for an optional member reads back as absent); every instance y of R restores to
something valid under S or to validation errors, never to a crash.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from hypothesis import HealthCheck, given, settings

from tierone.subset.restore import restore
from tierone.subset.rewriter import rewrite
from tierone.subset.strictform import as_read, normalized, to_strict_form


class Outcome(NamedTuple):
    #: "clean", "unfixable", "skipped" (no generator for the schema) or "failed"
    status: str
    detail: str = ""


def check(schema: Any, examples: int = 15) -> Outcome:
    import jsonschema
    from hypothesis_jsonschema import from_schema

    from tierone.core.validation import CannotJudge, validator

    result = rewrite(schema)
    if not result.ok:
        return Outcome("unfixable", "; ".join(f"{u.rule} {u.pointer}" for u in result.unfixable[:3]))
    try:
        wire = jsonschema.Draft202012Validator(result.schema)
        # the oracle judges patterns as restore does (the `regex` engine, not `re`)
        original = validator(schema, formats=True)
        instances = from_schema(as_read(schema))
        answers = from_schema(result.schema)
    except Exception as error:  # noqa: BLE001 (no generator for this schema)
        return Outcome("skipped", f"{type(error).__name__}")
    problems: list[str] = []

    @settings(max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(instances)
    def forward(x: Any) -> None:
        if not original.is_valid(x):
            return  # the generator and the validator disagree (formats): not an instance for us
        if not original.is_valid(normalized(x, schema)):
            return  # an explicit null that null-as-absent reads as absent: not representable
        strict = to_strict_form(x, schema)
        errors = list(wire.iter_errors(strict))
        if errors:
            problems.append(f"strict form invalid under R: {errors[0].message[:120]}")
            return
        back = restore(strict, schema)
        if not back.ok:
            problems.append(f"restore rejected a valid instance: {back.errors[0]}")
        elif not _same(back.payload, normalized(x, schema)):
            problems.append(f"restore changed the instance: {str(x)[:80]} -> {str(back.payload)[:80]}")

    @settings(max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(answers)
    def backward(y: Any) -> None:
        restore(y, schema)  # valid or errors; an exception fails the check

    try:
        forward()
        backward()
    except CannotJudge as error:  # a typed refusal (a reference not in the schema, a pattern too slow)
        return Outcome("skipped", f"{type(error).__name__}: {error}"[:300])
    except Exception as error:  # noqa: BLE001
        if "Unsatisfiable" in type(error).__name__ or "Invalid" in type(error).__name__ or "HypothesisRef" in type(error).__name__:
            return Outcome("skipped", type(error).__name__)
        return Outcome("failed", f"crash: {type(error).__name__}: {error}"[:300])
    return Outcome("failed", problems[0]) if problems else Outcome("clean")


def _same(a: Any, b: Any) -> bool:
    import json

    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
