"""The "Which profile" page: each profile, for whom, how it spells null and order, what it
refuses (all derived from the profiles and the table), and the judge table (the consumers'
verdicts on the corpus renditions, from the results file ``scripts/judge_corpus.py`` saves)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from .engines import ENGINE_FORMATS
from .model import SUPPORTED
from .profiles import PROFILES, Profile, policies
from .table import BY_CODE


def _flags(profile: str, code: str) -> bool:
    return any(p.feature.code == code and (p.rejecting or p.partial) for p in policies(profile))


def null_spelling(profile: str) -> str:
    """How the profile's renditions write a nullable field (rules T216, T217 and T702)."""
    if not _flags(profile, "T216"):
        return '`"type": ["string", "null"]`'
    if not _flags(profile, "T217"):
        return '`"nullable": true`'
    anyof = '`"anyOf": [..., {"type": "null"}]`'
    return f"{anyof}; the top-level `reasoning` as RFC 0030 §D's type list" if _flags(profile, "T702") else anyof


def ordering(profile: str) -> str:
    """Whether the profile's renditions carry ``propertyOrdering`` (rule T215's cells)."""
    if all(BY_CODE["T215"].cell(s).status == SUPPORTED for s in PROFILES[profile].sources):
        return "`propertyOrdering` on every object"
    return "the key order only"


def refuses(profile: str, encoded: Collection[str] = ()) -> str:
    """What no rewrite gets past: the limits (those in ``encoded`` kept by encoding subtrees
    as JSON strings), and how many rules the profile holds schemas to."""
    rules = policies(profile)
    limits = [
        f"{p.feature.name.replace('-', ' ')} {p.limit}{'*' if p.feature.code in encoded else ''}"
        for p in rules
        if p.limit is not None
    ]
    unfixable = sum(1 for p in rules if p.limit is None and not p.feature.fixable)
    return "; ".join(
        filter(None, [", ".join(limits), f"{len(rules)} rules, {unfixable} of them not fixable by rewrite"])
    )


def _row(profile: Profile, encoded: Collection[str]) -> str:
    cells = [
        f"`{profile.name}`",
        profile.description,
        null_spelling(profile.name),
        ordering(profile.name),
        refuses(profile.name, encoded),
    ]
    return "| " + " | ".join(cells) + " |"


def _which(every: int) -> str:
    """Which files of the corpus were judged, as the sentence says it."""
    return "" if every == 1 else f" (every {every}th file)"


def _judge_table(results: Mapping[str, Any]) -> list[str]:
    table = results["profiles"]
    lines = [
        (
            "| profile | schemas | rewritten | refused | crashed | timed out | accepted by every judge | rejected by "
            "| exact | loosened: median carried exactly |"
        ),
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name, row in table.items():
        judges = (
            ", ".join(
                f"{judge} {entry['rejected']}"
                for judge, entry in sorted(row["judges"].items(), key=lambda item: -item[1]["rejected"])
            )
            or "none"
        )
        lines.append(
            f"| `{name}` | {row['schemas']} | {row['rewritten']} | {row['refused']} | {row['crashed']} | "
            f"{row['timed out']} | {row['accepted']} | {judges} | {_exact(row)} | {_median(row)} |"
        )
    return lines


def _exact(row: Mapping[str, Any]) -> str:
    """The share of the rewritten schemas whose rendition loosens nothing."""
    if "exact" not in row or not row["rewritten"]:
        return "-"
    return f"{row['exact']} ({100 * row['exact'] / row['rewritten']:.1f}%)"


def _median(row: Mapping[str, Any]) -> str:
    """Over the loosened renditions, the median share of the original's subschemas carried exactly."""
    shares = row.get("carried") or []
    if not shares:
        return "-"
    middle = len(shares) // 2
    median = shares[middle] if len(shares) % 2 else (shares[middle - 1] + shares[middle]) / 2
    return f"{100 * median:.1f}% (of {len(shares)})"


def _rejections(results: Mapping[str, Any]) -> list[str]:
    """One line per profile and judge that rejected something: how many, the first message and
    where."""
    lines = []
    for name, row in results["profiles"].items():
        for judge, entry in sorted(row["judges"].items(), key=lambda item: -item[1]["rejected"]):
            detail = " ".join(str(entry["detail"]).split())
            shown = detail if len(detail) <= 100 else detail[:97] + "..."
            at = f" at `{entry['pointer']}`" if entry.get("pointer") else ""
            lines.append(f'- `{name}`, {judge} ({entry["rejected"]}): "{shown}", first in `{entry["example"]}`{at}.')
    return lines


def _gave_up(results: Mapping[str, Any]) -> list[str]:
    """The judges that ran out of time on some renditions (their verdicts are not in the table)."""
    lines = [
        f"- `{name}`, {judge}: gave up on {len(paths)}, first `{paths[0]}`."
        for name, row in results["profiles"].items()
        for judge, paths in row.get("undecided", {}).items()
    ]
    if not lines:
        return []
    intro = (
        "Judges that ran out of time (the script's `--timeout` per try) on some renditions and were "
        "left out of a new try of those files; the rest of the table counts them as accepted by the judges that decided:"
    )
    return ["", intro, "", *lines]


def _causes(results: Mapping[str, Any]) -> list[str]:
    """Per profile, the refusals by cause (the rule codes left unfixable)."""
    lines = [
        f"- `{name}`: "
        + ", ".join(f"{cause} {count}" for cause, count in sorted(row["refused by cause"].items(), key=lambda c: -c[1]))
        + "."
        for name, row in results["profiles"].items()
        if row.get("refused by cause")
    ]
    return ["", "Refusals by cause ([rules](rules.md)):", "", *lines] if lines else []


def page(results: Mapping[str, Any] | None, encoded: Collection[str] = ()) -> str:
    """docs/profiles.md, with the judge table from ``results`` (the saved judge_corpus run);
    ``encoded``: the limit rules the rewriter keeps by encoding subtrees."""
    lines = [
        "# Which profile",
        "",
        "<!-- generated by scripts/generate_docs.py from src/tierone/subset/profiles.py, the table and",
        "     docs/judges.json (python scripts/judge_corpus.py --save docs/judges.json); do not edit -->",
        "",
        (
            "A profile is a set of the subset table's columns that a schema must satisfy; `tierone lint` "
            "judges and `tierone rewrite` writes for it. Give `--profile` several times to get one "
            "rendition per vendor (`-o 'out/{stem}.{profile}.json'`), each the best that vendor accepts."
        ),
        "",
        "| profile | for whom | null is spelled | order | its limits and rules |",
        "|---|---|---|---|---|",
        *(_row(profile, encoded) for profile in PROFILES.values()),
        "",
        *(
            [
                (
                    "\\* A limit marked so is kept by encoding: where a rendition is over it, the fewest subtrees "
                    "that bring it back under travel as JSON strings, each schema stated in its description, or "
                    "the fewest members of one object move into its JSON string member `tierone_rest` "
                    "([limits](rewrite.md#limits)), and `restore` decodes, merges and checks them (each is in the "
                    "rendition's ledger; `--exact` refuses instead: see [the ledger](rewrite.md#the-ledger-where-a-rendition-is-looser-than-the-original-and---exact)). "
                    "Past the optional parameter count, members become required and nullable; a limit no "
                    "subtree and no member can bring under (one enum of more values than the limit) is refused."
                ),
                "",
            ]
            if encoded
            else []
        ),
        (
            "Null is spelled by what each profile's consumers accept: OpenAI, Anthropic's API and "
            "`response_json_schema` take a type list, and RFC 0030 §D prescribes it for `tier1` (an `anyOf` "
            "would cost a level of the RFC's five); Anthropic's SDK helper `transform_schema` and google-genai's "
            '`response_schema` raise on one, and an `anyOf` with `{"type": "null"}` passes both; '
            "`responseSchema` is OpenAPI 3.0 and reads `nullable` (see "
            "[rewrite](rewrite.md#how-each-profile-spells-null))."
        ),
        "",
        (
            "A rendition keeps a `format` only where its vendor documents it and every decoding engine "
            f"compiles it ({', '.join(f'`{f}`' for f in sorted(ENGINE_FORMATS))}): outlines-core compiles no "
            "`hostname`, `ipv4`, `ipv6` or `duration`, which OpenAI and Anthropic document. Any other format "
            "is stated in the description and checked by `restore`, as a format the vendor refuses is."
        ),
        "",
        "## The consumers' verdicts",
        "",
    ]
    if results is None:
        lines.append("No judge run has been saved yet.")
    else:
        lines += [
            (
                f"Every strict rendition tierone wrote of {results['files']} schemas of "
                f"`{results['corpus']}`{_which(results['every'])}, judged by the engines and SDKs of "
                "`tests/judges.py`: *rewritten* counts the renditions, *accepted* those that no judge rejected. "
                "*Exact* counts the renditions that loosen nothing (the rest carry a ledger: "
                "[rewrite](rewrite.md#the-ledger-where-a-rendition-is-looser-than-the-original-and---exact)); over "
                "the loosened ones, the median share of the original's subschemas that stand under no loosened place."
            ),
            "",
            *_judge_table(results),
        ]
        rejected = _rejections(results)
        if rejected:
            lines += ["", "What each judge still rejects (its first rejection):", "", *rejected]
        lines += _gave_up(results)
        lines += _causes(results)
    return "\n".join(lines) + "\n"
