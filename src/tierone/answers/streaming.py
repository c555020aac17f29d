"""An answer read while it streams: the text fed in chunks, the partial answer so far in the
ORIGINAL's meaning after each one, and at the end the same result (and errors) as reading the
whole text at once.

The text is parsed once, as it comes. Each container whose plan only maps members and items
(no union, no encoded or gathered members, no wrapper of its own) is opened as a frame, and
each value complete inside it is read once through its plan and put in place: null of an
optional member as absent, an encoded member decoded once its string is complete. The value
being written shows as far as it goes where it is plain text (a growing string); any other
value (a union, an encoded subtree) shows once complete. The partial is one value that grows
in place: copy it to keep a snapshot.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from pydantic_core import from_json

from ..core.validation import CannotJudge
from ..rewriter.shapes import ROOT_MEMBER
from .decoding import slow_loads
from .reader import Reader, Walk

__all__ = ["Stream"]

_SPACE = re.compile(r"[ \t\n\r]*")
#: the rest of a string after its opening quote, up to its closing one
_STRING_REST = re.compile(r'(?:[^"\\]|\\.)*"', re.DOTALL)
#: a number, true, false or null, up to what ends it
_SCALAR = re.compile(r"[^,\]}\s]*")
#: reads one complete value at an offset, as the whole answer's reading reads it
_DECODER = json.JSONDecoder()
#: what a frame expects next
_KEY, _COLON, _VALUE, _NEXT = range(4)
#: what a stream may wait for (see ``Stream._waiting``)
_WAIT_CLOSE, _AT_ROOT, _STUCK = object(), object(), object()
#: stands for "no plan": the value is its own reading (a free position, or nothing to undo)
_RAW = None
#: a container below the root is read as it comes once its text so far passes this many
#: characters; a smaller one is read whole (at C speed) once complete, and shown then
DESCEND = 256
#: what may end a container
_CLOSERS = ("}", "]")


class _Frame:
    """An open container being read: its value so far (in the original's meaning)."""

    __slots__ = ("array", "expects", "growing", "key", "plan", "value", "where", "wrapper")

    def __init__(self, plan: Any, array: bool, where: Any, wrapper: bool = False) -> None:
        self.plan, self.array, self.where, self.wrapper = plan, array, where, wrapper
        self.value: Any = [] if array else {}
        self.expects = _VALUE if array else _KEY
        self.key: Any = None
        #: whether the last item (array) or the member ``key`` holds a value still being written
        self.growing = False


class Stream:
    """Feed the answer's text as it arrives (:meth:`feed` returns the partial answer so far);
    :meth:`close` returns what reading the whole text returns (or raises what it raises).
    Made by :meth:`tierone.Strict.stream`."""

    def __init__(self, reader: Reader, whole: Callable[[str], Any], strings: bool = True) -> None:
        self._reader, self._whole, self._strings = reader, whole, strings
        self._walk = Walk(reader, True)
        self._parts: list[str] = []
        #: the text not yet consumed, and where the parsing stands in it
        self._text, self._pos = "", 0
        self._stack: list[_Frame] = []
        self._root: Any = None
        self._started = self._closed = False
        #: what the reading waits for: a small container to close (_WAIT_CLOSE, ``_held``
        #: characters of it so far), a string being shown to grow (the frame showing it, or
        #: _AT_ROOT), nothing more (_STUCK: the text is not JSON there, or the stream closed),
        #: or None
        self._waiting: Any = None
        self._held = 0
        #: how many of the parts are in ``_text``
        self._joined = 0

    @property
    def partial(self) -> Any:
        """The answer so far, in the original's meaning (None before anything is read)."""
        return self._root

    def feed(self, chunk: str) -> Any:
        """Take the next piece of the answer's text; the partial answer so far."""
        self._parts.append(chunk)
        waiting = self._waiting
        if waiting is not None:  # the fast ways: nothing to parse yet
            if waiting is _WAIT_CLOSE:
                held = self._held = self._held + len(chunk)
                if held < DESCEND and "}" not in chunk and "]" not in chunk:
                    return self._root  # the container it waits for cannot have closed
            elif waiting is _STUCK:
                if self._closed:
                    self._parts.pop()
                    raise ValueError("this stream is closed: make another with Strict.stream()")
                return self._root
            elif '"' not in chunk and "\\" not in chunk:
                self._grow(waiting, chunk)  # the string being shown goes on
                return self._root
            self._waiting = None
        parts = self._parts
        self._text = self._text[self._pos :] + "".join(parts[self._joined :])
        self._joined, self._pos = len(parts), 0
        self._advance()
        return self._root

    def close(self) -> Any:
        """The whole answer read as :meth:`tierone.Strict.parse` reads it (an instance of the
        model, or the restored data); its :class:`~tierone.StrictError` when it is not valid."""
        self._closed, self._waiting = True, _STUCK
        return self._whole("".join(self._parts))

    # ---- parsing ----------------------------------------------------------------------------

    def _advance(self) -> None:
        text, stack = self._text, self._stack
        pos = _SPACE.match(text, self._pos).end()  # type: ignore[union-attr]
        while pos < len(text):
            if not stack:
                if self._started:
                    break  # past the root: what follows is for close() to judge
                plan = self._reader.root
                pos = self._value(text, pos, None, plan, None)
            else:
                frame = stack[-1]
                char = text[pos]
                if frame.expects == _NEXT:
                    if char == ",":
                        frame.expects, pos = (_VALUE if frame.array else _KEY), pos + 1
                    elif char == ("]" if frame.array else "}"):
                        pos = self._closing(pos)
                    else:
                        self._stop()
                        return
                elif frame.expects == _KEY:
                    if char == "}" and not frame.value and frame.key is None:
                        pos = self._closing(pos)
                    elif char != '"':
                        self._stop()
                        return
                    else:
                        found = _STRING_REST.match(text, pos + 1)
                        if found is None:
                            break
                        frame.key, frame.expects, pos = _DECODER.decode(text[pos : found.end()]), _COLON, found.end()
                elif frame.expects == _COLON:
                    if char != ":":
                        self._stop()
                        return
                    frame.expects, pos = _VALUE, pos + 1
                else:
                    if frame.array and char == "]" and not frame.value:
                        pos = self._closing(pos)
                    else:
                        where = (frame.where, len(frame.value) - frame.growing if frame.array else frame.key)
                        pos = self._value(text, pos, frame, self._plan_in(frame), where)
            if pos < 0:
                break
            pos = _SPACE.match(text, pos).end()  # type: ignore[union-attr]
        self._pos = pos if pos >= 0 else self._pos

    def _value(self, text: str, pos: int, frame: _Frame | None, plan: Any, where: Any) -> int:
        """Read the value starting at ``pos``: put it in place when complete (the offset past
        it), open a frame for a container to read as it comes, else show it as far as it
        goes and wait for more (-1, with ``self._pos`` kept at its start)."""
        char = text[pos]
        self._started = True
        if char in "{[":
            small = frame is not None and not frame.wrapper and len(text) - pos < DESCEND
            if small and text.find("}", pos) < 0 and text.find("]", pos) < 0:
                self._pos, self._waiting, self._held = pos, _WAIT_CLOSE, len(text) - pos
                return -1  # cannot be complete yet: read whole once it is
            try:
                value, end = _DECODER.raw_decode(text, pos)
            except ValueError:
                if small:
                    self._pos, self._waiting, self._held = pos, _WAIT_CLOSE, len(text) - pos
                    return -1  # small so far: read whole once complete
                opened = self._opened(plan, char == "[", where, frame)
                if opened is None:
                    self._pos = pos
                    return -1  # not to be read as it comes: shown once complete
                self._stack.append(opened)
                if not opened.wrapper:
                    self._place(frame, opened.value, growing=True)
                return pos + 1
            self._place(frame, self._read(plan, value, where))
            return end
        if char == '"':
            found = _STRING_REST.match(text, pos + 1)
            if found is None:
                if self._strings and _plain(plan):
                    self._place(frame, from_json(text[pos:], allow_partial="trailing-strings"), growing=True)
                    if text[-1] != "\\":
                        self._waiting = frame if frame is not None else _AT_ROOT
                self._pos = pos
                return -1
            end = found.end()
        else:
            end = _SCALAR.match(text, pos).end()  # type: ignore[union-attr]
            if end >= len(text):
                self._pos = pos
                return -1  # a number may go on
        try:
            value = slow_loads(text[pos:end])
        except (ValueError, RecursionError):
            return self._stop()
        self._place(frame, self._read(plan, value, where))
        return end

    def _opened(self, plan: Any, array: bool, where: Any, parent: _Frame | None) -> _Frame | None:
        """The frame of a container read as it comes, or None where its plan reads it whole."""
        if parent is None and not array and self._reader.wrapped is not None:
            return _Frame(_RAW, False, where, wrapper=True)  # {"tierone_root": ...}: read inside
        if plan is _RAW or plan.inert:
            return _Frame(_RAW, array, where)
        if not plan.ready:
            plan.prepare()
        if plan.decode or plan.gathers or plan.unwraps or plan.union or plan.all_of or plan.soft:
            return None
        node = plan.node
        if not isinstance(node, dict) or "prefixItems" in node or (node.get("type") == "array") != array:
            return None
        return _Frame(plan, array, where)

    def _plan_in(self, frame: _Frame) -> Any:
        if frame.wrapper:
            return self._reader.wrapped if frame.key == ROOT_MEMBER else _RAW
        plan = frame.plan
        if plan is _RAW:
            return _RAW
        if frame.array:
            return plan.items
        return plan.child(frame.key) if frame.key in plan.properties else plan.additional

    def _read(self, plan: Any, value: Any, where: Any) -> Any:
        if plan is _RAW or plan.inert:
            return value
        try:
            return plan.fn(value, where, self._walk)
        except CannotJudge:
            return value  # close() says what is wrong

    def _place(self, frame: _Frame | None, value: Any, growing: bool = False) -> None:
        """Put a value in its container (a growing one replaces the last shown)."""
        if frame is None:
            self._root = value
            return
        if frame.array:
            if frame.growing:
                frame.value[-1] = value
            else:
                frame.value.append(value)
        elif value is None and frame.plan is not _RAW and frame.key in frame.plan.optional:
            frame.value.pop(frame.key, None)  # null means absent
        else:
            frame.value[frame.key] = value
        frame.growing = growing
        if not growing:
            frame.expects = _NEXT
        if frame.wrapper:
            self._root = frame.value.get(ROOT_MEMBER)

    def _grow(self, frame: Any, chunk: str) -> None:
        """The string being shown, longer by ``chunk`` (which holds no quote or escape)."""
        if frame is _AT_ROOT:
            self._root += chunk
        elif frame.array:
            frame.value[-1] += chunk
        else:
            frame.value[frame.key] += chunk

    def _closing(self, pos: int) -> int:
        """The innermost frame closes at ``pos``: its value, already in place, is complete."""
        stack = self._stack
        stack.pop()
        if stack:
            stack[-1].growing, stack[-1].expects = False, _NEXT
        return pos + 1

    def _stop(self) -> int:
        """The text is not JSON here: nothing more is read (close() says why)."""
        self._waiting = _STUCK
        return -1


def _plain(plan: Any) -> bool:
    """Whether a string here is read as itself (so one still being written can be shown)."""
    return plan is _RAW or plan.inert
