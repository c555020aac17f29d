"""Renditions' names: a pattern read backwards finds the source it was expanded from; a pattern
names its three fields and nothing else, and never leaves the source's folder."""

from __future__ import annotations

import os

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tierone.core import rendition_names as names

NAMES = st.text(st.sampled_from('ab.-_ "\\é'), min_size=1, max_size=12).filter(
    lambda name: name.strip(".") and not name.endswith(".")
)
PATTERNS = st.sampled_from(
    ["{stem}.strict{suffix}", "strict/{stem}{suffix}", "{stem}.{profile}{suffix}", "out/{profile}/{stem}.s{suffix}"]
)


@given(st.lists(NAMES, min_size=1, max_size=3), PATTERNS, st.sampled_from(["tier1", "openai", "tier1-load-bearing"]))
def test_a_pattern_read_backwards_finds_its_source(parts, pattern, profile):
    source = "/".join(parts)
    rendition = names.rendition_path(source, profile, pattern)
    assert (os.path.normpath(source), profile) in names.named_sources(rendition, pattern, [profile])


@pytest.mark.parametrize(
    "source, expected",
    [
        ("a.schema.json", "a.schema.strict.json"),
        ("d/t.schema.yaml", "d/t.schema.strict.yaml"),
        ("noext", "noext.strict"),
    ],
)
def test_the_default_name(source, expected):
    assert names.rendition_path(source, "tier1") == expected


@given(st.text(max_size=60))
def test_any_pattern_is_checked_without_a_crash_and_a_good_one_stays_in_the_folder(pattern):
    problem = names.check_pattern(pattern)
    if problem is not None:
        return
    for stem in ("a.schema", "..", ".", "x y", "é"):
        try:
            target = names.rendition_path(f"dir/{stem}.json", "tier1", pattern)
        except ValueError:
            continue  # a stem such as `..` that would lead out: refused, never followed
        assert os.path.commonpath([os.path.abspath(target), os.path.abspath("dir")]) == os.path.abspath("dir")
        assert os.path.normpath(target) != os.path.normpath(f"dir/{stem}.json")


@pytest.mark.parametrize(
    "pattern, says",
    [
        ("../../../outside/victim.txt{stem:.0}", "format spec"),
        ("{stem}/../../../outside/pwned.json", "inside the source's folder"),
        ("../../../outside/{stem}.json", "inside the source's folder"),
        ("{stem}{suffix}", "names the source itself"),
        ("{stem:>2000000000}", "format spec"),
        ("{stem:{profile}}", "format spec"),
        ("{stem!r}.json", "format spec"),
        ("{stem", "not a pattern"),
        ("{stem}}", "not a pattern"),
        ("{stem}.{0}", "names {0}"),
        ("{stem.__class__}", "names {stem.__class__}"),
        ("/abs/{stem}.json", "relative"),
        ("{stem}/..", "inside the source's folder"),
    ],
)
def test_a_pattern_that_names_more_than_its_fields_or_leaves_the_folder_is_refused(pattern, says):
    assert says in (names.check_pattern(pattern) or "")


def test_a_stem_that_would_lead_out_is_refused_when_the_name_is_made():
    assert names.check_pattern("{stem}/{stem}.json") is None
    with pytest.raises(ValueError, match="outside the source's folder"):
        names.rendition_path("d/...json", "tier1", "{stem}/{stem}.json")  # stem `..`


def test_a_huge_pattern_costs_linear_time():
    import time

    pattern = "{stem}" + "{{x}}" * 200_000 + ".json"
    start = time.perf_counter()
    assert names.check_pattern(pattern) is None
    names.rendition_path("a.json", "tier1", pattern)
    assert time.perf_counter() - start < 30  # 200,000 pieces: about 3 s; a quadratic parse takes minutes
