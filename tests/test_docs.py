"""Generated docs are current: they come from the same table as the code."""

from __future__ import annotations

import pytest

from tierone.linter.ruledocs import PAGES

from .conftest import ROOT


@pytest.mark.parametrize("name", sorted(PAGES))
def test_generated_page_is_current(name):
    on_disk = (ROOT / "docs" / name).read_text(encoding="utf-8")
    assert on_disk == PAGES[name](), f"docs/{name} is stale: run `python scripts/generate_docs.py`"


def test_rules_page_documents_every_rule():
    from tierone.subset.table import FEATURES

    page = PAGES["rules.md"]()
    for feature in FEATURES:
        assert f"### {feature.name} ({feature.code})" in page
