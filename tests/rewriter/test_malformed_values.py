"""A keyword whose value has the wrong shape (a bound that is null, a pattern that is a number) is
malformed (rule T606): the rewrite refuses it even where the profile would move the keyword into
the description (restore reads every answer against the original, which no validator can judge
by); draft 4's boolean exclusive bound, where the schema names draft 4, is written as the number
the rendition's dialect takes."""

from __future__ import annotations

import pytest

import tierone
from tests.judges import all_judges
from tierone.answers.strictform import to_strict_form
from tierone.core.pointer import Pointer

PROFILES = ("openai", "anthropic", "gemini", "gemini-openapi", "vendors", "tier1")


def _with(member: dict, **extra: object) -> dict:
    return {"type": "object", "properties": {"a": member}, "required": ["a"], "additionalProperties": False, **extra}


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize(
    ("member", "said"),
    [
        ({"type": "integer", "minimum": None}, "`minimum` is malformed: expected a number, found null"),
        ({"type": "string", "pattern": 0}, "`pattern` is malformed: expected a regular expression (ECMA-262), found 0"),
        ({"type": "integer", "multipleOf": ""}, '`multipleOf` is malformed: expected a number above 0, found ""'),
        ({"type": "integer", "minimum": 1, "exclusiveMinimum": True}, "draft 4's form: name it in `$schema`"),
        ({"type": "string", "title": 5}, "`title` is malformed: expected a string, found 5"),
        ({"type": "string", "examples": "x"}, '`examples` is malformed: expected an array, found "x"'),
        ({"type": "array", "items": [{"type": "string"}]}, "an array is the tuple form before 2020-12"),
    ],
)
def test_a_malformed_value_is_refused_where_it_stands(profile, member, said):
    result = tierone.rewrite(_with(member), profile)
    assert [(u.pointer, u.rule) for u in result.unfixable] == [(Pointer(("properties", "a")), "T606")]
    assert said in result.unfixable[0].reason


DRAFT_4 = _with(
    {"type": "integer", "minimum": 1, "exclusiveMinimum": True, "maximum": 5, "exclusiveMaximum": False},
    **{"$schema": "http://json-schema.org/draft-04/schema#"},
)


@pytest.mark.parametrize("profile", PROFILES)
def test_draft_4_exclusive_bounds_are_written_as_numbers(profile):
    result = tierone.rewrite(DRAFT_4, profile)
    assert result.ok, result.unfixable
    assert "true" not in str(result.schema).lower()
    assert [v for v in all_judges(result.schema, profile) if not v.ok] == []
    made = tierone.strict(DRAFT_4, profile)
    assert made.parse(_answer(2, profile)) == {"a": 2}
    for refused in (1, 6):  # 1: the bound is exclusive; 5 would be taken (its exclusive flag is false)
        with pytest.raises(tierone.StrictError):
            made.parse(_answer(refused, profile))
    assert made.parse(_answer(5, profile)) == {"a": 5}


def _answer(a: int, profile: str) -> str:
    import json

    return json.dumps(to_strict_form({"a": a}, DRAFT_4, profile))


def test_judging_the_shapes_makes_no_keyword_known():
    """A keyword the profile does not know still leaves the rendition (rule T605), and one a
    closed dialect does not know is still reported there (a keyword's own check stands in for
    the unknown-keyword check)."""
    from tierone.core.keyword_shapes import SCALAR_SHAPES
    from tierone.linter.engine import checklist_for
    from tierone.subset.profiles import closed_fields
    from tierone.subset.table import TABLE_KEYWORDS

    assert set(SCALAR_SHAPES) <= TABLE_KEYWORDS
    closed = closed_fields("gemini-openapi")
    assert closed is not None
    keyword_rules = checklist_for("gemini-openapi").keyword
    outside = [k for k in SCALAR_SHAPES if k not in closed]
    assert [k for k in outside if not {p.feature.code for p, _ in keyword_rules[k]} - {"T606"}] == []


def _meta_valid(schema: dict) -> bool:
    from jsonschema import SchemaError

    from tierone.core.validation import check_schema

    try:
        check_schema(schema)
    except SchemaError:
        return False
    return True


#: originals whose meta-schema refuses a keyword that a pass drops or rewrites before the
#: rendition is linted (a member's `required` written anew, `deprecated` and `readOnly` removed as
#: unknown), and originals beside them that are valid
#: (an older dialect knows no such keyword, or lets `enum` values repeat)
MALFORMED = {
    "required names repeat": {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a", "a"]},
    "type names repeat": _with({"type": ["string", "null", "string"]}),
    "deprecated not a boolean": _with({"type": "string", "deprecated": "yes"}),
    "readOnly not a boolean": _with({"type": "string", "readOnly": 1}),
    "contentMediaType not a string": _with({"type": "string", "contentMediaType": 5}),
    "an empty allOf": _with({"allOf": []}),
    "properties not an object": _with({"type": "object", "properties": []}),
    "minProperties a string": _with({"type": "object", "minProperties": "1"}),
    "additionalProperties a string": _with({"type": "object", "additionalProperties": "no"}),
    "not a list": _with({"not": []}),
}
VALID = {
    "draft 4 knows no readOnly": {"$schema": "http://json-schema.org/draft-04/schema#", **_with({"readOnly": 1})},
    "draft 6 knows no deprecated": {"$schema": "http://json-schema.org/draft-06/schema#", **_with({"deprecated": 2})},
    "enum values may repeat": _with({"enum": ["x", "y", "x"]}),
}


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("name", [*MALFORMED, *VALID])
def test_the_rewrite_refuses_what_restore_finds_no_schema(profile, name):
    schema = {**MALFORMED, **VALID}[name]
    result = tierone.rewrite(schema, profile)
    if _meta_valid(schema):
        assert result.ok, result.unfixable
        return
    assert [u.rule for u in result.unfixable] == ["T606"], result.unfixable  # once, wherever a pass took it
    assert "malformed" in result.unfixable[0].reason


#: a pair as the drafts before 2020-12 write it: ``items`` an array (restore judges the original
#: as its `$schema` says; with none it is 2020-12, where such an ``items`` is no schema)
PAIR = _with({"type": "array", "items": [{"type": "string"}, {"type": "integer"}], "additionalItems": False})


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize(
    "draft", ["http://json-schema.org/draft-07/schema#", "https://json-schema.org/draft/2019-09/schema"]
)
def test_an_array_of_items_is_a_tuple_where_the_draft_is_named(profile, draft):
    original = {**PAIR, "$schema": draft}
    result = tierone.rewrite(original, profile)
    assert result.ok, result.unfixable
    assert all(v.ok for v in all_judges(result.schema, profile))
    form = to_strict_form({"a": ["x", 1]}, original, profile)
    assert tierone.restore(form, original).payload == {"a": ["x", 1]}
    assert not tierone.restore(to_strict_form({"a": ["x", "y"]}, original, profile), original).ok
    assert not tierone.lint(original, profile=profile, select=["T606"]).diagnostics
    assert [d.pointer for d in tierone.lint(PAIR, profile=profile, select=["T606"]).diagnostics] == [
        Pointer(("properties", "a"))
    ]
