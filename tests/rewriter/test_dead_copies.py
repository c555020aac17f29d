"""A ``$ref`` into data that is no schema's place (an extension member, ``#/x-types/Id``) has
its target copied into ``$defs``; the rendition then carries no dead copy of it (a consumer
that reads, or refuses, unknown members would see what the rendition moved and loosened)."""

from __future__ import annotations

import pytest

import tierone
from tests.judges import all_judges
from tierone.core.walker import walk

ORIGINAL = {
    "type": "object",
    "properties": {"id": {"$ref": "#/x-types/Id"}, "n": {"$ref": "#/x-types/N"}},
    "required": ["id", "n"],
    "x-types": {
        "Id": {"type": "string", "pattern": "^[a-z]+$", "minLength": 2},
        "N": {"type": "integer"},
        "Unused": {"type": "boolean"},
    },
    "x-note": {"Id": "kept: nothing points here"},
}


@pytest.mark.parametrize("profile", ["openai", "anthropic", "gemini", "vendors", "gemini-openapi"])
def test_the_moved_targets_leave_no_copy_behind(profile):
    result = tierone.rewrite(ORIGINAL, profile)
    rendition = result.schema
    assert "Id" not in rendition.get("x-types", {}) and "N" not in rendition.get("x-types", {})
    assert not any(
        visit.pointer[:1] == ("x-types",) and visit.pointer[1:2] in (("Id",), ("N",)) for visit in walk(rendition)
    )
    if profile != "gemini-openapi":  # google-genai's Schema takes no extension member (rule T220)
        assert rendition["x-types"] == {"Unused": {"type": "boolean"}} and rendition["x-note"] == ORIGINAL["x-note"]
    moved = [str(c.pointer) for c in result.changes if "no dead copy" in c.what]
    assert sorted(moved) == ["/x-types/Id", "/x-types/N"]
    assert all(verdict.ok for verdict in all_judges(rendition, profile)), all_judges(rendition, profile)


def test_a_container_left_empty_goes_too_and_restore_still_enforces_the_original():
    original = {
        "type": "object",
        "properties": {"id": {"$ref": "#/x-types/Id"}},
        "required": ["id"],
        "x-types": {"Id": {"type": "string", "minLength": 2}},
    }
    reader = tierone.strict(original, "openai")
    assert "x-types" not in reader.schema
    assert reader.restore({"id": "ab"}) == {"id": "ab"}
    with pytest.raises(tierone.StrictError, match="/id"):
        reader.restore({"id": "a"})
