"""Where a strict rendition goes: the ``fix-output`` name pattern (``{stem}.strict{suffix}``),
checked, expanded and read backwards.

A pattern is a file name relative to the source's folder, with three fields and nothing else:
no format specs, no conversions, no way out of the folder, never the source's own name (a
configuration in a repository is untrusted input). Nothing here reads or writes a file.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from typing import NamedTuple

from .errors import shown

#: where ``lint --fix`` writes a rendition, relative to its source's directory
DEFAULT_PATTERN = "{stem}.strict{suffix}"
#: what a ``fix-output`` pattern may name: the source's name without its last suffix, that
#: suffix (``.json``, ``.yaml``), and the profile
FIELDS = ("stem", "suffix", "profile")


class Piece(NamedTuple):
    """A piece of a name pattern: literal text, then the field that follows it (or None)."""

    literal: str
    field: str | None


def pieces(pattern: str) -> tuple[Piece, ...]:
    """``pattern`` cut into literal text and fields; a :class:`ValueError` for a brace left open
    or closed alone, a field this module does not know, or a format spec or conversion
    (``{stem:>9}``, ``{stem!r}``): a pattern names fields, nothing else."""
    from _string import formatter_parser  # type: ignore[import-not-found]  # string.Formatter.parse, without importing string (~2 ms)

    out = []
    for literal, name, spec, conversion in formatter_parser(pattern):
        if name is not None and (spec or conversion):
            raise ValueError(
                f"{{{name}...}} has a format spec or conversion; a pattern may only name "
                f"{', '.join('{' + f + '}' for f in FIELDS)}"
            )
        if name is not None and name not in FIELDS:
            raise ValueError(f"names {{{name[:60]}}}; a pattern may use {', '.join('{' + f + '}' for f in FIELDS)}")
        out.append(Piece(literal, name))
    return tuple(out)


def expand(pattern: str, **values: str) -> str:
    """``pattern`` with its fields filled in (plain text replacement: no format machinery)."""
    return "".join(piece.literal + (values[piece.field] if piece.field else "") for piece in pieces(pattern))


def check_pattern(pattern: str, fields: tuple[str, ...] = FIELDS) -> str | None:
    """What is wrong with a ``fix-output`` pattern, or None. It must name ``{stem}``, only the
    fields :data:`FIELDS` (within ``fields``), stay inside the source's folder and never name the
    source itself."""
    try:
        named = [piece.field for piece in pieces(pattern) if piece.field]
    except ValueError as error:
        return f"is not a pattern: {error}"
    unknown = [name for name in named if name not in fields]
    if unknown:
        return f"names {{{unknown[0]}}}; this pattern may use {', '.join('{' + f + '}' for f in fields)}"
    if "stem" not in named:
        return "must use {stem}, or every source would have the same rendition"
    if any(ord(c) < 32 for c in pattern):
        return "holds a control character"
    if os.path.isabs(pattern):
        return "must be relative (to the source's directory)"
    name = expand(pattern, stem="s", suffix=".x", profile="tier1")
    if _outside(name):
        return "must name a file inside the source's folder (no .. out of it)"
    if os.path.normpath(name) == "s.x":
        return "names the source itself: a rendition goes beside its source, never over it"
    return None


def _outside(name: str) -> bool:
    """Whether a name relative to a folder leaves it (or is the folder itself)."""
    normal = os.path.normpath(name)
    return os.path.isabs(normal) or normal in (".", "..") or normal.startswith(".." + os.sep)


#: what ``-o``'s template may name (``{suffix}`` is the input's; a model's is empty)
OUTPUT_FIELDS = FIELDS


def check_output(template: str) -> str | None:
    """What is wrong with an ``-o`` template, or None: a plain path, or one naming
    :data:`OUTPUT_FIELDS` and nothing else (no format specs; a brace left open is an error, not
    a literal name). Where it writes is the user's choice: it may be absolute."""
    try:
        pieces(template)
    except ValueError as error:
        return f"-o {error}" if str(error).startswith("names") else f"-o is not a name template: {error}"
    return None


def output_stem(spec: str) -> str:
    """An input's ``{stem}`` in ``-o``: its name without its last suffix; ``stdin`` for ``-``;
    for a model (``pkg.models:Invoice``) a name any file system takes (``pkg.models.Invoice``)."""
    from .inputs import STDIN, looks_like_model

    if spec == STDIN:
        return "stdin"
    if looks_like_model(spec):
        return re.sub(r"[^A-Za-z0-9._-]", "_", spec.replace(":", "."))
    return stem_and_suffix(spec)[0]


def output_path(template: str, spec: str, profile: str) -> str:
    """Where ``-o`` writes the rendition of ``spec`` for ``profile``: the template with
    ``{stem}`` (:func:`output_stem`), ``{suffix}`` and ``{profile}`` filled in."""
    from .inputs import STDIN, looks_like_model

    suffix = "" if spec == STDIN or looks_like_model(spec) else stem_and_suffix(spec)[1]
    return expand(template, stem=output_stem(spec), suffix=suffix, profile=profile)


def stem_and_suffix(path: str) -> tuple[str, str]:
    """A file name's stem and suffix as patterns see them: the suffix is the last one
    (``a.schema.json``: ``a.schema`` and ``.json``)."""
    name = os.path.basename(path)
    stem, dot, suffix = name.rpartition(".")
    return (stem, dot + suffix) if stem else (name, "")


def rendition_path(source: str, profile: str, pattern: str | None = None) -> str:
    """Where the rendition of ``source`` goes: ``pattern`` (:data:`DEFAULT_PATTERN` when None),
    expanded, relative to the source's directory. A :class:`ValueError` when the name it makes
    leaves that folder (a stem of ``..`` under ``{stem}/...``)."""
    stem, suffix = stem_and_suffix(source)
    name = expand(pattern or DEFAULT_PATTERN, stem=stem, suffix=suffix, profile=profile)
    if _outside(name):
        raise ValueError(f"{source}: fix-output makes {shown(name)}, which is outside the source's folder")
    return os.path.normpath(os.path.join(os.path.dirname(source), name))


def named_renditions(found: Sequence[str], profile: str, pattern: str | None) -> set[str]:
    """The paths among ``found`` that are, by name, the rendition of another of them."""
    normal = {os.path.normpath(path): path for path in found}
    names: set[str] = set()
    for path in found:
        try:
            target = rendition_path(path, profile, pattern)
        except ValueError:
            continue
        if target != os.path.normpath(path) and target in normal:
            names.add(normal[target])
    return names


def named_sources(rendition: str, pattern: str | None, profiles: Sequence[str]) -> list[tuple[str, str]]:
    """The (source, profile) pairs whose rendition, by ``pattern``, is named ``rendition``: the
    pattern read backwards (``{stem}`` and ``{suffix}`` taken from the name, ``{profile}`` one of
    ``profiles``), each candidate checked forwards. The sources may not exist."""
    pattern = pattern or DEFAULT_PATTERN
    depth = pattern.count("/")
    parts = os.path.normpath(rendition).split(os.sep)
    if len(parts) <= depth:
        return []
    tail = "/".join(parts[len(parts) - depth - 1 :])
    directory = os.sep.join(parts[: len(parts) - depth - 1])
    found: list[tuple[str, str]] = []
    for profile in profiles:
        regex = _backwards(pattern, profile)
        match = regex.fullmatch(tail)
        if match is None:
            continue
        source = (
            os.path.join(directory, match["stem"] + match["suffix"]) if directory else match["stem"] + match["suffix"]
        )
        try:
            forwards = rendition_path(source, profile, pattern)
        except ValueError:
            continue
        if forwards == os.path.normpath(rendition) and (source, profile) not in found:
            found.append((source, profile))
    return found


def _backwards(pattern: str, profile: str) -> re.Pattern[str]:
    parts: list[str] = []
    seen: set[str] = set()
    for literal, name in pieces(pattern):
        parts.append(re.escape(literal))
        if name == "profile":
            parts.append(re.escape(profile))
        elif name in ("stem", "suffix") and name not in seen:
            parts.append(r"(?P<stem>[^/]+?)" if name == "stem" else r"(?P<suffix>\.[^./]+|)")
            seen.add(name)
        elif name in ("stem", "suffix"):
            parts.append(f"(?P={name})")
    if "suffix" not in seen:
        parts.append(r"(?P<suffix>)")
    return re.compile("".join(parts))
