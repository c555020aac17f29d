"""How served schemas are judged for a capabilities claim: tierone's profiles and the
reference conformance suite's static legs, side by side."""

from __future__ import annotations

from typing import Any

from ..envelopes.catalog import LOW_REASONING_KINDS
from ..subset import reference

#: the Tier-1 claim is about the subset; the reasoning convention is judged on its own
SUBSET_RULES = ("T1", "T2", "T3", "T4", "T5", "T6")


def subset_findings(schema: Any) -> list[str]:
    """Why ``schema`` fails the Tier-1 check ("strict"), as ``CODE message [pointer]`` lines:
    tierone's tier1 profile, plus anything the reference's strict leg would say."""
    from ..linter.api import lint

    found = [f"{d.code} {d.message} [{d.pointer}]" for d in lint(schema, select=SUBSET_RULES).diagnostics]
    found += [f"reference {v.rule} {v.detail} [{v.path}]".replace("  ", " ")
              for v in reference.violations(schema, reference.STRICT)] if not found else []
    return found


def load_bearing_findings(schema: Any) -> list[str]:
    """What the reference's always-on leg (and tierone's tier1-load-bearing) finds."""
    from ..linter.api import lint

    found = [f"{d.code} {d.message} [{d.pointer}]" for d in lint(schema, profile="tier1-load-bearing").diagnostics]
    found += [f"reference {v.rule} {v.detail} [{v.path}]" for v in reference.violations(schema, reference.LOAD_BEARING)] if not found else []
    return found


def reasoning_findings(schema: Any, kind: str, low_reasoning: tuple[str, ...] = LOW_REASONING_KINDS) -> list[str]:
    """Where ``schema`` breaks the RFC 0030 reasoning convention for ``kind``."""
    from ..core.loading import Source
    from ..envelopes.catalog import needs_reasoning
    from ..linter.checks import Envelope
    from ..linter.engine import lint_source, plan_for

    envelope = Envelope(kind, needs_reasoning(kind, low_reasoning))
    plan = plan_for("tier1", frozenset({"T701", "T702", "T703", "T704", "T705"}))
    result = lint_source(Source(kind, schema, "data"), plan, envelope)
    return [f"{d.code} {d.message} [{d.pointer}]" for d in result.diagnostics]
