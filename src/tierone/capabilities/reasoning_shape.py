"""The envelope-reasoning-shape scenario of a capabilities check: `reasoning` on three
universal kinds as an optional string (the reference suite's reading) or in RFC 0030 §D's
strict form (required, ``["string", "null"]``), none on schema.response."""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources
from typing import Any

from ..envelopes.catalog import UNIVERSAL_KINDS
from ..rewriter.shapes import dict_at

#: RFC 0030 §D's strict form of `reasoning`: listed in `required`, typed ["string", "null"]
STRICT_FORM, LITERAL_FORM = "strict", "literal"
#: the reference suite's assertion that §D's form fails
LITERAL_ASSERTION = 'reasoning.type === "string" and reasoning not in required'


def _reasoning_form(schema: Mapping[str, Any]) -> str | None:
    """How ``schema`` declares `reasoning`: the reference suite's plain optional string
    (LITERAL_FORM), §D's required nullable string (STRICT_FORM), or neither (None)."""
    reasoning = dict_at(schema, "properties").get("reasoning")
    required = "reasoning" in (schema.get("required") or [])
    declared = reasoning.get("type") if isinstance(reasoning, dict) else None
    if declared == "string" and not required:
        return LITERAL_FORM
    if (
        isinstance(declared, list)
        and sorted(map(str, declared)) == ["null", "string"]
        and len(declared) == 2
        and required
    ):
        return STRICT_FORM
    return None


def _reasoning_failures(
    kind: str, schema: dict[str, Any], sample: Any, reference_literal: bool
) -> tuple[list[str], bool]:
    """Why ``schema`` fails the reasoning shape, and whether it passes in §D's strict form."""
    from ..answers.strictform import to_strict_form
    from ..core.validation import validator

    form = _reasoning_form(schema)
    strict = form == STRICT_FORM and not reference_literal
    reasoning = dict_at(schema, "properties").get("reasoning")
    failures = []
    if not strict and (not isinstance(reasoning, dict) or reasoning.get("type") != "string"):
        failures.append(f"{kind}: reasoning is not a plain string")
    elif not strict and "reasoning" in (schema.get("required") or []):
        failures.append(f"{kind}: reasoning is required")
    check = validator(schema)
    # in §D's form a payload "without reasoning" carries `reasoning: null` (the read side
    # tolerates null exactly as absence), and every other optional member is null too
    absent = {**to_strict_form(sample, schema), "reasoning": None} if strict else sample
    if not check.is_valid(absent) or not check.is_valid({**absent, "reasoning": "because"}):
        failures.append(f"{kind}: a payload with or without reasoning is rejected")
    if check.is_valid({**absent, "reasoning": 42}):
        failures.append(f"{kind}: reasoning 42 is accepted")
    return failures, strict and not failures


def reasoning_shape(
    schemas: Mapping[str, Any],
    reference_literal: bool = False,
    origins: Mapping[str, str] | None = None,
) -> tuple[list[str], list[str]]:
    """envelope-reasoning-shape: optional string `reasoning` on three universal kinds, none on
    schema.response; payloads validate with and without it; ``reasoning: 42`` is rejected.
    §D's strict form (required, ``["string", "null"]``) satisfies it too, with a warning,
    unless ``reference_literal``. Returns the scenario's failures and its warnings."""
    samples = json.loads(resources.files("tierone.envelopes").joinpath("schemas", "samples.json").read_text())
    failures = []
    strict_form = []
    for kind in UNIVERSAL_KINDS:
        schema = schemas.get(kind)
        if not isinstance(schema, dict):
            failures.append(f"{kind}: no schema")
            continue
        if kind == "schema.response":
            if "reasoning" in dict_at(schema, "properties"):
                failures.append(f"{kind}: declares reasoning")
            continue
        found, strict = _judged(kind, schema, samples[kind], reference_literal, (origins or {}).get(kind, ""))
        failures += found
        strict_form += [kind] if strict else []
    warnings = []
    if strict_form:
        warnings.append(
            f"envelope-reasoning-shape: {', '.join(strict_form)} declare reasoning in RFC 0030 §D's strict "
            f'form (required, ["string", "null"]), accepted here; the reference suite asserts '
            f"{LITERAL_ASSERTION}, which this form fails (--reference-literal judges by that assertion)"
        )
    return failures, warnings


def _judged(
    kind: str, schema: dict[str, Any], sample: Any, reference_literal: bool, origin: str
) -> tuple[list[str], bool]:
    """:func:`_reasoning_failures` with room for depth; a schema tierone cannot judge (a
    reference not in it, a loop, past the depth limits) is an input error for its file."""
    from ..core.depth import deeply, too_deep
    from ..core.errors import InputError
    from ..core.validation import CannotJudge, check_references

    try:
        check_references(schema)
        try:
            return deeply(_reasoning_failures, kind, schema, sample, reference_literal)
        except RecursionError:
            raise too_deep(schema) from None
    except CannotJudge as problem:
        raise InputError(origin or kind, f"{kind}: {problem}") from None
