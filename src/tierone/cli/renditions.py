"""Renditions on disk: ``lint --fix`` writing them beside their sources, and ``restore --schema
RENDITION`` finding the source (``rewrite --check`` on renditions is
:mod:`tierone.cli.rendition_check`). What a rendition is and how it is named is :mod:`tierone.core.renditions`' business.

Printing is limited to the lines these commands promise; exit codes are returned.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core import renditions
from ..core.confine import project_root
from ..core.errors import InputError
from ..core.files import read_output, write_output
from ..core.inputs import STDIN, expand_inputs, load_input, looks_like_model
from ..core.rendition_names import named_renditions, rendition_path
from .output import say

if TYPE_CHECKING:
    from ..core.loading import Source
    from ..linter.config import Config
    from ..rewriter.files import RewrittenFile


class Settings(NamedTuple):
    """How rewrite renders: command-line options over the configuration."""

    profile: str
    open_objects: str = "encode"
    hints: bool = True
    pattern: str | None = None
    #: every profile chosen (``profile`` is the first); several only where the command allows it
    profiles: tuple[str, ...] = ()
    #: refuse a rendition looser than the original (``--exact``)
    exact: bool = False
    #: folders relative file references are read from (``--refs``, config ``ref-roots``)
    refs: tuple[str, ...] = ()
    #: no profile was named: a request body's schemas take the profile their slot implies
    implied: bool = False
    #: what each input is (``--input-kind``): None to recognise a request body by its shape
    input_kind: str | None = None


def config_for(config_file: str | None, isolated: bool) -> Config:
    """The configuration ``--config`` and ``--isolated`` choose; a bad one ends the run (exit 2)."""
    from ..linter.config import ConfigError, resolve
    from .output import fail

    try:
        return resolve(config_file, isolated)
    except ConfigError as error:
        fail(str(error))


def settings_for(
    config_file: str | None,
    isolated: bool,
    profile: str | Sequence[str] | None,
    open_objects: str | None,
    hints: bool | None,
    *,
    several: bool = False,
    exact: bool | None = None,
    refs: list[str] | None = None,
) -> tuple[Config, Settings]:
    """The configuration (``--config``, ``--isolated``) and rewrite's settings: each option given
    on the command line, else the configured value, else the default. ``profile`` is one name or
    the repeated ``-p``; ``several`` says whether the command takes more than one (rewrite does:
    one rendition each), else a configured list of several is an error."""
    from ..linter.config import ConfigError
    from ..subset.profiles import DEFAULT_PROFILE
    from .options import ref_folders
    from .output import fail

    config = config_for(config_file, isolated)
    given = [profile] if isinstance(profile, str) else list(dict.fromkeys(profile or ()))
    try:
        if given:
            chosen = tuple(given)
        elif several and config.profiles:
            chosen = config.profiles
        else:
            chosen = (config.one_profile("rewrite") or DEFAULT_PROFILE,)
    except ConfigError as error:
        fail(str(error))
    return config, Settings(
        chosen[0],
        open_objects or config.open_objects or "encode",
        hints if hints is not None else (True if config.hints is None else config.hints),
        config.fix_output,
        chosen,
        exact if exact is not None else bool(config.exact),
        ref_folders(refs, config.ref_roots),
    )


def marked_text(done: RewrittenFile, source_path: str, target: str, profile: str) -> str:
    """The text of ``done`` written at ``target`` as the rendition of ``source_path``: marked."""
    from ..core.loading import room_for_depth
    from ..rewriter.files import render

    text = renditions.marker_text(
        renditions.relative_source(source_path, target), profile, renditions.digest(done.source.text or "")
    )
    marked = done.result.schema if done.request else _marked(done.result.schema, text, profile)
    with room_for_depth():
        return render(done.source, marked, target)


def _in_place_text(done: RewrittenFile, profile: str) -> str:
    from ..core.loading import room_for_depth
    from ..rewriter.files import render

    marked = done.result.schema if done.request else _marked(done.result.schema, renditions.IN_PLACE, profile)
    with room_for_depth():
        return render(done.source, marked)


def _marked(schema: Any, text: str, profile: str) -> Any:
    """``schema`` with the marker ``text``, where the profile's vendor takes one."""
    from ..subset.profiles import PROFILES

    return renditions.mark(schema, text) if PROFILES[profile].carries_marker else schema


class Fixed(NamedTuple):
    """What ``lint --fix`` did."""

    #: how many files were rewritten (renditions written, or sources replaced)
    files: int
    #: the files that needed a fix but could not be written (read-only, …)
    errors: tuple[InputError, ...]
    #: source -> the rendition to lint in its place
    instead: Mapping[str, str] = {}


def fix_paths(paths: Sequence[str], *, settings: Settings, config: Config, in_place: bool) -> Fixed:
    """``lint --fix``: write the strict rendition of every file whose rewrite differs beside it
    (by ``settings.pattern``), or, ``in_place``, over it. Renditions are never fixed again."""
    from ..core.errors import require_schema
    from ..rewriter.files import rewrite_source

    fixed = 0
    errors: list[InputError] = []
    instead: dict[str, str] = {}
    found = [path for path in expand_inputs(paths, config.include, config.exclude) if isinstance(path, str)]
    by_name = named_renditions(found, settings.profile, settings.pattern)
    root = project_root()
    for path in found:
        if path == STDIN or looks_like_model(path):
            say(
                f"{path}: note: --fix writes no file for {'stdin' if path == STDIN else 'a model'}; "
                "use `tierone rewrite` to print its strict rendition"
            )
            continue
        if path in by_name:
            continue
        try:
            source = load_input(path, dash=False, refs=config.ref_roots)
            if not isinstance(source.data, list):  # a list of tools is a request
                require_schema(source.data, source.path)
        except InputError:
            continue  # the lint that follows reports it
        if renditions.is_marked(source.data) or not _fixable(source, settings, config):
            continue  # a rendition is not fixed again; a file without fixable findings needs no rendition
        try:
            done = rewrite_source(
                source,
                settings.profile,
                open_objects=settings.open_objects,
                hints=settings.hints,
                exact=settings.exact,
                input_kind=settings.input_kind,
                implied=settings.implied,
            )
        except (InputError, ValueError, RecursionError):
            continue  # the lint that follows reports what is wrong with it
        if done.text == source.text:
            continue  # strict already: nothing to write
        try:
            target = path if in_place else writable_rendition(path, settings, root)
            text = (
                _in_place_text(done, settings.profile)
                if in_place
                else marked_text(done, path, target, settings.profile)
            )
            instead[path] = target  # linted in its place (in place: linted although it now carries a marker)
            if read_output(target) == text:
                continue
            write_output(target, text)
        except InputError as error:
            errors.append(error)
            instead.pop(path, None)
            continue
        fixed += 1
        if not in_place:
            say(f"{os.path.normpath(path)}: wrote its strict rendition {target}")
    return Fixed(fixed, tuple(errors), instead)


def writable_rendition(source: str, settings: Settings, root: str) -> str:
    """Where ``lint --fix`` may write the rendition of ``source``: its ``fix-output`` name,
    inside the source's folder (no link out), never an input, and over an existing file only
    when that file is a marked rendition of this same source; else an :class:`InputError`."""
    from ..core.confine import really_inside
    from ..core.rendition_sources import follow, marker_in

    try:
        os.fsencode(source).decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(source, "its name is not valid UTF-8, so no rendition can name it; rename it") from None
    try:
        target = rendition_path(source, settings.profile, settings.pattern)
    except ValueError as error:
        raise InputError(source, str(error).partition(": ")[2]) from None
    folder = os.path.dirname(source) or "."
    if not really_inside(os.path.dirname(target) or ".", folder):
        raise InputError(
            target,
            "fix-output names a folder a symbolic link takes out of the source's folder; refusing to write there",
        )
    if os.path.islink(target):
        raise InputError(
            target, "is a symbolic link; lint --fix never writes through one (remove it, or change fix-output)"
        )
    if not os.path.lexists(target):
        return target
    if os.path.samefile(target, source):
        raise InputError(target, "fix-output names the source itself; refusing to replace it")
    try:
        marker = marker_in(target, load_input(target, dash=False).data)
        mine = (
            marker is not None and marker.source is not None and os.path.samefile(follow(target, marker, root), source)
        )
    except (InputError, OSError):
        mine = False
    if not mine:
        raise InputError(
            target,
            f"is not a strict rendition of {source}; lint --fix replaces only its own "
            "renditions (move it, or change fix-output)",
        )
    return target


def _fixable(source: Source, settings: Settings, config: Config) -> bool:
    """Whether linting ``source`` (with the configured selection) finds something rewrite fixes."""
    from ..linter.api import lint
    from ..vendors.requests import embedded

    request = settings.input_kind != "schema" and embedded(source.data, settings.input_kind) is not None
    profile = None if settings.implied and request else settings.profile
    found = lint(
        source.data, profile=profile, select=config.select, ignore=config.ignore, input_kind=settings.input_kind
    )
    return any(diagnostic.fixable for diagnostic in found.diagnostics)
