"""Encoded data beside a branch that takes any string travels in ``tierone_json``: only the
nodes the pass encoded are wrapped, and the rewrite is the same every time it runs."""

from __future__ import annotations

import json

import pytest

import tierone
from tests.conftest import corpus_files
from tests.served import assert_served
from tierone import rewrite
from tierone.rewriter.passes.encoded_unions import wrapped_beside_text

TEXT_OR_DATA = {"anyOf": [{"type": "string"}, {"type": "string", "description": "A JSON-encoded value."}]}


def test_an_encoded_branch_is_wrapped():
    encoded = TEXT_OR_DATA["anyOf"][1]
    out, changes = wrapped_beside_text(TEXT_OR_DATA, {id(encoded): (encoded, "T102")})
    assert out["anyOf"][1]["properties"] == {"tierone_json": encoded}
    assert [(str(c.pointer), c.rule) for c in changes] == [("/anyOf/1", "T102")]


def test_a_node_that_only_shares_an_encoded_id_is_not_wrapped():
    """An entry whose node is not the branch (an id a dropped node left behind, reused by
    another) wraps nothing: the rewrite of Github_ultra/o69206 wrapped a different branch from
    one run to the next."""
    branch = TEXT_OR_DATA["anyOf"][1]
    other = dict(branch)
    assert wrapped_beside_text(TEXT_OR_DATA, {id(branch): (other, "T102")}) == (TEXT_OR_DATA, [])


def test_rewriting_twice_gives_the_same_rendition(corpus):
    files = [p for p in corpus_files(corpus, "jsonschemabench") if p.name == "o69206.json"]
    if not files:
        pytest.skip("Github_ultra/o69206.json is not in the corpus")
    schema = json.loads(files[0].read_text())
    first = rewrite(schema, "gemini-openapi")
    for _ in range(3):
        again = rewrite(schema, "gemini-openapi")
        assert (again.schema, again.changes) == (first.schema, first.changes)


#: Github_hard/o10421 (Atom's feedType): an open object whose union holds an open branch
#: (free-form: a JSON string) and a branch with no type of its own that declares members (an
#: object, as the rewriter reads it, so no string is taken for it)
OPEN_BESIDE_MEMBERS = {
    "type": "object",
    "properties": {
        "feed": {
            "type": "object",
            "additionalProperties": True,
            "anyOf": [
                {"type": "object", "additionalProperties": True, "properties": {"a": {"type": "string"}}},
                {"properties": {"b": {"type": "string"}}},
            ],
        }
    },
    "required": ["feed"],
}


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini", "gemini-openapi"])
def test_data_only_the_open_branch_takes_travels_in_its_tierone_rest(profile):
    """``{"b": null}`` and ``{"x": null}`` are the open branch's data (its nulls are data): the
    strict form writes them in that branch's ``tierone_rest`` (its declared member ``a`` stands
    beside it), never through the branch of members with the null read as absent (under
    anthropic and gemini-openapi ``to_strict_form`` once wrote ``{}``, which restore read back
    without the member)."""
    instances = [{"feed": {"b": None}}, {"feed": {"x": None}}, {"feed": {"": None}}, {"feed": {"b": "s"}}]
    assert_served(OPEN_BESIDE_MEMBERS, profile, instances)
    if profile != "gemini":  # gemini keeps the open object as it is
        feed = tierone.to_strict_form(instances[0], OPEN_BESIDE_MEMBERS, profile)["feed"]
        assert json.loads(feed["tierone_rest"]) == {"b": None} and feed.get("a") is None


#: Github_medium/o43729's ``geo``: an object whose union's branches say nothing a validator
#: reads (unknown keywords), so each takes any value, beside ``type: object``
ANY_OBJECT_BY_UNION = {
    "type": "object",
    "properties": {
        "geo": {"type": "object", "anyOf": [{"latitude": {"type": "number"}}, {"box": {"type": "string"}}]},
        "name": {"type": "string"},
    },
    "required": ["geo", "name"],
}


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini", "gemini-openapi"])
def test_a_type_beside_a_union_whose_branch_is_encoded_is_left_to_the_branches(profile):
    """Each branch takes any value, and beside ``type: object`` any object: it is encoded as a
    JSON string, which the node's ``type: object`` would refuse. Under gemini (which keeps the
    type beside a union) the rendition took no value there and was refused (T608); the type
    now leaves, and restore still refuses a string that holds no object."""
    result = assert_served(
        ANY_OBJECT_BY_UNION, profile, [{"geo": {"latitude": 1}, "name": "x"}, {"geo": {}, "name": ""}]
    )
    assert "type" not in result.schema["properties"]["geo"]
    found = tierone.restore({"geo": json.dumps("not an object"), "name": "x"}, ANY_OBJECT_BY_UNION).errors
    assert [str(e.pointer) for e in found] == ["/geo"]
    with pytest.raises(tierone.StrictError):
        tierone.strict(ANY_OBJECT_BY_UNION, profile).parse(json.dumps({"geo": '"not an object"', "name": "x"}))


def test_a_branch_beside_the_encoded_one_keeps_the_types_both_say():
    """The node's type goes into the branch that is not encoded (the types both say: here
    the branch's string goes), so that branch takes no more than the original did; null,
    which the encoded branch took beside the node, travels as that branch's JSON text."""
    schema = {
        "type": "object",
        "properties": {
            "v": {
                "type": ["object", "null"],
                "anyOf": [
                    {"not-a-keyword": 1},
                    {"type": ["object", "string"], "properties": {"a": {"type": "integer"}}},
                ],
            }
        },
        "required": ["v"],
    }
    result = assert_served(schema, "gemini", [{"v": {"a": 1}}, {"v": None}, {"v": {"b": []}}])
    assert "type" not in result.schema["properties"]["v"]
    assert result.schema["properties"]["v"]["anyOf"][1]["type"] == "object"
    assert tierone.strict(schema, "gemini").parse('{"v": "null"}') == {"v": None}
