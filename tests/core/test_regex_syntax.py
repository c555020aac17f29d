"""A pattern written with its anchors at its two ends searches the same strings."""

from __future__ import annotations

import pytest
import regex
from hypothesis import given
from hypothesis import strategies as st

from tierone.core.regex_syntax import ANY, anchored_at_ends, atoms, is_anchor, without_group_names


@pytest.mark.parametrize(
    "pattern, expected",
    [
        ("^$|^\\+?[0-9]{9,20}$", "^(?:|\\+?[0-9]{9,20})$"),
        ("^https?://", f"^https?://{ANY}$"),
        ("\\.json$", f"^{ANY}\\.json$"),
        ("^a$|^b$", "^(?:a|b)$"),
        ("^a|b", f"^(?:a{ANY}|{ANY}b{ANY})$"),
        ("^^a$$", "^a$"),
        ("^", f"^{ANY}$"),
    ],
)
def test_anchors_move_to_the_ends(pattern, expected):
    assert anchored_at_ends(pattern) == expected


@pytest.mark.parametrize(
    "pattern",
    [
        "^[a-z]+$",  # anchored at both ends already
        "[a-z]+",  # no anchor: the engines' reading is narrower, never wrong
        "^(a|$)",  # an anchor inside a group: no rewriting exists
        "^a^b$",  # an anchor inside an alternative
        "a\\$",
        "[$^]x",
        "[^^]+",  # escaped or in a class: characters, not anchors
    ],
)
def test_patterns_left_as_they_are(pattern):
    assert anchored_at_ends(pattern) == pattern


def test_atoms_read_escapes_and_classes():
    read = list(atoms("^a\\$[]^$](b)$"))
    assert [a.text for a in read if is_anchor(a)] == ["^", "$"]
    assert [a.at for a in read if is_anchor(a)] == [0, 12]
    assert [a.depth for a in read if a.text == "b"] == [1]


_PIECES = st.sampled_from(["a", "b", "ab", "[ab]", "a*", "(a|b)", "b+", "\\.", ".", "[^a]", "x?", ""])
_ALTERNATIVE = st.tuples(st.booleans(), st.lists(_PIECES, max_size=3), st.booleans()).map(
    lambda t: ("^" if t[0] else "") + "".join(t[1]) + ("$" if t[2] else "")
)
_PATTERN = st.lists(_ALTERNATIVE, min_size=1, max_size=3).map("|".join)


@given(_PATTERN, st.text(alphabet="ab.x\n", max_size=6))
def test_the_same_strings_are_found(pattern, text):
    rewritten = anchored_at_ends(pattern)
    assert bool(regex.search(pattern, text)) == bool(regex.search(rewritten, text))
    assert anchored_at_ends(rewritten) == rewritten  # idempotent


@pytest.mark.parametrize(
    "pattern, expected",
    [
        ("^(?<y>[0-9]{4})-(?<m>[0-9]{2})$", "^(?:[0-9]{4})-(?:[0-9]{2})$"),
        ("(?P<a>x(?<b>y))", "(?:x(?:y))"),
        ("(?<!a)(?<n>b)(?<=b)", "(?<!a)(?:b)(?<=b)"),  # lookbehinds are no names
        ("(?<a>x)\\k<a>", "(?<a>x)\\k<a>"),  # a backreference reads the name: left as it is
        ("(?P<a>x)(?P=a)", "(?P<a>x)(?P=a)"),
        ("[(?<a>]x\\(?<b>", "[(?<a>]x\\(?<b>"),  # in a class, or escaped: characters
    ],
)
def test_named_groups_name_nothing(pattern, expected):
    assert without_group_names(pattern) == expected


_NAMED = st.lists(st.sampled_from(["(?<g>a|b)", "(?<h>ab*)", "(?P<k>[ab])", "a", "b+", "(a|x)", "."]), max_size=4).map(
    "".join
)


@given(_NAMED, st.text(alphabet="abx.", max_size=6))
def test_a_group_without_its_name_finds_the_same_strings(pattern, text):
    try:
        regex.compile(pattern)
    except regex.error:  # a name given twice
        return
    assert bool(regex.search(pattern, text)) == bool(regex.search(without_group_names(pattern), text))
