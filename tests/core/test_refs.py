"""References: what a ``$ref`` points at, and which sites are recursive."""

from __future__ import annotations

from tierone.core.cycles import recursive_sites
from tierone.core.pointer import Pointer
from tierone.core.refs import LOCAL, REMOTE, UNRESOLVABLE, ReferenceGraph, RefResolver


class TestRefs:
    def test_kinds(self):
        schema = {"$id": "https://e.com/s.json", "$defs": {"a": {"$anchor": "A"}, "a/b": {}}}
        resolver = RefResolver(schema, [(Pointer(("$defs", "a")), schema["$defs"]["a"])])
        assert resolver.resolve("#/$defs/a").kind == LOCAL
        assert resolver.resolve("#A").target == ("$defs", "a")
        assert resolver.resolve("#/$defs/a~1b").kind == LOCAL
        assert resolver.resolve("https://e.com/s.json#/$defs/a").kind == LOCAL
        assert resolver.resolve("other.json").kind == REMOTE
        assert resolver.resolve("#/$defs/zz").kind == UNRESOLVABLE
        assert resolver.resolve(5).kind == UNRESOLVABLE

    def test_a_draft_4_id_names_a_subschema_by_a_fragment_as_draft_4_says(self):
        draft4 = {
            "$schema": "http://json-schema.org/draft-04/schema#",
            "definitions": {"gate": {"id": "#gate", "type": "object"}},
            "properties": {"g": {"$ref": "#gate"}},
        }
        assert ReferenceGraph.of(draft4).edges == {Pointer.parse("/properties/g"): Pointer.parse("/definitions/gate")}
        later = {**draft4, "$schema": "http://json-schema.org/draft-07/schema#"}  # `id` is no keyword there
        assert Pointer.parse("/properties/g") in ReferenceGraph.of(later).broken

    def test_cycles(self):
        p = Pointer.parse
        edges = {
            p("/$defs/A/properties/b"): p("/$defs/B"),
            p("/$defs/B/properties/a"): p("/$defs/A"),
            p("/properties/x"): p("/$defs/A"),
            p("/properties/y"): p("/$defs/C"),
            p("/$defs/C/items"): p(""),
        }
        assert recursive_sites(edges) == {
            p("/$defs/A/properties/b"),
            p("/$defs/B/properties/a"),
            p("/$defs/C/items"),
            p("/properties/y"),
        }
