"""What ``tierone rewrite`` does with files (``tierone restore`` is :mod:`.restore_run`,
``lint --fix`` :mod:`tierone.cli.renditions`).

Printing is limited to the reports these commands promise; exit codes are returned, never
raised, so the CLI stays the only place that exits.
"""

from __future__ import annotations

import difflib
import sys
from collections.abc import Sequence

from ..core.errors import InputError, require_schema
from ..core.files import read_output, write_output
from ..core.inputs import STDIN, load_input
from ..core.loading import batch
from ..rewriter.files import RewrittenFile, rewrite_source
from .emit import Request, fragment_text
from .output import read_stdin, say


def _load(spec: str, models: bool = False, refs: Sequence[str] = ()):  # type: ignore[no-untyped-def]
    return load_input(spec, stdin=read_stdin, models=models, refs=refs)


def _load_schema(spec: str, models: bool = False, refs: Sequence[str] = ()):  # type: ignore[no-untyped-def]
    """A schema input (``module:attribute`` too, when ``models``); a document that is not a
    schema (``[1, 2]``, ``"/etc/hostname"``) is an :class:`InputError` for this input, never a
    file name to open."""
    source = _load(spec, models, refs)
    try:
        require_schema(source.data, source.path)
    except InputError:
        from ..vendors.requests import embedded

        if source.format == "model" or embedded(source.data) is None:
            raise
    return source  # a schema, or a request body whose schemas are rewritten


def run_rewrite(
    paths: Sequence[str],
    *,
    profile: str | Sequence[str],
    output: str | None,
    in_place: bool,
    check: bool,
    diff: bool,
    open_objects: str,
    hints: bool,
    verbose: bool,
    id: str | None = None,
    unroll: int | None = None,
    emitted: Request | None = None,
    exact: bool = False,
    refs: Sequence[str] = (),
    input_kind: str | None = None,
    implied: bool = False,
) -> int:
    """Rewrite each input (a file, ``-`` or ``module:attribute``) for each profile (one rendition
    per profile, written where ``output`` names with its ``{stem}`` and ``{profile}``); returns
    the exit code (0 ok, 1 unfixable or stale, 2 could not run). With ``emitted``, the vendor
    request fragment is printed instead of the schema. ``refs``: the folders relative file
    references are read from. A request body has each schema it carries rewritten
    (``input_kind`` names its kind), for the profile its slot implies where ``implied``."""
    profiles = [profile] if isinstance(profile, str) else list(dict.fromkeys(profile))
    problem = _several_profiles_problem(profiles, output, in_place)
    if problem:
        say(f"tierone: error: {problem}")
        return 2
    worst = 0
    for name in profiles:
        code, fatal = _rewrite_all(
            paths,
            name,
            output,
            in_place=in_place,
            check=check,
            diff=diff,
            open_objects=open_objects,
            hints=hints,
            verbose=verbose,
            id=id,
            unroll=unroll,
            emitted=emitted,
            exact=exact,
            refs=refs,
            input_kind=input_kind,
            implied=implied,
        )
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
        return (
            "several --profile renditions cannot all replace the input (--in-place); use -o 'DIR/{stem}.{profile}.json'"
        )
    if output is None or "{profile}" not in output:
        return "several --profile renditions need -o with {profile} in the name, such as -o 'out/{stem}.{profile}.json'"
    return None


def output_for(template: str | None, spec: str, profile: str) -> str | None:
    """Where ``-o`` writes the rendition of ``spec`` for ``profile``
    (:func:`tierone.core.rendition_names.output_path`)."""
    from ..core.rendition_names import output_path

    return None if template is None else output_path(template, spec, profile)


def _in_format_of(done: RewrittenFile, target: str) -> str:
    """The rewrite's text as the file ``target`` names it (JSON for ``.json``, YAML for ``.yaml``)."""
    from ..core.loading import room_for_depth
    from ..rewriter.files import render

    with room_for_depth():
        return render(done.source, done.result.schema, target)


def _is_input(target: str, spec: str) -> bool:
    """Whether the filled-in ``-o`` name is the input file itself."""
    import os

    try:
        return spec != STDIN and os.path.exists(target) and os.path.samefile(target, spec)
    except (OSError, ValueError):
        return False


def _make_parent(template: str | None, target: str) -> None:
    """A templated ``-o`` (``out/{stem}.{profile}.json``) names files in a folder that the
    run makes when it is missing; a plain ``-o`` writes where it says, or fails."""
    if template is not None and target != template:
        import os

        parent = os.path.dirname(target)
        if parent:
            os.makedirs(parent, exist_ok=True)


def _rewrite_all(
    paths: Sequence[str],
    profile: str,
    output: str | None,
    *,
    in_place: bool,
    check: bool,
    diff: bool,
    open_objects: str,
    hints: bool,
    verbose: bool,
    id: str | None,
    unroll: int | None,
    emitted: Request | None,
    exact: bool,
    refs: Sequence[str] = (),
    input_kind: str | None = None,
    implied: bool = False,
) -> tuple[int, bool]:
    """Rewrite each input for one profile: the exit code, and whether the run must stop."""
    worst = 0
    with batch():
        for spec in paths:
            try:
                source = _load_schema(spec, models=True, refs=refs)
                if source.format == "model" and (in_place or check or diff) and not output:
                    raise InputError(spec, "a model is not a file: --in-place, --check and --diff need -o")
                done = rewrite_source(
                    source,
                    profile,
                    open_objects=open_objects,
                    hints=hints,
                    id=id,
                    unroll=unroll,
                    exact=exact,
                    input_kind=input_kind,
                    implied=implied,
                )
                if done.request is not None and emitted is not None:
                    raise InputError(spec, f"a {done.request} request body: --emit takes a schema, not a request")
            except InputError as error:
                say(str(error))
                worst = 2
                continue
            except ValueError as error:
                say(f"tierone: error: {error}")
                return 2, True
            except RecursionError:  # deeper than even the raised limit allows: this input only
                say(f"{spec}: error: nesting is too deep to rewrite; refusing")
                worst = 2
                continue
            if verbose:
                for change in done.result.changes:
                    loosened = f"; loosened: {change.loosens}, enforced on read" if change.loosens else ""
                    say(f"{spec}: [{change.pointer}] {change.what} ({change.why}{loosened})")
            if not done.result.ok:
                for item in done.result.unfixable:
                    say(f"{spec}: {item.rule} cannot be made compliant: {item.reason} [{item.pointer}]")
                if unroll == 0 and any(item.rule == "T501" for item in done.result.unfixable):
                    say(f"{spec}: recursion can be unrolled to a fixed depth: --unroll N (3 without the option)")
                say(f"{spec}: not rewritten: {len(done.result.unfixable)} problem(s) need a change by hand.")
                worst = max(worst, 1)
                continue
            if emitted is not None:
                sys.stdout.write(fragment_text(emitted, done.result.schema, profile))
                continue
            target = output_for(output, spec, profile)
            if target is not None and target != output and _is_input(target, spec):
                say(f"{target}: error: -o names the input {spec} itself; refusing to replace it")
                worst = 2
                continue
            if target is not None and not (check or diff):
                try:
                    _make_parent(output, target)
                except OSError as error:
                    say(f"{target}: error: cannot make its folder: {error.strerror}")
                    worst = 2
                    continue
            if target and spec != STDIN and done.source.text is not None and id is None:  # a rendition names its source
                from .renditions import marked_text

                done = done._replace(text=marked_text(done, spec, target, profile))
            elif target:
                done = done._replace(text=_in_format_of(done, target))
            worst = max(worst, _deliver(spec, done, output=target, in_place=in_place, check=check, diff=diff))
    return worst, False


def _deliver(spec: str, done: RewrittenFile, *, output: str | None, in_place: bool, check: bool, diff: bool) -> int:
    target = output or (spec if (in_place or check or diff) and spec != STDIN else None)
    if check or diff:
        if target is None:
            say(f"{spec}: --check and --diff need a file (an input, or -o)")
            return 2
        try:
            current = read_output(target)
        except InputError as error:
            say(str(error))
            return 2
        if current == done.text:
            return 0
        if diff:
            sys.stdout.writelines(
                difflib.unified_diff(
                    current.splitlines(keepends=True),
                    done.text.splitlines(keepends=True),
                    fromfile=target,
                    tofile=f"{target} (rewritten)",
                )
            )
        else:
            say(f"would rewrite {target}")
        return 1
    if target is None:
        sys.stdout.write(done.text)
        return 0
    try:
        write_output(target, done.text)
    except InputError as error:
        say(str(error))
        return 2
    loosened = len(done.result.loosened)
    ledger = f", {loosened} loosened: enforced on read, -v lists them" if loosened else ""
    say(f"rewrote {spec} -> {target} ({len(done.result.changes)} changes{ledger})")
    return 0
