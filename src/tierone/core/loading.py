"""Loading schemas from bytes and files, with clear errors as values (where an input comes from
— a path, ``-``, a Python model — is :mod:`tierone.core.inputs`' business).

JSON (:mod:`tierone.core.json_text`) is parsed with orjson; YAML (:mod:`tierone.core.yaml_text`)
with ruamel.yaml's round-trip loader, imported only for YAML. What both share (limits, the
:class:`Source`, messages, process settings) is in :mod:`tierone.core.source`.
"""

from __future__ import annotations

import os
import stat

from . import source as _source
from .errors import InputError
from .json_text import load_json
from .source import (
    MAX_BYTES,
    MAX_DEPTH,
    MAX_NODES,
    RECURSION_LIMIT,
    YAML_SUFFIXES,
    Source,
    batch,
    check_size,
    printable,
    require_json_data,
    room_for_depth,
)

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_NODES",
    "RECURSION_LIMIT",
    "YAML_SUFFIXES",
    "Source",
    "batch",
    "check_size",
    "is_yaml_name",
    "load_bytes",
    "load_json",
    "load_path",
    "printable",
    "read_regular",
    "require_json_data",
    "room_for_depth",
    "special_kind",
]


def is_yaml_name(name: str) -> bool:
    return name.lower().endswith(YAML_SUFFIXES)


def load_bytes(data: bytes, path: str, format: str | None = None) -> Source:
    """Load bytes as JSON or YAML: by ``format``, else by the name, else by the content."""
    if format is None:
        if is_yaml_name(path):
            format = "yaml"
        elif path.lower().endswith(".json"):
            format = "json"
        else:
            head = data.lstrip()[:1]
            format = "json" if head in (b"{", b"[", b"") else "yaml"
    if format == "yaml":
        from .yaml_text import load_yaml  # only YAML inputs pay for it

        return load_yaml(data, path)
    return load_json(data, path)


#: what a file that is not a regular file is, by the test on its mode
_SPECIAL_KINDS = (
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISDIR, "a directory"),
)


def special_kind(mode: int) -> str | None:
    """``"a FIFO"``, ``"a character device"``… for a mode that is not a regular file's; else None."""
    return None if stat.S_ISREG(mode) else next((name for test, name in _SPECIAL_KINDS if test(mode)), "a special file")


def _refuse_special(mode: int, name: str) -> None:
    kind = special_kind(mode)
    if kind == "a directory":
        raise InputError(name, "is a directory, not a schema file")
    if kind is not None:
        raise InputError(name, f"not a regular file ({kind})")


def read_regular(path: str | os.PathLike[str], name: str) -> bytes:
    """The bytes of a regular file, at most MAX_BYTES. Anything else (a FIFO, a device, a
    socket, ``/dev/stdin``) is refused before it is opened for reading: a blocking read may never
    end, and opening a device can act. The open is non-blocking and checked again, so a file
    swapped for a FIFO in between cannot hang either."""
    try:
        _refuse_special(os.stat(path).st_mode, name)
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
        with open(descriptor, "rb") as handle:
            status = os.fstat(descriptor)
            _refuse_special(status.st_mode, name)
            if status.st_size > _source.MAX_BYTES:
                check_size(status.st_size, name)
            data = handle.read(_source.MAX_BYTES + 1)  # bounded: a file may grow while it is read
    except FileNotFoundError:
        raise InputError(name, "no such file") from None
    except PermissionError:
        raise InputError(name, "permission denied") from None
    except OSError as error:
        raise InputError(name, f"cannot read: {error.strerror or error}") from None
    if len(data) > _source.MAX_BYTES:
        raise InputError(name, f"more than the limit of {_source.MAX_BYTES:,} bytes; stopped reading")
    return data


def load_path(path: str | os.PathLike[str], display: str | None = None) -> Source:
    """Load a schema file (a regular file: see :func:`read_regular`); any problem becomes an
    :class:`InputError`."""
    name = display if display is not None else os.fspath(path)
    return load_bytes(read_regular(path, name), name)
