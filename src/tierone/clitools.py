"""Small helpers the CLI shares: atomic writes, messages on stderr, colour."""

from __future__ import annotations

import os
import sys
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    import typer


def atomic_write(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename: never half written."""
    import tempfile

    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        if target.exists():
            os.chmod(temporary, target.stat().st_mode & 0o777)
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


def use_color(stream: object = None) -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set."""
    stream = stream or sys.stdout
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def paint(text: str, code: str, enabled: bool) -> str:
    return f"\x1b[{code}m{text}\x1b[0m" if enabled else text


def make_typer(name: str, help: str) -> typer.Typer:
    """A Typer app with tierone's settings: no completion, no rich, short help options."""
    import typer

    return typer.Typer(
        name=name,
        help=help,
        add_completion=False,
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
        context_settings={"help_option_names": ["-h", "--help"]},
    )


class ReportFormat(str, Enum):
    """The formats of a lint report."""

    text = "text"
    json = "json"
    sarif = "sarif"
    github = "github"


class Format(str, Enum):
    """Output for the other commands: for people, or JSON for scripts."""

    text = "text"
    json = "json"


def fail(message: str, code: int = 2) -> NoReturn:
    """Print ``tierone: error: message`` on stderr and exit (2: could not run)."""
    import typer

    typer.echo(f"tierone: error: {message}", err=True)
    raise typer.Exit(code)


def split_list(values: list[str] | None) -> list[str]:
    """Comma-separated and repeated options, as one list."""
    return [part.strip() for value in values or [] for part in value.split(",") if part.strip()]


PROFILE_HELP = "tier1 (default), tier1-load-bearing, openai, anthropic or gemini."


def colorize(text: str) -> str:
    """Text-report lines with the place dimmed, the code bold and the pointer dimmed."""
    import re

    line = re.compile(r"^(?P<where>[^\n]*?:(?:\d+:\d+:)?) (?P<code>T\d{3}) (?P<rest>.*?)(?P<pointer> \[[^\]]*\])?$", re.MULTILINE)
    return line.sub(lambda m: f"{paint(m['where'], '2', True)} {paint(m['code'], '1;31', True)} {m['rest']}"
                    + (paint(m["pointer"], "2", True) if m["pointer"] else ""), text)
