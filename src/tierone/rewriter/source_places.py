"""Where a place of a rendition stands in the original: the place a refusal names (the author's
own), read back through what the rewrite spelled or renamed."""

from __future__ import annotations

from typing import Any

from ..core.pointer import Pointer, PointerError


def in_source(pointer: Pointer, original: Any) -> Pointer:
    """``pointer`` (into the rendition) without the ``anyOf/N`` steps the nullable spelling put
    in (where the original has no union), and with the original's names where the rendition
    renamed (:data:`_RENAMED`): a refusal names the place the author wrote. Past a step the
    original does not have (a definition moved or renamed), the rest is kept as it is."""
    kept: list[Any] = []
    node, parts, at = _root_target(original), tuple(pointer), 0
    while at < len(parts):
        part = parts[at]
        if (
            part == "anyOf"
            and at + 1 < len(parts)
            and isinstance(node, dict)
            and "anyOf" not in node
            and "oneOf" not in node
            and (not kept or kept[-1] not in ("properties", "$defs", "definitions"))
        ):
            at += 2
            continue
        if part in _RENAMED and isinstance(node, dict) and part not in node and _RENAMED[part] in node:
            part = _RENAMED[part]
        kept.append(part)
        if isinstance(node, dict) and isinstance(part, str):
            node = node.get(part)
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
        else:
            return Pointer((*kept, *parts[at + 1 :]))
        at += 1
    return Pointer(tuple(kept))


#: what the rendition calls by another name than the original: its definitions, and a union renamed
_RENAMED = {"$defs": "definitions", "anyOf": "oneOf"}


def _root_target(original: Any) -> Any:
    """The node the rendition's root stands for: the target of a root that is only a local
    ``$ref`` (pydantic's recursive model, inlined by the rewrite), else the root."""
    ref = original.get("$ref") if isinstance(original, dict) and "properties" not in original else None
    if isinstance(ref, str) and ref.startswith("#/"):
        try:
            return Pointer.parse(ref).resolve(original)
        except PointerError:
            return original
    return original
