"""Dynamic references read as the static references they resolve to, where a document is one
schema resource.

A dynamic reference (``$recursiveRef`` of draft 2019-09, ``$dynamicRef`` of 2020-12) resolves
through the dynamic scope: the outermost schema resource the evaluation passed through that
declares the same dynamic anchor. In a document that is one resource (no ``$id`` below its
root names another) and is judged alone (nothing is ever fetched), every scope holds that one
resource, so the reference always leads to the same node: ``$recursiveRef: "#"`` to the root,
``$dynamicRef: "#name"`` to the node declaring ``$dynamicAnchor: "name"`` (else, as ``$ref``,
to what its fragment names). Written as ``$ref``, with the dynamic anchors left out (a ``$ref``
to one by its name points at its node instead), the document means what it meant, and strict
modes, which resolve no dynamic scope, can take it. Any other document is left as it is.
"""

from __future__ import annotations

from typing import Any

from .pointer import Pointer
from .rebuilding import transform
from .walker import walk

__all__ = ["DYNAMIC_KEYWORDS", "static_references"]

#: the keywords of dynamic references and their anchors
DYNAMIC_KEYWORDS = frozenset({"$dynamicRef", "$recursiveRef", "$dynamicAnchor", "$recursiveAnchor"})
_DYNAMIC_REFS = ("$dynamicRef", "$recursiveRef")


def static_references(document: Any) -> tuple[Any, tuple[Pointer, ...]]:
    """``document`` with each dynamic reference written as the ``$ref`` it resolves to and its
    dynamic anchors left out, and the places of the nodes changed; ``document`` itself (and no
    place) where it holds no dynamic keyword, or where they cannot all be read so: another
    resource embedded (an ``$id`` below the root), an anchor declared twice, a node holding
    both a ``$ref`` and a dynamic reference, or a dynamic reference that is no fragment of
    this document (its keywords then stay, for the caller to refuse)."""
    nodes = [(visit.pointer, visit.schema) for visit in walk(document) if isinstance(visit.schema, dict)]
    if all(DYNAMIC_KEYWORDS.isdisjoint(node) for _, node in nodes):
        return document, ()
    anchors: dict[str, Pointer] = {}
    plain: set[str] = set()
    for pointer, node in nodes:
        if pointer and isinstance(node.get("$id"), str) and not node["$id"].startswith("#"):
            return document, ()  # another resource: its scope may differ
        name, static = node.get("$dynamicAnchor"), node.get("$anchor")
        if isinstance(name, str):
            if name in anchors or name in plain:
                return document, ()
            anchors[name] = pointer
        if isinstance(static, str):
            if static in anchors and anchors[static] != pointer:
                return document, ()
            plain.add(static)
        refs = [node[k] for k in _DYNAMIC_REFS if k in node]
        if refs and ("$ref" in node or len(refs) > 1 or not (isinstance(refs[0], str) and refs[0].startswith("#"))):
            return document, ()
    changed: list[Pointer] = []

    def written(node: Any, pointer: Pointer) -> Any:
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key in _DYNAMIC_REFS or key == "$ref" and isinstance(value, str):
                out["$ref"] = _static(value, anchors)
            elif key not in DYNAMIC_KEYWORDS:
                out[key] = value
        if out == node:
            return node
        changed.append(pointer)
        return out

    return transform(document, written, only=DYNAMIC_KEYWORDS | {"$ref"}), tuple(changed)


def _static(ref: str, anchors: dict[str, Pointer]) -> str:
    """The ``$ref`` a fragment of this document is read as: a dynamic anchor's name as a
    pointer to the node declaring it, anything else as it is."""
    found = anchors.get(ref[1:]) if ref.startswith("#") else None
    return ref if found is None else found.fragment()
