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
