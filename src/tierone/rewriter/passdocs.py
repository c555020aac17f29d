"""The pass table of docs/rewrite.md, rendered from the passes: one row per pass of
:data:`~tierone.rewriter.passes.PASSES`, in the order they run, each saying what the pass
says it does (``@does(...)`` beside its code). The rest of the page is written by hand;
the table stands between two marker comments, and :func:`refresh_block` puts the current
one there (``scripts/generate_docs.py`` writes the page)."""

from __future__ import annotations

from .passes import PASSES, WHAT_IT_DOES

#: the comment that opens the generated block on the page
BEGIN = "<!-- passes: generated from tierone.rewriter.passes; run python scripts/generate_docs.py -->"
#: the comment that closes it
END = "<!-- /passes -->"


def table() -> str:
    """The Markdown table of the passes, in the order they run."""
    rows = [f"| {step.__name__} | {_cell(WHAT_IT_DOES[step])} |" for step in PASSES]
    return "\n".join(["| pass | what it does |", "|---|---|", *rows]) + "\n"


def _cell(text: str) -> str:
    """``text`` as a table cell: each ``|`` escaped, so that it does not end the cell."""
    return text.replace("|", r"\|")


def block() -> str:
    """The generated block as the page holds it: the table between the two markers."""
    return f"{BEGIN}\n\n{table()}\n{END}"


def block_in(page: str) -> str:
    """The block ``page`` holds, markers included; a :class:`ValueError` if it has none."""
    start = page.find(BEGIN)
    end = page.find(END, start)
    if start < 0 or end < 0:
        raise ValueError(f"the page has no block between {BEGIN!r} and {END!r}")
    return page[start : end + len(END)]


def refresh_block(page: str) -> str:
    """``page`` with its block replaced by the current one (the rest of the page as it is)."""
    return page.replace(block_in(page), block(), 1)
