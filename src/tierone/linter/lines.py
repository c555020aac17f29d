"""How one finding or one input error is written on a line, the same in every report: the
one place a finding's pointer (RFC 6901) is rendered."""

from __future__ import annotations

from ..core.errors import InputError
from ..core.loading import printable
from .diagnostics import Diagnostic


def shown_path(path: str) -> str:
    """A path as reports show it: as it is, unless it is not UTF-8."""
    return path if path.isascii() else printable(path)


def _where(path: str, line: int | None, column: int | None) -> str:
    path = shown_path(path)
    return f"{path}:{line}:{column}" if line is not None else path


def _message_at(d: Diagnostic) -> str:
    """``message [pointer]``: the one place a report renders a finding's pointer (RFC 6901)."""
    return f"{d.message} [{d.pointer!s}]"


def finding_text(d: Diagnostic) -> str:
    """``CODE message [pointer]``: a finding, without the file and line it is in."""
    return f"{d.code} {_message_at(d)}"


def text_line(d: Diagnostic) -> str:
    """``path:line:col: CODE message [pointer]`` (the format scripts rely on)."""
    return f"{_where(d.path, d.line, d.column)}: {finding_text(d)}"


def error_line(error: InputError) -> str:
    return printable(str(error))
