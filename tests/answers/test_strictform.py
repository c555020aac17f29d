"""Strict form and the round trip: an instance put in strict form is valid under the rewrite
and restores to itself (tests/roundtrip.py), under every profile's rendition."""

from __future__ import annotations

import json

import jsonschema
import pytest

import tierone
from tests import roundtrip
from tests.conftest import corpus_files
from tests.roundtrip import check
from tierone.answers.restore import restore
from tierone.answers.strictform import as_read, normalized, to_strict_form
from tierone.rewriter.rewrite import rewrite

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
            "Cat": {
                "type": "object",
                "properties": {"kind": {"enum": ["cat"]}, "lives": {"type": "integer"}},
                "required": ["kind"],
            },
            "Dog": {
                "type": "object",
                "properties": {"kind": {"enum": ["dog"]}, "good": {"type": "boolean"}},
                "required": ["kind"],
            },
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
        "properties": {
            "rows": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "cells": {"type": "array", "items": {"anyOf": [{"type": "number"}, {"type": "string"}]}},
                        "note": {"type": "string", "maxLength": 10},
                    },
                    "required": ["cells"],
                },
            }
        },
        # required, so that tier1's anyOf spelling of null costs no level of the depth-5 limit
        "required": ["rows"],
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


@pytest.mark.slow
@pytest.mark.parametrize("profile", ["tier1", "vendors", "openai", "anthropic", "gemini", "gemini-openapi"])
def test_meaning_is_kept_on_real_schemas_under_every_profile(corpus, profile):
    """The small version of scripts/meaning_corpus.py: every 383rd corpus file."""
    failures, statuses = [], []
    for path in corpus_files(corpus, "jsonschemabench")[::383]:
        schema = json.loads(path.read_text())
        if isinstance(schema, dict):
            outcome = check(schema, examples=4, profile=profile)
            statuses.append(outcome.status)
            if outcome.status == "failed":
                failures.append((path.name, outcome.detail))
    assert failures == []
    assert statuses.count("clean") > 8


def test_strict_form_example():
    original = HAND_MADE["optional-mix"]
    x = {"name": "Ada", "labels": {"a": "b"}, "pet": {"kind": "cat"}}
    strict = to_strict_form(x, original)
    assert strict["nickname"] is None and strict["labels"] == '{"a": "b"}' and strict["pet"]["lives"] is None
    assert restore(strict, original).payload == normalized(x, original) == x


OPEN_ROOT = {  # Github_easy/o12254: an open root whose optional members admit null
    "type": "object",
    "additionalProperties": True,
    "properties": {"note": {"type": ["string", "null"]}, "id": {"type": "integer"}},
    "required": ["id"],
}


@pytest.mark.parametrize("profile", ["openai", "tier1", "gemini"])
def test_normalized_as_the_profile_carries_the_root(profile):
    """An open root that declares members stays an object (its other members in ``tierone_rest``
    where the profile closes objects: openai, tier1; as it is under gemini): a null declared
    member means absent, as it does in any object, while a member it does not declare is data
    (its null kept)."""
    x = {"id": 1, "note": None, "more": None}
    back = restore(to_strict_form(x, OPEN_ROOT, profile), OPEN_ROOT).payload
    assert back == normalized(x, OPEN_ROOT, profile) == {"id": 1, "more": None}
    assert normalized(x, OPEN_ROOT) == {"id": 1, "more": None}  # without a profile: the root as it stands


ENDIANNESS = {  # Github_hard/o5863: an optional member referring to a union of strings
    "type": "object",
    "properties": {"endianness": {"$ref": "#/definitions/endianness"}},
    "definitions": {
        "endianness": {"anyOf": [{"type": "string", "enum": ["big", "little"]}, {"type": "string", "pattern": "^#/"}]}
    },
}


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini"])
def test_absent_member_beside_a_union_of_strings_is_null_not_text(profile):
    """The null branch takes an absent member as it is: a branch that takes a string does not
    get the text ``"null"`` (which the original refuses) before the plain branches were tried."""
    strict = to_strict_form({}, ENDIANNESS, profile)
    assert strict.get("endianness") is None
    assert restore(strict, ENDIANNESS).payload == {}


OPEN_BRANCHES = {  # Github_easy/o27022: two open branches; the second declares `baz`
    "definitions": {
        "Foo": {"type": "object", "properties": {"foo": {"type": "string"}}},
        "Bar": {"type": "object", "properties": {"bar": {"type": "number"}}},
    },
    "anyOf": [{"$ref": "#/definitions/Foo"}, {"type": "object", "properties": {"baz": {"$ref": "#/definitions/Bar"}}}],
}


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini"])
def test_an_object_goes_through_the_branch_that_declares_its_members(profile):
    """``{"baz": {}}`` satisfies both open branches of the original, but the rendition closes
    them: only the branch that declares ``baz`` carries it, both ways (strict form and restore);
    the first branch would drop it on the way out and read ``{"bar": null}`` as data on the way in."""
    x = {"baz": {}}
    strict = to_strict_form(x, OPEN_BRANCHES, profile)
    root = strict.get("tierone_root", strict)
    assert "foo" not in root and root["baz"] in ({"bar": None}, {})
    assert restore(strict, OPEN_BRANCHES).payload == x
    assert restore({"tierone_root": {"baz": {"bar": None}}}, OPEN_BRANCHES).payload == x


def test_as_read_reads_a_target_no_walk_reaches_as_the_rewriter_does():
    """Github_easy/o55788: the rewriter moves ``#/Item`` into ``$defs`` and closes it, so an
    instance with other members is not one it carries; as_read closes it in place too, and a
    reference inside that target is followed as well."""
    schema = {
        "type": "object",
        "properties": {"items": {"type": "array", "items": {"$ref": "#/Item"}}},
        "Item": {"properties": {"v": {"type": "number"}, "w": {"$ref": "#/x-more/W"}}},
        "x-more": {"W": {"properties": {"n": {"type": "integer"}}}},
    }
    read = as_read(schema)
    assert read["Item"]["additionalProperties"] is False and read["Item"]["type"] == "object"
    assert read["x-more"]["W"]["additionalProperties"] is False
    assert schema["Item"] == {"properties": {"v": {"type": "number"}, "w": {"$ref": "#/x-more/W"}}}  # untouched


def test_as_read_declares_what_an_object_that_declares_nothing_requires():
    """Github_easy/o10337: the rewriter declares the member an open object only requires (its
    ``properties`` empty) and closes the object; as_read reads it so (closed without the member
    declared, no instance would be valid)."""
    read = as_read({"type": "object", "properties": {}, "required": ["top"]})
    assert read["properties"] == {"top": {}} and read["additionalProperties"] is False
    assert "additionalProperties" not in as_read({"type": "object", "properties": {}})  # a map stays open


SERVICES = {  # JsonSchemaStore/drupal-services: a map whose values hold untyped array items
    "type": "object",
    "properties": {
        "services": {
            "type": "object",
            "additionalProperties": {"type": "object", "properties": {"arguments": {"type": "array"}}},
        }
    },
}


def test_data_a_rendition_keeps_holds_its_encoded_places_as_text():
    """gemini keeps the map as data, and carries its untyped items as JSON text: an item that
    is a string travels as the JSON of that string, as restore reads it back."""
    x = {"services": {"a": {"arguments": [1, "x", None, {"k": [2]}]}}}
    strict = to_strict_form(x, SERVICES, "gemini")
    assert strict["services"]["a"]["arguments"] == ["1", '"x"', "null", '{"k": [2]}']
    assert restore(strict, SERVICES).payload == x


def test_as_read_types_an_object_beside_a_presence_union_as_the_rewriter_does():
    """JsonSchemaStore/filespec: an untyped item with members and an ``anyOf`` that only says
    which are present is an object to the rewriter (which leaves the union out): so to as_read."""
    item = {"properties": {"a": {"type": "string"}, "b": {}}, "anyOf": [{"required": ["a"]}, {"required": ["b"]}]}
    assert as_read({"type": "array", "items": item})["items"]["type"] == "object"


MERGES = {  # Snowplow/sp_113: an open object with optional nullable members, kept as data by gemini
    "type": "object",
    "properties": {
        "merges": {
            "type": "object",
            "additionalProperties": True,
            "properties": {"EMAIL": {"type": ["string", "null"]}},
        }
    },
    "required": ["merges"],
}


def test_data_kept_as_it_is_gets_no_null_for_an_absent_member():
    x = {"merges": {"other": {}}}
    strict = to_strict_form(x, MERGES, "gemini")
    assert strict == x  # gemini keeps the open object; EMAIL is not written as null
    assert restore(strict, MERGES).payload == x


BYTES = {  # Github_easy/o42288: text or an object, whose member tier1's depth limit encodes
    "type": "object",
    "properties": {
        "a": {
            "type": "object",
            "properties": {
                "b": {
                    "type": "object",
                    "properties": {
                        "bytes": {
                            "anyOf": [
                                {"type": "string"},
                                {
                                    "type": "object",
                                    "properties": {
                                        "Include": {"type": "object", "properties": {"href": {"type": "string"}}}
                                    },
                                },
                            ]
                        }
                    },
                }
            },
        }
    },
}


def test_a_branch_with_an_encoded_member_wins_over_the_text_branch():
    """The object branch, its deep member carried as JSON text, is the value's form: not the
    whole object written as text into the branch that takes any string."""
    x = {"a": {"b": {"bytes": {"Include": {}}}}}
    strict = to_strict_form(x, BYTES, "tier1")
    assert isinstance(strict["a"]["b"]["bytes"], dict)
    assert restore(strict, BYTES).payload == x


# ---- the round-trip check itself: only "no generator" is a skip ---------------------------

TICKET = {
    "type": "object",
    "properties": {"title": {"type": "string"}, "count": {"type": "integer"}},
    "required": ["title"],
    "additionalProperties": False,
}


class InvalidPayload(ValueError):
    """A crash whose name merely contains "Invalid"."""


def _raises(error: Exception):
    def fail(*args, **kwargs):
        raise error

    return fail


@pytest.mark.parametrize(
    "target, error",
    [
        ("as_read", RuntimeError("strict form broke")),
        ("restore", InvalidPayload("restore broke")),
        ("restore", KeyError("restore broke")),
    ],
    ids=["setup-crash", "restore-crash-named-invalid", "restore-crash"],
)
def test_a_crash_in_the_round_trip_is_a_failure_never_a_skip(monkeypatch, target, error):
    monkeypatch.setattr(roundtrip, target, _raises(error))
    outcome = check(TICKET, examples=5)
    assert outcome.status == "failed" and type(error).__name__ in outcome.detail, outcome


def test_a_rewrite_that_is_not_a_schema_is_a_failure_never_a_skip(monkeypatch):
    real = roundtrip.rewrite

    def broken(schema, profile="tier1"):
        result = real(schema, profile)
        return result._replace(schema={**result.schema, "minProperties": -1})

    monkeypatch.setattr(roundtrip, "rewrite", broken)
    outcome = check(TICKET, examples=5)
    assert outcome.status == "failed" and "not a valid schema" in outcome.detail, outcome


@pytest.mark.parametrize(
    "schema, reason",
    [
        (
            {
                "type": "object",
                "properties": {"a": {"type": "string", "pattern": "^a$", "minLength": 5}},
                "required": ["a"],
                "additionalProperties": False,
            },
            "Unsatisfiable",
        ),
        (  # recursion hypothesis-jsonschema does not resolve
            {
                "type": "object",
                "properties": {"n": {"$ref": "#/$defs/N"}},
                "required": ["n"],
                "additionalProperties": False,
                "$defs": {
                    "N": {
                        "type": "object",
                        "properties": {"k": {"anyOf": [{"$ref": "#/$defs/N"}, {"type": "null"}]}},
                        "required": ["k"],
                        "additionalProperties": False,
                    }
                },
            },
            "HypothesisRefResolutionError",
        ),
    ],
    ids=["unsatisfiable", "not-readable-by-the-generator"],
)
def test_a_schema_without_a_generator_is_still_a_skip(schema, reason):
    assert check(schema, examples=5) == roundtrip.Outcome("skipped", reason)


#: a union's branch declares a member loosely (``form: {type: object}``) that the object holding
#: the union declares in full (a union of its own, with a free-form member beside it): the
#: rendition's branch holds both merged, and the strict form and restore read it so
SHARED_MEMBER = {
    "type": "object",
    "properties": {
        "auth": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "kind": {"type": "string"},
                "form": {
                    "type": "object",
                    "additionalProperties": False,
                    "properties": {"address": {"title": "URL"}, "mode": {"enum": ["a", "b"]}},
                    "anyOf": [
                        {"properties": {"mode": {"enum": ["a"]}, "address": {"type": "string"}}, "required": ["mode"]},
                        {"properties": {"mode": {"enum": ["b"]}}, "required": ["mode"]},
                    ],
                },
            },
            "oneOf": [
                {"type": "object", "properties": {"kind": {"enum": ["form"]}, "form": {"type": "object"}}, "required": ["kind", "form"]},
                {"type": "object", "properties": {"kind": {"enum": ["none"]}}, "required": ["kind"]},
            ],
        }
    },
    "required": ["auth"],
    "additionalProperties": False,
}  # fmt: skip


@pytest.mark.parametrize("text", ["https://example.com/login", "123", '{"a": 1}', ""])
def test_free_form_text_read_by_a_union_branch_and_its_object_is_decoded_once(text):
    # `address` is free-form beside the union and a string in a branch: the answer carries its
    # JSON text once, as the rendition says, and both readings (branch, object) decode it once
    answer = {"auth": {"kind": "form", "form": {"address": json.dumps(text), "mode": "a"}}}
    instance = {"auth": {"kind": "form", "form": {"address": text, "mode": "a"}}}
    assert to_strict_form(instance, SHARED_MEMBER, "openai") == answer  # what a model writes
    back = restore(answer, SHARED_MEMBER)
    assert back.ok, back.errors
    assert back.payload == instance  # "123" stays a string, never the number 123
    assert tierone.strict(SHARED_MEMBER, "openai").parse(json.dumps(answer)) == instance


def test_free_form_strings_are_written_as_json_text_even_when_they_are_the_very_text_of_another():
    # json writes `false` as one shared string object: a member holding that same object as its
    # (string) value is still data to encode, never taken for text already written
    schema = {"type": "object", "properties": {"a": {}, "b": {}}, "required": ["a", "b"]}
    shared = json.dumps(False)
    assert to_strict_form({"a": False, "b": shared}, schema, "openai") == {"a": "false", "b": '"false"'}


@pytest.mark.parametrize("profile", ["tier1", "openai", "vendors", "anthropic", "gemini"])
def test_a_member_both_the_branch_and_the_object_declare_is_read_as_the_rendition_merges_it(profile):
    instance = {"auth": {"kind": "form", "form": {"mode": "a", "address": "https://example.com/login"}}}
    rendition = rewrite(SHARED_MEMBER, profile)
    assert rendition.ok, rendition.unfixable
    strict = to_strict_form(instance, SHARED_MEMBER, profile)
    assert jsonschema.Draft202012Validator(rendition.schema).is_valid(strict)
    back = restore(strict, SHARED_MEMBER)
    assert back.ok, back.errors
    assert back.payload == instance
    assert check(SHARED_MEMBER, examples=20, profile=profile).status == "clean"


#: two open objects side by side, each declaring members (a push event's body and device, as
#: an analytics schema writes them); empty, each carries its own "{}" in its tierone_rest
SIDE_BY_SIDE = {
    "type": "object",
    "properties": {
        "body": {"type": "object", "properties": {"session_id": {"type": "string"}}, "additionalProperties": True},
        "device": {
            "type": "object",
            "properties": {"channel": {"type": "string"}, "user": {"type": "string"}},
            "additionalProperties": True,
        },
    },
    "required": ["body", "device"],
}


@pytest.mark.parametrize("profile", ["anthropic", "openai", "gemini", "tier1"])
def test_two_empty_open_objects_each_keep_their_own_members(profile):
    # the JSON encoder writes "{}" as one constant object: the strict form wrote the second
    # object's members (as nulls) into the first one's tierone_rest, and restore gave them back
    # there (Snowplow/sp_391 under anthropic, found by the meaning run)
    for instance in (
        {"body": {}, "device": {}},
        {"body": {"x": 1}, "device": {}},
        {"body": {}, "device": {"user": "u"}},
    ):
        form = to_strict_form(instance, SIDE_BY_SIDE, profile)
        assert restore(form, SIDE_BY_SIDE).payload == instance, form


def _closed(count: int) -> dict[str, object]:
    return {"type": "object", "properties": {f"c{i}": {"type": "string"} for i in range(count)}}


#: over tier1's 100 properties: two closed objects leave whole, and the open object ``u``
#: (members declared, the others beside them in its tierone_rest) is gathered into the root's
#: tierone_rest, whose statement writes ``u`` as the rendition carries it (an evolving-process
#: notation's timing, gathered so, read its explicit null as null)
GATHERED_OPEN = {
    "type": "object",
    "properties": {
        "x0": _closed(30),
        "x1": _closed(30),
        "t": {"type": "object", "properties": {f"p{i}": {"type": ["string", "null"]} for i in range(10)}},
        "u": {
            "type": "object",
            "additionalProperties": True,
            "properties": {f"p{i}": {"type": ["string", "null"]} for i in range(10)},
        },
    },
}


def test_an_open_object_gathered_into_tierone_rest_is_written_as_the_statement_says():
    result = rewrite(GATHERED_OPEN, "tier1")
    assert result.ok, result.unfixable
    assert any(c.pointer == ("properties", "u") and "tierone_rest" in c.what for c in result.changes)
    rest = result.schema["properties"]["tierone_rest"]
    stated = json.loads(rest["description"].split("valid under this JSON Schema: ", 1)[1])
    for instance in ({"u": {"p0": "a", "p1": None, "extra": 1}}, {"u": {"p1": None}, "x0": {"c0": "z"}}):
        form = to_strict_form(instance, GATHERED_OPEN, "tier1")
        assert jsonschema.Draft202012Validator(result.schema).is_valid(form)
        held = json.loads(form["tierone_rest"])
        assert isinstance(held["u"], dict) and "tierone_rest" in held["u"]  # not the object's JSON text
        assert jsonschema.Draft202012Validator(stated).is_valid(held), held
        back = restore(form, GATHERED_OPEN)
        assert back.ok, back.errors
        assert back.payload == normalized(instance, GATHERED_OPEN, "tier1") != instance  # p1's null: absent


#: members a pattern names beside closed ones (a compose file's `x-` extensions), one null
PATTERN_MEMBERS = {
    "type": "object",
    "properties": {"version": {"type": "string"}},
    "patternProperties": {"^x-": {}},
    "additionalProperties": False,
}


@pytest.mark.parametrize("profile", ["openai", "gemini", "gemini-openapi", "tier1"])
def test_a_null_member_a_pattern_names_keeps_its_null_in_the_rest(profile):
    # the strict form fitted the rest to its statement, which closes the object beside the
    # patterns, and left the null member out as one the rendition refuses (o83840, meaning run)
    for instance in ({"x-": None}, {"x-a": None, "version": "1"}, {"x-b": {"c": None}}):
        form = to_strict_form(instance, PATTERN_MEMBERS, profile)
        assert restore(form, PATTERN_MEMBERS).payload == instance, form
