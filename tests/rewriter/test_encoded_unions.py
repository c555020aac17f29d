"""Encoded data beside a branch that takes any string travels in ``tierone_json``: only the
nodes the pass encoded are wrapped, and the rewrite is the same every time it runs."""

from __future__ import annotations

import json

import pytest

from tests.conftest import corpus_files
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
