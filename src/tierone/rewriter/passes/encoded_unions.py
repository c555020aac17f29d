"""A union that holds both free-form data encoded as a JSON string and a branch that takes
any string would be ambiguous: the model answers a string either way, and restore could not
tell ``"{\\"a\\": 1}"`` meant as text from the same characters meant as the object. There the
encoded data travels as the one member ``tierone_json`` of an object
(:data:`~tierone.rewriter.shapes.JSON_MEMBER`), which no string is mistaken for; restore reads
such a branch the same way (``answers.plans``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...core.pointer import Pointer
from ...core.rebuilding import transform
from ...core.refs import followed
from ...core.walker import having
from ..shapes import JSON_MEMBER
from ..text_or_json import takes_any_string
from .base import Change, graph_of

if TYPE_CHECKING:
    from ...core.refs import ReferenceGraph

#: unions whose branches are alternatives for the one value
_UNIONS = ("anyOf", "oneOf")
_UNION_KEYS = frozenset(_UNIONS)
#: what a wrapped branch no longer has enforced by the vendor
WRAPPED_SHAPE = "the encoded value's shape (any string is accepted in its member tierone_json)"


def wrapped_beside_text(schema: Any, encoded: Mapping[int, tuple[Any, str]]) -> tuple[Any, list[Change]]:
    """``schema`` with each encoded branch of a union that stands beside a branch taking any
    string carried in a ``tierone_json`` wrapper object, and the changes that say so.
    ``encoded``: each node the pass encoded by its ``id``, with the rule that flagged the data."""
    if not encoded:
        return schema, []
    graph = graph_of(schema)
    places: dict[Pointer, tuple[Any, str]] = {}
    for pointer, node, _ in having(schema, _UNION_KEYS):
        for keyword in _UNIONS:
            branches = node.get(keyword)
            if not isinstance(branches, list):
                continue
            targets = [_target(graph, branch) for branch in branches]
            held = [i for i, target in enumerate(targets) if encoded.get(id(target), (None,))[0] is target]
            if held and any(i not in held and takes_any_string(t, graph.target) for i, t in enumerate(targets)):
                for index in held:
                    places[pointer.child(keyword).child(index)] = (targets[index], encoded[id(targets[index])][1])
    if not places:
        return schema, []

    def wrap(node: Any, pointer: Pointer) -> Any:
        return json_wrapper(places[pointer][0]) if pointer in places else node

    what = f"carried in an object's one member {JSON_MEMBER!r} (a branch beside it takes any string)"
    changes = [Change.for_rule(place, what, rule, loosens=WRAPPED_SHAPE) for place, (_, rule) in places.items()]
    return transform(schema, wrap), changes


def json_wrapper(field: Any) -> dict[str, Any]:
    """The object whose one member ``tierone_json`` holds an encoded value (``field``, its string field)."""
    return {
        "type": "object",
        "properties": {JSON_MEMBER: field},
        "required": [JSON_MEMBER],
        "additionalProperties": False,
    }


def _target(graph: ReferenceGraph, branch: Any) -> Any:
    """``branch`` with its local references followed (the last one reached when a reference
    leads nowhere or the chain goes round)."""
    return followed(branch, graph.target)
