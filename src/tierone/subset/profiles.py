"""Profiles: which table columns a schema must satisfy. Their rules are derived, never listed.

A feature is flagged under a profile when any of the profile's sources does not fully
support it; a limit applies with the smallest number any of its sources sets.
"""

from functools import cache
from typing import Any, NamedTuple

from ..vendors.model import Profile, Vendor
from .conditions import failure
from .model import LIMITED, OPENWOP, PARTIAL, UNSUPPORTED, VENDORS, Feature, Support
from .table import FEATURES

__all__ = ["DEFAULT_PROFILE", "PROFILES", "Policy", "Profile", "covers", "policies"]


#: the profile used when none is named
DEFAULT_PROFILE = "tier1"


def _vendor_profiles() -> tuple[Profile, ...]:
    """The profiles each vendor module writes for itself (``tierone.vendors``)."""
    from ..vendors import VENDORS as BY_NAME

    return tuple(profile for vendor in BY_NAME.values() for profile in vendor.profiles)


PROFILES: dict[str, Profile] = {
    p.name: p
    for p in (
        Profile(
            DEFAULT_PROFILE,
            (*VENDORS, OPENWOP),
            "The intersection: what OpenAI strict, Anthropic strict and Gemini all accept, "
            "within the RFC 0030 Tier-1 subset. The default.",
            "the Tier-1 subset",
        ),
        Profile(
            "tier1-load-bearing",
            (OPENWOP,),
            "What the OpenWOP conformance suite checks for every host, including those that "
            'advertise "warn": forbidden keywords, nesting depth and property count.',
            "the Tier-1 subset",
            load_bearing_only=True,
        ),
        Profile(
            "vendors",
            VENDORS,
            "What OpenAI strict, Anthropic strict and Gemini all accept today, without RFC 0030's "
            "older limits (depth 5, 100 properties) or its reasoning rules.",
            "the vendors' common subset",
        ),
        *_vendor_profiles(),
    )
}


class Policy(NamedTuple):
    """How one feature is judged under one profile."""

    feature: Feature
    #: sources of the profile that reject the feature outright
    rejecting: tuple[str, ...]
    #: sources of the profile that accept only some values (or with reservations)
    partial: tuple[str, ...]
    #: for limits: the smallest limit among the profile's sources
    limit: int | None

    def verdict(self, value: Any = None) -> str | None:
        """ "error", "warning" or None (accepted) for the feature used with ``value``."""
        return self.verdict_and_reason(value)[0]

    def verdict_and_reason(self, value: Any = None) -> tuple[str | None, str | None]:
        """The verdict for ``value`` and, when a partial cell's condition rejects it, why."""
        if self.rejecting:
            return "error", None
        verdict = None
        passed: set[str] = set()  # conditions already met (several sources often share one)
        for source in self.partial:
            cell = self.feature.cell(source)
            if cell.allowed is not None:
                if not _allowed(value, cell.allowed):
                    return "error", None
            elif cell.condition is not None:
                if cell.condition in passed:
                    continue
                reason = failure(cell.condition, value)
                if reason is not None:
                    return "error", reason
                passed.add(cell.condition)
            else:
                verdict = verdict or "warning"
        return verdict, None


def _allowed(value: Any, allowed: frozenset[Any]) -> bool:
    try:
        return value in allowed and not isinstance(value, bool)
    except TypeError:  # unhashable
        return False


def _rejects(cell: Support, value: Any, count: int | None) -> bool:
    """Whether a vendor's cell rejects the feature used with ``value`` (or at ``count``)."""
    if cell.status == UNSUPPORTED:
        return True
    if cell.status == PARTIAL:
        if cell.allowed is not None:
            return not _allowed(value, cell.allowed)
        return cell.condition is not None and failure(cell.condition, value) is not None
    return cell.status == LIMITED and count is not None and cell.limit is not None and count > cell.limit


def rejecting_vendors(feature: Feature, value: Any = None, count: int | None = None) -> tuple[str, ...]:
    """Which vendors reject the feature (used with ``value``, or at ``count`` for limits)."""
    return tuple(vendor for vendor in VENDORS if _rejects(feature.cell(vendor), value, count))


@cache
def closed_fields(profile_name: str) -> frozenset[str] | None:
    """The only members a schema node may hold under ``profile_name``, when one of its sources
    is a closed dialect (``tierone.vendors``: a column with ``fields``); None when all are open."""
    from ..vendors import COLUMNS

    closed: frozenset[str] | None = None
    for source in PROFILES[profile_name].sources:
        fields = COLUMNS[source].fields if source in COLUMNS else None
        if fields is not None:
            closed = fields if closed is None else closed & fields
    return closed


@cache
def policies(profile_name: str) -> tuple[Policy, ...]:
    """The policy of every feature the profile flags, in table order."""
    profile = PROFILES[profile_name]
    result = []
    for feature in FEATURES:
        if profile.load_bearing_only and not feature.load_bearing:
            continue
        cells = {source: feature.cell(source) for source in profile.sources}
        if feature.kind == "limit":
            limits = [c.limit for c in cells.values() if c.status == LIMITED and c.limit is not None]
            if limits:
                result.append(Policy(feature, (), (), min(limits)))
            continue
        if any(c.prescribed for c in cells.values()):  # e.g. the RFC's own spelling, for its profiles
            continue
        rejecting = tuple(s for s, c in cells.items() if c.status == UNSUPPORTED)
        partial = tuple(s for s, c in cells.items() if c.status == PARTIAL)
        if rejecting or partial:
            result.append(Policy(feature, rejecting, partial, None))
    return tuple(result)


def covers(profile_name: str, vendor: Vendor) -> bool:
    """Whether a rendition for ``profile_name`` is one the vendor accepts: the profile
    satisfies one of the vendor's columns (``tier1`` and ``vendors`` cover every vendor).

    >>> from ..vendors import VENDORS
    >>> covers("gemini-openapi", VENDORS["gemini"]), covers("openai", VENDORS["gemini"])
    (True, False)
    """
    sources = PROFILES[profile_name].sources
    return any(column.name in sources for column in vendor.columns)
