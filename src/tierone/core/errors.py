"""Errors that stop one input from being checked, as values with a location."""

from __future__ import annotations


class InputError(Exception):
    """An input that could not be read, parsed or understood as a schema."""

    def __init__(self, path: str, message: str, line: int | None = None, column: int | None = None) -> None:
        super().__init__(path, message, line, column)
        #: how the input is shown to the user: a path, ``-`` or ``module:attribute``
        self.path = path
        #: one sentence saying what is wrong and, where possible, what to do
        self.message = message
        #: 1-based line and column in the input, when the problem has a place
        self.line = line
        self.column = column

    def __eq__(self, other: object) -> bool:
        return isinstance(other, InputError) and self.args == other.args

    def __hash__(self) -> int:
        return hash(self.args)

    def __str__(self) -> str:
        where = self.path
        if self.line is not None:
            where += f":{self.line}:{self.column or 1}"
        return f"{where}: error: {self.message}"


_KIND_NAMES = {"list": "an array", "str": "a string", "int": "a number", "float": "a number", "NoneType": "null"}


def require_schema(data: object, path: str) -> None:
    """Raise :class:`InputError` unless ``data`` is a JSON Schema document: an object or a
    boolean. A string, array, number or null is never a schema (and never a file name)."""
    if isinstance(data, (dict, bool)):
        return
    kind = _KIND_NAMES.get(type(data).__name__, type(data).__name__)
    raise InputError(path, f"not a JSON Schema: the document is {kind}, not an object or a boolean")
