"""Small helpers the CLI shares: safe writes, standard output that reports its errors, messages on
stderr, colour."""

from __future__ import annotations

import io
import os
import stat
import sys
from enum import Enum
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    import typer


def write_output(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path``, or raise :class:`InputError` (``PATH: error: cannot write: …``)
    having changed nothing.

    A regular file is replaced through a temporary file and a rename (never half written),
    keeping its mode; through a symlink, the real file is replaced and the link kept. A FIFO, a
    device, or any name under /dev or /proc (``/dev/stdout``) is opened and written directly,
    never renamed over. An existing file tierone may not write is refused, and so is a file or
    directory whose mode has no write bit at all: root may write anything, and would otherwise
    replace a read-only file without a word.
    """
    from ..core.errors import InputError

    name = os.fspath(path)
    try:
        data = text.encode("utf-8", "surrogateescape")  # a file name's undecodable bytes go back as they were
    except UnicodeEncodeError:
        raise InputError(name, "cannot write: the text holds a lone surrogate, which UTF-8 cannot encode") from None
    try:
        if _written_directly(name):
            with open(name, "wb") as handle:
                handle.write(data)
        else:
            _replace(os.path.realpath(name), data)
    except OSError as error:
        raise InputError(name, f"cannot write: {error.strerror or error}") from None


def _written_directly(name: str) -> bool:
    try:
        mode: int | None = os.stat(name).st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        return True
    parent = os.path.realpath(os.path.dirname(os.path.abspath(name)))
    return parent in ("/dev", "/proc") or parent.startswith(("/dev/", "/proc/"))


def _read_only(path: str, mode: int) -> bool:
    return not os.access(path, os.W_OK) or not mode & 0o222


def _replace(target: str, data: bytes) -> None:
    import errno
    import tempfile

    directory = os.path.dirname(target) or "."
    if _read_only(directory, os.stat(directory).st_mode):
        raise PermissionError(errno.EACCES, "the directory is read-only")
    try:
        mode = os.stat(target).st_mode & 0o777
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    else:
        if _read_only(target, mode):
            raise PermissionError(errno.EACCES, "the file is read-only")
    fd, temporary = tempfile.mkstemp(prefix=f".{os.path.basename(target)}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


def _umask() -> int:
    current = os.umask(0o022)
    os.umask(current)
    return current


def read_output(path: str) -> str:
    """The current text of an output file, "" when there is none yet (for --check and --diff);
    an :class:`InputError` when it cannot be read or is not UTF-8."""
    from ..core.errors import InputError
    from ..core.loading import read_regular

    if not os.path.exists(path):  # nothing there yet (or a link to nothing yet, which a write creates)
        return ""
    data = read_regular(path, path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(path, "cannot compare: the file is not valid UTF-8") from None


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
        io.BufferedWriter(_Stdout(fd)), encoding=getattr(old, "encoding", None) or "utf-8",
        errors=getattr(old, "errors", None) or "strict", line_buffering=getattr(old, "line_buffering", False),
    )


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
