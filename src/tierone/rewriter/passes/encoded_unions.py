"""A union that holds both free-form data encoded as a JSON string and a branch that takes
strings cannot be read back: the model answers a string either way, and restore cannot tell
``"{\\"a\\": 1}"`` meant as text from the same characters meant as the object. Such a union is
refused at the encoded branch rather than rendered with a meaning restore would guess."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...core.jsontypes import declared_types
from ...core.refs import followed
from ...core.walker import walk
from .base import Unfixable, graph_of

if TYPE_CHECKING:
    from ...core.refs import ReferenceGraph

#: unions whose branches are alternatives for the one value
_UNIONS = ("anyOf", "oneOf")


def ambiguous_unions(schema: Any, encoded: Mapping[int, str]) -> list[Unfixable]:
    """The encoded branches of ``schema``'s unions that stand beside a branch taking strings.
    ``encoded``: the ``id`` of each node the pass encoded, with the rule that flagged the data."""
    if not encoded:
        return []
    graph = graph_of(schema)
    found = []
    for visit in walk(schema):
        node = visit.schema
        for keyword in _UNIONS:
            branches = node.get(keyword) if isinstance(node, dict) else None
            if not isinstance(branches, list):
                continue
            targets = [_target(graph, branch) for branch in branches]
            held = [i for i, target in enumerate(targets) if id(target) in encoded]
            texts = [i for i, target in enumerate(targets) if i not in held and _takes_strings(graph, target)]
            if held and texts:
                for index in held:
                    found.append(
                        Unfixable(
                            visit.pointer.child(keyword).child(index),
                            encoded[id(targets[index])],
                            f"free-form data, encoded as a JSON string, beside branch {texts[0]}, which takes any "
                            "string: restore could not tell the two apart",
                        )
                    )
    return found


def _target(graph: ReferenceGraph, branch: Any) -> Any:
    """``branch`` with its local references followed (the last one reached when a reference
    leads nowhere or the chain goes round)."""
    return followed(branch, graph.target)


def _takes_strings(graph: ReferenceGraph, node: Any, seen: frozenset[int] = frozenset()) -> bool:
    """Whether ``node`` accepts any string (one without ``enum`` or ``const``, which name the
    strings they take). ``seen``: the unions being looked into (a cycle of them takes nothing
    more on its second round)."""
    if node is True:
        return True
    if not isinstance(node, dict) or "enum" in node or "const" in node or id(node) in seen:
        return False
    for keyword in _UNIONS:
        if isinstance(node.get(keyword), list):
            inside = seen | {id(node)}
            return any(_takes_strings(graph, _target(graph, b), inside) for b in node[keyword])
    types = declared_types(node)
    return types is None and "$ref" not in node or types is not None and "string" in types
