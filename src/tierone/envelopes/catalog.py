"""The universal-kind payload schemas shipped with tierone, and vendor-kind helpers (the kind
names themselves are RFC 0030 data, in :mod:`tierone.subset.kinds`)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any, NamedTuple

from ..subset.kinds import LOW_REASONING_KINDS, UNIVERSAL_KINDS, is_vendor_kind, needs_reasoning

__all__ = [
    "LOW_REASONING_KINDS",
    "UNIVERSAL_KINDS",
    "UnknownKind",
    "Validation",
    "is_vendor_kind",
    "kinds",
    "needs_reasoning",
    "schema",
    "validate",
    "with_reasoning",
]


class UnknownKind(LookupError):
    """A kind tierone ships no schema for."""

    def __init__(self, kind: str) -> None:
        super().__init__(kind)
        self.kind = kind

    def __str__(self) -> str:
        return f"unknown envelope kind {self.kind!r}; known: {', '.join(UNIVERSAL_KINDS)}"


class Validation(NamedTuple):
    """A payload checked against a kind's canonical schema."""

    #: the payload as the canonical schema reads it (nulls of optional fields absent)
    payload: Any
    #: (pointer, message) for each problem; empty when valid
    errors: tuple[tuple[str, str], ...]

    @property
    def ok(self) -> bool:
        return not self.errors


def kinds() -> tuple[str, ...]:
    """The universal kinds tierone ships schemas for."""
    return UNIVERSAL_KINDS


@cache
def _load(kind: str, strict: bool) -> str:
    if kind not in UNIVERSAL_KINDS:
        raise UnknownKind(kind)
    folder = resources.files(__package__).joinpath("schemas")
    if strict:
        folder = folder.joinpath("strict")
    return folder.joinpath(f"{kind}.schema.json").read_text(encoding="utf-8")


def schema(kind: str, strict: bool = False) -> dict[str, Any]:
    """The payload schema of ``kind``: canonical, or the strict rendition (every property
    required, nullable where optional, closed, no bounds) that passes the Tier-1 check."""
    document: dict[str, Any] = json.loads(_load(kind, strict))
    return document


def with_reasoning(payload_schema: Mapping[str, Any]) -> dict[str, Any]:
    """A vendor kind's schema with an optional ``reasoning`` string as its first property
    (and first in ``propertyOrdering`` when the schema has one). The input is not modified;
    an existing ``reasoning`` keeps its definition and moves first."""
    properties = dict(payload_schema.get("properties") or {})
    reasoning = properties.pop("reasoning", None) or dict(schema("error")["properties"]["reasoning"])
    result = {**payload_schema, "properties": {"reasoning": reasoning, **properties}}
    if "type" not in result:
        result["type"] = "object"
    ordering = payload_schema.get("propertyOrdering")
    if isinstance(ordering, list):
        result["propertyOrdering"] = ["reasoning", *[name for name in ordering if name != "reasoning"]]
    return result


def validate(kind: str, payload: Any) -> Validation:
    """Validate a payload of ``kind``, in either form: ``null`` for an optional field counts
    as absent and JSON-encoded free-form data is decoded, then the canonical schema judges
    (through :func:`tierone.answers.restore.restore`: nothing fetched, any depth that loading
    accepts; a payload past the judging limits raises
    :class:`~tierone.core.validation.CannotJudge`)."""
    from ..answers.restore import restore

    restored = restore(payload, schema(kind))
    return Validation(restored.payload, tuple((str(e.pointer), e.message) for e in restored.errors))
