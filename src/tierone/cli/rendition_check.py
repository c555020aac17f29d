"""``rewrite --check`` on renditions: each one compared with what rewrite makes of its source
now, a unified diff for each stale one. Exit codes are returned."""

from __future__ import annotations

import difflib
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from ..core import renditions
from ..core.errors import InputError
from ..core.files import read_output
from ..core.inputs import STDIN, expand_inputs
from .output import say
from .renditions import Settings, marked_text

if TYPE_CHECKING:
    from ..linter.config import Config


class Pair(NamedTuple):
    """A rendition and the source it is made from."""

    rendition: str
    source: str
    #: the profile it was made for (its marker's), or None: the configured one
    profile: str | None


def pairs_in(paths: Sequence[str], settings: Settings, config: Config) -> tuple[list[Pair], list[InputError]]:
    """The rendition/source pairs ``paths`` name: a marked rendition (found by the include
    patterns, or named) with its marker's source; a source with a rendition at its
    ``fix-output`` name. Sources without a rendition are not pairs."""
    from ..core.inputs import load_input

    pairs: dict[str, Pair] = {}
    problems: list[InputError] = []
    for path in expand_inputs(paths, config.include, config.exclude):
        if not isinstance(path, str):
            if isinstance(path, InputError):
                problems.append(path)
            continue
        try:
            data = load_input(path, dash=False).data
        except InputError as error:
            problems.append(error)
            continue
        marker = renditions.marker_of(data)
        if marker is not None:
            source = renditions.source_of(path, marker)
            if source is not None:  # one fixed in place is its own source: nothing to compare
                pairs[os.path.normpath(path)] = Pair(os.path.normpath(path), source, marker.profile)
            continue
        target = renditions.rendition_path(path, settings.profile, settings.pattern)
        if target != os.path.normpath(path) and os.path.isfile(target):
            pairs.setdefault(target, Pair(target, os.path.normpath(path), None))
    return list(pairs.values()), problems


def check_renditions(paths: Sequence[str], settings: Settings, config: Config) -> int:
    """``rewrite --check`` on renditions: a unified diff for each stale one; the exit code
    (0 all current, 1 one is stale, 2 one could not be checked)."""
    from ..core.errors import require_schema
    from ..core.inputs import load_input
    from ..rewriter.files import rewrite_source

    pairs, problems = pairs_in(paths, settings, config)
    worst = 2 if problems else 0
    for problem in problems:
        say(str(problem))
    for pair in pairs:
        profile = pair.profile or settings.profile
        try:
            source = load_input(pair.source, dash=False)
            require_schema(source.data, source.path)
            done = rewrite_source(source, profile, open_objects=settings.open_objects, hints=settings.hints)
            current = read_output(pair.rendition)
        except InputError as error:
            say(f"{pair.rendition}: error: cannot check against its source: {error}")
            worst = 2
            continue
        wanted = marked_text(done, pair.source, pair.rendition, profile)
        if current == wanted:
            continue
        sys.stdout.writelines(difflib.unified_diff(
            current.splitlines(keepends=True), wanted.splitlines(keepends=True),
            fromfile=pair.rendition, tofile=f"{pair.rendition} (rewrite of {source.path})"))
        say(f"{pair.rendition}: stale: it differs from the rewrite of {source.path} (run `tierone lint --fix {source.path}`)")
        worst = max(worst, 1)
    return worst


def is_rendition_check(paths: Sequence[str]) -> bool:
    """Whether ``rewrite --check`` is asked about renditions: a directory, or a marked file."""
    from ..core.inputs import load_input

    for path in paths:
        if path == STDIN:
            return False
        if os.path.isdir(path):
            return True
        try:
            marker = renditions.marker_of(load_input(path, dash=False).data)
            if marker is not None and marker.source is not None:
                return True
        except InputError:
            return False
    return False
