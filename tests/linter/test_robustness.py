"""The linter never crashes: on generated schemas, on metaschema-generated ones, on the corpus."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import corpus_files
from tests.strategies import SCHEMAS
from tierone import lint
from tierone.core.pointer import Pointer
from tierone.linter.api import lint_paths
from tierone.linter.config import Config
from tierone.linter.diagnostics import FileResult
from tierone.subset.profiles import PROFILES
from tierone.subset.table import BY_CODE

JSON = st.recursive(
    st.one_of(
        st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=5)
    ),
    lambda c: st.one_of(st.lists(c, max_size=4), st.dictionaries(st.text(max_size=8), c, max_size=4)),
    max_leaves=30,
)


def assert_well_formed(result, schema) -> None:
    """A schema's lint result: no input error, and every diagnostic names a rule of the table
    by its code and name, at a pointer that leads to a node of the schema holding the keyword."""
    assert isinstance(result, FileResult) and result.error is None, result.error
    for d in result.diagnostics:
        assert d.code in BY_CODE and d.rule == BY_CODE[d.code].name, d
        assert d.severity in ("error", "warning") and d.message, d
        node = Pointer.parse(str(d.pointer)).resolve(schema)  # PointerError when it leads nowhere
        assert d.keyword is None or (isinstance(node, dict) and d.keyword in node), d


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SCHEMAS, st.sampled_from(sorted(PROFILES)))
def test_generated_schemas_never_crash(schema, profile):
    result = lint(schema, profile=profile)
    for d in result.diagnostics:
        assert d.code.startswith("T") and d.severity in ("error", "warning") and d.message


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(
            [
                "type",
                "properties",
                "required",
                "items",
                "anyOf",
                "$ref",
                "enum",
                "const",
                "additionalProperties",
                "$defs",
                "not",
                "format",
                "minItems",
            ]
        ),
        JSON,
        max_size=6,
    )
)
def test_arbitrary_values_under_schema_keywords_never_crash(schema):
    assert_well_formed(lint(schema), schema)


def unrolled(metaschema, depth: int = 1):
    """The metaschema with its recursion cut after ``depth`` levels (hypothesis-jsonschema
    cannot generate from recursive references)."""

    def inline(node, level):
        if isinstance(node, list):
            return [inline(item, level) for item in node]
        if not isinstance(node, dict):
            return node
        ref = node.get("$ref")
        if ref == "#":
            return inline(root, level - 1) if level > 0 else {"type": "boolean"}
        if isinstance(ref, str) and ref.startswith("#/definitions/"):
            return inline(root["definitions"][ref.split("/")[-1]], level)
        return {k: inline(v, level) for k, v in node.items() if k not in ("definitions", "$id", "$schema")}

    root = metaschema
    return inline(metaschema, depth)


def test_metaschema_generated_schemas_never_crash(corpus):
    from hypothesis_jsonschema import from_schema

    metaschema = unrolled(json.loads((corpus / "metaschemas" / "draft7__metaschema.json").read_text()))

    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
    @given(from_schema(metaschema))
    def check(schema):
        assert_well_formed(lint(schema), schema)
        assert_well_formed(lint(schema, profile="anthropic"), schema)

    check()


@pytest.mark.slow
def test_the_whole_corpus_lints_without_a_crash(corpus):
    files = [
        str(p)
        for p in corpus_files(
            corpus,
            "jsonschemabench",
            "jsonschemabench-maskbench-extra",
            "json-schema-test-suite",
            "metaschemas",
            "hypothesis-jsonschema",
        )
    ]
    report = lint_paths(files, config=Config())
    assert len(report.results) == len(files) > 11_000
    errors = [(r.path, r.error.message) for r in report.results if r.error is not None]
    # inputs that are not schema objects (arrays, numbers) or that hold a key twice (two real
    # files do) are reported, never crashed on
    assert all("not a JSON Schema" in message or "duplicate key" in message for _, message in errors), errors[:5]
    assert sum("duplicate key" in message for _, message in errors) >= 2
    assert len(report.diagnostics) > 100_000
