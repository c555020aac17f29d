"""The one schema walker: the only code that knows where subschemas are.

Where child schemas stand is data (three keyword sets, as in ``referencing``); the walk is
iterative (no recursion limit), in document order, and hands every node its pointer and its
depth: the root is depth 0 and every hop into a subschema adds one.
"""

from collections.abc import Iterator
from typing import Any, NamedTuple

from .pointer import ROOT, Pointer

#: keywords whose value is one subschema
IN_VALUE = frozenset(
    {
        "additionalProperties",
        "additionalItems",
        "unevaluatedProperties",
        "unevaluatedItems",
        "items",
        "contains",
        "propertyNames",
        "not",
        "if",
        "then",
        "else",
        "contentSchema",
    }
)
#: keywords whose value is an array of subschemas
IN_ARRAY = frozenset({"anyOf", "oneOf", "allOf", "prefixItems", "items"})
#: keywords whose value is an object whose values are subschemas
IN_MAPPING = frozenset({"properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"})
#: every keyword under which a subschema can stand
SUBSCHEMA_KEYWORDS = IN_VALUE | IN_ARRAY | IN_MAPPING
#: whether an object holds no subschema (no keyword a subschema stands under): a leaf of
#: the walk, told at C speed
_LEAF = SUBSCHEMA_KEYWORDS.isdisjoint
#: containers each of whose entries describes a value of its own (a member, a definition, a
#: union branch, a tuple item): not those whose entries apply only to members that match a
#: pattern or are present (patternProperties, dependentSchemas, dependencies), nor an
#: array-valued ``items`` (the draft-2019 tuple form)
VALUE_ENTRIES = (IN_MAPPING | IN_ARRAY) - {"patternProperties", "dependentSchemas", "dependencies", "items"}
#: every keyword whose subschema describes instance values: the entries above, the items of
#: an array and the values of members not declared
DESCRIBES_VALUES = VALUE_ENTRIES | {"items", "additionalProperties"}


class Visit(NamedTuple):
    """One node of the walk."""

    #: where the node is
    pointer: Pointer
    #: the node: a dict or a bool for a schema; anything else is a malformed subschema
    schema: Any
    #: hops from the root (the root is 0)
    depth: int
    #: the keyword under which the node stands ("properties", "items", …); None at the root
    keyword: str | None


_new = tuple.__new__


def walk(schema: Any, pointer: Pointer = ROOT, depth: int = 0) -> Iterator[Visit]:
    """Every node of ``schema`` from ``pointer`` down, parents before children, in document
    order (children are pushed last-first so that they pop first-first)."""
    stack = [_new(Visit, (pointer, schema, depth, None))]
    pop = stack.pop
    push = stack.append
    while stack:
        visit = pop()
        yield visit
        node = visit[1]
        if not isinstance(node, dict) or _LEAF(node):
            continue
        here = visit[0]
        below = visit[2] + 1
        for key, value in reversed(node.items()):
            if key not in SUBSCHEMA_KEYWORDS:
                continue
            if key in IN_MAPPING:
                if isinstance(value, dict):
                    base = here + (key,)
                    for name, sub in reversed(value.items()):
                        if key == "dependencies" and isinstance(sub, list):
                            continue  # the draft-07 "required" form holds names, not schemas
                        push(_new(Visit, (_new(Pointer, base + (name,)), sub, below, key)))
            elif key in IN_ARRAY and isinstance(value, list):
                base = here + (key,)
                for index in range(len(value) - 1, -1, -1):
                    push(_new(Visit, (_new(Pointer, base + (index,)), value[index], below, key)))
            elif key in IN_VALUE:
                push(_new(Visit, (_new(Pointer, here + (key,)), value, below, key)))


#: the keyword of a reference site, for :func:`having`
REFERENCE = frozenset({"$ref"})


def having(schema: Any, keys: frozenset[str]) -> list[tuple[Pointer, dict[str, Any], int]]:
    """Each object node of ``schema`` holding one of ``keys``, with its pointer and depth, in
    :func:`walk` order: the walk for a few keys (``$ref`` sites, anchors), which builds the
    pointer of a node it hands, not of every node it passes (each stack entry names its parent;
    the path is read back along them)."""
    found: list[tuple[Pointer, dict[str, Any], int]] = []
    # an entry: (node, parent entry, keyword, name or index or _NO_SLOT, depth)
    stack: list[tuple[Any, Any, Any, Any, int]] = [(schema, None, None, None, 0)]
    pop = stack.pop
    push = stack.append
    while stack:
        entry = pop()
        node = entry[0]
        if not isinstance(node, dict):
            continue
        if not keys.isdisjoint(node):
            found.append((_path_of(entry), node, entry[4]))
        if _LEAF(node):
            continue
        below = entry[4] + 1
        for key, value in reversed(node.items()):
            if key not in SUBSCHEMA_KEYWORDS:
                continue
            if key in IN_MAPPING:
                if isinstance(value, dict):
                    for name, sub in reversed(value.items()):
                        # a leaf without the keys hands nothing (nor a draft-07 `dependencies` name list)
                        if isinstance(sub, dict) and (not _LEAF(sub) or not keys.isdisjoint(sub)):
                            push((sub, entry, key, name, below))
            elif key in IN_ARRAY and isinstance(value, list):
                for index in range(len(value) - 1, -1, -1):
                    sub = value[index]
                    if isinstance(sub, dict) and (not _LEAF(sub) or not keys.isdisjoint(sub)):
                        push((sub, entry, key, index, below))
            elif key in IN_VALUE:
                push((value, entry, key, _NO_SLOT, below))
    return found


#: the slot of a :func:`having` entry under a keyword whose value is one subschema
_NO_SLOT = object()


def _path_of(entry: tuple[Any, Any, Any, Any, int]) -> Pointer:
    """The pointer of a :func:`having` stack entry, read back along its parents."""
    segments: list[Any] = []
    while entry[1] is not None:
        if entry[3] is not _NO_SLOT:
            segments.append(entry[3])
        segments.append(entry[2])
        entry = entry[1]
    segments.reverse()
    return _new(Pointer, tuple(segments))


def walked(pointer: tuple[Any, ...]) -> bool:
    """Whether :func:`walk` hands a node at ``pointer`` (its path goes from subschema to
    subschema), so that a ``$ref`` to anywhere else (``#/x-shared/A``, a member of a
    ``$defs`` entry that is not a schema) names a node the walk never reaches."""
    return max(_hops(pointer), default=0) == len(pointer)


def levels(pointer: tuple[Any, ...], most: int) -> list[Pointer]:
    """The nodes :func:`walk` hands on the way to the one at ``pointer`` (itself included),
    root first, down to ``most`` deep: each one's depth is its index."""
    found = [ROOT]
    for at in _hops(pointer):
        if at > len(pointer) or len(found) > most:
            break
        found.append(_new(Pointer, pointer[:at]))
    return found


def keyword_of(pointer: tuple[Any, ...]) -> str | None:
    """The keyword under which the node at ``pointer`` stands (``properties``, ``items``,
    ``anyOf``...), read from the root, so that a member named like a keyword
    (``/properties/properties``) is told from the keyword; None at the root or where the path
    leaves subschemas."""
    start = end = 0
    for at in _hops(pointer):
        start, end = end, at
    return pointer[start] if end and end == len(pointer) else None


def in_union(pointer: tuple[Any, ...]) -> bool:
    """Whether the node at ``pointer`` is a branch of an ``anyOf`` or ``oneOf``."""
    return keyword_of(pointer) in ("anyOf", "oneOf")


def _hops(pointer: tuple[Any, ...]) -> Iterator[int]:
    """The length of each node's path along ``pointer``, while it goes from subschema to subschema."""
    at, n = 0, len(pointer)
    while at < n:
        key = pointer[at]
        if key in IN_MAPPING or (key in IN_ARRAY and at + 1 < n and isinstance(pointer[at + 1], int)):
            at += 2
        elif key in IN_VALUE:
            at += 1
        else:
            return
        yield at


def size(schema: Any, most: int) -> int:
    """How many nodes the walk of ``schema`` hands (a subtree shared by several places counted
    at each), counted up to one past ``most``: what a pass that copies subtrees measures its
    growth by."""
    count = 0
    stack = [schema]
    pop, push, extend = stack.pop, stack.append, stack.extend
    while stack and count <= most:  # the walk's nodes, without their pointers
        node = pop()
        count += 1
        if node.__class__ is not dict:
            continue
        for key, value in node.items():
            if key not in SUBSCHEMA_KEYWORDS:
                continue
            if key in IN_MAPPING:
                if value.__class__ is dict:
                    extend(v for v in value.values() if key != "dependencies" or not isinstance(v, list))
            elif key in IN_ARRAY and value.__class__ is list:
                extend(value)
            elif key in IN_VALUE:
                push(value)
    return count
