"""Passes over recursion: pydantic's root ``$ref`` inlined, and (on request) recursion
unrolled to a fixed depth for the profiles that refuse it.

Only local references written as ``#`` or ``#/$defs/<name>`` are followed (the earlier passes
write every local reference so).
"""

from __future__ import annotations

from typing import Any

from ...core.pointer import ROOT as HERE
from ...core.pointer import Pointer
from ...core.walker import IN_ARRAY, IN_MAPPING, IN_VALUE, transform
from .base import Change, Options, PassResult, Unfixable, does

#: root keywords that may stand beside a root ``$ref`` and still let it be inlined
_ROOT_SIBLINGS = frozenset({"$ref", "$defs", "$schema", "$id", "$comment", "title", "description"})
#: stands for the root among the definitions
ROOT = "#"
#: a recursive reference at the last unrolled level: its nearest optional container goes
_CLOSED = object()


@does(
    "a root that is only a `$ref` into `$defs` (how pydantic writes a recursive model) becomes that "
    "definition; references to it point at the root `#`"
)
def inline_root_ref(schema: Any, options: Options) -> PassResult:
    """A root that is only a ``$ref`` into ``$defs`` (how pydantic writes a recursive model)
    becomes the definition itself; the definition's other references point at the root.

    Before: ``{"$ref": "#/$defs/Node", "$defs": {"Node": {"type": "object", "properties":
    {"children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}}}}}``
    After:  ``{"type": "object", "properties": {"children": {"type": "array", "items":
    {"$ref": "#"}}}}``
    """
    name = _root_target(schema)
    if name is None:
        return PassResult(schema)
    defs = {k: v for k, v in schema["$defs"].items() if k != name}
    target = "#/$defs/" + name.replace("~", "~0").replace("/", "~1")
    body = {k: v for k, v in schema["$defs"][name].items() if k not in ("$defs", "$id", "$schema")}
    root = {
        **{k: schema[k] for k in ("$schema", "$id") if k in schema},
        **body,
        **{k: schema[k] for k in ("title", "description", "$comment") if k in schema},
    }
    if defs:
        root["$defs"] = defs

    def retarget(node: Any, pointer: Any) -> Any:
        return {**node, "$ref": "#"} if isinstance(node, dict) and node.get("$ref") == target else node

    change = Change.for_rule(HERE, f"the root $ref {target!r} inlined; references to it point at the root", "T101")
    return PassResult(transform(root, retarget), (change,))


def _root_target(schema: Any) -> str | None:
    if not isinstance(schema, dict) or not set(schema) <= _ROOT_SIBLINGS or not isinstance(schema.get("$defs"), dict):
        return None
    ref = schema.get("$ref")
    if not isinstance(ref, str) or not ref.startswith("#/$defs/"):
        return None
    name = ref[len("#/$defs/") :].replace("~1", "/").replace("~0", "~")
    return name if isinstance(schema["$defs"].get(name), dict) else None


def unroll(schema: Any, levels: int) -> PassResult:
    """Recursion unrolled ``levels`` deep: each recursive definition (or the root) is copied
    once per level, each level's recursive references pointing at the next, and at the last
    level the nearest optional member (or union branch) holding a recursive reference is
    removed, so the model's answer stops there and restore reads the member as absent.

    Before (levels=2): ``{"properties": {"label": ..., "children": {"type": "array", "items":
    {"$ref": "#"}}}}`` with ``children`` optional
    After:  ``{"properties": {"label": ..., "children": {"type": "array", "items": {"$ref":
    "#/$defs/Root_2"}}}, "$defs": {"Root_2": {"properties": {"label": ...}}}}``
    """
    from .references import pointer_references, rename_definitions

    done: list[Change] = []
    for step in (pointer_references, rename_definitions, inline_root_ref):  # references as "#/$defs/<name>"
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
        return PassResult(schema, tuple(done))
    names = _level_names(recursive, levels, set(defs), str(schema.get("title") or "Root"))
    out_defs: dict[str, Any] = {}
    unfixable: list[Unfixable] = []
    root: Any = None
    for key, body in bodies.items():
        for level in range(1, levels + 1 if key in recursive else 2):
            made = _relinked(body, level, levels, recursive, names) if key in recursive else body
            if made is _CLOSED:
                where = HERE if key == ROOT else Pointer(("$defs", key))
                unfixable.append(
                    Unfixable(
                        where,
                        "T501",
                        "the recursion cannot be closed at the last unrolled level: "
                        "no optional member or union branch holds it",
                    )
                )
                made = body
            if key == ROOT and level == 1:
                root = made
            else:
                out_defs[key if level == 1 else names[key, level]] = made
    if out_defs:
        root = {**root, "$defs": out_defs}
    shown = ", ".join("the root" if key == ROOT else key for key in sorted(recursive))
    done.append(Change.for_rule(HERE, f"recursion ({shown}) unrolled {levels} level(s) deep", "T501"))
    return PassResult(root, tuple(done), tuple(unfixable))


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


def _relinked(node: Any, level: int, last: int, recursive: set[str], names: dict[tuple[str, int], str]) -> Any:
    """``node`` (part of a definition at ``level``) with its recursive references pointing at
    the next level, or closed at the last; :data:`_CLOSED` when ``node`` itself must go."""
    if isinstance(node, list):
        return [_relinked(item, level, last, recursive, names) for item in node]
    if not isinstance(node, dict):
        return node
    key = _key(node.get("$ref"))
    if key in recursive:
        if level == last:
            return _CLOSED
        return {**node, "$ref": "#/$defs/" + names[key, level + 1].replace("~", "~0").replace("/", "~1")}
    out: dict[str, Any] = {}
    listed = node.get("required")
    required: list[Any] = listed if isinstance(listed, list) else []
    for keyword, value in node.items():
        if keyword == "$defs":
            continue
        if keyword in IN_MAPPING and isinstance(value, dict):
            kept = {}
            for name, sub in value.items():
                made = _relinked(sub, level, last, recursive, names)
                if made is _CLOSED:
                    if keyword != "properties" or name in required:
                        return _CLOSED
                    continue  # an optional member: the model can no longer go deeper here
                kept[name] = made
            out[keyword] = kept
        elif keyword in IN_ARRAY and isinstance(value, list):
            made_all = [_relinked(sub, level, last, recursive, names) for sub in value]
            kept_list = [m for m in made_all if m is not _CLOSED]
            if len(kept_list) < len(made_all) and (keyword not in ("anyOf", "oneOf") or not kept_list):
                return _CLOSED
            out[keyword] = kept_list
        elif keyword in IN_VALUE and isinstance(value, dict):
            made = _relinked(value, level, last, recursive, names)
            if made is _CLOSED:
                return _CLOSED
            out[keyword] = made
        else:
            out[keyword] = value
    return out
