"""Schema resources embedded in a document: a subschema with an ``$id`` of its own, as a
bundled compound document (2020-12) holds them. A reference by such a resource's address
leads into the document; :class:`~.refs.RefResolver` follows it where what the resource holds
reads the same under the root's base as under its own."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from urllib.parse import urldefrag, urljoin

from .pointer import Pointer
from .walker import having


def embedded_resources(schema: Any, named: Iterable[tuple[Pointer, Any]], id_key: str, root: str) -> dict[str, Pointer]:
    """Each resource embedded in ``schema`` by its absolute address (its ``$id`` resolved
    against the resources around it, the outermost against ``root``, the document's own
    address), where every reference in it leads where it would from the root (none by a
    fragment alone) and no resource is embedded in it in turn: references to it can then be
    written as pointers, and read as they were meant. ``named``: the (pointer, node) pairs that
    may declare an ``$id``, in walk order."""
    bases: dict[Pointer, str] = {}
    found: dict[str, Pointer] = {}
    for pointer, node in named:
        own = node.get(id_key) if pointer and isinstance(node, dict) else None
        if not isinstance(own, str) or own.startswith("#"):
            continue
        around = next((bases[up] for up in _above(pointer) if up in bases), root)
        address = urldefrag(urljoin(around, own)).url
        bases[pointer] = address
        if address not in found and _reads_alike(pointer.resolve(schema), address, root, id_key):
            found[address] = pointer
    return found


def _above(pointer: Pointer) -> list[Pointer]:
    """The nodes on the way down to ``pointer``, nearest first (the root left out)."""
    return [Pointer(pointer[:cut]) for cut in range(len(pointer) - 1, 0, -1)]


def _reads_alike(resource: Any, address: str, root: str, id_key: str) -> bool:
    """Whether every reference inside ``resource`` (whose address is ``address``) leads to the
    same place resolved against the document's root address ``root``, and no resource is
    embedded in it in turn."""
    for pointer, node, _ in having(resource, frozenset({"$ref", id_key})):
        ref, own = node.get("$ref"), node.get(id_key)
        if pointer and isinstance(own, str) and not own.startswith("#"):
            return False
        if ref is not None and (
            not isinstance(ref, str) or ref.startswith("#") or urljoin(address, ref) != urljoin(root, ref)
        ):
            return False
    return True
