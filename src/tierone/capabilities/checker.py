"""``check()``: is a capabilities document well formed, and do its claims hold?

Without schemas it validates the document (v1 shape, or the v2 ``envelopes`` family record)
and the rules the schema cannot express. With the served schemas it also runs the static
scenarios of the reference conformance suite and says, per scenario, pass, fail or skip.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple

from ..core.pointer import Pointer
from ..envelopes.catalog import LOW_REASONING_KINDS, UNIVERSAL_KINDS
from ..rewriter.shapes import dict_at
from ..subset.kinds import is_kind_name, kind_shown
from .evidence import load_bearing_findings, reasoning_findings, subset_findings
from .reasoning_shape import reasoning_shape
from .served import Served, find_schema

#: families that belong at the document root (RFC 0073), not under a `capabilities` wrapper
FAMILIES = (
    "protocolVersion",
    "supportedEnvelopes",
    "schemaVersions",
    "limits",
    "envelopeStrictness",
    "envelopeContracts",
    "envelopes",
)
PASS, FAIL, SKIP = "pass", "fail", "skip"


class Problem(NamedTuple):
    """Something wrong with the document itself."""

    pointer: str
    message: str


class Scenario(NamedTuple):
    """One static conformance scenario and its outcome."""

    name: str
    status: str
    detail: str = ""


class CheckReport(NamedTuple):
    """The verdict on a capabilities document."""

    problems: tuple[Problem, ...]
    scenarios: tuple[Scenario, ...]
    #: "v1" or "v2"
    shape: str
    #: what holds but would not under the reference suite's literal reading (one line each)
    warnings: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems and all(s.status != FAIL for s in self.scenarios)


@cache
def _shipped(name: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(
        resources.files(__package__).joinpath("schemas", name).read_text(encoding="utf-8")
    )
    return document


def capabilities_schema(version: str = "v1") -> dict[str, Any]:
    """The shipped schema: the v1 document, or the v2 ``envelopes`` family record."""
    return _shipped("capabilities.v1.schema.json" if version == "v1" else "capabilities.v2.envelopes.schema.json")


def _validate(instance: Any, schema: Mapping[str, Any], base: Pointer | None = None) -> list[Problem]:
    base = base or Pointer()
    from ..core.validation import validator

    problems = []
    for error in sorted(validator(schema).iter_errors(instance), key=lambda e: list(map(str, e.absolute_path))):
        problems.append(Problem(str(Pointer((*base, *error.absolute_path))), error.message))
    return problems


def schema_problems(document: Any) -> list[Problem]:
    """Problems the shipped v1 schema finds."""
    return _validate(document, capabilities_schema("v1"))


def _compliance_hint(schemas: Mapping[str, Any] | None) -> str:
    if schemas is None:
        return 'use "strict" only if every served schema passes the Tier-1 check, else "warn" (or "off")'
    failing = [kind for kind, schema in schemas.items() if schema is not None and subset_findings(schema)]
    if failing:
        return f'use "warn": {", ".join(sorted(failing))} fail the Tier-1 check'
    return 'use "strict": every served schema passes the Tier-1 check'


def document_problems(document: Any, schemas: Mapping[str, Any] | None = None) -> tuple[list[Problem], str]:
    """The document's own problems, and its shape ("v1" or "v2")."""
    if not isinstance(document, dict):
        return [Problem("", "a capabilities document is a JSON object")], "v1"
    problems: list[Problem] = []
    wrapper = document.get("capabilities")
    if isinstance(wrapper, dict):
        nested = [f for f in FAMILIES if f in wrapper]
        if nested:
            problems.append(
                Problem(
                    "/capabilities",
                    f"families under the deprecated `capabilities` wrapper ({', '.join(nested)}): "
                    "move them to the document root (RFC 0073); conformance reads only the root",
                )
            )
    envelopes = document.get("envelopes")
    compliance = envelopes.get("tierOneSubsetCompliance") if isinstance(envelopes, dict) else None
    if isinstance(compliance, bool):
        problems.append(
            Problem(
                "/envelopes/tierOneSubsetCompliance",
                f"a boolean ({json.dumps(compliance)}) is not allowed since the 2026-05-21 amendment: "
                + _compliance_hint(schemas),
            )
        )
    if "protocolVersions" in document:
        shape = "v2"
        if isinstance(envelopes, dict):
            family = {
                k: v for k, v in envelopes.items() if not (k == "tierOneSubsetCompliance" and isinstance(v, bool))
            }
            problems += _validate(family, capabilities_schema("v2"), Pointer(("envelopes",)))
    else:
        shape = "v1"
        for problem in schema_problems(document):
            if problem.pointer == "/envelopes/tierOneSubsetCompliance" and isinstance(compliance, bool):
                continue
            if problem.pointer == "/envelopes/reasoning/promptDirective":
                problem = Problem(
                    problem.pointer, f"unknown promptDirective: {problem.message}; use advisory, mandatory or off"
                )
            problems.append(problem)
        advertised = document.get("supportedEnvelopes")
        if isinstance(advertised, list) and advertised:
            missing = [k for k in UNIVERSAL_KINDS if k not in advertised]
            if missing:
                problems.append(
                    Problem(
                        "/supportedEnvelopes",
                        f"a non-empty list must include the universal kinds; missing {', '.join(missing)}",
                    )
                )
            versions = document.get("schemaVersions")
            if isinstance(versions, dict):
                unversioned = [k for k in advertised if isinstance(k, str) and k not in versions]
                if unversioned:
                    problems.append(
                        Problem("/schemaVersions", f"no version for {', '.join(map(kind_shown, unversioned))}")
                    )
    return problems, shape


def advertised_kinds(document: Mapping[str, Any]) -> list[str]:
    listed = document.get("supportedEnvelopes")
    if isinstance(listed, dict):  # v2: {"kinds": [...]}
        listed = listed.get("kinds")
    kinds = [k for k in listed if isinstance(k, str)] if isinstance(listed, list) else []
    return list(dict.fromkeys([*UNIVERSAL_KINDS, *kinds]))


def lookup(kind: str, folders: Sequence[Path], universal: str = "files") -> Served:
    """A served kind's schema: from the folders, or tierone's shipped universal renditions."""
    if kind in UNIVERSAL_KINDS and universal != "files":
        from ..envelopes.catalog import schema

        return Served(kind, schema(kind, universal == "strict"), f"tierone:{universal}")
    return find_schema(kind, folders)


def scenarios(
    document: Mapping[str, Any],
    folders: Sequence[Path],
    universal: str = "files",
    low_reasoning: tuple[str, ...] = LOW_REASONING_KINDS,
    reference_literal: bool = False,
) -> tuple[list[Scenario], list[Problem], list[str]]:
    """The static scenarios, run on the schemas found for the advertised kinds, and their
    warnings. Raises :class:`~tierone.core.errors.InputError` for a served schema that cannot
    be judged (a reference not in it: nothing is ever fetched)."""
    kinds = advertised_kinds(document)
    found = {kind: lookup(kind, folders, universal) for kind in kinds}
    problems = [
        Problem(
            "/supportedEnvelopes",
            f"advertised kind {k} has no schema: {s.error}" if is_kind_name(k) else f"advertised kind {s.error}",
        )
        for k, s in found.items()
        if s.error
    ]
    schemas = {k: s.schema for k, s in found.items() if not s.error}
    envelopes = dict_at(document, "envelopes")
    compliance = envelopes.get("tierOneSubsetCompliance", "off")
    reasoning = dict_at(envelopes, "reasoning")
    # The shape scenario judges the schemas received envelopes are validated against: when the
    # host serves tierone's strict renditions, those are the canonical schemas they derive from.
    shape_schemas = dict(schemas)
    origins = {k: s.origin for k, s in found.items()}
    if universal == "strict":
        shape_schemas.update({k: lookup(k, folders, "canonical").schema for k in UNIVERSAL_KINDS})
    failures, warnings = reasoning_shape(shape_schemas, reference_literal, origins)
    result = [Scenario("envelope-reasoning-shape", FAIL if failures else PASS, "; ".join(failures))]

    if compliance == "strict":
        failing = {k: subset_findings(s) for k, s in schemas.items()}
        detail = "; ".join(
            f"{k}: {found_[0]}" + (f" (+{len(found_) - 1} more)" if len(found_) > 1 else "")
            for k, found_ in failing.items()
            if found_
        )
        result.append(Scenario("envelope-tier-one-subset-static (strict leg)", FAIL if detail else PASS, detail))
    else:
        result.append(
            Scenario(
                "envelope-tier-one-subset-static (strict leg)", SKIP, f"the host advertises {json.dumps(compliance)}"
            )
        )

    always_on = {k: load_bearing_findings(s) for k, s in schemas.items() if k in UNIVERSAL_KINDS}
    detail = "; ".join(f"{k}: {f[0]}" for k, f in always_on.items() if f)
    result.append(Scenario("envelope-tier-one-subset-static (load-bearing leg)", FAIL if detail else PASS, detail))

    if reasoning.get("supported") is True:
        broken = {k: reasoning_findings(s, k, low_reasoning) for k, s in schemas.items()}
        detail = "; ".join(f"{k}: {f[0]}" for k, f in broken.items() if f)
        result.append(Scenario("reasoning.supported claim", FAIL if detail else PASS, detail))
    else:
        result.append(Scenario("reasoning.supported claim", SKIP, "the host does not claim reasoning support"))
    return result, problems, warnings


def check(
    document: Any,
    folders: Sequence[Path] | None = None,
    universal: str = "files",
    low_reasoning: tuple[str, ...] = LOW_REASONING_KINDS,
    reference_literal: bool = False,
) -> CheckReport:
    """Validate a capabilities document; with ``folders``, also prove its claims.
    ``universal`` ("files", "canonical" or "strict") says where the universal kinds' schemas
    come from; ``reference_literal`` judges the reasoning shape by the reference suite's
    literal assertion (RFC 0030 §D's strict form then fails). Served schemas' references are
    never fetched: one that is not in its schema raises :class:`~tierone.core.errors.InputError`."""
    schemas = None
    if folders is not None and isinstance(document, dict):
        schemas = {k: lookup(k, folders, universal).schema for k in advertised_kinds(document)}
    problems, shape = document_problems(document, schemas)
    found: list[Scenario] = []
    warnings: list[str] = []
    if folders is not None and isinstance(document, dict):
        found, missing, warnings = scenarios(document, folders, universal, low_reasoning, reference_literal)
        problems += missing
    return CheckReport(tuple(problems), tuple(found), shape, tuple(warnings))
