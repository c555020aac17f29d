"""What a refusal adds where a profile of several vendors cannot have one schema for all: the
union budget one caps (rule T408), which the null-as-absent emulation another needs spends."""

from __future__ import annotations

from ..subset.profiles import PROFILES


def one_rendition_per_vendor(code: str, profile: str) -> str:
    """For a profile of several vendors whose union budget (rule T408) the null-as-absent
    emulation spent: that one schema for all cannot exist, and what to do instead."""
    from ..subset.model import VENDORS

    vendors = [s for s in PROFILES[profile].sources if s in VENDORS]
    if code != "T408" or len(vendors) < 2:
        return ""
    flags = " ".join(f"-p {v}" for v in vendors)
    return (
        f"; no one schema serves {', '.join(vendors)} here (one needs every field required, so each optional "
        f"field becomes a union, and another caps unions): write one rendition per vendor, "
        f"`tierone rewrite SCHEMA {flags} -o 'out/{{stem}}.{{profile}}.json'` (or `rewrite(schema, profile)` "
        "for each)"
    )
