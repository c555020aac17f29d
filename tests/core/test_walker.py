"""The walker: document order, depth without recursion; the walk for a few keys (``having``),
the same as the whole walk filtered."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.strategies import SCHEMAS
from tierone.core.pointer import Pointer
from tierone.core.walker import having, keyword_of, walk

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


# ---- the walk for a few keys, and a transform of some nodes: the whole walk filtered --------


@given(SCHEMAS, FEW_KEYS)
def test_having_is_the_walk_of_the_nodes_holding_a_key(schema, keys):
    expected = [
        (v.pointer, v.schema, v.depth) for v in walk(schema) if isinstance(v.schema, dict) and keys & set(v.schema)
    ]
    found = having(schema, keys)
    assert found == expected
    assert all(type(pointer) is Pointer for pointer, _, _ in found)


@given(SCHEMAS)
def test_keyword_of_a_pointer_is_the_keyword_the_walk_hands_there(schema):
    for visit in walk(schema):
        assert keyword_of(visit.pointer) == visit.keyword
