"""Profiles: which table columns a schema must satisfy. Their rules are derived, never listed.

A feature is flagged under a profile when any of the profile's sources does not fully
support it; a limit applies with the smallest number any of its sources sets.
"""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

from .model import LIMITED, PARTIAL, UNSUPPORTED, VENDORS, Feature
from .table import FEATURES


class Profile(NamedTuple):
    """A named set of table columns to satisfy."""

    name: str
    #: the table columns this profile must satisfy
    sources: tuple[str, ...]
    description: str
    #: only the rows the OpenWOP conformance suite's always-on leg checks
    load_bearing_only: bool = False


PROFILES: dict[str, Profile] = {
    p.name: p
    for p in (
        Profile(
            "tier1", ("openai", "anthropic", "gemini", "openwop"),
            "The intersection: what OpenAI strict, Anthropic strict and Gemini all accept, "
            "within the RFC 0030 Tier-1 subset. The default.",
        ),
        Profile(
            "tier1-load-bearing", ("openwop",),
            "What the OpenWOP conformance suite checks for every host, including those that "
            "advertise \"warn\": forbidden keywords, nesting depth and property count.",
            load_bearing_only=True,
        ),
        Profile("openai", ("openai",), "OpenAI Structured Outputs and strict function calling."),
        Profile("anthropic", ("anthropic",), "Anthropic strict tool use and output_config.format."),
        Profile("gemini", ("gemini",), "Google Gemini responseSchema and response_json_schema."),
    )
}
DEFAULT_PROFILE = "tier1"


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
        """"error", "warning" or None (accepted) for the feature used with ``value``."""
        if self.rejecting:
            return "error"
        verdict = None
        for source in self.partial:
            allowed = self.feature.cell(source).allowed
            if allowed is None:
                verdict = verdict or "warning"
            elif not _allowed(value, allowed):
                return "error"
        return verdict


def _allowed(value: Any, allowed: frozenset[Any]) -> bool:
    try:
        return value in allowed and not isinstance(value, bool)
    except TypeError:  # unhashable
        return False


def rejecting_vendors(feature: Feature, value: Any = None, count: int | None = None) -> tuple[str, ...]:
    """Which vendors reject the feature (used with ``value``, or at ``count`` for limits)."""
    found = []
    for vendor in VENDORS:
        cell = feature.cell(vendor)
        if cell.status == UNSUPPORTED or cell.status == PARTIAL and cell.allowed is not None and not _allowed(value, cell.allowed) or cell.status == LIMITED and count is not None and cell.limit is not None and count > cell.limit:
            found.append(vendor)
    return tuple(found)


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
        rejecting = tuple(s for s, c in cells.items() if c.status == UNSUPPORTED)
        partial = tuple(s for s, c in cells.items() if c.status == PARTIAL)
        if rejecting or partial:
            result.append(Policy(feature, rejecting, partial, None))
    return tuple(result)

