"""RFC 6901 JSON Pointers as small immutable values.

Segments are stored raw (``str`` for object members, ``int`` for array items) and
rendered once, in :meth:`Pointer.__str__`.
"""

from __future__ import annotations

from typing import Any, Self

Segment = str | int


class PointerError(LookupError):
    """A pointer that does not lead anywhere in a document."""

    def __init__(self, pointer: str) -> None:
        super().__init__(pointer)
        self.pointer = pointer

    def __str__(self) -> str:
        return f"pointer {self.pointer!r} leads nowhere"


#: what a URI fragment may hold unescaped besides letters, digits and ``-._~`` (RFC 3986)
_FRAGMENT_SAFE = "/!$&'()*+,;=:@"


def _escape(segment: Segment) -> str:
    return str(segment).replace("~", "~0").replace("/", "~1")


def _unescape(segment: str) -> str:
    return segment.replace("~1", "/").replace("~0", "~")


class Pointer(tuple[Segment, ...]):
    """A location in a JSON document: ``Pointer(("properties", "a"))`` is ``/properties/a``."""

    __slots__ = ()

    def __new__(cls, parts: tuple[Segment, ...] = ()) -> Self:
        return tuple.__new__(cls, parts)

    @classmethod
    def parse(cls, text: str) -> Pointer:
        """Parse ``/a/b~1c`` (or a URI fragment ``#/a/b``) into a pointer."""
        text = text.removeprefix("#")
        if text == "":
            return ROOT
        if not text.startswith("/"):
            raise PointerError(text)
        parts = text[1:].split("/")
        return cls(tuple(_unescape(part) for part in parts) if "~" in text else tuple(parts))

    def child(self, segment: Segment) -> Pointer:
        """The pointer one step further down."""
        return tuple.__new__(Pointer, (*self, segment))

    def is_prefix_of(self, other: tuple[Segment, ...]) -> bool:
        """True when ``other`` is this location or lies below it."""
        return other[: len(self)] == self

    def resolve(self, document: Any) -> Any:
        """The value this pointer names in ``document`` (array indices accept strings)."""
        return self._follow(document)[1]

    def located(self, document: Any) -> Pointer:
        """This pointer as the walker writes the place it names in ``document``: array
        indices as ``int`` (``Pointer.parse("/anyOf/0")`` holds the string ``"0"``), so that
        it equals the pointer the walk hands that node."""
        return self._follow(document)[0]

    def _follow(self, document: Any) -> tuple[Pointer, Any]:
        value = document
        steps: list[Segment] = []
        for segment in self:
            if isinstance(value, dict):
                key = str(segment)
                if key not in value:
                    raise PointerError(str(self))
                steps.append(key)
                value = value[key]
            elif isinstance(value, list):
                try:
                    index = int(segment)
                except ValueError:
                    raise PointerError(str(self)) from None
                if not 0 <= index < len(value) or (isinstance(segment, str) and not segment.isdigit()):
                    raise PointerError(str(self))
                steps.append(index)
                value = value[index]
            else:
                raise PointerError(str(self))
        return tuple.__new__(Pointer, steps), value

    def fragment(self) -> str:
        """The pointer as a URI fragment (``#/$defs/a%20b``), percent-encoded as RFC 6901 §6
        asks: what a ``$ref`` to this location is written as."""
        from urllib.parse import quote

        return "#" + quote(str(self), safe=_FRAGMENT_SAFE)

    def __str__(self) -> str:
        if not self:
            return ""
        text = "/".join(map(str, self))
        if "~" in text or text.count("/") != len(self) - 1:  # a segment holds "~" or "/"
            return "".join("/" + _escape(segment) for segment in self)
        return "/" + text

    def __repr__(self) -> str:
        return f"Pointer({str(self)!r})"


ROOT = Pointer()
