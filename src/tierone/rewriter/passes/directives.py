"""The pass that takes the linter's inline suppressions out of a rendition.

A ``"$comment": "tierone: ignore[...]"`` member speaks to ``tierone lint`` about the source; a
rendition is generated, and vendors differ on ``$comment`` (some reject unknown members, some
pass them on to the model), so the directive never reaches one. Any other ``$comment`` is left
to the passes that judge it.
"""

from __future__ import annotations

from typing import Any

from ...core.pointer import Pointer
from ...core.rebuilding import transform
from .base import Change, Options, PassResult, does

#: the member that carries a directive, and the words that make it one
MEMBER = "$comment"
MARK = "tierone:"


@does(
    "a `$comment` holding a `tierone: ignore` directive (for the linter: see [Suppressing "
    "findings](lint.md#suppressing-findings)) is removed"
)
def drop_directives(schema: Any, options: Options) -> PassResult:
    """Every ``$comment`` holding a ``tierone: ignore`` directive removed.

    Before: ``{"type": "string", "$comment": "tierone: ignore[T301]", "minLength": 3}``
    After:  ``{"type": "string", "minLength": 3}``
    """
    from ...linter.suppression import DIRECTIVE

    changes: list[Change] = []

    def drop(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict):
            return node
        comment = node.get(MEMBER)
        if not isinstance(comment, str) or MARK not in comment or DIRECTIVE.search(comment) is None:
            return node
        changes.append(
            Change(
                pointer,
                f"{MEMBER} removed",
                "a tierone: ignore directive is for the linter, not a vendor",
                keyword=MEMBER,
            )
        )
        return {key: value for key, value in node.items() if key != MEMBER}

    return PassResult(transform(schema, drop, only=frozenset({MEMBER})), tuple(changes))
