"""The peers' own test cases: where a peer rejects, tierone reports the problem too."""

from __future__ import annotations

from scripts.peer_comparison import DOCS, compare, render


def test_every_peer_rejection_is_reported_by_tierone(corpus):
    rows = compare(corpus)
    rejected = [r for r in rows if r.peer.startswith("rejects")]
    assert len(rows) > 100 and rejected
    assert [r.case for r in rejected if r.input_lint == "clean"] == []


def test_peer_comparison_page_is_current(corpus):
    assert DOCS.read_text(encoding="utf-8") == render(compare(corpus)), "run python scripts/peer_comparison.py"
