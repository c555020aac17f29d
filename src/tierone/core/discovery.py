"""Which files a run looks at: named files always, directories by include/exclude patterns.

Nothing is skipped in silence: a directory that cannot be read is yielded as an
:class:`InputError`, and a directory in which no file matches as a :class:`NoMatch`.
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import NamedTuple

from .errors import InputError


class NoMatch(NamedTuple):
    """A directory in which no file matches the include patterns (a warning, not an error)."""

    path: str
    include: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.path}: warning: no file matches the include patterns ({', '.join(self.include)})"


def _excluded(name: str, relative: str, exclude: Sequence[str]) -> bool:
    return any(fnmatch.fnmatch(name, pattern) or fnmatch.fnmatch(relative, pattern) for pattern in exclude)


def expand(path: str, include: Sequence[str], exclude: Sequence[str]) -> Iterator[str | InputError | NoMatch]:
    """``path`` itself when it is not a directory; else the matching files below it, sorted,
    with an :class:`InputError` for each directory that could not be read, and a
    :class:`NoMatch` when nothing matched and nothing failed."""
    if not os.path.isdir(path):
        yield path
        return
    root = Path(path)
    unreadable: list[OSError] = []  # os.walk's onerror: each directory it could not list
    reported = 0
    found = False
    for directory, subdirs, files in os.walk(root, onerror=unreadable.append):
        for error in unreadable[reported:]:
            yield _unreadable(error)
        reported = len(unreadable)
        base = Path(directory)
        subdirs[:] = sorted(d for d in subdirs if not _excluded(d, (base / d).relative_to(root).as_posix(), exclude))
        for name in sorted(files):
            relative = (base / name).relative_to(root).as_posix()
            if _excluded(name, relative, exclude):
                continue
            if any(fnmatch.fnmatch(name, pattern) for pattern in include):
                found = True
                yield os.path.join(directory, name)
    for error in unreadable[reported:]:
        yield _unreadable(error)
    if not found and not unreadable:
        yield NoMatch(path, tuple(include))


def _unreadable(error: OSError) -> InputError:
    name = os.fsdecode(error.filename) if error.filename is not None else "?"
    return InputError(name, f"cannot read directory: {error.strerror or error}")
