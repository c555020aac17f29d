"""Regenerate the docs pages that come from data (rules, subset table, Python API,
command-line reference, which profile with the saved judge run, the rewrite page's pass table). Run after editing the
table, the profiles, the public API or a command, or saving a judge run
(``python scripts/judge_corpus.py --save docs/judges.json``)."""

from __future__ import annotations

import sys
from pathlib import Path

from tierone.cli.apidocs import PAGES as API_PAGES
from tierone.cli.clidocs import PAGES as CLI_PAGES
from tierone.linter.ruledocs import PAGES as RULE_PAGES
from tierone.rewriter.passdocs import refresh_block
from tierone.subset.profiledocs import page as profiles_page
from tierone.subset.requestdocs import PAGES as REQUEST_PAGES

DOCS = Path(__file__).resolve().parent.parent / "docs"
#: the saved judge run the profiles page's judge table comes from
JUDGES = DOCS / "judges.json"


def _profiles() -> str:
    import json

    from tierone.rewriter.passes.budgets import RULES

    return profiles_page(json.loads(JUDGES.read_text(encoding="utf-8")) if JUDGES.exists() else None, RULES)


def _rewrite() -> str:
    """docs/rewrite.md with its pass table (between the marker comments) rendered anew."""
    return refresh_block((DOCS / "rewrite.md").read_text(encoding="utf-8"))


PAGES = {**RULE_PAGES, **API_PAGES, **CLI_PAGES, **REQUEST_PAGES, "profiles.md": _profiles, "rewrite.md": _rewrite}


def main() -> int:
    for name, render in PAGES.items():
        (DOCS / name).write_text(render(), encoding="utf-8")
        print(f"wrote docs/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
