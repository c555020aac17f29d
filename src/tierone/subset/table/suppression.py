"""Rows of the rules about tierone's own directives (T8xx): not JSON-Schema features, so no
source has a cell for them and every profile enables them (the engine plans them itself)."""

from __future__ import annotations

from ..model import Feature, doc

ROWS: tuple[Feature, ...] = (
    Feature(
        "T801",
        "unused-suppression",
        "suppression",
        (),
        "unused suppression `{directive}`{detail}",
        doc(
            'Finds inline suppressions (`# tierone: ignore[...]` in YAML, a `"$comment": '
            '"tierone: ignore[...]"` member in JSON) that suppress no finding: the codes they '
            "name are not found on their node, name no rule, or the directive stands on no "
            "node's line.",
            "A suppression outlives the problem it silenced: left in place, it hides the next "
            "finding of that code on the node without anyone deciding to (ruff's RUF100 idea).",
            "properties:\n  name:  # tierone: ignore[T301]\n    type: string",
            "remove the directive, or name only the codes found on its node",
            "`tierone rewrite` leaves every directive out of a rendition (a rendition has "
            "nothing to suppress); in the source, remove it by hand.",
        ),
        fix="drop_directives",
    ),
)
