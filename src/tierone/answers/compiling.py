"""Generated reading functions compiled from their body lines: one code object per source
(cached), its source kept in :mod:`linecache` so a traceback through it shows its lines."""

from __future__ import annotations

from functools import lru_cache
from typing import Any


def function_of(lines: tuple[str, ...], names: dict[str, Any]) -> Any:
    """The function ``read(value, pointer, walk)`` with body ``lines``, its globals ``names``."""
    import types

    return types.FunctionType(_code(lines), names, "read")


def source_of(lines: tuple[str, ...]) -> str:
    """The Python source of the function with body ``lines``."""
    return "def read(value, pointer, walk):\n" + "".join(f"    {line}\n" for line in lines)


@lru_cache(maxsize=1024)
def _code(lines: tuple[str, ...]) -> Any:
    """The code object of a generated function (its source holds no data from the schema). Its
    source is kept in :mod:`linecache` under a file name of its own, so a traceback through it
    shows its lines (named by a digest of the source, so one source has one entry however often
    it is compiled)."""
    import linecache
    from hashlib import blake2b

    source = source_of(lines)
    filename = f"<tierone read {blake2b(source.encode(), digest_size=6).hexdigest()}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    module = compile(source, filename, "exec")
    return next(c for c in module.co_consts if getattr(c, "co_name", None) == "read")
