"""JSON text parsed as it comes, each value read in the ORIGINAL's meaning once complete: the
parser behind :class:`~.streaming.Stream`.

Each container whose plan only maps members and items (no union, no encoded or gathered
members, no wrapper of its own) is opened as a frame, and each value complete inside it is read
once through its plan and put in place: null of an optional member as absent, an encoded member
decoded once its string is complete. A container below the root smaller than :data:`DESCEND`
characters is read whole (at C speed) once complete. The value being written shows as far as it
goes where it is plain text (a growing string); any other value (a union, an encoded subtree)
shows once complete.
"""

from __future__ import annotations

from json import JSONDecodeError
from typing import Any

from .frames import AT_ROOT, COLON, KEY, NEXT, RAW, VALUE, Frame
from .json_tokens import CLOSER, SCALAR, SCAN, closing_quote, open_escape, past_space, scanstring, shown_so_far
from .reader import Reader
from .small_items import DESCEND, STUCK, WAIT_CLOSE, SmallItems

__all__ = ["DESCEND", "STUCK", "WAIT_CLOSE", "Incremental"]


class Incremental(SmallItems):
    """The parsing state of one answer's text: what is consumed, the open frames, the value so
    far (:attr:`root`), and what the parsing waits for."""

    def __init__(self, reader: Reader, strings: bool) -> None:
        super().__init__(reader)
        self._strings = strings
        self._started = False
        #: of a string waited for: whether it is shown as it grows, and its text not decoded
        #: yet (an escape cut short)
        self.shown = False
        self.rest = ""

    def read_whole(self) -> bool:
        """Whether the text was read to its end as the whole answer's reading reads it."""
        return (
            self.waiting is None
            and self._started
            and not self._stack
            and not self.text[self.pos :].strip(" \t\n\r")
            and not self._walk.errors
            and not self.unsure
            and (self._wrapper is None or len(self._wrapper) == 1)
        )

    def advance(self) -> None:
        self.after = False
        self.reader = None
        text, stack, pos = self.text, self._stack, self.pos
        pos = past_space(text, pos)
        while pos < len(text):
            if not stack:
                if self._started:
                    break  # past the root: what follows is for close() to judge
                plan = self._reader.root
                pos = self._value(text, pos, None, plan, None)
            else:
                frame = stack[-1]
                char = text[pos]
                if frame.expects == NEXT:
                    if char == ",":
                        frame.expects, pos = (VALUE if frame.array else KEY), pos + 1
                    elif char == ("]" if frame.array else "}"):
                        pos = self._closing(pos)
                    else:
                        self._stop()
                        return
                elif frame.expects == KEY:
                    if char == "}" and not frame.value and frame.key is None:
                        pos = self._closing(pos)
                    elif char != '"':
                        self._stop()
                        return
                    else:
                        if closing_quote(text, pos + 1) < 0:
                            break
                        try:
                            frame.key, pos = scanstring(text, pos + 1, True)
                        except ValueError:
                            self._stop()
                            return
                        frame.expects = COLON
                elif frame.expects == COLON:
                    if char != ":":
                        self._stop()
                        return
                    frame.expects, pos = VALUE, pos + 1
                else:
                    if frame.array and char == "]" and not frame.value:
                        pos = self._closing(pos)
                    else:
                        where = (frame.where, len(frame.value) - frame.growing if frame.array else frame.key)
                        pos = self._value(text, pos, frame, self._plan_in(frame), where)
            if pos < 0:
                break
            pos = past_space(text, pos)
        self.pos = pos if pos >= 0 else self.pos

    def _value(self, text: str, pos: int, frame: Frame | None, plan: Any, where: Any) -> int:
        """Read the value starting at ``pos``: put it in place when complete (the offset past
        it), open a frame for a container to read as it comes, else show it as far as it
        goes and wait for more (-1, with ``self.pos`` kept at its start)."""
        char = text[pos]
        self._started = True
        if char in "{[":
            small = frame is not None and not frame.wrapper and len(text) - pos < DESCEND
            if small and text.find(CLOSER[char], pos) < 0:
                self._wait(pos, len(text) - pos, CLOSER[char])
                return -1  # cannot be complete yet: read whole once it is
            end: int
            try:
                value, end = SCAN(text, pos)
            except (JSONDecodeError, StopIteration):  # not complete yet
                if small:
                    self._wait(pos, len(text) - pos, CLOSER[char])
                    return -1  # small so far: read whole once complete
                opened = self._opened(plan, char == "[", where, frame)
                if opened is None:
                    self.pos = pos
                    return -1  # not to be read as it comes: shown once complete
                self._stack.append(opened)
                if not opened.wrapper:
                    self._place(frame, opened.value, growing=True)
                return pos + 1
            except (RecursionError, ValueError):  # not JSON (NaN, a number past a double) or too deep
                return self._stop()
            if frame is None:  # the whole answer at once: a root carried in its wrapper is taken out
                plan, value = self._reader.entry(value)
            self._place(frame, self._read(plan, value, where))
            return end
        if char == '"':
            if closing_quote(text, pos + 1) < 0:
                return self._growing(text, pos, frame, plan)
            try:
                value, end = scanstring(text, pos + 1, True)
            except ValueError:
                return self._stop()
        else:
            end = SCALAR.match(text, pos).end()  # type: ignore[union-attr]
            if end >= len(text):
                self.pos = pos
                return -1  # a number may go on
            try:
                value, stop = SCAN(text[pos:end], 0)
            except (ValueError, RecursionError, StopIteration):
                return self._stop()
            if stop != end - pos:  # more than one value ("12x")
                return self._stop()
        self._place(frame, self._read(plan, value, where))
        return end

    def _growing(self, text: str, pos: int, frame: Frame | None, plan: Any) -> int:
        """A string at ``pos`` whose closing quote has not come: shown as far as it goes where
        it is text, and waited for (:attr:`shown`, :attr:`rest`) where a container holds it
        or it is the whole answer shown with no escape cut short (-1, ``self.pos`` at its start)."""
        self.pos = pos
        self.shown = self._strings and _plain(plan)
        if self.shown:
            try:
                value, self.rest = shown_so_far(text[pos + 1 :])
            except ValueError:
                return self._stop()
            self._place(frame, value, growing=True)
        else:
            self.rest = open_escape(text, pos + 1)
        if frame is not None or (self.shown and not self.rest):
            self.waiting = frame if frame is not None else AT_ROOT
        return -1

    def _stop(self) -> int:
        """The text is not JSON here: nothing more is read (close() says why)."""
        self.waiting = STUCK
        return -1


def _plain(plan: Any) -> bool:
    """Whether a string here is read as itself (so one still being written can be shown)."""
    return plan is RAW or plan.inert
