"""Reporters render a :class:`LintReport`; they never print, exit or lint.

``REPORTERS`` maps each ``--format`` name to its renderer. What they render is always
Unicode text: documents with lone surrogates are refused when loaded, and a file name that is
not UTF-8 (its bytes carried as lone surrogates) is shown with those escaped (``\\udcff``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ..core.errors import InputError
from ..core.loading import printable
from ..core.version import __version__
from ..subset.table import BY_CODE
from .diagnostics import Diagnostic, LintReport
from .lines import _message_at, error_line, finding_text, shown_path, text_line
from .sarif import render_sarif, to_sarif

__all__ = [
    "REPORTERS",
    "error_line",
    "finding_text",
    "shown_path",
    "statistics",
    "summary",
    "text_line",
    "to_json",
    "to_sarif",
]

REPORT_SCHEMA_VERSION = 1


def _profiles(report: LintReport) -> str:
    """The profile the inputs were linted under, or each where request bodies implied others
    (``openai+anthropic`` for one file whose schemas were linted under both)."""
    used = list(dict.fromkeys(r.profile for r in report.results if r.error is None)) or [report.profile]
    return f"profile {used[0]}" if len(used) == 1 else f"profiles {', '.join(used)}"


def summary(report: LintReport) -> str:
    diagnostics = report.diagnostics
    files = len(report.results)
    noun = "file" if files == 1 else "files"
    lines = []
    if diagnostics:
        by_severity = Counter(d.severity for d in diagnostics)
        parts = ", ".join(f"{n} {s}{'s' if n != 1 else ''}" for s, n in sorted(by_severity.items()))
        with_findings = sum(1 for r in report.results if r.diagnostics)
        lines.append(
            f"Found {len(diagnostics)} finding{'s' if len(diagnostics) != 1 else ''} ({parts}) "
            f"in {with_findings} of {files} {noun} ({_profiles(report)})."
        )
        lines.extend(_fixable_lines(report))
    elif not files:
        lines.append("Nothing checked: no input found.")
    elif not report.errors:
        lines.append(f"All checks passed! ({files} {noun}, {_profiles(report)})")
    if report.errors:
        count = len(report.errors)
        lines.append(f"{count} {'input' if count == 1 else 'inputs'} could not be checked.")
    return "\n".join(lines)


def _fixable_lines(report: LintReport) -> list[str]:
    """How many findings ``lint --fix`` fixes (files), and how many only ``tierone rewrite``
    does (a model's schema, standard input: there is no file for ``--fix`` to write)."""
    by_fix = report.fixable_by_fix
    by_rewrite = sum(1 for d in report.diagnostics if d.fixable) - by_fix
    lines = []
    if by_fix:
        lines.append(f"{by_fix} fixable with `tierone rewrite` (or `tierone lint --fix`).")
    if by_rewrite:
        lines.append(
            f"{by_rewrite} {'more ' if by_fix else ''}fixable with `tierone rewrite` "
            "(a model or standard input: `lint --fix` has no file to write)."
        )
    return lines


def fix_lines(report: LintReport, d: Diagnostic) -> list[str]:
    """``--show-fixes``: what the rewrite would change for a finding, one line per change."""
    if report.fixes is None:
        return []
    return [
        f"    fix: {c.what}"
        + (f" [{c.pointer!s}]" if c.pointer != d.pointer else "")
        + (f" (loosened: {c.loosens}, enforced on read)" if c.loosens else "")
        for c in report.fixes.get(d, ())
    ]


def render_text(report: LintReport) -> str:
    if report.fixes is not None:
        return "".join(
            text_line(d) + "\n" + "".join(f + "\n" for f in fix_lines(report, d)) for d in report.diagnostics
        )
    return "".join(text_line(d) + "\n" for d in report.diagnostics)


def statistics(report: LintReport) -> str:
    counts = Counter(d.code for d in report.diagnostics)
    rows = []
    for code, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        feature = BY_CODE[code]
        rows.append(f"{count:>6}  {code}  {'[*]' if feature.fixable else '   '}  {feature.name}")
    return "".join(row + "\n" for row in rows)


def _error_json(error: InputError) -> dict[str, Any]:
    return {
        "path": shown_path(error.path),
        "message": printable(error.message),
        "line": error.line,
        "column": error.column,
    }


def _diagnostic_json(d: Diagnostic, fixes: Any = None) -> dict[str, Any]:
    record = d.to_json()
    if not d.path.isascii():
        record["path"] = shown_path(d.path)
    if fixes is not None:  # --show-fixes
        record["fixes"] = [
            {"pointer": str(c.pointer), "what": c.what, "rule": c.rule, "loosens": c.loosens} for c in fixes.get(d, ())
        ]
    return record


def to_json(report: LintReport) -> dict[str, Any]:
    diagnostics = report.diagnostics
    return {
        "version": REPORT_SCHEMA_VERSION,
        "tool": {"name": "tierone", "version": __version__},
        "profile": report.profile,
        "summary": {
            "files": len(report.results),
            "checked": sum(1 for r in report.results if r.error is None),
            "findings": len(diagnostics),
            "errors": sum(1 for d in diagnostics if d.severity == "error"),
            "warnings": sum(1 for d in diagnostics if d.severity == "warning"),
            "fixable": sum(1 for d in diagnostics if d.fixable),
            "inputErrors": len(report.errors),
            "exitCode": report.exit_code,
        },
        "diagnostics": [_diagnostic_json(d, report.fixes) for d in diagnostics],
        "errors": [_error_json(e) for e in report.errors],
    }


def render_json(report: LintReport) -> str:
    from ..core.dumping import pretty_json

    return pretty_json(to_json(report))


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _github_place(path: str, line: int | None, column: int | None) -> list[str]:
    """The ``file=``, ``line=`` and ``col=`` properties of a workflow command."""
    props = [f"file={_escape_property(shown_path(path))}"]
    if line is not None:
        props += [f"line={line}", f"col={column or 1}"]
    return props


def render_github(report: LintReport) -> str:
    lines = []
    for d in report.diagnostics:
        props = [*_github_place(d.path, d.line, d.column), f"title={_escape_property(f'tierone {d.code} ({d.rule})')}"]
        lines.append(f"::{d.severity} {','.join(props)}::{_escape_data(_message_at(d))}")
    for e in report.errors:
        props = _github_place(e.path, e.line, e.column)
        lines.append(f"::error {','.join(props)},title=tierone::{_escape_data(printable(e.message))}")
    return "".join(line + "\n" for line in lines)


REPORTERS: dict[str, Callable[[LintReport], str]] = {
    "text": render_text,
    "json": render_json,
    "sarif": render_sarif,
    "github": render_github,
}
