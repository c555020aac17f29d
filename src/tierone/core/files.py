"""Output files: a rewrite, a report or a document replaces its target atomically (never half
written), and an existing output is read back for ``--check`` and ``--diff``. A problem is an
:class:`~tierone.core.errors.InputError` naming the file; nothing is printed."""

from __future__ import annotations

import os
import stat

from .errors import InputError


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
    from .loading import read_regular

    if not os.path.exists(path):  # nothing there yet (or a link to nothing yet, which a write creates)
        return ""
    data = read_regular(path, path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(path, "cannot compare: the file is not valid UTF-8") from None
