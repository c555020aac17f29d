"""The core pieces: pointers, loading with places, positions, the walker, references."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tierone.core.dumping import JsonStyle, dump_json
from tierone.core.errors import InputError
from tierone.core.loading import load_bytes, load_path
from tierone.core.pointer import ROOT, Pointer, PointerError
from tierone.core.positions import JsonLocator
from tierone.core.refs import LOCAL, REMOTE, UNRESOLVABLE, RefResolver, recursive_sites
from tierone.core.walker import detached, transform, walk

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


class TestLoading:
    @pytest.mark.parametrize("data, message, line, column", [
        (b'{"a": 1,\n "b": }', "invalid JSON", 2, 7),
        (b"\xff\xfe\x00garbage", "not valid UTF-8", 1, 1),
        (b"", "empty file", None, None),
        (b"[" * 5000 + b"]" * 5000, "nesting is deeper", None, None),
    ], ids=["syntax", "utf8", "empty", "deep"])
    def test_bad_json_is_one_error_with_a_place(self, data, message, line, column):
        with pytest.raises(InputError) as caught:
            load_bytes(data, "x.json")
        assert message in caught.value.message
        assert (caught.value.line, caught.value.column) == (line, column)

    def test_bad_yaml_has_line_and_column(self):
        with pytest.raises(InputError) as caught:
            load_bytes(b"type: object\nproperties:\n  a: {type: string\n", "x.yaml")
        assert caught.value.line == 4 and "invalid YAML" in caught.value.message

    def test_yaml_alias_bomb_is_refused(self):
        lines = ["a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]"]
        for i, name in enumerate("bcdefgh"):
            prev = "abcdefgh"[i]
            lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 10) + "]")
        with pytest.raises(InputError, match="alias bomb"):
            load_bytes("\n".join(lines).encode(), "bomb.yaml")

    def test_yaml_keeps_order_and_plain_types(self):
        source = load_bytes(b"type: object\nproperties:\n  b: {type: string}\n  a: {enum: [1, 2.5, true, null]}\n", "s.yaml")
        assert list(source.data["properties"]) == ["b", "a"]
        assert source.data["properties"]["a"]["enum"] == [1, 2.5, True, None]
        assert type(source.data["properties"]["a"]["enum"][0]) is int

    def test_missing_file_and_directory(self, tmp_path):
        with pytest.raises(InputError, match="no such file"):
            load_path(tmp_path / "nope.json")
        with pytest.raises(InputError, match="directory"):
            load_path(tmp_path)

    def test_bom_is_accepted(self):
        assert load_bytes(b'\xef\xbb\xbf{"type": "object"}', "b.json").data == {"type": "object"}


class TestPositions:
    def test_members_point_at_keys_and_items_at_values(self):
        text = '{\n  "a": {"b": [1, {"c": 2}]},\n  "d~/": 3\n}'
        found = JsonLocator(text).locate([("a",), ("a", "b", 1, "c"), ("d~/",), ()])
        assert found[("a",)] == (2, 3)
        assert found[("a", "b", 1, "c")] == (2, 19)
        assert found[("d~/",)] == (3, 3)
        assert found[()] == (1, 1)

    @given(st.recursive(st.one_of(st.integers(), st.text(max_size=3), st.none()),
                        lambda c: st.one_of(st.lists(c, max_size=3), st.dictionaries(st.text(max_size=3), c, max_size=3)),
                        max_leaves=15),
           st.sampled_from([None, 2]))
    def test_every_member_is_found_where_json_dumps_put_it(self, document, indent):
        text = json.dumps(document, indent=indent)
        wanted = [v.pointer for v in _all_pointers(document)]
        found = JsonLocator(text).locate([tuple(p) for p in wanted])
        assert set(found) == {tuple(p) for p in wanted}
        lines = text.split("\n")
        for parts, (line, column) in found.items():
            if parts:
                token = json.dumps(parts[-1]) if isinstance(parts[-1], str) and isinstance(_parent(document, parts), dict) else None
                if token:
                    assert lines[line - 1][column - 1:].startswith(token)


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


class TestWalker:
    def test_document_order_pointers_and_depth(self):
        schema = {"properties": {"a": {"items": {"type": "string"}}}, "anyOf": [True, {"not": {}}],
                  "$defs": {"d": {}}, "enum": [{"properties": {"x": {}}}]}
        visits = [(str(v.pointer), v.depth, v.keyword) for v in walk(schema)]
        assert visits == [
            ("", 0, None), ("/properties/a", 1, "properties"), ("/properties/a/items", 2, "items"),
            ("/anyOf/0", 1, "anyOf"), ("/anyOf/1", 1, "anyOf"), ("/anyOf/1/not", 2, "not"),
            ("/$defs/d", 1, "$defs"),
        ]

    def test_twenty_thousand_levels_do_not_recurse(self):
        schema: dict = {"type": "string"}
        for _ in range(20_000):
            schema = {"type": "object", "properties": {"a": schema}}
        assert max(v.depth for v in walk(schema)) == 20_000


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

    def test_cycles(self):
        p = Pointer.parse
        edges = {
            p("/$defs/A/properties/b"): p("/$defs/B"),
            p("/$defs/B/properties/a"): p("/$defs/A"),
            p("/properties/x"): p("/$defs/A"),
            p("/properties/y"): p("/$defs/C"),
            p("/$defs/C/items"): p(""),
        }
        assert recursive_sites(edges) == {p("/$defs/A/properties/b"), p("/$defs/B/properties/a"), p("/$defs/C/items"), p("/properties/y")}


# ---- writing JSON in a file's own layout ---------------------------------------------------

# no floats: the standard library writes 1e-07 where orjson writes 1e-7 (the same number)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(" \t\n\"\\a/é\u2028", max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(" a\"", max_size=4), inner, max_size=3),
    max_leaves=25,
)


@given(JSON_VALUES, st.sampled_from(["  ", "    ", "\t", " ", "   "]), st.booleans())
def test_indented_json_is_what_the_standard_library_writes(value, indent, newline):
    expected = json.dumps(value, indent=indent if "\t" in indent else len(indent), ensure_ascii=False)
    assert dump_json(value, JsonStyle(indent, False, newline)) == expected + ("\n" if newline else "")


def test_indented_json_a_hundred_levels_deep():
    value: object = {"leaf": "  two spaces  "}
    for _ in range(100):
        value = {"x": [value]}
    assert dump_json(value, JsonStyle("    ", False, False)) == json.dumps(value, indent=4)


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


def test_detached_copies_every_container():
    schema = {"a": [{"b": {}}], "c": "text"}
    copy = detached(schema)
    assert copy == schema
    assert copy is not schema and copy["a"] is not schema["a"] and copy["a"][0]["b"] is not schema["a"][0]["b"]


# ---- numbers beyond 64 bits --------------------------------------------------------------

@pytest.mark.parametrize("number", [
    99999999999999999999999, 18446744073709551616, -9223372036854775809, 10**40, 1234567890123456789,
])
def test_integers_beyond_64_bits_load_exactly(number):
    source = load_bytes(f'{{"maximum": {number}, "description": "id 12345678901234567890"}}'.encode(), "x.json")
    assert source.data["maximum"] == number and type(source.data["maximum"]) is int


def test_a_long_digit_run_in_a_string_changes_nothing():
    source = load_bytes(b'{"description": "00000000000000000000000", "maximum": 1.5}', "x.json")
    assert source.data == {"description": "00000000000000000000000", "maximum": 1.5}


# ---- configuration globs -----------------------------------------------------------------

PATH_PIECES = st.sampled_from(["envelopes", "a", "b", "src", "x.schema.json", "y.json", "e?", "[ab]"])


@given(st.lists(PATH_PIECES, min_size=1, max_size=4), st.lists(
    st.sampled_from(["envelopes", "a", "*", "?", "*.schema.json", "*.json", "[ab]", "src", "y.json"]),
    min_size=1, max_size=3))
def test_glob_prefilter_never_changes_a_verdict(parts, pattern_parts):
    import fnmatch
    from pathlib import PurePosixPath

    from tierone.linter.config import _glob_matches

    path, pattern = PurePosixPath("/".join(parts)), "/".join(pattern_parts)
    assert _glob_matches(path, pattern) == bool(path.match(pattern) or fnmatch.fnmatch(str(path), pattern))
