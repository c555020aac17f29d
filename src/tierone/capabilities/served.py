"""Finding the schemas a host serves: ``<kind>.schema.json`` (or .yaml/.yml) in its folders,
the reference layout."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

from ..core.confine import really_inside
from ..core.errors import InputError, require_schema, shown
from ..core.loading import load_path
from ..subset.kinds import MAX_KIND_LENGTH, is_kind_name

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
    """The schema of ``kind`` in ``folders``: ``<kind>.schema.json`` (or .yaml/.yml), a regular
    file inside its folder (no symbolic link out). A name that is not a kind's
    (:func:`~tierone.subset.kinds.is_kind_name`) is never made into a path."""
    if not is_kind_name(kind):
        return Served(
            kind,
            None,
            "",
            f"{shown(kind)} is not a kind's name (dot-separated words of letters, "
            f"digits, _ and -, at most {MAX_KIND_LENGTH} characters)",
        )
    for folder in folders:
        for suffix in SUFFIXES:
            candidate = folder / f"{kind}{suffix}"
            if candidate.is_file() and not really_inside(str(candidate), str(folder)):
                return Served(kind, None, str(candidate), f"{candidate} is a symbolic link out of {folder}; not read")
            if candidate.is_file():
                try:
                    data = load_path(candidate).data
                    require_schema(data, str(candidate))
                except InputError as error:
                    return Served(kind, None, str(candidate), str(error), error)
                return Served(kind, data, str(candidate))
    where = ", ".join(str(f) for f in folders) or "no schema folder given"
    return Served(kind, None, "", f"no {kind}.schema.json (or .yaml) in {where}")
