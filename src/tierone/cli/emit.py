"""``tierone rewrite --emit``: the vendor request fragment that carries the strict schema,
for users outside Python. The fragments themselves are built by the vendors' modules
(:data:`tierone.vendors.FRAGMENTS`), as :meth:`tierone.Strict.fragment` builds them for Python callers."""

from __future__ import annotations

import json
from collections.abc import Sequence
from enum import Enum
from typing import Any, NamedTuple

from ..vendors import FRAGMENTS

#: the fragments ``--emit`` prints, named after the API field they fill (one per
#: ``tierone.vendors`` fragment, in the vendors' order)
Emit = Enum("Emit", {kind.upper().replace("-", "_"): kind for kind in FRAGMENTS}, type=str)  # type: ignore[misc]


class Request(NamedTuple):
    """What ``--emit`` and ``--name`` ask for, checked."""

    kind: Emit
    name: str | None


def request(kind: Emit | None, name: str | None) -> Request | None:
    """The checked request, None without ``--emit``; a :class:`ValueError` saying what to
    change when ``--name`` is missing where the API needs one, given where it takes none, or
    not a name the API accepts."""
    if kind is None:
        if name is not None:
            raise ValueError("--name goes with --emit (the name of the schema, function or tool in the request)")
        return None
    named = FRAGMENTS[kind.value].named
    if named and name is None:
        raise ValueError(f"--emit {kind.value} needs --name NAME (the API requires a name)")
    if not named and name is not None:
        raise ValueError(f"--emit {kind.value} takes no --name (the API has no name for it)")
    if name is not None:
        _fragment(kind, {}, name, "tier1")  # the name is checked as the API checks it
    return Request(kind, name)


def fragment_text(asked: Request, schema: Any, profile: str) -> str:
    """The fragment carrying ``schema``, as JSON text (indented, ending in a newline)."""
    return json.dumps(_fragment(asked.kind, schema, asked.name, profile), indent=2, ensure_ascii=False) + "\n"


def _fragment(kind: Emit, schema: Any, name: str | None, profile: str) -> dict[str, Any]:
    return FRAGMENTS[kind.value].build(schema, name or "", None, profile)


def emit_profile(kind: Emit, given: Sequence[str], configured: Sequence[str]) -> str:
    """The profile whose rendition ``--emit kind`` carries: the one ``-p`` names, else the first
    configured profile that covers the fragment's vendor, else the vendor's own profile. A
    :class:`ValueError` when ``-p`` names several, or one the vendor does not accept."""
    from ..subset.profiles import covers
    from ..vendors import own_profile, vendor_of

    vendor = vendor_of(kind.value)
    chosen = list(dict.fromkeys(given))
    if len(chosen) > 1:
        raise ValueError(f"--emit prints one fragment: give at most one -p (not {', '.join(chosen)})")
    if chosen and not covers(chosen[0], vendor):
        raise ValueError(
            f"--emit {kind.value} is a {vendor.name} fragment, and the {chosen[0]} rendition is not made for "
            f"{vendor.name}: use -p {own_profile(vendor)} (its own, the default with --emit), vendors or tier1"
        )
    fitting = [name for name in configured if covers(name, vendor)]
    return (chosen or fitting or [own_profile(vendor)])[0]


def emitted(kind: Emit | None, name: str | None, paths: list[str] | None, writes: object) -> Request | None:
    """The checked ``--emit``/``--name`` request of ``tierone rewrite``; exits 2 (one line on
    stderr) when it cannot be honoured: a bad or missing name, more than one input, or an
    option that writes files."""
    from .output import fail

    try:
        asked = request(kind, name)
    except ValueError as problem:
        fail(str(problem))
    if asked is not None and (writes or len(paths or []) > 1):
        fail(
            "--emit prints one input's request fragment to stdout: give one input, without -o, "
            "--in-place, --check or --diff"
        )
    return asked
