"""Rows of the enforceability rules (T6xx): schemas no strict mode can generate from."""

from __future__ import annotations

from ..model import STRIP, Feature, doc

ROWS: tuple[Feature, ...] = (
    Feature(
        "T601", "untyped-schema", "structure", ("type",),
        "schema has no `type`{detail}",
        doc(
            "Finds constraining subschemas without `type`, `$ref`, `anyOf`, `enum` or `const`.",
            "OpenAI needs a type on every schema and Anthropic's transform raises on untyped "
            "nodes; Gemini guesses.",
            '{"properties": {"a": {"type": "string"}}}',
            '{"type": "object", "properties": {"a": {"type": "string"}}}',
            "`tierone rewrite` adds the type that the schema's keywords imply, when they imply one.",
        ),
        fix="type_untyped",
    ),
    Feature(
        "T602", "boolean-schema", "structure", (),
        "boolean schema `{value}` cannot be enforced",
        doc(
            "Finds `true` and `false` used as subschemas.",
            "`true` accepts anything and `false` nothing; no strict mode can generate from "
            "either.",
            '{"type": "object", "properties": {"extra": true}}',
            '{"type": "object", "properties": {"extra": {"type": "string"}}}',
            "`tierone rewrite` makes a `true` member or item a JSON-encoded string, which "
            "`tierone restore` decodes.",
        ),
        fix="encode_free_form",
    ),
    Feature(
        "T603", "empty-schema", "structure", (),
        "schema accepts any value (no constraining keyword)",
        doc(
            "Finds `{}` and schemas with only annotations (title, description, ...).",
            "No vendor can enforce \"anything\": OpenAI and Anthropic reject it, Gemini guesses.",
            '{"type": "object", "properties": {"payload": {"description": "anything"}}}',
            '{"type": "object", "properties": {"payload": {"type": "string", "description": '
            '"A JSON-encoded value."}}}',
            "`tierone rewrite` makes the field a JSON-encoded string, which `tierone restore` "
            "decodes.",
        ),
        fix="encode_free_form",
    ),
    Feature(
        "T604", "enum-type-mismatch", "keyword-in-context", ("enum", "const"),
        "`{keyword}` value {value} contradicts `type`",
        doc(
            "Finds `enum` and `const` values that the schema's `type` does not admit.",
            "The contradiction makes the value impossible to generate; vendors reject or "
            "silently drop it.",
            '{"type": "string", "enum": ["a", 1]}',
            '{"type": ["string", "integer"], "enum": ["a", 1]}',
        ),
    ),
    Feature(
        "T607", "untyped-array-items", "structure", ("items",),
        "array schema has no `items`: its items may be any value",
        doc(
            "Finds array schemas (`type: array`) without `items` or `prefixItems`.",
            "Strict modes generate each item from the `items` schema; without one, OpenAI "
            "rejects the array and the others cannot enforce anything about the items.",
            '{"type": "array"}',
            '{"type": "array", "items": {"type": "string"}}',
            "`tierone rewrite` makes the items JSON-encoded strings, which `tierone restore` "
            "decodes.",
        ),
        fix="encode_free_form",
    ),
    Feature(
        "T605", "unknown-keyword", "keyword", (),
        "unknown keyword `{keyword}`",
        doc(
            "Finds keywords no rule knows, except annotations (`title`, `description`, "
            "`$comment`, `examples`, `$schema`, `$id`, `$defs`, `definitions`, "
            "`propertyOrdering`) and `x-` extensions.",
            "Vendors reject unknown keywords (Gemini: `Unknown name`) or ignore them, so what "
            "they express is not enforced.",
            '{"type": "string", "nullable": true}',
            '{"type": ["string", "null"]}',
            "`tierone rewrite` removes it (an OpenAPI `nullable: true` becomes a `null` in the "
            "type).",
        ),
        fix=STRIP,
    ),
    Feature(
        "T606", "malformed-keyword", "keyword-in-context", (),
        "`{keyword}` is malformed: {detail}",
        doc(
            "Finds keywords whose value has the wrong shape (a `required` that is not a list of "
            "strings, an unknown `type` name, a non-schema where a schema must stand, ...).",
            "A malformed schema is rejected by every vendor and by JSON Schema validators.",
            '{"type": "text"}',
            '{"type": "string"}',
        ),
    ),
)
