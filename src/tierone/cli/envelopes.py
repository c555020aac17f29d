"""``tierone envelopes``: the universal-kind schemas and the reasoning helpers, for scripts.

Exit codes as everywhere in tierone: 0 valid, 1 invalid (errors listed with pointers),
2 could not run.
"""

import json
import sys
from enum import Enum
from typing import Annotated, Any, NoReturn

import typer

from .output import fail, fail_input, make_typer, read_stdin

app = make_typer("envelopes", "Envelope payload schemas (universal kinds) and the reasoning helpers.")


class Strength(str, Enum):
    ADVISORY = "advisory"
    MANDATORY = "mandatory"
    OFF = "off"


def _schema(kind: str, strict: bool = False) -> dict[str, Any]:
    from ..envelopes import UnknownKind, schema

    try:
        return schema(kind, strict)
    except UnknownKind as error:
        fail(str(error))


def _source(spec: str) -> Any:
    from ..core.errors import InputError
    from ..core.inputs import load_input

    try:
        return load_input(spec, stdin=read_stdin, stdin_format="json")
    except InputError as error:
        fail_input(error)


def _payload(spec: str) -> Any:
    return _source(spec).data


@app.command("list")
def list_kinds() -> None:
    """List the universal kinds and whether each declares `reasoning`."""
    from ..envelopes import kinds, needs_reasoning

    for kind in kinds():
        posture = "reasoning optional" if needs_reasoning(kind) else "no reasoning (side-channel acknowledgement)"
        typer.echo(f"{kind:<24} {posture}")


@app.command()
def show(
    kind: Annotated[str, typer.Argument(metavar="KIND", help="A universal kind, e.g. clarification.request.")],
    strict: Annotated[bool, typer.Option("--strict", help="The strict rendition (passes the Tier-1 check).")] = False,
) -> None:
    """Print a kind's payload schema as JSON."""
    typer.echo(json.dumps(_schema(kind, strict), indent=2, ensure_ascii=False))


@app.command()
def validate(
    kind: Annotated[str, typer.Argument(metavar="KIND", help="A universal kind.")],
    payload: Annotated[str, typer.Argument(metavar="PAYLOAD", help="The payload (a JSON file, or - for stdin).")],
) -> None:
    """Validate a payload against the kind's canonical schema (the strict form is accepted:
    null counts as absent). Exit 0 valid, 1 invalid, 2 could not run."""
    from ..envelopes import validate as check

    _schema(kind)
    result = check(kind, _payload(payload))
    if result.ok:
        typer.echo(f"{payload}: valid {kind} payload")
        return
    for pointer, message in result.errors:
        typer.echo(f"{payload}: [{pointer}] {message}", err=True)
    raise typer.Exit(1)


@app.command()
def directive(
    kind: Annotated[str, typer.Argument(metavar="KIND", help="A universal kind.")],
    strength: Annotated[
        Strength, typer.Option("--strength", help="advisory (recommended), mandatory or off.")
    ] = Strength.ADVISORY,
    strict: Annotated[bool, typer.Option("--strict", help="For the strict rendition's schema.")] = False,
) -> None:
    """Print the system-prompt instruction that asks the model to fill `reasoning` (nothing
    for "off" or for a kind without `reasoning`)."""
    from ..envelopes import directive as make

    text = make(_schema(kind, strict), strength.value)
    if text is not None:
        typer.echo(text)


@app.command()
def redact(
    payload: Annotated[str, typer.Argument(metavar="PAYLOAD", help="The payload (a JSON file, or - for stdin).")],
    secrets: Annotated[str, typer.Option("--secrets", help="JSON or YAML: {secretId: value} or [{id, value}].")],
) -> None:
    """Replace every known secret value in the payload by [REDACTED:<secretId>] (SR-1) and
    print the redacted payload; counts and credential references go to stderr."""
    from ..envelopes import redact as scrub

    entries = _secrets(secrets)
    result = scrub(_payload(payload), entries)
    sys.stdout.write(json.dumps(result.payload, indent=2, ensure_ascii=False) + "\n")
    typer.echo(f"redacted {result.count} occurrence{'s' if result.count != 1 else ''}", err=True)
    for pointer, reference in result.references:
        typer.echo(f"credential reference {reference} at [{pointer}]", err=True)


def _secrets(spec: str) -> Any:
    """The secrets file as (id, value) pairs; any problem is reported without its value."""
    from ..envelopes import secrets_from
    from ..envelopes.reasoning import DuplicateSecretId

    source = _source(spec)
    data = source.data
    if isinstance(data, list):
        pairs = []
        for index, entry in enumerate(data):
            if not isinstance(entry, dict) or set(entry) != {"id", "value"}:
                fail(f"{spec}: entry #{index + 1} must be an object with exactly `id` and `value`")
            pairs.append((entry["id"], entry["value"]))
        data = pairs
    elif not isinstance(data, dict):
        fail(f"{spec}: expected an object {{secretId: value}} or a list of {{id, value}}")
    try:
        return secrets_from(data)
    except DuplicateSecretId as duplicate:
        _duplicate_secret(spec, source, duplicate)
    except (ValueError, TypeError) as error:
        fail(f"{spec}: {error}")


def _duplicate_secret(spec: str, source: Any, duplicate: Any) -> NoReturn:
    """Two entries of a list of secrets with one id: both lines, never a value. (An object
    cannot hold an id twice: loading refuses a duplicate key.)"""
    from ..core.errors import InputError

    first, second = (
        source.locator.locate([(duplicate.first,)]).get((duplicate.first,)),
        source.locator.locate([(duplicate.index,)]).get((duplicate.index,)),
    )
    lines = f" (lines {first[0]} and {second[0]})" if first and second else ""
    fail_input(
        InputError(
            spec,
            f"duplicate secret id {duplicate.secret_id!r}{lines}: which value it stands for is a guess",
            *(second or (None, None)),
        )
    )
