"""Checks of the bounds rules (T3xx): string, number, array and object constraints. Each is
flagged wherever it stands; the verdict (a vendor's list of formats, Anthropic's 0 or 1
``minItems``) is the table's, from the value the hit carries."""

from __future__ import annotations

from .base import keyword_check
from .keywords import keyword_present

keyword_check("T301", "T302", "T303", "T304", "T305", "T306", "T307", "T308", "T309", "T310")(keyword_present)
