"""The envelope kinds RFC 0030 names, as data: the universal kinds, the kinds that need not
declare ``reasoning`` (§A), and the ``vendor.<host>.<kind>`` namespace.

It sits in the subset layer so that the linter's reasoning rules and the envelopes package
read one list; :mod:`tierone.envelopes` re-exports all of it unchanged.
"""

from __future__ import annotations

import re

#: the four universal kinds, in the order the spec lists them
UNIVERSAL_KINDS = ("clarification.request", "schema.request", "schema.response", "error")
#: kinds that do not declare ``reasoning``: the side-channel acknowledgement, and the
#: low-reasoning signal kinds RFC 0030 lets vendor hosts leave without it
LOW_REASONING_KINDS = ("schema.response", "screen.emit", "status.progress", "ask.clarify", "chunk.emit")

_VENDOR_KIND = re.compile(r"^vendor\.[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$")
#: what a kind's name is: dot-separated words of letters, digits, ``_`` and ``-``
#: (``clarification.request``, ``vendor.acme.invoice``), at most :data:`MAX_KIND_LENGTH` long;
#: a kind names a file (``<kind>.schema.json``), so nothing else is one
KIND_NAME = re.compile(r"[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*")
MAX_KIND_LENGTH = 128


def kind_shown(name: str) -> str:
    """A kind as a message shows it: as it is when it is a kind's name, else quoted, escaped and
    cut (:func:`~tierone.core.errors.shown`)."""
    from ..core.errors import shown

    return name if is_kind_name(name) else shown(name)


def is_kind_name(name: object) -> bool:
    """Whether ``name`` is a kind's name by :data:`KIND_NAME` (checked before any path is built
    from it: never ``/etc/x``, ``../y`` or 100,000 characters)."""
    return isinstance(name, str) and len(name) <= MAX_KIND_LENGTH and KIND_NAME.fullmatch(name) is not None


def needs_reasoning(kind: str, low_reasoning: tuple[str, ...] = LOW_REASONING_KINDS) -> bool:
    """Whether a kind's schema should declare ``reasoning`` (RFC 0030 §A): not the
    acknowledgement, not a low-reasoning signal kind, whether named plainly or as
    ``vendor.<host>.<kind>``."""
    if kind in low_reasoning:
        return False
    parts = kind.split(".", 2)
    return not (is_vendor_kind(kind) and len(parts) == 3 and parts[2] in low_reasoning)


def is_vendor_kind(name: str) -> bool:
    """``vendor.<host>.<kind>``, the namespace for host-defined kinds."""
    return bool(_VENDOR_KIND.match(name))
