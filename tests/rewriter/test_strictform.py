"""Strict form and the round trip: an instance put in strict form is valid under the rewrite
and restores to itself (tests/roundtrip.py)."""

from __future__ import annotations

import json

import pytest

from tests.conftest import corpus_files
from tests.roundtrip import check
from tierone.rewriter.restore import restore
from tierone.rewriter.strictform import normalized, to_strict_form

HAND_MADE = {
    "optional-mix": {
        "type": "object",
        "properties": {
            "name": {"type": "string", "minLength": 1},
            "nickname": {"type": "string"},
            "age": {"type": "integer", "minimum": 0, "maximum": 150, "default": 30},
            "tags": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 3},
            "status": {"enum": ["active", "inactive", None]},
            "kind": {"const": "person"},
            "middle": {"type": ["string", "null"]},
            "meta": {"type": "object"},
            "labels": {"type": "object", "additionalProperties": {"type": "string"}},
            "pet": {"oneOf": [{"$ref": "#/$defs/Cat"}, {"$ref": "#/$defs/Dog"}]},
        },
        "required": ["name"],
        "$defs": {
            "Cat": {"type": "object", "properties": {"kind": {"enum": ["cat"]}, "lives": {"type": "integer"}}, "required": ["kind"]},
            "Dog": {"type": "object", "properties": {"kind": {"enum": ["dog"]}, "good": {"type": "boolean"}}, "required": ["kind"]},
        },
    },
    "anchors": {
        "type": "object",
        "properties": {"home": {"$ref": "#place"}, "work": {"$ref": "#place"}},
        "required": ["home"],
        "$defs": {"Place": {"$anchor": "place", "type": "object", "properties": {"city": {"type": "string"}}}},
    },
    "nested-arrays": {
        "type": "object",
        "properties": {"rows": {"type": "array", "items": {"type": "object", "properties": {
            "cells": {"type": "array", "items": {"anyOf": [{"type": "number"}, {"type": "string"}]}},
            "note": {"type": "string", "maxLength": 10}}}}},
    },
}


@pytest.mark.parametrize("name", sorted(HAND_MADE))
def test_round_trip_on_hand_made_schemas(name):
    outcome = check(HAND_MADE[name], examples=60)
    assert outcome.status == "clean", outcome


def test_round_trip_on_real_schemas(corpus):
    failures = []
    statuses = []
    for path in corpus_files(corpus, "jsonschemabench")[::191]:
        schema = json.loads(path.read_text())
        if isinstance(schema, dict):
            outcome = check(schema, examples=5)
            statuses.append(outcome.status)
            if outcome.status == "failed":
                failures.append((path.name, outcome.detail))
    assert failures == []
    assert statuses.count("clean") > 15


def test_strict_form_example():
    original = HAND_MADE["optional-mix"]
    x = {"name": "Ada", "labels": {"a": "b"}, "pet": {"kind": "cat"}}
    strict = to_strict_form(x, original)
    assert strict["nickname"] is None and strict["labels"] == '{"a": "b"}' and strict["pet"]["lives"] is None
    assert restore(strict, original).payload == normalized(x, original) == x
