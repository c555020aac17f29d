"""Regenerate the docs pages that come from data (rules, subset table, Python API,
command-line reference). Run after
editing the table, the public API or a command."""

from __future__ import annotations

import sys
from pathlib import Path

from tierone.cli.apidocs import PAGES as API_PAGES
from tierone.cli.clidocs import PAGES as CLI_PAGES
from tierone.linter.ruledocs import PAGES as RULE_PAGES

PAGES = {**RULE_PAGES, **API_PAGES, **CLI_PAGES}
DOCS = Path(__file__).resolve().parent.parent / "docs"


def main() -> int:
    for name, render in PAGES.items():
        (DOCS / name).write_text(render(), encoding="utf-8")
        print(f"wrote docs/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
