"""Rows of the shape rules (T1xx): the root, closed objects, `required`, `$ref` siblings."""

from __future__ import annotations

from ..model import Feature, doc

ROWS: tuple[Feature, ...] = (
    Feature(
        "T101",
        "root-not-object",
        "structure",
        (),
        "the root schema is not `type: object`{detail}",
        doc(
            'Checks that the root schema declares `type: "object"` (one type, not a union).',
            "Strict modes generate a JSON object. OpenAI rejects a root `anyOf` or a non-object "
            "root, Anthropic tool inputs are objects, and the RFC 0030 subset requires it.",
            '{"anyOf": [{"type": "string"}, {"type": "object"}]}',
            '{"type": "object", "properties": {"value": {"anyOf": [{"type": "string"}, '
            '{"type": "number"}]}}, "required": ["value"], "additionalProperties": false}',
            "`tierone rewrite` carries the root as the one member `tierone_root` of an object "
            "root; `tierone restore` and `Strict.parse` take the value back out.",
        ),
        fix="wrap_root",
    ),
    Feature(
        "T102",
        "open-object",
        "structure",
        ("additionalProperties",),
        "object schema does not set `additionalProperties: false`{detail}",
        doc(
            "Finds object schemas whose `additionalProperties` is missing or `true`: schemas with "
            "`type: object`, a type list containing `object`, or `properties` without a type.",
            "OpenAI and Anthropic strict modes reject any object that is not explicitly closed "
            "(`'additionalProperties' is required to be supplied and to be false`).",
            '{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}',
            '{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], '
            '"additionalProperties": false}',
            "`tierone rewrite` adds `additionalProperties: false`; an object that was open on "
            "purpose keeps the members it declares, and the others travel as one JSON object in "
            "its string member `tierone_rest` (one that declares none becomes a JSON-encoded "
            "string field); `tierone restore` decodes and merges them.",
        ),
        fix="close_objects",
    ),
    Feature(
        "T103",
        "additional-properties-schema",
        "keyword-in-context",
        ("additionalProperties",),
        "`additionalProperties` is a schema (a free-form map); strict modes need `false`",
        doc(
            "Finds `additionalProperties` given as a schema, i.e. a map with arbitrary keys.",
            "Anthropic rejects it, OpenAI's support is disputed, and a closed object cannot carry "
            "arbitrary keys. Vendor SDKs silently turn such maps into always-empty objects.",
            '{"type": "object", "additionalProperties": {"type": "integer"}}',
            '{"type": "object", "properties": {"counts": {"type": "string", "description": '
            '"A JSON-encoded object of integers."}}, "required": ["counts"], '
            '"additionalProperties": false}',
            "`tierone rewrite` turns the map into a JSON-encoded string (beside members the object "
            "declares, the map's members travel in its string member `tierone_rest`), or refuses "
            "with `--open-objects error`; `tierone restore` decodes it.",
        ),
        fix="encode_free_form",
    ),
    Feature(
        "T104",
        "optional-property",
        "structure",
        (),
        "property {name!r} is not listed in `required`",
        doc(
            "Finds properties that are not listed in their object's `required`.",
            "OpenAI strict mode requires every property to be required. An optional field is "
            "emulated as required with a type that admits `null`, and `null` then means absent.",
            '{"type": "object", "properties": {"nick": {"type": "string"}}, "required": [], '
            '"additionalProperties": false}',
            '{"type": "object", "properties": {"nick": {"type": ["string", "null"]}}, '
            '"required": ["nick"], "additionalProperties": false}',
            "`tierone rewrite` lists the property in `required` and widens its type with "
            "`null`; `tierone restore` turns `null` back into an absent field.",
        ),
        fix="require_all",
    ),
    Feature(
        "T105",
        "undeclared-required",
        "keyword-in-context",
        ("required",),
        "`required` names {name!r}, which is not a declared property",
        doc(
            "Finds names in `required` that the object does not declare in `properties`. Where "
            "the object is open to other members, `tierone rewrite` declares the member with what "
            "`additionalProperties` says (any value, JSON-encoded, when it says nothing) before it "
            "closes the object, and the finding goes.",
            "With `additionalProperties: false` such an object can never be satisfied; strict "
            "modes reject the schema or the model cannot produce a valid answer.",
            '{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a", "b"], '
            '"additionalProperties": false}',
            '{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], '
            '"additionalProperties": false}',
        ),
    ),
    Feature(
        "T106",
        "ref-with-siblings",
        "keyword-in-context",
        ("$ref",),
        "`$ref` has sibling keywords ({detail})",
        doc(
            "Finds `$ref` with other keywords next to it (often a `description`).",
            "OpenAI rejects it (`$ref cannot have keywords {'description'}`); the Anthropic and "
            "Gemini SDKs silently drop the siblings, so the model never sees them.",
            '{"$ref": "#/$defs/Address", "description": "Home address"}',
            "inline the definition and merge the siblings into it",
            "`tierone rewrite` inlines the target and merges the siblings into it.",
        ),
        fix="inline_ref_siblings",
    ),
)
