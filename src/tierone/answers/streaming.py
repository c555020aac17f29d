"""An answer read while it streams: the text fed in chunks, the partial answer so far in the
ORIGINAL's meaning after each one (:mod:`.incremental` parses it), and at the end the same
result (and errors) as reading the whole text at once. The partial is one value that grows in
place: copy it to keep a snapshot.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .incremental import DESCEND, STUCK, WAIT_CLOSE, Incremental
from .reader import Reader

__all__ = ["Stream"]


class Stream:
    """Feed the answer's text as it arrives (:meth:`feed` returns the partial answer so far);
    :meth:`close` returns what reading the whole text returns (or raises what it raises).
    Made by :meth:`tierone.Strict.stream`."""

    __slots__ = ("_add", "_closed", "_closer", "_finish", "_held", "_joined", "_parsing", "_parts", "_whole")

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

    @property
    def partial(self) -> Any:
        """The answer so far, in the original's meaning (None before anything is read)."""
        return self._parsing.root

    def feed(self, chunk: str) -> Any:
        """Take the next piece of the answer's text; the partial answer so far."""
        self._add(chunk)
        closer = self._closer
        if closer is None:
            return self._moved(chunk, closer)
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
        if closer is not None:  # grown past small: read as it comes
            parsing.waiting = None
            self._joined_text()
            parsing.advance()
        elif waiting is not None and '"' not in chunk and "\\" not in chunk:
            parsing.grow(waiting, chunk)  # the string being shown goes on
            return parsing.root
        else:
            parsing.waiting = None
            self._joined_text()
            parsing.advance()
        self._closer, self._held = (parsing.closer, parsing.held) if parsing.waiting is WAIT_CLOSE else (None, 0)
        return parsing.root

    def close(self) -> Any:
        """The whole answer read as :meth:`tierone.Strict.parse` reads it (an instance of the
        model, or the restored data); its :class:`~tierone.StrictError` when it is not valid.
        Where the stream was read to its end without a doubt, what it read is finished (the
        model validates it) rather than read again."""
        parsing = self._parsing
        waiting = parsing.waiting
        self._closed, parsing.waiting, self._closer = True, None, None
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
