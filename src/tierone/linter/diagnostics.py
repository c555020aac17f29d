"""Diagnostics: frozen values a reporter renders and a test compares."""

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.errors import InputError, InputWarning
from ..core.pointer import Pointer
from ..subset.profiles import DEFAULT_PROFILE

if TYPE_CHECKING:
    from ..core.discovery import NoMatch


class Diagnostic(NamedTuple):
    """One finding at one place in one schema.

    The place is a :class:`~tierone.core.pointer.Pointer`, a tuple of segments; ``str()``
    renders it as an RFC 6901 pointer, as the reports (and :meth:`to_json`) do.
    """

    #: stable rule code, e.g. ``T102``
    code: str
    #: kebab-case rule name, e.g. ``open-object``
    rule: str
    #: one sentence about the schema at the pointer
    message: str
    #: "error" or "warning"
    severity: str
    #: the node that carries the problem (segments; ``str()`` renders RFC 6901, ``""`` the root)
    pointer: Pointer
    #: the offending keyword, or None (depth, counts, shape)
    keyword: str | None
    #: 1-based place in the source, when the input has a text
    line: int | None
    column: int | None
    #: whether ``tierone rewrite`` can make it go away
    fixable: bool
    #: the vendors whose strict mode rejects this, from the subset table
    vendors: tuple[str, ...]
    #: the input it was found in
    path: str = ""

    def to_json(self) -> dict[str, Any]:
        """The record of the JSON report: the pointer rendered, the vendors a list."""
        record = self._asdict()
        record["pointer"] = str(self.pointer)
        record["vendors"] = list(self.vendors)
        return record


#: the formats of the inputs ``lint --fix`` can write a fix for (a model's schema is made by code)
FIX_FORMATS = frozenset({"json", "yaml"})


class FileResult(NamedTuple):
    """What linting one input gave: diagnostics, or the error that stopped it."""

    path: str
    diagnostics: tuple[Diagnostic, ...] = ()
    error: InputError | None = None
    #: the profile the input was linted with
    profile: str = DEFAULT_PROFILE
    #: "json", "yaml", "model", or "" when the input could not be loaded
    format: str = ""
    #: whether the input was standard input (``lint --fix`` has no file to write for it)
    stdin: bool = False

    @property
    def ok(self) -> bool:
        return self.error is None and not self.diagnostics


class LintReport(NamedTuple):
    """All inputs of one run."""

    results: tuple[FileResult, ...]
    profile: str
    #: the directories in which no file matched the include patterns (warnings)
    unmatched: tuple["NoMatch", ...] = ()
    #: with ``explain_fixes``: what the rewrite would change for each fixable finding (the
    #: rewriter's ``Change`` values: ``pointer``, ``what``, ``why``, ``rule``)
    fixes: Mapping[Diagnostic, tuple[Any, ...]] | None = None
    #: what was worth a line about an input that was still linted (a rendition marker that
    #: cannot be followed: the file is linted as a schema)
    warnings: tuple[InputWarning, ...] = ()

    @property
    def diagnostics(self) -> tuple[Diagnostic, ...]:
        return tuple(d for r in self.results for d in r.diagnostics)

    @property
    def fixable_by_fix(self) -> int:
        """Fixable findings in the inputs ``lint --fix`` can act on: files (not a model, not stdin)."""
        return sum(
            1 for r in self.results if r.format in FIX_FORMATS and not r.stdin for d in r.diagnostics if d.fixable
        )

    @property
    def errors(self) -> tuple[InputError, ...]:
        return tuple(r.error for r in self.results if r.error is not None)

    @property
    def exit_code(self) -> int:
        """0 clean, 1 findings, 2 at least one input could not be checked, or no input was found."""
        if self.errors or not self.results:
            return 2
        return 1 if self.diagnostics else 0
