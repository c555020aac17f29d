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


class TestEmbeddedResources:
    """A compound document (2020-12's bundled form) holds other schema resources, each with an
    ``$id`` of its own: a reference to one by its address leads into the document, where what
    the resource holds reads the same from the root; else it stays a reference out of it."""

    @staticmethod
    def _document(person: dict) -> dict:
        return {
            "$id": "https://example.com/schemas/root.json",
            "type": "object",
            "properties": {"p": {"$ref": "person.json"}, "n": {"$ref": "person.json#/properties/name"}},
            "$defs": {"person": {"$id": "person.json", **person}},
        }

    def test_a_reference_by_address_leads_into_the_resource(self):
        schema = self._document({"type": "object", "properties": {"name": {"type": "string"}}})
        resolver = RefResolver.of(schema)
        assert resolver.resolve("person.json").target == Pointer.parse("/$defs/person")
        assert resolver.resolve("person.json#/properties/name").target == Pointer.parse("/$defs/person/properties/name")
        absolute = "https://example.com/schemas/person.json"
        assert resolver.resolve(absolute).target == Pointer.parse("/$defs/person")
        assert resolver.resolve("person.json#/properties/none").kind == UNRESOLVABLE
        assert resolver.resolve("https://example.com/other/person.json").kind == REMOTE
        assert resolver.resolve("person.json#anchor").kind == REMOTE  # by anchor: not followed

    def test_a_resource_that_reads_otherwise_from_the_root_stays_out(self):
        # a fragment alone inside it names the resource's own nodes, not the root's
        by_fragment = self._document({"$defs": {"x": {}}, "properties": {"x": {"$ref": "#/$defs/x"}}})
        assert RefResolver.of(by_fragment).resolve("person.json").kind == REMOTE
        # a relative reference inside it resolved against its own address, another folder
        elsewhere = self._document({"properties": {"a": {"$ref": "a.json"}}})
        elsewhere["$defs"]["person"]["$id"] = "people/person.json"
        assert RefResolver.of(elsewhere).resolve("people/person.json").kind == REMOTE
        # a resource embedded in it in turn
        nested = self._document({"$defs": {"inner": {"$id": "inner.json"}}})
        assert RefResolver.of(nested).resolve("person.json").kind == REMOTE

    def test_the_rewrite_serves_it_and_restore_reads_it(self):
        import json

        import tierone
        from tests.judges import all_judges

        schema = self._document({"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]})
        for profile in ("openai", "anthropic", "gemini", "gemini-openapi", "tier1", "vendors"):
            result = tierone.rewrite(schema, profile)
            assert result.ok, (profile, result.unfixable)
            assert "person.json" not in json.dumps(result.schema)
            assert [v for v in all_judges(result.schema, profile) if not v.ok] == []
        made = tierone.strict(schema, "openai")
        assert made.parse(json.dumps({"p": {"name": "ann"}, "n": "x"})) == {"p": {"name": "ann"}, "n": "x"}


def test_a_resource_inside_a_resource_resolves_against_the_one_around_it():
    schema = {
        "$id": "https://example.com/a/root.json",
        "properties": {"p": {"$ref": "b/inner.json"}},
        "$defs": {"outer": {"$id": "b/outer.json", "$defs": {"inner": {"$id": "inner.json", "type": "string"}}}},
    }
    # inner.json against b/outer.json is b/inner.json; the outer resource holds another, so it is not followed
    assert RefResolver.of(schema).resolve("b/inner.json").target == Pointer.parse("/$defs/outer/$defs/inner")
