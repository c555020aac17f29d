"""Rule selection by code, prefix or name, with ruff's precedence: the more specific wins."""

from collections.abc import Iterable
from functools import cache
from typing import NamedTuple

from ..subset.table import BY_NAME, FEATURES


class SelectionError(ValueError):
    """A selector that matches no rule."""


def _codes_for(selector: str) -> tuple[str, int]:
    """(code prefix, specificity) for a selector: ``ALL``, a code prefix or a rule name."""
    if selector == "ALL":
        return "", 0
    if selector in BY_NAME:
        return BY_NAME[selector].code, len(BY_NAME[selector].code)
    upper = selector.upper()
    if upper in _prefixes():
        return upper, len(upper)
    raise SelectionError(f"unknown rule selector {selector!r} (see `tierone rules`)")


@cache
def _prefixes() -> frozenset[str]:
    """Every code prefix of a rule (``T``, ``T1``, ``T10``, ``T101``…): a selector is looked up,
    not compared with every rule (a suppression may list thousands)."""
    return frozenset(f.code[:end] for f in FEATURES for end in range(1, len(f.code) + 1))


class Selection(NamedTuple):
    """Selected and ignored selectors; ``enabled()`` resolves them to codes."""

    select: tuple[str, ...] = ("ALL",)
    ignore: tuple[str, ...] = ()

    def enabled(self, extra_ignore: Iterable[str] = ()) -> frozenset[str]:
        return _enabled(self.select, (*self.ignore, *extra_ignore))


@cache
def _enabled(select: tuple[str, ...], ignore: tuple[str, ...]) -> frozenset[str]:
    """The codes ``select`` and ``ignore`` leave on (resolved once per combination: the API and
    the rewriter's judge ask again for every schema)."""
    chosen = [_codes_for(s) for s in select]
    dropped = [_codes_for(s) for s in ignore]
    result = set()
    for feature in FEATURES:
        best_select = max((n for p, n in chosen if feature.code.startswith(p)), default=-1)
        best_ignore = max((n for p, n in dropped if feature.code.startswith(p)), default=-1)
        if best_select >= 0 and best_select > best_ignore:
            result.add(feature.code)
    return frozenset(result)


def prefix_of(selector: str) -> str | None:
    """The code prefix a selector stands for (``""`` for ``ALL``), or None when it matches no rule."""
    try:
        return _codes_for(selector.strip())[0]
    except SelectionError:
        return None
