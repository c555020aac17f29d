"""The probe report (text for people, JSON for scripts) and the cells it implies.

The JSON report is a promise to scripts: ``{"vendor", "model", "date", "probes": [{"row",
"probe", "api", "schema", "status", "message"}]}``, where ``row`` is the rule code (or
``control`` for the control schema), ``probe`` a stable id, ``api`` the request path,
``schema`` exactly the schema sent, ``status`` accepted, rejected or inconclusive, and
``message`` the vendor's words (or null), as :func:`~.keys.redact` left them: escaped,
without any piece of the key, cut.

``--update`` turns a row's results into its vendor cell: a row with any inconclusive
probe is left alone; otherwise every probe accepted on every path makes the cell
supported, every probe rejected makes it unsupported, anything else partial (with the
accepted values, for rows whose probes try values). A cell whose status (or allowed values)
comes out the same keeps its note and has its evidence refreshed (today's date, method
"probe", the model); only cells whose status or values differ are reported as changed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from ..subset.model import PARTIAL, SUPPORTED, UNSUPPORTED, Support
from ..vendors import VENDORS
from .catalog import BY_ID, CONTROL
from .keys import shorten
from .runner import ACCEPTED, INCONCLUSIVE, REJECTED, Result

FIELDS = ("row", "probe", "api", "schema", "status", "message")


class Report(NamedTuple):
    vendor: str
    model: str
    date: str
    results: tuple[Result, ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "vendor": self.vendor,
            "model": self.model,
            "date": self.date,
            "probes": [{field: getattr(r, field) for field in FIELDS} for r in self.results],
        }

    def counts(self) -> dict[str, int]:
        return {status: sum(r.status == status for r in self.results) for status in (ACCEPTED, REJECTED, INCONCLUSIVE)}


def as_json(report: Report) -> str:
    return json.dumps(report.as_dict(), indent=2, ensure_ascii=False) + "\n"


def as_text(report: Report) -> str:
    lines = [f"tierone probe: {report.vendor}, model {report.model}, {report.date}"]
    for r in report.results:
        message = f"  {r.message}" if r.message else ""
        lines.append(f"{r.row:<7} {r.probe:<30} {r.api:<36} {r.status:<12}{message}".rstrip())
    counts = report.counts()
    lines.append(f"{len(report.results)} probes: " + ", ".join(f"{n} {s}" for s, n in counts.items()))
    return "\n".join(lines) + "\n"


RENDER = {"text": as_text, "json": as_json}


class Change(NamedTuple):
    """A cell whose status or values the probe changed."""

    row: str
    source: str
    old: Support
    new: Support

    def describe(self) -> str:
        def show(cell: Support) -> str:
            values = f" {sorted(map(str, cell.allowed))}" if cell.allowed is not None else ""
            return f"{cell.status}{values}"

        return f"{self.row} {self.source}: {show(self.old)} -> {show(self.new)} ({self.new.note})"


def _verdicts(results: Sequence[Result]) -> dict[str, set[str]]:
    """Each probe id's statuses across the paths it was sent on."""
    verdicts: dict[str, set[str]] = {}
    for r in results:
        verdicts.setdefault(r.probe, set()).add(r.status)
    return verdicts


def derive(old: Support, results: Sequence[Result], date: str, model: str) -> tuple[Support, bool] | None:
    """The cell the results imply and whether its status or values changed; None when the
    results cannot decide (an inconclusive probe, or no deciding probe)."""
    deciding = [r for r in results if BY_ID[r.probe].kind != "info"]
    if not deciding or any(r.status == INCONCLUSIVE for r in deciding):
        return None
    verdicts = _verdicts(deciding)
    if all(v == {ACCEPTED} for v in verdicts.values()):
        status = SUPPORTED
    elif all(v == {REJECTED} for v in verdicts.values()):
        status = UNSUPPORTED
    else:
        status = PARTIAL
    allowed = old.allowed if status == PARTIAL else None
    tried = {BY_ID[p].value for p in verdicts if BY_ID[p].kind == "value"}
    if status == PARTIAL and tried:
        taken = {BY_ID[p].value for p, v in verdicts.items() if BY_ID[p].kind == "value" and v == {ACCEPTED}}
        allowed = frozenset(((old.allowed or frozenset()) - tried) | taken)
    changed = status != old.status or (status == PARTIAL and allowed != old.allowed)
    if not changed:
        return old._replace(verified=date, method="probe", model=model), False
    condition = old.condition if status == PARTIAL else None
    return Support(status, _summary(status, deciding), date, None, allowed, "probe", model, condition), True


def _summary(status: str, results: Sequence[Result]) -> str:
    if status == SUPPORTED:
        return "accepted by a live probe on every strict path"
    if status == UNSUPPORTED:
        said = next((r.message for r in results if r.message), "")
        return "rejected by a live probe" + (f": {shorten(said, 120)}" if said else "")
    rejected = sorted({f"{r.probe} on {r.api}" for r in results if r.status == REJECTED})
    return "a live probe saw rejections: " + "; ".join(rejected)[:200]


def update(
    cells: Mapping[str, Mapping[str, Support]], report: Report
) -> tuple[dict[str, dict[str, Support]], list[Change]]:
    """The cells with the report's results written in, and the cells that changed."""
    new = {code: dict(row) for code, row in cells.items()}
    changes = []
    by_row: dict[str, list[Result]] = {}
    for r in report.results:
        if r.row != CONTROL.row:
            by_row.setdefault(r.row, []).append(r)
    for row, results in by_row.items():
        if row in VENDORS[report.vendor].unenforced:
            continue
        old = new.setdefault(row, {}).get(report.vendor, Support(SUPPORTED))
        derived = derive(old, results, report.date, report.model)
        if derived is None:
            continue
        cell, changed = derived
        new[row][report.vendor] = cell
        if changed:
            changes.append(Change(row, report.vendor, old, cell))
    return new, changes
