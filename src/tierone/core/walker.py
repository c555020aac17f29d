"""The one schema walker: the only code that knows where subschemas are.

Where child schemas stand is data (three keyword sets, as in ``referencing``); the walk is
iterative (no recursion limit), in document order, and hands every node its pointer and its
depth: the root is depth 0 and every hop into a subschema adds one.
"""

from __future__ import annotations

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
IN_MAPPING = frozenset(
    {"properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"}
)
#: every keyword under which a subschema can stand
SUBSCHEMA_KEYWORDS = IN_VALUE | IN_ARRAY | IN_MAPPING


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


def children(pointer: Pointer, schema: dict[str, Any]) -> list[tuple[Pointer, Any, str]]:
    """The direct subschemas of ``schema`` as (pointer, subschema, keyword), in document order."""
    found: list[tuple[Pointer, Any, str]] = []
    for key, value in schema.items():
        if key not in SUBSCHEMA_KEYWORDS:
            continue
        if key in IN_MAPPING:
            if isinstance(value, dict):
                base = pointer + (key,)
                for name, sub in value.items():
                    if key == "dependencies" and isinstance(sub, list):
                        continue  # the draft-07 "required" form holds names, not schemas
                    found.append((_new(Pointer, base + (name,)), sub, key))
        elif key in IN_ARRAY and isinstance(value, list):
            base = pointer + (key,)
            for index, sub in enumerate(value):
                found.append((_new(Pointer, base + (index,)), sub, key))
        elif key in IN_VALUE:
            found.append((_new(Pointer, pointer + (key,)), value, key))
    return found


def walk(schema: Any, pointer: Pointer = ROOT, depth: int = 0) -> Iterator[Visit]:
    """Every node of ``schema`` from ``pointer`` down, parents before children."""
    stack = [_new(Visit, (pointer, schema, depth, None))]
    pop = stack.pop
    push = stack.append
    while stack:
        visit = pop()
        yield visit
        node = visit[1]
        if isinstance(node, dict):
            below = visit[2] + 1
            kids = children(visit[0], node)
            for index in range(len(kids) - 1, -1, -1):
                child_pointer, sub, keyword = kids[index]
                push(_new(Visit, (child_pointer, sub, below, keyword)))


def transform(schema: Any, replace: Any, pointer: Pointer = ROOT) -> Any:
    """A new tree: every subschema rebuilt children-first, then passed to
    ``replace(node, pointer)``, which returns the node to put in its place.

    The input is never mutated; key order is kept. Recursion follows the schema's nesting,
    which loading caps at 1,000 levels.
    """
    if isinstance(schema, dict):
        rebuilt: dict[str, Any] = {}
        for key, value in schema.items():
            if key in IN_MAPPING and isinstance(value, dict):
                base = pointer + (key,)
                rebuilt[key] = {
                    name: sub if key == "dependencies" and isinstance(sub, list)
                    else transform(sub, replace, _new(Pointer, base + (name,)))
                    for name, sub in value.items()
                }
            elif key in IN_ARRAY and isinstance(value, list):
                base = pointer + (key,)
                rebuilt[key] = [transform(sub, replace, _new(Pointer, base + (i,))) for i, sub in enumerate(value)]
            elif key in IN_VALUE:
                rebuilt[key] = transform(value, replace, _new(Pointer, pointer + (key,)))
            else:
                rebuilt[key] = value
        schema = rebuilt
    return replace(schema, pointer)
