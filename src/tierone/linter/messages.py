"""What a finding says: the rule's message template filled in, and which vendors reject it."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..subset.model import Feature
from ..subset.profiles import PROFILES, rejecting_vendors
from ..subset.table import BY_CODE
from . import checks


class _Fields(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return ""


#: what every object or array value stands for in the vendor cache: no vendor's list of
#: allowed values holds one, and repr() of a value nested 900 deep raises RecursionError
_CONTAINER = object()


def hashable(value: Any) -> Any:
    """``value`` as the vendor cache keys it: a scalar as it is, any object or array as one stand-in."""
    return value if value is None or isinstance(value, (str, int, float, bool)) else _CONTAINER


@lru_cache(maxsize=4096, typed=True)  # typed: the value 1 and the value true are judged apart
def rejected_by(code: str, value: Any, count: int | None) -> tuple[str, ...]:
    """The vendors that reject rule ``code`` used with ``value`` (``count`` times), cached."""
    return rejecting_vendors(BY_CODE[code], value, count)


def message_for(feature: Feature, hit: checks.Hit, profile: str) -> str:
    """The finding's message: the rule's template filled with what the hit found."""
    template = feature.message
    fields = _Fields(hit.fields or ())
    fields["subset"] = PROFILES[profile].phrase
    if hit.keyword is not None:
        fields.setdefault("keyword", hit.keyword)
    if "{value" in template:
        fields.setdefault("value", checks.show(hit.value))
    return template.format_map(fields)
