"""A pattern written with its anchors at its two ends searches the same strings."""

from __future__ import annotations

import pytest
import regex
from hypothesis import given
from hypothesis import strategies as st

from tierone.core.regex_syntax import ANY, anchored_at_ends, atoms, is_anchor


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
