"""New trees made from a schema, sharing with it every subtree they leave as it is: a
transform of every subschema (children first), a replacement at given places, and a
detached copy. Where subschemas stand is the walker's data (:mod:`.walker`)."""

from collections.abc import Mapping, Sequence
from typing import Any

from .pointer import ROOT, Pointer
from .walker import _LEAF, IN_ARRAY, IN_MAPPING, IN_VALUE, SUBSCHEMA_KEYWORDS

_new = tuple.__new__


def transform(
    schema: Any,
    replace: Any,
    pointer: Pointer = ROOT,
    only: frozenset[str] | None = None,
    records: Sequence[list[Any]] | None = None,
) -> Any:
    """A new tree: every subschema rebuilt children-first, then passed to
    ``replace(node, pointer)``, which returns the node to put in its place.

    The input is never mutated, and ``replace`` must not mutate what it is given either:
    a subtree in which nothing was replaced is handed on as it is, shared with the input,
    rather than copied. Key order is kept. Recursion follows the schema's nesting, which
    loading caps at 1,000 levels. ``only``: ``replace`` is handed only the objects holding one
    of these keys (it leaves every other node as it is), and pointers are built for those alone.
    ``records``: the lists ``replace`` appends what it finds to (each entry a :class:`Pointer`
    or a named tuple whose ``pointer`` says where), given when ``replace`` decides by the node
    alone, never by its pointer, and records only at or under the pointer it is handed. A
    subtree met a third time or more (the same object at many places, as a pass that copies
    shares it) then takes the result of its second meeting, shared, and what that recorded is
    recorded again at the new place, in the order a transform without records would have
    recorded it (a node met once costs a note of its id alone).
    """
    if records is None:
        return _transformed(schema, replace, tuple(pointer), only, None)
    return _remembered(schema, replace, tuple(pointer), only, _Memo(records))


class _Memo:
    """What a transform with ``records`` did to each object node it met more than once, by the
    node's id: the node, its result, its path, and where what it recorded begins and ends in
    each list."""

    __slots__ = ("done", "records")

    def __init__(self, records: Sequence[list[Any]]) -> None:
        self.records = records
        # None: met once (the input holds it alive: no other node takes its id)
        self.done: dict[int, tuple[Any, Any, tuple[Any, ...], tuple[int, ...], tuple[int, ...]] | None] = {}

    def again(
        self, kept: tuple[Any, Any, tuple[Any, ...], tuple[int, ...], tuple[int, ...]], path: tuple[Any, ...]
    ) -> Any:
        """The result ``kept`` for a node, with what it recorded recorded again at ``path``."""
        _, result, first, begun, ended = kept
        cut = len(first)
        for found, start, end in zip(self.records, begun, ended, strict=True):
            for entry in found[start:end]:
                found.append(_moved(entry, path, cut))
        return result


def _moved(entry: Any, path: tuple[Any, ...], cut: int) -> Any:
    """``entry`` (a pointer, or a named tuple with one) placed under ``path`` in place of the
    first ``cut`` segments of its pointer."""
    if isinstance(entry, Pointer):
        return _new(Pointer, path + entry[cut:])
    return entry._replace(pointer=_new(Pointer, path + entry.pointer[cut:]))


def _transformed(
    schema: Any, replace: Any, path: tuple[Any, ...], only: frozenset[str] | None, memo: _Memo | None
) -> Any:
    """:func:`transform` of the node at ``path`` (made a :class:`Pointer` for ``replace`` alone).
    A leaf (an object holding no subschema, or any other value) is handed to ``replace`` by its
    container, without a call of its own; one ``only`` passes by is left as it is."""
    if not isinstance(schema, dict):
        return schema if only is not None else replace(schema, _new(Pointer, path))
    rebuilt: dict[str, Any] | None = None
    step: Any = _transformed if memo is None else _remembered
    entries: Any
    for key, value in schema.items() if not _LEAF(schema) else ():
        if key not in SUBSCHEMA_KEYWORDS:
            continue
        if key in IN_MAPPING and isinstance(value, dict):
            entries, names = value.items(), key == "dependencies"
        elif key in IN_ARRAY and isinstance(value, list):
            entries, names = enumerate(value), False
        elif key in IN_VALUE:
            if only is not None and (not isinstance(value, dict) or (_LEAF(value) and only.isdisjoint(value))):
                continue
            new = step(value, replace, path + (key,), only, memo)
            if new is not value:
                if rebuilt is None:
                    rebuilt = dict(schema)
                rebuilt[key] = new
            continue
        else:
            continue
        copied: Any = None
        base = path + (key,)
        for slot, sub in entries:
            if isinstance(sub, dict):
                if not _LEAF(sub):
                    out = step(sub, replace, base + (slot,), only, memo)
                elif only is None or not only.isdisjoint(sub):
                    # (with records, a leaf met a third time takes its second result too)
                    out = (
                        replace(sub, _new(Pointer, base + (slot,)))
                        if memo is None
                        else step(sub, replace, base + (slot,), only, memo)
                    )
                else:
                    continue
            elif only is not None or (names and isinstance(sub, list)):
                continue  # (the draft-07 "required" form of dependencies holds names, not schemas)
            else:
                out = replace(sub, _new(Pointer, base + (slot,)))
            if out is not sub:
                if copied is None:
                    copied = value.copy()
                copied[slot] = out
        if copied is not None:
            if rebuilt is None:
                rebuilt = dict(schema)
            rebuilt[key] = copied
    if rebuilt is not None:
        schema = rebuilt
    if only is not None and only.isdisjoint(schema):
        return schema
    return replace(schema, _new(Pointer, path))


def _remembered(schema: Any, replace: Any, path: tuple[Any, ...], only: frozenset[str] | None, memo: _Memo) -> Any:
    """:func:`_transformed`, where an object node met a third time or more takes the result of
    its second, with what it recorded recorded again at ``path`` (a node met once, as most are,
    costs a note of its id alone)."""
    if schema.__class__ is not dict:
        return _transformed(schema, replace, path, only, memo)
    done = memo.done
    kept = done.get(key := id(schema), _UNSEEN)
    if kept is _UNSEEN:  # met first: noted
        done[key] = None
        return _transformed(schema, replace, path, only, memo)
    if kept is not None:
        return memo.again(kept, path)
    begun = tuple(map(len, memo.records))  # met again: what it does is kept
    result = _transformed(schema, replace, path, only, memo)
    done[key] = (schema, result, path, begun, tuple(map(len, memo.records)))
    return result


#: a node the transform has not met
_UNSEEN: Any = object()


def replaced(schema: Any, new: Mapping[Pointer, Any]) -> Any:
    """A new tree: ``schema`` with the node at each pointer of ``new`` (none inside another)
    replaced by its value. Only the objects and arrays on the way to a replaced node are
    copied; the rest is shared with the input, which is never mutated (as with
    :func:`transform`, at the cost of the paths alone)."""
    if ROOT in new:
        return new[ROOT]
    copies: dict[tuple[Any, ...], Any] = {}
    for pointer, value in new.items():
        node = copies.get(())
        path: tuple[Any, ...] = ()
        if node is None:
            node = copies[()] = schema.copy()
        for segment in pointer[:-1]:
            path = (*path, segment)
            copy = copies.get(path)
            if copy is None:
                copy = copies[path] = node[segment].copy()
                node[segment] = copy
            node = copy
        node[pointer[-1]] = value
    return copies[()]


def detached(value: Any) -> Any:
    """An independent copy of JSON data (every object and array new, scalars shared): what a
    function that built its result with :func:`transform` returns, so that the caller may
    change the result without touching the input."""
    if isinstance(value, dict):
        return {key: detached(item) for key, item in value.items()}
    if isinstance(value, list):
        return [detached(item) for item in value]
    return value
