"""Meaning checks shared by the tests and scripts/meaning_corpus.py.

For a schema S with R = rewrite(S, profile): every instance x of S (as the rewriter reads it),
put in the strict form of R (``to_strict_form(x, S, profile)``), is valid under R, and
restores to exactly x (with null-as-absent: an explicit null for an optional member reads
back as absent); every instance y of R restores to something valid under S or to clear
validation errors, never to a crash.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import jsonschema
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import InvalidArgument, Unsatisfiable
from hypothesis_jsonschema._canonicalise import HypothesisRefResolutionError

from tierone.answers.restore import restore
from tierone.answers.strictform import as_read, normalized, to_strict_form
from tierone.rewriter.passes.nulls import read_nullable
from tierone.rewriter.rewrite import rewrite

#: what says "hypothesis-jsonschema has no generator for this schema" (or cannot satisfy it): a
#: skip; any other exception is a failure
_NO_GENERATOR = (InvalidArgument, Unsatisfiable, HypothesisRefResolutionError, jsonschema.SchemaError)


#: the instances are drawn, never shrunk: an outcome names a crash by its type and message and a
#: problem by the instance it met, so shrinking a crash's instance (which hypothesis does
#: before it re-raises, for seconds) would change nothing reported
_DRAWN = (Phase.generate,)


class Outcome(NamedTuple):
    #: "clean", "unfixable", "skipped" (no generator for the schema) or "failed"
    status: str
    detail: str = ""


def check(schema: Any, examples: int = 15, profile: str = "tier1") -> Outcome:
    from hypothesis_jsonschema import from_schema

    from tierone.core.validation import CannotJudge, validator

    result = rewrite(schema, profile)
    if not result.ok:
        return Outcome("unfixable", "; ".join(f"{u.rule} {u.pointer}" for u in result.unfixable[:3]))
    if _is_valid_schema(schema) and not _is_valid_schema(result.schema):
        return Outcome("failed", "the rewrite of a valid schema is not a valid schema")
    try:
        # OpenAPI's `nullable` (gemini-openapi) admits null, as the vendor reads it
        wire = jsonschema.Draft202012Validator(read_nullable(result.schema))
        # the oracle judges patterns as restore does (the `regex` engine, not `re`), and reads
        # OpenAPI's `nullable: true` as admitting null, as restore does (docs/read-side.md)
        original = validator(read_nullable(schema), formats=True)
        instances = from_schema(as_read(schema))
        answers = from_schema(result.schema)
    except Exception as error:  # noqa: BLE001 (sorted by _stopped: only _NO_GENERATOR is a skip)
        return _stopped(error)
    problems: list[str] = []

    @settings(
        max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck), phases=_DRAWN
    )
    @given(instances)
    def forward(x: Any) -> None:
        if not original.is_valid(x):
            return  # the generator and the validator disagree (formats): not an instance for us
        expected = normalized(x, schema, result.profile)  # as restore reads this profile's strict form
        if not original.is_valid(expected):
            return  # an explicit null that null-as-absent reads as absent: not representable
        strict = to_strict_form(x, schema, result.profile)  # the form R carries (root wrapper, encodings)
        errors = list(wire.iter_errors(strict))
        if errors:
            problems.append(f"strict form invalid under R: {errors[0].message[:120]}")
            return
        back = restore(strict, schema)
        if not back.ok:
            problems.append(f"restore rejected a valid instance: {back.errors[0]}")
        elif not _same(back.payload, expected):
            problems.append(f"restore changed the instance: {str(x)[:80]} -> {str(back.payload)[:80]}")

    @settings(
        max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck), phases=_DRAWN
    )
    @given(answers)
    def backward(y: Any) -> None:
        back = restore(y, schema)  # valid or errors; an exception fails the check
        if back.ok and not original.is_valid(back.payload):
            problems.append(f"restore accepted what the original refuses: {str(back.payload)[:80]}")

    try:
        forward()
        backward()
    except CannotJudge as error:  # a typed refusal (a reference not in the schema, a pattern too slow)
        return Outcome("skipped", f"{type(error).__name__}: {error}"[:300])
    except Exception as error:  # noqa: BLE001 (sorted by _stopped: only _NO_GENERATOR is a skip)
        return _stopped(error)
    return Outcome("failed", problems[0]) if problems else Outcome("clean")


def _stopped(error: Exception) -> Outcome:
    """ "skipped" when hypothesis-jsonschema has no generator for the schema; any other exception
    (a crash in strict form or restore, say) is "failed"."""
    if isinstance(error, _NO_GENERATOR) or _in_the_generator(error):
        return Outcome("skipped", type(error).__name__)
    return Outcome("failed", f"crash: {type(error).__name__}: {error}"[:300])


def _in_the_generator(error: Exception) -> bool:
    """Whether ``error`` was raised inside hypothesis-jsonschema while it drew an instance (it
    resolves a reference within a subschema cut from its document, say): its limit, not ours."""
    import traceback

    frames = traceback.extract_tb(error.__traceback__)
    generator = [i for i, frame in enumerate(frames) if "hypothesis_jsonschema" in frame.filename]
    return (
        bool(generator)
        and (
            generator[-1] == len(frames) - 1
            or any(frames[i].name == "resolve_all_refs" for i in generator)
            # its filters validate a subschema cut from its document (a reference there leads nowhere)
            or not any("/tierone/" in frame.filename for frame in frames[generator[0] :])
        )
    )


def _is_valid_schema(schema: Any) -> bool:
    try:
        jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator).check_schema(schema)
    except jsonschema.SchemaError:
        return False
    return True


def _same(a: Any, b: Any) -> bool:
    import json

    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
