"""Rows of the bounds rules (T3xx): string, number, array and object constraints."""

from __future__ import annotations

from ..model import STRIP, Feature, doc

ROWS: tuple[Feature, ...] = (
    Feature(
        "T301", "string-length", "keyword", ("minLength", "maxLength"),
        "`{keyword}` is not accepted by {subset}",
        doc(
            "Finds `minLength` and `maxLength`.",
            "Anthropic rejects them and the subset excludes them; a strict answer can still be "
            "checked against them after decoding.",
            '{"type": "string", "maxLength": 80}',
            '{"type": "string", "description": "At most 80 characters."}',
            "`tierone rewrite` states the bound in the description and restore checks it.",
        ),
        fix=STRIP,
    ),
    Feature(
        "T302", "string-pattern", "keyword", ("pattern",),
        "`pattern` is not accepted by {subset}",
        doc(
            "Finds `pattern`.",
            "Anthropic supports only a regex subset, Gemini only on its legacy path, and the "
            "subset excludes it.",
            '{"type": "string", "pattern": "^[0-9]{5}$"}',
            '{"type": "string", "description": "Five digits."}',
            "`tierone rewrite` states the pattern in the description and restore checks it.",
        ),
        fix=STRIP,
    ),
    Feature(
        "T303", "string-format", "keyword-in-context", ("format",),
        "`format: {value}` is not accepted by {subset}",
        doc(
            "Finds `format`; vendor profiles flag only formats outside the vendor's list.",
            "Each vendor accepts a different short list of formats and the subset excludes "
            "`format` altogether.",
            '{"type": "string", "format": "uri"}',
            '{"type": "string", "description": "A URI."}',
            "`tierone rewrite` states the format in the description and restore checks it.",
        ),
        fix=STRIP,
    ),
    Feature(
        "T304", "number-range", "keyword", ("minimum", "maximum"),
        "`{keyword}` is not accepted by {subset}",
        doc(
            "Finds `minimum` and `maximum`.",
            "Anthropic rejects numeric bounds and the subset excludes them.",
            '{"type": "integer", "minimum": 0}',
            '{"type": "integer", "description": "Zero or more."}',
            "`tierone rewrite` states the bound in the description and restore checks it.",
        ),
        fix=STRIP,
    ),
    Feature(
        "T305", "number-exclusive-range", "keyword", ("exclusiveMinimum", "exclusiveMaximum"),
        "`{keyword}` is not accepted by {subset}",
        doc(
            "Finds `exclusiveMinimum` and `exclusiveMaximum`.",
            "Anthropic rejects them and Gemini answers `Unknown name`.",
            '{"type": "number", "exclusiveMinimum": 0}',
            '{"type": "number", "description": "Greater than 0."}',
            "`tierone rewrite` states the bound in the description and restore checks it.",
        ),
        fix=STRIP,
    ),
    Feature(
        "T306", "number-multiple-of", "keyword", ("multipleOf",),
        "`multipleOf` is not accepted by {subset}",
        doc(
            "Finds `multipleOf`.",
            "Anthropic and Gemini reject it and the subset excludes it.",
            '{"type": "number", "multipleOf": 0.5}',
            '{"type": "number", "description": "A multiple of 0.5."}',
            "`tierone rewrite` states the constraint in the description and restore checks it.",
        ),
        fix=STRIP,
    ),
    Feature(
        "T307", "array-min-items", "keyword-in-context", ("minItems",),
        "`minItems: {value}` is not accepted by {subset}",
        doc(
            "Finds `minItems`; the anthropic profile accepts 0 and 1.",
            "Anthropic accepts only 0 or 1 and the subset excludes array bounds.",
            '{"type": "array", "items": {"type": "string"}, "minItems": 2}',
            '{"type": "array", "items": {"type": "string"}, "description": "At least 2 items."}',
            "`tierone rewrite` states the bound in the description and restore checks it.",
        ),
        fix=STRIP,
    ),
    Feature(
        "T308", "array-max-items", "keyword", ("maxItems",),
        "`maxItems` is not accepted by {subset}",
        doc(
            "Finds `maxItems`.",
            "Anthropic rejects it and the subset excludes array bounds.",
            '{"type": "array", "items": {"type": "string"}, "maxItems": 5}',
            '{"type": "array", "items": {"type": "string"}, "description": "At most 5 items."}',
            "`tierone rewrite` states the bound in the description and restore checks it.",
        ),
        fix=STRIP,
    ),
    Feature(
        "T309", "array-unique-items", "keyword", ("uniqueItems",),
        "`uniqueItems` is not accepted by {subset}",
        doc(
            "Finds `uniqueItems`.",
            "No strict mode enforces uniqueness.",
            '{"type": "array", "items": {"type": "string"}, "uniqueItems": true}',
            '{"type": "array", "items": {"type": "string"}, "description": "No duplicates."}',
            "`tierone rewrite` states the constraint in the description and restore checks it.",
        ),
        fix=STRIP,
    ),
    Feature(
        "T310", "object-property-bounds", "keyword", ("minProperties", "maxProperties"),
        "`{keyword}` is not accepted by {subset}",
        doc(
            "Finds `minProperties` and `maxProperties`.",
            "A closed object with every property required has a fixed size; vendors reject the "
            "keywords.",
            '{"type": "object", "minProperties": 1}',
            "declare the properties and list them in `required`",
            "`tierone rewrite` states the bound in the description and restore checks it.",
        ),
        fix=STRIP,
    ),
)
