"""Passes over recursion: pydantic's root ``$ref`` inlined, and recursion unrolled to a fixed
depth for the profiles that refuse it (the level past it carried as a JSON string).

Only local references written as ``#`` or ``#/$defs/<name>`` are followed (written so first).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias

from ...core.pointer import ROOT as HERE
from ...core.pointer import Pointer, PointerError
from ...core.rebuilding import transform
from ...core.refs import followed, targets_of
from ...core.walker import IN_ARRAY, IN_MAPPING, IN_VALUE, REFERENCE
from ..shapes import JSON_MEMBER
from ..text_or_json import beside_text
from .base import Change, Options, PassResult, _flagged, _noted, does
from .closing import ENCODED_SHAPE
from .encoded_unions import WRAPPED_SHAPE, json_wrapper

#: root keywords that may stand beside a root ``$ref`` and still let it be inlined
_ROOT_SIBLINGS = frozenset({"$ref", "$defs", "$schema", "$id", "$comment", "title", "description"})
#: stands for the root among the definitions
ROOT = "#"
#: unions whose branches are alternatives for the one value
_UNIONS = ("anyOf", "oneOf")


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


#: how deep recursion is unrolled where the profile refuses it and no ``unroll`` is given:
#: three levels of a tree (a task, its subtasks, theirs) carry most answers as they are, and
#: each level copies every recursive definition once more (the schema grows by that per level);
#: what goes deeper still travels as a JSON string at the last level
DEFAULT_UNROLL = 3


@does(
    "where the profile refuses recursion (T501), it is unrolled `--unroll N` levels deep (default 3; "
    "`--unroll 0` and `--exact` refuse it): each recursive definition copied once per level, the level past "
    "the last carried as a JSON string that restore decodes (in an object's one member `tierone_json` where it is "
    "a union branch beside one that takes text)"
)
def unroll_recursion(schema: Any, options: Options) -> PassResult:
    """The first pass: recursion unrolled ``options.unroll`` levels deep (by default
    :data:`DEFAULT_UNROLL` where the profile refuses recursion, and not with ``exact``; 0
    leaves it, to be refused): see :func:`unroll`.

    Before: (anthropic) ``{"properties": {"children": {"type": "array", "items": {"$ref": "#"}}}}``
    After:  the root, ``$defs`` ``Root_2`` and ``Root_3``, and a JSON string past the third level
    """
    levels = options.unroll
    if levels is None:
        levels = 0 if options.exact or not _flagged(options, "T501") else DEFAULT_UNROLL
    return unroll(schema, levels) if levels and isinstance(schema, dict) else PassResult(schema)


def unroll(schema: Any, levels: int) -> PassResult:
    """Recursion unrolled ``levels`` deep: each recursive definition (or the root) is copied
    once per level, each level's recursive references pointing at the next, and at the last
    level each recursive reference is carried as a JSON string (the rest of the tree, which
    restore decodes and reads as the original says). The input comes back as it is when
    nothing in it is recursive.

    Before (levels=2): ``{"properties": {"label": ..., "children": {"type": "array", "items":
    {"$ref": "#"}}}}``
    After:  ``{"properties": {"label": ..., "children": {"type": "array", "items": {"$ref":
    "#/$defs/Root_2"}}}, "$defs": {"Root_2": {"properties": {"label": ..., "children":
    {"type": "array", "items": {"type": "string", "description": "A JSON-encoded Root ..."}}}}}}``
    """
    original = schema
    from .hoisting import hoist_references
    from .references import pointer_references, rename_definitions

    done: list[Change] = []  # references as "#/$defs/<name>", each target a definition ("#/x-shared/A" too)
    for step in (pointer_references, rename_definitions, inline_root_ref, hoist_references):
        result = step(schema, Options())
        schema = result.schema
        done.extend(result.changes)
    if not isinstance(schema, dict):
        return PassResult(schema, tuple(done))
    bodies = {ROOT: {k: v for k, v in schema.items() if k != "$defs"}}
    found = schema.get("$defs")
    defs: dict[str, Any] = found if isinstance(found, dict) else {}
    bodies.update({name: body for name, body in defs.items() if isinstance(body, dict)})
    recursive = _recursive(bodies)
    if not recursive:
        return PassResult(original)
    root_name = str(schema.get("title") or "Root")
    names = _level_names(recursive, levels, set(defs), root_name)
    out_defs: dict[str, Any] = {}
    root: Any = None
    target = targets_of(schema)
    link = _Link(levels, recursive, names, root_name, lambda n: followed(n, target, siblings=True))
    for key, body in bodies.items():
        for level in range(1, levels + 1 if key in recursive else 2):
            made = link.relinked(body, level) if key in recursive else body
            if key == ROOT and level == 1:
                root = made
            else:
                out_defs[key if level == 1 else names[key, level]] = made
    if out_defs:
        root = {**root, "$defs": out_defs}
    shown = ", ".join("the root" if key == ROOT else key for key in sorted(recursive))
    what = f"recursion ({shown}) unrolled {levels} level(s) deep; past the last, it travels as a JSON string"
    done.append(Change.for_rule(HERE, what, "T501", loosens=ENCODED_SHAPE))
    if link.wrapped:
        what = (
            f"past the last level, {link.wrapped} union branch(es) beside one that takes text carried in an "
            f"object's one member {JSON_MEMBER!r} (a bare string there is the text)"
        )
        done.append(Change.for_rule(HERE, what, "T501", loosens=WRAPPED_SHAPE))
    return PassResult(root, tuple(done))


def _targets(node: Any) -> set[str]:
    """The definitions (or the root) that ``node``'s references name."""
    found: set[str] = set()
    stack = [node]
    while stack:
        here = stack.pop()
        if isinstance(here, dict):
            key = _key(here.get("$ref"))
            if key is not None:
                found.add(key)
            stack.extend(v for k, v in here.items() if k != "$defs" and isinstance(v, (dict, list)))
        elif isinstance(here, list):
            stack.extend(here)
    return found


def _key(ref: Any) -> str | None:
    if ref == "#":
        return ROOT
    if isinstance(ref, str) and ref.startswith("#/$defs/") and "/" not in ref[len("#/$defs/") :]:
        return ref[len("#/$defs/") :].replace("~1", "/").replace("~0", "~")
    return None


def _recursive(bodies: dict[str, Any]) -> set[str]:
    """The keys that lead back to themselves through references."""
    edges = {key: _targets(body) & set(bodies) for key, body in bodies.items()}
    recursive: set[str] = set()
    for start, targets in edges.items():
        seen: set[str] = set()
        stack = list(targets)
        while stack:
            key = stack.pop()
            if key == start:
                recursive.add(start)
                break
            if key not in seen:
                seen.add(key)
                stack.extend(edges.get(key, ()))
    return recursive


def _level_names(recursive: set[str], levels: int, taken: set[str], root_name: str) -> dict[tuple[str, int], str]:
    names: dict[tuple[str, int], str] = {}
    used = set(taken)
    for key in sorted(recursive):
        base = root_name if key == ROOT else key
        for level in range(2, levels + 1):
            name = f"{base}_{level}"
            while name in used:
                name += "_"
            used.add(name)
            names[key, level] = name
    return names


def _encoded(node: dict[str, Any], named: str) -> dict[str, Any]:
    """The stand-in for ``node`` past the last level: a string holding its JSON."""
    note = f"A JSON-encoded {named} (a string holding JSON), shaped as the {named} one level up."
    return {"type": "string", "description": _noted(node.get("description"), note)}


#: each recursive definition's name at each level, and how a reference is followed
_Names: TypeAlias = dict[tuple[str, int], str]
_Deref: TypeAlias = Callable[[Any], Any]


class _Link:
    """What relinks the levels of an unrolled recursion (:func:`unroll`), and counts the union
    branches it carried in a ``tierone_json`` object past the last level."""

    def __init__(self, last: int, recursive: set[str], names: _Names, root_name: str, deref: _Deref) -> None:
        self.last, self.recursive, self.names, self.root_name, self.deref = last, recursive, names, root_name, deref
        self.wrapped = 0

    def _tail(self, node: Any) -> str | None:
        """The recursive definition ``node`` reaches past the last level (a reference to it,
        or an ``allOf`` over one), encoded there; None where it reaches none."""
        if not isinstance(node, dict):
            return None
        key = _key(node.get("$ref"))
        if key in self.recursive:
            return key
        parts = node.get("allOf")
        if not isinstance(parts, list):
            return None
        return next((k for b in parts if isinstance(b, dict) and (k := _key(b.get("$ref"))) in self.recursive), None)

    def _branch(self, union: list[Any], branch: Any, level: int) -> Any:
        """A union's branch at the last level: a tail beside a branch that takes text travels in
        the one member ``tierone_json`` of an object (a bare string would be read as the text)."""
        if (key := self._tail(branch)) is None or not beside_text(union, branch, self.deref):
            return self.relinked(branch, level)
        self.wrapped += 1
        return json_wrapper(_encoded(branch, self.root_name if key == ROOT else key))

    def relinked(self, node: Any, level: int) -> Any:
        """``node`` (part of a definition at ``level``) with its recursive references pointing at
        the next level, or, at the last, carried as a JSON string (in a ``tierone_json`` object
        where it is a union branch beside one that takes text)."""
        if isinstance(node, list):
            return [self.relinked(item, level) for item in node]
        if not isinstance(node, dict):
            return node
        if level == self.last and (key := self._tail(node)) is not None:
            return _encoded(node, self.root_name if key == ROOT else key)
        key = _key(node.get("$ref"))
        if key in self.recursive:
            next_name = self.names[key, level + 1]
            return {**node, "$ref": "#/$defs/" + next_name.replace("~", "~0").replace("/", "~1")}
        out: dict[str, Any] = {}
        for keyword, value in node.items():
            if keyword == "$defs":
                continue
            if keyword in IN_MAPPING and isinstance(value, dict):
                out[keyword] = {name: self.relinked(sub, level) for name, sub in value.items()}
            elif keyword in _UNIONS and isinstance(value, list) and level == self.last:
                out[keyword] = [self._branch(value, b, level) for b in value]
            elif (keyword in IN_ARRAY and isinstance(value, list)) or (keyword in IN_VALUE and isinstance(value, dict)):
                out[keyword] = self.relinked(value, level)
            else:
                out[keyword] = value
        return out
