"""Where a name written in untrusted input may lead: inside the folders the user named (the
project, a rendition's own folder, ``--schemas DIR``), by name and once every symbolic link is
resolved. A file in a repository is untrusted input: nothing it says makes tierone read or
write a file outside what the user named."""

from __future__ import annotations

import os
from pathlib import Path

#: what makes a folder the top of a project, looked for from the working directory up
PROJECT_MARKERS = (".git", ".hg", ".tierone.toml", "tierone.toml", "pyproject.toml")


def project_root(start: str | os.PathLike[str] | None = None) -> str:
    """The project a run is in: the nearest folder from ``start`` (the working directory) up
    that holds a ``.git`` (or ``.hg``) entry or a configuration file; else ``start`` itself."""
    here = Path(start if start is not None else os.getcwd()).absolute()
    for folder in (here, *here.parents):
        if any(os.path.lexists(folder / name) for name in PROJECT_MARKERS):
            return str(folder)
    return str(here)


def inside(path: str, folder: str) -> bool:
    """Whether ``path`` is ``folder`` or below it, by name (both made absolute, ``..`` resolved)."""
    path, folder = os.path.abspath(path), os.path.abspath(folder)
    try:
        return os.path.commonpath([path, folder]) == folder
    except ValueError:  # different drives
        return False


def really_inside(path: str, folder: str) -> bool:
    """Whether ``path`` is below ``folder`` once every symbolic link in both is resolved."""
    return inside(os.path.realpath(path), os.path.realpath(folder))
