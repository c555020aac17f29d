"""JSON data handed over from Python, made what loading makes of JSON text: every object a
``dict`` with string member names, every array a ``list``, every number finite. The walkers,
the linter's checks and the rewriter's passes read those alone: an ``OrderedDict`` or a
``MappingProxyType`` read as something else was judged as no schema at all (a root taken for
free-form data), a ``tuple`` of ``enum`` values or of ``required`` names as no list; and a
value JSON has no spelling for (``NaN``, a ``Decimal``, a ``date``, a ``set``) made a rendition
that cannot be written out. Those are refused with where they stand, as loading refuses text
that is not JSON."""

from __future__ import annotations

import math
from collections.abc import Mapping
from enum import Enum
from typing import Any

import orjson

from .errors import InputError
from .pointer import Pointer
from .source import require_json_data

#: what orjson hands back rather than writing it as JSON (a subclass of dict, list, str or int,
#: a date or time, a dataclass): the data then takes the careful way
_ONLY_JSON = orjson.OPT_PASSTHROUGH_SUBCLASS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS
#: what JSON data is made of
_WHAT_JSON_HOLDS = "JSON holds objects, arrays, strings, finite numbers, true, false and null"


def plain(data: Any, path: str) -> Any:
    """``data`` held to what loading accepts (:func:`~.source.require_json_data`), as plain
    JSON data: ``data`` itself when it is so (the usual case, told at C speed: nothing is
    copied), else a copy with every mapping a ``dict``, every list or tuple a ``list`` and
    every subclass of a JSON type (an ``OrderedDict``, a ``str`` enumeration) or ``Enum``
    member its plain value. :class:`InputError` (shown as ``path``) at the first value JSON
    cannot hold (one of them, where several are)."""
    try:
        if orjson.loads(orjson.dumps(data, option=_ONLY_JSON)) == data:  # NaN comes back as null: unequal
            return data
    except TypeError:  # not written: a value of another type, a name that is no string, a lone surrogate, ...
        pass
    require_json_data(data, path)  # a container that holds itself, nesting past the limit, a lone surrogate
    return _converted(data, path)


def _converted(data: Any, path: str) -> Any:
    """A copy of ``data`` made of plain JSON values (without recursion: the data may nest as
    deep as loading allows)."""
    top: list[Any] = [None]
    # each entry: a value to copy, the container and slot its copy goes into, and its place
    stack: list[tuple[Any, Any, Any, tuple[Any, ...]]] = [(data, top, 0, ())]
    while stack:
        value, into, slot, parts = stack.pop()
        if isinstance(value, Enum):
            value = value.value
        if isinstance(value, Mapping):
            names = [_name(name, parts, path) for name in value]
            copy: Any = dict.fromkeys(names)
            stack.extend((item, copy, name, (*parts, name)) for name, item in zip(names, value.values(), strict=True))
        elif isinstance(value, (list, tuple)):
            copy = [None] * len(value)
            stack.extend((item, copy, index, (*parts, index)) for index, item in enumerate(value))
        elif value is None or isinstance(value, bool):
            copy = value
        elif isinstance(value, str):
            copy = "" + value  # a subclass's plain text
        elif isinstance(value, int):
            copy = int(value)
        elif isinstance(value, float) and math.isfinite(value):
            copy = float(value)
        else:
            said = _NOT_FINITE.get(repr(value), "a number") if isinstance(value, float) else _kind(value)
            raise InputError(path, f"{_place(parts)}: {said} is not JSON data ({_WHAT_JSON_HOLDS})")
        into[slot] = copy
    return top[0]


def _name(name: Any, parts: tuple[Any, ...], path: str) -> str:
    """A member name as plain text; :class:`InputError` where it is no string."""
    if isinstance(name, Enum):
        name = name.value
    if not isinstance(name, str):
        raise InputError(path, f"{_place(parts)}: a member name is {_kind(name)}, not a string")
    return "" + name


def _place(parts: tuple[Any, ...]) -> str:
    return f"at {Pointer(parts)}" if parts else "at the root"


def _kind(value: Any) -> str:
    return f"a value of type {type(value).__name__}"


#: how JSON's neighbours spell the floats it has no spelling for
_NOT_FINITE = {"nan": "NaN", "inf": "Infinity", "-inf": "-Infinity"}
