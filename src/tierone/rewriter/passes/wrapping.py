"""The pass that carries a root strict modes cannot take (an array, a scalar, a union, a
reference they cannot inline, free-form data) as the one member of an object root, which
restore takes back out (:data:`~tierone.rewriter.shapes.ROOT_MEMBER`)."""

from __future__ import annotations

from typing import Any

from ...core.naming import free_name
from ...core.pointer import ROOT, Pointer
from ...core.rebuilding import transform
from ...core.refs import followed
from ...core.walker import REFERENCE, having, walk
from ..members_never_given import without_members_never_given
from ..open_objects import open_with_members
from ..shapes import ROOT_MEMBER, dict_at, free_form_rule, is_free_form, is_object_root, list_at
from .base import Change, Options, PassResult, Unfixable, _flagged, does, targets_in
from .branch_members import union_key
from .map_cycles import maps_on_a_cycle

#: root keywords that stay on the wrapper: the dialect, the base URI, the definitions (their
#: ``#/$defs/...`` references still resolve there)
_STAY = ("$schema", "$id", "$defs", "definitions")


@does(
    f"a root strict modes cannot take (an array, a scalar, a union, free-form data: an open object whose "
    f"members can never be given too, as they leave; not an open object that declares members, which keeps them "
    f"beside `tierone_rest`; where objects stay open, an object beside a union a branch of which restates one of "
    f"its members as no whole schema alone, which only sharing them completes, or beside a union and a "
    f"`patternProperties` the profile refuses, which leaves once they are shared) travels as the one member "
    f"`{ROOT_MEMBER}` of an object root, where the profile flags it (free-form data: where the profile encodes it, "
    f"a map a cycle of references passes through too); restore and "
    f"`Strict.parse` take it out"
)
def wrap_root(schema: Any, options: Options) -> PassResult:
    """A root that cannot stand as a strict root becomes the one required member
    ``tierone_root`` of a closed object root, where the profile flags it as a root (T101) or
    where it is free-form data that the profile encodes (only a member can be). Definitions
    stay at the root; a root that references refer to (``#``) moves into ``$defs`` first, so
    that every reference keeps naming a definition. ``false`` (no instance at all) is left
    as it is.

    Before: ``{"type": "array", "items": {"type": "string"}}``
    After:  ``{"type": "object", "properties": {"tierone_root": {"type": "array", "items":
    {"type": "string"}}}, "required": ["tierone_root"], "additionalProperties": false}``
    """
    if not _wrapped(schema, options):
        return PassResult(schema)
    node = schema if isinstance(schema, dict) else {}
    if ROOT_MEMBER in dict_at(node, "properties"):  # restore never takes such a root out of a wrapper
        why = f"the root would travel as the member {ROOT_MEMBER!r} of an object root, a member it declares itself"
        return PassResult(schema, (), (Unfixable(ROOT, "T101", why + ": rename that member"),))
    body = {k: v for k, v in node.items() if k not in _STAY}
    defs = dict_at(node, "$defs")
    member: Any = body
    moved_to: Pointer = ROOT.child("properties").child(ROOT_MEMBER)
    if _refers_to_root(node):
        name = free_name("Root", set(defs))
        moved_to = ROOT.child("$defs").child(name)
        member = {"$ref": moved_to.fragment()}
        defs = {**defs, name: body}
    wrapper: dict[str, Any] = {k: node[k] for k in ("$schema", "$id") if k in node}
    wrapper.update(
        {
            "type": "object",
            "properties": {ROOT_MEMBER: member},
            "required": [ROOT_MEMBER],
            "additionalProperties": False,
        }
    )
    if "definitions" in node:
        wrapper["definitions"] = node["definitions"]
    if defs:
        wrapper["$defs"] = defs
    change = Change.for_rule(ROOT, f"the root travels as the member {ROOT_MEMBER!r} of an object root", "T101")
    return PassResult(_retargeted(wrapper, moved_to), (change,))


def _wrapped(schema: Any, options: Options) -> bool:
    """Whether the root travels in the wrapper under the profile: free-form data the profile
    encodes (only a member can be), or a root the profile flags (T101): not of type object,
    or an object beside a union, where objects are closed (the union's branches would take
    the object's members, and the root would be a union), or where they stay open, such an
    object whose members a branch restates as no whole schema alone, or beside member
    patterns the profile refuses; or a map a cycle passes through."""
    if schema is False:
        return False
    if isinstance(schema, dict) and options.open_objects != "error" and _map_on_a_cycle(schema, options):
        return True
    schema = without_members_never_given(schema)  # (they leave the rendition: an open root is then free-form)
    if is_object_root(schema) or (options.rests and options.open_objects != "error" and open_with_members(schema)):
        return False  # (an open one that declares members is carried as an object, its others in tierone_rest)
    if is_free_form(schema) and (options.open_objects == "error" or _flagged(options, free_form_rule(schema))):
        return options.open_objects != "error"  # (with --open-objects error, refused at the root, where it stands)
    if not _flagged(options, "T101"):  # free-form data the profile keeps as it is: wrapped where not an object
        return False
    return (
        schema.get("type") != "object"
        or _flagged(options, "T102")
        or _branches_restate_members(schema)
        or (_flagged(options, "T208") and "patternProperties" in schema and union_key(schema) is not None)
    )


def _branches_restate_members(schema: dict[str, Any]) -> bool:
    """Whether a branch of the root's union (by reference too) restates a member the root
    declares as a schema that is no whole one alone: one requiring members it does not declare
    (JsonSchemaStore's libman.json: items of a list only the root types, each to hold a
    member). Shared into the branch, the root's declaration completes it, and a root cannot be
    a union; a branch whose members stand alone (a discriminated union's) keeps the root as it is."""
    union = union_key(schema)
    if union is None:
        return False
    declared, target = dict_at(schema, "properties"), targets_in(schema)
    for branch in schema[union]:
        members = dict_at(followed(branch, target), "properties") if isinstance(branch, dict) else {}
        for name in declared.keys() & members.keys():
            if any(_requires_undeclared(visit.schema) for visit in walk(members[name])):
                return True
    return False


def _requires_undeclared(node: Any) -> bool:
    """Whether ``node`` requires a member it does not declare (and holds no reference that may)."""
    if not isinstance(node, dict) or "$ref" in node:
        return False
    return not set(list_at(node, "required")) <= dict_at(node, "properties").keys()


def _map_on_a_cycle(schema: Any, options: Options) -> bool:
    """Whether the root is a map a cycle of references passes through (``additionalProperties:
    {"$ref": "#"}``), which a profile keeping maps still encodes (:mod:`.map_cycles`): only a
    member can be, so the root travels in the wrapper."""
    if _flagged(options, "T103") or not isinstance(schema.get("additionalProperties"), dict):
        return False
    return ROOT in maps_on_a_cycle(schema)


def outside_wrapper(pointer: Pointer, original: Any) -> Pointer:
    """``pointer`` into a rendition, as a place of the ``original``: past the wrapper's member
    where the rewriter put the root in one (the original declares no such member)."""
    inside = pointer[:2] == ("properties", ROOT_MEMBER)
    if inside and not (isinstance(original, dict) and ROOT_MEMBER in dict_at(original, "properties")):
        return Pointer(pointer[2:])
    return pointer


def _refers_to_root(schema: dict[str, Any]) -> bool:
    return any(node["$ref"] == "#" for _, node, _ in having(schema, REFERENCE))


def _retargeted(schema: Any, moved_to: Pointer) -> Any:
    """Local references into the old root's body (``#``, ``#/properties/a``: anything but a
    definition) point where the body now stands."""
    prefix = moved_to.fragment()

    def retarget(node: Any, pointer: Pointer) -> Any:
        ref = node.get("$ref") if isinstance(node, dict) else None
        if not isinstance(ref, str) or not ref.startswith("#") or ref.startswith(("#/$defs/", "#/definitions/")):
            return node
        if ref == prefix or ref.startswith(prefix + "/"):
            return node
        if ref in ("#", "#/"):
            return {**node, "$ref": prefix}
        return {**node, "$ref": prefix + ref[1:]} if ref.startswith("#/") else node

    return transform(schema, retarget, only=REFERENCE)
