"""The ``tierone`` command line: the only layer that parses arguments, reads standard input,
prints or picks an exit code (0 clean or valid, 1 findings or invalid, 2 could not run).

Each command family lives in its own module (``lint``, ``rewrite``, ``probe``, ``envelopes``,
``capabilities``); the entry point imports only the one invoked.
"""

import sys
from functools import cache
from typing import Annotated

import typer

from .output import make_typer

HELP = "Lint, rewrite and restore JSON Schemas for OpenAI, Anthropic and Gemini strict modes."


def _version(value: bool) -> None:
    if value:
        from ..core.version import __version__

        typer.echo(f"tierone {__version__}")
        raise typer.Exit()


def root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit.")
    ] = False,
) -> None:
    """Lint, rewrite and restore JSON Schemas for OpenAI, Anthropic and Gemini strict modes."""


#: top-level commands: name -> the module that defines them (imported only when needed)
COMMANDS = {
    "lint": "tierone.cli.lint",
    "rules": "tierone.cli.lint",
    "rule": "tierone.cli.lint",
    "rewrite": "tierone.cli.rewrite",
    "restore": "tierone.cli.rewrite",
    "probe": "tierone.cli.probe",
}
#: command groups: name -> the module whose ``app`` they are
GROUPS = {"envelopes": "tierone.cli.envelopes", "capabilities": "tierone.cli.capabilities"}


def build(only: str | None = None) -> typer.Typer:
    """The app with every command, or with just ``only`` (typer introspects every registered
    command on each run, so the entry point registers only the one invoked: start-up is a
    feature for a pre-commit hook)."""
    import importlib

    built = make_typer("tierone", HELP)
    built.callback()(root)
    for name, module in COMMANDS.items():
        if only is None or name == only:
            built.command(name)(getattr(importlib.import_module(module), name))
    for name, module in GROUPS.items():
        if only is None or name == only:
            built.add_typer(importlib.import_module(module).app, name=name)
    return built


@cache
def full_app() -> typer.Typer:
    """The app with every command (for --help, docs and tests)."""
    return build()


def __getattr__(name: str) -> typer.Typer:
    # ``tierone.cli.app`` is the full app, built on first use so that `tierone lint` does
    # not import every other command's module.
    if name == "app":
        return full_app()
    raise AttributeError(name)


def _invoked(argv: list[str]) -> str | None:
    for argument in argv:
        if not argument.startswith("-"):
            return argument if argument in COMMANDS or argument in GROUPS else None
    return None


def main() -> None:
    """Entry point: run the app, turning anything unexpected into one line and exit code 2.

    Standard output is guarded here, once for every command: when it is closed or full the run
    ends with ``tierone: error: cannot write to standard output: …`` and exit code 2; when its
    reader has gone (``tierone rules | head -1``) quietly, with exit code 2.
    """
    import errno

    from .output import StdoutError, guard_stdout

    only = _invoked(sys.argv[1:])
    guard_stdout()
    try:
        try:
            (build(only) if only else full_app())()
        finally:
            sys.stdout.flush()
    except StdoutError as error:
        if error.errno != errno.EPIPE:
            typer.echo(f"tierone: error: {error}", err=True)
        sys.exit(2)
    except KeyboardInterrupt:
        typer.echo("tierone: interrupted", err=True)
        sys.exit(130)
    except RecursionError:
        typer.echo("tierone: error: input nested too deeply to process", err=True)
        sys.exit(2)
    except MemoryError:
        typer.echo("tierone: error: out of memory", err=True)
        sys.exit(2)
    except ValueError as error:  # the subset table is read once, at import: a broken $TIERONE_TABLE
        from ..subset.cells import TableError

        if not isinstance(error, TableError):
            raise
        typer.echo(f"tierone: error: {error}", err=True)
        sys.exit(2)


def run() -> None:
    """The ``tierone`` executable (and ``python -m tierone``): :func:`main`, then the process
    ends at once.

    Tearing the interpreter down (freeing every module, a last garbage collection) takes
    about 10 ms after a ``tierone lint``, a seventh of its run, and writes nothing: once the
    output is flushed the process exits with ``os._exit``. Only when nothing else is owed at
    exit: no ``atexit`` handler (a coverage or profiling tool saving its data) and no other
    thread still running; otherwise the interpreter ends as usual. An unexpected error still
    propagates (and prints its traceback) the usual way.
    """
    import os

    try:
        main()
        code: str | int | None = 0
    except SystemExit as done:
        code = done.code
    if not isinstance(code, int) or not _nothing_owed_at_exit():
        sys.exit(code)
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):  # a reader gone or a closed stream: nothing left to say
            code = code or 2
    os._exit(code)


def _nothing_owed_at_exit() -> bool:
    import atexit

    registered = getattr(atexit, "_ncallbacks", None)  # CPython's count; elsewhere exit as usual
    if registered is None or registered():
        return False
    threading = sys.modules.get("threading")
    return threading is None or threading.active_count() == 1
