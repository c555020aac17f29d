"""``tierone probe``: which schema features a vendor's strict mode accepts today, asked of
its live API with the user's own key.

Exit codes: 0 every probe was conclusive, 1 some were inconclusive (rate limit, server
error, timeout, network), 2 nothing could be sent (no key, a key with a control or non-ASCII
character, a bad TIERONE_PROBE_TIMEOUT, no network, bad options).
"""

import json
from enum import Enum
from typing import TYPE_CHECKING, Annotated

import typer

from ..core.errors import InputError
from ..vendors import VENDORS
from .options import Format, split_list
from .output import fail

if TYPE_CHECKING:
    from ..probe.report import Report
    from ..probe.runner import Request, Result
    from ..vendors import Vendor


#: the vendors ``--vendor`` names (``tierone.vendors``)
VendorName = Enum("VendorName", {name: name for name in VENDORS}, type=str)  # type: ignore[misc]


INSTALL = "`tierone probe` needs httpx: pip install 'tierone[probe]'"


def probe(
    vendor: Annotated[
        VendorName, typer.Option("--vendor", help=f"{', '.join(list(VENDORS)[:-1])} or {list(VENDORS)[-1]}.")
    ],
    model: Annotated[
        str | None, typer.Option("--model", help="The model to probe (default: a small, cheap one of the vendor's).")
    ] = None,
    base_url: Annotated[
        str | None, typer.Option("--base-url", help="The API's base URL (default: the vendor's public API).")
    ] = None,
    rows: Annotated[
        list[str] | None,
        typer.Option("--rows", help="Rule codes to probe, comma-separated (default: every row with probes)."),
    ] = None,
    output_format: Annotated[Format, typer.Option("--format", help="text or json.")] = Format.text,
    output: Annotated[
        str | None, typer.Option("--output", "-o", help="Write the report here (atomically) instead of stdout.")
    ] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Print the requests; send nothing.")] = False,
    update: Annotated[
        bool,
        typer.Option(
            "--update",
            help="Write the results into the table's cells (today's date, the model); print the cells that changed.",
        ),
    ] = False,
) -> None:
    """Probe a vendor's strict mode: a control schema and one schema per table feature.

    Keys come from OPENAI_API_KEY, ANTHROPIC_API_KEY, or GEMINI_API_KEY / GOOGLE_API_KEY,
    and never appear in any output. A cost estimate is printed on stderr before sending.
    """
    import os
    from datetime import date

    from ..probe import catalog, runner
    from ..probe.keys import ProbeError, api_key, redact

    chosen = VENDORS[vendor.value]
    codes = split_list(rows) or None
    for code in codes or ():
        if code not in catalog.ROWS:
            fail(f"--rows: {code} is not a row with probes (rows: {', '.join(catalog.ROWS)})")
    url = base_url or chosen.base_url
    if not url.startswith(("http://", "https://")):
        fail(f"--base-url must be an http:// or https:// URL, not {url!r}")
    if dry_run and update:
        fail("--dry-run sends nothing, so there is nothing to --update")
    name = model or chosen.default_model
    requests = runner.plan(chosen, name, url, catalog.for_rows(codes))
    if dry_run:
        _print_requests(chosen, requests, output_format.value, output)
        return
    try:  # the key and the deadline are checked before anything is sent
        found = api_key(chosen, os.environ)
        seconds = runner.timeout()
    except ProbeError as error:
        fail(str(error))
    if found is None:
        fail(f"no API key: set {' or '.join(chosen.key_variables)}")
    key = found[1]
    try:
        import httpx  # noqa: F401
    except ImportError:
        fail(INSTALL)
    tokens_in, tokens_out, dollars = runner.estimate(chosen, requests)
    priced = "" if model is None or model == chosen.default_model else f" (priced as {chosen.default_model})"
    shown = redact(url, key)  # a key in a query string stays out of the messages too
    typer.echo(
        f"tierone: probe: {len(requests)} requests to {chosen.name} ({name}) at {shown}: at most "
        f"about {tokens_in:,} input and {tokens_out:,} output tokens, about ${dollars:.4f}{priced}; "
        "a refused request costs nothing",
        err=True,
    )
    results = runner.controlled(runner.send(chosen, key, requests, seconds))
    _give_up_when_nothing_answered(results, shown)
    from ..probe.report import RENDER, Report

    report = Report(chosen.name, name, date.today().isoformat(), tuple(results))
    text = RENDER[output_format.value](report)
    if output:
        _write(output, text)
    else:
        typer.echo(text, nl=False)
    if update:
        _update(report, to_stdout=bool(output) or output_format is Format.text)
    raise typer.Exit(1 if report.counts()["inconclusive"] else 0)


def _print_requests(vendor: "Vendor", requests: "list[Request]", output_format: str, output: str | None) -> None:
    from ..probe.runner import headers

    key = "<" + " or ".join(vendor.key_variables) + ">"  # the variable's name, never its value
    placeholder = headers(vendor, key)
    items = [
        {
            "row": r.probe.row,
            "probe": r.probe.id,
            "api": r.api.name,
            "method": "POST",
            "url": r.url,
            "headers": placeholder,
            "body": r.body,
        }
        for r in requests
    ]
    if output_format == "json":
        text = json.dumps(items, indent=2, ensure_ascii=False) + "\n"
    else:
        text = "".join(
            f"# {i['row']} {i['probe']} ({i['api']})\nPOST {i['url']}\n"
            + "".join(f"{k}: {v}\n" for k, v in placeholder.items())
            + json.dumps(i["body"], ensure_ascii=False)
            + "\n\n"
            for i in items
        )
        text += f"{len(items)} requests; nothing sent (--dry-run)\n"
    if output:
        _write(output, text)
    else:
        typer.echo(text, nl=False)


def _give_up_when_nothing_answered(results: "list[Result]", url: str) -> None:
    """Exit 2 when no request got an answer, or every answer refused the key."""
    answered = [r for r in results if r.http is not None]
    if not answered:
        fail(f"could not reach {url}: {results[0].message if results else 'no request'}")
    if all(r.http in (401, 403) for r in answered):
        fail(f"{url} refused the API key: {answered[0].message}")


def _update(report: "Report", to_stdout: bool) -> None:
    from ..probe.report import update
    from ..subset import cells

    path = cells.data_path()
    try:
        current = cells.load(path)
        documentation = cells.comment(path)
    except (cells.TableError, OSError, ValueError) as error:
        fail(str(error))
    new, changes = update(current, report)
    _write(str(path), cells.dump(new, documentation))
    lines = [change.describe() for change in changes] or ["no cell changed"]
    typer.echo("\n".join(lines), err=not to_stdout)
    typer.echo(f"tierone: probe: wrote {path}; run `python scripts/generate_docs.py` to refresh the docs", err=True)


def _write(path: str, text: str) -> None:
    from ..core.files import write_output

    try:
        write_output(path, text)
    except InputError as error:
        fail(f"{error.path}: {error.message}")
