"""Checks of the enforceability rules (T6xx): schemas that constrain nothing a strict mode
can generate from (untyped, boolean, empty), values that contradict their type, and
keywords whose value has the wrong shape."""

from __future__ import annotations

from typing import Any

from ...core.dialects import BEFORE_2020, VARYING, names_one_of, undefined_keywords, why_undefined
from ...core.jsontypes import TYPE_NAMES, admitted, declared_types
from ...core.keyword_shapes import ANNOTATION_SHAPES, SCALAR_SHAPES, malformed
from ...core.patterns import is_pattern
from ...core.walker import DESCRIBES_VALUES, IN_ARRAY, IN_MAPPING, SUBSCHEMA_KEYWORDS, Visit
from ...subset.conditions import past_64_bits
from ...subset.table import NOT_CONSTRAINING
from .base import NONE, Hit, Hits, Tally, keyword_check, node_check
from .rendering import show

#: subschemas that do not describe instance values (conditions, negations, pattern-named and
#: dependent members, ...): a rule reports their container keyword (``contentSchema`` as an
#: unknown keyword), so their contents are not judged again
REPORTED_BY_CONTAINER = SUBSCHEMA_KEYWORDS - DESCRIBES_VALUES

# Where `true`/`false` are ordinary values rather than stand-ins for a schema.
BOOLEAN_IS_A_VALUE = frozenset({"additionalProperties"}) | REPORTED_BY_CONTAINER

TYPE_SOURCES = frozenset({"type", "$ref", "anyOf", "oneOf", "allOf", "enum", "const", "$dynamicRef", "$recursiveRef"})


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
        if not admitted(types, item):
            return (Hit(visit.pointer, keyword, None, item),)
    return NONE


#: the annotations judged on their node (:data:`~tierone.core.keyword_shapes.ANNOTATION_SHAPES`)
_ANNOTATED = frozenset(ANNOTATION_SHAPES)


@node_check("T606")
def not_a_schema(visit: Visit, tally: Tally) -> Hits:
    """A subschema that is no schema; and of a schema, each annotation outside the table whose
    value is malformed."""
    node = visit.schema
    if node.__class__ is dict:
        if _ANNOTATED.isdisjoint(node):
            return NONE
        return tuple(
            Hit(visit.pointer, key, {"detail": f"expected {expected}, found {show(node[key])}"})
            for key in node
            if key in _ANNOTATED and (expected := malformed(key, node[key], tally.root)) is not None
        )
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


@keyword_check("T606", keywords=tuple(SCALAR_SHAPES))
def malformed_scalar(visit: Visit, keyword: str, value: Any, tally: Tally) -> Hits:
    expected = malformed(keyword, value, tally.root)
    if expected is None:
        return NONE
    return (Hit(visit.pointer, keyword, {"detail": f"expected {expected}, found {show(value)}"}),)


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
        if keyword in _UNIONS and not value:
            return (
                Hit(
                    visit.pointer, keyword, {"detail": f"an empty `{keyword}` is not a schema (it holds at least one)"}
                ),
            )
        if isinstance(value, list) and keyword == "enum" and repeats(value):
            return (Hit(visit.pointer, keyword, {"detail": "enum values repeat"}),)
        if keyword == "patternProperties":
            bad = next((name for name in value if not is_pattern(name)), None)
            if bad is not None:
                return (Hit(visit.pointer, keyword, {"detail": f"{show(bad)} is not a regular expression (ECMA-262)"}),)
        return NONE
    noun = "an object of schemas" if expected is dict else "an array"
    return (Hit(visit.pointer, keyword, {"detail": f"expected {noun}"}),)


@keyword_check("T606", keywords=("items",))
def tuple_items_in_2020(visit: Visit, keyword: str, value: Any, tally: Tally) -> Hits:
    """An array of ``items`` where the document's dialect is 2020-12 (named, or by default):
    the tuple form of the drafts before it, which 2020-12 writes ``prefixItems``."""
    if value.__class__ is not list or names_one_of(tally.root, BEFORE_2020):
        return NONE
    return (Hit(visit.pointer, keyword, {"detail": _TUPLE_BEFORE_2020}),)


@keyword_check("T605", keywords=tuple(sorted(VARYING)))
def outside_its_draft(visit: Visit, keyword: str, value: Any, tally: Tally) -> Hits:
    """A keyword that constrains in some drafts but that the draft the document names does not
    define (draft 4's ``const``; ``dependencies`` in 2020-12, how a document naming none is
    read): its validators ignore it, restore among them. The vendors, which read no
    ``$schema``, may still take it: their own rules report it too."""
    if keyword not in undefined_keywords(tally.root):
        return NONE
    return (Hit(visit.pointer, keyword, {"detail": why_undefined(tally.root, keyword)}),)


#: what :func:`tuple_items_in_2020` says instead
_TUPLE_BEFORE_2020 = "expected a schema (an array is the tuple form before 2020-12: write `prefixItems`, or name that draft in `$schema`)"


_SCALARS = (str, int, bool, type(None))
#: the keywords whose list must hold at least one schema
_UNIONS = frozenset({"anyOf", "oneOf", "allOf"})


def repeats(values: list[Any]) -> bool:
    """Whether two values have the same JSON text (so 1, true and 1.0 are three values);
    :func:`distinct` writes each once."""
    if all(v.__class__ in _SCALARS for v in values):  # the common case: no serialising
        return len({(v.__class__, v) for v in values}) != len(values)
    return len(distinct(values)) != len(values)


def distinct(values: list[Any]) -> list[Any]:
    """``values`` with each JSON text kept once, at its first place (1, true and 1.0 are three
    values): what an ``enum`` whose values repeat takes, written without the repeats."""
    import json

    seen: set[str] = set()
    kept = []
    for value in values:
        text = json.dumps(value, sort_keys=True)
        if text not in seen:
            seen.add(text)
            kept.append(value)
    return kept


@node_check("T607")
def untyped_array_items(visit: Visit, tally: Tally) -> Hits:
    node = visit.schema
    if node.__class__ is not dict or "items" in node or "prefixItems" in node:
        return NONE
    declared = node.get("type")
    if declared == "array" or (isinstance(declared, list) and "array" in declared):
        return (Hit(visit.pointer),)
    return NONE


@keyword_check("T609")
def integer_out_of_range(visit: Visit, keyword: str, value: Any, tally: Tally) -> Hits:
    values = value if keyword == "enum" and isinstance(value, list) else [value]
    for item in values:
        if past_64_bits(item, bound=keyword != "enum"):
            return (Hit(visit.pointer, keyword, None, item),)
    return NONE
