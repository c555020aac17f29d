"""Check of rule T608 (an enforceability rule): subschemas that no value satisfies, found
without solving anything: bounds that cross, an `enum` with no value of the declared type,
a required member whose schema is `false`, a union none of whose branches can hold."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...core.jsontypes import admitted, declared_types
from ...core.pointer import Pointer, PointerError
from ...core.walker import Visit
from ...subset.table import NOT_CONSTRAINING, TABLE_KEYWORDS
from .base import NONE, Hit, Hits, Tally, node_check
from .enforceability import REPORTED_BY_CONTAINER
from .rendering import show

# ---- T608: statically unsatisfiable -------------------------------------------------------

#: (lower, upper, the type names they bound, whether equal bounds conflict)
BOUND_PAIRS = (
    ("minimum", "maximum", frozenset({"number", "integer"}), False),
    ("exclusiveMinimum", "maximum", frozenset({"number", "integer"}), True),
    ("minimum", "exclusiveMaximum", frozenset({"number", "integer"}), True),
    ("exclusiveMinimum", "exclusiveMaximum", frozenset({"number", "integer"}), True),
    ("minLength", "maxLength", frozenset({"string"}), False),
    ("minItems", "maxItems", frozenset({"array"}), False),
    ("minProperties", "maxProperties", frozenset({"object"}), False),
)


@node_check("T608")
def unsatisfiable_schema(visit: Visit, tally: Tally) -> Hits:
    node = visit.schema
    if node.__class__ is not dict or visit.keyword in REPORTED_BY_CONTAINER:
        return NONE
    why = (
        _bounds_conflict(node)
        or _no_enum_value(node)
        or _not_anything(node)
        or _required_false(node)
        or _no_branch(node, tally.root)
    )
    return (Hit(visit.pointer, why[0], {"detail": why[1]}),) if why else NONE


def accepts_nothing(node: Any, root: Any = None) -> bool:
    """Whether ``node`` takes no value: ``false``, bounds that cross, an ``enum`` with no value
    of the declared type, an object closed to members it does not declare that requires one of
    them (rule T105 names that member), or a union none of whose branches can hold beside it (a
    branch that is a reference followed into ``root``, one hop, as rule T608 reads it; with no
    ``root``, no reference is followed)."""
    if node is False:
        return True
    if not isinstance(node, dict) or _TELLING.isdisjoint(node):  # most nodes: no check finds anything
        return False
    return bool(
        _bounds_conflict(node)
        or _no_enum_value(node)
        or _not_anything(node)
        or _closed_yet_requires(node)
        or _no_branch(node, root)
    )


def _closed_yet_requires(node: dict[str, Any]) -> bool:
    """An object (its only type) closed to undeclared members that requires one."""
    if node.get("additionalProperties") is not False or "patternProperties" in node:
        return False
    if declared_types(node) != ("object",) or not isinstance(node.get("required"), list):
        return False
    declared = node.get("properties")
    declared = declared if isinstance(declared, dict) else {}
    return any(isinstance(name, str) and name not in declared for name in node["required"])


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


#: the lower bound of each pair: a node without one has no conflict (most nodes)
_LOWS = frozenset(pair[0] for pair in BOUND_PAIRS)
#: the keywords one of the checks reads first (a node holding none takes some value)
_TELLING = _LOWS | {"enum", "const", "not", "additionalProperties", "anyOf", "oneOf"}


def _bounds_conflict(node: dict[str, Any]) -> tuple[str, str] | None:
    if _LOWS.isdisjoint(node):
        return None
    for low, high, kinds, strict in BOUND_PAIRS:
        a: Any = node.get(low)
        b: Any = node.get(high)
        if not (_number(a) and _number(b)):
            continue
        types = declared_types(node)  # only for the rare node with both bounds
        if types is None or not set(types) <= kinds:
            continue
        if a > b or (strict and a == b):
            return (
                low,
                f"`{low}` {show(a)} is above `{high}` {show(b)}"
                if a > b
                else f"`{low}` and `{high}` are both {show(a)}",
            )
    return None


def no_listed_value(node: dict[str, Any]) -> bool:
    """Whether ``node``'s ``enum`` (or ``const``, a one-value enum) holds no value of its ``type``
    (or none at all): it takes nothing, and the rewriter never makes it take one."""
    return _no_enum_value(node) is not None


def _no_enum_value(node: dict[str, Any]) -> tuple[str, str] | None:
    keyword, values = "enum", node.get("enum")
    if not isinstance(values, list):
        if "const" not in node:
            return None
        keyword, values = "const", [node["const"]]  # a one-value enum
    if not values:  # (pydantic writes one for a field typed as `Enum` itself)
        return "enum", "an empty `enum` accepts no value"
    types = declared_types(node)
    if types is None:
        return None
    if any(admitted(types, v) for v in values):
        return None
    return keyword, f"no `{keyword}` value is of the declared `type`"


#: every JSON type (``integer`` is among the numbers): a ``type`` naming each takes every value
_EVERY_TYPE = frozenset({"string", "number", "array", "object", "boolean", "null"})


def _not_anything(node: dict[str, Any]) -> tuple[str, str] | None:
    """``not`` of a schema that every value satisfies (``true``, ``{}``, a ``type`` naming
    every type): nothing satisfies the node."""
    negated = node.get("not")
    if negated is True or (isinstance(negated, dict) and _takes_everything(negated)):
        return "not", "`not` of a schema that every value satisfies"
    return None


def _takes_everything(node: dict[str, Any]) -> bool:
    keys = {key for key in node if key in TABLE_KEYWORDS} - NOT_CONSTRAINING
    types = declared_types(node)
    return not keys or (keys == {"type"} and types is not None and _EVERY_TYPE <= set(types))


def _required_false(node: dict[str, Any]) -> tuple[str, str] | None:
    properties, required = node.get("properties"), node.get("required")
    if not isinstance(properties, dict) or not isinstance(required, list) or _may_be_other_than_object(node):
        return None
    for name in required:
        if isinstance(name, str) and properties.get(name) is False:
            return "required", f"`{name}` is required, and its schema is `false`"
    return None


def _no_branch(node: dict[str, Any], root: Any) -> tuple[str, str] | None:
    """A union none of whose branches can hold beside the node (each closed to a name some
    `required` needs, of another type, or of none of the node's `enum` values); a branch that
    is a reference is followed into ``root`` (None: not followed, never judged dead)."""
    for key in ("anyOf", "oneOf"):
        branches = node.get(key)
        if not isinstance(branches, list) or not branches:
            continue
        why = _each_dead(node, (_followed(branch, root) for branch in branches))
        if why is not None:
            return key, f"no branch of `{key}` can hold beside it ({why})"
    return None


def _each_dead(node: dict[str, Any], branches: Iterable[Any]) -> str | None:
    """Why the first of ``branches`` accepts nothing ``node`` accepts, where none of them does;
    None once one may (the rest are not judged: most unions hold at their first branch)."""
    first = None
    for branch in branches:
        why = _dead(node, branch)
        if why is None:
            return None
        first = first or why
    return first


def _followed(branch: Any, root: Any) -> Any:
    """A branch that is a bare JSON-Pointer ``$ref``: its target (one hop); else the branch."""
    ref = branch.get("$ref") if isinstance(branch, dict) and len(branch) == 1 else None
    if root is None or not isinstance(ref, str) or not ref.startswith("#/") or "%" in ref:
        return branch
    try:
        return Pointer.parse(ref).resolve(root)
    except PointerError:
        return branch


def _dead(node: dict[str, Any], branch: Any) -> str | None:
    """Why ``branch`` accepts nothing that ``node`` accepts; None when it may."""
    if branch is False:
        return "a branch is `false`"
    if not isinstance(branch, dict) or "$ref" in branch:
        return None
    nested = branch.get("anyOf") if "type" not in branch else None  # a union of its own, beside the node
    why = _each_dead(node, nested) if isinstance(nested, list) and nested else None
    if why is not None:
        return why
    outer, inner = declared_types(node), declared_types(branch)
    if outer is not None and inner is not None and not _overlap(outer, inner):
        return f"a branch of type {show(list(inner))} beside type {show(list(outer))}"
    values = branch.get("enum")
    if outer is not None and isinstance(values, list) and values and not any(admitted(outer, v) for v in values):
        return f"a branch whose `enum` holds no value of type {show(list(outer))}"
    enums = node.get("enum"), values
    if (
        isinstance(enums[0], list)
        and isinstance(enums[1], list)
        and not any(_same(a, b) for a in enums[0] for b in enums[1])
    ):
        return "a branch whose `enum` shares no value with the node's"
    if _may_be_other_than_object(node) and _may_be_other_than_object(branch):
        return None
    for closed in (branch, node):
        if closed.get("additionalProperties") is not False or "patternProperties" in closed:
            continue  # open, or a pattern may admit the name
        allowed: Any = closed.get("properties") if isinstance(closed.get("properties"), dict) else {}
        for name in (*_names(branch), *_names(node)):
            if name not in allowed:
                return f"`{name}` is required, and a closed object without it refuses it"
    return None


def _overlap(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Whether some value is of a type in ``a`` and of one in ``b`` (an integer is a number)."""
    widen = {"integer": ("integer", "number")}
    return bool({w for t in a for w in widen.get(t, (t,))} & {w for t in b for w in widen.get(t, (t,))}) or (
        "number" in a and "integer" in b
    )


def _may_be_other_than_object(node: dict[str, Any]) -> bool:
    types = declared_types(node)
    return types is None or types != ("object",)


def _names(node: dict[str, Any]) -> list[str]:
    required = node.get("required")
    return [n for n in required if isinstance(n, str)] if isinstance(required, list) else []


def _same(a: Any, b: Any) -> bool:
    return a == b and type(a) is type(b) or (_number(a) and _number(b) and a == b)


# ---- T609: integers beyond 64 bits --------------------------------------------------------
