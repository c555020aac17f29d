"""Envelope payload schemas (the universal kinds, canonical and strict) and the host's
helpers around ``reasoning``: the prompt directive, splitting it from visible output, SR-1
redaction and trust marking."""

from .catalog import (
    LOW_REASONING_KINDS,
    UNIVERSAL_KINDS,
    UnknownKind,
    Validation,
    is_vendor_kind,
    kinds,
    needs_reasoning,
    schema,
    validate,
    with_reasoning,
)
from .reasoning import (
    DEFAULT_STRENGTH,
    STRENGTHS,
    Redaction,
    Secret,
    Split,
    directive,
    reasoning_trust,
    redact,
    secrets_from,
    split_reasoning,
)

__all__ = [
    "DEFAULT_STRENGTH",
    "LOW_REASONING_KINDS",
    "STRENGTHS",
    "UNIVERSAL_KINDS",
    "Redaction",
    "Secret",
    "Split",
    "UnknownKind",
    "Validation",
    "directive",
    "is_vendor_kind",
    "kinds",
    "needs_reasoning",
    "reasoning_trust",
    "redact",
    "schema",
    "secrets_from",
    "split_reasoning",
    "validate",
    "with_reasoning",
]
