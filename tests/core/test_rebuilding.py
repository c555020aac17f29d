"""New trees from a schema: a transform shares what it does not change and never mutates; a
replacement copies only the paths to what it replaces; detached copies; a transform that hands
only some nodes on (``only``) is the whole transform leaving the others."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from tests.strategies import SCHEMAS
from tierone.core.pointer import Pointer
from tierone.core.rebuilding import detached, replaced, transform
from tierone.core.walker import SUBSCHEMA_KEYWORDS, walk

#: keys some nodes hold and most do not
FEW_KEYS = st.sampled_from([frozenset({"$ref"}), frozenset({"enum", "const"}), frozenset({"properties", "anyOf"})])


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


@given(SCHEMAS)
def test_transform_hands_every_node_of_the_walk_children_first(schema):
    handed: list[Pointer] = []

    def record(node, pointer):
        handed.append(pointer)
        return node

    assert transform(schema, record) is schema
    walked = [visit.pointer for visit in walk(schema)]
    assert sorted(handed, key=str) == sorted(walked, key=str)
    assert len(handed) == len(walked)
    position = {pointer: i for i, pointer in enumerate(handed)}
    for pointer in walked[1:]:  # its parent: the longest pointer of the walk that begins it
        parent = max((p for p in walked if len(p) < len(pointer) and pointer[: len(p)] == p), key=len)
        assert position[parent] > position[pointer]


def test_a_leaf_beside_the_draft_07_names_of_dependencies_is_handed_on():
    schema = {"dependencies": {"a": ["b"], "c": {"required": ["d"]}}, "items": True}
    handed = []
    transform(schema, lambda node, pointer: handed.append(str(pointer)) or node)
    assert handed == ["/dependencies/c", "/items", ""]


# ---- a transform given its records transforms a shared subtree at most twice ------------


def _shared(schema):
    """``schema`` with each object member's schema also standing, as the same object, under two
    more names (what a pass that copies subtrees makes)."""

    def share(node, pointer):
        members = node.get("properties") if isinstance(node, dict) else None
        if not isinstance(members, dict) or not members:
            return node
        again = {f"{name}-{n}": sub for name, sub in members.items() for n in (2, 3)}
        return {**node, "properties": {**members, **again}}

    return transform(schema, share)


@given(SCHEMAS)
def test_a_transform_given_its_records_is_the_transform_without_them(schema):
    shared = _shared(schema)

    def marking(found):
        def mark(node, pointer):
            if isinstance(node, dict) and "type" in node:
                found.append(pointer)
                found.append(pointer.child("type"))
                return {**node, "x-typed": True}
            return node

        return mark

    plain: list[Pointer] = []
    once: list[Pointer] = []
    handed: list[Pointer] = []

    def counted(node, pointer):
        handed.append(pointer)
        return marking(once)(node, pointer)

    assert transform(shared, counted, records=(once,)) == transform(shared, marking(plain))
    assert once == plain  # recorded again at every place, in the order of the plain transform
    members = (v.schema.get("properties") for v in walk(schema) if isinstance(v.schema, dict))
    holding = (
        isinstance(s, dict) and not SUBSCHEMA_KEYWORDS.isdisjoint(s)
        for m in members
        if isinstance(m, dict)
        for s in m.values()
    )
    if any(holding):  # a member holding subschemas, under a third name, is not handed on again
        assert len(handed) < sum(1 for _ in walk(shared))


def test_a_subtree_met_a_third_time_takes_the_result_of_the_second():
    member = {"type": "object", "properties": {"a": {"type": "string"}}}
    schema = {"properties": {"x": member, "y": member, "z": member}}
    found: list[Pointer] = []
    calls: list[str] = []

    def mark(node, pointer):
        calls.append(str(pointer))
        if node.get("type") == "string":
            found.append(pointer)
            return {**node, "maxLength": 3}
        return node

    result = transform(schema, mark, records=(found,))
    assert result["properties"]["y"] is result["properties"]["z"]
    assert result["properties"]["x"]["properties"]["a"] == {"type": "string", "maxLength": 3}
    assert calls == ["/properties/x/properties/a", "/properties/x", "/properties/y/properties/a", "/properties/y", ""]
    assert [str(p) for p in found] == [f"/properties/{name}/properties/a" for name in "xyz"]
