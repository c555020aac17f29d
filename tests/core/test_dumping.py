"""Dumping: JSON written in a file's own layout."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from tierone.core.dumping import JsonStyle, dump_json

# no floats: the standard library writes 1e-07 where orjson writes 1e-7 (the same number)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(' \t\n"\\a/é\u2028', max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(' a"', max_size=4), inner, max_size=3),
    max_leaves=25,
)


@given(JSON_VALUES, st.sampled_from(["  ", "    ", "\t", " ", "   "]), st.booleans())
def test_indented_json_is_what_the_standard_library_writes(value, indent, newline):
    expected = json.dumps(value, indent=indent if "\t" in indent else len(indent), ensure_ascii=False)
    assert dump_json(value, JsonStyle(indent, False, newline)) == expected + ("\n" if newline else "")


def test_indented_json_a_hundred_levels_deep():
    value: object = {"leaf": "  two spaces  "}
    for _ in range(100):
        value = {"x": [value]}
    assert dump_json(value, JsonStyle("    ", False, False)) == json.dumps(value, indent=4)
