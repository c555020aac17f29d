"""The pass over recursion: unrolled to a fixed depth for the profiles that refuse it (the
level past it carried as a JSON string).

Only local references written as ``#`` or ``#/$defs/<name>`` are followed (written so first).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeAlias

from ...core.jsontypes import declared_types
from ...core.pointer import ROOT as HERE
from ...core.refs import followed, targets_of
from ...core.walker import IN_ARRAY, IN_MAPPING, IN_VALUE, walked
from ..shapes import ENCODED_MARK, JSON_MEMBER
from ..text_or_json import beside_text, takes_text
from .base import Change, Options, PassResult, _flagged, _noted, does, graph_of
from .closing import ENCODED_SHAPE
from .encoded_unions import WRAPPED_SHAPE, json_wrapper
from .root_refs import inline_root_ref

if TYPE_CHECKING:
    from ...core.refs import ReferenceGraph

#: stands for the root among the definitions
ROOT = "#"
#: unions whose branches are alternatives for the one value
_UNIONS = ("anyOf", "oneOf")


#: how deep recursion is unrolled where the profile refuses it and no ``unroll`` is given:
#: three levels of a tree (a task, its subtasks, theirs) carry most answers as they are, and
#: each level copies every recursive definition once more (the schema grows by that per level);
#: what goes deeper still travels as a JSON string at the last level
DEFAULT_UNROLL = 3


@does(
    "where the profile refuses recursion (T501), it is unrolled `--unroll N` levels deep (default 3; "
    "`--unroll 0` and `--exact` refuse it): each recursive definition copied once per level, the level past "
    "the last carried as a JSON string that restore decodes (in an object's one member `tierone_json` where it is "
    "a union branch beside one that takes text, or in a union whose schema takes objects alone, or where the "
    "definition itself takes text)"
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
    if _no_cycle(graph_of(schema)):
        return PassResult(schema)
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
            f"past the last level, {link.wrapped} place(s) where a bare JSON string would be read as text (a union "
            f"or type that takes text) or be no value (a union of objects), carried in an object's one member {JSON_MEMBER!r}"
        )
        done.append(Change.for_rule(HERE, what, "T501", loosens=WRAPPED_SHAPE))
    return PassResult(root, tuple(done))


def _no_cycle(graph: ReferenceGraph) -> bool:
    """Whether no reference leads back into its own target: none on a cycle of the graph, and
    each target one the walk reaches (so that every reference inside it is in the graph)."""
    return not graph.recursive and all(map(walked, graph.edges.values()))


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
    note = f"A JSON-encoded {named} {ENCODED_MARK}, shaped as the {named} one level up."
    return {"type": "string", "description": _noted(node.get("description"), note)}


#: each recursive definition's name at each level, and how a reference is followed
_Names: TypeAlias = dict[tuple[str, int], str]
_Deref: TypeAlias = Callable[[Any], Any]


class _Link:
    """What relinks the levels of an unrolled recursion (:func:`unroll`), and counts the places
    past the last level it carried in a ``tierone_json`` object."""

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

    def _branch(self, union: list[Any], branch: Any, level: int, holder: dict[str, Any]) -> Any:
        """A union's branch at the last level: a tail beside a branch that takes text, or in a
        union whose node (``holder``) takes objects and no string, travels in the one member
        ``tierone_json`` of an object (a bare string would be read as the text, or be no value
        the node takes)."""
        if (key := self._tail(branch)) is None or not (
            beside_text(union, branch, self.deref) or _objects_alone(holder)
        ):
            return self.relinked(branch, level)
        self.wrapped += 1
        return json_wrapper(_encoded(branch, self.root_name if key == ROOT else key))

    def relinked(self, node: Any, level: int) -> Any:
        """``node`` (part of a definition at ``level``) with its recursive references pointing at
        the next level, or, at the last, carried as a JSON string (in a ``tierone_json`` object
        where it is a union branch beside one that takes text, or takes text itself)."""
        if isinstance(node, list):
            return [self.relinked(item, level) for item in node]
        if not isinstance(node, dict):
            return node
        if level == self.last and (key := self._tail(node)) is not None:
            encoded = _encoded(node, self.root_name if key == ROOT else key)
            if not takes_text(self.deref(node), self.deref):
                return encoded
            self.wrapped += 1  # it takes text itself: a bare string there would be read as that text
            return json_wrapper(encoded)
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
                out[keyword] = [self._branch(value, b, level, node) for b in value]
            elif (keyword in IN_ARRAY and isinstance(value, list)) or (keyword in IN_VALUE and isinstance(value, dict)):
                out[keyword] = self.relinked(value, level)
            else:
                out[keyword] = value
        return out


def _objects_alone(node: dict[str, Any]) -> bool:
    """Whether ``node`` declares that it takes objects and no string (``type: object``): a
    JSON string in its union would be no value it takes."""
    types = declared_types(node)
    return types is not None and "object" in types and "string" not in types
