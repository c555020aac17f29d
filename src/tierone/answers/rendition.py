"""One strict rendition of an original schema, and what reads the answers given under it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from ..rewriter.passes import Change
    from .restore import Restorer

__all__ = ["Rendition"]


class Rendition(NamedTuple):
    """One strict rendition of the original and what reads its answers."""

    #: the strict schema (what the vendor is sent)
    schema: Any
    profile: str
    #: the reader of the answers (made once, reused by every read)
    reader: Restorer
    #: the ledger: each change after which the rendition no longer enforces something of the
    #: original (``Change.loosens`` says what); reading enforces each one
    loosened: tuple[Change, ...]
    #: a model's answer text read the short way (:func:`~.shortway.short_way`), or None
    quick: Any = None

    @property
    def reads_as(self) -> tuple[bool, bool]:
        """What decides how an answer text reads under it (two renditions alike here read
        every text alike: the reader follows the original, not the rendition)."""
        return (self.reader.lenient, self.reader.gathers)
