"""Positions: where each member of a JSON text is, by line and column."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from tierone.core.positions import JsonLocator


class TestPositions:
    def test_members_point_at_keys_and_items_at_values(self):
        text = '{\n  "a": {"b": [1, {"c": 2}]},\n  "d~/": 3\n}'
        found = JsonLocator(text).locate([("a",), ("a", "b", 1, "c"), ("d~/",), ()])
        assert found[("a",)] == (2, 3)
        assert found[("a", "b", 1, "c")] == (2, 19)
        assert found[("d~/",)] == (3, 3)
        assert found[()] == (1, 1)

    @given(
        st.recursive(
            st.one_of(st.integers(), st.text(max_size=3), st.none()),
            lambda c: st.one_of(st.lists(c, max_size=3), st.dictionaries(st.text(max_size=3), c, max_size=3)),
            max_leaves=15,
        ),
        st.sampled_from([None, 2]),
    )
    def test_every_member_is_found_where_json_dumps_put_it(self, document, indent):
        text = json.dumps(document, indent=indent)
        wanted = [v.pointer for v in _all_pointers(document)]
        found = JsonLocator(text).locate([tuple(p) for p in wanted])
        assert set(found) == {tuple(p) for p in wanted}
        lines = text.split("\n")
        for parts, (line, column) in found.items():
            if parts:
                token = (
                    json.dumps(parts[-1])
                    if isinstance(parts[-1], str) and isinstance(_parent(document, parts), dict)
                    else None
                )
                if token:
                    assert lines[line - 1][column - 1 :].startswith(token)


def _parent(document, parts):
    node = document
    for part in parts[:-1]:
        node = node[part]
    return node


class _P:
    def __init__(self, pointer):
        self.pointer = pointer


def _all_pointers(document, prefix=()):
    yield _P(prefix)
    if isinstance(document, dict):
        for k, v in document.items():
            yield from _all_pointers(v, (*prefix, k))
    elif isinstance(document, list):
        for i, v in enumerate(document):
            yield from _all_pointers(v, (*prefix, i))
