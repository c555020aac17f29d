"""The pass that spells null the way the profile's consumers read it: a ``type`` list, an
``anyOf`` with ``{"type": "null"}``, or OpenAPI's ``nullable: true`` (docs/rewrite.md, "How
each profile spells null")."""

from __future__ import annotations

from typing import Any

from ...core.jsontypes import admits, declared_types
from ...core.pointer import Pointer
from ...core.rebuilding import transform
from ...core.walker import in_union
from ...linter.checks.keywords import RFC_REASONING
from ..shapes import ARRAY_KEYS, NUMBER_KEYS, OBJECT_KEYS, STRING_KEYS, admits_null
from ..typed_unions import typed_by_branches
from .base import Change, Options, PassResult, _flagged, _noted, _widened, does, graph_of


@does(
    "a `type` list → an `anyOf` of one branch per type, for profiles with Anthropic (beside an `anyOf` whose "
    "branches each declare their types within it, the list says nothing more and goes); for `gemini-openapi` "
    'every null → `"nullable": true` (see below)'
)
def spell_null(schema: Any, options: Options) -> PassResult:
    """A ``type`` list becomes an ``anyOf`` of one branch per type, each with the keywords that
    apply to it, for profiles whose consumers raise on a type list (Anthropic's SDK helper);
    a list of one type becomes that type for every profile; a list beside an ``anyOf`` whose
    branches (a reference's target) each declare types within it goes. Where rule T702 holds, the
    top-level ``reasoning`` keeps §D's ``["string", "null"]``.

    Where the profile reads OpenAPI's ``nullable`` instead (Gemini's ``responseSchema``), every
    null is spelled ``"nullable": true``: beside the one other type, an ``anyOf`` without its
    ``{"type": "null"}`` branch, or an ``enum`` without ``null``.

    Before: ``{"type": ["string", "null"], "maxLength": 3, "description": "Nick"}``
    After:  ``{"anyOf": [{"type": "string", "maxLength": 3}, {"type": "null"}], "description": "Nick"}``
    """
    as_any_of = _flagged(options, "T216")
    if as_any_of and not _flagged(options, "T217"):  # the profile reads OpenAPI's `nullable` (rule T217)
        return _spell_nullable(schema, options)
    keep = RFC_REASONING if _flagged(options, "T702") else None
    changes: list[Change] = []

    def spell(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict) or node.get("type").__class__ is not list:
            return node  # (most nodes: one type, told before the list is read)
        types = declared_types(node)  # None for a malformed list too
        if not types or (pointer, list(types)) == keep:
            return node
        if "anyOf" in node:  # the branches may say the types themselves
            return _left_to_branches(node, pointer, schema, changes) if as_any_of else node
        if len(types) == 1:  # for every profile: the second rewrite must find nothing to change
            changes.append(Change.for_rule(pointer, "one-type list written as that type", "T216"))
            return {**node, "type": types[0]}
        if not as_any_of:
            return node
        branches = [branch for branch in (_branch(node, name) for name in types) if branch is not None]
        changes.append(Change.for_rule(pointer, "type list written as an anyOf", "T216"))
        outer = {k: v for k, v in node.items() if k in _OUTER}
        return {"anyOf": branches, **outer}

    return PassResult(transform(schema, spell, only=_TYPE), tuple(changes))


def _left_to_branches(node: dict[str, Any], pointer: Pointer, schema: Any, changes: list[Change]) -> dict[str, Any]:
    """``node`` without its ``type`` list where it stands beside an ``anyOf`` whose branches each
    declare their types within it (the list says nothing they do not), else as it is."""
    types = declared_types(node)
    if not isinstance(node.get("type"), list) or types is None or len(types) < 2 or "anyOf" not in node:
        return node
    if not typed_by_branches(node, lambda ref: graph_of(schema).target(ref)):
        return node
    changes.append(Change.for_rule(pointer, "type list left to the anyOf branches, each typed within it", "T216"))
    return {k: v for k, v in node.items() if k != "type"}


NULL_BRANCH = {"type": "null"}
#: what stays beside the ``anyOf`` (annotations) rather than going into its branches
_OUTER = frozenset(
    {
        "title",
        "description",
        "$comment",
        "examples",
        "default",
        "deprecated",
        "readOnly",
        "writeOnly",
        "$defs",
        "definitions",
        "$id",
        "$schema",
        "$anchor",
    }
)
#: the keywords that apply to values of one type only
_FOR_TYPE = {
    "string": STRING_KEYS,
    "number": NUMBER_KEYS,
    "integer": NUMBER_KEYS,
    "array": ARRAY_KEYS,
    "object": OBJECT_KEYS | {"required", "propertyOrdering"},
}
_TYPED = frozenset().union(*_FOR_TYPE.values())
#: the nodes a ``type`` list may stand in
_TYPE = frozenset({"type"})


def _branch(node: dict[str, Any], name: Any) -> dict[str, Any] | None:
    """The branch of ``node`` for the type ``name``: its keywords for that type (and those of
    no one type); None when its ``enum`` leaves no value of that type."""
    if name == "null":
        return NULL_BRANCH if not isinstance(node.get("enum"), list) or None in node["enum"] else None
    own = _FOR_TYPE.get(name, frozenset())
    branch: dict[str, Any] = {"type": name}
    for key, value in node.items():
        if key == "type" or key in _OUTER or (key in _TYPED and key not in own):
            continue
        if key == "enum" and isinstance(value, list):
            value = [v for v in value if isinstance(name, str) and admits(name, v)]
            if not value:
                return None
        branch[key] = value
    return branch


_NULLABLE = "null spelled nullable: true"


#: what stands for a schema whose one value is ``null`` where OpenAPI cannot say it (rule T221)
ONLY_NULL = "Always null (null is its only valid value)."


def _spell_nullable(schema: Any, options: Options) -> PassResult:
    """``null`` written as OpenAPI's ``"nullable": true`` (see :func:`spell_null`). A schema
    whose one value is ``null`` (which OpenAPI cannot say) becomes a nullable string that
    says so in its description: restore refuses any string given there (a loosening)."""
    changes: list[Change] = []

    def spell(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict):
            return node
        if only_null(node) and not in_union(pointer):  # a branch: nullable says it
            changes.append(
                Change.for_rule(
                    pointer,
                    "null alone spelled as a nullable string",
                    "T221",
                    loosens="null as its only value (a string is offered too)",
                )
            )
            kept = {k: v for k, v in node.items() if k in ("title", "description")}
            note = _noted(node.get("description"), ONLY_NULL) if options.hints else node.get("description")
            return {**kept, "type": "string", "nullable": True, **({"description": note} if note else {})}
        node = _left_to_branches(node, pointer, schema, changes)
        out = _nullable_form(node)
        if out is not node:
            changes.append(Change.for_rule(pointer, _NULLABLE, "T217"))
        return out

    return PassResult(transform(schema, spell), tuple(changes))


def _nullable_form(node: dict[str, Any]) -> dict[str, Any]:
    types, enum, branches = node.get("type"), node.get("enum"), node.get("anyOf")
    if only_null(node):  # OpenAPI cannot say it (rule T221 reports it): never a `nullable` of nothing
        return {**node, "type": "null"} if types == ["null"] else node
    out = node
    if isinstance(types, list) and types and declared_types(node) is not None:
        others = [t for t in types if t != "null"]
        if len(others) == 1:
            out = {**out, "type": others[0]}
        elif others and "anyOf" not in out:
            out = {
                "anyOf": [b for b in (_branch(out, t) for t in others) if b is not None],
                **{k: v for k, v in out.items() if k in _OUTER},
            }
        if len(others) < len(types):
            out = {**out, "nullable": True}
    if isinstance(enum, list) and None in enum and "enum" in out:
        out = {**out, "enum": [v for v in enum if v is not None], "nullable": True}
    listed: list[Any] = branches if isinstance(branches, list) else []
    rest = [b for b in listed if not (isinstance(b, dict) and only_null(b))]
    if rest and len(rest) < len(listed):  # a branch of null alone (annotated or not): nullable says it
        alone = rest[0] if len(rest) == 1 and isinstance(rest[0], dict) and not set(rest[0]) & set(out) else None
        kept = {k: v for k, v in out.items() if k != "anyOf"}
        out = {**alone, **kept, "nullable": True} if alone is not None else {"anyOf": rest, **kept, "nullable": True}
    return out


def only_null(node: dict[str, Any]) -> bool:
    """Whether ``null`` is the node's one value (a ``null`` type, enum or union alone):
    ``nullable`` would leave nothing beside it."""
    types, enum, branches = declared_types(node), node.get("enum"), node.get("anyOf")
    return (
        types == ("null",)
        or enum == [None]
        or (isinstance(branches, list) and bool(branches) and all(b == NULL_BRANCH for b in branches))
    )


def read_nullable(schema: Any) -> Any:
    """``schema`` with OpenAPI's ``"nullable": true`` read as the rewriter reads it (rule T217):
    ``null`` is a valid instance there (the keyword widened into the type, the enum or an
    ``anyOf`` with ``{"type": "null"}``, as :func:`strip_constraints` writes it). Restore reads
    answers against the original read this way, so that a ``null`` the rendition offers for
    such a member is never refused. ``schema`` itself when it holds no such keyword."""

    def read(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict) or node.get("nullable") is not True:
            return node
        rest = {key: value for key, value in node.items() if key != "nullable"}
        return rest if admits_null(rest) else _widened(rest)

    return transform(schema, read, only=frozenset({"nullable"}))
