"""Rows of the limit rules (T4xx): the sizes and depths a vendor caps."""

from __future__ import annotations

from ..model import Feature, doc

ROWS: tuple[Feature, ...] = (
    Feature(
        "T401",
        "nesting-depth",
        "limit",
        (),
        "nesting depth {count} exceeds the limit of {limit}",
        doc(
            "Counts hops from the root: every step into a property, `items`, an `anyOf` branch, "
            "a `$defs`/`definitions` entry or any other subschema adds one (the root is 0). "
            "Reports the first node deeper than the limit on each branch.",
            "OpenAI enforces a nesting limit (`N levels of nesting exceeds limit of 5`), the "
            "subset allows 5 levels, and Gemini rejects very deep schemas.",
            "a string leaf six properties below the root",
            "flatten the structure or move deep parts into a JSON-encoded string",
            "`tierone rewrite` carries the deepest object or array at the limit on the way as a JSON "
            "string (its schema in the description); `tierone restore` decodes and checks it. "
            "`--exact` refuses instead.",
        ),
        load_bearing=True,
        fix="fit_limits",
    ),
    Feature(
        "T402",
        "ref-nesting-depth",
        "limit",
        ("$ref",),
        "following this `$ref` nests the instance {count} levels deep, over the limit of {limit}",
        doc(
            "Follows local `$ref`s as if they were inlined and reports a `$ref` whose target "
            "makes the real nesting deeper than the limit, even when the hop count is not.",
            "Vendors count the nesting of the schema they expand, not of the text you wrote.",
            '{"$defs": {"D": {"type": "object", ...five levels...}}, "properties": '
            '{"a": {"properties": {"b": {"$ref": "#/$defs/D"}}}}}',
            "flatten the referenced definition",
            "`tierone rewrite` carries the `$ref` (or the object holding it at the limit) as a JSON "
            "string, its target's schema in the description; `tierone restore` decodes and checks "
            "it. `--exact` refuses instead.",
        ),
        fix="fit_limits",
    ),
    Feature(
        "T403",
        "property-count",
        "limit",
        (),
        "the schema declares {count} properties, over the limit of {limit}",
        doc(
            "Counts every property of every `properties` map in the schema, including `$defs` "
            "and `anyOf` branches, and reports the total at the root.",
            "OpenAI caps the total number of properties; the subset allows 100.",
            "an object with 101 properties",
            "split the schema, or move rarely used fields into a JSON-encoded string",
            "`tierone rewrite` carries the subtree that brings the count back under as a JSON string (its schema in "
            "the description), or moves the fewest members of one object into its JSON string member "
            "`tierone_rest`, whichever loosens less; `tierone restore` decodes, merges and checks them. "
            "`--exact` refuses instead.",
        ),
        load_bearing=True,
        fix="fit_limits",
    ),
    Feature(
        "T404",
        "enum-value-count",
        "limit",
        ("enum",),
        "the schema has {count} enum values, over the limit of {limit}",
        doc(
            "Counts the values of every `enum` in the schema.",
            "OpenAI accepts at most 1000 enum values across a schema.",
            "an enum of 1500 country-and-region codes",
            "a plain string described in words, checked after decoding",
            "`tierone rewrite` carries the subtree that brings the count back under as a JSON string (its schema in "
            "the description), or moves the fewest members of one object into its JSON string member "
            "`tierone_rest`, whichever loosens less; where neither can (the values stand in string fields or in "
            "definitions several members refer to), the largest enumerations leave the rendition, their values "
            "stated in the description; `tierone restore` decodes, merges and checks them all. "
            "`--exact` refuses instead.",
        ),
        fix="fit_limits",
    ),
    Feature(
        "T405",
        "string-budget",
        "limit",
        (),
        "property names, definition names, enum and const values total {count} characters, over the limit of {limit}",
        doc(
            "Adds up the length of every property name, definition name, string enum value and string const value.",
            "OpenAI rejects schemas whose total exceeds 120,000 characters.",
            "a schema with thousands of long enum values",
            "shorter names, fewer enum values",
            "`tierone rewrite` carries the subtree that brings the count back under as a JSON string (its schema in "
            "the description), or moves the fewest members of one object into its JSON string member "
            "`tierone_rest`, whichever loosens less; `tierone restore` decodes, merges and checks them. "
            "`--exact` refuses instead.",
        ),
        fix="fit_limits",
    ),
    Feature(
        "T406",
        "large-enum-length",
        "limit",
        ("enum",),
        "an enum of {values} values totals {count} characters, over the limit of {limit}",
        doc(
            "For each `enum` with more than 250 values, adds up the length of its string values.",
            "OpenAI limits a single enum of over 250 values to 15,000 characters.",
            "an enum of 300 long strings",
            "a plain string described in words, checked after decoding",
            "`tierone rewrite` takes the `enum` out of the rendition (the field keeps its type) and states its "
            "values in the description; `tierone restore` checks them. `--exact` refuses instead.",
        ),
        fix="fit_limits",
    ),
    Feature(
        "T407",
        "optional-parameter-count",
        "limit",
        (),
        "the schema has {count} optional properties, over the limit of {limit}",
        doc(
            "Counts properties that are not listed in `required`, without following `$ref`.",
            "Anthropic strict tool use accepts at most 24 optional parameters per request.",
            "a tool with 30 optional fields",
            "group optional fields into nested objects or make them required and nullable",
            "`tierone rewrite` keeps the first fields optional while the limit lasts and makes "
            "those beyond it required and nullable (each then counts for rule T408).",
        ),
        fix="require_all",
        per_request=True,
    ),
    Feature(
        "T408",
        "union-parameter-count",
        "limit",
        (),
        "the schema has {count} union-typed properties, over the limit of {limit}",
        doc(
            "Counts properties whose schema is an `anyOf` or a `type` list, without following `$ref`.",
            "Anthropic accepts at most 16 union-typed parameters per request; note that the "
            "null-as-absent emulation makes every optional field a union.",
            '20 fields typed `["string", "null"]`',
            "fewer nullable fields, or nested objects",
            "`tierone rewrite` carries the subtree that brings the count back under as a JSON string (its schema in "
            "the description), or moves the fewest members of one object into its JSON string member "
            "`tierone_rest`, whichever loosens less; `tierone restore` decodes, merges and checks them. "
            "`--exact` refuses instead.",
        ),
        fix="fit_limits",
        per_request=True,
    ),
    Feature(
        "T409",
        "strict-tool-count",
        "limit",
        (),
        "the request has {count} strict tools, over the limit of {limit}",
        doc(
            "Counts the tools of one request sent in strict mode (a tool sent without it, and the "
            "output schema, do not count). Judged on request bodies and by `tierone.request()`, "
            "never on one schema.",
            "Anthropic accepts at most 20 strict tools per request, whatever their schemas.",
            "an agent with 21 tools, each marked `strict: true`",
            "send fewer tools in strict mode (mark the least critical ones `strict: false`: their "
            "calls are then read as they come; which ones is the caller's choice, so `tierone "
            "rewrite` leaves it to you), or split the tools across requests",
        ),
        per_request=True,
    ),
)
