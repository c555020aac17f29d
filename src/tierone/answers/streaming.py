"""An answer read while it streams: the text fed in chunks, the partial answer so far in the
ORIGINAL's meaning after each one (:mod:`.incremental` parses it), and at the end the same
result (and errors) as reading the whole text at once. The partial is one value that grows in
place: copy it to keep a snapshot.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .frames import Frame
from .incremental import DESCEND, STUCK, WAIT_CLOSE, Incremental
from .json_tokens import closing_quote, open_escape, shown_so_far
from .reader import Reader
from .small_items import ListReader

__all__ = ["Stream"]

#: stands for a string waited for in a container that is not shown as it grows
_HIDDEN: Any = object()


class Stream:
    """Feed the answer's text as it arrives: ``feed(chunk)`` returns the partial answer so
    far; :meth:`close` returns what reading the whole text returns (or raises what it raises).
    Made by :meth:`tierone.Strict.stream`."""

    __slots__ = ("_reading", "feed")

    #: take the next piece of the answer's text; the partial answer so far
    feed: Callable[[str], Any]

    def __init__(
        self,
        reader: Reader,
        whole: Callable[[str], Any],
        strings: bool = True,
        finish: Callable[[Any], Any] | None = None,
    ) -> None:
        self._reading = reading = _Reading(reader, whole, strings, finish)
        self.feed = reading.feeding()

    @property
    def partial(self) -> Any:
        """The answer so far, in the original's meaning (None before anything is read)."""
        return self._reading.parsing.root

    def close(self) -> Any:
        """The whole answer read as :meth:`tierone.Strict.parse` reads it (an instance of the
        model, or the restored data); its :class:`~tierone.StrictError` when it is not valid.
        Where the stream was read to its end without a doubt, what it read is finished (the
        model validates it) rather than read again."""
        return self._reading.close()


class _Reading:
    """A stream's state: its text so far, and the parsing of it (:class:`Stream` feeds it)."""

    __slots__ = (
        "_add",
        "_at",
        "_closed",
        "_finish",
        "_into",
        "_joined",
        "_parts",
        "_rest",
        "_wait_for",
        "_whole",
        "parsing",
    )

    def __init__(
        self, reader: Reader, whole: Callable[[str], Any], strings: bool, finish: Callable[[Any], Any] | None
    ) -> None:
        #: the whole text's reading, and what makes the streamed reading the result (None:
        #: the whole text is always read again)
        self._whole, self._finish = whole, finish
        self.parsing = Incremental(reader, strings)
        self._parts: list[str] = []
        self._add = self._parts.append
        #: how many of the parts the parsing has taken in
        self._joined = 0
        self._closed = False
        #: while a string in a container is waited for: the container where it is shown (or
        #: _HIDDEN), where in it the string stands, and its text not decoded yet (an escape cut
        #: short); None otherwise
        self._into: Any = None
        self._at: Any = None
        self._rest = ""
        #: sets the small container waited for (see :meth:`feeding`)
        self._wait_for: Callable[[str | None, int], None] = _unset

    def feeding(self) -> Callable[[str], Any]:
        """The stream's ``feed``. While the parsing waits for a small container to close (the
        usual case: an item of a list), what closes it, how many more characters it may take
        and the list's reader are the function's own variables (``_wait_for`` sets them), so a
        chunk that cannot close it costs a few local steps. (The function holds this reading,
        which holds only the setter: no reference cycle.)"""
        add, parsing, parts, moved = self._add, self.parsing, self._parts, self._moved
        #: what closes the small container waited for ("" while none is: no chunk lacks it)
        closer = ""
        #: how many more characters the container waited for may take before it is read as it
        #: comes, and the answer so far (the same value while the container is waited for)
        room, root = 0, None
        #: the reader of the next item of a list, while it is waited for the usual way
        reader: ListReader | None = None

        def feed(chunk: str) -> Any:
            """Take the next piece of the answer's text; the partial answer so far."""
            nonlocal closer, room, root, reader
            add(chunk)
            if closer not in chunk:  # a small container is waited for, and this cannot have closed it
                room -= len(chunk)
                if room > 0:
                    return root
                return moved(chunk, closer)
            if closer:
                if room <= 0:
                    return moved(chunk, closer)
                # it may have closed: read it whole (the usual case, taken in one call)
                joined, count = self._joined, len(parts)
                more = chunk if joined == count - 1 else "".join(parts[joined:])
                found = parsing.small_closed(more) if reader is None else reader(parsing, more)
                self._joined, room, root, reader = count, DESCEND - parsing.held, parsing.root, parsing.reader
                if found is None:  # else another small container is waited for: no string is
                    closer = ""
                    self._shown(parsing.waiting)
                else:
                    closer = found
                return root
            into = self._into
            if into is None:
                return moved(chunk, closer)
            if '"' in chunk or "\\" in chunk or self._rest:
                return self._string_goes_on(chunk)
            if into is not _HIDDEN:  # the string being shown goes on (the usual chunk of a long one)
                at = self._at
                grown = into[at]
                into[at] = None  # held here alone, it grows in place rather than copied: linear time
                grown += chunk
                into[at] = grown
            return parsing.root

        def wait_for(what: str | None, so_far: int) -> None:
            nonlocal closer, room, root, reader
            closer, room, root, reader = what or "", DESCEND - so_far, parsing.root, parsing.reader

        self._wait_for = wait_for
        return feed

    def _moved(self, chunk: str, closer: str) -> Any:
        """What ``chunk`` (the last part) brings where it is not a small container's text
        going on: the string being shown grown, else the parts not yet parsed parsed."""
        parsing = self.parsing
        waiting = parsing.waiting
        if waiting is STUCK:
            if self._closed:
                self._parts.pop()
                raise ValueError("this stream is closed: make another with Strict.stream()")
            return parsing.root
        if not closer and waiting is not None and '"' not in chunk and "\\" not in chunk:
            parsing.grow(waiting, chunk)  # the string being shown goes on (the whole answer)
            return parsing.root
        return self._reparsed()  # else (or grown past small): read as it comes

    def _string_goes_on(self, chunk: str) -> Any:
        """What ``chunk`` brings to the string waited for in a container where it holds a quote
        or an escape, or follows an escape cut short: the string shown as far as it goes, or
        where it closes (or is not JSON), the parts not yet parsed parsed."""
        text = self._rest + chunk
        if closing_quote(text) >= 0:
            return self._reparsed()  # it closes: the usual parse reads it whole, once
        into = self._into
        if into is _HIDDEN:
            self._rest = open_escape(text)
            return self.parsing.root
        try:
            shown, self._rest = shown_so_far(text)
        except ValueError:
            return self._reparsed()  # not JSON: the usual parse stops there
        if shown:
            at = self._at
            grown = into[at]
            into[at] = None  # as in ``feed``
            grown += shown
            into[at] = grown
        return self.parsing.root

    def _reparsed(self) -> Any:
        """The parts not yet parsed, parsed; the partial answer so far."""
        parsing = self.parsing
        parsing.waiting = None
        self._joined_text()
        parsing.advance()
        waiting = parsing.waiting
        self._wait_for(*((parsing.closer, parsing.held) if waiting is WAIT_CLOSE else (None, 0)))
        self._shown(waiting)
        return parsing.root

    def _shown(self, waiting: Any) -> None:
        """Where the string waited for grows, when a container holds it (``feed`` grows it there)."""
        if waiting.__class__ is Frame:
            parsing = self.parsing
            self._into = waiting.value if parsing.shown else _HIDDEN
            self._at, self._rest = -1 if waiting.array else waiting.key, parsing.rest
        else:
            self._into, self._rest = None, ""

    def close(self) -> Any:
        """What :meth:`Stream.close` returns."""
        parsing = self.parsing
        waiting = parsing.waiting
        self._closed, parsing.waiting, self._into = True, None, None
        self._wait_for(None, 0)
        try:
            if self._finish is not None and waiting is not STUCK and not parsing.unsure:
                self._joined_text()
                parsing.advance()
                if parsing.read_whole():
                    try:
                        return self._finish(parsing.root)
                    except ValueError:  # StrictError among them: the whole text's reading says what is wrong
                        pass
            return self._whole("".join(self._parts))
        finally:
            parsing.waiting = STUCK  # it takes no more

    def _joined_text(self) -> None:
        """The parts not yet parsed, after the text not yet consumed."""
        parsing, parts = self.parsing, self._parts
        parsing.text = parsing.text[parsing.pos :] + "".join(parts[self._joined :])
        self._joined, parsing.pos = len(parts), 0


def _unset(what: str | None, so_far: int) -> None:
    raise AssertionError("feeding() sets it")


def finishing(check: Any, reader: Any) -> Callable[[Any], Any]:
    """What makes a streamed answer, read to its end, the result: the model's validation
    (``check``), else the original's (``reader``, a :class:`~.restore.Restorer`); a
    ``ValueError`` where it is not valid (the whole text is then read)."""
    if check is not None:
        return check  # type: ignore[no-any-return]

    def validated(data: Any) -> Any:
        if reader.validate(data):
            raise ValueError("invalid: the whole text is read to say why")
        return data

    return validated
