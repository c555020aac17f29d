"""The linter's Python API: lint a schema, a file, or many inputs."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from ..core.errors import InputError, require_schema
from ..core.inputs import DATA, expand_inputs, is_model, load_input
from ..core.loading import Source, batch
from ..subset.profiles import DEFAULT_PROFILE, PROFILES
from .checks import Envelope
from .config import Config
from .diagnostics import FileResult, LintReport
from .engine import lint_source, plan_for
from .selection import Selection


def _plan(profile: str, select: Sequence[str] | None, ignore: Sequence[str], extra: Iterable[str] = ()):  # type: ignore[no-untyped-def]
    if profile not in PROFILES:
        raise ValueError(f"unknown profile {profile!r}; choose one of {', '.join(PROFILES)}")
    selection = Selection(tuple(select) if select else ("ALL",), tuple(ignore))
    return plan_for(profile, selection.enabled(extra))


def lint(
    schema: Mapping[str, Any] | bool | str | os.PathLike[str],
    *,
    profile: str = DEFAULT_PROFILE,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] = (),
    envelope_kind: str | None = None,
) -> FileResult:
    """Lint a schema given as data, a schema file given by its path, or a pydantic model
    (a class or ``TypeAdapter``, or ``module:Attribute``).

    A ``str`` is always a path (or a model), never JSON text: parse the text first. Anything
    that is not a schema (a missing file, an array, a number) comes back as a result with an
    :class:`~tierone.core.errors.InputError`, never as a clean one. ``envelope_kind`` says the
    schema is the payload schema of that envelope kind, which turns on the
    reasoning-convention rules (T7xx).

    >>> lint({"type": "object", "properties": {}, "additionalProperties": False}).ok
    True
    >>> lint("no-such-file.json").error.message
    'no such file'
    """
    plan = _plan(profile, select, ignore)
    envelope = _envelope(envelope_kind, Config()) if envelope_kind else None
    try:
        source = _source_of(schema)
    except InputError as error:
        return FileResult(error.path, error=error, profile=profile)
    return lint_source(source, plan, envelope)


def _source_of(schema: object) -> Source:
    """The input ``lint()`` was given, loaded: data as it is, a path or a model spec read."""
    if isinstance(schema, str) and schema.lstrip()[:1] in ("{", "[", '"') and not os.path.lexists(schema):
        raise InputError(schema[:40], "no such file: lint() reads a str as a file path; "
                         "to lint JSON text, parse it first (json.loads) and pass the data")
    if not isinstance(schema, (str, os.PathLike, Mapping)) and not is_model(schema):
        require_schema(schema, DATA)
    return load_input(schema, models=True, dash=False)  # lint() has no standard input: `-` names a file


def _envelope(kind: str | None, config: Config) -> Envelope | None:
    if kind is None:
        return None
    from ..subset.kinds import needs_reasoning

    return Envelope(kind, needs_reasoning(kind, config.low_reasoning_kinds))


def lint_paths(
    paths: Sequence[str],
    *,
    profile: str | None = None,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] = (),
    config: Config | None = None,
    stdin_filename: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    stdin: bytes | Callable[[], bytes] | None = None,
) -> LintReport:
    """Lint files, directories (by the include patterns), ``-`` and ``module:attribute``s.

    Options given here win over the configuration. ``-`` is the ``stdin`` given: its bytes, or
    a function returning them (the CLI passes one that reads standard input); without it, ``-``
    is an input error. ``stdin_filename`` names it (and picks JSON or YAML).
    ``progress(done, total)`` is called after each input.
    """
    config = config or Config()
    profile = profile or config.profile or DEFAULT_PROFILE
    select = select or config.select
    ignore = (*config.ignore, *ignore)
    base = _plan(profile, select, ignore)
    results: list[FileResult] = []
    found = list(expand_inputs(paths, config.include, config.exclude))
    #: a directory in which nothing matched is a NoMatch: neither a name nor an error
    inputs = [path for path in found if isinstance(path, (str, InputError))]
    with batch():
        for path in inputs:
            try:
                if isinstance(path, InputError):  # a directory that could not be read
                    raise path
                source = load_input(path, stdin=stdin, stdin_filename=stdin_filename, models=True)
            except InputError as error:
                results.append(FileResult(error.path, error=error, profile=profile))
            else:
                extra = config.ignored_for(path) if config.per_file_ignores else ()
                plan = _plan(profile, select, ignore, extra) if extra else base
                results.append(lint_source(source, plan, _envelope(config.envelope_kind(path), config)))
            if progress is not None:
                progress(len(results), len(inputs))
    return LintReport(tuple(results), profile, tuple(path for path in found if not isinstance(path, (str, InputError))))
