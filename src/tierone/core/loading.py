"""Loading schemas from bytes and files, with clear errors as values (where an input comes from
— a path, ``-``, a Python model — is :mod:`tierone.core.inputs`' business).

JSON is parsed with orjson (no positions); line and column are computed afterwards, and
only for the pointers a report needs (:mod:`tierone.core.positions`). YAML goes through
ruamel.yaml's round-trip loader, which keeps positions; it is imported only for YAML.
Two process settings for working on loaded trees live here too: room for recursion as deep as
loading allows, and fewer garbage-collector passes while a batch of inputs runs.
"""

from __future__ import annotations

import gc
import os
import re
import stat
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any, NamedTuple

import orjson

from .errors import InputError
from .positions import JsonLocator, Locator, NoLocator, TreeLocator, _text_key, first_duplicate

#: inputs larger than this are refused before parsing
MAX_BYTES = 128 * 1024 * 1024
#: containers nested deeper than this are refused (orjson's own limit is 1024)
MAX_DEPTH = 1000
#: the interpreter's recursion limit while a loaded tree is rebuilt or written: loading lets
#: containers nest MAX_DEPTH deep, and rebuilding one level takes up to two frames
RECURSION_LIMIT = 4 * MAX_DEPTH + 1000

#: a YAML document whose aliases expand to more values than this is refused
MAX_NODES = 2_000_000

YAML_SUFFIXES = (".yaml", ".yml")


class Source(NamedTuple):
    """A loaded schema: the data, how it is shown, and where its parts are."""

    #: a path, ``-`` for stdin, or ``module:attribute``
    path: str
    data: Any
    #: "json", "yaml" or "model"
    format: str
    locator: Locator = NoLocator()
    #: the decoded text, when there is one
    text: str | None = None


#: allocations between two young-generation collections while a batch runs (Python's default: 700)
BATCH_THRESHOLD = 100_000


@contextmanager
def batch() -> Iterator[None]:
    """Run the cyclic garbage collector rarely for the duration of a batch.

    A batch allocates millions of small acyclic values (pointers, hits, findings) that stay
    alive until the report is written: at the default threshold the collector runs every 700
    allocations and, as the live set grows, its full passes cost about a tenth of a corpus run
    while freeing nothing. Reference counting still frees everything at once; the previous
    thresholds come back when the batch ends, even on an error.
    """
    previous = gc.get_threshold()
    gc.set_threshold(BATCH_THRESHOLD, *previous[1:])
    try:
        yield
    finally:
        gc.set_threshold(*previous)


@contextmanager
def room_for_depth() -> Iterator[None]:
    """Raise the recursion limit for as long as a tree as deep as loading allows is processed
    recursively (rewrite passes, writers), then put it back."""
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(max(before, RECURSION_LIMIT))
    try:
        yield
    finally:
        sys.setrecursionlimit(before)


def _position(data: bytes, offset: int) -> tuple[int, int]:
    line = data.count(b"\n", 0, offset) + 1
    column = offset - data.rfind(b"\n", 0, offset)
    return line, column


def _decode(data: bytes, path: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line, column = _position(data, error.start)
        raise InputError(path, f"not valid UTF-8 (byte 0x{data[error.start]:02x})", line, column) from None


def _check_size(size: int, path: str) -> None:
    if size == 0:
        raise InputError(path, "empty file: expected a JSON or YAML schema")
    if size > MAX_BYTES:
        raise InputError(path, f"file is {size:,} bytes; the limit is {MAX_BYTES:,} bytes")


#: every digit mapped to "0", so that finding a run of 19 digits (a number that may lie beyond
#: 64 bits) is one C-speed substring search; the run may also be inside a string: then the
#: only cost is a second parse
_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")
_LONG_DIGIT_RUN = b"0" * 19


def load_json(data: bytes, path: str) -> Source:
    """Parse JSON bytes; errors carry line and column."""
    _check_size(len(data.strip()), path)
    body = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
    try:
        value = orjson.loads(body)
    except orjson.JSONDecodeError as error:
        text = _decode(data, path)  # reports bad UTF-8 with its place
        if "depth limit" in error.msg or "recursion" in error.msg:
            raise InputError(path, f"nesting is deeper than {MAX_DEPTH} levels; refusing to load") from None
        line = text.count("\n", 0, error.pos) + 1
        column = error.pos - text.rfind("\n", 0, error.pos)
        if "surrogate" in error.msg:
            raise InputError(path, _lone_surrogate(text[error.pos : error.pos + 6]), line, column) from None
        raise InputError(path, f"invalid JSON: {error.msg}", line, column) from None
    text = body.decode("utf-8")
    if _may_hold_duplicates(body, value):
        _refuse_duplicates(text, path)
    if _LONG_DIGIT_RUN in body.translate(_DIGITS_AS_ZERO):
        import json  # orjson reads integers beyond 64 bits as floats; the standard library keeps them exact

        with room_for_depth():  # the same document, which orjson has just accepted: as deep as it allows
            value = json.loads(body)
    return Source(path, value, "json", JsonLocator(text), text)


def _may_hold_duplicates(body: bytes, value: Any) -> bool:
    """Whether an object of the document may name a member twice (orjson keeps the last).

    Written back by orjson, the document keeps every string as it was, escapes aside, and
    every member but the ones a later duplicate replaced; so, unless an escape decodes to a
    colon (``\\u003a``), it has as many colons as the text exactly when no member was
    dropped. Two C-speed counts and a dump: a small fraction of the parse.
    """
    colons = body.count(b":")
    if not colons:
        return False
    try:
        written = orjson.dumps(value)
    except TypeError:  # nested deeper than orjson writes (255 levels): scan the text instead
        return True
    if written.count(b":") != colons:
        return True
    return b"\\u003a" in body or b"\\u003A" in body


def _refuse_duplicates(text: str, path: str) -> None:
    found = first_duplicate(text)
    if found is not None:
        name, first, second = found
        raise duplicate_key(path, name, _offset_position(text, first), _offset_position(text, second))


def _offset_position(text: str, offset: int) -> tuple[int, int]:
    return text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)


#: member names longer than this are cut short in messages
SHOWN_NAME = 60


def shown_name(name: str) -> str:
    """A member name as a message shows it: quoted, cut short, lone surrogates escaped."""
    import json

    short = name if len(name) <= SHOWN_NAME else name[:SHOWN_NAME] + "…"
    return printable(json.dumps(short, ensure_ascii=False))


def printable(text: str) -> str:
    """``text`` with lone surrogates written as escapes, so that it can always be printed."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def duplicate_key(path: str, name: str, first: tuple[int, int], second: tuple[int, int]) -> InputError:
    """The error for an object naming a member twice: which of the two holds is a guess."""
    if first[0] != second[0]:
        where = f"lines {first[0]} and {second[0]}"
    else:
        where = f"line {first[0]}, columns {first[1]} and {second[1]}"
    return InputError(path, f"duplicate key {shown_name(name)} ({where}): the document is ambiguous", *second)


def _lone_surrogate(escape: str) -> str:
    shown = escape.lower() if escape.startswith("\\u") else printable(escape[:1])
    return f"lone surrogate {shown} in a string: not valid Unicode text"


def load_yaml(data: bytes, path: str) -> Source:
    """Parse YAML with ruamel.yaml's round-trip loader (positions kept).

    Error messages are made of the problem's kind and place only: ruamel's own messages quote
    the document (a duplicate key's two values, an alias's name), and a document may be a
    secrets file.
    """
    _check_size(len(data.strip()), path)
    text = _decode(data, path)
    import warnings

    from ruamel.yaml import YAML
    from ruamel.yaml.error import MarkedYAMLError

    yaml = YAML(typ="rt")
    yaml.Constructor = _constructor()
    try:
        with warnings.catch_warnings():  # ruamel warns of a reused anchor by quoting the document
            warnings.simplefilter("ignore")
            tree = yaml.load(text)
    except _DuplicateKey as duplicate:
        raise duplicate_key(path, duplicate.name, duplicate.first, duplicate.second) from None
    except MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        problem = _without_values(error.problem or error.context or "")
        line, column = (mark.line + 1, mark.column + 1) if mark is not None else (None, None)
        raise InputError(path, f"invalid YAML: {problem or 'syntax error'}", line, column) from None
    except RecursionError:
        raise InputError(path, "nesting is too deep to load; refusing") from None
    except Exception as error:  # noqa: BLE001 (a tag's constructor may fail in any way)
        raise InputError(path, f"invalid YAML: {_without_values(str(error)) or type(error).__name__}") from None
    if tree is None:
        raise InputError(path, "empty document: expected a JSON or YAML schema")
    locator = TreeLocator(tree)
    data_tree = to_json_data(tree, path)
    if "\\u" in text or "\\U" in text:  # the only escapes that can make a lone surrogate
        refuse_lone_surrogates(data_tree, path, locator)
    return Source(path, data_tree, "yaml", locator, text)


class _DuplicateKey(Exception):
    """A mapping names a key twice: the name and where both are (1-based line, column)."""

    def __init__(self, name: str, first: tuple[int, int], second: tuple[int, int]) -> None:
        super().__init__(name, first, second)
        self.name, self.first, self.second = name, first, second


@cache
def _constructor() -> type:
    """ruamel's round-trip constructor, refusing a duplicate key without quoting values."""
    from ruamel.yaml.constructor import RoundTripConstructor

    class Constructor(RoundTripConstructor):
        def check_mapping_key(self, node: Any, key_node: Any, mapping: Any, key: Any, value: Any) -> bool:
            if key not in mapping:
                return True
            mark = key_node.start_mark
            line, column = mapping.lc.data.get(key, (mark.line, mark.column))[:2]
            raise _DuplicateKey(_text_key(key), (line + 1, column + 1), (mark.line + 1, mark.column + 1))

    return Constructor


#: a quoted piece of a message: ruamel quotes what it found in the document this way
_QUOTED = re.compile(r"""\s*(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")""")
#: quoted pieces that are part of the message itself: a token's kind, one character
_KEPT = re.compile(r"""\s*(['"])(?:<[a-z ]+>|[^'"\\]|\\[a-z]|\\x[0-9a-f]{2})\1""")


def _without_values(problem: str) -> str:
    """The first line of a YAML problem without what it quotes from the document (a value, an
    alias, a tag), keeping token kinds (``'<block end>'``) and single characters."""
    lines = [line for line in problem.splitlines() if line.strip()]
    first = lines[0] if lines else ""
    kept = _QUOTED.sub(lambda m: m.group(0) if _KEPT.fullmatch(m.group(0)) else "", first)
    return printable(" ".join(kept.split()).rstrip(" :,"))


def refuse_lone_surrogates(data: Any, path: str, locator: Locator | None = None) -> None:
    """Raise :class:`InputError` at the first string (a member name or a value) of ``data``
    holding a lone surrogate: such a string is not Unicode text and cannot be written out."""
    try:
        orjson.dumps(data)  # at C speed; it refuses lone surrogates, but also deep or odd values
        return
    except TypeError:
        pass
    parts = _lone_surrogate_at(data)
    if parts is None:
        return
    at, char = parts
    line, column = locator.locate([at]).get(at, (None, None)) if locator is not None else (None, None)
    raise InputError(path, _lone_surrogate(f"\\u{ord(char):04x}"), line, column)


def _lone_surrogate_at(data: Any) -> tuple[tuple[Any, ...], str] | None:
    """Where the first lone surrogate of ``data`` is, in document order (its pointer's parts),
    and which it is."""
    # Each entry: (a value, its pointer's parts, whether its parts end with a member name to check)
    stack: list[tuple[Any, tuple[Any, ...], bool]] = [(data, (), False)]
    while stack:
        value, parts, named = stack.pop()
        if named and isinstance(parts[-1], str) and (found := _SURROGATE.search(parts[-1])) is not None:
            return parts, found.group(0)
        if isinstance(value, str):
            if (found := _SURROGATE.search(value)) is not None:
                return parts, found.group(0)
        elif isinstance(value, dict):
            stack.extend((item, (*parts, key), True) for key, item in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((value[index], (*parts, index), False) for index in range(len(value) - 1, -1, -1))
    return None


_SURROGATE = re.compile("[\ud800-\udfff]")


def to_json_data(tree: Any, path: str) -> Any:
    """Plain JSON data from a YAML tree, refusing alias bombs, absurd depth and two keys that
    read as the same member name (``1`` and ``"1"``)."""
    import datetime

    budget = MAX_NODES
    root: list[Any] = [None]
    # Each entry: (source value, container to fill, key or index in it, depth)
    stack: list[tuple[Any, Any, Any, int]] = [(tree, root, 0, 0)]
    while stack:
        value, into, slot, depth = stack.pop()
        budget -= 1
        if budget < 0:
            raise InputError(path, f"document expands to more than {MAX_NODES:,} values (a YAML alias bomb?)")
        if depth > MAX_DEPTH:
            raise InputError(path, f"nesting is deeper than {MAX_DEPTH} levels; refusing to load")
        if isinstance(value, dict):
            out: Any = {}
            for key, item in value.items():
                stack.append((item, out, _text_key(key), depth + 1))
            # dict insertion order must follow the source: fill keys now, values later
            for key in value:
                name = _text_key(key)
                if name in out:
                    raise _same_name(path, value, name, key)
                out[name] = None
        elif isinstance(value, list):
            out = [None] * len(value)
            for index, item in enumerate(value):
                stack.append((item, out, index, depth + 1))
        elif isinstance(value, (datetime.date, datetime.datetime)):
            out = value.isoformat()
        elif isinstance(value, bool) or value is None or isinstance(value, (int, float, str)):
            out = _plain_scalar(value)
        else:
            out = str(value)
        into[slot] = out
    return root[0]


def _same_name(path: str, mapping: Any, name: str, second: Any) -> InputError:
    first = next(key for key in mapping if _text_key(key) == name)
    lc = getattr(mapping, "lc", None)
    if lc is None:
        return InputError(path, f"duplicate key {shown_name(name)}: the document is ambiguous")
    (line1, column1), (line2, column2) = lc.key(first), lc.key(second)
    return duplicate_key(path, name, (line1 + 1, column1 + 1), (line2 + 1, column2 + 1))


def _plain_scalar(value: Any) -> Any:
    # ruamel's round-trip scalars subclass the builtins; give back the plain types
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    return str(value)


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
    return load_yaml(data, path) if format == "yaml" else load_json(data, path)


#: what a file that is not a regular file is, by the test on its mode
_SPECIAL_KINDS = (
    (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a directory"),
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
            if status.st_size > MAX_BYTES:
                _check_size(status.st_size, name)
            data = handle.read(MAX_BYTES + 1)  # bounded: a file may grow while it is read
    except FileNotFoundError:
        raise InputError(name, "no such file") from None
    except PermissionError:
        raise InputError(name, "permission denied") from None
    except OSError as error:
        raise InputError(name, f"cannot read: {error.strerror or error}") from None
    if len(data) > MAX_BYTES:
        raise InputError(name, f"more than the limit of {MAX_BYTES:,} bytes; stopped reading")
    return data


def load_path(path: str | os.PathLike[str], display: str | None = None) -> Source:
    """Load a schema file (a regular file: see :func:`read_regular`); any problem becomes an
    :class:`InputError`."""
    name = display if display is not None else os.fspath(path)
    return load_bytes(read_regular(path, name), name)
