"""The walker: document order, depth without recursion; transform and detached copies; the
walk for a few keys (``having``) and a transform that hands only some nodes on (``only``), each
the same as the whole walk filtered."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from tests.strategies import SCHEMAS
from tierone.core.pointer import Pointer
from tierone.core.walker import detached, having, replaced, transform, walk

#: keys some nodes hold and most do not
FEW_KEYS = st.sampled_from([frozenset({"$ref"}), frozenset({"enum", "const"}), frozenset({"properties", "anyOf"})])


class TestWalker:
    def test_document_order_pointers_and_depth(self):
        schema = {
            "properties": {"a": {"items": {"type": "string"}}},
            "anyOf": [True, {"not": {}}],
            "$defs": {"d": {}},
            "enum": [{"properties": {"x": {}}}],
        }
        visits = [(str(v.pointer), v.depth, v.keyword) for v in walk(schema)]
        assert visits == [
            ("", 0, None),
            ("/properties/a", 1, "properties"),
            ("/properties/a/items", 2, "items"),
            ("/anyOf/0", 1, "anyOf"),
            ("/anyOf/1", 1, "anyOf"),
            ("/anyOf/1/not", 2, "not"),
            ("/$defs/d", 1, "$defs"),
        ]

    def test_twenty_thousand_levels_do_not_recurse(self):
        schema: dict = {"type": "string"}
        for _ in range(20_000):
            schema = {"type": "object", "properties": {"a": schema}}
        assert max(v.depth for v in walk(schema)) == 20_000


# ---- transform shares what it does not change; detached copies --------------------------


def test_transform_shares_untouched_subtrees_and_never_mutates():
    schema = {"properties": {"a": {"type": "string"}, "b": {"type": "integer"}}}
    before = json.dumps(schema)

    def widen(node, pointer):
        return {**node, "type": ["integer", "null"]} if node.get("type") == "integer" else node

    result = transform(schema, widen)
    assert json.dumps(schema) == before
    assert result["properties"]["b"] == {"type": ["integer", "null"]}
    assert result["properties"]["a"] is schema["properties"]["a"]  # untouched: shared
    assert result is not schema and result["properties"] is not schema["properties"]
    assert transform(schema, lambda node, pointer: node) is schema


def test_replaced_copies_only_the_paths_to_what_it_replaces():
    schema = {
        "properties": {"a": {"anyOf": [{"type": "string"}, {"type": "integer"}]}, "b": {"type": "object"}},
        "$defs": {"d": {"type": "number"}},
    }
    before = json.dumps(schema)
    new = {Pointer(("properties", "a", "anyOf", 1)): {"type": "string"}, Pointer(("properties", "b")): {}}
    result = replaced(schema, new)
    assert json.dumps(schema) == before  # the input is never mutated
    assert result["properties"] == {"a": {"anyOf": [{"type": "string"}, {"type": "string"}]}, "b": {}}
    assert result["properties"]["a"]["anyOf"][0] is schema["properties"]["a"]["anyOf"][0]  # shared
    assert result["$defs"] is schema["$defs"]
    assert result == transform(schema, lambda node, pointer: new.get(pointer, node))
    assert replaced(schema, {Pointer(): True}) is True


def test_detached_copies_every_container():
    schema = {"a": [{"b": {}}], "c": "text"}
    copy = detached(schema)
    assert copy == schema
    assert copy is not schema and copy["a"] is not schema["a"] and copy["a"][0]["b"] is not schema["a"][0]["b"]


# ---- the walk for a few keys, and a transform of some nodes: the whole walk filtered --------


@given(SCHEMAS, FEW_KEYS)
def test_having_is_the_walk_of_the_nodes_holding_a_key(schema, keys):
    expected = [
        (v.pointer, v.schema, v.depth) for v in walk(schema) if isinstance(v.schema, dict) and keys & set(v.schema)
    ]
    found = having(schema, keys)
    assert found == expected
    assert all(type(pointer) is Pointer for pointer, _, _ in found)


@given(SCHEMAS, FEW_KEYS)
def test_transform_of_only_some_nodes_is_the_whole_transform_leaving_the_others(schema, keys):
    def mark(node, pointer):
        return {**node, "x-at": str(pointer)} if isinstance(node, dict) else node

    def mark_some(node, pointer):
        return mark(node, pointer) if isinstance(node, dict) and keys & set(node) else node

    handed: list[Pointer] = []

    def record(node, pointer):
        handed.append(pointer)
        return mark(node, pointer)

    assert transform(schema, record, only=keys) == transform(schema, mark_some)
    assert all(keys & set(v.schema) for v in walk(schema) if v.pointer in handed)
