"""Rows of the keyword rules (T2xx): composition and keywords no strict mode accepts."""

from __future__ import annotations

from ..model import STRIP, Feature, doc

ROWS: tuple[Feature, ...] = (
    Feature(
        "T201",
        "one-of",
        "keyword",
        ("oneOf",),
        "`oneOf` is not accepted by {subset}",
        doc(
            "Finds `oneOf` anywhere a subschema can stand.",
            "OpenAI and Anthropic reject it and Gemini silently drops it, so the constraint is never enforced.",
            '{"oneOf": [{"type": "string"}, {"type": "integer"}]}',
            '{"anyOf": [{"type": "string"}, {"type": "integer"}]}',
            "`tierone rewrite` turns `oneOf` into `anyOf`; exclusivity is checked again on "
            "the read side by `tierone restore`. Beside an `anyOf`, the `oneOf` leaves the rendition instead "
            "(restore checks it); `--exact` refuses that.",
        ),
        load_bearing=True,
        fix="one_of_to_any_of",
    ),
    Feature(
        "T202",
        "all-of",
        "keyword",
        ("allOf",),
        "`allOf` is not accepted by {subset}",
        doc(
            "Finds `allOf` anywhere a subschema can stand.",
            "OpenAI rejects it; Anthropic rejects `allOf` with `$ref`; Gemini rejects it on the responseSchema path.",
            '{"allOf": [{"$ref": "#/$defs/Base"}, {"properties": {"x": {"type": "string"}}}]}',
            "one object schema with the merged properties",
            "`tierone rewrite` merges a single branch or object branches that do not conflict.",
        ),
        load_bearing=True,
        fix="merge_all_of",
    ),
    Feature(
        "T203",
        "not",
        "keyword",
        ("not",),
        "`not` is not accepted by {subset}",
        doc(
            "Finds `not` anywhere a subschema can stand.",
            "No strict mode can generate against a negation; all three vendors reject it.",
            '{"type": "string", "not": {"enum": ["admin"]}}',
            "state the allowed values positively (an `enum`) and check the rest after decoding",
            "`tierone rewrite` states the negation in the description and restore checks it.",
        ),
        load_bearing=True,
        fix=STRIP,
    ),
    Feature(
        "T204",
        "conditional",
        "keyword",
        ("if", "then", "else"),
        "`{keyword}` (conditional schema) is not accepted by {subset}",
        doc(
            "Finds `if`, `then` and `else`.",
            "Conditional schemas are not supported by any strict mode.",
            '{"if": {"properties": {"kind": {"const": "a"}}}, "then": {"required": ["a"]}}',
            "an `anyOf` of one closed object per case, each with a single-value `enum` tag",
            "`tierone rewrite` states the condition in the description and restore checks it.",
        ),
        load_bearing=True,
        fix=STRIP,
    ),
    Feature(
        "T205",
        "dependencies",
        "keyword",
        ("dependencies", "dependentSchemas", "dependentRequired"),
        "`{keyword}` is not accepted by {subset}",
        doc(
            "Finds `dependencies`, `dependentSchemas` and `dependentRequired`.",
            "No strict mode supports dependencies between properties.",
            '{"type": "object", "dependentRequired": {"card": ["billing"]}}',
            "an `anyOf` of closed objects, or a check after decoding",
            "`tierone rewrite` removes them (stating `dependentRequired` in the description) and restore checks them.",
        ),
        load_bearing=True,
        fix=STRIP,
    ),
    Feature(
        "T206",
        "prefix-items",
        "keyword",
        ("prefixItems", "items", "additionalItems"),
        "tuple validation (`{keyword}`) is not accepted by {subset}",
        doc(
            "Finds tuple validation: `prefixItems`, an array-valued `items` (draft 2019 and "
            "earlier) and `additionalItems`.",
            "OpenAI and Anthropic reject tuples; only Gemini accepts `prefixItems`.",
            '{"type": "array", "prefixItems": [{"type": "number"}, {"type": "number"}]}',
            '{"type": "object", "properties": {"x": {"type": "number"}, "y": {"type": "number"}}, '
            '"required": ["x", "y"], "additionalProperties": false}',
            "`tierone rewrite` writes `prefixItems` where the profile accepts tuples (Gemini); elsewhere every item "
            "takes one schema, the union of the tuple's and of what may follow it (any value: as a JSON string), "
            "and restore checks each item by its position.",
        ),
        load_bearing=True,
        fix="tuple_items",
    ),
    Feature(
        "T207",
        "property-names",
        "keyword",
        ("propertyNames",),
        "`propertyNames` is not accepted by {subset}",
        doc(
            "Finds `propertyNames`.",
            "Unsupported by OpenAI and Anthropic; Gemini silently drops it.",
            '{"type": "object", "propertyNames": {"pattern": "^[a-z]+$"}}',
            "declare the property names in `properties`",
            "`tierone rewrite` states the name constraint in the description and restore checks it.",
        ),
        load_bearing=True,
        fix=STRIP,
    ),
    Feature(
        "T208",
        "pattern-properties",
        "keyword",
        ("patternProperties",),
        "`patternProperties` is not accepted by {subset}",
        doc(
            "Finds `patternProperties`.",
            "An object with pattern-named members cannot be closed; no strict mode supports it.",
            '{"type": "object", "patternProperties": {"^x-": {"type": "string"}}}',
            "declared `properties`, or a JSON-encoded string for free-form data",
            "`tierone rewrite` keeps the members the object declares, and the pattern-named ones "
            "travel as one JSON object in its string member `tierone_rest` (an object that declares "
            "none becomes a JSON-encoded string; a root, the member `tierone_root`); `tierone "
            "restore` decodes them and checks the patterns.",
        ),
        fix="encode_free_form",
    ),
    Feature(
        "T209",
        "unevaluated",
        "keyword",
        ("unevaluatedProperties", "unevaluatedItems"),
        "`{keyword}` is not accepted by {subset}",
        doc(
            "Finds `unevaluatedProperties` and `unevaluatedItems`.",
            "No strict mode implements the unevaluated vocabulary.",
            '{"type": "object", "unevaluatedProperties": false}',
            '{"type": "object", "additionalProperties": false}',
            "`tierone rewrite` removes them and restore checks them.",
        ),
        fix=STRIP,
    ),
    Feature(
        "T210",
        "contains",
        "keyword",
        ("contains", "minContains", "maxContains"),
        "`{keyword}` is not accepted by {subset}",
        doc(
            "Finds `contains`, `minContains` and `maxContains`.",
            "No strict mode can generate arrays under a `contains` constraint.",
            '{"type": "array", "contains": {"const": "admin"}}',
            "check the array after decoding",
            "`tierone rewrite` states the constraint in the description and restore checks it.",
        ),
        fix=STRIP,
    ),
    Feature(
        "T211",
        "dynamic-ref",
        "keyword",
        ("$dynamicRef", "$recursiveRef", "$dynamicAnchor", "$recursiveAnchor"),
        "`{keyword}` is not accepted by {subset}",
        doc(
            "Finds dynamic references (`$dynamicRef`, `$recursiveRef`) and their anchors.",
            "No strict mode resolves dynamic scopes.",
            '{"$dynamicRef": "#node"}',
            '{"$ref": "#/$defs/Node"}',
            "In a document that is one schema resource (no `$id` below its root), every dynamic reference "
            "always resolves to the same node: `tierone rewrite` writes it as that `$ref` (the root for "
            '`$recursiveRef: "#"`, the node declaring `$dynamicAnchor: name` for `$dynamicRef: "#name"`) and '
            "restore reads answers the same way; a document embedding other resources stays refused.",
        ),
        fix="static_references",
    ),
    Feature(
        "T212",
        "default-value",
        "keyword",
        ("default",),
        "`default` is not accepted by {subset}",
        doc(
            "Finds `default`.",
            "OpenAI strict mode rejects it (`'default' is not permitted`); a strict answer always "
            "carries every field anyway.",
            '{"type": "integer", "default": 30}',
            '{"type": "integer", "description": "Use 30 when unsure."}',
            "`tierone rewrite` moves it into the description.",
        ),
        fix=STRIP,
    ),
    Feature(
        "T213",
        "const-value",
        "keyword",
        ("const",),
        "`const` is not accepted by {subset}; a single-value `enum` is",
        doc(
            "Finds `const`.",
            'Gemini\'s responseSchema rejects it (`Unknown name "const"`); every vendor accepts a single-value `enum`.',
            '{"type": "string", "const": "cat"}',
            '{"type": "string", "enum": ["cat"]}',
            "`tierone rewrite` turns `const` into a one-value `enum`.",
        ),
        fix="settle_enum_values",
    ),
    Feature(
        "T214",
        "complex-enum-value",
        "keyword-in-context",
        ("enum", "const"),
        "`{keyword}` holds an object or array value",
        doc(
            "Finds `enum` members and `const` values that are objects or arrays.",
            "Anthropic accepts only strings, numbers, booleans and null; Gemini only strings on its legacy path.",
            '{"enum": [{"a": 1}, {"a": 2}]}',
            '{"anyOf": [{"type": "object", "properties": {"a": {"type": "integer", "enum": [1]}}, '
            '"required": ["a"], "additionalProperties": false}]}',
            "`tierone rewrite` writes that union: each object value a closed object whose members take "
            "their one value (exact), each array value an array of its length whose items take its values "
            "(their order left to `tierone restore`, a loosening; `--exact` refuses instead).",
        ),
        fix="settle_enum_values",
    ),
)
