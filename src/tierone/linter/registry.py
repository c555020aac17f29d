"""Which check function finds which rule, collected from the checks' own declarations.

Rule metadata (name, message, docs, vendor support, fix) lives in the subset table; each
check says where it is defined which rule it finds and when it runs (``checks.base``'s
``node_check``, ``keyword_check`` and ``final_check``). This module only sorts those
declarations into the tables the engine plans from.
"""

from __future__ import annotations

from . import checks as c

#: rules judged once per node
NODE: dict[str, c.NodeCheck] = {d.code: d.check for d in c.DETECTORS if d.stage == "node"}

#: rules judged on each of their table row's keywords
KEYWORD: dict[str, c.KeywordCheck] = {
    d.code: d.check for d in c.DETECTORS if d.stage == "keyword" and d.keywords is None
}


def _extra() -> dict[str, tuple[tuple[str, c.KeywordCheck], ...]]:
    found: dict[str, list[tuple[str, c.KeywordCheck]]] = {}
    for d in c.DETECTORS:
        if d.stage == "keyword" and d.keywords is not None:
            found.setdefault(d.code, []).extend((kw, d.check) for kw in d.keywords)
    return {code: tuple(pairs) for code, pairs in found.items()}


#: keyword checks whose keywords are not the row's own (one rule, several detectors)
KEYWORD_EXTRA: dict[str, tuple[tuple[str, c.KeywordCheck], ...]] = _extra()

#: rules judged once the whole schema has been walked
FINAL: dict[str, c.FinalCheck] = {d.code: d.check for d in c.DETECTORS if d.stage == "final"}

#: rules with no detector of their own (T801 the engine's report of a suppression that
#: suppressed nothing, T409 a count of a request's tools, judged by ``linter.requests``, never
#: on one schema); T605's detector finds a keyword outside the schema's draft, and the engine's
#: fall-through every key no rule knows
IMPLICIT = frozenset({"T801", "T409"})
