"""``tierone rewrite`` and ``tierone restore``."""

from enum import Enum
from typing import Annotated

import typer

from .emit import Emit
from .options import CONFIG_HELP, ISOLATED_HELP, REFS_HELP, Format, input_kind_help, profile_help
from .output import fail, refuse_overwriting, stdin_is_piped


class OpenObjects(str, Enum):
    ENCODE = "encode"
    ERROR = "error"


def rewrite(
    paths: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[PATH]...", help="Schema files (JSON or YAML), or - for stdin (the default when piped)."
        ),
    ] = None,
    profile: Annotated[
        list[str] | None,
        typer.Option("--profile", "-p", help=profile_help() + " Repeatable: one rendition per profile."),
    ] = None,
    output: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            help="Write the strict schema here (one input only, unless it holds {stem}; {profile} names the profile: needed with several).",
        ),
    ] = None,
    in_place: Annotated[bool, typer.Option("--in-place", help="Replace each input with its strict rewrite.")] = False,
    check: Annotated[
        bool, typer.Option("--check", help="Write nothing; exit 1 when the file on disk differs from the rewrite.")
    ] = False,
    diff: Annotated[
        bool, typer.Option("--diff", help="Write nothing; print a unified diff; exit 1 when it is not empty.")
    ] = False,
    open_objects: Annotated[
        OpenObjects | None,
        typer.Option("--open-objects", help="encode (the default) free-form objects as JSON strings, or error."),
    ] = None,
    hints: Annotated[
        bool | None,
        typer.Option(
            "--hints/--no-hints", help="Restate removed constraints in descriptions (the default), or do not."
        ),
    ] = None,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="List every change on stderr.")] = False,
    schema_id: Annotated[
        str | None, typer.Option("--id", help="Set the rewritten schema's $id (it is a new document).")
    ] = None,
    config_file: Annotated[str | None, typer.Option("--config", metavar="FILE", help=CONFIG_HELP)] = None,
    isolated: Annotated[bool, typer.Option("--isolated", help=ISOLATED_HELP)] = False,
    unroll: Annotated[
        int | None,
        typer.Option(
            "--unroll",
            min=0,
            metavar="N",
            help="Unroll recursion N levels deep for profiles that refuse it (default 3; the level past "
            "it travels as a JSON string); 0 refuses recursion.",
        ),
    ] = None,
    exact: Annotated[
        bool | None,
        typer.Option(
            "--exact/--no-exact",
            help="Refuse where the rendition would be looser than the original (each loosening is "
            "otherwise listed by -v and enforced on read); config: exact = true.",
        ),
    ] = None,
    emit: Annotated[
        Emit | None,
        typer.Option(
            "--emit",
            help="Print the vendor request fragment that carries the strict schema (made for the vendor's own profile unless -p names one it accepts).",
        ),
    ] = None,
    name: Annotated[
        str | None, typer.Option("--name", help="The schema's, function's or tool's name in the --emit fragment.")
    ] = None,
    refs: Annotated[list[str] | None, typer.Option("--refs", metavar="DIR", help=REFS_HELP)] = None,
    input_kind: Annotated[str | None, typer.Option("--input-kind", metavar="KIND", help=input_kind_help())] = None,
) -> None:
    """Rewrite schemas for strict mode: optional fields become required and nullable (null
    means absent), objects are closed, unsupported constraints move into descriptions.

    The result goes to stdout unless -o or --in-place is given; a file written with -o is a
    rendition that names its source (unless --id makes it a document of its own). --check on a rendition (or a directory of them) compares it
    with what rewrite makes of its source now and prints the diff. Exit codes: 0 done (or up to
    date), 1 something could not be made compliant (each pointer is named) or --check/--diff
    found a difference, 2 could not run.
    """
    from ..core.inputs import STDIN
    from .emit import emitted
    from .rendition_check import check_renditions, is_rendition_check
    from .renditions import settings_for
    from .rewrite_run import run_rewrite

    if not paths and not stdin_is_piped():
        fail("no input: name the schema files to rewrite, or pipe one in (`-` reads stdin)")
    if output and (in_place or (len(paths or []) > 1 and "{stem}" not in output)):
        fail("-o takes exactly one input (or a name with {stem}) and cannot be combined with --in-place")
    if output is not None:
        from ..core.rendition_names import check_output

        problem = check_output(output)
        if problem:
            fail(problem)
    refuse_overwriting(output, paths or [], "its strict rewrite (use --in-place to replace it)")
    config, settings = settings_for(
        config_file, isolated, profile, open_objects and open_objects.value, hints, several=True, exact=exact, refs=refs
    )
    if emit is not None:
        from .emit import emit_profile

        try:
            chosen = emit_profile(emit, profile or (), config.profiles)
        except ValueError as problem:
            fail(str(problem))
        settings = settings._replace(profile=chosen, profiles=(chosen,))
    if check and paths and is_rendition_check(paths):
        raise typer.Exit(check_renditions(paths, settings, config))
    code = run_rewrite(
        paths or [STDIN],
        profile=settings.profiles,
        output=output,
        in_place=in_place,
        check=check,
        diff=diff,
        open_objects=settings.open_objects,
        hints=settings.hints,
        verbose=verbose,
        id=schema_id,
        unroll=unroll,
        emitted=emitted(emit, name, paths, output or in_place or check or diff),
        exact=settings.exact,
        refs=settings.refs,
        input_kind=_checked_kind(input_kind),
        implied=not profile,
    )
    raise typer.Exit(code)


def _checked_kind(kind: str | None) -> str | None:
    """``--input-kind`` as given, or exit 2 naming the kinds there are."""
    from ..vendors.requests import KINDS

    if kind is not None and kind != "schema" and kind not in KINDS:
        fail(f"unknown input kind {kind!r}; choose one of: schema, {', '.join(KINDS)}")
    return kind


def restore(
    payload: Annotated[
        str, typer.Argument(metavar="PAYLOAD", help="The model's JSON answer (a file, or - for stdin).")
    ],
    schema: Annotated[str, typer.Option("--schema", "-s", help="The ORIGINAL schema (before rewrite).")],
    output_format: Annotated[
        Format, typer.Option("--format", help="text (the payload, errors on stderr) or json.")
    ] = Format.text,
    config_file: Annotated[str | None, typer.Option("--config", metavar="FILE", help=CONFIG_HELP)] = None,
    isolated: Annotated[bool, typer.Option("--isolated", help=ISOLATED_HELP)] = False,
    refs: Annotated[list[str] | None, typer.Option("--refs", metavar="DIR", help=REFS_HELP)] = None,
    tool: Annotated[
        str | None,
        typer.Option(
            "--tool",
            metavar="NAME",
            help="Where --schema is a request body: read the arguments of a call of this tool (without it, the output).",
        ),
    ] = None,
    input_kind: Annotated[str | None, typer.Option("--input-kind", metavar="KIND", help=input_kind_help())] = None,
) -> None:
    """Turn a strict-mode answer back into what the original schema means: null becomes
    absent for optional fields, JSON-encoded free-form data is decoded, and the result is
    validated against the original. Given a strict rendition, restore reads its source instead
    (the rendition names it), or refuses when the source is missing or has changed. Exit codes:
    0 valid (payload on stdout), 1 invalid (errors listed with JSON Pointers), 2 could not run.
    """
    from .options import ref_folders
    from .renditions import config_for
    from .restore_run import run_restore

    config = config_for(config_file, isolated)
    roots = ref_folders(refs, config.ref_roots)
    raise typer.Exit(
        run_restore(
            payload,
            schema,
            json_output=output_format is Format.json,
            pattern=config.fix_output,
            refs=roots,
            tool=tool,
            input_kind=_checked_kind(input_kind),
        )
    )
