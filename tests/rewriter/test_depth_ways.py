"""Where a depth limit is kept (``passes.depth_ways``): on the way to each place too deep, the
deepest node at the limit that may be encoded, and where none may be, one on the way down the
target of the reference that makes the place too deep."""

from __future__ import annotations

from tierone.core.pointer import Pointer
from tierone.rewriter.passes.depth_ways import deepest_at_limit

P = Pointer.parse


def test_the_deepest_node_at_the_limit_on_the_way_is_picked_once_per_branch():
    wheres = [P("/properties/a/properties/b/properties/c"), P("/properties/a/properties/b/properties/d")]
    picked = deepest_at_limit(wheres, 2, lambda p: True)
    assert picked == [P("/properties/a/properties/b")]


def test_where_nothing_on_the_way_may_be_encoded_the_way_goes_on_beyond():
    site = Pointer(("properties", "a", "anyOf", 1))
    beyond = [(P("/$defs/T"), 2), (P("/$defs/T/properties/x"), 3), (P("/$defs/T/properties/x/items"), 4)]
    picked = deepest_at_limit([site], 3, lambda p: p[:1] == ("$defs",), lambda where: beyond)
    assert picked == [P("/$defs/T/properties/x")]  # the deepest at the limit (3), not past it


def test_a_node_carried_in_an_object_is_picked_only_above_the_limit():
    branch = Pointer(("properties", "a", "anyOf", 1))
    way_end, wrapped = branch.child("properties").child("b"), {branch}
    # the branch (2 deep) travels in an object, its member one deeper: at a limit of 2 it may not
    picked = deepest_at_limit([way_end], 2, lambda p: p in wrapped, wrapped=lambda p: p in wrapped)
    assert picked == []
    assert deepest_at_limit([way_end], 3, lambda p: p in wrapped, wrapped=lambda p: p in wrapped) == [branch]
