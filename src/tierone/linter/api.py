"""The linter's Python API: lint a schema, a file, or many inputs."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from ..core.errors import InputError, InputWarning, require_schema
from ..core.inputs import DATA, STDIN, expand_inputs, is_model, load_input
from ..core.loading import Source, batch
from ..subset.profiles import DEFAULT_PROFILE, PROFILES
from ..vendors.model import SCHEMA_KEYS
from .checks import Envelope
from .config import Config
from .diagnostics import Diagnostic, FileResult, LintReport
from .engine import checklist_for, diagnose, find, lint_source
from .found_renditions import is_marked, names_its_source, project_root, without_renditions
from .selection import Selection


def _checklist(profile: str, select: Sequence[str] | None, ignore: Sequence[str], extra: Iterable[str] = ()):  # type: ignore[no-untyped-def]
    if profile not in PROFILES:
        raise ValueError(f"unknown profile {profile!r}; choose one of {', '.join(PROFILES)}")
    selection = Selection(tuple(select) if select else ("ALL",), tuple(ignore))
    return checklist_for(profile, selection.enabled(extra))


def lint(
    schema: Mapping[str, Any] | bool | str | os.PathLike[str] | Sequence[Any],
    *,
    profile: str | None = None,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] = (),
    envelope_kind: str | None = None,
    refs: Sequence[str] = (),
    input_kind: str | None = None,
    limits: Mapping[str, int] | None = None,
) -> FileResult:
    """Lint a schema given as data, a schema file given by its path, or a pydantic model
    (a class or ``TypeAdapter``, or ``module:Attribute``).

    A ``str`` is always a path (or a model), never JSON text: parse the text first. Anything
    that is not a schema (a missing file, an array, a number) comes back as a result with an
    :class:`~tierone.core.errors.InputError`, never as a clean one. ``envelope_kind`` says the
    schema is the payload schema of that envelope kind, which turns on the
    reasoning-convention rules (T7xx). ``refs``: folders from which relative file references
    are read and bundled (:mod:`tierone.core.bundling`); without them, such a reference is T502.

    A request body (an OpenAI, Anthropic or Gemini request, an MCP ``tools/list`` result, or a
    list of tools: :data:`tierone.vendors.requests.KINDS`) is recognised by its shape, or named
    by ``input_kind`` (``"schema"``: never a request): each schema it carries is linted at its
    pointer into the body, under the profile the request implies unless ``profile`` is given
    (``tier1`` is the default for a schema). ``limits`` lowers the profile's count limits by
    rule code (a schema's share of a limit that counts across a request).

    >>> lint({"type": "object", "properties": {}, "additionalProperties": False}).ok
    True
    >>> lint("no-such-file.json").error.message
    'no such file'
    """
    checklist_of = _checklists(profile, DEFAULT_PROFILE, select, ignore, limits=limits)
    envelope = _envelope(envelope_kind, Config()) if envelope_kind else None
    try:
        source = _source_of(schema, refs)
    except InputError as error:
        return FileResult(error.path, error=error, profile=profile or DEFAULT_PROFILE)
    return _lint_loaded(source, checklist_of, checklist_of(None), envelope, input_kind)


def lint_rendition(
    schema: Any,
    profile: str,
    select: Sequence[str] | None = None,
    limits: Mapping[str, int] | None = None,
    ignore: Sequence[str] = (),
) -> tuple[Diagnostic, ...]:
    """A rendition's diagnostics: :func:`lint` without an input's loading; ``ignore``: rules left out."""
    checklist = _checklists(profile, DEFAULT_PROFILE, select, ignore, limits=limits)(None)
    return diagnose(find(schema, checklist), checklist, RENDITION)


#: the path a rendition's diagnostics name (they are read for their rule, place and message)
RENDITION = "<rendition>"


def _checklists(
    named: str | None,
    fallback: str,
    select: Sequence[str] | None,
    ignore: Sequence[str],
    extra: Iterable[str] = (),
    limits: Mapping[str, int] | None = None,
) -> Callable[[str | None], Any]:
    """The checklist for a profile a request implies (None: none), made once each: the profile
    ``named`` wins, else the one implied, else ``fallback``."""
    made: dict[str, Any] = {}

    def checklist_of(implied: str | None) -> Any:
        chosen = named or implied or fallback
        if chosen not in made:
            checklist = _checklist(chosen, select, ignore, extra)
            if limits:  # only lowered: a share of a limit, never more than the limit
                lowered = {code: min(n, limits.get(code, n)) for code, n in checklist.limits.items()}
                checklist = checklist._replace(limits=lowered)
            made[chosen] = checklist
        return made[chosen]

    checklist_of(None)  # a bad profile or selection is refused at once
    return checklist_of


def _lint_loaded(
    source: Source, checklist_of: Callable[[str | None], Any], checklist: Any, envelope: Any, input_kind: str | None
) -> FileResult:
    """A loaded input linted: as the request body it is (or ``input_kind`` names), else as a
    schema with ``checklist``."""
    found = _request_of(source, input_kind)
    if input_kind not in (None, "schema"):
        from ..vendors.requests import named_kind_missing

        missing = named_kind_missing(found, input_kind)
        if missing is not None:
            return FileResult(source.path, error=InputError(source.path, missing), profile=checklist.profile)
    if found is not None:
        from .requests import lint_request

        return lint_request(source, found, checklist_of)
    return lint_source(source, checklist, envelope)


def _request_of(source: Source, input_kind: str | None) -> Any:
    """The schemas ``source`` carries as a request body, or None for a schema."""
    if input_kind == "schema" or source.format == "model":
        return None
    data = source.data
    if input_kind is None and (
        not isinstance(data, (dict, list)) or (isinstance(data, dict) and SCHEMA_KEYS & data.keys())
    ):
        return None  # a schema (the common case): the finder is not even loaded
    from ..vendors.requests import embedded

    return embedded(source.data, input_kind)


def _source_of(schema: object, refs: Sequence[str] = ()) -> Source:
    """The input ``lint()`` was given, loaded: data as it is, a path or a model spec read."""
    if isinstance(schema, str) and schema.lstrip()[:1] in ("{", "[", '"') and not os.path.lexists(schema):
        raise InputError(
            schema[:40],
            "no such file: lint() reads a str as a file path; "
            "to lint JSON text, parse it first (json.loads) and pass the data",
        )
    if not isinstance(schema, (str, os.PathLike, Mapping, list)) and not is_model(schema):
        require_schema(schema, DATA)  # a list may be a request's tools; anything else is no schema
    return load_input(schema, models=True, dash=False, refs=refs)  # lint() has no standard input: `-` names a file


def _selected(select: Sequence[str] | None, extend: Sequence[str]) -> Sequence[str] | None:
    """``select`` (everything when not given) with ``extend`` added, as ruff's extend-select."""
    if not extend:
        return select
    return (*(select or ("ALL",)), *extend)


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
    instead: Mapping[str, str] | None = None,
    explain_fixes: Callable[[Any, Sequence[Diagnostic], str], Mapping[Diagnostic, tuple[Any, ...]]] | None = None,
    extend_select: Sequence[str] = (),
    refs: Sequence[str] | None = None,
    input_kind: str | None = None,
) -> LintReport:
    """Lint files, directories (by the include patterns), ``-`` and ``module:attribute``s.

    Options given here win over the configuration (``select`` replaces the configured
    ``select`` and ``extend-select``); ``extend_select`` adds to the selection in force, as the
    configuration's ``extend-select`` does. ``-`` is the ``stdin`` given: its bytes, or a
    function returning them (the CLI passes one that reads standard input); without it, ``-``
    is an input error. ``stdin_filename`` names it (and picks JSON or YAML).
    ``progress(done, total)`` is called after each input. ``instead`` maps an input to the file
    to lint in its place (``lint --fix``: a source to its rendition).

    Strict renditions found in a directory are not sources, so they are not linted: a file
    whose rendition marker names its source, or named as the rendition of another file found
    (:mod:`tierone.core.renditions`). A file named on the command line is always linted.
    ``explain_fixes(data, diagnostics, profile)`` (``tierone.rewriter.fixes.fixes_for``) adds
    to the report what the rewrite would change for each fixable finding (nothing is written).
    ``refs``: the folders relative file references are read from (the configured ``ref-roots``
    when None). ``input_kind`` as for :func:`lint`: a request body is linted under the profile
    it implies unless ``profile`` is given here.
    """
    config = config or Config()
    roots = config.ref_roots if refs is None else tuple(refs)
    named = profile
    profile = profile or config.profile or DEFAULT_PROFILE
    # as in ruff, a selection given here replaces the configured one, extend-select included
    select = _selected(select or config.select, (*(() if select else config.extend_select), *extend_select))
    ignore = (*config.ignore, *config.extend_ignore, *ignore)
    base = _checklist(profile, select, ignore)
    for_requests = _checklists(named, profile, select, ignore)
    if input_kind not in (None, "schema"):
        from ..vendors.requests import KINDS

        if input_kind not in KINDS:
            raise ValueError(f"unknown input kind {input_kind!r}; choose one of: schema, {', '.join(KINDS)}")
    results: list[FileResult] = []
    fixes: dict[Diagnostic, tuple[Any, ...]] | None = {} if explain_fixes is not None else None
    found = list(expand_inputs(paths, config.include, config.exclude))
    #: a directory in which nothing matched is a NoMatch: neither a name nor an error
    inputs = without_renditions(paths, [path for path in found if isinstance(path, (str, InputError))], profile, config)
    warnings: list[InputWarning] = []
    root: str | None = None
    with batch():
        for path in inputs:
            try:
                if isinstance(path, InputError):  # a directory that could not be read
                    raise path
                source = load_input(
                    (instead or {}).get(path, path), stdin=stdin, stdin_filename=stdin_filename, models=True, refs=roots
                )
            except InputError as error:
                results.append(FileResult(error.path, error=error, profile=profile))
            else:
                if path not in paths and path not in (instead or {}) and is_marked(source.data):
                    root = root or project_root()
                    try:
                        if names_its_source(path, source.data, root):
                            continue  # a rendition found in a directory: not a source
                    except InputError as problem:
                        warnings.append(InputWarning(path, f"{problem.message}; linted as a schema"))
                extra = config.ignored_for(path) if config.per_file_ignores else ()
                checklist = _checklist(profile, select, ignore, extra) if extra else base
                checklist_of = _checklists(named, profile, select, ignore, extra) if extra else for_requests
                envelope = _envelope(config.envelope_kind(path), config)
                result = _lint_loaded(source, checklist_of, checklist, envelope, input_kind)
                results.append(result._replace(stdin=True) if path == STDIN else result)
                if explain_fixes is not None and fixes is not None:
                    fixes.update(_explained(source, input_kind, results[-1], checklist_of, explain_fixes, profile))
            if progress is not None:
                progress(len(results), len(inputs))
    unmatched = tuple(path for path in found if not isinstance(path, (str, InputError)))
    return LintReport(tuple(results), profile, unmatched, fixes, tuple(warnings))


def _explained(
    source: Source,
    input_kind: str | None,
    result: FileResult,
    checklist_of: Callable[[str | None], Any],
    explain: Callable[[Any, Sequence[Diagnostic], str], Mapping[Diagnostic, tuple[Any, ...]]],
    profile: str,
) -> Mapping[Diagnostic, tuple[Any, ...]]:
    """``--show-fixes``: what the rewrite changes for each finding of ``result``, of a schema or
    of each schema a request body carries (under its profile)."""
    found = _request_of(source, input_kind)
    if found is None:
        return explain(source.data, result.diagnostics, profile)
    from .requests import request_fixes

    return request_fixes(source, found, result.diagnostics, checklist_of, explain)
