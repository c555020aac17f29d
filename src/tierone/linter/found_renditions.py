"""Which files found in a directory are strict renditions rather than sources, so that lint
leaves them out: one named as the rendition of another file found (``a.schema.strict.json``
beside ``a.schema.json``), or one whose rendition marker names its source. A file named on the
command line is always linted."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.errors import InputError
from .config import Config

__all__ = ["is_marked", "names_its_source", "project_root", "without_renditions"]


def without_renditions(
    named: Sequence[str], found: list[str | InputError], profile: str, config: Config
) -> list[str | InputError]:
    """``found`` without the files discovered in a directory that are, by name, the rendition of
    another file found (``a.schema.strict.json`` beside ``a.schema.json``)."""
    files = [path for path in found if isinstance(path, str)]
    if set(files) <= set(named):
        return found  # every file was named: none is left out as a rendition
    from ..core.rendition_names import named_renditions

    renditions = named_renditions(files, profile, config.fix_output) - set(named)
    return [path for path in found if not (isinstance(path, str) and path in renditions)] if renditions else found


def is_marked(data: object) -> bool:
    """Whether ``data`` carries a rendition marker (files found in a directory only: the
    rendition modules are loaded for those)."""
    from ..core.renditions import is_marked as marked

    return marked(data)


def project_root() -> str:
    """The folder a marker's source may be in (:func:`tierone.core.confine.project_root`)."""
    from ..core.confine import project_root as root

    return root()


def names_its_source(path: str, data: object, root: str) -> bool:
    """Whether a marked file found in a directory is a rendition beside its source (not linted):
    its marker names a source where a marker may lead (:mod:`tierone.core.rendition_sources`).
    False for one fixed in place (it is its own source); an :class:`InputError` when the
    marker is malformed or may not be followed."""
    from ..core.rendition_sources import follow, marker_in

    marker = marker_in(path, data)
    if marker is None or marker.source is None:
        return False
    follow(path, marker, root)
    return True
