"""The SARIF 2.1.0 report (``--format sarif``): what GitHub code scanning and other SARIF
readers take, every result with a start line and a relative path."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..core.loading import printable
from ..core.version import __version__
from ..subset.table import BY_CODE
from .diagnostics import LintReport
from .lines import _message_at

#: where each rule's documentation is (a SARIF rule's ``helpUri``)
DOCS_URL = "https://tierone.readthedocs.io/en/latest/rules/#{code}"


def _uri(path: str) -> str:
    """A relative URI reference for a path (spaces and a model spec's ``:`` percent-encoded)."""
    from urllib.parse import quote

    candidate = Path(path)
    if candidate.is_absolute():
        try:
            candidate = candidate.relative_to(Path.cwd())
        except ValueError:
            return candidate.as_uri()
    return quote(candidate.as_posix(), errors="surrogateescape")  # a name's own bytes, %-encoded


def to_sarif(report: LintReport) -> dict[str, Any]:
    codes = sorted({d.code for d in report.diagnostics})
    index = {code: i for i, code in enumerate(codes)}
    rules = []
    for code in codes:
        feature = BY_CODE[code]
        help_text = f"{feature.doc.what}\n\nWhy is this bad? {feature.doc.why}"
        rules.append(
            {
                "id": code,
                "name": feature.name,
                "shortDescription": {"text": feature.doc.what},
                "fullDescription": {"text": feature.doc.why},
                "help": {"text": help_text, "markdown": help_text},
                "helpUri": DOCS_URL.format(code=code.lower()),
                "properties": {"tags": [feature.category]},
            }
        )
    results = []
    uris: dict[str, str] = {}  # one per file, not one per finding
    for d in report.diagnostics:
        uri = uris.get(d.path)
        if uri is None:
            uri = uris[d.path] = _uri(d.path)
        # GitHub code scanning needs a start line on every result: a finding in an input with
        # no text (a pydantic model, data) is placed at the top of it.
        region = {"startLine": d.line or 1, "startColumn": d.column or 1}
        location: dict[str, Any] = {"physicalLocation": {"artifactLocation": {"uri": uri}, "region": region}}
        pointer = str(d.pointer)
        location["logicalLocations"] = [{"fullyQualifiedName": pointer or "/", "kind": "object"}]
        results.append(
            {
                "ruleId": d.code,
                "ruleIndex": index[d.code],
                "level": "error" if d.severity == "error" else "warning",
                "message": {"text": _message_at(d)},
                "locations": [location],
                "properties": {
                    "pointer": pointer,
                    "keyword": d.keyword,
                    "vendors": list(d.vendors),
                    "fixable": d.fixable,
                },
            }
        )
    notifications = [
        {
            "level": "error",
            "message": {"text": printable(e.message)},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": _uri(e.path)},
                        **(
                            {"region": {"startLine": e.line, "startColumn": e.column or 1}}
                            if e.line is not None
                            else {}
                        ),
                    }
                }
            ],
        }
        for e in report.errors
    ]
    return {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "tierone",
                        "version": __version__,
                        "informationUri": "https://tierone.readthedocs.io/",
                        "rules": rules,
                    }
                },
                "invocations": [
                    {
                        "executionSuccessful": not report.errors,
                        "toolExecutionNotifications": notifications,
                    }
                ],
                "results": results,
            }
        ],
    }


def render_sarif(report: LintReport) -> str:
    from ..core.dumping import pretty_json

    return pretty_json(to_sarif(report))
