"""The one reference graph of a schema (``core.refs.ReferenceGraph``): where each ``$ref``
leads, which lie on a cycle, and how deep the instance nests through them."""

from __future__ import annotations

from typing import Any

from tierone.core.pointer import Pointer
from tierone.core.refs import MAX_REF_HOPS, ReferenceGraph, Site
from tierone.core.walker import walk

P = Pointer.parse

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "a": {"$ref": "#/$defs/A"},
        "b": {"$ref": "other.json#/x"},
        "c": {"$ref": "#/$defs/missing"},
        "d": {"$ref": "#node"},
    },
    "$defs": {
        "A": {"type": "object", "properties": {"next": {"$ref": "#/$defs/A"}}},
        "N": {"$anchor": "node", "type": "string"},
    },
}


def chain(length: int) -> dict[str, Any]:
    """``r`` refers to ``x0``, each ``xi`` to ``x(i+1)`` through a property, the last is a string."""
    defs: dict[str, Any] = {
        f"x{i}": {"type": "object", "properties": {"n": {"$ref": f"#/$defs/x{i + 1}"}}} for i in range(length)
    }
    defs[f"x{length}"] = {"type": "string"}
    return {"type": "object", "properties": {"r": {"$ref": "#/$defs/x0"}}, "$defs": defs}


def test_every_site_is_listed_in_walk_order_with_its_depth():
    assert ReferenceGraph.of(SCHEMA).sites == (
        Site(P("/properties/a"), 1, "#/$defs/A"),
        Site(P("/properties/b"), 1, "other.json#/x"),
        Site(P("/properties/c"), 1, "#/$defs/missing"),
        Site(P("/properties/d"), 1, "#node"),
        Site(P("/$defs/A/properties/next"), 2, "#/$defs/A"),
    )


def test_sites_are_sorted_into_local_remote_broken_and_recursive():
    graph = ReferenceGraph.of(SCHEMA)
    assert graph.edges == {
        P("/properties/a"): P("/$defs/A"),
        P("/properties/d"): P("/$defs/N"),
        P("/$defs/A/properties/next"): P("/$defs/A"),
    }
    assert graph.remote == {P("/properties/b")}
    assert graph.broken == {P("/properties/c"): "'#/$defs/missing' points at nothing in this document"}
    assert graph.recursive == {P("/$defs/A/properties/next")}


def test_target_is_the_node_a_local_reference_names_and_none_otherwise():
    graph = ReferenceGraph.of(SCHEMA)
    assert graph.target("#node") is SCHEMA["$defs"]["N"]
    assert graph.target("#/$defs/A/properties/next") is SCHEMA["$defs"]["A"]["properties"]["next"]
    assert [graph.target(ref) for ref in ("other.json", "#/nowhere", "#no-anchor", 5)] == [None] * 4


def test_a_graph_from_a_walk_already_made_is_the_graph_of_the_schema():
    made = ReferenceGraph.of(SCHEMA)
    nodes = [(visit.pointer, visit.schema) for visit in walk(SCHEMA) if isinstance(visit.schema, dict)]
    given = ReferenceGraph(SCHEMA, made.sites, nodes)
    assert (given.edges, given.remote, given.broken, given.recursive) == (
        made.edges,
        made.remote,
        made.broken,
        made.recursive,
    )


def test_heights_follow_references_and_skip_cycles():
    graph = ReferenceGraph.of(chain(3))
    heights = graph.heights()
    # x0 -> n -> x1 -> n -> x2 -> n -> x3 (a string): three hops below x0
    assert [heights.height(P(f"/$defs/x{i}")) for i in range(4)] == [3, 2, 1, 0]
    assert not heights.truncated
    assert ReferenceGraph.of(SCHEMA).heights().height(P("/$defs/A")) == 1  # the cycle adds nothing


def test_heights_count_only_the_given_levels():
    schema = {
        "$defs": {"T": {"type": "object", "properties": {"a": {"type": "object", "properties": {"b": {}}}}}},
        "properties": {"t": {"$ref": "#/$defs/T"}},
    }
    graph = ReferenceGraph.of(schema)
    assert graph.heights().height(P("/$defs/T")) == 2
    shallow = [(P(""), 0), (P("/$defs/T"), 1), (P("/$defs/T/properties/a"), 2)]  # /a/properties/b not a level
    assert graph.heights(shallow).height(P("/$defs/T")) == 1


def test_a_chain_longer_than_followed_gives_a_lower_bound():
    heights = ReferenceGraph.of(chain(MAX_REF_HOPS + 20)).heights()
    assert MAX_REF_HOPS <= heights.height(P("/$defs/x0")) < MAX_REF_HOPS + 20
    assert heights.truncated


def test_a_pointer_is_written_as_a_uri_fragment_once():
    assert Pointer(("$defs", "a b/c~", 0)).fragment() == "#/$defs/a%20b~1c~0/0"
    assert Pointer(()).fragment() == "#"


#: a reference into an array item that leads back to itself
INTO_AN_ITEM: dict[str, Any] = {
    "anyOf": [{"type": "object", "properties": {"x": {"$ref": "#/anyOf/0"}}}, {"type": "null"}]
}


def test_a_target_in_an_array_is_the_place_the_walker_names():
    graph = ReferenceGraph.of(INTO_AN_ITEM)
    site = Pointer(("anyOf", 0, "properties", "x"))  # as the walker writes it
    assert graph.edges == {site: Pointer(("anyOf", 0))}
    assert graph.recursive == {site}
    assert P("/anyOf/0").located(INTO_AN_ITEM) == Pointer(("anyOf", 0)) != P("/anyOf/0")


def test_heights_follow_a_reference_into_an_array():
    schema = {
        "properties": {"r": {"$ref": "#/$defs/L/items/0"}},
        "$defs": {"L": {"items": [{"properties": {"a": {"properties": {"b": {}}}}}]}},
    }
    graph = ReferenceGraph.of(schema)
    assert graph.heights().height(graph.edges[P("/properties/r")]) == 2  # a, then b


def test_the_deepest_way_goes_into_the_child_that_reaches_deepest_and_through_references():
    schema = {
        "properties": {
            "short": {"type": "string"},
            "long": {"$ref": "#/$defs/list"},
        },
        "$defs": {
            "list": {"type": "array", "items": {"$ref": "#/$defs/item"}},
            "item": {"properties": {"a": {"type": "string"}, "b": {"items": {"items": {}}}}},
        },
    }
    heights = ReferenceGraph.of(schema).heights()
    assert heights.height(P("")) == 5
    way = [(str(p), hops) for p, hops in heights.deepest_way(P(""))]
    assert way == [
        ("", 0),
        ("/properties/long", 1),
        ("/$defs/list", 1),
        ("/$defs/list/items", 2),
        ("/$defs/item", 2),
        ("/$defs/item/properties/b", 3),
        ("/$defs/item/properties/b/items", 4),
        ("/$defs/item/properties/b/items/items", 5),
    ]


def test_the_deepest_way_does_not_go_round_a_cycle():
    schema = {"properties": {"next": {"$ref": "#"}}}
    way = list(ReferenceGraph.of(schema).heights().deepest_way(P("")))
    assert way == [(P(""), 0), (P("/properties/next"), 1)]
