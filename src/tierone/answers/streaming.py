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

__all__ = ["Stream"]

#: stands for a string waited for in a container that is not shown as it grows
_HIDDEN: Any = object()


class Stream:
    """Feed the answer's text as it arrives (:meth:`feed` returns the partial answer so far);
    :meth:`close` returns what reading the whole text returns (or raises what it raises).
    Made by :meth:`tierone.Strict.stream`."""

    __slots__ = (
        "_add",
        "_at",
        "_closed",
        "_closer",
        "_finish",
        "_held",
        "_into",
        "_joined",
        "_parsing",
        "_parts",
        "_rest",
        "_whole",
    )

    def __init__(
        self,
        reader: Reader,
        whole: Callable[[str], Any],
        strings: bool = True,
        finish: Callable[[Any], Any] | None = None,
    ) -> None:
        #: the whole text's reading, and what makes the streamed reading the result (None:
        #: the whole text is always read again)
        self._whole, self._finish = whole, finish
        self._parsing = Incremental(reader, strings)
        self._parts: list[str] = []
        self._add = self._parts.append
        #: how many of the parts the parsing has taken in
        self._joined = 0
        self._closed = False
        #: while the parsing waits for a small container to close: what closes it, and how
        #: many characters of it have come (None, 0 otherwise)
        self._closer: str | None = None
        self._held = 0
        #: while a string in a container is waited for: the container where it is shown (or
        #: _HIDDEN), where in it the string stands, and its text not decoded yet (an escape cut
        #: short); None otherwise
        self._into: Any = None
        self._at: Any = None
        self._rest = ""

    @property
    def partial(self) -> Any:
        """The answer so far, in the original's meaning (None before anything is read)."""
        return self._parsing.root

    def feed(self, chunk: str) -> Any:
        """Take the next piece of the answer's text; the partial answer so far."""
        self._add(chunk)
        closer = self._closer
        if closer is None:
            into = self._into
            if into is None:
                return self._moved(chunk, closer)
            if '"' in chunk or "\\" in chunk or self._rest:
                return self._string_goes_on(chunk)
            if into is not _HIDDEN:  # the string being shown goes on (the usual chunk of a long one)
                at = self._at
                grown = into[at]
                into[at] = None  # held here alone, it grows in place rather than copied: linear time
                grown += chunk
                into[at] = grown
            return self._parsing.root
        if closer not in chunk:  # the small container waited for cannot have closed
            held = self._held = self._held + len(chunk)
            if held < DESCEND:
                return self._parsing.root
            return self._moved(chunk, closer)
        parts = self._parts
        if self._held >= DESCEND:
            return self._moved(chunk, closer)
        # it may have closed: read it whole (the usual case, taken in one call)
        parsing, joined = self._parsing, self._joined
        self._closer = parsing.small_closed(chunk if joined == len(parts) - 1 else "".join(parts[joined:]))
        self._joined, self._held = len(parts), parsing.held
        self._shown(parsing.waiting)
        return parsing.root

    def _moved(self, chunk: str, closer: str | None) -> Any:
        """What ``chunk`` (the last part) brings where it is not a small container's text
        going on: the string being shown grown, else the parts not yet parsed parsed."""
        parsing = self._parsing
        waiting = parsing.waiting
        if waiting is STUCK:
            if self._closed:
                self._parts.pop()
                raise ValueError("this stream is closed: make another with Strict.stream()")
            return parsing.root
        if closer is None and waiting is not None and '"' not in chunk and "\\" not in chunk:
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
            return self._parsing.root
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
        return self._parsing.root

    def _reparsed(self) -> Any:
        """The parts not yet parsed, parsed; the partial answer so far."""
        parsing = self._parsing
        parsing.waiting = None
        self._joined_text()
        parsing.advance()
        waiting = parsing.waiting
        self._closer, self._held = (parsing.closer, parsing.held) if waiting is WAIT_CLOSE else (None, 0)
        self._shown(waiting)
        return parsing.root

    def _shown(self, waiting: Any) -> None:
        """Where the string waited for grows, when a container holds it (``feed`` grows it there)."""
        if waiting.__class__ is Frame:
            parsing = self._parsing
            self._into = waiting.value if parsing.shown else _HIDDEN
            self._at, self._rest = -1 if waiting.array else waiting.key, parsing.rest
        else:
            self._into, self._rest = None, ""

    def close(self) -> Any:
        """The whole answer read as :meth:`tierone.Strict.parse` reads it (an instance of the
        model, or the restored data); its :class:`~tierone.StrictError` when it is not valid.
        Where the stream was read to its end without a doubt, what it read is finished (the
        model validates it) rather than read again."""
        parsing = self._parsing
        waiting = parsing.waiting
        self._closed, parsing.waiting, self._closer, self._into = True, None, None, None
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
        parsing, parts = self._parsing, self._parts
        parsing.text = parsing.text[parsing.pos :] + "".join(parts[self._joined :])
        self._joined, parsing.pos = len(parts), 0


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
