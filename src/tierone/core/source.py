"""What every loader shares: the limits on inputs, the loaded :class:`Source`, decoding and
size checks, the messages for duplicate keys and lone surrogates, and two process settings for
working on loaded trees (room for recursion as deep as loading allows, fewer garbage-collector
passes while a batch of inputs runs)."""

import gc
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any, NamedTuple

import orjson

from .errors import InputError
from .positions import Locator, NoLocator

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
    #: the file findings are placed in when it is not ``path`` (a model's source file)
    file: str | None = None


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


def decode(data: bytes, path: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line, column = _position(data, error.start)
        raise InputError(path, f"not valid UTF-8 (byte 0x{data[error.start]:02x})", line, column) from None


def check_size(size: int, path: str) -> None:
    if size == 0:
        raise InputError(path, "empty file: expected a JSON or YAML schema")
    if size > MAX_BYTES:
        raise InputError(path, f"file is {size:,} bytes; the limit is {MAX_BYTES:,} bytes")


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


def lone_surrogate(escape: str) -> str:
    shown = escape.lower() if escape.startswith("\\u") else printable(escape[:1])
    return f"lone surrogate {shown} in a string: not valid Unicode text"


def require_json_data(data: Any, path: str, locator: Locator | None = None) -> None:
    """Raise :class:`InputError` unless ``data`` is JSON data as loading accepts it: at the
    first string (a member name or a value) holding a lone surrogate (such a string is not
    Unicode text and cannot be written out), and for data handed over from Python, past
    :data:`MAX_DEPTH` levels or :data:`MAX_NODES` values (a container that holds itself, which
    no JSON text can make, is refused as one)."""
    try:
        orjson.dumps(data)  # at C speed; it refuses lone surrogates, but also deep or odd values
        return
    except TypeError:
        pass
    parts = _lone_surrogate_at(data, path)
    if parts is None:
        return
    at, char = parts
    line, column = locator.locate([at]).get(at, (None, None)) if locator is not None else (None, None)
    raise InputError(path, lone_surrogate(f"\\u{ord(char):04x}"), line, column)


def first_lone_surrogate(data: Any) -> tuple[tuple[Any, ...], str] | None:
    """Where the first lone surrogate of ``data`` is (in a member name or a string, in document
    order: its pointer's parts), and which it is, at any depth; None when there is none. Data
    that loading read holds none; data decoded from it (a JSON-encoded member) may."""
    try:
        orjson.dumps(data)  # at C speed; it refuses lone surrogates, but also deep or odd values
        return None
    except TypeError:
        return _lone_surrogate_at(data, "", limited=False)


def _lone_surrogate_at(data: Any, path: str, limited: bool = True) -> tuple[tuple[Any, ...], str] | None:
    """Where the first lone surrogate of ``data`` is, in document order (its pointer's parts),
    and which it is; when ``limited``, :class:`InputError` past :data:`MAX_DEPTH` levels or
    :data:`MAX_NODES` values."""
    # Each entry: (a value, its pointer's parts, whether its parts end with a member name to check)
    stack: list[tuple[Any, tuple[Any, ...], bool]] = [(data, (), False)]
    budget = MAX_NODES
    while stack:
        value, parts, named = stack.pop()
        budget -= 1
        if budget < 0 and limited:
            raise InputError(path, f"the data holds more than {MAX_NODES:,} values; refusing to read it")
        if named and isinstance(parts[-1], str) and (found := _surrogate().search(parts[-1])) is not None:
            return parts, found.group(0)
        if isinstance(value, str):
            if (found := _surrogate().search(value)) is not None:
                return parts, found.group(0)
        elif isinstance(value, (dict, list)) and len(parts) >= MAX_DEPTH and limited:
            itself = " (a container that holds itself)" if _holds_itself(data) else ""
            raise InputError(path, f"nesting is deeper than {MAX_DEPTH} levels{itself}; refusing to read it")
        elif isinstance(value, dict):
            stack.extend((item, (*parts, key), True) for key, item in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((value[index], (*parts, index), False) for index in range(len(value) - 1, -1, -1))
    return None


def _holds_itself(data: Any) -> bool:
    """Whether a dict or list of ``data`` contains itself, at any depth."""
    done: set[int] = set()
    on_path: set[int] = set()
    stack: list[tuple[Any, bool]] = [(data, False)]
    while stack:
        value, leaving = stack.pop()
        if leaving:
            on_path.discard(id(value))
            done.add(id(value))
            continue
        if not isinstance(value, (dict, list)) or id(value) in done:
            continue
        if id(value) in on_path:
            return True
        on_path.add(id(value))
        stack.append((value, True))
        stack.extend((item, False) for item in (value.values() if isinstance(value, dict) else value))
    return False


@cache
def _surrogate() -> re.Pattern[str]:
    return re.compile("[\ud800-\udfff]")  # compiled when first needed (a file name or text to check)
