"""What a host needs around ``reasoning`` (RFC 0030 §A, §E): the prompt directive, keeping
reasoning apart from visible output, secret redaction (SR-1) and trust marking."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

STRENGTHS = ("advisory", "mandatory", "off")
#: RFC 0030 recommends "advisory": firm wording can make strict models refuse mid-answer
DEFAULT_STRENGTH = "advisory"
#: secret values shorter than this are never redacted (too likely to match ordinary text)
MIN_SECRET_LENGTH = 8
SECRET_ID = re.compile(r"^[A-Za-z0-9._-]+$")
CREDENTIAL_REFERENCE = re.compile(r"secret:[A-Za-z0-9_-]+:[A-Za-z0-9._-]+:[A-Za-z0-9._-]+")
UNTRUSTED, TRUSTED = "untrusted", "trusted"

ADVISORY = (
    "Your answer's schema has a `reasoning` field. When it helps, fill it first: briefly work "
    "through how you will derive each of the other fields (what you know, what you infer, what "
    "you are unsure of), then give the structured fields. Leaving `reasoning` empty is accepted."
)
MANDATORY = (
    "Before any other field, write your analysis in the `reasoning` field: how each field's value "
    "follows from the input, the assumptions you made, and what could make the answer wrong. "
    "Treat `reasoning` as required for this answer. (The host will still accept an answer "
    "without it.)"
)


def _has_reasoning(schema: Any) -> bool:
    properties = schema.get("properties") if isinstance(schema, Mapping) else None
    return isinstance(properties, Mapping) and isinstance(properties.get("reasoning"), Mapping)


def directive(schema: Any, strength: str = DEFAULT_STRENGTH) -> str | None:
    """The system-prompt instruction for ``strength``; None for "off" or when the schema has
    no top-level ``reasoning`` property. Append it to the system prompt."""
    if strength not in STRENGTHS:
        raise ValueError(f"strength must be one of {', '.join(STRENGTHS)}, not {strength!r}")
    if strength == "off" or not _has_reasoning(schema):
        return None
    return ADVISORY if strength == "advisory" else MANDATORY


def reasoning_trust(contributing: Iterable[str]) -> str:
    """The trust mark ``reasoning`` carries: untrusted when any contributing input is (RFC 0030 §E)."""
    return UNTRUSTED if any(mark == UNTRUSTED for mark in contributing) else TRUSTED


class Split(NamedTuple):
    """A payload with its reasoning taken apart from what the user should see."""

    #: the reasoning text, or None when absent (or null)
    reasoning: str | None
    #: the payload without ``reasoning``: what to render and what to route on
    visible: Any
    #: "trusted" or "untrusted": how a UI must treat ``reasoning``
    trust: str = TRUSTED


def split_reasoning(payload: Any, contributing: Iterable[str] = ()) -> Split:
    """Separate ``reasoning`` from the rest so it is never shown or routed on by accident.
    The input is not modified."""
    trust = reasoning_trust(contributing)
    if not isinstance(payload, Mapping) or "reasoning" not in payload:
        return Split(None, payload, trust)
    reasoning = payload["reasoning"]
    visible = {k: v for k, v in payload.items() if k != "reasoning"}
    return Split(reasoning if isinstance(reasoning, str) else None, visible, trust)


class Secret(NamedTuple):
    """A known secret value and the id its marker shows."""

    id: str
    value: str

    def __repr__(self) -> str:  # never show the value
        return f"Secret(id={self.id!r}, value=<{len(self.value)} characters>)"


@dataclass(frozen=True)
class Redaction:
    """A redacted copy of a payload."""

    payload: Any
    #: how many occurrences were replaced
    count: int
    #: (pointer, reference) for each ``secret:<scope>:<name>:<version>`` credential reference
    references: tuple[tuple[str, str], ...] = ()


class DuplicateSecretId(ValueError):
    """Two secrets share an id: which value its marker stands for would be a guess."""

    def __init__(self, secret_id: str, index: int, first: int) -> None:
        super().__init__(f"secret #{index + 1}: duplicate id {secret_id!r} (first given as secret #{first + 1})")
        self.secret_id = secret_id
        #: 0-based positions of the two entries
        self.index = index
        self.first = first


def secrets_from(entries: Mapping[str, str] | Iterable[Secret | tuple[str, str]]) -> list[Secret]:
    """Secrets from ``{id: value}`` or (id, value) pairs; ids must match ``[A-Za-z0-9._-]+``
    and be unique (:class:`DuplicateSecretId`). Errors name the id, never the value."""
    pairs = entries.items() if isinstance(entries, Mapping) else entries
    secrets = []
    seen: dict[str, int] = {}
    for index, pair in enumerate(pairs):
        secret_id, value = pair
        if not isinstance(secret_id, str):
            raise TypeError(f"secret #{index + 1}: the id must be a string")
        if not SECRET_ID.match(secret_id):
            raise ValueError(f"secret #{index + 1}: id {secret_id!r} must match [A-Za-z0-9._-]+")
        if secret_id in seen:
            raise DuplicateSecretId(secret_id, index, seen[secret_id])
        seen[secret_id] = index
        if not isinstance(value, str):
            raise TypeError(f"secret {secret_id!r}: the value must be a string")
        secrets.append(Secret(secret_id, value))
    return secrets


def redact(payload: Any, secrets: Mapping[str, str] | Iterable[Secret | tuple[str, str]]) -> Redaction:
    """SR-1: every occurrence of each known secret value, anywhere in ``payload`` (reasoning,
    nested objects, arrays, open bags, member names), becomes ``[REDACTED:<secretId>]``.
    Exact substrings, longest first, one left-to-right pass (a marker is never re-redacted);
    values under 8 characters are ignored. Credential references
    (``secret:<scope>:<name>:<version>``) are reported as redacted, at redacted pointers: a
    report never holds a secret. The input is not modified."""
    from ..core.pointer import Pointer

    known = sorted(
        (s for s in secrets_from(secrets) if len(s.value) >= MIN_SECRET_LENGTH), key=lambda s: (-len(s.value), s.id)
    )
    by_value: dict[str, str] = {}
    for secret in known:
        by_value.setdefault(secret.value, secret.id)
    pattern = re.compile("|".join(re.escape(v) for v in by_value)) if by_value else None
    count = 0
    references: list[tuple[str, str]] = []

    def scrub(text: str, pointer: Pointer) -> str:
        nonlocal count
        hits = [(m.start(), m.end(), by_value[m.group(0)]) for m in pattern.finditer(text)] if pattern else []
        count += len(hits)
        references.extend(
            (str(pointer), _redacted(text, hits, found.start(), found.end()))
            for found in CREDENTIAL_REFERENCE.finditer(text)
        )
        return _redacted(text, hits, 0, len(text)) if hits else text

    def walk(value: Any, pointer: Pointer) -> Any:
        if isinstance(value, str):
            return scrub(value, pointer)
        if isinstance(value, Mapping):
            result = {}
            for key, item in value.items():
                name = scrub(key, pointer) if isinstance(key, str) else key
                result[name] = walk(item, pointer.child(name))
            return result
        if isinstance(value, list):
            return [walk(item, pointer.child(i)) for i, item in enumerate(value)]
        return value

    return Redaction(walk(payload, Pointer()), count, tuple(references))


def _redacted(text: str, hits: list[tuple[int, int, str]], start: int, end: int) -> str:
    """``text[start:end]`` with each secret occurrence that touches it, even in part, shown
    whole as its marker (so a reference cut through a secret shows no piece of it)."""
    pieces = []
    at = start
    for hit_start, hit_end, secret_id in hits:
        if hit_end <= start or hit_start >= end:
            continue
        pieces.append(text[at:hit_start] if hit_start > at else "")
        pieces.append(f"[REDACTED:{secret_id}]")
        at = max(at, hit_end)
    pieces.append(text[at:end] if end > at else "")
    return "".join(pieces)
