"""Judging with room for any depth that loading accepts: in a thread with a large stack and a
recursion limit of :data:`FRAMES`; values and schemas deeper than :data:`MAX_JUDGED_DEPTH` are
:class:`~tierone.core.validation.TooDeep`, and so is an evaluation that needs more frames, unless
the schema's references loop without consuming input
(:class:`~tierone.core.validation.ReferenceLoop`)."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from .source import MAX_DEPTH
from .validation import (
    IN_PLACE,
    REFERENCE_KEYWORDS,
    CannotJudge,
    ReferenceLoop,
    TooDeep,
    _scopes,
    dialect,
    everything,
)

#: values and schemas nested deeper than this are not judged (loading accepts at most ~MAX_DEPTH)
MAX_JUDGED_DEPTH = 2 * MAX_DEPTH
#: the interpreter's recursion limit while judging: room for MAX_JUDGED_DEPTH levels with many
#: frames each (a $ref, an anyOf and a properties per level take about eight)
FRAMES = 50 * MAX_DEPTH
#: the stack of the judging thread: ample for FRAMES frames, even those that pass through C
STACK_BYTES = 256 * 1024 * 1024

T = TypeVar("T")


def depth_over(value: Any, limit: int = MAX_JUDGED_DEPTH) -> bool:
    """Whether containers nest more than ``limit`` deep in ``value``."""
    stack = [(value, 0)]
    while stack:
        here, depth = stack.pop()
        if isinstance(here, (dict, list)):
            if depth >= limit:
                return True
            stack.extend((v, depth + 1) for v in (here.values() if isinstance(here, dict) else here))
    return False


def loop_at(schema: Any) -> str | None:
    """The pointer where ``schema``'s references lead back without consuming input, if they do."""
    from referencing.exceptions import Unresolvable

    if not isinstance(schema, dict):
        return None
    cls = dialect(schema)
    keywords = [k for k in REFERENCE_KEYWORDS if k in cls.VALIDATORS]
    resolvers = {id(node): resolver for _, node, resolver in _scopes(schema, cls)}
    places = {id(v): p for p, v in everything(schema) if isinstance(v, dict)}

    def edges(node: Any) -> Iterator[Any]:
        if not isinstance(node, dict):
            return
        resolver = resolvers.get(id(node))
        for keyword in keywords:
            if isinstance(node.get(keyword), str) and resolver is not None:
                try:
                    yield resolver.lookup("#" if keyword == "$recursiveRef" else node[keyword]).contents
                except (Unresolvable, TypeError, AttributeError):  # or a subschema of a shape the crawl trips on
                    pass  # (`oneOf: false`): no edge followed there
        for keyword in IN_PLACE:
            value = node.get(keyword)
            if isinstance(value, list):
                yield from value
            elif isinstance(value, dict) and keyword in ("dependentSchemas", "dependencies"):
                yield from value.values()
            elif value is not None:
                yield value

    state: dict[int, bool] = {}  # False: on the current path; True: done
    stack = [(schema, edges(schema))]
    state[id(schema)] = False
    while stack:
        node, children = stack[-1]
        child = next(children, None)
        if child is None:
            state[id(node)] = True
            stack.pop()
        elif isinstance(child, dict):
            seen = state.get(id(child))
            if seen is False:
                return str(places.get(id(child), ""))
            if seen is None:
                state[id(child)] = False
                stack.append((child, edges(child)))
    return None


_room = threading.Lock()
_deep_calls = [0, 0]  # [calls running, the recursion limit before the first]


def deeply(function: Callable[..., T], *args: Any) -> T:
    """``function(*args)`` with room for deep evaluation and a fresh pattern budget: run in a
    thread with a :data:`STACK_BYTES` stack and a recursion limit of :data:`FRAMES`."""
    from .patterns import start_budget

    outcome: list[Any] = []

    def run() -> None:
        start_budget()
        try:
            outcome.append((True, function(*args)))
        except BaseException as error:  # noqa: BLE001 (handed back to the caller's thread)
            outcome.append((False, error))

    with _room:
        if _deep_calls[0] == 0:
            _deep_calls[1] = sys.getrecursionlimit()
            sys.setrecursionlimit(max(_deep_calls[1], FRAMES))
        _deep_calls[0] += 1
        size = threading.stack_size(STACK_BYTES)
        try:
            worker = threading.Thread(target=run, name="tierone-judge", daemon=True)
            worker.start()
        finally:
            threading.stack_size(size)
    try:
        worker.join()
    finally:
        with _room:
            _deep_calls[0] -= 1
            if _deep_calls[0] == 0:
                sys.setrecursionlimit(_deep_calls[1])
    ok, value = outcome[0]
    if not ok:
        raise value
    return value  # type: ignore[no-any-return]


def too_deep(schema: Any, owner: str = "the schema's") -> CannotJudge:
    """What a RecursionError while judging against ``schema`` means: a loop, or too deep."""
    pointer = loop_at(schema)
    if pointer is not None:
        return ReferenceLoop(pointer, owner)
    return TooDeep(
        f"too deep: judging this value against {owner.removesuffix(_POSSESSIVE)} needs more than "
        f"{FRAMES:,} levels of evaluation"
    )


_POSSESSIVE = "'s"


class OutOfRoom:
    """What :func:`within_room` returns when the stack ran out (a value no call returns)."""

    __slots__ = ()


#: the one :class:`OutOfRoom`
OUT_OF_ROOM = OutOfRoom()


def out_of_room(error: BaseException) -> bool:
    """A :class:`RecursionError`, or what a Rust extension makes of one raised inside it: the
    reference registry's map (``rpds``, under ``referencing``) turns a RecursionError met in
    its own look-up into pyo3's ``PanicException`` (a ``BaseException``), depending only on
    where the stack ran out."""
    if isinstance(error, RecursionError):
        return True
    return type(error).__name__ == "PanicException" and "RecursionError" in str(error)


def within_room(function: Callable[..., T], *args: Any) -> T | OutOfRoom:
    """``function(*args)``, or :data:`OUT_OF_ROOM` when the stack ran out on the way (see
    :func:`out_of_room`; anything else raised goes through). The caller then tries again where
    there is room (:func:`deeply`) or says what ran out; it does so outside this frame, so the
    retry starts from the caller's depth with no exception in flight."""
    try:
        return function(*args)
    except BaseException as error:  # only running out of room is caught
        if not out_of_room(error):
            raise
    return OUT_OF_ROOM
