"""THE subset table: one row per JSON-Schema feature, one cell per vendor and per the RFC.

The rows (code, name, message, docs, and how the rewriter fixes the finding) are Python,
one module per family (``shape``, ``keywords``, ``bounds``, ``limits``, ``references``,
``enforceability``, ``reasoning``); the cells (what each source accepts, when it was last
verified and how: by reading the docs or by ``tierone probe``) are data in ``table.json``,
read once when this package is imported (see ``cells``).

Everything else derives from these rows: the rules each profile enables, the severity and
"which vendors reject this" of every diagnostic, which keywords the rewriter strips, the
rule docs and the generated subset page.
"""

from __future__ import annotations

from ..cells import TableError, data_path, load
from ..model import Feature
from . import bounds, enforceability, keywords, limits, reasoning, references, shape, spellings, suppression


def _with_cells(rows: tuple[Feature, ...]) -> tuple[Feature, ...]:
    cells = load()
    missing = [row.code for row in rows if row.code not in cells]
    if missing:
        raise TableError(f"{data_path()}: no cells for {', '.join(missing)} (every rule holds one per column)")
    ordered = sorted(rows, key=lambda row: row.code)  # `tierone rules` and the docs list codes in order
    return tuple(row._replace(support=cells[row.code]) for row in ordered)


#: every row, with its cells from the data file, in code order
FEATURES = _with_cells(
    shape.ROWS
    + keywords.ROWS
    + spellings.ROWS
    + bounds.ROWS
    + limits.ROWS
    + references.ROWS
    + enforceability.ROWS
    + reasoning.ROWS
    + suppression.ROWS
)

#: keywords that are annotations: always allowed, never reported as unknown
ANNOTATIONS = frozenset(
    {"title", "description", "$comment", "examples", "$schema", "$id", "$defs", "definitions", "propertyOrdering"}
)
#: keywords that say nothing about instances: the annotations, and those that rules do
#: report (``default``) or that are unknown to the subset but constrain nothing
NOT_CONSTRAINING = ANNOTATIONS | {"default", "deprecated", "readOnly", "writeOnly"}
#: keywords that the subset supports (allowed wherever they make sense)
SUPPORTED_KEYWORDS = frozenset(
    {"type", "properties", "required", "additionalProperties", "items", "enum", "anyOf", "$ref"}
)

#: the JSON Schema keywords the table knows: a row's keywords, the annotations, the supported
#: ones (a key outside them is an unknown keyword, which constrains nothing a validator checks)
TABLE_KEYWORDS = frozenset({kw for feature in FEATURES for kw in feature.keywords} | ANNOTATIONS | SUPPORTED_KEYWORDS)

BY_CODE = {feature.code: feature for feature in FEATURES}
BY_NAME = {feature.name: feature for feature in FEATURES}
