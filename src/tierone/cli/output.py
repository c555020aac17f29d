"""The terminal: standard output that reports its errors, standard input read with a bound,
one-line errors on stderr with an exit code, colour, and the Typer app's settings."""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    import typer

    from ..core.errors import InputError


class StdoutError(Exception):
    """Standard output could not be written: it is closed or full, or its reader has gone."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(code, reason)
        self.errno = code
        self.reason = reason

    def __str__(self) -> str:
        return f"cannot write to standard output: {self.reason}"


class _Stdout(io.RawIOBase):
    """File descriptor 1 (or none, when it was closed), whose write errors are a
    :class:`StdoutError`: no command mistakes one for a problem with one of its files. After the
    first error the rest of the output is dropped."""

    def __init__(self, fd: int | None) -> None:
        super().__init__()
        self.fd = fd
        self.failed = False

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        if self.fd is None:
            raise io.UnsupportedOperation("standard output is closed")
        return self.fd

    def isatty(self) -> bool:
        return self.fd is not None and os.isatty(self.fd)

    def write(self, data: bytes) -> int:  # type: ignore[override]
        import errno

        if self.failed:
            return len(data)
        if self.fd is None:
            self.failed = True
            raise StdoutError(errno.EBADF, "it is closed")
        try:
            return os.write(self.fd, data)
        except OSError as error:
            self.failed = True
            raise StdoutError(error.errno or 0, error.strerror or str(error)) from None


def guard_stdout() -> None:
    """Make ``sys.stdout`` raise :class:`StdoutError` on a write error (and exist when file
    descriptor 1 was closed). A stream without a file descriptor (a test's capture) is left alone."""
    old = sys.stdout
    if old is None:
        fd = None
    else:
        try:
            fd = old.fileno()
        except (AttributeError, OSError, ValueError):
            return
        old.flush()
    sys.stdout = io.TextIOWrapper(
        io.BufferedWriter(_Stdout(fd)),
        encoding=getattr(old, "encoding", None) or "utf-8",
        errors=getattr(old, "errors", None) or "strict",
        line_buffering=getattr(old, "line_buffering", False),
    )


#: ``--color``'s choices: ``auto`` decides by NO_COLOR, FORCE_COLOR and the terminal
COLOR_CHOICES = ("auto", "always", "never")


def use_color(stream: object = None, choice: str = "auto") -> bool:
    """Colour as ``--color`` says (``always``, ``never``); with ``auto``, only on a terminal,
    never when NO_COLOR is set, always when FORCE_COLOR is."""
    if choice != "auto":
        return choice == "always"
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


def say(text: str) -> None:
    """One line on stderr (a note, a problem with one input) without ending the run."""
    sys.stderr.write(text + "\n")


def fail(message: str, code: int = 2) -> NoReturn:
    """Print ``tierone: error: message`` on stderr and exit (2: could not run)."""
    import typer

    typer.echo(f"tierone: error: {message}", err=True)
    raise typer.Exit(code)


def fail_input(error: InputError, code: int = 2) -> NoReturn:
    """Print an input's error (``<input>: error: <what>``) on stderr and exit (2: could not run)."""
    import typer

    typer.echo(str(error), err=True)
    raise typer.Exit(code)


def refuse_overwriting(output: str | None, inputs: object, what: str) -> None:
    """``-o`` naming one of the inputs would replace that input by ``what``: refused, with
    exit code 2, before anything is written (any command that writes a file calls this)."""
    from ..core.inputs import STDIN

    if not output or not os.path.exists(output):
        return
    for spec in inputs:  # type: ignore[attr-defined]
        try:
            same = spec != STDIN and os.path.samefile(output, spec)
        except (OSError, ValueError, TypeError):
            continue
        if same:
            fail(f"-o {output} is one of the inputs ({spec}); refusing to overwrite it with {what}")


def read_stdin() -> bytes:
    """The bytes of standard input, read with the same cap as a file (``MAX_BYTES``); a closed or
    unreadable stream, or one holding more, is an :class:`InputError` (core's loader gives it the
    input's name)."""
    from ..core import source
    from ..core.errors import InputError
    from ..core.inputs import STDIN

    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        raise InputError(STDIN, "standard input is closed")
    try:
        data: bytes = stream.read(source.MAX_BYTES + 1)
    except OSError as error:
        raise InputError(STDIN, f"cannot read standard input: {error.strerror or error}") from None
    if len(data) > source.MAX_BYTES:
        raise InputError(
            STDIN, f"standard input holds more than the limit of {source.MAX_BYTES:,} bytes; stopped reading"
        )
    return data


def stdin_is_piped() -> bool:
    """Whether standard input is piped in (a pipe, a socket or a redirected file), so that a
    command with no input named reads it. A terminal, ``/dev/null`` or a closed stream is not;
    a stream with no file descriptor (a test's) is, unless it says it is a terminal."""
    import stat

    stream = sys.stdin
    if stream is None:
        return False
    try:
        mode = os.fstat(stream.fileno()).st_mode
    except (AttributeError, OSError, ValueError):
        isatty = getattr(stream, "isatty", None)
        return not (isatty and isatty())
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode) or stat.S_ISREG(mode)


#: the colour of a finding's code, by severity: errors red, warnings yellow
SEVERITY_COLORS = {"error": "1;31", "warning": "1;33"}


def colorize(text: str, severities: Iterable[str] = ()) -> str:
    """Text-report lines with the place dimmed, the code bold in its severity's colour (the
    ``severities`` of the findings, in the order of their lines; red when not given) and the
    pointer dimmed."""
    import re

    line = re.compile(
        r"^(?P<where>[^\n]*?:(?:\d+:\d+:)?) (?P<code>T\d{3}) (?P<rest>.*?)(?P<pointer> \[[^\]]*\])?$", re.MULTILINE
    )
    order = iter(severities)

    def paint_line(m: re.Match[str]) -> str:
        code = SEVERITY_COLORS.get(next(order, "error"), SEVERITY_COLORS["error"])
        return f"{paint(m['where'], '2', True)} {paint(m['code'], code, True)} {m['rest']}" + (
            paint(m["pointer"], "2", True) if m["pointer"] else ""
        )

    return line.sub(paint_line, text)
