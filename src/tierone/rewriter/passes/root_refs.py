"""The pass that inlines pydantic's root ``$ref``: a root that is only a reference into ``$defs``
becomes the definition itself, and references to it point at the root ``#``."""

from __future__ import annotations

from typing import Any

from ...core.pointer import ROOT as HERE
from ...core.pointer import Pointer, PointerError
from ...core.rebuilding import transform
from ...core.walker import REFERENCE
from .base import Change, Options, PassResult, does

#: root keywords that may stand beside a root ``$ref`` and still let it be inlined
_ROOT_SIBLINGS = frozenset({"$ref", "$defs", "$schema", "$id", "$comment", "title", "description"})


@does(
    "a root that is only a `$ref` into `$defs` (how pydantic writes a recursive model), or into a folder of "
    "definitions there (`#/$defs/A/full`), becomes that definition; references to it point at the root `#`"
)
def inline_root_ref(schema: Any, options: Options) -> PassResult:
    """A root that is only a ``$ref`` into ``$defs`` (how pydantic writes a recursive model)
    becomes the definition itself; the definition's other references point at the root.

    Before: ``{"$ref": "#/$defs/Node", "$defs": {"Node": {"type": "object", "properties":
    {"children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}}}}}``
    After:  ``{"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#"}}}}``
    """
    path = _root_target(schema)
    if path is None:
        return PassResult(schema)
    # a definition leaves $defs; a body in a folder of them (`#/$defs/A/full`) stays there for
    # the folder's other references (a folder none refers to any more is dropped later)
    defs = {k: v for k, v in schema["$defs"].items() if len(path) > 1 or k != path[0]}
    target = Pointer(("$defs", *path)).fragment()
    body = {k: v for k, v in Pointer(("$defs", *path)).resolve(schema).items() if k not in _NOT_KEPT}
    root = {
        **{k: schema[k] for k in ("$schema", "$id") if k in schema},
        **body,
        **{k: schema[k] for k in ("title", "description", "$comment") if k in schema},
    }
    if defs:
        root["$defs"] = defs

    def retarget(node: Any, pointer: Any) -> Any:  # into the definition (what the body keeps of it): into the root
        ref = node.get("$ref") if isinstance(node, dict) else None
        inside = ref[len(target) :] if isinstance(ref, str) and ref.startswith(target) else None
        if inside == "" or (inside is not None and inside.startswith("/") and not inside.startswith(_LEFT)):
            return {**node, "$ref": "#" + inside}
        return node

    change = Change.for_rule(HERE, f"the root $ref {target!r} inlined; references to it point at the root", "T101")
    return PassResult(transform(root, retarget, only=REFERENCE), (change,))


#: what the root keeps not of the definition it becomes (its own folder of definitions and identity)
_NOT_KEPT = ("$defs", "$id", "$schema")
#: a reference into what the root does not keep leads nowhere still (refused, as before)
_LEFT = tuple(f"/{key}" for key in _NOT_KEPT)


def _root_target(schema: Any) -> tuple[str, ...] | None:
    """Where under ``$defs`` the root's ``$ref`` leads (a definition, or a body in a folder of them),
    when the root is only that reference (beside what may stand with it)."""
    if not isinstance(schema, dict) or not set(schema) <= _ROOT_SIBLINGS or not isinstance(schema.get("$defs"), dict):
        return None
    ref = schema.get("$ref")
    if not isinstance(ref, str) or not ref.startswith("#/$defs/"):
        return None
    try:
        pointer = Pointer.parse(ref[1:])
        node = pointer.resolve(schema)
    except PointerError:
        return None
    path = tuple(str(segment) for segment in pointer[1:])
    return path if isinstance(node, dict) and all(isinstance(p, str) for p in pointer) else None
