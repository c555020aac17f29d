"""Configuration: the glob prefilter of include and exclude patterns."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

PATH_PIECES = st.sampled_from(["envelopes", "a", "b", "src", "x.schema.json", "y.json", "e?", "[ab]"])


@given(st.lists(PATH_PIECES, min_size=1, max_size=4), st.lists(
    st.sampled_from(["envelopes", "a", "*", "?", "*.schema.json", "*.json", "[ab]", "src", "y.json"]),
    min_size=1, max_size=3))
def test_glob_prefilter_never_changes_a_verdict(parts, pattern_parts):
    import fnmatch
    from pathlib import PurePosixPath

    from tierone.linter.config import _glob_matches

    path, pattern = PurePosixPath("/".join(parts)), "/".join(pattern_parts)
    assert _glob_matches(path, pattern) == bool(path.match(pattern) or fnmatch.fnmatch(str(path), pattern))
