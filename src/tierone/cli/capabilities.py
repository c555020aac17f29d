"""``tierone capabilities``: generate and check a host's capabilities document.

Exit codes: 0 done / the document is valid and every claim holds, 1 a claim is refused or
fails (each reason listed), 2 could not run (bad config or document, missing files).
"""

import json
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from .options import CONFIG_HELP, ISOLATED_HELP, Format
from .output import fail, fail_input, make_typer, read_stdin, refuse_overwriting

app = make_typer("capabilities", "Generate and check the host capabilities document (/.well-known/openwop).")


class Universal(str, Enum):
    FILES = "files"
    CANONICAL = "canonical"
    STRICT = "strict"


def _folders(values: list[str] | None) -> list[Path]:
    folders = [Path(v) for v in values or []]
    for folder in folders:
        if not folder.is_dir():
            from ..core.errors import InputError

            fail_input(InputError(str(folder), "not a directory"))
    return folders


@app.command()
def generate(
    config: Annotated[str, typer.Option("--config", "-c", help="The host configuration (YAML or TOML).")],
    schemas: Annotated[
        list[str] | None, typer.Option("--schemas", help="More folders with <kind>.schema.json files.")
    ] = None,
    output: Annotated[str | None, typer.Option("--output", "-o", help="Write the document here (atomically).")] = None,
    check: Annotated[bool, typer.Option("--check", help="Write nothing; exit 1 when the -o file is stale.")] = False,
    allow_downgrade: Annotated[
        bool,
        typer.Option("--allow-downgrade", help='Write "warn" instead of refusing a "strict" claim the schemas fail.'),
    ] = False,
) -> None:
    """Generate the capabilities document from the schemas the host serves, with an honest
    `tierOneSubsetCompliance` (never "strict" unless every served schema passes)."""
    from ..capabilities import generate as make
    from ..capabilities import load_config
    from ..core.errors import InputError

    served = [str(path) for folder in schemas or [] if Path(folder).is_dir() for path in Path(folder).iterdir()]
    refuse_overwriting(output, [config, *served], "the capabilities document")
    try:
        host = load_config(config)
        result = make(host, _folders(schemas), allow_downgrade=allow_downgrade)
    except InputError as error:
        fail_input(error)
    for note in result.notes:
        typer.echo(f"{config}: {note}", err=True)
    if result.document is None:
        for kind, findings in result.findings.items():
            for finding in findings:
                typer.echo(f"  {kind}: {finding}", err=True)
        typer.echo(f"{config}: nothing written", err=True)
        raise typer.Exit(1)
    text = json.dumps(result.document, indent=2, ensure_ascii=False) + "\n"
    from ..core.files import read_output, write_output

    try:
        if check:
            if output is None:
                fail("--check needs -o FILE")
            if read_output(output) != text:
                typer.echo(f"{output} is stale: run the same command without --check", err=True)
                raise typer.Exit(1)
            return
        if output is None:
            typer.echo(text, nl=False)
            return
        write_output(output, text)
    except InputError as error:
        fail_input(error)
    typer.echo(f"wrote {output} (tierOneSubsetCompliance: {result.granted})", err=True)


@app.command()
def check(
    document: Annotated[
        str, typer.Argument(metavar="DOCUMENT", help="The capabilities document (JSON file, or - for stdin).")
    ],
    schemas: Annotated[
        list[str] | None, typer.Option("--schemas", help="Folders with the served <kind>.schema.json files.")
    ] = None,
    output_format: Annotated[Format, typer.Option("--format", help="text or json.")] = Format.text,
    low_reasoning: Annotated[
        list[str] | None, typer.Option("--low-reasoning", help="More kinds that need not declare reasoning.")
    ] = None,
    universal: Annotated[
        Universal | None,
        typer.Option(
            "--universal", help="Universal kinds' schemas: from the folders, or tierone's canonical or strict ones."
        ),
    ] = None,
    reference_literal: Annotated[
        bool,
        typer.Option(
            "--reference-literal",
            help='Judge the reasoning shape by the reference suite\'s literal assertion (a plain optional string): RFC 0030 §D\'s required ["string", "null"] form then fails.',
        ),
    ] = False,
    config_file: Annotated[
        str | None, typer.Option("--config", metavar="FILE", help=CONFIG_HELP + " Its low-reasoning-kinds apply.")
    ] = None,
    isolated: Annotated[bool, typer.Option("--isolated", help=ISOLATED_HELP)] = False,
) -> None:
    """Validate a capabilities document; with --schemas, run the reference suite's static
    scenarios and print pass/fail per scenario. Schema references are never fetched."""
    from ..capabilities import check as judge
    from ..core.errors import InputError
    from ..core.inputs import load_input

    try:
        data = load_input(document, stdin=read_stdin, stdin_format="json").data
    except InputError as error:
        fail_input(error)
    chosen = (universal or Universal.FILES).value
    folders = _folders(schemas) if schemas is not None or chosen != "files" else None
    from .renditions import config_for

    kinds = config_for(config_file, isolated).low_reasoning_kinds
    if not isinstance(data, dict):
        fail_input(InputError(document, f"a capabilities document is a JSON object, not {type(data).__name__}"))
    try:
        report = judge(data, folders, chosen, (*kinds, *(low_reasoning or [])), reference_literal)
    except InputError as error:
        fail_input(error)
    if output_format is Format.json:
        typer.echo(
            json.dumps(
                {
                    "valid": report.ok,
                    "shape": report.shape,
                    "problems": [{"pointer": p.pointer, "message": p.message} for p in report.problems],
                    "scenarios": [{"name": s.name, "status": s.status, "detail": s.detail} for s in report.scenarios],
                    "warnings": list(report.warnings),
                },
                indent=2,
            )
        )
    else:
        for problem in report.problems:
            typer.echo(f"{document}: [{problem.pointer}] {problem.message}")
        if report.scenarios:
            width = max(len(s.name) for s in report.scenarios)
            for scenario in report.scenarios:
                line = f"{scenario.name:<{width}}  {scenario.status}"
                typer.echo(f"{line}  {scenario.detail}" if scenario.detail else line)
        for warning in report.warnings:
            typer.echo(f"{document}: warning: {warning}", err=True)
        typer.echo(
            f"{document}: {'valid, every claim holds' if report.ok else 'invalid or a claim fails'} ({report.shape} shape)"
        )
    raise typer.Exit(0 if report.ok else 1)
