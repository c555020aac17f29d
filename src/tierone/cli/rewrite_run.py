"""What ``tierone rewrite``, ``tierone restore`` and ``tierone lint --fix`` do with files.

Printing is limited to the reports these commands promise; exit codes are returned, never
raised, so the CLI stays the only place that exits.
"""

from __future__ import annotations

import difflib
import json
import sys
from collections.abc import Sequence
from typing import NamedTuple

from ..core.errors import InputError, require_schema
from ..core.files import read_output, write_output
from ..core.inputs import STDIN, expand_inputs, load_input
from ..core.loading import batch, load_path
from ..rewriter.files import RewrittenFile, rewrite_source
from .output import read_stdin


def _say(text: str) -> None:
    sys.stderr.write(text + "\n")


def _load(spec: str):  # type: ignore[no-untyped-def]
    return load_input(spec, stdin=read_stdin)


def _load_schema(spec: str):  # type: ignore[no-untyped-def]
    """A schema input; a document that is not a schema (``[1, 2]``, ``"/etc/hostname"``) is an
    :class:`InputError` for this input, never a file name to open."""
    source = _load(spec)
    require_schema(source.data, source.path)
    return source


def run_rewrite(
    paths: Sequence[str], *, profile: str | Sequence[str], output: str | None, in_place: bool, check: bool,
    diff: bool, open_objects: str, hints: bool, verbose: bool, id: str | None = None,
) -> int:
    """Rewrite each input for each profile (one rendition per profile, written where ``output``
    names with its ``{stem}`` and ``{profile}``); returns the exit code (0 ok, 1 unfixable or
    stale, 2 could not run)."""
    profiles = [profile] if isinstance(profile, str) else list(dict.fromkeys(profile))
    problem = _several_profiles_problem(profiles, output, in_place)
    if problem:
        _say(f"tierone: error: {problem}")
        return 2
    worst = 0
    for name in profiles:
        code, fatal = _rewrite_all(paths, name, output, in_place=in_place, check=check, diff=diff,
                                   open_objects=open_objects, hints=hints, verbose=verbose, id=id)
        if fatal:  # a reason that holds for every input (an unknown profile)
            return 2
        worst = max(worst, code)
    return worst


def _several_profiles_problem(profiles: list[str], output: str | None, in_place: bool) -> str | None:
    from ..subset.profiles import PROFILES

    unknown = [name for name in profiles if name not in PROFILES]
    if unknown:
        return f"unknown profile {unknown[0]!r}; choose one of {', '.join(PROFILES)}"
    if len(profiles) < 2:
        return None
    if in_place:
        return "several --profile renditions cannot all replace the input (--in-place); use -o 'DIR/{stem}.{profile}.json'"
    if output is None or "{profile}" not in output:
        return ("several --profile renditions need -o with {profile} in the name, such as "
                "-o 'out/{stem}.{profile}.json'")
    return None


def output_for(template: str | None, spec: str, profile: str) -> str | None:
    """Where ``-o`` writes the rendition of ``spec`` for ``profile``: its ``{stem}`` (the input's
    name without its last suffix; ``stdin`` for ``-``) and ``{profile}`` filled in."""
    if template is None:
        return None
    from pathlib import PurePath

    stem = "stdin" if spec == STDIN else PurePath(spec).stem
    return template.replace("{stem}", stem).replace("{profile}", profile)


def _make_parent(template: str | None, target: str) -> None:
    """A templated ``-o`` (``out/{stem}.{profile}.json``) names files in a folder that the
    run makes when it is missing; a plain ``-o`` writes where it says, or fails."""
    if template is not None and ("{stem}" in template or "{profile}" in template):
        import os

        parent = os.path.dirname(target)
        if parent:
            os.makedirs(parent, exist_ok=True)


def _rewrite_all(
    paths: Sequence[str], profile: str, output: str | None, *, in_place: bool, check: bool, diff: bool,
    open_objects: str, hints: bool, verbose: bool, id: str | None,
) -> tuple[int, bool]:
    """Rewrite each input for one profile: the exit code, and whether the run must stop."""
    worst = 0
    with batch():
        for spec in paths:
            try:
                done = rewrite_source(_load_schema(spec), profile, open_objects=open_objects, hints=hints, id=id)
            except InputError as error:
                _say(str(error))
                worst = 2
                continue
            except ValueError as error:
                _say(f"tierone: error: {error}")
                return 2, True
            except RecursionError:  # deeper than even the raised limit allows: this input only
                _say(f"{spec}: error: nesting is too deep to rewrite; refusing")
                worst = 2
                continue
            if verbose:
                for change in done.result.changes:
                    _say(f"{spec}: [{change.pointer}] {change.what} ({change.why})")
            if not done.result.ok:
                for item in done.result.unfixable:
                    _say(f"{spec}: {item.rule} cannot be made compliant: {item.reason} [{item.pointer}]")
                _say(f"{spec}: not rewritten: {len(done.result.unfixable)} problem(s) need a change by hand.")
                worst = max(worst, 1)
                continue
            target = output_for(output, spec, profile)
            if target is not None and not (check or diff):
                try:
                    _make_parent(output, target)
                except OSError as error:
                    _say(f"{target}: error: cannot make its folder: {error.strerror}")
                    worst = 2
                    continue
            worst = max(worst, _deliver(spec, done, output=target, in_place=in_place, check=check, diff=diff))
    return worst, False


def _deliver(spec: str, done: RewrittenFile, *, output: str | None, in_place: bool, check: bool, diff: bool) -> int:
    target = output or (spec if (in_place or check or diff) and spec != STDIN else None)
    if check or diff:
        if target is None:
            _say(f"{spec}: --check and --diff need a file (an input, or -o)")
            return 2
        try:
            current = read_output(target)
        except InputError as error:
            _say(str(error))
            return 2
        if current == done.text:
            return 0
        if diff:
            sys.stdout.writelines(difflib.unified_diff(
                current.splitlines(keepends=True), done.text.splitlines(keepends=True),
                fromfile=target, tofile=f"{target} (rewritten)"))
        else:
            _say(f"would rewrite {target}")
        return 1
    if target is None:
        sys.stdout.write(done.text)
        return 0
    try:
        write_output(target, done.text)
    except InputError as error:
        _say(str(error))
        return 2
    _say(f"rewrote {spec} -> {target} ({len(done.result.changes)} changes)")
    return 0


class Fixed(NamedTuple):
    """What ``lint --fix`` did."""

    #: how many files were rewritten
    files: int
    #: the files that needed a fix but could not be written (read-only, …)
    errors: tuple[InputError, ...]


def fix_paths(paths: Sequence[str], *, profile: str, config) -> Fixed:  # type: ignore[no-untyped-def]
    """``lint --fix``: rewrite in place every file whose rewrite differs."""
    fixed = 0
    errors: list[InputError] = []
    for path in expand_inputs(paths, config.include, config.exclude):
        if not isinstance(path, str) or path == STDIN:
            continue  # stdin has no file to fix; an unreadable directory, or one where nothing matched: the lint reports it
        try:
            source = _load_schema(path)
        except InputError:
            continue  # the lint that follows reports it
        done = rewrite_source(source, profile)
        if done.text == source.text:
            continue
        try:
            write_output(path, done.text)
        except InputError as error:
            errors.append(error)
        else:
            fixed += 1
    return Fixed(fixed, tuple(errors))


def run_restore(payload_spec: str, schema_spec: str, *, json_output: bool) -> int:
    """Restore a payload against the original schema; returns the exit code."""
    from ..rewriter.restore import restore

    try:
        original = load_path(schema_spec)  # a file: `-` is the payload's
        payload = _load(payload_spec)
    except InputError as problem:
        _say(str(problem))
        return 2
    if not isinstance(original.data, (dict, bool)):
        _say(f"{schema_spec}: error: not a JSON Schema: the document is not an object")
        return 2
    from ..core.loading import room_for_depth
    from ..core.validation import CannotJudge

    try:
        result = restore(payload.data, original.data)
    except CannotJudge as problem:
        _say(f"{payload_spec if problem.about == 'payload' else schema_spec}: error: {problem}")
        return 2
    if json_output:
        with room_for_depth():  # the payload may nest as deep as loading allows
            sys.stdout.write(json.dumps({
                "valid": result.ok,
                "payload": result.payload,
                "errors": [{"pointer": e.pointer, "message": e.message} for e in result.errors],
            }, indent=2, ensure_ascii=False) + "\n")
    elif result.ok:
        with room_for_depth():
            sys.stdout.write(json.dumps(result.payload, indent=2, ensure_ascii=False) + "\n")
    else:
        for error in result.errors:
            _say(f"{payload_spec}: [{error.pointer}] {error.message}")
        _say(f"{payload_spec}: {len(result.errors)} error(s) against {schema_spec}")
    return 0 if result.ok else 1
