"""Checks of the reasoning convention (T7xx), for envelope payload schemas only: a
top-level ``reasoning`` string, first, optional, unconstrained."""

from __future__ import annotations

from typing import Any

from ...core.pointer import ROOT, Pointer
from .base import NONE, Hit, Hits, Tally, final_check

REASONING_CONSTRAINTS = ("enum", "const", "pattern", "format", "minLength", "maxLength")

REASONING = Pointer(("properties", "reasoning"))


def _reasoning(tally: Tally) -> dict[str, Any] | None:
    root = tally.root
    properties = root.get("properties") if isinstance(root, dict) else None
    found = properties.get("reasoning") if isinstance(properties, dict) else None
    return found if isinstance(found, dict) else None


@final_check("T701")
def reasoning_missing(tally: Tally) -> Hits:
    envelope = tally.envelope
    if envelope is None or not envelope.needs_reasoning or _reasoning(tally) is not None:
        return NONE
    return (Hit(ROOT, None, {"kind": envelope.kind}),)


@final_check("T702")
def reasoning_type(tally: Tally) -> Hits:
    reasoning = _reasoning(tally)
    if tally.envelope is None or reasoning is None:
        return NONE
    required = tally.root.get("required")
    listed = isinstance(required, list) and "reasoning" in required
    expected = ["string", "null"] if listed else "string"
    if reasoning.get("type") == expected:
        return NONE
    words = 'typed `["string", "null"]` when it is listed in `required`' if listed else "typed `string` when optional"
    return (Hit(REASONING, "type" if "type" in reasoning else None, {"expected": words}),)


@final_check("T703")
def reasoning_not_first(tally: Tally) -> Hits:
    if tally.envelope is None or _reasoning(tally) is None:
        return NONE
    properties = tally.root["properties"]
    ordering = tally.root.get("propertyOrdering")
    if next(iter(properties)) != "reasoning":
        return (Hit(REASONING, None, {"detail": " in `properties`"}),)
    if isinstance(ordering, list) and ordering and ordering[0] != "reasoning":
        return (Hit(ROOT, "propertyOrdering", {"detail": " in `propertyOrdering`"}),)
    return NONE


@final_check("T704")
def reasoning_constrained(tally: Tally) -> Hits:
    reasoning = _reasoning(tally)
    if tally.envelope is None or reasoning is None:
        return NONE
    return [Hit(REASONING, keyword) for keyword in REASONING_CONSTRAINTS if keyword in reasoning]


@final_check("T705")
def reasoning_on_acknowledgement(tally: Tally) -> Hits:
    if tally.envelope is None or tally.envelope.kind != "schema.response" or _reasoning(tally) is None:
        return NONE
    return (Hit(REASONING),)
