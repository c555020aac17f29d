"""The pass table of docs/rewrite.md is generated from the passes (each says what it does beside
its code), and the page holds the current one."""

from __future__ import annotations

import pytest

from tests.conftest import ROOT
from tierone.rewriter.passdocs import BEGIN, END, block, block_in, refresh_block, table
from tierone.rewriter.passes import PASSES, WHAT_IT_DOES, end_anchors

PAGE = ROOT / "docs" / "rewrite.md"


def test_the_rewrite_page_holds_the_current_pass_table():
    page = PAGE.read_text(encoding="utf-8")
    assert block_in(page) == block(), "docs/rewrite.md is stale: run `python scripts/generate_docs.py`"


def test_every_pass_says_what_it_does_and_only_the_passes_do():
    assert set(WHAT_IT_DOES) == set(PASSES)
    assert all(WHAT_IT_DOES[step].strip() == WHAT_IT_DOES[step] != "" for step in PASSES)


def test_the_table_has_a_row_per_pass_in_the_order_they_run():
    rows = table().splitlines()
    assert rows[:2] == ["| pass | what it does |", "|---|---|"]
    assert [row.split(" | ", 1)[0].removeprefix("| ") for row in rows[2:]] == [step.__name__ for step in PASSES]


def test_a_bar_in_a_row_is_escaped_so_that_it_stays_in_its_cell():
    assert "`^a$|^b$`" in WHAT_IT_DOES[end_anchors]
    row = next(row for row in table().splitlines() if row.startswith("| end_anchors |"))
    assert r"`^a$\|^b$`" in row and row.count(" | ") == 1


def test_refresh_block_replaces_only_the_block():
    stale = f"# Title\n\nBefore.\n\n{BEGIN}\n\n| pass | what it does |\n| old | row |\n\n{END}\n\nAfter.\n"
    fresh = refresh_block(stale)
    assert fresh == f"# Title\n\nBefore.\n\n{block()}\n\nAfter.\n"
    assert refresh_block(fresh) == fresh


def test_a_page_without_the_markers_is_refused():
    with pytest.raises(ValueError, match="no block"):
        refresh_block("# Title\n\n| pass | what it does |\n")
    with pytest.raises(ValueError, match="no block"):
        refresh_block(f"{END}\n{BEGIN}\n")  # the end before the beginning is no block
