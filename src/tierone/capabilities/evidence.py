"""How served schemas are judged for a capabilities claim: tierone's profiles and the
reference conformance suite's static legs, side by side."""

from __future__ import annotations

from typing import Any

from ..envelopes.catalog import LOW_REASONING_KINDS
from ..subset import reference

#: the Tier-1 claim is about the subset; the reasoning convention is judged on its own
SUBSET_RULES = ("T1", "T2", "T3", "T4", "T5", "T6")


def _findings(schema: Any, profile: str, mode: str, select: tuple[str, ...] | None = None) -> list[str]:
    """tierone's findings under ``profile`` as ``CODE message [pointer]`` lines. tierone is
    never less strict than the reference walker; should that ever fail, the reference's own
    violations in ``mode`` still count, so a claim is never granted on tierone's word alone."""
    from ..linter.api import lint
    from ..linter.reporters import finding_text

    found = [finding_text(d) for d in lint(schema, profile=profile, select=select).diagnostics]
    if not found:
        found = [f"reference {v.rule} {v.detail} [{v.path}]" for v in reference.violations(schema, mode)]
    return found


def subset_findings(schema: Any) -> list[str]:
    """Why ``schema`` fails the Tier-1 check that a "strict" claim needs."""
    return _findings(schema, "tier1", reference.STRICT, SUBSET_RULES)


def load_bearing_findings(schema: Any) -> list[str]:
    """What the reference's always-on leg (and tierone's tier1-load-bearing) finds."""
    return _findings(schema, "tier1-load-bearing", reference.LOAD_BEARING)


def reasoning_findings(schema: Any, kind: str, low_reasoning: tuple[str, ...] = LOW_REASONING_KINDS) -> list[str]:
    """Where ``schema`` breaks the RFC 0030 reasoning convention for ``kind``."""
    from ..core.loading import Source
    from ..envelopes.catalog import needs_reasoning
    from ..linter.checks import Envelope
    from ..linter.engine import checklist_for, lint_source
    from ..linter.reporters import finding_text

    envelope = Envelope(kind, needs_reasoning(kind, low_reasoning))
    checklist = checklist_for("tier1", frozenset({"T701", "T702", "T703", "T704", "T705"}))
    result = lint_source(Source(kind, schema, "data"), checklist, envelope)
    return [finding_text(d) for d in result.diagnostics]
