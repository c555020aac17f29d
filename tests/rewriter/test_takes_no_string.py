"""Where a string read back is JSON the rewriter encoded: a node that takes no string. Its own
``type`` decides (a union beside it can only narrow it), and one ``allOf`` part that takes no
string is enough; a union branch beside one that may take text is never read so."""

from __future__ import annotations

from tierone.rewriter.shapes import beside_text, takes_no_string


def same(node):
    return node


def test_a_declared_type_decides_whatever_the_union_beside_it_says():
    presence = {"type": "object", "properties": {"a": {}}, "anyOf": [{"required": ["a"]}, {"required": ["b"]}]}
    assert takes_no_string(presence, same)
    assert not takes_no_string({"type": ["object", "string"], "anyOf": [{"type": "object"}]}, same)


def test_one_all_of_part_that_takes_no_string_is_enough():
    assert takes_no_string({"allOf": [{"type": "object"}, {"properties": {"x": {}}}]}, same)
    assert not takes_no_string({"allOf": [{"minLength": 1}]}, same)


def test_a_branch_beside_text_is_never_read_as_json():
    union = [{"type": "object"}, {"type": "string"}]
    assert beside_text(union, union[0], same)
    objects = [{"type": "object"}, {"allOf": [{"type": "object"}]}, {"properties": {"k": {}}}]
    assert not beside_text(objects, objects[0], same)
