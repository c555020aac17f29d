"""The values the subset table is made of: a feature row, each source's support for it."""

from collections.abc import Mapping
from typing import Any, NamedTuple

from ..vendors import COLUMNS
from ..vendors import VENDORS as _VENDORS

SUPPORTED, UNSUPPORTED, PARTIAL, LIMITED = "supported", "unsupported", "partial", "limited"

#: the rewriter's pass that takes keywords out of the wire schema (stating them in the
#: description): a row fixed by it has its own keywords stripped (a row without keywords,
#: unknown-keyword, has every unknown keyword stripped)
STRIP = "strip_constraints"

#: the vendors' strict modes, in the order reports name them (each is a module of ``tierone.vendors``)
VENDORS = tuple(_VENDORS)
#: the specification's own column: the OpenWOP RFC 0030 Tier-1 subset
OPENWOP = "openwop"
#: every column of the table: each vendor's own, the Tier-1 subset itself, then the vendors'
#: other dialects (Gemini's OpenAPI)
SOURCES = (*VENDORS, OPENWOP, *(c for c in COLUMNS if c not in _VENDORS))
SOURCE_TITLES = {
    **{c.name: c.title for c in COLUMNS.values()},
    OPENWOP: "OpenWOP RFC 0030 Tier-1 subset (spec/v1/structured-output-subset.md)",
}
SOURCE_TITLES = {source: SOURCE_TITLES[source] for source in SOURCES}
#: columns that hold only the cells in which they differ from another column (every other
#: cell of ``gemini-openapi`` is Gemini's)
DERIVED = {c.name: c.derived_from for c in COLUMNS.values() if c.derived_from is not None}


class Support(NamedTuple):
    """One source's support for one feature."""

    #: supported, unsupported, partial, or limited (a numeric limit)
    status: str
    #: what exactly is and is not accepted
    note: str = ""
    #: ISO date this cell was last checked against the source
    verified: str = ""
    #: for limited cells: the largest accepted value
    limit: int | None = None
    #: for partial cells: the values the source accepts (any other value is rejected)
    allowed: frozenset[Any] | None = None
    #: how the cell was last verified: "docs" (reading the vendor's documentation) or
    #: "probe" (``tierone probe`` against the live API)
    method: str = "docs"
    #: for probed cells: the model the probe ran against
    model: str = ""
    #: for partial cells: the name of the check a value must pass (``subset.conditions``)
    condition: str | None = None
    #: the source prescribes this spelling (RFC 0030 §D's type list): a profile that includes
    #: the source keeps it, whatever reservations its other sources have
    prescribed: bool = False


class RuleDoc(NamedTuple):
    """The rule documentation, in the sections users know from ruff."""

    what: str
    why: str
    example: str
    use_instead: str
    fix: str = ""


def doc(what: str, why: str, example: str, use_instead: str, fix: str = "") -> RuleDoc:
    """A rule's documentation, its examples trimmed."""
    return RuleDoc(what, why, example.strip(), use_instead.strip(), fix)


class Feature(NamedTuple):
    """One row: a JSON-Schema feature, the rule that finds it, and each source's support."""

    #: stable rule code, prefix plus digits
    code: str
    #: kebab-case rule name: it names the pattern that is flagged
    name: str
    #: keyword, keyword-in-context, structure, limit, or suppression (tierone's own directives)
    kind: str
    #: the keywords the feature is about (empty for structure and limits)
    keywords: tuple[str, ...]
    #: message template; ``{keyword}``, ``{value}``, ``{count}``, ``{limit}``, ... are filled in
    message: str
    doc: RuleDoc
    support: Mapping[str, Support] = {}
    #: checked by the OpenWOP conformance suite's always-on ("load-bearing") leg
    load_bearing: bool = False
    #: how ``tierone rewrite`` makes the finding go away: the name of the pass that does it
    #: (one of ``rewriter.passes.PASSES``; ``STRIP`` strips the row's keywords), or None
    fix: str | None = None
    #: a limit that counts across every schema of one request (all its strict tools and its
    #: output schema together), as the vendors whose cells limit it say
    per_request: bool = False

    def cell(self, source: str) -> Support:
        """The source's cell; a derived column's own where it has one, else its base's. A
        missing cell of any other column is an error (the table loader refuses such a file)."""
        found = self.support.get(source)
        if found is not None:
            return found
        base = DERIVED.get(source)
        if base is None:
            raise LookupError(f"{self.code} has no cell for {source}: every row holds one per column")
        return self.cell(base)

    @property
    def fixable(self) -> bool:
        """Whether the rewriter can make this finding go away (derived from ``fix``)."""
        return self.fix is not None

    @property
    def strips(self) -> tuple[str, ...]:
        """The keywords the rewriter takes out of the wire schema for this rule."""
        return self.keywords if self.fix == STRIP else ()

    @property
    def category(self) -> str:
        return CATEGORIES[self.code[:2]]


CATEGORIES = {
    "T1": "shape",
    "T2": "keywords",
    "T3": "bounds",
    "T4": "limits",
    "T5": "references",
    "T6": "enforceability",
    "T7": "reasoning",
    "T8": "suppression",
}
