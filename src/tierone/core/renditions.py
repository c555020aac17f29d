"""Strict renditions: the file a rewrite writes beside its source, and the marker that says so.

A rendition records its source in a root ``$comment`` line (the marker)::

    tierone: strict rendition of "ticket.schema.yaml" (profile tier1, source sha256:1f2e3d4c5b6a7988)

The path is relative to the rendition's directory, JSON-quoted; the digest is the first 16 hex
digits of the SHA-256 of the source's text when the rendition was made, so a rendition whose
source has changed since is known to be stale. ``--fix --in-place`` replaces the source, so
its rendition says only ``tierone: strict rendition; its source was replaced in place``.

``$comment`` is a JSON Schema annotation, but not every vendor takes one at a schema's root:
which profiles' renditions carry the marker is the profile's own word
(:attr:`tierone.subset.profiles.Profile.carries_marker`), never decided here. Where a rendition goes is :mod:`tierone.core.rendition_names`; which
source a marker may lead to, :mod:`tierone.core.rendition_sources`. Nothing here reads or writes
a file.
"""

from __future__ import annotations

import json
import os
import re
from functools import cache
from typing import Any, NamedTuple

from .errors import shown

PREFIX = "tierone: strict rendition"
IN_PLACE = f"{PREFIX}; its source was replaced in place"
_MARKER = (
    r"^tierone: strict rendition(?:; its source was replaced in place| of (?P<source>\"(?:[^\"\\]|\\.)*\") "
    r"\(profile (?P<profile>[\w-]+), source sha256:(?P<digest>[0-9a-f]{16})\))$"
)


@cache
def _marker() -> re.Pattern[str]:
    """The marker's pattern, compiled when a ``$comment`` is first read (not at start-up)."""
    return re.compile(_MARKER)


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


def mark(schema: Any, text: str) -> Any:
    """``schema`` with ``text`` as its root ``$comment`` line (after the schema's own comment,
    which is kept); a boolean schema is left as is."""
    if not isinstance(schema, dict):
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


class MarkerError(ValueError):
    """A ``$comment`` line that begins as a rendition marker but cannot be read as one; the
    message says why, never what the path holds beyond a short, escaped excerpt."""


def _marker_line(comment: str) -> str | None:
    """The comment's line that begins as a marker, or None."""
    if PREFIX not in comment:
        return None
    return next((line for line in comment.splitlines() if line.startswith(PREFIX)), None)


def is_marked(schema: Any) -> bool:
    """Whether a schema says it is a rendition: a root ``$comment`` line beginning as a marker,
    well formed or not (a file that says so is not fixed again)."""
    comment = schema.get("$comment") if isinstance(schema, dict) else None
    return isinstance(comment, str) and _marker_line(comment) is not None


def marker_of(schema: Any) -> Marker | None:
    """The marker a schema carries, or None; a :class:`MarkerError` for a line that begins as
    one but is malformed (an unknown escape, a control character, a lone surrogate, an empty or
    absolute path)."""
    comment = schema.get("$comment") if isinstance(schema, dict) else None
    line = _marker_line(comment) if isinstance(comment, str) else None
    if line is None:
        return None
    found = _marker().fullmatch(line)
    if found is None:
        raise MarkerError(f"its rendition marker is malformed: {shown(line)}")
    if not found["source"]:
        return Marker(None, None, None)
    try:
        source = json.loads(found["source"])
    except ValueError:
        raise MarkerError(f"its rendition marker's path is not a JSON string: {shown(found['source'][1:-1])}") from None
    problem = _path_problem(source)
    if problem:
        raise MarkerError(f"its rendition marker's path {shown(source)} {problem}")
    return Marker(source, found["profile"], found["digest"])


def _path_problem(path: str) -> str | None:
    """What makes a marker's path unusable before the file system is asked, or None."""
    if not path:
        return "is empty"
    if any(ord(c) < 32 or ord(c) == 127 or 0xD800 <= ord(c) <= 0xDFFF for c in path):
        return "holds a control character or a lone surrogate"
    if os.path.isabs(path):
        return "is absolute (a marker names its source relative to the rendition's folder)"
    return None


def relative_source(source: str, rendition: str) -> str:
    """``source`` as the marker of ``rendition`` records it: relative, with forward slashes."""
    relative = os.path.relpath(os.path.abspath(source), os.path.dirname(os.path.abspath(rendition)))
    return relative.replace(os.sep, "/")


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
