"""Errors that stop one input from being checked, as values with a location."""

import re
from functools import cache
from typing import NamedTuple

#: how much of a file's own text a message shows at most
SHOWN = 60
#: what never reaches a terminal raw: C0 and C1 controls, DEL, lone surrogates, the line and
#: paragraph separators and the bidirectional overrides (which reorder what a terminal shows)
_UNSAFE = "[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029\u202a-\u202e\u2066-\u2069]"


@cache
def _unsafe() -> re.Pattern[str]:
    return re.compile(_UNSAFE)  # compiled when first needed: `tierone lint` on a clean file never is


def shown(text: str) -> str:
    """Text taken from a file (or a server) as a message may show it: in double quotes, cut to
    :data:`SHOWN` characters, with backslashes, quotes and every character of ``_UNSAFE``
    escaped (``\\u001b``); other Unicode is kept as it is."""
    cut = text if len(text) <= SHOWN else text[:SHOWN] + "..."
    escaped = cut.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + _unsafe().sub(lambda found: f"\\u{ord(found[0]):04x}", escaped) + '"'


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


class InputWarning(NamedTuple):
    """Something about one input worth a line, which does not stop it being checked."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: warning: {self.message}"


_KIND_NAMES = {"list": "an array", "str": "a string", "int": "a number", "float": "a number", "NoneType": "null"}


def require_schema(data: object, path: str) -> None:
    """Raise :class:`InputError` unless ``data`` is a JSON Schema document: an object or a
    boolean. A string, array, number or null is never a schema (and never a file name)."""
    if isinstance(data, (dict, bool)):
        return
    kind = _KIND_NAMES.get(type(data).__name__, type(data).__name__)
    raise InputError(path, f"not a JSON Schema: the document is {kind}, not an object or a boolean")
