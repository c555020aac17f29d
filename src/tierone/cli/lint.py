"""``tierone lint``, ``tierone rules`` and ``tierone rule``."""

import sys
from collections.abc import Callable
from typing import Annotated, Any

import typer

from ..core.errors import InputError
from .options import CONFIG_HELP, ISOLATED_HELP, REFS_HELP, Color, Format, ReportFormat, input_kind_help, profile_help
from .options import split_list as _split
from .output import (
    colorize,
    fail,
    fail_input,
    read_stdin,
    refuse_overwriting,
    stdin_is_piped,
    use_color,
)


def lint(
    paths: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[PATH]...", help="Files, directories, - for stdin, or module:Model for a pydantic model."
        ),
    ] = None,
    profile: Annotated[str | None, typer.Option("--profile", "-p", help=profile_help())] = None,
    select: Annotated[
        list[str] | None,
        typer.Option(help="Only these rules: codes, prefixes (T2) or names; comma-separated or repeated."),
    ] = None,
    ignore: Annotated[list[str] | None, typer.Option(help="Skip these rules (codes, prefixes, names).")] = None,
    extend_select: Annotated[
        list[str] | None, typer.Option(help="Rules to add to those selected (by --select or the configuration).")
    ] = None,
    extend_ignore: Annotated[
        list[str] | None, typer.Option(help="Rules to skip on top of those ignored (by --ignore or the configuration).")
    ] = None,
    output_format: Annotated[
        ReportFormat, typer.Option("--format", "--output-format", help="Report format.")
    ] = ReportFormat.text,
    output: Annotated[str | None, typer.Option("--output", "-o", help="Write the report to this file.")] = None,
    statistics: Annotated[bool, typer.Option("--statistics", help="Count findings per rule.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print findings only, no summary.")] = False,
    exit_zero: Annotated[bool, typer.Option("--exit-zero", help="Exit 0 even when there are findings.")] = False,
    stdin_filename: Annotated[
        str | None, typer.Option(help="Name to show (and to pick JSON or YAML) for stdin.")
    ] = None,
    isolated: Annotated[bool, typer.Option("--isolated", help=ISOLATED_HELP)] = False,
    fix: Annotated[
        bool,
        typer.Option(
            "--fix",
            help="Write the strict rendition of each file with fixable findings beside it "
            "(fix-output, default {stem}.strict{suffix}), then report what is left in the renditions.",
        ),
    ] = False,
    in_place: Annotated[
        bool,
        typer.Option(
            "--in-place", help="With --fix: replace the sources instead (restore then needs the pre-fix schema)."
        ),
    ] = False,
    config_file: Annotated[str | None, typer.Option("--config", metavar="FILE", help=CONFIG_HELP)] = None,
    refs: Annotated[list[str] | None, typer.Option("--refs", metavar="DIR", help=REFS_HELP)] = None,
    input_kind: Annotated[str | None, typer.Option("--input-kind", metavar="KIND", help=input_kind_help())] = None,
    show_fixes: Annotated[
        bool,
        typer.Option(
            "--show-fixes", help="Show what `tierone rewrite` would change for each fixable finding (writes nothing)."
        ),
    ] = False,
    color: Annotated[
        Color,
        typer.Option(
            "--color",
            help="Colour the text report: auto (a terminal, unless NO_COLOR; FORCE_COLOR forces it), always or never.",
        ),
    ] = Color.auto,
) -> None:
    """Lint schemas against the Tier-1 subset (or a vendor profile).

    Exit codes: 0 clean, 1 findings, 2 an input could not be checked or the options are wrong.
    """
    from ..linter import config as config_module
    from ..linter.api import lint_paths
    from ..linter.reporters import REPORTERS, error_line, summary
    from ..linter.reporters import statistics as render_statistics
    from ..linter.selection import SelectionError
    from ..subset.profiles import DEFAULT_PROFILE
    from .options import ref_folders

    fix_errors: tuple[InputError, ...] = ()
    instead = None
    if in_place and not fix:
        fail("--in-place goes with --fix (lint writes no file otherwise)")
    try:
        config = config_module.resolve(config_file, isolated)
        config = config._replace(ref_roots=ref_folders(refs, config.ref_roots))  # --refs over ref-roots
        named = profile
        profile = profile or config.one_profile("lint") or DEFAULT_PROFILE
        inputs = paths or default_inputs()
        if fix:
            fix_errors, instead = _fix(inputs, profile, config, in_place, implied=not named, input_kind=input_kind)
        report = lint_paths(
            inputs,
            profile=named,
            input_kind=input_kind,
            select=_split(select) or None,
            ignore=[*_split(ignore), *_split(extend_ignore)],
            extend_select=_split(extend_select),
            config=config,
            stdin=read_stdin,
            stdin_filename=stdin_filename,
            progress=_progress(),
            instead=instead,
            explain_fixes=_fixes_for() if show_fixes else None,
        )
    except (config_module.ConfigError, SelectionError, ValueError) as error:
        fail(str(error).strip("'\""))
    for problem in (*report.unmatched, *report.warnings, *fix_errors):
        typer.echo(str(problem), err=True)
    refuse_overwriting(output, [result.path for result in report.results], "the report")
    if output_format is ReportFormat.text and statistics:
        body = render_statistics(report)
    else:
        body = REPORTERS[output_format.value](report)
    if output_format is ReportFormat.text and not output and use_color(sys.stdout, color.value):
        body = colorize(body, () if statistics else (d.severity for d in report.diagnostics))
    if output_format is ReportFormat.text:
        for problem in report.errors:
            typer.echo(error_line(problem), err=True)
        if not quiet:
            body += summary(report) + "\n"
    if output:
        from ..core.files import write_output

        try:
            write_output(output, body)
        except InputError as error:
            fail_input(error)
    else:
        sys.stdout.write(body)
    code = 2 if fix_errors else report.exit_code
    raise typer.Exit(0 if exit_zero and code == 1 else code)


def default_inputs() -> list[str]:
    """What ``tierone lint`` with no PATH lints: standard input when it is piped, else the
    working directory (by the configured include patterns)."""
    from ..core.inputs import STDIN

    return [STDIN] if stdin_is_piped() else ["."]


def _fix(inputs: list[str], profile: str, config, in_place: bool, implied: bool, input_kind: str | None):  # type: ignore[no-untyped-def]
    """Run ``--fix``; returns the files it could not write and the renditions to lint instead."""
    from .renditions import Settings, fix_paths

    settings = Settings(
        profile,
        config.open_objects or "encode",
        True if config.hints is None else config.hints,
        config.fix_output,
        exact=bool(config.exact),
        implied=implied,
        input_kind=input_kind,
    )
    fixed = fix_paths(inputs, settings=settings, config=config, in_place=in_place)
    if fixed.files:
        said = f"Fixed {fixed.files} file{'s' if fixed.files != 1 else ''}."
        typer.echo(
            f"{said} In place: `tierone restore` now needs the pre-fix schema (keep it, e.g. in git)."
            if in_place
            else f"{said} The sources are unchanged; the report is on the renditions.",
            err=True,
        )
    return fixed.errors, fixed.instead


def rules(
    profile: Annotated[str | None, typer.Option("--profile", "-p", help="Only rules this profile enables.")] = None,
    output_format: Annotated[Format, typer.Option("--format", help="text or json.")] = Format.text,
) -> None:
    """List the rules: code, name, fixability, and the vendors that reject the pattern."""
    import json

    from ..linter.ruledocs import first_sentence, rejected_by
    from ..subset.profiles import PROFILES, policies
    from ..subset.table import FEATURES

    if profile is not None and profile not in PROFILES:
        fail(f"unknown profile {profile!r}; choose one of {', '.join(PROFILES)}")
    codes = {p.feature.code for p in policies(profile)} | _own_rules() if profile else None
    chosen = [f for f in FEATURES if codes is None or f.code in codes]
    if output_format is Format.json:
        typer.echo(
            json.dumps(
                [
                    {
                        "code": f.code,
                        "name": f.name,
                        "category": f.category,
                        "fixable": f.fixable,
                        "loadBearing": f.load_bearing,
                        "summary": f.doc.what,
                        "rejectedBy": rejected_by(f),
                    }
                    for f in chosen
                ],
                indent=2,
            )
        )
        return
    for f in chosen:
        typer.echo(f"{f.code}  {'[*]' if f.fixable else '   '}  {f.name:<28} {first_sentence(f.doc.what)}")


def _fixes_for() -> Callable[..., Any]:
    """``--show-fixes``' explainer: the rewriter is imported only when it is asked for."""
    from ..rewriter.fixes import fixes_for

    return fixes_for


def _own_rules() -> set[str]:
    """The rules about tierone's own directives: every profile enables them."""
    from ..linter.ruledocs import OWN
    from ..subset.table import FEATURES

    return {f.code for f in FEATURES if f.kind == OWN}


def rule(
    code: Annotated[str, typer.Argument(metavar="CODE", help="A rule code (T102) or name (open-object).")],
) -> None:
    """Explain one rule: what it does, why, an example, what to use instead, who rejects it."""
    from ..linter.ruledocs import rule_markdown
    from ..subset.table import BY_CODE, BY_NAME

    feature = BY_CODE.get(code.upper()) or BY_NAME.get(code)
    if feature is None:
        fail(f"unknown rule {code!r} (see `tierone rules`)")
    typer.echo(rule_markdown(feature), nl=False)


def _progress() -> Callable[[int, int], None] | None:
    """A progress line on stderr for long runs on a terminal; nothing otherwise."""
    if not sys.stderr.isatty():
        return None

    def report(done: int, total: int) -> None:
        if total >= 50 and (done % 25 == 0 or done == total):
            sys.stderr.write(f"\r{done}/{total} files" + ("\n" if done == total else ""))
            sys.stderr.flush()

    return report
