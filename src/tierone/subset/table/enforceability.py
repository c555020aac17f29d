"""Rows of the enforceability rules (T6xx): schemas no strict mode can generate from."""

from __future__ import annotations

from ..model import STRIP, Feature, doc

ROWS: tuple[Feature, ...] = (
    Feature(
        "T601",
        "untyped-schema",
        "structure",
        ("type",),
        "schema has no `type`{detail}",
        doc(
            "Finds constraining subschemas without `type`, `$ref`, `anyOf`, `enum` or `const`.",
            "OpenAI needs a type on every schema and Anthropic's transform raises on untyped nodes; Gemini guesses.",
            '{"properties": {"a": {"type": "string"}}}',
            '{"type": "object", "properties": {"a": {"type": "string"}}}',
            "`tierone rewrite` adds the type that the schema's keywords imply, when they imply one.",
        ),
        fix="type_untyped",
    ),
    Feature(
        "T602",
        "boolean-schema",
        "structure",
        (),
        "boolean schema `{value}` cannot be enforced",
        doc(
            "Finds `true` and `false` used as subschemas.",
            "`true` accepts anything and `false` nothing; no strict mode can generate from either.",
            '{"type": "object", "properties": {"extra": true}}',
            '{"type": "object", "properties": {"extra": {"type": "string"}}}',
            "`tierone rewrite` makes a `true` member or item a JSON-encoded string, which `tierone restore` decodes.",
        ),
        fix="encode_free_form",
    ),
    Feature(
        "T603",
        "empty-schema",
        "structure",
        (),
        "schema accepts any value (no constraining keyword)",
        doc(
            "Finds `{}` and schemas with only annotations (title, description, ...).",
            'No vendor can enforce "anything": OpenAI and Anthropic reject it, Gemini guesses.',
            '{"type": "object", "properties": {"payload": {"description": "anything"}}}',
            '{"type": "object", "properties": {"payload": {"type": "string", "description": "A JSON-encoded value."}}}',
            "`tierone rewrite` makes the field a JSON-encoded string, which `tierone restore` decodes.",
        ),
        fix="encode_free_form",
    ),
    Feature(
        "T604",
        "enum-type-mismatch",
        "keyword-in-context",
        ("enum", "const"),
        "`{keyword}` value {value} contradicts `type`",
        doc(
            "Finds `enum` and `const` values that the schema's `type` does not admit.",
            "The contradiction makes the value impossible to generate; vendors reject or silently drop it.",
            '{"type": "string", "enum": ["a", 1]}',
            '{"type": ["string", "integer"], "enum": ["a", 1]}',
            "`tierone rewrite` drops the `enum` values the type refuses (no instance can be one of "
            "them); an `enum` or `const` with no value the type admits has no instance and stays refused.",
        ),
        fix="settle_enum_values",
    ),
    Feature(
        "T607",
        "untyped-array-items",
        "structure",
        ("items",),
        "array schema has no `items`: its items may be any value",
        doc(
            "Finds array schemas (`type: array`) without `items` or `prefixItems`.",
            "Strict modes generate each item from the `items` schema; without one, OpenAI "
            "rejects the array and the others cannot enforce anything about the items.",
            '{"type": "array"}',
            '{"type": "array", "items": {"type": "string"}}',
            "`tierone rewrite` makes the items JSON-encoded strings, which `tierone restore` decodes.",
        ),
        fix="encode_free_form",
    ),
    Feature(
        "T605",
        "unknown-keyword",
        "keyword",
        (),
        "unknown keyword `{keyword}`{detail}",
        doc(
            "Finds keywords no rule knows, except annotations (`title`, `description`, "
            "`$comment`, `examples`, `$schema`, `$id`, `$defs`, `definitions`, "
            "`propertyOrdering`) and `x-` extensions; and keywords that constrain in some draft "
            "but not in the one the schema's `$schema` names (draft 4's `const`, `if` before "
            "draft 7, `dependencies` from 2019-09 on, as in a schema that names no draft: it is "
            "read as 2020-12), which its validators ignore.",
            "Vendors reject unknown keywords (Gemini: `Unknown name`) or ignore them, so what "
            "they express is not enforced. A keyword the schema's own draft does not define is "
            "ignored by that draft's validators, `tierone restore` among them: the rendition "
            "leaves it too, and what the author meant by it is enforced by no one.",
            '{"type": "string", "example": "Ada"}',
            '{"type": "string", "examples": ["Ada"]}',
            "`tierone rewrite` removes it. For a keyword the draft does not define, name the draft "
            "that brought it in `$schema` (or write what replaced it) to keep it.",
        ),
        fix=STRIP,
    ),
    Feature(
        "T606",
        "malformed-keyword",
        "keyword-in-context",
        (),
        "`{keyword}` is malformed: {detail}",
        doc(
            "Finds keywords whose value has the wrong shape (a `required` that is not a list of "
            "strings or that names a member twice, an unknown `type` name, a non-schema where a schema must stand, "
            "a bound that is no number, a `pattern` or `patternProperties` name that is no ECMA-262 regular expression (`(`, `a**`, a possessive `a++`), a `deprecated` or `readOnly` "
            "that is no boolean where the dialect defines it, draft 4's boolean `exclusiveMinimum` in a schema "
            "that names no draft 4, an array of `items` (the tuple form before 2020-12) in a schema that names no "
            "earlier draft, ...): what the schema's meta-schema refuses. `tierone rewrite` refuses it "
            "wherever it stands, even where the rendition would drop it (restore finds such a schema no schema, "
            "and could read no answer). An `enum` whose "
            "values repeat is the one shape `tierone rewrite` mends: it writes each value once (exact: a repeat "
            "takes no value the first does not), except in draft 3 and 4, whose `enum` values must not repeat.",
            "A malformed schema is rejected by every vendor and by JSON Schema validators.",
            '{"type": "text"}',
            '{"type": "string"}',
        ),
    ),
    Feature(
        "T608",
        "unsatisfiable-schema",
        "structure",
        (),
        "schema accepts no value: {detail}",
        doc(
            "Finds subschemas that no value satisfies, statically: a `required` name that a "
            "closed object or every union branch refuses, a union whose every branch has another "
            "`type` or no `enum` value in common with its node, an `enum` without a value of the "
            "declared `type`, a lower bound above its upper bound (`minimum` > `maximum`, "
            "`minLength` > `maxLength`, ...).",
            "A constrained decoder cannot generate anything from it: llguidance rejects the "
            'grammar ("required property ... is unsatisfiable"), others compile it and then '
            "break a constraint.",
            '{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], '
            '"additionalProperties": false, "anyOf": [{"type": "object", "properties": {"b": '
            '{"type": "string"}}, "required": ["b"], "additionalProperties": false}]}',
            '{"anyOf": [{"type": "object", "properties": {"a": {"type": "string"}, "b": '
            '{"type": "string"}}, "required": ["a", "b"], "additionalProperties": false}]}',
        ),
    ),
    Feature(
        "T609",
        "integer-out-of-range",
        "keyword-in-context",
        ("enum", "const", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"),
        "`{keyword}` holds {value}, a number outside the signed 64-bit range (or at its edge)",
        doc(
            "Finds integers below -2^63 or above 2^63-1 in `enum`, `const` and the numeric "
            "bounds, and those that round to -2^63 as a double; and a bound (or `const`) that is "
            "no integer at or past 2^63 - 1024 either way.",
            "Decoding engines and SDKs read JSON integers as signed 64-bit numbers or as "
            "doubles: such a value is rounded, refused or overflows (llguidance crashes the "
            "process on one that rounds to -2^63, and fails to build a number range whose bound "
            'is a double that large: "Failed to generate regex for float range").',
            '{"type": "integer", "enum": [18446744073709551616]}',
            '{"type": "string", "enum": ["18446744073709551616"]}',
            "`tierone rewrite` takes the keyword out of the rendition and states it in the "
            "description (a loosening in the ledger); `tierone restore` enforces it. `--exact` "
            "refuses instead.",
        ),
        fix=STRIP,
    ),
)
