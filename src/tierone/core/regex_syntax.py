"""A pattern's syntax, read without compiling it: its atoms, its top-level alternatives and
where its anchors stand.

A schema ``pattern`` is an ECMA-262 regular expression that *searches* (``abc`` matches any
string containing ``abc``). Constrained-decoding engines read a pattern as the whole string
instead, and strip a ``^`` and a ``$`` found at its two ends: an anchor anywhere else (``^a|b$``,
``^abc`` alone) is refused or misread (outlines-core makes ``^a$|^b$`` the regex ``a$|^b``).
:func:`anchored_at_ends` writes such a pattern as one that means the same to a validator and
has its anchors at the two ends only. The reading is a small scanner of tierone's own, not
``re._parser`` (private, and Python's dialect): it skips escapes (``\\$`` is a dollar) and
character classes (where ``^`` and ``$`` are characters, ``\\b`` a backspace).
"""

from collections.abc import Iterator
from typing import NamedTuple

#: matches any character, newlines included (``.`` does not): what surrounds an unanchored end
ANY = r"[\s\S]*"


class Atom(NamedTuple):
    """One character of a pattern, or one escape (``\\d``), as the scanner reads it."""

    #: where it starts in the pattern
    at: int
    #: its text: one character, or a backslash and the escaped character
    text: str
    #: how many groups are open around it
    depth: int
    #: inside a character class (``[...]``), where nothing is an anchor or a group
    in_class: bool


def atoms(pattern: str) -> Iterator[Atom]:
    """The atoms of ``pattern`` in order (a leading ``]`` in a class is a literal)."""
    index, size, depth, in_class = 0, len(pattern), 0, False
    while index < size:
        char = pattern[index]
        if char == "\\" and index + 1 < size:
            yield Atom(index, pattern[index : index + 2], depth, in_class)
            index += 2
            continue
        yield Atom(index, char, depth, in_class)
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
            literal = 2 if pattern.startswith("^]", index + 1) else 1 if pattern.startswith("]", index + 1) else 0
            for offset in range(1, literal + 1):
                yield Atom(index + offset, pattern[index + offset], depth, True)
            index += literal
        elif char == "(":
            depth += 1
        elif char == ")":
            depth = max(depth - 1, 0)
        index += 1


#: how a named group opens, in ECMAScript and in Python's dialect (not a lookbehind: ``(?<=``, ``(?<!``)
_NAMED = ("(?<", "(?P<")


def without_group_names(pattern: str) -> str:
    """``pattern`` with each named group (``(?<year>...)``, Python's ``(?P<year>...)``) written
    as a group that names nothing (``(?:...)``): the same search; ``pattern`` itself where it
    names none, or where a backreference reads a name (``\\k<year>``, ``(?P=year)``). An engine
    that builds an automaton has no use for the names (outlines-core refuses them)."""
    if "(?" not in pattern or "(?P=" in pattern:
        return pattern
    parts: list[str] = []
    last = 0
    for atom in atoms(pattern):
        if atom.in_class or atom.at < last:
            continue
        if atom.text == "\\k":
            return pattern
        if (
            atom.text == "("
            and pattern.startswith(_NAMED, atom.at)
            and not pattern.startswith(("(?<=", "(?<!"), atom.at)
        ):
            close = pattern.find(">", atom.at)
            if close < 0:
                return pattern
            parts += [pattern[last : atom.at], "(?:"]
            last = close + 1
    return "".join([*parts, pattern[last:]]) if parts else pattern


def is_anchor(atom: Atom) -> bool:
    """``^`` or ``$`` as an assertion (not escaped, not in a class)."""
    return not atom.in_class and atom.text in ("^", "$")


def anchored_at_ends(pattern: str) -> str:
    """``pattern`` with its anchors at the two ends only, meaning the same to a validator;
    ``pattern`` itself when it already is (or has no anchor), or when an anchor stands inside
    a group or inside an alternative, where no such rewriting exists.

    Each top-level alternative becomes what it matches as a whole string: an end without its
    anchor is widened with ``[\\s\\S]*`` (a search finds it anywhere)::

        ^$|^\\+?[0-9]{9,20}$  ->  ^(?:|\\+?[0-9]{9,20})$
        ^https?://           ->  ^https?://[\\s\\S]*$
    """
    read = list(atoms(pattern))
    if not any(is_anchor(atom) for atom in read):
        return pattern
    if any(is_anchor(atom) and atom.depth for atom in read):
        return pattern
    alternatives: list[list[Atom]] = [[]]
    for atom in read:
        if atom.text == "|" and not atom.depth and not atom.in_class:
            alternatives.append([])
        else:
            alternatives[-1].append(atom)
    wholes: list[str] = []
    for alternative in alternatives:
        start = _leading_anchors(alternative, "^")
        end = len(alternative) - _leading_anchors(alternative[::-1], "$")
        body = alternative[start : max(start, end)]
        if any(is_anchor(atom) for atom in body):
            return pattern
        text = "".join(atom.text for atom in body)
        wholes.append(("" if start else ANY) + text + ("" if end < len(alternative) else ANY))
    whole = wholes[0] if len(wholes) == 1 else "(?:" + "|".join(wholes) + ")"
    return "^" + whole + "$"


def _leading_anchors(atoms_: list[Atom], anchor: str) -> int:
    count = 0
    while count < len(atoms_) and is_anchor(atoms_[count]) and atoms_[count].text == anchor:
        count += 1
    return count
