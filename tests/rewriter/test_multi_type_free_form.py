"""Free-form data under a ``type`` of several types (``["object", "array"]``, a composer
package's ``extra``): the whole value travels as a JSON string, never half encoded (its
``items`` alone) with the open object left to be refused."""

from __future__ import annotations

import pytest

from tests.served import assert_served


@pytest.mark.parametrize(
    "types", [["object", "array"], ["object", "number"], ["object", "array", "null"], ["boolean", "string", "object"]]
)
@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic"])
def test_an_open_object_among_several_types_is_carried_whole(types, profile):
    original = {
        "type": "object",
        "properties": {"extra": {"type": types, "additionalProperties": True, "description": "Plugin data"}},
    }
    values = [{"extra": {"class": "Installer", "n": [1, 2]}}, {}]
    values += [{"extra": [1, "a"]}] if "array" in types else []
    values += [{"extra": "text"}] if "string" in types else []
    result = assert_served(original, profile, values)
    extra = result.schema["properties"]["extra"]
    assert extra["type"] in ("string", ["string", "null"])
    assert [c.rule for c in result.loosened] == ["T102"]


@pytest.mark.parametrize("profile", ["gemini", "openai", "anthropic", "gemini-openapi"])
def test_a_map_of_any_values_written_as_an_empty_schema_is_a_map_of_any_values(profile):
    original = {
        "type": "object",
        "properties": {"labels": {"type": "object", "additionalProperties": {"description": "Any value"}}},
    }
    result = assert_served(original, profile, [{"labels": {"a": 1, "b": ["x"]}}, {}])
    labels = result.schema["properties"]["labels"]
    if profile == "gemini":  # Gemini keeps maps: `{}` there is `true`, the same meaning
        assert labels["additionalProperties"] is True and not result.loosened


@pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini"])
@pytest.mark.parametrize(
    ("member", "values", "refused"),
    [
        ({"minimum": 1, "minLength": 2}, [5, "ab", [1], {"k": None}], [0, "a"]),  # a number or a string, bounded
        ({"maxItems": 1, "maxProperties": 1}, [[1], {"k": 1}, "s"], [[1, 2], {"a": 1, "b": 2}]),
        # only which members an object must hold (the members written without `properties`, as a
        # cluster config's `nodes` items do): any value, an object holding both
        (
            {"host": {"type": "string"}, "port": {"type": "integer"}, "required": ["host", "port"]},
            [{"host": "h", "port": 1}, {"host": "h", "port": "x", "more": True}, "text", [1]],
            [{"host": "h"}, {}],
        ),
    ],
    ids=["string-and-number-bounds", "array-and-object-bounds", "required-alone"],
)
def test_an_untyped_schema_whose_keywords_belong_to_several_types_travels_encoded(profile, member, values, refused):
    import json

    import tierone

    original = {"type": "object", "properties": {"v": member}, "required": ["v"]}
    assert_served(original, profile, [{"v": value} for value in values])
    strict = tierone.strict(original, profile)
    for value in refused:  # what the rendition no longer says, reading does
        with pytest.raises(tierone.StrictError):
            strict.parse(json.dumps({"v": json.dumps(value)}))


@pytest.mark.parametrize(
    ("node", "free"),
    [
        ({"host": {"type": "string"}, "required": ["host"]}, True),  # members written without `properties`
        ({"required": ["host"]}, False),  # a bare `required`: a union branch's constraint on presence
        ({"x-doc": {"k": 1}, "required": ["host"]}, False),  # an extension is no member
        ({"host": {"type": "string"}, "required": ["host"], "type": "object"}, False),  # typed: declared as required
    ],
)
def test_a_node_requiring_members_it_writes_without_properties_takes_any_value(node, free):
    from tierone.rewriter.shapes import untyped_of_several_types

    assert untyped_of_several_types(node) is free


def test_a_bare_required_in_a_judging_keyword_stays_as_written_in_the_hint():
    import json

    import tierone

    original = {
        "type": "object",
        "properties": {
            "p": {
                "type": "object",
                "properties": {"a": {"type": "string"}, "b": {"type": "string"}},
                "not": {"anyOf": [{"required": ["a"]}, {"required": ["b"]}]},
            }
        },
    }
    result = tierone.rewrite(original, "openai")
    assert '{\\"required\\":[\\"a\\"]}' in json.dumps(result.schema)
    assert not [c for c in result.changes if "/not/" in str(c.pointer) and c.rule == "T102"]
