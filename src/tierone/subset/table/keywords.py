"""Rows of the keyword rules (T2xx): composition and keywords no strict mode accepts."""

from __future__ import annotations

from ..model import STRIP, Feature, doc

ROWS: tuple[Feature, ...] = (
    Feature(
        "T201", "one-of", "keyword", ("oneOf",),
        "`oneOf` is not accepted by {subset}",
        doc(
            "Finds `oneOf` anywhere a subschema can stand.",
            "OpenAI and Anthropic reject it and Gemini silently drops it, so the constraint is "
            "never enforced.",
            '{"oneOf": [{"type": "string"}, {"type": "integer"}]}',
            '{"anyOf": [{"type": "string"}, {"type": "integer"}]}',
            "`tierone rewrite` turns `oneOf` into `anyOf`; exclusivity is checked again on "
            "the read side by `tierone restore`.",
        ),
        load_bearing=True, fix="one_of_to_any_of",
    ),
    Feature(
        "T202", "all-of", "keyword", ("allOf",),
        "`allOf` is not accepted by {subset}",
        doc(
            "Finds `allOf` anywhere a subschema can stand.",
            "OpenAI rejects it; Anthropic rejects `allOf` with `$ref`; Gemini rejects it on "
            "the responseSchema path.",
            '{"allOf": [{"$ref": "#/$defs/Base"}, {"properties": {"x": {"type": "string"}}}]}',
            "one object schema with the merged properties",
            "`tierone rewrite` merges a single branch or object branches that do not conflict.",
        ),
        load_bearing=True, fix="merge_all_of",
    ),
    Feature(
        "T203", "not", "keyword", ("not",),
        "`not` is not accepted by {subset}",
        doc(
            "Finds `not` anywhere a subschema can stand.",
            "No strict mode can generate against a negation; all three vendors reject it.",
            '{"type": "string", "not": {"enum": ["admin"]}}',
            "state the allowed values positively (an `enum`) and check the rest after decoding",
            "`tierone rewrite` states the negation in the description and restore checks it.",
        ),
        load_bearing=True, fix=STRIP,
    ),
    Feature(
        "T204", "conditional", "keyword", ("if", "then", "else"),
        "`{keyword}` (conditional schema) is not accepted by {subset}",
        doc(
            "Finds `if`, `then` and `else`.",
            "Conditional schemas are not supported by any strict mode.",
            '{"if": {"properties": {"kind": {"const": "a"}}}, "then": {"required": ["a"]}}',
            "an `anyOf` of one closed object per case, each with a single-value `enum` tag",
            "`tierone rewrite` states the condition in the description and restore checks it.",
        ),
        load_bearing=True, fix=STRIP,
    ),
    Feature(
        "T205", "dependencies", "keyword", ("dependencies", "dependentSchemas", "dependentRequired"),
        "`{keyword}` is not accepted by {subset}",
        doc(
            "Finds `dependencies`, `dependentSchemas` and `dependentRequired`.",
            "No strict mode supports dependencies between properties.",
            '{"type": "object", "dependentRequired": {"card": ["billing"]}}',
            "an `anyOf` of closed objects, or a check after decoding",
            "`tierone rewrite` removes them (stating `dependentRequired` in the description) and "
            "restore checks them.",
        ),
        load_bearing=True, fix=STRIP,
    ),
    Feature(
        "T206", "prefix-items", "keyword", ("prefixItems", "items", "additionalItems"),
        "tuple validation (`{keyword}`) is not accepted by {subset}",
        doc(
            "Finds tuple validation: `prefixItems`, an array-valued `items` (draft 2019 and "
            "earlier) and `additionalItems`.",
            "OpenAI and Anthropic reject tuples; only Gemini accepts `prefixItems`.",
            '{"type": "array", "prefixItems": [{"type": "number"}, {"type": "number"}]}',
            '{"type": "object", "properties": {"x": {"type": "number"}, "y": {"type": "number"}}, '
            '"required": ["x", "y"], "additionalProperties": false}',
        ),
        load_bearing=True,
    ),
    Feature(
        "T207", "property-names", "keyword", ("propertyNames",),
        "`propertyNames` is not accepted by {subset}",
        doc(
            "Finds `propertyNames`.",
            "Unsupported by OpenAI and Anthropic; Gemini silently drops it.",
            '{"type": "object", "propertyNames": {"pattern": "^[a-z]+$"}}',
            "declare the property names in `properties`",
            "`tierone rewrite` states the name constraint in the description and restore checks "
            "it.",
        ),
        load_bearing=True, fix=STRIP,
    ),
    Feature(
        "T208", "pattern-properties", "keyword", ("patternProperties",),
        "`patternProperties` is not accepted by {subset}",
        doc(
            "Finds `patternProperties`.",
            "An object with pattern-named members cannot be closed; no strict mode supports it.",
            '{"type": "object", "patternProperties": {"^x-": {"type": "string"}}}',
            "declared `properties`, or a JSON-encoded string for free-form data",
        ),
    ),
    Feature(
        "T209", "unevaluated", "keyword", ("unevaluatedProperties", "unevaluatedItems"),
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
        "T210", "contains", "keyword", ("contains", "minContains", "maxContains"),
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
        "T211", "dynamic-ref", "keyword",
        ("$dynamicRef", "$recursiveRef", "$dynamicAnchor", "$recursiveAnchor"),
        "`{keyword}` is not accepted by {subset}",
        doc(
            "Finds dynamic references (`$dynamicRef`, `$recursiveRef`) and their anchors.",
            "No strict mode resolves dynamic scopes.",
            '{"$dynamicRef": "#node"}',
            '{"$ref": "#/$defs/Node"}',
        ),
    ),
    Feature(
        "T212", "default-value", "keyword", ("default",),
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
        "T213", "const-value", "keyword", ("const",),
        "`const` is not accepted by {subset}; a single-value `enum` is",
        doc(
            "Finds `const`.",
            "Gemini's responseSchema rejects it (`Unknown name \"const\"`); every vendor accepts "
            "a single-value `enum`.",
            '{"type": "string", "const": "cat"}',
            '{"type": "string", "enum": ["cat"]}',
            "`tierone rewrite` turns `const` into a one-value `enum`.",
        ),
        fix="const_to_enum",
    ),
    Feature(
        "T214", "complex-enum-value", "keyword-in-context", ("enum", "const"),
        "`{keyword}` holds an object or array value",
        doc(
            "Finds `enum` members and `const` values that are objects or arrays.",
            "Anthropic accepts only strings, numbers, booleans and null; Gemini only strings "
            "on its legacy path.",
            '{"enum": [{"a": 1}, {"a": 2}]}',
            '{"anyOf": [{"type": "object", "properties": {"a": {"type": "integer", "enum": [1]}}, '
            '"required": ["a"], "additionalProperties": false}]}',
        ),
    ),
    Feature(
        "T215", "property-ordering", "keyword", ("propertyOrdering",),
        "`propertyOrdering` is a Gemini keyword that {subset} does not vouch for",
        doc(
            "Finds `propertyOrdering` where a vendor of the profile does not document it.",
            "Only Gemini reads it (Gemini 2.0 needs it to keep the author's order); Anthropic's "
            "SDK moves it into the description and OpenAI does not document it.",
            '{"type": "object", "properties": {"a": {"type": "string"}}, "propertyOrdering": ["a"]}',
            '{"type": "object", "properties": {"a": {"type": "string"}}}',
            "`tierone rewrite` removes it, and writes it only for the profiles whose vendors all "
            "read it (the Gemini ones).",
        ),
        fix=STRIP,
    ),
    Feature(
        "T216", "type-list", "keyword-in-context", ("type",),
        "`type` is a list{detail}",
        doc(
            "Finds `type` given as a list, such as `[\"string\", \"null\"]` (or of one type). "
            "A top-level `reasoning` typed `[\"string\", \"null\"]` is left to rule T702: "
            "RFC 0030 §D prescribes that spelling for it.",
            "Anthropic's SDK (`transform_schema`) and google-genai's `response_schema` raise on a "
            "type list, while an `anyOf` with `{\"type\": \"null\"}` passes every consumer.",
            '{"type": ["string", "null"]}',
            '{"anyOf": [{"type": "string"}, {"type": "null"}]}',
            "`tierone rewrite` writes each type as a branch of an `anyOf`, with the keywords "
            "that apply to it.",
        ),
        fix="spell_null",
    ),
    Feature(
        "T217", "nullable-keyword", "keyword", ("nullable",),
        "`nullable` is OpenAPI's spelling of null, not that of {subset}",
        doc(
            "Finds OpenAPI's `nullable` where the profile speaks JSON Schema.",
            "JSON Schema has no `nullable`: its consumers ignore it (the value is then not "
            "nullable) or reject it. Only Gemini's `responseSchema` spells null so.",
            '{"type": "string", "nullable": true}',
            '{"anyOf": [{"type": "string"}, {"type": "null"}]}',
            "`tierone rewrite` removes it and puts `null` in the type; for `gemini-openapi` it "
            "writes every null that way.",
        ),
        fix=STRIP,
    ),
    Feature(
        "T218", "non-string-enum", "keyword-in-context", ("enum",),
        "`enum` holds {value}, which is not a string",
        doc(
            "Finds `enum` values that are not strings (a `null` is left to the nullable spelling).",
            "Gemini's `responseSchema` takes string enums only (google-genai raises).",
            '{"type": "integer", "enum": [1, 2]}',
            '{"type": "string", "enum": ["1", "2"]}',
        ),
    ),
    Feature(
        "T219", "examples-keyword", "keyword", ("examples",),
        "`examples` is not accepted by {subset}",
        doc(
            "Finds `examples`.",
            "google-genai's `Schema` (Gemini's `responseSchema`) has no `examples` field and "
            "raises on it (it knows only OpenAPI's single `example`).",
            '{"type": "string", "examples": ["Ada"]}',
            '{"type": "string", "description": "Examples: [\\"Ada\\"]."}',
            "`tierone rewrite` removes it and states the examples in the description.",
        ),
        fix=STRIP,
    ),
    Feature(
        "T220", "extension-member", "keyword", (),
        "extension member `{keyword}` is not accepted by {subset}",
        doc(
            "Finds extension members (`x-` names) of a schema.",
            "google-genai's `Schema` (Gemini's `responseSchema`) raises on any member it does not "
            "know; an extension speaks to tools, not to the model.",
            '{"type": "string", "x-order": 1}',
            '{"type": "string"}',
            "`tierone rewrite` removes them.",
        ),
        fix=STRIP,
    ),
    Feature(
        "T221", "null-only", "keyword-in-context", ("type", "enum"),
        "the schema admits only `null`, which {subset} cannot say (`response_json_schema`, the `gemini` "
        "profile, can)",
        doc(
            "Finds a schema whose only value is `null`: `{\"type\": \"null\"}`, or an `enum` of "
            "`null` alone.",
            "OpenAPI 3.0 has no null type: google-genai's `response_schema` sends `{\"type\": "
            "\"null\"}` as `nullable: true` without a `type`, which OpenAPI reads as no constraint "
            "at all, and a string enum cannot hold `null`.",
            '{"type": "object", "properties": {"token": {"type": "null"}}}',
            "the `gemini` profile (`response_json_schema` takes `{\"type\": \"null\"}`), or a "
            "member the model can fill",
        ),
    ),
)
