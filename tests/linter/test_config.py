"""Configuration: the glob prefilter of include and exclude patterns."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

PATH_PIECES = st.sampled_from(["envelopes", "a", "b", "src", "x.schema.json", "y.json", "e?", "[ab]"])


@given(
    st.lists(PATH_PIECES, min_size=1, max_size=4),
    st.lists(
        st.sampled_from(["envelopes", "a", "*", "?", "*.schema.json", "*.json", "[ab]", "src", "y.json"]),
        min_size=1,
        max_size=3,
    ),
)
def test_glob_prefilter_never_changes_a_verdict(parts, pattern_parts):
    import fnmatch
    from pathlib import PurePosixPath

    from tierone.linter.config import _glob_matches

    path, pattern = PurePosixPath("/".join(parts)), "/".join(pattern_parts)
    assert _glob_matches(path, pattern) == bool(path.match(pattern) or fnmatch.fnmatch(str(path), pattern))


#: any TOML value (what a configuration file in a repository may hold under any key)
TOML_VALUES = st.recursive(
    st.one_of(st.text(max_size=12), st.integers(), st.booleans(), st.floats(allow_nan=False)),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12,
)
KEYS = st.sampled_from(sorted(__import__("tierone.linter.config", fromlist=["KEYS"]).KEYS) + ["unknown", ""])


@given(
    st.dictionaries(KEYS, TOML_VALUES, max_size=6), st.sampled_from(["a/b.schema.json", "envelopes/x.schema.json", ""])
)
def test_any_table_is_a_config_or_a_config_error_and_a_config_never_crashes_later(table, path):
    from pathlib import Path

    from tierone.core.rendition_names import rendition_path
    from tierone.linter.config import ConfigError, parse

    try:
        config = parse(table, Path("pyproject.toml"))
    except ConfigError as error:
        assert "\n" not in str(error).strip()
        return
    config.ignored_for(path)
    config.envelope_kind(path)
    try:
        target = rendition_path("d/a.schema.json", "tier1", config.fix_output)
    except ValueError:
        return
    assert target.startswith("d/") and target != "d/a.schema.json"


@given(st.binary(max_size=200))
def test_any_bytes_in_a_pyproject_are_a_config_or_one_config_error(tmp_path_factory, data):
    from tierone.linter.config import ConfigError, load

    folder = tmp_path_factory.mktemp("cfg")
    (folder / "pyproject.toml").write_bytes(b"[tool.tierone]\n" + data)
    try:
        load(folder)
    except ConfigError as error:
        assert str(error).startswith(str(folder / "pyproject.toml"))
