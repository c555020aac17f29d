"""``generate()``: the capabilities document from what a host really serves."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from ..core.errors import InputError
from ..envelopes.catalog import LOW_REASONING_KINDS, UNIVERSAL_KINDS
from ..envelopes.catalog import schema as shipped
from .config import HostConfig
from .evidence import load_bearing_findings, reasoning_findings, subset_findings
from .served import Served, find_schema


class Generated(NamedTuple):
    """A generated capabilities document, or the reasons it could not honestly be made."""

    #: the document (None when the claim was refused)
    document: dict[str, Any] | None
    #: the compliance the config asked for, and the one granted
    claimed: str
    granted: str | None
    #: kind -> findings that bear on the claim
    findings: Mapping[str, tuple[str, ...]]
    #: what the generator decided and why, in sentences
    notes: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return self.document is not None


def served_kinds(config: HostConfig) -> list[str]:
    """The universal kinds first, then the host's own, each once."""
    kinds = list(UNIVERSAL_KINDS)
    kinds += [k for k in config.servedKinds if k not in kinds]
    return kinds


def collect(config: HostConfig, folders: Sequence[Path] = ()) -> list[Served]:
    """Every served kind's schema; a missing or unreadable one is an :class:`InputError`."""
    dirs = [config.base / d for d in config.schemas] + list(folders)
    served = []
    for kind in served_kinds(config):
        if kind in UNIVERSAL_KINDS and config.universal != "files":
            strict = config.universal == "strict"
            served.append(Served(kind, shipped(kind, strict), f"tierone:{config.universal}"))
            continue
        found = find_schema(kind, dirs)
        if found.failure is not None:
            raise found.failure
        if found.error:
            raise InputError(found.origin or kind, found.error)
        served.append(found)
    return served


def generate(config: HostConfig, folders: Sequence[Path] = (), *, allow_downgrade: bool = False) -> Generated:
    """Lint every served schema with what the claim needs and build the document.

    A "strict" claim that a schema fails is refused (``document`` is None), or granted as
    "warn" with ``allow_downgrade``; "warn" needs the universal kinds to pass the reference's
    always-on leg. ``reasoning.supported`` is true only when every kind that should declare
    ``reasoning`` does. Missing schema files raise :class:`InputError`.
    """
    served = collect(config, folders)
    low = tuple(dict.fromkeys((*LOW_REASONING_KINDS, *config.lowReasoningKinds)))  # vendor.<host>.<kind> too
    notes: list[str] = []
    findings: dict[str, tuple[str, ...]] = {}
    granted: str | None = config.compliance

    if config.compliance == "strict":
        findings = {s.kind: tuple(subset_findings(s.schema)) for s in served}
        failing = [kind for kind, found in findings.items() if found]
        if failing:
            if not allow_downgrade:
                notes.append(
                    f'refused "strict": {len(failing)} served schema(s) fail the Tier-1 check: {", ".join(failing)}'
                )
                granted = None
            else:
                granted = "warn"
                notes.append(f'downgraded to "warn": {", ".join(failing)} fail the Tier-1 check')
    if granted == "warn":
        universal = {s.kind: tuple(load_bearing_findings(s.schema)) for s in served if s.kind in UNIVERSAL_KINDS}
        failing = [kind for kind, found in universal.items() if found]
        if failing:
            findings = {**findings, **{k: universal[k] for k in failing}}
            notes.append(
                'refused "warn": the universal kinds must pass the conformance suite\'s always-on leg; '
                f"{', '.join(failing)} do not"
            )
            granted = None
    if granted is None:
        return Generated(None, config.compliance, None, findings, tuple(notes))

    missing = {s.kind: reasoning_findings(s.schema, s.kind, low) for s in served}
    broken = sorted(kind for kind, found in missing.items() if found)
    supported = not broken
    if broken:
        notes.append(f"reasoning.supported is false: {', '.join(broken)} break the reasoning convention")
    versions = {s.kind: config.schemaVersions.get(s.kind, 1) for s in served}
    versions.update({k: v for k, v in config.schemaVersions.items() if k not in versions})
    document: dict[str, Any] = {
        "protocolVersion": config.protocolVersion,
        "supportedEnvelopes": [s.kind for s in served],
        "schemaVersions": versions,
        "limits": config.limits.model_dump(exclude_none=True),
    }
    if config.envelopeStrictness is not None:
        document["envelopeStrictness"] = config.envelopeStrictness
    document["envelopes"] = {
        "reasoning": {"supported": supported, "promptDirective": config.promptDirective},
        "tierOneSubsetCompliance": granted,
    }
    from .checker import schema_problems

    problems = schema_problems(document)
    if problems:  # a bug in tierone, never the user's fault: say so loudly
        raise AssertionError(f"generated document does not match the shipped schema: {problems}")
    return Generated(document, config.compliance, granted, {k: v for k, v in findings.items() if v}, tuple(notes))
