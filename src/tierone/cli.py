"""The ``tierone`` command line. Commands only parse options, build the pieces and choose
exit codes: 0 clean or valid, 1 findings or invalid, 2 could not run."""


import sys
from enum import Enum
from typing import Annotated, NoReturn

import typer

from . import __version__


def _typer(**settings: object) -> typer.Typer:
    return typer.Typer(
        add_completion=False,
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
        context_settings={"help_option_names": ["-h", "--help"]},
        **settings,  # type: ignore[arg-type]
    )


app = _typer(
    name="tierone",
    help="Lint, rewrite and restore JSON Schemas for OpenAI, Anthropic and Gemini strict modes.",
)


class Format(str, Enum):
    text = "text"
    json = "json"
    sarif = "sarif"
    github = "github"


def fail(message: str, code: int = 2) -> NoReturn:
    """Print ``tierone: error: message`` on stderr and exit (2: could not run)."""
    typer.echo(f"tierone: error: {message}", err=True)
    raise typer.Exit(code)


def _split(values: list[str] | None) -> list[str]:
    return [part.strip() for value in values or [] for part in value.split(",") if part.strip()]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"tierone {__version__}")
        raise typer.Exit()


def root(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Show the version and exit.")] = False,
) -> None:
    """Lint, rewrite and restore JSON Schemas for OpenAI, Anthropic and Gemini strict modes."""


PROFILE_HELP = "tier1 (default), tier1-load-bearing, openai, anthropic or gemini."


def lint(
    paths: Annotated[list[str] | None, typer.Argument(
        help="Files, directories, - for stdin, or module:Model for a pydantic model.")] = None,
    profile: Annotated[str | None, typer.Option("--profile", "-p", help=PROFILE_HELP)] = None,
    select: Annotated[list[str] | None, typer.Option(
        help="Only these rules: codes, prefixes (T2) or names; comma-separated or repeated.")] = None,
    ignore: Annotated[list[str] | None, typer.Option(help="Skip these rules (codes, prefixes, names).")] = None,
    output_format: Annotated[Format, typer.Option("--format", help="Report format.")] = Format.text,
    output: Annotated[str | None, typer.Option("--output", "-o", help="Write the report to this file.")] = None,
    statistics: Annotated[bool, typer.Option("--statistics", help="Count findings per rule.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print findings only, no summary.")] = False,
    exit_zero: Annotated[bool, typer.Option("--exit-zero", help="Exit 0 even when there are findings.")] = False,
    stdin_filename: Annotated[str | None, typer.Option(help="Name to show (and to pick JSON or YAML) for stdin.")] = None,
    isolated: Annotated[bool, typer.Option("--isolated", help="Ignore [tool.tierone] in pyproject.toml.")] = False,
    fix: Annotated[bool, typer.Option("--fix", help="Apply `tierone rewrite` to files with fixable findings, then report what is left.")] = False,
) -> None:
    """Lint schemas against the Tier-1 subset (or a vendor profile).

    Exit codes: 0 clean, 1 findings, 2 an input could not be checked or the options are wrong.
    """
    from .linter import config as config_module
    from .linter.api import lint_paths
    from .linter.reporters import REPORTERS, error_line, summary
    from .linter.reporters import statistics as render_statistics
    from .linter.selection import SelectionError

    try:
        config = config_module.Config() if isolated else config_module.load()
        if fix:
            from .subset.rewrite_command import fix_paths

            fixed = fix_paths(paths or ["."], profile=profile or config.profile or "tier1", config=config)
            if fixed:
                typer.echo(f"Fixed {fixed} file{'s' if fixed != 1 else ''}.", err=True)
        report = lint_paths(
            paths or ["."], profile=profile, select=_split(select) or None, ignore=_split(ignore),
            config=config, stdin_filename=stdin_filename,
        )
    except (config_module.ConfigError, SelectionError, ValueError) as error:
        fail(str(error).strip("'\""))
    if output_format is Format.text and statistics:
        body = render_statistics(report)
    else:
        body = REPORTERS[output_format.value](report)
    if output_format is Format.text:
        for problem in report.errors:
            typer.echo(error_line(problem), err=True)
        if not quiet:
            body += summary(report) + "\n"
    if output:
        from .clitools import atomic_write

        try:
            atomic_write(output, body)
        except OSError as error:
            fail(f"cannot write {output}: {error.strerror or error}")
    else:
        sys.stdout.write(body)
    code = report.exit_code
    raise typer.Exit(0 if exit_zero and code == 1 else code)


def rules(
    profile: Annotated[str | None, typer.Option("--profile", "-p", help="Only rules this profile enables.")] = None,
    output_format: Annotated[Format, typer.Option("--format", help="text or json.")] = Format.text,
) -> None:
    """List the rules: code, name, fixability, and the vendors that reject the pattern."""
    import json

    from .linter.ruledocs import rejected_by
    from .subset.profiles import PROFILES, policies
    from .subset.table import FEATURES

    if profile is not None and profile not in PROFILES:
        fail(f"unknown profile {profile!r}; choose one of {', '.join(PROFILES)}")
    codes = {p.feature.code for p in policies(profile)} if profile else None
    chosen = [f for f in FEATURES if codes is None or f.code in codes]
    if output_format is Format.json:
        typer.echo(json.dumps([
            {"code": f.code, "name": f.name, "category": f.category, "fixable": f.fixable,
             "loadBearing": f.load_bearing, "summary": f.doc.what, "rejectedBy": rejected_by(f)}
            for f in chosen
        ], indent=2))
        return
    for f in chosen:
        typer.echo(f"{f.code}  {'[*]' if f.fixable else '   '}  {f.name:<28} {f.doc.what.split('. ')[0].rstrip('.')}")


def rule(code: Annotated[str, typer.Argument(help="A rule code (T102) or name (open-object).")]) -> None:
    """Explain one rule: what it does, why, an example, what to use instead, who rejects it."""
    from .linter.ruledocs import rule_markdown
    from .subset.table import BY_CODE, BY_NAME

    feature = BY_CODE.get(code.upper()) or BY_NAME.get(code)
    if feature is None:
        fail(f"unknown rule {code!r} (see `tierone rules`)")
    typer.echo(rule_markdown(feature), nl=False)


class OpenObjects(str, Enum):
    ENCODE = "encode"
    ERROR = "error"


def rewrite(
    paths: Annotated[list[str] | None, typer.Argument(help="Schema files (JSON or YAML), or - for stdin.")] = None,
    profile: Annotated[str, typer.Option("--profile", "-p", help=PROFILE_HELP)] = "tier1",
    output: Annotated[str | None, typer.Option("--output", "-o", help="Write the strict schema here (one input only).")] = None,
    in_place: Annotated[bool, typer.Option("--in-place", help="Replace each input with its strict rewrite.")] = False,
    check: Annotated[bool, typer.Option("--check", help="Write nothing; exit 1 when the file on disk differs from the rewrite.")] = False,
    diff: Annotated[bool, typer.Option("--diff", help="Write nothing; print a unified diff; exit 1 when it is not empty.")] = False,
    open_objects: Annotated[OpenObjects, typer.Option("--open-objects", help="encode free-form objects as JSON strings, or error.")] = OpenObjects.ENCODE,
    no_hints: Annotated[bool, typer.Option("--no-hints", help="Do not restate removed constraints in descriptions.")] = False,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="List every change on stderr.")] = False,
    schema_id: Annotated[str | None, typer.Option("--id", help="Set the rewritten schema's $id (it is a new document).")] = None,
) -> None:
    """Rewrite schemas for strict mode: optional fields become required and nullable (null
    means absent), objects are closed, unsupported constraints move into descriptions.

    The result goes to stdout unless -o or --in-place is given. Exit codes: 0 done (or up to
    date), 1 something could not be made compliant (each pointer is named) or --check/--diff
    found a difference, 2 could not run.
    """
    from .subset.rewrite_command import run_rewrite

    if output and (in_place or len(paths or []) > 1):
        fail("-o takes exactly one input and cannot be combined with --in-place")
    code = run_rewrite(
        paths or ["-"], profile=profile, output=output, in_place=in_place, check=check, diff=diff,
        open_objects=open_objects.value, hints=not no_hints, verbose=verbose, id=schema_id,
    )
    raise typer.Exit(code)


def restore(
    payload: Annotated[str, typer.Argument(help="The model's JSON answer (a file, or - for stdin).")],
    schema: Annotated[str, typer.Option("--schema", "-s", help="The ORIGINAL schema (before rewrite).")],
    output_format: Annotated[Format, typer.Option("--format", help="text (the payload, errors on stderr) or json.")] = Format.text,
) -> None:
    """Turn a strict-mode answer back into what the original schema means: null becomes
    absent for optional fields, JSON-encoded free-form data is decoded, and the result is
    validated against the original. Exit codes: 0 valid (payload on stdout), 1 invalid
    (errors listed with JSON Pointers), 2 could not run.
    """
    from .subset.rewrite_command import run_restore

    raise typer.Exit(run_restore(payload, schema, json_output=output_format is Format.json))


#: top-level commands, registered by name
COMMANDS = {"lint": lint, "rules": rules, "rule": rule, "rewrite": rewrite, "restore": restore}


#: command groups, imported only when invoked (or for the full app)
GROUPS = {"envelopes": "tierone.cli_envelopes", "capabilities": "tierone.cli_capabilities"}


def build(only: str | None = None) -> typer.Typer:
    """The app with every command, or with just ``only`` (typer introspects every registered
    command on each run, so the entry point registers only the one invoked: start-up is a
    feature for a pre-commit hook)."""
    built = app if only is None else _typer(name="tierone", help=app.info.help)
    built.callback()(root)
    for name, function in COMMANDS.items():
        if only is None or name == only:
            built.command(name)(function)  # type: ignore[type-var]
    for name, module in GROUPS.items():
        if only is None or name == only:
            import importlib

            built.add_typer(importlib.import_module(module).app, name=name)
    return built


build()


def _invoked(argv: list[str]) -> str | None:
    for argument in argv:
        if not argument.startswith("-"):
            return argument if argument in COMMANDS or argument in GROUPS else None
    return None


def main() -> None:
    """Entry point: run the app, turning anything unexpected into one line and exit code 2."""
    only = _invoked(sys.argv[1:])
    try:
        (build(only) if only else app)()
    except KeyboardInterrupt:
        typer.echo("tierone: interrupted", err=True)
        sys.exit(130)
    except RecursionError:
        typer.echo("tierone: error: input nested too deeply to process", err=True)
        sys.exit(2)
    except MemoryError:
        typer.echo("tierone: error: out of memory", err=True)
        sys.exit(2)
