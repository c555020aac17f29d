"""The pass that writes dynamic references (``$recursiveRef``, ``$dynamicRef``) as the static
``$ref`` each resolves to, where the document is one schema resource
(:mod:`tierone.core.static_refs` says when, and why the meaning stays). It runs before anything
reads a reference; restore reads answers by the same reading, and judges them against the
original as it is."""

from __future__ import annotations

from typing import Any

from ...core import static_refs
from .base import Change, Options, PassResult, does


@does(
    "in a document that is one schema resource (no `$id` below its root), a dynamic reference "
    '(`$recursiveRef: "#"`, `$dynamicRef: "#name"`) becomes the `$ref` it always resolves to there '
    "(the root; the node declaring `$dynamicAnchor: name`) and the dynamic anchors leave: the same meaning, "
    "which strict modes can take; a document embedding other resources keeps them, refused (T211)"
)
def static_references(schema: Any, options: Options) -> PassResult:
    """Dynamic references written as static ones where the document is one resource.

    Before: ``{"$dynamicAnchor": "node", "properties": {"next": {"$dynamicRef": "#node"}}}``
    After:  ``{"properties": {"next": {"$ref": "#"}}}``
    """
    written, places = static_refs.static_references(schema)
    what = "dynamic reference written as the static `$ref` it resolves to in a document of one resource"
    return PassResult(written, tuple(Change.for_rule(place, what, "T211") for place in places))
