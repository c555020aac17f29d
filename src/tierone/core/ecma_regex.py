"""A schema ``pattern`` (an ECMA-262 regular expression) written for the ``regex`` engine that
restore searches with, so that it matches what it matches in ECMAScript.

The two dialects read much of the same text differently: in ECMAScript ``\\d`` is ``[0-9]``
(Python's takes any Unicode digit, ``"٣"`` too), ``\\w`` and ``\\b`` are ASCII, ``\\s`` is a set
of its own, ``.`` stops at every line terminator (``\\r``, U+2028 and U+2029 too), ``$`` is the
end of the text (Python's also matches before a final newline: ``^abc$`` took ``"abc\\n"``), and
a back reference to a group that has not matched matches nothing rather than failing; ``[^]``
is any character, ``[]`` none, ``\\cJ`` a control character, ``\\k<name>`` a named back reference
and ``\\u{1F600}`` a code point, which ``regex`` refuses.

A pattern is read as JSON Schema asks, with ECMAScript's ``u`` flag; where that grammar refuses
it, as Annex B reads a pattern without flags, as JSON Schema validators do: a brace that starts
no quantifier (``/{env}/``) or an escaped letter that means nothing (``\\a``) is the character
itself, ``\\1`` with no group is an octal escape, ``\\p{L}`` the letters ``p{L}``.
:func:`python_form` writes either reading for the engine; a pattern neither grammar accepts
(``(``, ``a**``, ``[a``, a possessive ``a++``) is no regular expression: the form it gets does
not compile (:class:`NotEcma`, or the engine's error). Python's own groups (``(?P<name>...)``,
``(?i)``), which ECMAScript refuses, are read as Python reads them. Checked against Node's
``RegExp`` (tests/core/ecma_oracle.js).
"""

from __future__ import annotations

import re

from .unicode_properties import property_escape

__all__ = ["NotEcma", "python_form"]


class NotEcma(ValueError):
    """The pattern uses syntax that ECMAScript refuses and Python's dialect takes with a
    meaning of its own (a possessive ``a++``, a quantified look-behind or anchor, a group name
    given twice). (Python's named groups ``(?P<n>...)`` and ``(?P=n)``, inline flags ``(?i)``
    and comments ``(?#...)`` are read as Python reads them: a pattern of a pydantic model is
    often written for Python.)"""


#: ECMAScript's white space and line terminators (``\\s``)
_SPACE = "\\t\\n\\x0b\\x0c\\r \\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff"
#: the members of each class escape, written for the inside of a ``[...]``
_MEMBERS = {"d": "0-9", "w": "A-Za-z0-9_", "s": _SPACE}
#: a character ``.`` matches (any but a line terminator), any character, and none
_DOT = "[^\\n\\r\\u2028\\u2029]"
_ANY = "(?s:.)"
_NONE = "[^\\x00-\\U0010ffff]"
_WORD = "[A-Za-z0-9_]"
#: a word boundary and its opposite, by ECMAScript's (ASCII) word characters
_BOUNDARY = {
    "b": f"(?:(?<={_WORD})(?!{_WORD})|(?<!{_WORD})(?={_WORD}))",
    "B": f"(?:(?<={_WORD})(?={_WORD})|(?<!{_WORD})(?!{_WORD}))",
}
#: the characters an escape may make literal under the ``u`` flag (any other is Annex B's)
_SYNTAX = frozenset("^$\\.*+?()[]{}|/")
_HEX2 = re.compile(r"[0-9a-fA-F]{2}")
_HEX4 = re.compile(r"[0-9a-fA-F]{4}")
_CODE_POINT = re.compile(r"\{([0-9a-fA-F]+)\}")
_PROPERTY = re.compile(r"\{[A-Za-z0-9_=]+\}")
_GROUP_NAME = re.compile(r"<([A-Za-z_$][A-Za-z0-9_$]*)>")
_QUANTIFIER = re.compile(r"\{[0-9]+(?:,[0-9]*)?\}")
_DIGITS = re.compile(r"[0-9]+")
_OCTAL = re.compile(r"[0-7]{1,3}")
#: what may follow ``(?`` in ECMAScript: a plain group, a look-around, a named group
_GROUP_KINDS = re.compile(r"\(\?(?:[:=!]|<[=!]|<[A-Za-z_$])")
#: what Python's dialect alone opens with ``(?``, read as it reads it (a pydantic model's
#: pattern is often written for it): a named group or reference, inline flags, a comment
_PYTHON_GROUPS = re.compile(r"\(\?(?:P<|P=|#|[aiLmsux-]+[:)])")
#: what opens a group that captures
_CAPTURING = re.compile(r"\((?!\?)|\(\?P?<(?![=!])")


def python_form(pattern: str) -> str:
    """``pattern`` written for the ``regex`` engine so that it searches as ECMAScript's
    ``RegExp(pattern, "u")`` does, or where that refuses it, ``RegExp(pattern)``."""
    unicode = _Form(pattern, annex_b=False)
    form = unicode.written()
    return form if not unicode.annex_b else _Form(pattern, annex_b=True).written()


class _Form:
    """One reading of a pattern: under the ``u`` flag (``annex_b`` is then set where the
    pattern is valid only without it), or Annex B's."""

    def __init__(self, pattern: str, annex_b: bool) -> None:
        self.pattern, self.annex_b = pattern, annex_b
        self.groups, self.named = _groups(pattern)
        #: the groups open where the reading stands, innermost last: each one's kind, and its
        #: number and name where it captures (a back reference inside it matches nothing)
        self.opened: list[tuple[str, int | None, str | None]] = []
        #: the numbers and names of the groups open (each a group's own: a name is given once)
        self.inside: set[int | str | None] = set()
        self.captured = 0

    def written(self) -> str:
        """The pattern written for the engine (:func:`python_form`); under the ``u`` flag,
        ``annex_b`` is set on the way where only Annex B reads what it meets."""
        pattern, out = self.pattern, []
        at, size = 0, len(pattern)
        opened = self.opened
        while at < size:
            char, assertion = pattern[at], ""  # what a quantifier next would quantify, if an assertion
            if char == "\\":
                piece, at = self._escape(at + 1, False)
                assertion = "anchor" if piece in _BOUNDARY.values() else ""
            elif char == "[":
                piece, at = self._class(at + 1)
            elif char == "{":
                quantifier = _QUANTIFIER.match(pattern, at)
                if quantifier is None:
                    self.annex_b = True  # a brace that quantifies nothing is itself without the u flag
                piece, at = (quantifier.group(), quantifier.end()) if quantifier else ("\\{", at + 1)
            else:
                if char == "(":
                    opened.append(self._opening(at))
                    self.inside.update(opened[-1][1:])
                elif char == ")" and opened:
                    assertion, number, name = opened.pop()
                    self.inside.difference_update((number, name))
                elif char in "}]":
                    self.annex_b = True
                elif char in "^$":
                    assertion = "anchor"
                piece = {".": _DOT, "$": "\\Z", "}": "\\}", "]": "\\]"}.get(char, char)
                at += 1
            quantified = at < size and (pattern[at] in "*+?" or _QUANTIFIER.match(pattern, at) is not None)
            if quantified and assertion in ("anchor", "lookbehind"):
                raise NotEcma("a quantifier after an anchor or a look-behind")
            if quantified and assertion == "lookahead":
                self.annex_b = True  # a quantified look-ahead: Annex B's alone
            if (piece in ("*", "+", "?") or _QUANTIFIER.fullmatch(piece)) and pattern.startswith("+", at):
                raise NotEcma("a possessive quantifier (`a++`) is Python's, not ECMAScript's")
            out.append(piece)
        return "".join(out)

    def _opening(self, at: int) -> tuple[str, int | None, str | None]:
        """The group opened at ``at``: a look-ahead, a look-behind or a group, and its number
        and name where it captures."""
        pattern = self.pattern
        if pattern.startswith("?", at + 1) and not _GROUP_KINDS.match(pattern, at):
            if not _PYTHON_GROUPS.match(pattern, at):
                raise NotEcma(f"`{pattern[at : at + 3]}` opens no group ECMAScript knows")
            if not pattern.startswith("?P<", at + 1):
                return "group", None, None
        kind = pattern[at + 1 : at + 4]
        if kind[:2] in ("?=", "?!"):
            return "lookahead", None, None
        if kind in ("?<=", "?<!"):
            return "lookbehind", None, None
        if kind[:2] == "?:":
            return "group", None, None
        self.captured += 1
        name = _GROUP_NAME.match(pattern, at + 2 + pattern.startswith("?P<", at + 1))
        return "group", self.captured, name.group(1) if name is not None else None

    def _escape(self, at: int, in_class: bool) -> tuple[str, int]:
        """The escape whose backslash stands before ``at``, rewritten, and where it ends. In a
        class, a class escape is its members (see :meth:`_class` for the negated ones)."""
        pattern = self.pattern
        if at >= len(pattern):
            return "\\", at  # a pattern ending in a backslash: the engine refuses it
        char, after = pattern[at], at + 1
        if char.isascii() and char.isdigit():
            return self._numbered(at, in_class)
        if char in _MEMBERS:
            return (_MEMBERS[char] if in_class else f"[{_MEMBERS[char]}]"), after
        if char in "DWS":
            return f"[^{_MEMBERS[char.lower()]}]", after
        if char in _BOUNDARY:
            return ("\\x08" if in_class else _BOUNDARY[char]), after
        if char in "tnvfr":
            return "\\" + char, after
        if char == "c":
            return self._control(after, in_class)
        if char == "x" and _HEX2.match(pattern, after):
            return "\\x" + pattern[after : after + 2], after + 2
        if char == "u" and (_HEX4.match(pattern, after) or not self.annex_b and _CODE_POINT.match(pattern, after)):
            return self._unicode(after)
        if char in "pP" and not self.annex_b and _PROPERTY.match(pattern, after):
            end = pattern.index("}", after) + 1
            written = property_escape(pattern[at:end])
            if written is not None:
                return written, end
        if char == "k" and not in_class and self.named:
            name = _GROUP_NAME.match(pattern, after)
            if name is not None:
                group = name.group(1)
                if group in self.inside:
                    return "(?:)", name.end()  # inside the group it names: it matches nothing
                return f"(?:(?({group})(?P={group})|))", name.end()  # none yet: it matches nothing
        if char not in _SYNTAX and not (in_class and char == "-"):
            self.annex_b = True  # an identity escape of a character that needs none: Annex B's
        return re.escape(char), after  # the character itself

    def _control(self, at: int, in_class: bool) -> tuple[str, int]:
        """``\\c`` before ``at``: a control character by its letter (in a class, Annex B's also
        by a digit or ``_``), else Annex B's backslash and ``c`` themselves."""
        letter = self.pattern[at : at + 1]
        if letter.isascii() and letter.isalpha():
            return f"\\x{ord(letter) % 32:02x}", at + 1
        self.annex_b = True
        if in_class and letter.isascii() and (letter.isdigit() or letter == "_"):
            return f"\\x{ord(letter) % 32:02x}", at + 1
        return "\\\\c", at

    def _numbered(self, at: int, in_class: bool) -> tuple[str, int]:
        """A backslash and digits from ``at``: a back reference to a group there is (one that
        has not matched yet matches nothing), else as Annex B reads it: an octal escape
        (``\\0``, ``\\12``), or ``8`` and ``9`` themselves."""
        pattern = self.pattern
        digits = _DIGITS.match(pattern, at).group()  # type: ignore[union-attr]
        if not in_class and digits[0] != "0" and len(digits) <= 6 and int(digits) <= self.groups:
            if int(digits) in self.inside:
                return "(?:)", at + len(digits)  # inside the group it refers to: it matches nothing
            return f"(?:(?({digits})\\{digits}|))", at + len(digits)
        if digits != "0" or pattern[at + 1 : at + 2].isdigit():
            self.annex_b = True
        octal = _OCTAL.match(pattern, at)
        if octal is None:
            return digits[0], at + 1
        value = octal.group()
        while int(value, 8) > 0o377:
            value = value[:-1]
        return f"\\x{int(value, 8):02x}", at + len(value)

    def _unicode(self, at: int) -> tuple[str, int]:
        """``\\u`` before ``at``: ``\\u{...}`` (``u`` flag) or ``\\uXXXX``, where a surrogate
        pair of two such escapes is one code point (as a Python string holds it)."""
        pattern = self.pattern
        point = _CODE_POINT.match(pattern, at)
        if point is not None:
            value = int(point.group(1), 16)
            if value <= 0x10FFFF:
                return f"\\U{value:08x}", point.end()
            self.annex_b = True  # past the last code point: the letter u, then a quantifier
            return "u", at
        high = int(pattern[at : at + 4], 16)
        low = pattern[at + 6 : at + 10] if pattern.startswith("\\u", at + 4) else ""
        if 0xD800 <= high <= 0xDBFF and _HEX4.fullmatch(low) and 0xDC00 <= int(low, 16) <= 0xDFFF:
            return f"\\U{0x10000 + (high - 0xD800) * 0x400 + int(low, 16) - 0xDC00:08x}", at + 10
        return "\\u" + pattern[at : at + 4], at + 4

    def _class(self, at: int) -> tuple[str, int]:
        """The class whose ``[`` stands before ``at``, rewritten, and where it ends. A negated
        class escape inside one (``[a\\D]``) is its own class beside the rest; an unterminated
        class is left for the engine to refuse."""
        pattern = self.pattern
        negated = pattern.startswith("^", at)
        at += negated
        members: list[str] = []
        beside: list[str] = []  # the negated class escapes, each a class of its own
        while at < len(pattern) and pattern[at] != "]":
            char = pattern[at]
            if char == "\\" and at + 1 < len(pattern) and pattern[at + 1] in "DWS":
                beside.append(f"[^{_MEMBERS[pattern[at + 1].lower()]}]")
                at += 2
            elif char == "\\":
                piece, at = self._escape(at + 1, True)
                members.append(piece)
            else:
                members.append("\\[" if char == "[" else char)
                at += 1
        if at >= len(pattern):
            return "[" + "^" * negated + "".join(members), at
        inside = "".join(members)
        if not beside:
            if not inside:
                return (_ANY if negated else _NONE), at + 1
            return "[" + "^" * negated + inside + "]", at + 1
        either = "(?:" + "|".join(([f"[{inside}]"] if inside else []) + beside) + ")"
        return (f"(?:(?!{either}){_ANY})" if negated else either), at + 1


def _groups(pattern: str) -> tuple[int, bool]:
    """How many groups capture in ``pattern`` (outside classes, unescaped), which decides
    whether ``\\2`` refers to one or is an octal escape; and whether one is named (a name
    given twice is :class:`NotEcma`: Python's engine takes it)."""
    count, at, in_class = 0, 0, False
    names: set[str | None] = set()
    while at < len(pattern):
        char = pattern[at]
        if char == "\\":
            at += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "(" and _CAPTURING.match(pattern, at):
            count += 1
            name = _GROUP_NAME.match(pattern, at + 2 + pattern.startswith("?P<", at + 1))
            if name is not None and name.group(1) in names:
                raise NotEcma(f"the group name {name.group(1)!r} is given twice")
            names.add(name.group(1) if name is not None else None)
        at += 1
    return count, len(names - {None}) > 0
