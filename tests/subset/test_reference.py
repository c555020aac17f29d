"""tierone is never less strict than the OpenWOP reference walker, at the same pointers.

The reference's own fixtures (conformance/src/lib/envelope-schema-static.test.ts) give the
same verdicts through the port; then, on generated schemas and real ones, every violation
the reference reports has a tierone diagnostic at the same place.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings

from tests.conftest import corpus_files
from tests.strategies import SCHEMAS
from tierone import lint
from tierone.core.pointer import Pointer
from tierone.subset import reference

S = {"type": "string"}


def closed(properties, required=None, **extra):
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties) if required is None else required,
        "additionalProperties": False,
        **extra,
    }


def rules(schema, mode):
    return sorted((v.rule, v.detail) for v in reference.violations(schema, mode))


# ---- the reference's own fixtures -------------------------------------------------------


def test_strict_clean_object_passes_both_legs():
    schema = closed({"kind": {"type": "string", "enum": ["a"]}, "name": S})
    assert rules(schema, "strict") == [] and rules(schema, "load-bearing") == []


@pytest.mark.parametrize("keyword", ["oneOf", "allOf", "not", "if", "dependencies", "prefixItems", "propertyNames"])
def test_forbidden_keyword_on_nested_property(keyword):
    schema = closed(
        {"a": {"type": "object", keyword: [], "properties": {}, "required": [], "additionalProperties": False}}
    )
    assert ("forbidden-keyword", keyword) in rules(schema, "load-bearing")


def test_seven_nested_objects_exceed_depth():
    node = S
    for _ in range(7):
        node = closed({"x": node})
    assert [r for r, _ in rules(node, "load-bearing")] == ["max-nesting-depth-5"]


def test_101_properties_exceed_count_in_both_legs_of_v2():
    schema = closed({f"p{i}": S for i in range(101)})
    assert ("max-property-count-100-exceeded", "count=101") in rules(schema, "load-bearing")
    assert rules(closed({f"p{i}": S for i in range(100)}), "strict") == []
    assert reference.violations(schema, "load-bearing", count_in_load_bearing=False) == []


@pytest.mark.parametrize(
    "schema",
    [
        {"type": "object", "properties": {}, "additionalProperties": True},
        closed({"a": S, "b": S}, ["a"]),
        closed({"a": {"type": "string", "maxLength": 9}}),
        closed({"a": {"type": "integer", "minimum": 0}}),
        closed({"a": {"type": "array", "items": S, "minItems": 1}}),
    ],
    ids=["open-object", "not-required", "maxLength", "minimum", "minItems"],
)
def test_strict_only_cases(schema):
    assert rules(schema, "strict") and not rules(schema, "load-bearing")


# ---- never less strict ------------------------------------------------------------------

CODE_FOR = {
    "max-nesting-depth-5": {"T401"},
    "additionalProperties-must-be-false-on-object-strict-only": {"T102", "T103"},
    "property-not-in-required-strict-mode-only": {"T104"},
    "max-property-count-100-exceeded": {"T403"},
}
KEYWORD_CODE = {
    "oneOf": "T201",
    "allOf": "T202",
    "not": "T203",
    "if": "T204",
    "then": "T204",
    "else": "T204",
    "dependencies": "T205",
    "prefixItems": "T206",
    "propertyNames": "T207",
    "minLength": "T301",
    "maxLength": "T301",
    "pattern": "T302",
    "format": "T303",
    "minimum": "T304",
    "maximum": "T304",
    "multipleOf": "T306",
    "minItems": "T307",
    "maxItems": "T308",
    "uniqueItems": "T309",
}


def raw(pointer: str) -> str:
    """A tierone pointer in the reference's unescaped ``#/a/b`` form."""
    return "#" + "".join(f"/{segment}" for segment in Pointer.parse(pointer))


def missing(schema, mode: str, profile: str) -> list[reference.Violation]:
    found = {(d.code, raw(str(d.pointer))) for d in lint(schema, profile=profile).diagnostics}
    gaps = []
    for violation in reference.violations(schema, mode):
        codes = CODE_FOR.get(violation.rule) or {KEYWORD_CODE[violation.detail]}
        if not any((code, violation.path) in found for code in codes):
            gaps.append(violation)
    return gaps


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SCHEMAS)
def test_tier1_reports_every_strict_violation(schema):
    if isinstance(schema, dict):
        assert missing(schema, "strict", "tier1") == []


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SCHEMAS)
def test_load_bearing_profile_reports_every_load_bearing_violation(schema):
    if isinstance(schema, dict):
        assert missing(schema, "load-bearing", "tier1-load-bearing") == []


def test_never_less_strict_on_real_schemas(corpus):
    files = corpus_files(corpus, "jsonschemabench")[::7]
    gaps = []
    for path in files:
        schema = json.loads(path.read_text())
        if isinstance(schema, dict):
            for mode, profile in (("strict", "tier1"), ("load-bearing", "tier1-load-bearing")):
                gaps += [(path.name, v) for v in missing(schema, mode, profile)]
    assert gaps == []
