"""Finding the schemas a host serves: ``<kind>.schema.json`` (or .yaml/.yml) in its folders,
the reference layout."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

from ..core.errors import InputError, require_schema
from ..core.loading import load_path

SUFFIXES = (".schema.json", ".schema.yaml", ".schema.yml")


class Served(NamedTuple):
    """One served kind and its schema (or why there is none)."""

    kind: str
    schema: Any = None
    #: where the schema came from ("tierone:canonical", "tierone:strict" or a path)
    origin: str = ""
    error: str = ""
    #: why the schema file could not be used, when it was found
    failure: InputError | None = None


def find_schema(kind: str, folders: Sequence[Path]) -> Served:
    for folder in folders:
        for suffix in SUFFIXES:
            candidate = folder / f"{kind}{suffix}"
            if candidate.is_file():
                try:
                    data = load_path(candidate).data
                    require_schema(data, str(candidate))
                except InputError as error:
                    return Served(kind, None, str(candidate), str(error), error)
                return Served(kind, data, str(candidate))
    where = ", ".join(str(f) for f in folders) or "no schema folder given"
    return Served(kind, None, "", f"no {kind}.schema.json (or .yaml) in {where}")

