"""The subset table's cells as data: read from and written to ``table.json``.

The rows (rule codes, names, messages, docs) are Python in ``table/``; what each source
accepts, and the evidence for it, is data in ``table.json`` next to this module, so that
``tierone probe --update`` can rewrite it and people can edit it by hand. The file's own
``$comment`` documents its format. ``TIERONE_TABLE`` points tierone at another copy of the
file (``tierone probe --update`` then writes that copy; the tests use it).

JSON rather than TOML: orjson reads the table in well under a millisecond where ``tomllib``
(pure Python) takes about 5 ms, and every ``tierone lint`` reads it. The file
is written one cell per line, so a probe's changes read well in a diff.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .conditions import CONDITIONS
from .model import DERIVED, LIMITED, PARTIAL, SOURCES, SUPPORTED, UNSUPPORTED, Support

#: the data file shipped in the package
PACKAGED = Path(__file__).with_name("table.json")
#: the environment variable naming another data file to read (and to update)
ENVIRONMENT = "TIERONE_TABLE"

STATUSES = frozenset({SUPPORTED, UNSUPPORTED, PARTIAL, LIMITED})
METHODS = frozenset({"docs", "probe"})
#: the keys of a cell, in the order the file writes them
COMMENT = "$comment"
KEYS = ("status", "note", "limit", "allowed", "condition", "prescribed", "verified", "method", "model")

Cells = dict[str, dict[str, Support]]


class TableError(ValueError):
    """The data file is not a valid subset table."""


def data_path() -> Path:
    """The data file in use: ``$TIERONE_TABLE`` when set, else the packaged one."""
    named = os.environ.get(ENVIRONMENT)
    return Path(named) if named else PACKAGED


def load(path: Path | None = None) -> Cells:
    """Every cell of the data file at ``path``: rule code -> source -> Support."""
    import orjson  # the stdlib's json is never imported by `tierone lint`: orjson reads schemas too

    path = path or data_path()
    try:
        document = orjson.loads(path.read_bytes())
    except OSError as error:
        raise TableError(f"{path}: cannot read the subset table ({error.strerror})") from None
    except ValueError as error:
        raise TableError(f"{path}: the subset table is not valid JSON ({error})") from None
    if not isinstance(document, dict):
        raise TableError(f"{path}: the subset table must be a JSON object")
    return {code: _row(path, code, row) for code, row in document.items() if code != COMMENT}


def _row(path: Path, code: str, row: Any) -> dict[str, Support]:
    if not isinstance(row, dict) or not set(row) <= set(SOURCES):
        raise TableError(f"{path}: {code} must hold one object per source ({', '.join(SOURCES)})")
    found = {source: _cell(path, f"{code}.{source}", cell) for source, cell in row.items()}
    missing = [source for source in SOURCES if source not in row and source not in DERIVED]
    if missing:
        raise TableError(
            f"{path}: {code} has no cell for {', '.join(missing)} (every row holds one per "
            "column; only a derived column may leave a cell to its base)"
        )
    return found


def _cell(path: Path, where: str, cell: Any) -> Support:
    if not isinstance(cell, dict) or set(cell) - set(KEYS):
        raise TableError(f"{path}: {where} has keys other than {', '.join(KEYS)}")
    status = cell.get("status")
    if status not in STATUSES:
        raise TableError(f"{path}: {where} status must be one of {', '.join(sorted(STATUSES))}")
    if cell.get("method", "docs") not in METHODS:
        raise TableError(f'{path}: {where} method must be "docs" or "probe"')
    if cell.get("condition") is not None and cell["condition"] not in CONDITIONS:
        raise TableError(f"{path}: {where} condition must be one of {', '.join(sorted(CONDITIONS))}")
    allowed = cell.get("allowed")
    return Support(
        status,
        cell.get("note", ""),
        str(cell.get("verified", "")),
        cell.get("limit"),
        frozenset(allowed) if allowed is not None else None,
        cell.get("method", "docs"),
        cell.get("model", ""),
        cell.get("condition"),
        _prescribed(path, where, cell),
    )


def _prescribed(path: Path, where: str, cell: dict[str, Any]) -> bool:
    value = cell.get("prescribed", False)
    if not isinstance(value, bool) or (value and cell.get("status") != SUPPORTED):
        raise TableError(f"{path}: {where} prescribed must be true or false, and true only on a supported cell")
    return value


def comment(path: Path) -> list[str]:
    """The data file's ``$comment`` (its documentation, kept when the file is rewritten)."""
    import json

    with open(path, "rb") as handle:
        document = json.load(handle)
    lines = document.get(COMMENT, []) if isinstance(document, dict) else []
    return [str(line) for line in lines] if isinstance(lines, list) else [str(lines)]


def dump(cells: Mapping[str, Mapping[str, Support]], documentation: list[str] | None = None) -> str:
    """The data file's text for ``cells``: rows in the order given, sources in table order,
    one cell per line."""
    import json

    out = ["{"]
    if documentation:
        out.append(f'  "{COMMENT}": [')
        out.append(",\n".join(f"    {json.dumps(line, ensure_ascii=False)}" for line in documentation))
        out.append("  ],")
    rows = []
    for code, row in cells.items():
        entries = [
            f"    {json.dumps(source)}: {json.dumps(dict(_fields(row[source])), ensure_ascii=False)}"
            for source in SOURCES
            if source in row
        ]
        rows.append(f"  {json.dumps(code)}: {{\n" + ",\n".join(entries) + "\n  }")
    out.append(",\n".join(rows))
    out.append("}")
    return "\n".join(out) + "\n"


def _fields(cell: Support) -> list[tuple[str, Any]]:
    fields: list[tuple[str, Any]] = [("status", cell.status)]
    if cell.note:
        fields.append(("note", cell.note))
    if cell.limit is not None:
        fields.append(("limit", cell.limit))
    if cell.allowed is not None:
        fields.append(("allowed", sorted(cell.allowed, key=lambda v: (str(type(v)), v))))
    if cell.condition:
        fields.append(("condition", cell.condition))
    if cell.prescribed:
        fields.append(("prescribed", True))
    if cell.verified:
        fields.append(("verified", cell.verified))
    fields.append(("method", cell.method))
    if cell.model:
        fields.append(("model", cell.model))
    return fields
