"""Hypothesis strategies for JSON Schemas: nasty on purpose (odd names, every keyword)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

NAMES = st.sampled_from(["a", "b", "name", "a/b", "t~x", "", "reasoning", "type", "0", "é"])
TYPES = st.sampled_from(["object", "string", "integer", "number", "array", "boolean", "null"])
TYPE = st.one_of(TYPES, st.lists(TYPES, min_size=1, max_size=3, unique=True))
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 300), st.text(max_size=4))
BOUNDS = st.dictionaries(
    st.sampled_from(
        [
            "minLength",
            "maxLength",
            "pattern",
            "format",
            "minimum",
            "maximum",
            "exclusiveMinimum",
            "multipleOf",
            "minItems",
            "maxItems",
            "uniqueItems",
            "minProperties",
            "default",
            "const",
            "title",
            "description",
            "nullable",
            "x-ext",
            "examples",
        ]
    ),
    SCALARS,
    max_size=3,
)


def _node(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    subschemas = st.dictionaries(NAMES, children, max_size=3)
    return st.builds(
        _assemble,
        st.one_of(st.none(), TYPE),
        st.one_of(st.none(), subschemas),
        st.one_of(st.none(), st.lists(NAMES, max_size=3)),
        st.one_of(st.none(), st.booleans(), children),
        st.one_of(st.none(), children),
        st.one_of(st.none(), st.lists(children, min_size=1, max_size=3)),
        st.one_of(st.none(), subschemas),
        st.dictionaries(
            st.sampled_from(
                ["oneOf", "allOf", "not", "if", "prefixItems", "propertyNames", "dependencies", "patternProperties"]
            ),
            st.one_of(children, st.lists(children, max_size=2)),
            max_size=2,
        ),
        BOUNDS,
        st.one_of(
            st.none(), st.sampled_from(["#", "#/$defs/a", "#/properties/a", "#/nope", "http://x/y", "#/$defs/a~1b"])
        ),
        st.one_of(st.none(), st.lists(SCALARS, max_size=3)),
    )


def _assemble(type_, properties, required, additional, items, any_of, defs, forbidden, bounds, ref, enum):  # type: ignore[no-untyped-def]
    node: dict[str, Any] = {}
    for key, value in (
        ("type", type_),
        ("properties", properties),
        ("required", required),
        ("additionalProperties", additional),
        ("items", items),
        ("anyOf", any_of),
        ("$defs", defs),
        ("$ref", ref),
        ("enum", enum),
    ):
        if value is not None:
            node[key] = value
    node.update(forbidden)
    node.update(bounds)
    return node


LEAVES = st.one_of(
    st.just({"type": "string"}),
    st.just({}),
    st.booleans(),
    st.builds(lambda t: {"type": t}, TYPE),
)
SCHEMAS = st.recursive(LEAVES, _node, max_leaves=25)
