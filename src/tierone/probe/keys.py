"""The probe's handling of what is secret or hostile: the user's API key and the vendor's words.

:func:`api_key` validates a key before any use, and :func:`redact` is the one way a server's
(or an exception's) text is kept: escaped, without any piece of the key, cut. What each vendor
is called with is in its module of :mod:`tierone.vendors`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..vendors import Vendor


def error_message(body: Any) -> str | None:
    """The vendor's own message in an error body (all three nest it under ``error``)."""
    if isinstance(body, dict):
        error = body.get("error")
        message = error.get("message") if isinstance(error, dict) else None
        if isinstance(message, str):
            return message
        if isinstance(error, str):
            return error
    return None


class ProbeError(ValueError):
    """A setting the probe cannot run with (a key, the timeout), as one line for the user: it
    names the environment variable, never a key's value."""


def api_key(vendor: Vendor, environ: Mapping[str, str]) -> tuple[str, str] | None:
    """The first of the vendor's variables that holds a key, and the key without surrounding
    whitespace (a CRLF ``.env`` file's ``\\r``); None when none does (a blank one counts as
    unset). A key that still holds a control or non-ASCII character is a :class:`ProbeError`."""
    for variable in vendor.key_variables:
        key = environ.get(variable, "").strip()
        if not key:
            continue
        if not (key.isascii() and key.isprintable()):
            raise ProbeError(
                f"{variable} holds a control character or a non-ASCII character (inside "
                "the key, after its surrounding whitespace); an API key is printable ASCII"
            )
        return variable, key
    return None


#: what stands for removed key material
REDACTED = "[redacted]"
#: the marker when the key shares a piece with REDACTED (no piece of it is ASCII)
_OTHER_MARKER = "[\u2026]"
#: no run of this many characters of the key, in any letter case, is ever kept
KEY_PIECE = 4
#: anything that looks like an API key of one of the vendors
_KEY_SHAPED = re.compile(r"\b(?:sk-[A-Za-z0-9_\-*.]{8,}|AIza[A-Za-z0-9_\-]{20,})")
#: rounds of redaction (a marker next to what is left is looked at again) before giving up
_ROUNDS = 8
_SHORT_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escaped(char: str) -> str:
    if char.isprintable() or unicodedata.category(char) == "Zs":
        return char
    code = ord(char)
    short = _SHORT_ESCAPES.get(char)
    if short:
        return short
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def escape(text: str) -> str:
    """``text`` with every character a terminal could act on written as an escape (``\\x1b``,
    ``\\u202e``): C0 and C1 controls, DEL, format characters (bidirectional overrides),
    line separators, surrogates, private and unassigned code points. Letters, marks, digits,
    punctuation, symbols and spaces of every script stay as they are."""
    return text if text.isprintable() else "".join(map(_escaped, text))


def _hits(text: str, key: str) -> list[tuple[int, int]]:
    """Where ``text`` holds KEY_PIECE characters in a row of the key, in any letter case
    (compared case-folded, character by character, so a folded form maps back to its place)."""
    size = min(KEY_PIECE, len(key))
    if not size:
        return []
    pieces = {key[i : i + size].casefold() for i in range(len(key) - size + 1)}
    origin: list[int] | None = None
    if text.isascii():
        folded = text.lower()
    else:
        folds = [char.casefold() for char in text]
        origin = [i for i, fold in enumerate(folds) for _ in fold]
        folded = "".join(folds)
    found = []
    for i in range(len(folded) - size + 1):
        if folded[i : i + size] in pieces:
            found.append((i, i + size) if origin is None else (origin[i], origin[i + size - 1] + 1))
    return found


def _without_key(text: str, key: str, marker: str) -> str:
    """``text`` with each run that shares a piece with the key (the piece, widened over the
    letters, digits and key characters around it) replaced by ``marker``."""
    hits = _hits(text, key)
    if not hits:
        return text
    extra = {char for char in key if not char.isspace()}
    keyish = [char.isalnum() or char in extra for char in text]
    left = [0] * (len(text) + 1)  # left[i]: where the run of key-like characters ending at i starts
    for i in range(1, len(text) + 1):
        left[i] = left[i - 1] if keyish[i - 1] else i
    right = list(range(len(text) + 1))  # right[i]: where the run starting at i ends
    for i in range(len(text) - 1, -1, -1):
        right[i] = right[i + 1] if keyish[i] else i
    spans: list[list[int]] = []
    for start, end in hits:
        start, end = left[start], right[end]
        if spans and start <= spans[-1][1]:
            spans[-1][1] = max(spans[-1][1], end)
        else:
            spans.append([start, end])
    kept, last = [], 0
    for start, end in spans:
        kept += [text[last:start], marker]
        last = end
    return "".join([*kept, text[last:]])


def _clean(text: str, key: str, marker: str) -> str:
    for _ in range(_ROUNDS):
        cleaned = _KEY_SHAPED.sub(marker, _without_key(text, key, marker))
        if cleaned == text:
            return text
        text = cleaned
    return marker  # still not clean: keep nothing


def shorten(text: str, limit: int, marker: str = REDACTED) -> str:
    """``text`` cut to ``limit`` characters and an ellipsis, never inside a ``marker``."""
    if len(text) <= limit:
        return text
    inside = text.rfind(marker, max(0, limit - len(marker) + 1), limit)
    return text[: inside if inside >= 0 else limit] + "\u2026"


def redact(text: str, key: str, limit: int | None = None) -> str:
    """A server's or an exception's text as it may be kept and shown: escaped (see
    :func:`escape`), every run sharing KEY_PIECE characters in a row with the key (any letter
    case) and anything shaped like a vendor key replaced by ``[redacted]``; then cut to
    ``limit`` characters (never inside a marker) and made sure of again."""
    marker = _OTHER_MARKER if _hits(REDACTED, key) else REDACTED
    text = _clean(escape(text), key, marker)
    if limit is not None and len(text) > limit:
        text = _clean(shorten(text, limit, marker), key, marker)
    return text
