"""Strict renditions: the file a rewrite writes beside its source, and the marker that says so.

A rendition records its source in a root ``$comment`` line (the marker)::

    tierone: strict rendition of "ticket.schema.yaml" (profile tier1, source sha256:1f2e3d4c5b6a7988)

The path is relative to the rendition's directory, JSON-quoted; the digest is the first 16 hex
digits of the SHA-256 of the source's text when the rendition was made, so a rendition whose
source has changed since is known to be stale. ``--fix --in-place`` replaces the source, so
its rendition says only ``tierone: strict rendition; its source was replaced in place``.

``$comment`` is a JSON Schema annotation: every profile's table accepts it (it is never
reported), but Gemini's ``responseSchema`` answers an unknown field with ``Unknown name``
(vendors.md, pain 4), so renditions for the ``gemini`` profile carry no marker
(:data:`UNMARKED_PROFILES`). Nothing here reads or writes a file.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence
from functools import cache
from typing import Any, NamedTuple

#: where ``lint --fix`` writes a rendition, relative to its source's directory
DEFAULT_PATTERN = "{stem}.strict{suffix}"
#: what a ``fix-output`` pattern may name: the source's name without its last suffix, that
#: suffix (``.json``, ``.yaml``), and the profile
FIELDS = ("stem", "suffix", "profile")
#: profiles whose vendors reject a root ``$comment``: their renditions are not marked
UNMARKED_PROFILES = frozenset({"gemini"})
PREFIX = "tierone: strict rendition"
IN_PLACE = f"{PREFIX}; its source was replaced in place"
_MARKER = (r"^tierone: strict rendition(?:; its source was replaced in place| of (?P<source>\"(?:[^\"\\]|\\.)*\") "
           r"\(profile (?P<profile>[\w-]+), source sha256:(?P<digest>[0-9a-f]{16})\))$")


@cache
def _marker() -> re.Pattern[str]:
    """The marker's pattern, compiled when a ``$comment`` is first read (not at start-up)."""
    return re.compile(_MARKER, re.MULTILINE)


class Marker(NamedTuple):
    """What a rendition says of its source (``source`` is None when it was replaced in place)."""

    source: str | None
    profile: str | None
    digest: str | None


def digest(text: str) -> str:
    """The short SHA-256 of a source's text that a marker records."""
    import hashlib  # only --fix, rewrite -o and restore hash: `tierone lint` starts without it

    return hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()[:16]


def marker_text(source: str, profile: str, source_digest: str) -> str:
    return f"{PREFIX} of {json.dumps(source, ensure_ascii=False)} (profile {profile}, source sha256:{source_digest})"


def mark(schema: Any, text: str, profile: str) -> Any:
    """``schema`` with ``text`` as its root ``$comment`` line (after the schema's own comment,
    which is kept); a boolean schema or a profile in :data:`UNMARKED_PROFILES` is left as is."""
    if not isinstance(schema, dict) or profile in UNMARKED_PROFILES:
        return schema
    own = schema.get("$comment")
    kept = [line for line in own.splitlines() if not line.startswith(PREFIX)] if isinstance(own, str) else []
    comment = "\n".join([*kept, text])
    marked = {key: value for key, value in schema.items() if key != "$comment"}
    return {"$comment": comment, **marked} if "$schema" not in schema else _after_schema(marked, comment)


def _after_schema(schema: dict[str, Any], comment: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in schema.items():
        out[key] = value
        if key == "$schema":
            out["$comment"] = comment
    return out


def marker_of(schema: Any) -> Marker | None:
    """The marker a schema carries, or None."""
    comment = schema.get("$comment") if isinstance(schema, dict) else None
    if not isinstance(comment, str):
        return None
    found = _marker().search(comment)
    if found is None:
        return None
    source = json.loads(found["source"]) if found["source"] else None
    return Marker(source, found["profile"], found["digest"])


def check_pattern(pattern: str) -> str | None:
    """What is wrong with a ``fix-output`` pattern, or None."""
    import string

    try:
        fields = [name for _, name, _, _ in string.Formatter().parse(pattern) if name is not None]
    except ValueError as error:
        return f"is not a pattern: {error}"
    unknown = sorted(set(fields) - set(FIELDS))
    if unknown:
        return f"names {{{unknown[0]}}}; a pattern may use {', '.join('{' + f + '}' for f in FIELDS)}"
    if "stem" not in fields:
        return "must use {stem}, or every source would have the same rendition"
    if os.path.isabs(pattern):
        return "must be relative (to the source's directory)"
    return None


def stem_and_suffix(path: str) -> tuple[str, str]:
    """A file name's stem and suffix as patterns see them: the suffix is the last one
    (``a.schema.json``: ``a.schema`` and ``.json``)."""
    name = os.path.basename(path)
    stem, dot, suffix = name.rpartition(".")
    return (stem, dot + suffix) if stem else (name, "")


def rendition_path(source: str, profile: str, pattern: str | None = None) -> str:
    """Where the rendition of ``source`` goes: ``pattern`` (:data:`DEFAULT_PATTERN` when None),
    expanded, relative to the source's directory."""
    stem, suffix = stem_and_suffix(source)
    name = (pattern or DEFAULT_PATTERN).format(stem=stem, suffix=suffix, profile=profile)
    return os.path.normpath(os.path.join(os.path.dirname(source), name))


def source_of(rendition: str, marker: Marker) -> str | None:
    """The source path a marked rendition names, as a path usable from here."""
    if marker.source is None:
        return None
    return os.path.normpath(os.path.join(os.path.dirname(rendition), marker.source))


def relative_source(source: str, rendition: str) -> str:
    """``source`` as the marker of ``rendition`` records it: relative, with forward slashes."""
    relative = os.path.relpath(os.path.abspath(source), os.path.dirname(os.path.abspath(rendition)))
    return relative.replace(os.sep, "/")


def named_renditions(found: Sequence[str], profile: str, pattern: str | None) -> set[str]:
    """The paths among ``found`` that are, by name, the rendition of another of them."""
    normal = {os.path.normpath(path): path for path in found}
    names: set[str] = set()
    for path in found:
        target = rendition_path(path, profile, pattern)
        if target != os.path.normpath(path) and target in normal:
            names.add(normal[target])
    return names


#: the words rewrite puts in the description of a field that carries an open object or array
#: as a JSON string (:data:`tierone.rewriter.shapes.ENCODED_NOTE`)
ENCODED_WORDS = "JSON-encoded"


def looks_rewritten(schema: Any) -> bool:
    """The heuristic for a schema without a marker: it has a string field described as
    JSON-encoded, which is what rewrite makes of an open object. An original schema rarely says
    so; a rendition of one with open objects always does."""
    stack = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, dict):
            types = node.get("type")
            stringy = types == "string" or (isinstance(types, list) and "string" in types)
            description = node.get("description")
            if stringy and isinstance(description, str) and ENCODED_WORDS in description:
                return True
            stack.extend(value for value in node.values() if isinstance(value, (dict, list)))
    return False


def named_sources(rendition: str, pattern: str | None, profiles: Sequence[str]) -> list[tuple[str, str]]:
    """The (source, profile) pairs whose rendition, by ``pattern``, is named ``rendition``: the
    pattern read backwards (``{stem}`` and ``{suffix}`` taken from the name, ``{profile}`` one of
    ``profiles``), each candidate checked forwards. The sources may not exist."""
    pattern = pattern or DEFAULT_PATTERN
    depth = pattern.count("/")
    parts = os.path.normpath(rendition).split(os.sep)
    if len(parts) <= depth:
        return []
    tail = "/".join(parts[len(parts) - depth - 1:])
    directory = os.sep.join(parts[:len(parts) - depth - 1])
    found: list[tuple[str, str]] = []
    for profile in profiles:
        regex = _backwards(pattern, profile)
        match = regex.fullmatch(tail)
        if match is None:
            continue
        source = os.path.join(directory, match["stem"] + match["suffix"]) if directory else match["stem"] + match["suffix"]
        if rendition_path(source, profile, pattern) == os.path.normpath(rendition) and (source, profile) not in found:
            found.append((source, profile))
    return found


def _backwards(pattern: str, profile: str) -> re.Pattern[str]:
    import string

    pieces: list[str] = []
    seen: set[str] = set()
    for literal, name, _, _ in string.Formatter().parse(pattern):
        pieces.append(re.escape(literal))
        if name == "profile":
            pieces.append(re.escape(profile))
        elif name in ("stem", "suffix") and name not in seen:
            pieces.append(r"(?P<stem>[^/]+?)" if name == "stem" else r"(?P<suffix>\.[^./]+|)")
            seen.add(name)
        elif name in ("stem", "suffix"):
            pieces.append(f"(?P={name})")
    if "suffix" not in seen:
        pieces.append(r"(?P<suffix>)")
    return re.compile("".join(pieces))
