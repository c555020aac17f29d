"""Which file a rendition's marker may make tierone read: its source, and nothing else.

A file in a repository is untrusted input, and a marker is a path written in one. So the
source a marker names is followed only when it is

- relative, resolved against the rendition's own folder;
- inside that folder or the project (:func:`~tierone.core.confine.project_root`), by name and once every symbolic
  link is resolved (no absolute path, no ``..`` out, no link out);
- a regular file;
- a source: a file that is itself a rendition of another one is never read through (no second
  hop).

Anything else is an :class:`~tierone.core.errors.InputError` naming the rendition, which says
why and never quotes what the other file holds.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence

from .confine import inside, really_inside
from .errors import InputError, require_schema, shown
from .renditions import Marker, MarkerError, marker_of
from .source import Source


def follow(rendition: str, marker: Marker, root: str) -> str:
    """The path of the source ``marker`` (read from ``rendition``) names, usable from here; an
    :class:`InputError` when it may not be followed (see the module's rules), is missing or is
    not a regular file."""
    assert marker.source is not None
    folder = os.path.dirname(rendition) or "."
    path = os.path.normpath(os.path.join(folder, marker.source))
    named = shown(marker.source)
    if not (inside(path, folder) or inside(path, root)):
        raise InputError(
            rendition, f"its rendition marker names {named}, outside its folder and the project ({root}); not followed"
        )
    if not (really_inside(path, folder) or really_inside(path, root)):
        raise InputError(
            rendition,
            f"its rendition marker names {named}, which a symbolic link takes out of the project; not followed",
        )
    try:
        mode = os.stat(path).st_mode
    except OSError:
        raise InputError(rendition, f"its rendition marker names {named}, which does not exist") from None
    if not stat.S_ISREG(mode):
        raise InputError(rendition, f"its rendition marker names {named}, which is not a regular file; not followed")
    return path


def marker_in(rendition: str, data: object) -> Marker | None:
    """The marker ``data`` (read from ``rendition``) carries, or None; a malformed one is an
    :class:`InputError` naming ``rendition``."""
    try:
        return marker_of(data)
    except MarkerError as error:
        raise InputError(rendition, str(error)) from None


def load_source(rendition: str, marker: Marker, root: str, refs: Sequence[str] = ()) -> Source:
    """The source of a marked rendition, loaded (its relative file references bundled from
    ``refs``): :func:`follow`, then refused when it is not a schema or is itself a rendition
    naming another source."""
    from .inputs import load_input

    path = follow(rendition, marker, root)
    try:
        source = load_input(path, dash=False, refs=refs)
        require_schema(source.data, path)
    except InputError as error:  # its own message: no line of the file's text is quoted
        raise InputError(rendition, f"its source {path} cannot be read as a schema: {error.message}") from None
    try:
        second = marker_of(source.data)
        hop = second is not None and second.source is not None
    except MarkerError:  # it says it is a rendition, in a line that cannot be read
        hop = True
    if hop:
        raise InputError(
            rendition,
            f"its source {path} is itself a strict rendition; a marker must name a "
            "source, never another rendition (not followed)",
        )
    return source
