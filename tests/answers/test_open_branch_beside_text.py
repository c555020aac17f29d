"""Real configuration schemas, read back through their strict form under every profile:
Maestro's flow file (JSON Schema Store) lists steps that are a bare command name or an open
object of one command (an open object that declares members, beside a branch taking any
string), and GitHub's workflow schema writes an event's ``types`` as a union of an array and a
string beside the ``items`` the array holds."""

from __future__ import annotations

import pytest

from tests.served import assert_served

PROFILES = ["openai", "anthropic", "gemini", "gemini-openapi", "tier1", "vendors"]

STEPS = {
    "type": "array",
    "items": {
        "oneOf": [
            {"type": "string", "minLength": 1},
            {
                "type": "object",
                "additionalProperties": True,
                "properties": {"runFlow": {"type": "string"}, "tapOn": {"type": "string"}},
            },
        ]
    },
}

TYPES = {
    "type": "object",
    "properties": {
        "release": {
            "type": "object",
            "properties": {
                "types": {
                    "allOf": [{"$ref": "#/definitions/types"}],
                    "items": {"type": "string", "enum": ["created", "published"]},
                }
            },
        }
    },
    "definitions": {"types": {"oneOf": [{"type": "array", "minItems": 1}, {"type": "string"}]}},
}


@pytest.mark.parametrize("profile", PROFILES)
def test_an_open_object_beside_a_branch_of_any_string_reads_back_as_an_object(profile: str) -> None:
    steps = [{"runFlow": "Login.yaml"}, "back", {"tapOn": "OK", "retries": 2}, '{"runFlow": "x"}']
    assert_served(STEPS, profile, [steps])


@pytest.mark.parametrize("profile", PROFILES)
def test_items_beside_a_union_of_an_array_and_a_string_go_into_the_array(profile: str) -> None:
    result = assert_served(TYPES, profile, [{"release": {"types": ["created"]}}, {"release": {"types": "published"}}])
    assert not any(c.loosens for c in result.changes if "items" in c.what)


def test_items_beside_a_union_stay_where_an_array_branch_is_a_tuple() -> None:
    """Inside a branch with ``prefixItems``, ``items`` would apply only past the tuple: the
    node's ``items``, which apply to every item, are not moved there."""
    from tierone.rewriter.passes import items_shared

    node = {
        "items": {"type": "string"},
        "anyOf": [{"type": "array", "prefixItems": [{"type": "integer"}]}, {"type": "null"}],
    }
    assert items_shared(node) is node
