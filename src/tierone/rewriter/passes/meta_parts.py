"""The pass that copies in a part of a meta-schema a ``$ref`` names
(``http://json-schema.org/draft-04/schema#/definitions/positiveInteger``, as Swagger 2.0's schema
writes its bounds): jsonschema ships the meta-schemas, so nothing is fetched, and restore reads the
same part from the same copy."""

from __future__ import annotations

from typing import Any

from ...core.meta_schemas import meta_schema_part
from ...core.pointer import ROOT, Pointer
from ...core.rebuilding import transform
from ...core.walker import REFERENCE
from .base import Change, Options, PassResult, does
from .hoisting import hoist_references
from .old_drafts import numeric_exclusive_bounds

#: the root's member the copied meta-schemas stand in while ``hoist_references`` copies each part
#: a reference names into ``$defs``; then it goes: never in a rendition
HELD_MEMBER = "x-tierone-meta-schemas"


@does(
    "a `$ref` into a part of a draft 4, 6 or 7 meta-schema (`http://json-schema.org/draft-04/schema#/definitions/"
    "positiveInteger`), in a document of a dialect that reads that part alike, points at a copy of the part in "
    "`$defs` (jsonschema ships the meta-schemas: nothing is fetched); a reference back to the whole meta-schema "
    "inside it names a value that is itself a schema, carried as JSON text"
)
def copy_meta_schema_parts(schema: Any, options: Options) -> PassResult:
    """A reference into a part of a meta-schema jsonschema ships becomes a local one to a copy
    of it in ``$defs``, made as ``hoist_references`` copies the target of any reference that is
    no definition (the parts it refers to too). The copy's own references stay inside
    it, but one to the whole meta-schema (``#``), which names any schema, names it by its
    address: a value that is itself a schema, which ``encode_free_form`` carries as JSON text.

    Before: ``{"properties": {"n": {"$ref": "http://json-schema.org/draft-04/schema#/definitions/positiveInteger"}}}``
    After:  ``{"properties": {"n": {"$ref": "#/$defs/positiveInteger"}}, "$defs": {"positiveInteger":
            {"type": "integer", "minimum": 0}}}``
    """
    if not isinstance(schema, dict) or HELD_MEMBER in schema:
        return PassResult(schema)
    held: dict[str, Any] = {}
    changes: list[Change] = []

    def retarget(node: Any, pointer: Pointer) -> Any:
        part = meta_schema_part(node.get("$ref"), schema) if isinstance(node, dict) else None
        if part is None:
            return node
        name, document, inside = part
        if name not in held:
            held[name] = _localized(document, ROOT.child(HELD_MEMBER).child(name))
        local = Pointer((HELD_MEMBER, name, *inside)).fragment()
        changes.append(Change.for_rule(pointer, f"points at a copy of {node['$ref']} (jsonschema ships it)", "T502"))
        return {**node, "$ref": local}

    out = transform(schema, retarget, only=REFERENCE)
    if not held:
        return PassResult(schema)
    # each part referred to (and each it refers to) copied into $defs, as any target that is no definition is
    hoisted = hoist_references({**out, HELD_MEMBER: held}, options)
    inside = ROOT.child(HELD_MEMBER)
    changes += [c for c in hoisted.changes if not inside.is_prefix_of(c.pointer)]  # (no place of the original)
    bounded = numeric_exclusive_bounds({k: v for k, v in hoisted.schema.items() if k != HELD_MEMBER}, options)
    return PassResult(bounded.schema, (*changes, *bounded.changes))  # (draft 4's boolean bounds in the copies)


def _localized(document: Any, place: Pointer) -> Any:
    """A meta-schema's copy to stand at ``place``: without its own address, its references to
    its parts made local to the copy, and those to itself whole named by its address."""
    address = document.get("id") or document.get("$id")
    body = {k: v for k, v in document.items() if k not in ("$schema", "$id", "id")}
    prefix = place.fragment()

    def local(node: Any, pointer: Pointer) -> Any:
        ref = node.get("$ref") if isinstance(node, dict) else None
        if not isinstance(ref, str) or not ref.startswith("#"):
            return node
        return {**node, "$ref": address if ref == "#" else prefix + ref[1:]}

    return transform(body, local, only=REFERENCE)
