"""Checks of the enforceability rules (T6xx): schemas that constrain nothing a strict mode
can generate from (untyped, boolean, empty), values that contradict their type, and
keywords whose value has the wrong shape."""

from __future__ import annotations

from typing import Any

from ...core.jsontypes import TYPE_NAMES, admits, declared_types
from ...core.pointer import Pointer, PointerError
from ...core.walker import DESCRIBES_VALUES, IN_ARRAY, IN_MAPPING, SUBSCHEMA_KEYWORDS, Visit
from ...subset.table import NOT_CONSTRAINING
from .base import NONE, Hit, Hits, Tally, keyword_check, node_check
from .rendering import show

#: subschemas that do not describe instance values (conditions, negations, pattern-named and
#: dependent members, ...): a rule reports their container keyword (``contentSchema`` as an
#: unknown keyword), so their contents are not judged again
REPORTED_BY_CONTAINER = SUBSCHEMA_KEYWORDS - DESCRIBES_VALUES

# Where `true`/`false` are ordinary values rather than stand-ins for a schema.
BOOLEAN_IS_A_VALUE = frozenset({"additionalProperties"}) | REPORTED_BY_CONTAINER

TYPE_SOURCES = frozenset(
    {"type", "$ref", "anyOf", "oneOf", "allOf", "enum", "const", "$dynamicRef", "$recursiveRef"}
)


@node_check("T601")
def untyped_schema(visit: Visit, tally: Tally) -> Hits:
    node = visit.schema
    if not visit.depth or not isinstance(node, dict) or visit.keyword in REPORTED_BY_CONTAINER:
        return NONE
    if TYPE_SOURCES.isdisjoint(node) and not NOT_CONSTRAINING.issuperset(node):
        hint = " (it has properties: add `type: object`)" if "properties" in node else ""
        return (Hit(visit.pointer, None, {"detail": hint}),)
    return NONE


@node_check("T602")
def boolean_schema(visit: Visit, tally: Tally) -> Hits:
    if visit.depth and isinstance(visit.schema, bool) and visit.keyword not in BOOLEAN_IS_A_VALUE:
        return (Hit(visit.pointer, None, None, visit.schema),)
    return NONE


@node_check("T603")
def empty_schema(visit: Visit, tally: Tally) -> Hits:
    node = visit.schema
    if not visit.depth or not isinstance(node, dict) or visit.keyword in REPORTED_BY_CONTAINER:
        return NONE
    if NOT_CONSTRAINING.issuperset(node) and not any(k.startswith("x-") for k in node):
        return (Hit(visit.pointer),)
    return NONE


@keyword_check("T604")
def enum_type_mismatch(visit: Visit, keyword: str, value: Any, tally: Tally) -> Hits:
    types = declared_types(visit.schema)
    if types is None:
        return NONE
    values = value if keyword == "enum" and isinstance(value, list) else [value] if keyword == "const" else []
    for item in values:
        if not any(admits(t, item) for t in types):
            return (Hit(visit.pointer, keyword, None, item),)
    return NONE


@node_check("T606")
def not_a_schema(visit: Visit, tally: Tally) -> Hits:
    node = visit.schema
    if isinstance(node, (dict, bool)):
        return NONE
    detail = f"expected a schema, found {show(node)}"
    return (Hit(visit.pointer, None, {"keyword": visit.keyword or "schema", "detail": detail}),)


@keyword_check("T606", keywords=("type",))
def malformed_type(visit: Visit, keyword: str, value: Any, tally: Tally) -> Hits:
    if value.__class__ is str and value in TYPE_NAMES:
        return NONE
    names = value if isinstance(value, list) else [value]
    bad = [n for n in names if not isinstance(n, str) or n not in TYPE_NAMES]
    if bad or not names:
        detail = f"{show(bad[0])} is not a JSON-Schema type" if bad else "an empty type list"
    elif len(set(names)) != len(names):
        detail = "type names repeat"
    else:
        return NONE
    return (Hit(visit.pointer, keyword, {"detail": detail}),)


@keyword_check("T606", keywords=("required",))
def malformed_required(visit: Visit, keyword: str, value: Any, tally: Tally) -> Hits:
    if not isinstance(value, list) or not all(isinstance(n, str) for n in value):
        return (Hit(visit.pointer, keyword, {"detail": "expected a list of property names"}),)
    if len(set(value)) != len(value):
        return (Hit(visit.pointer, keyword, {"detail": "property names repeat"}),)
    return NONE


#: keywords whose value must be an object of schemas: the walker's mappings, except
#: ``dependencies`` (not judged: its draft-07 form mixes schemas and lists of names)
OBJECT_VALUED = IN_MAPPING - {"dependencies"}
#: keywords whose value must be an object or an array: the walker's containers (but
#: ``items``, which may be one schema or an array) and ``enum``
CONTAINERS = OBJECT_VALUED | (IN_ARRAY - {"items"}) | {"enum"}


@keyword_check("T606", keywords=CONTAINERS)
def malformed_container(visit: Visit, keyword: str, value: Any, tally: Tally) -> Hits:
    expected = dict if keyword in OBJECT_VALUED else list
    if isinstance(value, expected):
        if keyword == "enum" and not value:
            return (Hit(visit.pointer, keyword, {"detail": "an empty enum accepts no value"}),)
        if isinstance(value, list) and keyword == "enum" and _repeats(value):
            return (Hit(visit.pointer, keyword, {"detail": "enum values repeat"}),)
        return NONE
    noun = "an object of schemas" if expected is dict else "an array"
    return (Hit(visit.pointer, keyword, {"detail": f"expected {noun}"}),)


_SCALARS = (str, int, bool, type(None))


def _repeats(values: list[Any]) -> bool:
    """Whether two values have the same JSON text (so 1, true and 1.0 are three values)."""
    if all(v.__class__ in _SCALARS for v in values):  # the common case: no serialising
        return len({(v.__class__, v) for v in values}) != len(values)
    import json

    seen = {json.dumps(v, sort_keys=True) for v in values}
    return len(seen) != len(values)


@node_check("T607")
def untyped_array_items(visit: Visit, tally: Tally) -> Hits:
    node = visit.schema
    if node.__class__ is not dict or "items" in node or "prefixItems" in node:
        return NONE
    declared = node.get("type")
    if declared == "array" or (isinstance(declared, list) and "array" in declared):
        return (Hit(visit.pointer),)
    return NONE


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
    why = _bounds_conflict(node) or _no_enum_value(node) or _required_false(node) or _no_branch(node, tally)
    return (Hit(visit.pointer, why[0], {"detail": why[1]}),) if why else NONE


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _bounds_conflict(node: dict[str, Any]) -> tuple[str, str] | None:
    types = declared_types(node)
    for low, high, kinds, strict in BOUND_PAIRS:
        a: Any = node.get(low)
        b: Any = node.get(high)
        if not (_number(a) and _number(b)) or types is None or not set(types) <= kinds:
            continue
        if a > b or (strict and a == b):
            return low, f"`{low}` {show(a)} is above `{high}` {show(b)}" if a > b else f"`{low}` and `{high}` are both {show(a)}"
    return None


def _no_enum_value(node: dict[str, Any]) -> tuple[str, str] | None:
    types, values = declared_types(node), node.get("enum")
    if types is None or not isinstance(values, list) or not values:
        return None
    if any(admits(t, v) for v in values for t in types):
        return None
    return "enum", "no `enum` value is of the declared `type`"


def _required_false(node: dict[str, Any]) -> tuple[str, str] | None:
    properties, required = node.get("properties"), node.get("required")
    if not isinstance(properties, dict) or not isinstance(required, list) or _may_be_other_than_object(node):
        return None
    for name in required:
        if isinstance(name, str) and properties.get(name) is False:
            return "required", f"`{name}` is required, and its schema is `false`"
    return None


def _no_branch(node: dict[str, Any], tally: Tally) -> tuple[str, str] | None:
    """A union none of whose branches can hold beside the node (each closed to a name some
    `required` needs, of another type, or of none of the node's `enum` values)."""
    for key in ("anyOf", "oneOf"):
        branches = node.get(key)
        if not isinstance(branches, list) or not branches:
            continue
        reasons = [_dead(node, _followed(branch, tally.root)) for branch in branches]
        if all(reasons):
            return key, f"no branch of `{key}` can hold beside it ({reasons[0]})"
    return None


def _followed(branch: Any, root: Any) -> Any:
    """A branch that is a bare JSON-Pointer ``$ref``: its target (one hop); else the branch."""
    ref = branch.get("$ref") if isinstance(branch, dict) and len(branch) == 1 else None
    if not isinstance(ref, str) or not ref.startswith("#/") or "%" in ref:
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
    outer, inner = declared_types(node), declared_types(branch)
    if outer is not None and inner is not None and not _overlap(outer, inner):
        return f"a branch of type {show(list(inner))} beside type {show(list(outer))}"
    enums = node.get("enum"), branch.get("enum")
    if isinstance(enums[0], list) and isinstance(enums[1], list) and not any(_same(a, b) for a in enums[0] for b in enums[1]):
        return "a branch whose `enum` shares no value with the node's"
    if _may_be_other_than_object(node) and _may_be_other_than_object(branch):
        return None
    for closed in (branch, node):
        if closed.get("additionalProperties") is not False:
            continue
        allowed: Any = closed.get("properties") if isinstance(closed.get("properties"), dict) else {}
        for name in (*_names(branch), *_names(node)):
            if name not in allowed:
                return f"`{name}` is required, and a closed object without it refuses it"
    return None


def _overlap(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Whether some value is of a type in ``a`` and of one in ``b`` (an integer is a number)."""
    widen = {"integer": ("integer", "number")}
    return bool({w for t in a for w in widen.get(t, (t,))} & {w for t in b for w in widen.get(t, (t,))}) or (
        "number" in a and "integer" in b)


def _may_be_other_than_object(node: dict[str, Any]) -> bool:
    types = declared_types(node)
    return types is None or types != ("object",)


def _names(node: dict[str, Any]) -> list[str]:
    required = node.get("required")
    return [n for n in required if isinstance(n, str)] if isinstance(required, list) else []


def _same(a: Any, b: Any) -> bool:
    return a == b and type(a) is type(b) or (_number(a) and _number(b) and a == b)


# ---- T609: integers beyond 64 bits --------------------------------------------------------

#: the signed 64-bit range, but its lowest value: llguidance reads an integer as a double
#: and crashes (a segmentation fault) on one that rounds to -2^63
INT64 = (-(2**63), 2**63 - 1)


def _out_of_range(item: Any) -> bool:
    if not isinstance(item, int) or isinstance(item, bool):
        return False
    return not INT64[0] <= item <= INT64[1] or float(item) == INT64[0]


@keyword_check("T609")
def integer_out_of_range(visit: Visit, keyword: str, value: Any, tally: Tally) -> Hits:
    values = value if keyword == "enum" and isinstance(value, list) else [value]
    for item in values:
        if _out_of_range(item):
            return (Hit(visit.pointer, keyword, None, item),)
    return NONE
