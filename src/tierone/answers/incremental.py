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

import re
from json import JSONDecodeError
from typing import Any

from ..core.validation import CannotJudge
from .frames import AT_ROOT, COLON, KEY, NEXT, RAW, UNSET, VALUE, Containers, Frame
from .json_tokens import CLOSER, SCALAR, SCAN, closing_quote, open_escape, past_space, scanstring, shown_so_far
from .reader import Reader

__all__ = ["DESCEND", "STUCK", "WAIT_CLOSE", "Incremental"]

#: after an array's item: the comma and the opening of the next item (white space around it)
_NEXT_ITEM = re.compile(r"[ \t\n\r]*,[ \t\n\r]*[{\[]")
#: after an array's item: its comma alone so far (white space around it)
_COMMA = re.compile(r"[ \t\n\r]*,[ \t\n\r]*")
#: where an item waited for opens: white space, then an object or array
_OPENING = re.compile(r"[ \t\n\r]*[{\[]")
#: what a stream may wait for (see ``Incremental.waiting``)
WAIT_CLOSE, STUCK = object(), object()
#: a container below the root is read as it comes once its text so far passes this many
#: characters; a smaller one is read whole (at C speed) once complete, and shown then
DESCEND = 256


class Incremental(Containers):
    """The parsing state of one answer's text: what is consumed, the open frames, the value so
    far (:attr:`root`), and what the parsing waits for."""

    def __init__(self, reader: Reader, strings: bool) -> None:
        super().__init__(reader)
        self._strings = strings
        #: the text not yet consumed, and where the parsing stands in it
        self.text, self.pos = "", 0
        self._started = False
        #: what the parsing waits for: a small container to close (WAIT_CLOSE, ``held``
        #: characters of it so far), a string being shown to grow (the frame showing it, or
        #: AT_ROOT), nothing more (STUCK: the text is not JSON there, or the stream closed),
        #: or None
        self.waiting: Any = None
        self.held = 0
        #: what ends the container waited for (a closer of the other kind closes one inside it)
        self.closer = "}"
        #: whether what is waited for (WAIT_CLOSE) is the next item of an array to open, past
        #: its comma (``closer`` is then what closes an item like the previous one: the next
        #: item is read once that has come, in one call, rather than first where it opens)
        self.opening = False
        #: whether what is waited for (WAIT_CLOSE) is the comma after an array's item
        #: (``closer`` is then ","; ``item_closer``: what closed that item)
        self.after = False
        self.item_closer = "}"
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
        self.opening = self.after = False
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

    def small_closed(self, more: str) -> str | None:
        """The small container waited for (at ``pos``) may have closed with ``more``, the text
        come since: read it whole and put it in place, and where the next item of the same
        array is another small container not closed yet, wait for that one (the usual parse
        goes on otherwise). What closes the small container now waited for (None: none is).
        This runs once per small item of a list: the usual case is written out in full."""
        text = self.text = self.text[self.pos :] + more
        pos, frame = 0, self._stack[-1]
        if self.after:  # past an item: its comma may have come
            self.after = False
            comma = _COMMA.match(text)
            if comma is None:
                self.pos = 0
                return self._advanced()  # the list closes (or it is not JSON): the usual parse reads it
            frame.expects, text = VALUE, text[comma.end() :]
            self.text = text
            if not text:  # nothing yet: wait for an item like the last one to close
                self.opening = True
                return self._wait(0, 0, self.item_closer)
            self.opening = True
        if self.opening:  # past an item and its comma: the next item may have opened
            self.opening = False
            opened = _OPENING.match(text)
            if opened is None:
                self.pos = 0
                return self._advanced()  # not a container: the usual parse reads it
            pos = opened.end() - 1
            closer = CLOSER[text[pos]]
            if text.find(closer, pos) < 0:  # it cannot have closed
                return self._wait(pos, len(text) - pos, closer)
        try:
            value, end = SCAN(text, pos)
        except (JSONDecodeError, StopIteration):  # its closer stood in a string, or closed one inside it
            return self._wait(pos, len(text) - pos, self.closer)
        except (RecursionError, ValueError):
            self.pos = pos
            return self._advanced()  # not JSON: the usual parse stops there
        if not frame.array:
            self._place(frame, self._read(self._plan_in(frame), value, (frame.where, frame.key)))
            self.pos = end
            return self._advanced()
        items = frame.value
        plan = frame.items if frame.items is not UNSET else self._items_plan(frame)
        if plan is not None:  # the usual read (``_read``), inline
            try:
                value = plan.owns(value, (frame.where, len(items)), self._walk)
            except (CannotJudge, RecursionError):
                self.unsure = True  # close() says what is wrong
        items.append(value)
        size = len(text)
        if end < size and text[end] == ",":  # the usual spellings (",", ", "), told without a regex
            at = end + 2 if end + 1 < size and text[end + 1] == " " else end + 1
            if at == size:  # a comma, and nothing yet: wait for an item like this one to close
                frame.expects, self.opening = VALUE, True
                return self._wait(size, 0, CLOSER[text[pos]])
            opener = text[at]
            if opener == "{" or opener == "[":
                closer = CLOSER[opener]
                if text.find(closer, at) < 0:  # it cannot have closed: wait for it (still WAIT_CLOSE)
                    frame.expects, self.pos, self.held, self.closer = VALUE, at, size - at, closer
                    return closer
        frame.expects = NEXT
        following = _NEXT_ITEM.match(text, end)
        if following is not None:  # a comma, and the next item opens
            at = following.end() - 1
            if text.find("}", at) < 0 and text.find("]", at) < 0:
                frame.expects = VALUE
                return self._wait(at, len(text) - at, CLOSER[text[at]])
        elif _COMMA.fullmatch(text, end):  # a comma, and nothing yet: wait for an item like this one to close
            frame.expects, self.opening = VALUE, True
            return self._wait(len(text), 0, CLOSER[text[pos]])
        elif not text[end:].strip(" \t\n\r"):  # nothing yet past the item: wait for its comma
            self.after, self.item_closer = True, CLOSER[text[pos]]
            return self._wait(size, 0, ",")
        self.pos = end
        return self._advanced()

    def _wait(self, pos: int, held: int, closer: str) -> str:
        """Wait at ``pos`` for ``closer`` to close a small container (``held`` characters so far)."""
        self.pos, self.waiting, self.held, self.closer = pos, WAIT_CLOSE, held, closer
        return closer

    def _advanced(self) -> str | None:
        """The usual parse, on from ``pos``; what closes the small container it waits for, if any."""
        self.waiting = None
        self.advance()
        return self.closer if self.waiting is WAIT_CLOSE else None

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
