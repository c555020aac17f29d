"""One strict rendition of an original schema, and what reads the answers given under it
(made when first used: a :class:`~.strict.Strict` made at start-up pays only for the rewrite)."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..rewriter.passes import Change
    from .restore import Restorer

__all__ = ["Rendition", "distinct"]

#: held while a reader is made (made once, not once per thread that asks)
_MAKING = threading.RLock()


@dataclass(frozen=True, eq=False)
class Rendition:
    """One strict rendition of the original, and the reading of its answers."""

    #: the strict schema (what the vendor is sent)
    schema: Any
    profile: str
    #: the ledger: each change after which the rendition no longer enforces something of the
    #: original (``Change.loosens`` says what); reading enforces each one
    loosened: tuple[Change, ...]
    #: the original schema, which reading follows
    original: Any
    #: whether reading takes a string where the original takes none as the JSON it holds
    #: (the rendition encodes subtrees to keep a limit)
    lenient: bool = False
    #: whether reading merges members gathered into ``tierone_rest`` back (the rendition
    #: gathers members to keep a count limit)
    gathers: bool = True
    #: the model's validation of plain data, for the short way (None for a schema source)
    check: Any = None
    #: where a vendor this rendition is made for says its answers may change the case of an
    #: enum or const string (:attr:`~tierone.vendors.model.Vendor.case_drift`), else None
    case_note: str | None = None

    @property
    def reader(self) -> Restorer:
        """The reader of the answers, made on first use (once, whichever thread asks first) and
        reused by every read."""
        found: Restorer | None = self.__dict__.get("_reader")
        if found is None:
            with _MAKING:
                found = self.__dict__.get("_reader")
                if found is None:
                    from .restore import Restorer

                    found = Restorer.of(self.original, lenient=self.lenient, gathers=self.gathers)
                    object.__setattr__(self, "_reader", found)  # a cache: the value stays frozen
        return found

    @cached_property
    def quick(self) -> Any:
        """A model's answer text read the short way (:func:`~.shortway.short_way`), or None."""
        from .shortway import short_way

        return None if self.check is None else short_way(self.reader, self.check)

    @property
    def reads_as(self) -> tuple[bool, bool]:
        """What decides how an answer text reads under it (two renditions alike here read
        every text alike: the reader follows the original, not the rendition; one that
        repairs the case of enum and const strings reads every valid answer as the other does)."""
        return (self.lenient, self.gathers)


def distinct(renditions: list[Rendition]) -> list[Rendition]:
    """One of ``renditions`` per way of reading (:attr:`Rendition.reads_as`), in order: of two
    alike, the one that repairs the case of enum and const strings (if any) reads for both."""
    kept: dict[tuple[bool, bool], Rendition] = {}
    for rendition in renditions:
        first = kept.setdefault(rendition.reads_as, rendition)
        if rendition.case_note and not first.case_note:
            kept[rendition.reads_as] = rendition
    return list(kept.values())
