"""Keywords that do nothing where they stand: those that apply to one JSON type, beside a
``type`` that excludes it (``required`` on an array, ``pattern`` on an integer). Validators
ignore them for every value the schema takes, so they leave the rendition exactly; strict
modes would refuse them (a ``required`` naming members an array does not declare)."""

from __future__ import annotations

from functools import cache
from typing import Any

from ...core.jsontypes import declared_types, listed_values, type_of
from ...core.pointer import Pointer
from ...core.rebuilding import transform
from .base import Change, Options, PassResult, does

#: the keywords that apply to values of one type only, by the type
APPLY_TO = {
    "object": frozenset(
        {
            "properties",
            "required",
            "additionalProperties",
            "patternProperties",
            "minProperties",
            "maxProperties",
            "propertyNames",
            "dependentRequired",
            "dependentSchemas",
            "dependencies",
            "unevaluatedProperties",
        }
    ),
    "array": frozenset(
        {
            "items",
            "prefixItems",
            "additionalItems",
            "minItems",
            "maxItems",
            "uniqueItems",
            "contains",
            "minContains",
            "maxContains",
            "unevaluatedItems",
        }
    ),
    "string": frozenset({"minLength", "maxLength", "pattern", "contentEncoding", "contentMediaType", "contentSchema"}),
    "number": frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"}),
}


@does(
    "keywords of one JSON type beside a `type` that excludes it (`required` or `properties` on an array, "
    "`pattern` on an integer), or beside an `enum` or `const` (without `type`) none of whose values is of that "
    "type, do nothing, and go; so do an `if` without `then` or `else`, and a `then` or `else` without `if`"
)
def drop_idle_keywords(schema: Any, options: Options) -> PassResult:
    """Each keyword that applies only to values of a type the node's ``type`` excludes leaves.

    Before: ``{"type": "array", "items": {"type": "string"}, "required": ["name"]}``
    After:  ``{"type": "array", "items": {"type": "string"}}``
    """
    changes: list[Change] = []

    def idle(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict):
            return node
        kind = node.get("type")
        if kind.__class__ is str and _CONDITIONAL.isdisjoint(node) and idle_beside((kind,)).isdisjoint(node):
            return node  # (most nodes: one type, every keyword of it, no conditional)
        why = dict(_conditional_alone(node))
        types, beside = (declared_types(node), "") if "type" in node else _listed_types(node)
        if types is not None and not (idle_here := idle_beside(types)).isdisjoint(node):
            beside = beside or f"type {node['type']!r}"  # (said only where a keyword goes: most nodes keep all)
            why.update((key, f"beside {beside} it does nothing") for key in node if key in idle_here)
        if not why:
            return node
        for key in (key for key in node if key in why):
            changes.append(Change.for_rule(pointer, f"{key} removed ({why[key]})", _rule(key), keyword=key))
        return {key: value for key, value in node.items() if key not in why}

    return PassResult(transform(schema, idle, only=_TYPED, records=(changes,)), tuple(changes))


#: the parts of a conditional
_CONDITIONAL = frozenset({"if", "then", "else"})
#: the nodes a keyword may do nothing on: those with a ``type``, or whose ``enum`` or ``const``
#: says which values they take, and those with a conditional's part
_TYPED = frozenset({"type", "enum", "const", "if", "then", "else"})


def _conditional_alone(node: dict[str, Any]) -> list[tuple[str, str]]:
    """The parts of a conditional that do nothing, and why: an ``if`` with neither ``then`` nor
    ``else``, a ``then`` or an ``else`` with no ``if``."""
    if "if" in node:
        return [] if "then" in node or "else" in node else [("if", "without then or else it does nothing")]
    return [(key, "without if it does nothing") for key in ("then", "else") if key in node]


def _listed_types(node: dict[str, Any]) -> tuple[tuple[str, ...] | None, str]:
    """The types of the values a node without ``type`` lists (its ``enum``, or its ``const``),
    and how a change names them; None where it lists none."""
    values = listed_values(node)
    if not values:
        return None, ""
    types = tuple(sorted({type_of(value) for value in values}))
    return types, "an enum of " + ", ".join(types) + " values" if "enum" in node else f"a const {types[0]}"


@cache
def idle_beside(types: tuple[str, ...]) -> frozenset[str]:
    """The keywords that do nothing beside a ``type`` of ``types``: those of the kinds it excludes."""
    taken = {"number" if t == "integer" else t for t in types}
    return frozenset().union(*(keys for kind, keys in APPLY_TO.items() if kind not in taken))


@cache
def _rule(keyword: str) -> str:
    """The rule that reports ``keyword`` (the first that names it), for the change's record."""
    from ...subset.table import FEATURES

    return next((feature.code for feature in FEATURES if keyword in feature.keywords), "T105")
