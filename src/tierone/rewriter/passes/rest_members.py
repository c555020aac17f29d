"""An open object that declares members, carried with its declared members as they are and
the others in its JSON string member ``tierone_rest`` (:mod:`..open_objects`): what
``encode_free_form`` writes for it rather than JSON text for the whole object."""

from __future__ import annotations

from typing import Any

from ...core.pointer import Pointer
from ...core.refs import ReferenceGraph
from ..open_objects import OTHERS_SHAPE
from ..shapes import REST_MEMBER, list_at
from .base import Change
from .encoded import encoded_field
from .gathering import HELD

#: the keywords that say what the members an object does not declare may be
_OTHERS = ("additionalProperties", "patternProperties")


def with_rest(
    node: dict[str, Any], pointer: Pointer, graph: ReferenceGraph, rule: str
) -> tuple[dict[str, Any], Change]:
    """``node`` (:func:`~..open_objects.open_with_members`) with the members it does not declare
    in its string member ``tierone_rest``, which it requires (``"{}"`` where there are none),
    their schema stated in its description; a name it requires without declaring it is no
    longer required there (restore checks it); and the change, for ``rule``."""
    declared = node["properties"]
    required = list_at(node, "required")
    others = {"type": "object", **{key: node[key] for key in _OTHERS if key in node}}
    kept = {key: value for key, value in node.items() if key not in _OTHERS or value is False}  # closed stays closed
    kept["properties"] = {**declared, REST_MEMBER: encoded_field(others, graph, HELD)}
    kept["required"] = [*(name for name in required if name in declared), REST_MEMBER]
    undeclared = [name for name in required if name not in declared]
    loosens = OTHERS_SHAPE + (f", and that it has {', '.join(map(repr, undeclared[:3]))}" if undeclared else "")
    what = f"the members it does not declare travel in its member {REST_MEMBER!r}, a JSON string (it is open)"
    return kept, Change.for_rule(pointer, what, rule, loosens=loosens)
