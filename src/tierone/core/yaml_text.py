"""YAML text to a :class:`~tierone.core.source.Source` through ruamel.yaml's round-trip loader
(imported only for YAML; it keeps positions). Messages never quote the document: it may be a
secrets file."""

from __future__ import annotations

import re
import sys
from functools import cache
from typing import Any

from .errors import InputError
from .positions import TreeLocator, _text_key
from .source import (
    MAX_DEPTH,
    MAX_NODES,
    Source,
    check_size,
    decode,
    duplicate_key,
    printable,
    require_json_data,
    shown_name,
)


def load_yaml(data: bytes, path: str) -> Source:
    """Parse YAML with ruamel.yaml's round-trip loader (positions kept).

    Error messages are made of the problem's kind and place only: ruamel's own messages quote
    the document (a duplicate key's two values, an alias's name), and a document may be a
    secrets file.
    """
    check_size(len(data.strip()), path)
    text = decode(data, path)
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
    except ValueError as error:
        if "integer string conversion" not in str(error):
            raise InputError(path, f"invalid YAML: {_without_values(str(error)) or type(error).__name__}") from None
        raise InputError(
            path, f"an integer of more than {sys.get_int_max_str_digits():,} digits; refusing to load"
        ) from None
    except Exception as error:  # noqa: BLE001 (a tag's constructor may fail in any way)
        raise InputError(path, f"invalid YAML: {_without_values(str(error)) or type(error).__name__}") from None
    if tree is None:
        raise InputError(path, "empty document: expected a JSON or YAML schema")
    locator = TreeLocator(tree)
    data_tree = to_json_data(tree, path)
    if "\\u" in text or "\\U" in text:  # the only escapes that can make a lone surrogate
        require_json_data(data_tree, path, locator)
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


def to_json_data(tree: Any, path: str) -> Any:
    """Plain JSON data from a YAML tree, refusing alias bombs, absurd depth, two keys that
    read as the same member name (``1`` and ``"1"``) and numbers JSON does not have (``.inf``,
    ``.nan``: JSON text past a double is refused alike)."""
    import datetime

    budget = MAX_NODES
    root: list[Any] = [None]
    # Each entry: (source value, container to fill, key or index in it, depth, source container)
    stack: list[tuple[Any, Any, Any, int, Any]] = [(tree, root, 0, 0, None)]
    while stack:
        value, into, slot, depth, parent = stack.pop()
        budget -= 1
        if budget < 0:
            raise InputError(path, f"document expands to more than {MAX_NODES:,} values (a YAML alias bomb?)")
        if depth > MAX_DEPTH:
            raise InputError(path, f"nesting is deeper than {MAX_DEPTH} levels; refusing to load")
        if isinstance(value, dict):
            out: Any = {}
            for key, item in reversed(list(value.items())):  # taken from the stack in document order
                stack.append((item, out, _text_key(key), depth + 1, (value, key)))
            # dict insertion order must follow the source: fill keys now, values later
            for key in value:
                name = _text_key(key)
                if name in out:
                    raise _same_name(path, value, name, key)
                out[name] = None
        elif isinstance(value, list):
            out = [None] * len(value)
            for index in range(len(value) - 1, -1, -1):
                stack.append((value[index], out, index, depth + 1, (value, index)))
        elif isinstance(value, (datetime.date, datetime.datetime)):
            out = value.isoformat()
        elif isinstance(value, bool) or value is None or isinstance(value, (int, float, str)):
            out = _plain_scalar(value)
            if out.__class__ is float and out - out != 0:  # inf - inf is nan
                raise InputError(path, "a number that is not finite (infinity or NaN): not JSON", *_value_place(parent))
        else:
            out = str(value)
        into[slot] = out
    return root[0]


def _value_place(parent: Any) -> tuple[int | None, int | None]:
    """The 1-based line and column of the value ``parent`` (its container, its key or index)
    names in the round-trip tree; none at the root."""
    container, key = parent if parent is not None else (None, None)
    lc = getattr(container, "lc", None)
    try:
        line, column = lc.value(key) if isinstance(container, dict) else lc.item(key)  # type: ignore[union-attr]
    except (AttributeError, KeyError, IndexError, TypeError):
        return None, None
    return line + 1, column + 1


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
