"""``rewrite --check`` on renditions: each one compared with what rewrite makes of its source
now, a unified diff for each stale one. Exit codes are returned.

A rendition's source is read only where its marker may lead
(:mod:`tierone.core.rendition_sources`): a marker in a cloned repository cannot make the check
read, or print the values of, a file outside the project.
"""

from __future__ import annotations

import difflib
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from ..core import renditions
from ..core.confine import project_root, really_inside
from ..core.errors import InputError, require_schema
from ..core.files import read_output
from ..core.inputs import STDIN, expand_inputs, load_input
from ..core.rendition_names import rendition_path
from ..core.rendition_sources import load_source, marker_in
from .output import say
from .renditions import Settings, marked_text

if TYPE_CHECKING:
    from ..core.discovery import NoMatch
    from ..core.loading import Source
    from ..linter.config import Config


class Pair(NamedTuple):
    """A rendition and the source it is made from."""

    rendition: str
    source: str
    #: the rendition's marker, or None: found by the source's fix-output name
    marker: renditions.Marker | None


class Found(NamedTuple):
    """What ``rewrite --check`` was pointed at."""

    pairs: list[Pair]
    #: inputs that could not be checked (one line each; the run ends with exit 2)
    problems: list[InputError]
    #: folders in which no file matched the include patterns
    unmatched: list[NoMatch]
    #: how many files were looked at
    files: int


def pairs_in(paths: Sequence[str], settings: Settings, config: Config) -> Found:
    """The rendition/source pairs ``paths`` name: a marked rendition (found by the include
    patterns, or named) with its marker's source; a source with a rendition at its
    ``fix-output`` name (a regular file inside its folder). Sources without a rendition are
    not pairs; a marker that is malformed is a problem."""
    pairs: dict[str, Pair] = {}
    found = Found([], [], [], 0)
    for path in expand_inputs(paths, config.include, config.exclude):
        if isinstance(path, InputError):
            found.problems.append(path)
            continue
        if not isinstance(path, str):
            found.unmatched.append(path)
            continue
        found = found._replace(files=found.files + 1)
        try:
            marker = marker_in(path, load_input(path, dash=False).data)
            if marker is not None:
                if marker.source is not None:  # one fixed in place is its own source: nothing to compare
                    pairs[os.path.normpath(path)] = Pair(os.path.normpath(path), marker.source, marker)
                continue
            target = rendition_path(path, settings.profile, settings.pattern)
        except InputError as error:
            found.problems.append(error)
            continue
        except ValueError as error:  # a fix-output name that would leave the source's folder
            found.problems.append(InputError(path, str(error).partition(": ")[2]))
            continue
        if (
            target != os.path.normpath(path)
            and os.path.isfile(target)
            and not os.path.islink(target)
            and really_inside(target, os.path.dirname(path) or ".")
        ):
            pairs.setdefault(target, Pair(target, os.path.normpath(path), None))
    found.pairs.extend(pairs.values())
    return found


def _source(pair: Pair, root: str, refs: Sequence[str] = ()) -> Source:
    """The source a pair's rendition is checked against: where its marker may lead, or the
    input whose fix-output name it has (its relative file references bundled from ``refs``)."""
    if pair.marker is not None:
        return load_source(pair.rendition, pair.marker, root, refs)
    source = load_input(pair.source, dash=False, refs=refs)
    require_schema(source.data, source.path)
    return source


def check_renditions(paths: Sequence[str], settings: Settings, config: Config) -> int:
    """``rewrite --check`` on renditions: a unified diff for each stale one; the exit code
    (0 all current, 1 one is stale, 2 one could not be checked, or no file was found)."""
    from ..rewriter.files import rewrite_source

    found = pairs_in(paths, settings, config)
    root = project_root()
    for line in (*found.unmatched, *found.problems):
        say(str(line))
    worst = 2 if found.problems or not found.files else 0
    for pair in found.pairs:
        profile = pair.marker.profile if pair.marker is not None and pair.marker.profile else settings.profile
        try:
            source = _source(pair, root, settings.refs)
            done = rewrite_source(
                source, profile, open_objects=settings.open_objects, hints=settings.hints, exact=settings.exact
            )
            current = read_output(pair.rendition)
        except InputError as error:
            say(
                str(error)
                if error.path == pair.rendition
                else f"{pair.rendition}: error: cannot check against its source: {error}"
            )
            worst = 2
            continue
        wanted = marked_text(done, source.path, pair.rendition, profile)
        if current == wanted:
            continue
        sys.stdout.writelines(
            difflib.unified_diff(
                current.splitlines(keepends=True),
                wanted.splitlines(keepends=True),
                fromfile=pair.rendition,
                tofile=f"{pair.rendition} (rewrite of {source.path})",
            )
        )
        say(
            f"{pair.rendition}: stale: it differs from the rewrite of {source.path} (run `tierone lint --fix {source.path}`)"
        )
        worst = max(worst, 1)
    return worst


def is_rendition_check(paths: Sequence[str]) -> bool:
    """Whether ``rewrite --check`` is asked about renditions: a directory, or a file that says
    it is one (a marker that cannot be read is checked, and reported there)."""
    for path in paths:
        if path == STDIN:
            return False
        if os.path.isdir(path):
            return True
        try:
            data = load_input(path, dash=False).data
        except InputError:
            return False
        if renditions.is_marked(data):
            return True
    return False
