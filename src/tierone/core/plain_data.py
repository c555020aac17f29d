"""JSON data handed over from Python, made what loading makes of JSON text: every object a
``dict`` and every array a ``list``. The walkers, the linter's checks and the rewriter's passes
read those two alone; an ``OrderedDict`` or a ``MappingProxyType`` read as something else
would be judged as no schema at all (a root taken for free-form data), and a ``tuple`` of
``enum`` values or of ``required`` names as no list."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def plain(data: Any) -> Any:
    """``data`` with every mapping a ``dict`` and every list or tuple a ``list`` (scalars as
    they are): ``data`` itself when it is so already (the usual case: nothing is copied), else
    a copy. ``data`` has been held to loading's limits (no container holds itself)."""
    return data if _is_plain(data) else _converted(data)


def _is_plain(data: Any) -> bool:
    """Whether every container of ``data`` is a ``dict`` or a ``list``, at any depth."""
    stack = [data]
    pop, push = stack.pop, stack.extend
    while stack:
        value = pop()
        kind = value.__class__
        if kind is dict:
            push(value.values())
        elif kind is list:
            push(value)
        elif isinstance(value, (Mapping, list, tuple)):
            return False
    return True


def _converted(data: Any) -> Any:
    """A copy of ``data`` whose containers are all ``dict`` and ``list`` (made without
    recursion: the data may nest as deep as loading allows)."""
    top: list[Any] = [None]
    # each entry: a value to copy, and the container and slot its copy goes into
    stack: list[tuple[Any, Any, Any]] = [(data, top, 0)]
    while stack:
        value, into, slot = stack.pop()
        if isinstance(value, Mapping):
            copy: Any = dict.fromkeys(value)
            stack.extend((item, copy, key) for key, item in value.items())
        elif isinstance(value, (list, tuple)):
            copy = [None] * len(value)
            stack.extend((item, copy, index) for index, item in enumerate(value))
        else:
            copy = value
        into[slot] = copy
    return top[0]
