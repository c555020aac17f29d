"""RFC 6901 pointers: escaping, rendering and parsing, resolving."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tierone.core.pointer import ROOT, Pointer, PointerError

SEGMENTS = st.lists(st.one_of(st.text(max_size=5), st.integers(0, 9)), max_size=5)


class TestPointer:
    def test_escaping_follows_rfc6901(self):
        assert str(Pointer(("a/b", "m~n", 0))) == "/a~1b/m~0n/0"
        assert Pointer.parse("/a~1b/m~0n/0") == ("a/b", "m~n", "0")
        assert str(ROOT) == "" and Pointer.parse("#") == ROOT

    @given(SEGMENTS)
    def test_render_then_parse_round_trips(self, parts):
        pointer = Pointer(tuple(parts))
        assert Pointer.parse(str(pointer)) == tuple(str(p) for p in parts)

    def test_resolve(self):
        doc = {"a": [{"b~": 1}]}
        assert Pointer.parse("/a/0/b~0").resolve(doc) == 1
        with pytest.raises(PointerError):
            Pointer.parse("/a/1").resolve(doc)
        with pytest.raises(PointerError):
            Pointer.parse("a").resolve(doc)
