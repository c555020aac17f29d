"""Which files a run looks at: named files always, directories by include/exclude patterns."""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Iterator, Sequence
from pathlib import Path


def _excluded(name: str, relative: str, exclude: Sequence[str]) -> bool:
    return any(fnmatch.fnmatch(name, pattern) or fnmatch.fnmatch(relative, pattern) for pattern in exclude)


def expand(path: str, include: Sequence[str], exclude: Sequence[str]) -> Iterator[str]:
    """``path`` itself when it is not a directory; else the matching files below it, sorted."""
    if not os.path.isdir(path):
        yield path
        return
    root = Path(path)
    for directory, subdirs, files in os.walk(root):
        base = Path(directory)
        subdirs[:] = sorted(
            d for d in subdirs if not _excluded(d, (base / d).relative_to(root).as_posix(), exclude)
        )
        for name in sorted(files):
            relative = (base / name).relative_to(root).as_posix()
            if _excluded(name, relative, exclude):
                continue
            if any(fnmatch.fnmatch(name, pattern) for pattern in include):
                yield os.path.join(directory, name)
