"""Rows of the keyword rules about how a dialect spells a schema (T215-T221): the property
order, null (a type list, ``nullable``, a null-only schema), enums, examples and extension members."""

from __future__ import annotations

from ..model import STRIP, Feature, doc

ROWS: tuple[Feature, ...] = (
    Feature(
        "T215",
        "property-ordering",
        "keyword",
        ("propertyOrdering",),
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
        "T216",
        "type-list",
        "keyword-in-context",
        ("type",),
        "`type` is a list{detail}",
        doc(
            'Finds `type` given as a list, such as `["string", "null"]` (or of one type). '
            'A top-level `reasoning` typed `["string", "null"]` is left to rule T702: '
            "RFC 0030 §D prescribes that spelling for it.",
            "Anthropic's SDK (`transform_schema`) and google-genai's `response_schema` raise on a "
            'type list, while an `anyOf` with `{"type": "null"}` passes every consumer.',
            '{"type": ["string", "null"]}',
            '{"anyOf": [{"type": "string"}, {"type": "null"}]}',
            "`tierone rewrite` writes each type as a branch of an `anyOf`, with the keywords that apply to it.",
        ),
        fix="spell_null",
    ),
    Feature(
        "T217",
        "nullable-keyword",
        "keyword",
        ("nullable",),
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
        "T218",
        "non-string-enum",
        "keyword-in-context",
        ("enum",),
        "`enum` holds {value}, which is not a string",
        doc(
            "Finds `enum` values that are not strings (a `null` is left to the nullable spelling).",
            "Gemini's `responseSchema` takes string enums only (google-genai raises).",
            '{"type": "integer", "enum": [1, 2]}',
            '{"type": "string", "enum": ["1", "2"]}',
            "`tierone rewrite` moves such an enum into the description, with the type its values share "
            "(restore checks the value); values of several types with no `type` stay refused.",
        ),
        fix="string_enums_only",
    ),
    Feature(
        "T219",
        "examples-keyword",
        "keyword",
        ("examples",),
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
        "T220",
        "extension-member",
        "keyword",
        (),
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
        "T221",
        "null-only",
        "keyword-in-context",
        ("type", "enum"),
        "the schema admits only `null`, which {subset} cannot say (`response_json_schema`, the `gemini` profile, can)",
        doc(
            'Finds a schema whose only value is `null`: `{"type": "null"}`, or an `enum` of `null` alone.',
            'OpenAPI 3.0 has no null type: google-genai\'s `response_schema` sends `{"type": '
            '"null"}` as `nullable: true` without a `type`, which OpenAPI reads as no constraint '
            "at all, and a string enum cannot hold `null`.",
            '{"type": "object", "properties": {"token": {"type": "null"}}}',
            'the `gemini` profile (`response_json_schema` takes `{"type": "null"}`), or a member the model can fill',
            "`tierone rewrite` leaves out an optional member whose only value is `null` (null means absent) and "
            "writes any other such schema as a nullable string whose description says it is always null; "
            "`tierone restore` refuses a string there (a loosening: `--exact` refuses instead).",
        ),
        fix="spell_null",
    ),
)
