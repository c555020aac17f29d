"""The bounded cache: the least recently used entry goes first."""

from __future__ import annotations

from tierone.core.recent import Recent


def test_the_least_recently_used_goes_first():
    kept: Recent[str, int] = Recent(2)
    kept.put("a", 1)
    kept.put("b", 2)
    assert kept.get("a") == 1  # now "b" is the least recently used
    kept.put("c", 3)
    assert (kept.get("a"), kept.get("b"), kept.get("c")) == (1, None, 3)
