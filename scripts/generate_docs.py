"""Regenerate the docs pages that come from data (rules, subset table). Run after editing the table."""

from __future__ import annotations

import sys
from pathlib import Path

from tierone.linter.ruledocs import PAGES

DOCS = Path(__file__).resolve().parent.parent / "docs"


def main() -> int:
    for name, render in PAGES.items():
        (DOCS / name).write_text(render(), encoding="utf-8")
        print(f"wrote docs/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
