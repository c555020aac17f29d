"""``tierone rewrite`` and ``tierone restore``."""

import sys
from enum import Enum
from typing import Annotated

import typer

from ..subset.profiles import DEFAULT_PROFILE
from .options import Format, profile_help
from .output import fail


class OpenObjects(str, Enum):
    ENCODE = "encode"
    ERROR = "error"


def rewrite(
    paths: Annotated[list[str] | None, typer.Argument(
        metavar="[PATH]...", help="Schema files (JSON or YAML), or - for stdin (the default when piped).")] = None,
    profile: Annotated[list[str] | None, typer.Option("--profile", "-p", help=profile_help() + " Repeatable: one rendition per profile.")] = None,
    output: Annotated[str | None, typer.Option("--output", "-o", help="Write the strict schema here (one input only, unless it holds {stem}; {profile} names the profile: needed with several).")] = None,
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
    from ..core.inputs import STDIN
    from .rewrite_run import run_rewrite

    if not paths and sys.stdin.isatty():
        fail("no input: name the schema files to rewrite, or pipe one in (`-` reads stdin)")
    if output and (in_place or (len(paths or []) > 1 and "{stem}" not in output)):
        fail("-o takes exactly one input (or a name with {stem}) and cannot be combined with --in-place")
    code = run_rewrite(
        paths or [STDIN], profile=profile or [DEFAULT_PROFILE], output=output, in_place=in_place, check=check, diff=diff,
        open_objects=open_objects.value, hints=not no_hints, verbose=verbose, id=schema_id,
    )
    raise typer.Exit(code)


def restore(
    payload: Annotated[str, typer.Argument(metavar="PAYLOAD", help="The model's JSON answer (a file, or - for stdin).")],
    schema: Annotated[str, typer.Option("--schema", "-s", help="The ORIGINAL schema (before rewrite).")],
    output_format: Annotated[Format, typer.Option("--format", help="text (the payload, errors on stderr) or json.")] = Format.text,
) -> None:
    """Turn a strict-mode answer back into what the original schema means: null becomes
    absent for optional fields, JSON-encoded free-form data is decoded, and the result is
    validated against the original. Exit codes: 0 valid (payload on stdout), 1 invalid
    (errors listed with JSON Pointers), 2 could not run.
    """
    from .rewrite_run import run_restore

    raise typer.Exit(run_restore(payload, schema, json_output=output_format is Format.json))
