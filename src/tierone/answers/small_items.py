"""Small containers read whole once complete: what the streaming parser (:mod:`.incremental`)
does with a container below the root smaller than :data:`DESCEND` characters, most often an
item of a list. The parser waits for what closes it (a chunk without that character cannot
have closed it), reads it whole at C speed once it has come, and waits at once for the next
item of the same list. The usual case, item after item of one list, goes through a reader made
for that list (:meth:`SmallItems._list_reader`) with what is fixed for it bound once.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from json import JSONDecodeError
from typing import Any

from ..core.validation import CannotJudge
from .frames import NEXT, UNSET, VALUE, Containers, Frame
from .json_tokens import CLOSER, SCAN, past_space

__all__ = ["DESCEND", "STUCK", "WAIT_CLOSE", "SmallItems"]

#: after an array's item: its comma alone so far (white space around it)
_COMMA = re.compile(r"[ \t\n\r]*,[ \t\n\r]*")
#: what a stream may wait for (see ``SmallItems.waiting``)
WAIT_CLOSE, STUCK = object(), object()
#: a container below the root is read as it comes once its text so far passes this many
#: characters; a smaller one is read whole (at C speed) once complete, and shown then
DESCEND = 256


class SmallItems(Containers):
    """The parsing state a small container is waited for in: the text not yet consumed, what
    is waited for, and the reading of the container once complete."""

    def __init__(self, reader: Any) -> None:
        super().__init__(reader)
        #: the text not yet consumed, and where the parsing stands in it
        self.text, self.pos = "", 0
        #: what the parsing waits for: a small container to close (WAIT_CLOSE, ``held``
        #: characters of it so far), a string being shown to grow (the frame showing it, or
        #: AT_ROOT), nothing more (STUCK: the text is not JSON there, or the stream closed),
        #: or None
        self.waiting: Any = None
        self.held = 0
        #: what ends the container waited for (a closer of the other kind closes one inside it)
        self.closer = "}"
        #: whether what is waited for (WAIT_CLOSE) is the comma after an array's item
        #: (``closer`` is then ","; ``item_opener``: what opened that item)
        self.after = False
        self.item_opener = "{"
        #: while the next item of a list is waited for (past its comma, from ``pos``: white
        #: space, then the item as far as it has come): the list's reader, which
        #: :meth:`small_closed` hands the text to (a stream calls it at once); None otherwise
        self.reader: ListReader | None = None

    def advance(self) -> None:  # pragma: no cover - the parser's own
        """The usual parse, on from ``pos`` (:class:`~.incremental.Incremental`)."""
        raise NotImplementedError

    def small_closed(self, more: str) -> str | None:
        """The small container waited for (at ``pos``) may have closed with ``more``, the text
        come since: read it whole and put it in place, and where the next item of the same
        array is another small container not closed yet, wait for that one (the usual parse
        goes on otherwise). What closes the small container now waited for (None: none is)."""
        if self.reader is not None:
            return self.reader(self, more)
        text = self.text = self.text[self.pos :] + more
        frame = self._stack[-1]
        if self.after:  # past an item: its comma may have come
            self.after = False
            comma = _COMMA.match(text)
            if comma is None:
                self.pos = 0
                return self._advanced()  # the list closes (or it is not JSON): the usual parse reads it
            frame.expects = VALUE
            return self._wait_item(frame, comma.end(), self.item_opener)  # the next item, as far as it has come
        self.pos = 0
        if frame.array:  # an item of a list: the list's reader reads it, and the items after it
            self.reader = self._list_reader(frame, text[0])
            return self.reader(self, "")
        try:
            value, end = SCAN(text, 0)
        except (JSONDecodeError, StopIteration):  # its closer stood in a string, or closed one inside it
            return self._wait(0, len(text), self.closer)
        except (RecursionError, ValueError):
            return self._advanced()  # not JSON: the usual parse stops there
        self._place(frame, self._read(self._plan_in(frame), value, (frame.where, frame.key)))
        self.pos = end
        return self._advanced()

    def _past_item(self, text: str, end: int, frame: Frame, opener: str) -> str | None:
        """An item of ``frame`` (opened by ``opener``) ends at ``end``: wait for the next one
        past its comma, else for the comma, else parse on."""
        size = len(text)
        if end < size and text[end] == ",":  # the usual spellings (",", ", "), told without a regex
            at = end + 2 if end + 1 < size and text[end + 1] == " " else end + 1
            frame.expects = VALUE
            return self._wait_item(frame, at, opener)
        found = _COMMA.match(text, end)
        if found is not None:
            frame.expects = VALUE
            return self._wait_item(frame, found.end(), opener)
        frame.expects = NEXT
        if not text[end:].strip(" \t\n\r"):  # nothing yet past the item: wait for its comma
            self.after, self.item_opener = True, opener
            return self._wait(size, 0, ",")
        self.pos = end
        return self._advanced()

    def _wait_item(self, frame: Frame, at: int, opener: str) -> str | None:
        """Wait for the next item of ``frame`` from ``at`` (past the last one's comma), or read
        it where it has come whole already."""
        closer, text = CLOSER[opener], self.text
        self._wait(at, len(text) - at, closer)
        self.reader = self._list_reader(frame, opener)
        return closer if text.find(closer, at) < 0 else self.reader(self, "")  # (usually it cannot have closed)

    def _list_reader(self, frame: Frame, opener: str) -> ListReader:
        """What :meth:`small_closed` does for the items of ``frame`` opened by ``opener`` while
        they come after their commas (:func:`_reading_items`), made once per list and kind of
        item."""
        made = frame.reader
        if made is None or made[0] != opener:
            plan = frame.items if frame.items is not UNSET else self._items_plan(frame)
            owns = None if plan is None else plan.owning()
            nulls = plan is not None and plan.nulls_only
            reading = _reading_items(opener, frame.value, frame.where, self._walk, owns, nulls)
            made = frame.reader = (opener, reading)
        return made[1]  # type: ignore[no-any-return]

    def _wait(self, pos: int, held: int, closer: str) -> str:
        """Wait at ``pos`` for ``closer`` to close a small container (``held`` characters so far)."""
        self.pos, self.waiting, self.held, self.closer, self.reader = pos, WAIT_CLOSE, held, closer, None
        return closer

    def _advanced(self) -> str | None:
        """The usual parse, on from ``pos``; what closes the small container it waits for, if any."""
        self.waiting = None
        self.advance()
        return self.closer if self.waiting is WAIT_CLOSE else None


#: a list's reader of its next small item: ``read(parsing, more)``, what
#: :meth:`SmallItems.small_closed` returns
ListReader = Callable[[SmallItems, str], "str | None"]


def _reading_items(opener: str, items: list[Any], where: Any, walk: Any, owns: Any, nulls: bool) -> ListReader:
    """The reader of a list's small items opened by ``opener`` as they come after their commas,
    with what is fixed for the list bound once (``items``: the list read so far, ``where`` its
    place; ``owns`` reads an item, None: items are read as they are; ``nulls``: it changes an
    item only where the item holds null, so an item whose text holds none is left as it is,
    as the short way of :meth:`~tierone.Strict.parse` leaves a whole answer). Anything else where the
    next item stands (another kind of value, the list's end, text that is not JSON) is left to
    the usual parse. It holds neither the parsing nor the list's frame (both are handed in, or
    found): no reference cycle keeps a stream's answer alive once the stream is dropped."""
    append, closer = items.append, CLOSER[opener]

    def read(at: SmallItems, more: str) -> str | None:
        text = at.text[at.pos :] + more
        start = 0
        if text[:1] != opener:  # white space, the last item's comma, or another kind of value
            start = past_space(text, 0)
            if at.after and text.startswith(",", start):
                at.after, at._stack[-1].expects = False, VALUE
                start = past_space(text, start + 1)
            if start == len(text):  # nothing else yet
                at.text, at.pos, at.held = text, start, 0
                found = at.closer = "," if at.after else closer
                return found
            if at.after or text[start] != opener:  # the list closes, another value, or not JSON
                at.text, at.pos, at.reader, at.after = text, start, None, False
                return at._advanced()
            if text.find(closer, start) < 0:  # the item opened after its comma, its closer not come
                return _waiting(at, text, start, closer)
        try:
            value, end = SCAN(text, start)
        except (JSONDecodeError, StopIteration):  # not closed yet (its closer stood in a string...)
            return _waiting(at, text, start, closer)
        except (RecursionError, ValueError):
            at.text, at.pos, at.reader = text, start, None
            return at._advanced()  # not JSON: the usual parse stops there
        if owns is not None and (not nulls or text.find("null", start, end) >= 0):
            try:
                value = owns(value, (where, len(items)), walk)
            except (CannotJudge, RecursionError):
                at.unsure = True  # close() says what is wrong
        append(value)
        size = len(text)
        if end < size and text[end] == ",":  # the next item: not come yet, or opened and not closed
            next_at = end + 2 if end + 1 < size and text[end + 1] == " " else end + 1
            if next_at == size or text[next_at] == opener and text.find(closer, next_at) < 0:
                at.text, at.pos, at.held, at.closer = text, next_at, size - next_at, closer  # as _waiting (inline)
                return closer
        elif end == size:  # its comma not come yet: wait for it
            at.text, at.pos, at.held, at.after, at._stack[-1].expects = text, size, 0, True, NEXT
            found = at.closer = ","
            return found
        at.text, at.reader = text, None
        return at._past_item(text, end, at._stack[-1], opener)

    return read


def _waiting(at: SmallItems, text: str, start: int, closer: str) -> str:
    """The next item, opened at ``start`` of ``text`` (or not come yet), waited for until its
    ``closer`` comes; the closer."""
    at.text, at.pos, at.held, at.closer = text, start, len(text) - start, closer
    return closer
