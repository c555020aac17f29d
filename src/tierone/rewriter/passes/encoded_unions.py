"""A union that holds both free-form data encoded as a JSON string and a branch that takes
any string would be ambiguous: the model answers a string either way, and restore could not
tell ``"{\\"a\\": 1}"`` meant as text from the same characters meant as the object. There the
encoded data travels as the one member ``tierone_json`` of an object
(:data:`~tierone.rewriter.shapes.JSON_MEMBER`), which no string is mistaken for; restore reads
such a branch the same way (``answers.plans``). And a ``type`` beside a union one of whose
branches was encoded, which would refuse the string, is left to the other branches."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.jsontypes import declared_types
from ...core.pointer import Pointer
from ...core.rebuilding import transform
from ...core.refs import followed
from ...core.walker import having
from ..shapes import JSON_MEMBER
from ..text_or_json import takes_any_string
from .base import Change, targets_in

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
    target_of = targets_in(schema)  # (worked out where a branch first is a reference)

    places: dict[Pointer, tuple[Any, str]] = {}
    for pointer, node, _ in having(schema, _UNION_KEYS):
        for keyword in _UNIONS:
            branches = node.get(keyword)
            if not isinstance(branches, list):
                continue
            targets = [followed(branch, target_of) for branch in branches]  # a reference: the last one reached
            held = [i for i, target in enumerate(targets) if encoded.get(id(target), (None,))[0] is target]
            if held and any(i not in held and takes_any_string(t, target_of) for i, t in enumerate(targets)):
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


def typed_for_encoded(node: Any, pointer: Pointer, encoded: dict[int, tuple[Any, str]], changes: list[Change]) -> Any:
    """``node`` (its branches just transformed) without the ``type`` that excludes a string
    where a branch of its union was just encoded as one (beside ``{"type": "object"}``, a
    branch taking any value takes any object: now a JSON string, which that type would
    refuse). The type is left to the other branches (each keeps the types both say; left as it
    is where one is a reference or would keep none); restore checks the original's type on read."""
    if not encoded or not isinstance(node, dict) or ("anyOf" not in node and "oneOf" not in node):
        return node  # (most nodes)
    declared = declared_types(node)
    if declared is None or "string" in declared:
        return node
    unions = [k for k in ("anyOf", "oneOf") if isinstance(node.get(k), list)]
    if not any(isinstance(b, dict) and id(b) in encoded for k in unions for b in node[k]):
        return node
    # (an empty ``properties`` or ``required`` says nothing, and goes with it)
    out = {k: v for k, v in node.items() if k != "type" and not (k in ("properties", "required") and v in ({}, []))}
    for key in unions:
        branches = [b if isinstance(b, dict) and id(b) in encoded else _narrowed(b, declared) for b in node[key]]
        if any(b is None for b in branches):
            return node
        out[key] = branches
    what = f"type {node['type']!r} left to the union branches (a branch is encoded as a JSON string)"
    changes.append(Change.for_rule(pointer, what, "T102"))
    return out


def _narrowed(branch: Any, declared: tuple[str, ...]) -> dict[str, Any] | None:
    """A union branch that also says the ``declared`` types of the node it stood beside (None
    where it cannot: a reference, or a branch of none of those types)."""
    if not isinstance(branch, dict) or "$ref" in branch:
        return None
    own = declared_types(branch)
    kept = (
        list(declared)
        if own is None
        else [t for t in own if t in declared or (t == "integer" and "number" in declared)]
    )
    if not kept:
        return None
    return {**branch, "type": kept[0] if len(kept) == 1 else kept}
