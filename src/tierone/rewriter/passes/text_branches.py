"""Whether a subtree carried as a JSON string (to keep a limit) would stand beside text: a
union branch whose sibling takes a string reads a string as that text, never as the JSON it
holds (:func:`~tierone.rewriter.text_or_json.beside_text`), so an encoded value there would be
read back as a string. Encoding a node makes it take text, and with it the union holding it as
a branch and every reference leading to either: none of them may be a branch beside text.
A union branch beside text that no reference names may still be carried, in the one member
``tierone_json`` of an object (an object takes no text): :func:`wraps_beside_text`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.pointer import Pointer
from ...core.refs import ReferenceGraph, followed
from ...core.walker import walked
from ..text_or_json import beside_text


def beside_text_once_encoded(graph: ReferenceGraph) -> Callable[[Pointer], bool]:
    """Whether the node at a pointer of ``graph``'s schema, carried as a JSON string, would
    make something that then takes text a union branch beside another that takes text."""
    schema = graph.schema
    sites_of: dict[Pointer, list[Pointer]] = {}
    for site, target in graph.edges.items():
        sites_of.setdefault(target, []).append(site)

    deref = _deref(graph)

    def beside(node: Pointer) -> bool:
        way, seen = [node], {node}
        while way:
            at = way.pop()
            then = list(sites_of.get(at, ()))
            if at[-2:-1] in (("anyOf",), ("oneOf",)) and walked(at[:-2]):
                holder = Pointer(at[:-2])
                if beside_text(holder.resolve(schema)[at[-2]], at.resolve(schema), deref):
                    return True
                then.append(holder)  # the union holding it takes text now
            way.extend(p for p in then if p not in seen)
            seen.update(then)
        return False

    return beside


def wraps_beside_text(graph: ReferenceGraph) -> Callable[[Pointer], bool]:
    """Whether the node at a pointer of ``graph``'s schema is a union branch beside one that
    takes text, which no reference names: carried as a JSON string, it travels in a
    ``tierone_json`` object (:func:`~.encoded_unions.json_wrapper`), which the union's reading
    unwraps (``answers.branches``)."""
    schema = graph.schema
    named = frozenset(graph.edges.values())

    deref = _deref(graph)

    def wraps(at: Pointer) -> bool:
        if at[-2:-1] not in (("anyOf",), ("oneOf",)) or not walked(at[:-2]) or at in named:
            return False
        return beside_text(Pointer(at[:-2]).resolve(schema)[at[-2]], at.resolve(schema), deref)

    return wraps


def _deref(graph: ReferenceGraph) -> Callable[[Any], Any]:
    """A node of ``graph``'s schema with its references followed (siblings kept)."""
    return lambda node: followed(node, graph.target, siblings=True)
