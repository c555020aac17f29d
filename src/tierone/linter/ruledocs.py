"""Rule documentation rendered from the subset table (for ``tierone rule`` and the docs)."""

from __future__ import annotations

from ..subset.model import PARTIAL, SOURCE_TITLES, SOURCES, UNSUPPORTED, VENDORS, Feature
from ..subset.profiles import PROFILES, policies

STATUS_WORDS = {"supported": "supported", "unsupported": "unsupported", "partial": "partial",
                "limited": "limit"}


def profiles_flagging(feature: Feature) -> list[str]:
    return [name for name in PROFILES if any(p.feature.code == feature.code for p in policies(name))]


def support_table(feature: Feature) -> str:
    rows = ["| source | status | note | last verified |", "|---|---|---|---|"]
    for source in SOURCES:
        cell = feature.cell(source)
        status = STATUS_WORDS[cell.status] + (f" ({cell.limit:,})" if cell.limit is not None else "")
        note = cell.note
        if cell.allowed is not None:
            allowed = ", ".join(sorted(str(v) for v in cell.allowed))
            note = f"{note}: {allowed}" if note else allowed
        rows.append(f"| {source} | {status} | {note} | {cell.verified or '—'} |")
    return "\n".join(rows)


def rejected_by(feature: Feature) -> str:
    names = [v for v in VENDORS if feature.cell(v).status == UNSUPPORTED]
    partial = [v for v in VENDORS if feature.cell(v).status == PARTIAL]
    text = ", ".join(names) if names else "none outright"
    if partial:
        text += f"; partially: {', '.join(partial)}"
    return text


def rule_markdown(feature: Feature) -> str:
    """The rule's page: what it does, why, example, use instead, vendors, fix."""
    doc = feature.doc
    fix = "Fix is available (`tierone rewrite`)." if feature.fixable else "No automatic fix."
    parts = [
        f"# {feature.name} ({feature.code})",
        "",
        f"Category: {feature.category}. Enabled in profiles: {', '.join(profiles_flagging(feature)) or 'none'}. {fix}",
        "",
        "## What it does",
        doc.what,
        "",
        "## Why is this bad?",
        doc.why,
        "",
        "## Example",
        "```json",
        doc.example,
        "```",
        "",
        "Use instead:",
        "```json" if doc.use_instead.startswith(("{", "[")) else "",
        doc.use_instead,
        "```" if doc.use_instead.startswith(("{", "[")) else "",
        "",
        "## Which vendors reject it",
        f"Rejected by: {rejected_by(feature)}.",
        "",
        support_table(feature),
    ]
    if doc.fix:
        parts += ["", "## Fix", doc.fix]
    return "\n".join(line for line in parts if line is not None).replace("\n\n\n", "\n\n") + "\n"


def sources_legend() -> str:
    return "\n".join(f"- **{s}**: {SOURCE_TITLES[s]}" for s in SOURCES)
