"""THE subset table: one row per JSON-Schema feature, one cell per vendor and per the RFC.

The rows (code, name, message, docs) are here; the cells (what each source accepts, when
it was last verified and how: by reading the docs or by ``tierone probe``) are data in
``table.toml``, read once when this module is imported (see ``cells``).

Everything else derives from these rows: the rules each profile enables, the severity and
"which vendors reject this" of every diagnostic, the rule docs and the generated subset
page.
"""

from __future__ import annotations

from .cells import load
from .model import Feature, RuleDoc


def _doc(what: str, why: str, example: str, use_instead: str, fix: str = "") -> RuleDoc:
    return RuleDoc(what, why, example.strip(), use_instead.strip(), fix)


_ROWS: tuple[Feature, ...] = (
    # ---- shape -------------------------------------------------------------------------
    Feature(
        "T101", "root-not-object", "structure", (),
        "the root schema is not `type: object`{detail}",
        _doc(
            "Checks that the root schema declares `type: \"object\"` (one type, not a union).",
            "Strict modes generate a JSON object. OpenAI rejects a root `anyOf` or a non-object "
            "root, Anthropic tool inputs are objects, and the RFC 0030 subset requires it.",
            '{"anyOf": [{"type": "string"}, {"type": "object"}]}',
            '{"type": "object", "properties": {"value": {"anyOf": [{"type": "string"}, '
            '{"type": "number"}]}}, "required": ["value"], "additionalProperties": false}',
        ),
    ),
    Feature(
        "T102", "open-object", "structure", ("additionalProperties",),
        "object schema does not set `additionalProperties: false`{detail}",
        _doc(
            "Finds object schemas whose `additionalProperties` is missing or `true`: schemas with "
            "`type: object`, a type list containing `object`, or `properties` without a type.",
            "OpenAI and Anthropic strict modes reject any object that is not explicitly closed "
            "(`'additionalProperties' is required to be supplied and to be false`).",
            '{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}',
            '{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], '
            '"additionalProperties": false}',
            "`tierone rewrite` adds `additionalProperties: false`; an object that was open on "
            "purpose becomes a JSON-encoded string field that `tierone restore` decodes.",
        ),
        fixable=True,
    ),
    Feature(
        "T103", "additional-properties-schema", "keyword-in-context", ("additionalProperties",),
        "`additionalProperties` is a schema (a free-form map); strict modes need `false`",
        _doc(
            "Finds `additionalProperties` given as a schema, i.e. a map with arbitrary keys.",
            "Anthropic rejects it, OpenAI's support is disputed, and a closed object cannot carry "
            "arbitrary keys. Vendor SDKs silently turn such maps into always-empty objects.",
            '{"type": "object", "additionalProperties": {"type": "integer"}}',
            '{"type": "object", "properties": {"counts": {"type": "string", "description": '
            '"A JSON-encoded object of integers."}}, "required": ["counts"], '
            '"additionalProperties": false}',
            "`tierone rewrite` turns the map into a JSON-encoded string (or refuses with "
            "`--open-objects error`); `tierone restore` decodes it.",
        ),
        fixable=True,
    ),
    Feature(
        "T104", "optional-property", "structure", (),
        "property {name!r} is not listed in `required`",
        _doc(
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
        fixable=True,
    ),
    Feature(
        "T105", "undeclared-required", "keyword-in-context", ("required",),
        "`required` names {name!r}, which is not a declared property",
        _doc(
            "Finds names in `required` that the object does not declare in `properties`.",
            "With `additionalProperties: false` such an object can never be satisfied; strict "
            "modes reject the schema or the model cannot produce a valid answer.",
            '{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a", "b"], '
            '"additionalProperties": false}',
            '{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], '
            '"additionalProperties": false}',
        ),
    ),
    Feature(
        "T106", "ref-with-siblings", "keyword-in-context", ("$ref",),
        "`$ref` has sibling keywords ({detail})",
        _doc(
            "Finds `$ref` with other keywords next to it (often a `description`).",
            "OpenAI rejects it (`$ref cannot have keywords {'description'}`); the Anthropic and "
            "Gemini SDKs silently drop the siblings, so the model never sees them.",
            '{"$ref": "#/$defs/Address", "description": "Home address"}',
            "inline the definition and merge the siblings into it",
            "`tierone rewrite` inlines the target and merges the siblings into it.",
        ),
        fixable=True,
    ),
    # ---- keywords ----------------------------------------------------------------------
    Feature(
        "T201", "one-of", "keyword", ("oneOf",),
        "`oneOf` is not accepted by {subset}",
        _doc(
            "Finds `oneOf` anywhere a subschema can stand.",
            "OpenAI and Anthropic reject it and Gemini silently drops it, so the constraint is "
            "never enforced.",
            '{"oneOf": [{"type": "string"}, {"type": "integer"}]}',
            '{"anyOf": [{"type": "string"}, {"type": "integer"}]}',
            "`tierone rewrite` turns `oneOf` into `anyOf`; exclusivity is checked again on "
            "the read side by `tierone restore`.",
        ),
        load_bearing=True, fixable=True,
    ),
    Feature(
        "T202", "all-of", "keyword", ("allOf",),
        "`allOf` is not accepted by {subset}",
        _doc(
            "Finds `allOf` anywhere a subschema can stand.",
            "OpenAI rejects it; Anthropic rejects `allOf` with `$ref`; Gemini rejects it on "
            "the responseSchema path.",
            '{"allOf": [{"$ref": "#/$defs/Base"}, {"properties": {"x": {"type": "string"}}}]}',
            "one object schema with the merged properties",
            "`tierone rewrite` merges a single branch or object branches that do not conflict.",
        ),
        load_bearing=True, fixable=True,
    ),
    Feature(
        "T203", "not", "keyword", ("not",),
        "`not` is not accepted by {subset}",
        _doc(
            "Finds `not` anywhere a subschema can stand.",
            "No strict mode can generate against a negation; all three vendors reject it.",
            '{"type": "string", "not": {"enum": ["admin"]}}',
            "state the allowed values positively (an `enum`) and check the rest after decoding",
        ),
        load_bearing=True,
    ),
    Feature(
        "T204", "conditional", "keyword", ("if", "then", "else"),
        "`{keyword}` (conditional schema) is not accepted by {subset}",
        _doc(
            "Finds `if`, `then` and `else`.",
            "Conditional schemas are not supported by any strict mode.",
            '{"if": {"properties": {"kind": {"const": "a"}}}, "then": {"required": ["a"]}}',
            "an `anyOf` of one closed object per case, each with a single-value `enum` tag",
        ),
        load_bearing=True,
    ),
    Feature(
        "T205", "dependencies", "keyword", ("dependencies", "dependentSchemas", "dependentRequired"),
        "`{keyword}` is not accepted by {subset}",
        _doc(
            "Finds `dependencies`, `dependentSchemas` and `dependentRequired`.",
            "No strict mode supports dependencies between properties.",
            '{"type": "object", "dependentRequired": {"card": ["billing"]}}',
            "an `anyOf` of closed objects, or a check after decoding",
        ),
        load_bearing=True,
    ),
    Feature(
        "T206", "prefix-items", "keyword", ("prefixItems", "items", "additionalItems"),
        "tuple validation (`{keyword}`) is not accepted by {subset}",
        _doc(
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
        _doc(
            "Finds `propertyNames`.",
            "Unsupported by OpenAI and Anthropic; Gemini silently drops it.",
            '{"type": "object", "propertyNames": {"pattern": "^[a-z]+$"}}',
            "declare the property names in `properties`",
        ),
        load_bearing=True,
    ),
    Feature(
        "T208", "pattern-properties", "keyword", ("patternProperties",),
        "`patternProperties` is not accepted by {subset}",
        _doc(
            "Finds `patternProperties`.",
            "An object with pattern-named members cannot be closed; no strict mode supports it.",
            '{"type": "object", "patternProperties": {"^x-": {"type": "string"}}}',
            "declared `properties`, or a JSON-encoded string for free-form data",
        ),
    ),
    Feature(
        "T209", "unevaluated", "keyword", ("unevaluatedProperties", "unevaluatedItems"),
        "`{keyword}` is not accepted by {subset}",
        _doc(
            "Finds `unevaluatedProperties` and `unevaluatedItems`.",
            "No strict mode implements the unevaluated vocabulary.",
            '{"type": "object", "unevaluatedProperties": false}',
            '{"type": "object", "additionalProperties": false}',
        ),
    ),
    Feature(
        "T210", "contains", "keyword", ("contains", "minContains", "maxContains"),
        "`{keyword}` is not accepted by {subset}",
        _doc(
            "Finds `contains`, `minContains` and `maxContains`.",
            "No strict mode can generate arrays under a `contains` constraint.",
            '{"type": "array", "contains": {"const": "admin"}}',
            "check the array after decoding",
        ),
    ),
    Feature(
        "T211", "dynamic-ref", "keyword",
        ("$dynamicRef", "$recursiveRef", "$dynamicAnchor", "$recursiveAnchor"),
        "`{keyword}` is not accepted by {subset}",
        _doc(
            "Finds dynamic references (`$dynamicRef`, `$recursiveRef`) and their anchors.",
            "No strict mode resolves dynamic scopes.",
            '{"$dynamicRef": "#node"}',
            '{"$ref": "#/$defs/Node"}',
        ),
    ),
    Feature(
        "T212", "default-value", "keyword", ("default",),
        "`default` is not accepted by {subset}",
        _doc(
            "Finds `default`.",
            "OpenAI strict mode rejects it (`'default' is not permitted`); a strict answer always "
            "carries every field anyway.",
            '{"type": "integer", "default": 30}',
            '{"type": "integer", "description": "Use 30 when unsure."}',
            "`tierone rewrite` moves it into the description.",
        ),
        fixable=True,
    ),
    Feature(
        "T213", "const-value", "keyword", ("const",),
        "`const` is not accepted by {subset}; a single-value `enum` is",
        _doc(
            "Finds `const`.",
            "Gemini's responseSchema rejects it (`Unknown name \"const\"`); every vendor accepts "
            "a single-value `enum`.",
            '{"type": "string", "const": "cat"}',
            '{"type": "string", "enum": ["cat"]}',
            "`tierone rewrite` turns `const` into a one-value `enum`.",
        ),
        fixable=True,
    ),
    Feature(
        "T214", "complex-enum-value", "keyword-in-context", ("enum", "const"),
        "`{keyword}` holds an object or array value",
        _doc(
            "Finds `enum` members and `const` values that are objects or arrays.",
            "Anthropic accepts only strings, numbers, booleans and null; Gemini only strings "
            "on its legacy path.",
            '{"enum": [{"a": 1}, {"a": 2}]}',
            '{"anyOf": [{"type": "object", "properties": {"a": {"type": "integer", "enum": [1]}}, '
            '"required": ["a"], "additionalProperties": false}]}',
        ),
    ),
    # ---- bounds ------------------------------------------------------------------------
    Feature(
        "T301", "string-length", "keyword", ("minLength", "maxLength"),
        "`{keyword}` is not accepted by {subset}",
        _doc(
            "Finds `minLength` and `maxLength`.",
            "Anthropic rejects them and the subset excludes them; a strict answer can still be "
            "checked against them after decoding.",
            '{"type": "string", "maxLength": 80}',
            '{"type": "string", "description": "At most 80 characters."}',
            "`tierone rewrite` states the bound in the description and restore checks it.",
        ),
        fixable=True,
    ),
    Feature(
        "T302", "string-pattern", "keyword", ("pattern",),
        "`pattern` is not accepted by {subset}",
        _doc(
            "Finds `pattern`.",
            "Anthropic supports only a regex subset, Gemini only on its legacy path, and the "
            "subset excludes it.",
            '{"type": "string", "pattern": "^[0-9]{5}$"}',
            '{"type": "string", "description": "Five digits."}',
            "`tierone rewrite` states the pattern in the description and restore checks it.",
        ),
        fixable=True,
    ),
    Feature(
        "T303", "string-format", "keyword-in-context", ("format",),
        "`format: {value}` is not accepted by {subset}",
        _doc(
            "Finds `format`; vendor profiles flag only formats outside the vendor's list.",
            "Each vendor accepts a different short list of formats and the subset excludes "
            "`format` altogether.",
            '{"type": "string", "format": "uri"}',
            '{"type": "string", "description": "A URI."}',
            "`tierone rewrite` states the format in the description and restore checks it.",
        ),
        fixable=True,
    ),
    Feature(
        "T304", "number-range", "keyword", ("minimum", "maximum"),
        "`{keyword}` is not accepted by {subset}",
        _doc(
            "Finds `minimum` and `maximum`.",
            "Anthropic rejects numeric bounds and the subset excludes them.",
            '{"type": "integer", "minimum": 0}',
            '{"type": "integer", "description": "Zero or more."}',
            "`tierone rewrite` states the bound in the description and restore checks it.",
        ),
        fixable=True,
    ),
    Feature(
        "T305", "number-exclusive-range", "keyword", ("exclusiveMinimum", "exclusiveMaximum"),
        "`{keyword}` is not accepted by {subset}",
        _doc(
            "Finds `exclusiveMinimum` and `exclusiveMaximum`.",
            "Anthropic rejects them and Gemini answers `Unknown name`.",
            '{"type": "number", "exclusiveMinimum": 0}',
            '{"type": "number", "description": "Greater than 0."}',
            "`tierone rewrite` states the bound in the description and restore checks it.",
        ),
        fixable=True,
    ),
    Feature(
        "T306", "number-multiple-of", "keyword", ("multipleOf",),
        "`multipleOf` is not accepted by {subset}",
        _doc(
            "Finds `multipleOf`.",
            "Anthropic and Gemini reject it and the subset excludes it.",
            '{"type": "number", "multipleOf": 0.5}',
            '{"type": "number", "description": "A multiple of 0.5."}',
            "`tierone rewrite` states the constraint in the description and restore checks it.",
        ),
        fixable=True,
    ),
    Feature(
        "T307", "array-min-items", "keyword-in-context", ("minItems",),
        "`minItems: {value}` is not accepted by {subset}",
        _doc(
            "Finds `minItems`; the anthropic profile accepts 0 and 1.",
            "Anthropic accepts only 0 or 1 and the subset excludes array bounds.",
            '{"type": "array", "items": {"type": "string"}, "minItems": 2}',
            '{"type": "array", "items": {"type": "string"}, "description": "At least 2 items."}',
            "`tierone rewrite` states the bound in the description and restore checks it.",
        ),
        fixable=True,
    ),
    Feature(
        "T308", "array-max-items", "keyword", ("maxItems",),
        "`maxItems` is not accepted by {subset}",
        _doc(
            "Finds `maxItems`.",
            "Anthropic rejects it and the subset excludes array bounds.",
            '{"type": "array", "items": {"type": "string"}, "maxItems": 5}',
            '{"type": "array", "items": {"type": "string"}, "description": "At most 5 items."}',
            "`tierone rewrite` states the bound in the description and restore checks it.",
        ),
        fixable=True,
    ),
    Feature(
        "T309", "array-unique-items", "keyword", ("uniqueItems",),
        "`uniqueItems` is not accepted by {subset}",
        _doc(
            "Finds `uniqueItems`.",
            "No strict mode enforces uniqueness.",
            '{"type": "array", "items": {"type": "string"}, "uniqueItems": true}',
            '{"type": "array", "items": {"type": "string"}, "description": "No duplicates."}',
            "`tierone rewrite` states the constraint in the description and restore checks it.",
        ),
        fixable=True,
    ),
    Feature(
        "T310", "object-property-bounds", "keyword", ("minProperties", "maxProperties"),
        "`{keyword}` is not accepted by {subset}",
        _doc(
            "Finds `minProperties` and `maxProperties`.",
            "A closed object with every property required has a fixed size; vendors reject the "
            "keywords.",
            '{"type": "object", "minProperties": 1}',
            "declare the properties and list them in `required`",
            "`tierone rewrite` states the bound in the description and restore checks it.",
        ),
        fixable=True,
    ),
    # ---- limits ------------------------------------------------------------------------
    Feature(
        "T401", "nesting-depth", "limit", (),
        "nesting depth {count} exceeds the limit of {limit}",
        _doc(
            "Counts hops from the root: every step into a property, `items`, an `anyOf` branch, "
            "a `$defs`/`definitions` entry or any other subschema adds one (the root is 0). "
            "Reports the first node deeper than the limit on each branch.",
            "OpenAI enforces a nesting limit (`N levels of nesting exceeds limit of 5`), the "
            "subset allows 5 levels, and Gemini rejects very deep schemas.",
            "a string leaf six properties below the root",
            "flatten the structure or move deep parts into a JSON-encoded string",
        ),
        load_bearing=True,
    ),
    Feature(
        "T402", "ref-nesting-depth", "limit", ("$ref",),
        "following this `$ref` nests the instance {count} levels deep, over the limit of {limit}",
        _doc(
            "Follows local `$ref`s as if they were inlined and reports a `$ref` whose target "
            "makes the real nesting deeper than the limit, even when the hop count is not.",
            "Vendors count the nesting of the schema they expand, not of the text you wrote.",
            '{"$defs": {"D": {"type": "object", ...five levels...}}, "properties": '
            '{"a": {"properties": {"b": {"$ref": "#/$defs/D"}}}}}',
            "flatten the referenced definition",
        ),
    ),
    Feature(
        "T403", "property-count", "limit", (),
        "the schema declares {count} properties, over the limit of {limit}",
        _doc(
            "Counts every property of every `properties` map in the schema, including `$defs` "
            "and `anyOf` branches, and reports the total at the root.",
            "OpenAI caps the total number of properties; the subset allows 100.",
            "an object with 101 properties",
            "split the schema, or move rarely used fields into a JSON-encoded string",
        ),
        load_bearing=True,
    ),
    Feature(
        "T404", "enum-value-count", "limit", ("enum",),
        "the schema has {count} enum values, over the limit of {limit}",
        _doc(
            "Counts the values of every `enum` in the schema.",
            "OpenAI accepts at most 1000 enum values across a schema.",
            "an enum of 1500 country-and-region codes",
            "a plain string described in words, checked after decoding",
        ),
    ),
    Feature(
        "T405", "string-budget", "limit", (),
        "property names, definition names, enum and const values total {count} characters, "
        "over the limit of {limit}",
        _doc(
            "Adds up the length of every property name, definition name, string enum value and "
            "string const value.",
            "OpenAI rejects schemas whose total exceeds 120,000 characters.",
            "a schema with thousands of long enum values",
            "shorter names, fewer enum values",
        ),
    ),
    Feature(
        "T406", "large-enum-length", "limit", ("enum",),
        "an enum of {values} values totals {count} characters, over the limit of {limit}",
        _doc(
            "For each `enum` with more than 250 values, adds up the length of its string values.",
            "OpenAI limits a single enum of over 250 values to 15,000 characters.",
            "an enum of 300 long strings",
            "a plain string described in words, checked after decoding",
        ),
    ),
    Feature(
        "T407", "optional-parameter-count", "limit", (),
        "the schema has {count} optional properties, over the limit of {limit}",
        _doc(
            "Counts properties that are not listed in `required`, without following `$ref`.",
            "Anthropic strict tool use accepts at most 24 optional parameters per request.",
            "a tool with 30 optional fields",
            "group optional fields into nested objects or make them required and nullable",
        ),
    ),
    Feature(
        "T408", "union-parameter-count", "limit", (),
        "the schema has {count} union-typed properties, over the limit of {limit}",
        _doc(
            "Counts properties whose schema is an `anyOf` or a `type` list, without following "
            "`$ref`.",
            "Anthropic accepts at most 16 union-typed parameters per request; note that the "
            "null-as-absent emulation makes every optional field a union.",
            "20 fields typed `[\"string\", \"null\"]`",
            "fewer nullable fields, or nested objects",
        ),
    ),
    # ---- references --------------------------------------------------------------------
    Feature(
        "T501", "recursive-ref", "structure", ("$ref",),
        "`$ref` {value} is recursive",
        _doc(
            "Finds `$ref`s that lead, directly or through other references, back into "
            "themselves.",
            "Anthropic rejects recursive schemas (`Circular reference detected`); Gemini SDKs "
            "truncate them silently.",
            '{"$defs": {"Node": {"type": "object", "properties": {"kids": {"type": "array", '
            '"items": {"$ref": "#/$defs/Node"}}}}}}',
            "a bounded, explicit nesting, or a JSON-encoded string below a fixed depth",
        ),
    ),
    Feature(
        "T502", "remote-ref", "structure", ("$ref",),
        "`$ref` {value} points outside this document; it is never fetched",
        _doc(
            "Finds references to other documents (URLs, relative file names).",
            "Vendors accept only references inside the schema. tierone never fetches them.",
            '{"$ref": "https://example.com/address.schema.json"}',
            "bundle the definition under `$defs` and use `#/$defs/...`",
        ),
    ),
    Feature(
        "T503", "unresolvable-ref", "structure", ("$ref",),
        "`$ref` {value} cannot be resolved: {detail}",
        _doc(
            "Finds local references that point at nothing.",
            "Every vendor rejects a dangling reference.",
            '{"$ref": "#/$defs/Missing"}',
            "point at an existing definition",
        ),
    ),
    # ---- enforceability ----------------------------------------------------------------
    Feature(
        "T601", "untyped-schema", "structure", ("type",),
        "schema has no `type`{detail}",
        _doc(
            "Finds constraining subschemas without `type`, `$ref`, `anyOf`, `enum` or `const`.",
            "OpenAI needs a type on every schema and Anthropic's transform raises on untyped "
            "nodes; Gemini guesses.",
            '{"properties": {"a": {"type": "string"}}}',
            '{"type": "object", "properties": {"a": {"type": "string"}}}',
        ),
    ),
    Feature(
        "T602", "boolean-schema", "structure", (),
        "boolean schema `{value}` cannot be enforced",
        _doc(
            "Finds `true` and `false` used as subschemas.",
            "`true` accepts anything and `false` nothing; no strict mode can generate from "
            "either.",
            '{"type": "object", "properties": {"extra": true}}',
            '{"type": "object", "properties": {"extra": {"type": "string"}}}',
        ),
    ),
    Feature(
        "T603", "empty-schema", "structure", (),
        "schema accepts any value (no constraining keyword)",
        _doc(
            "Finds `{}` and schemas with only annotations (title, description, ...).",
            "No vendor can enforce \"anything\": OpenAI and Anthropic reject it, Gemini guesses.",
            '{"type": "object", "properties": {"payload": {"description": "anything"}}}',
            '{"type": "object", "properties": {"payload": {"type": "string", "description": '
            '"A JSON-encoded value."}}}',
        ),
    ),
    Feature(
        "T604", "enum-type-mismatch", "keyword-in-context", ("enum", "const"),
        "`{keyword}` value {value} contradicts `type`",
        _doc(
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
        _doc(
            "Finds array schemas (`type: array`) without `items` or `prefixItems`.",
            "Strict modes generate each item from the `items` schema; without one, OpenAI "
            "rejects the array and the others cannot enforce anything about the items.",
            '{"type": "array"}',
            '{"type": "array", "items": {"type": "string"}}',
            "`tierone rewrite` makes the items JSON-encoded strings, which `tierone restore` "
            "decodes.",
        ),
        fixable=True,
    ),
    Feature(
        "T605", "unknown-keyword", "keyword", (),
        "unknown keyword `{keyword}`",
        _doc(
            "Finds keywords no rule knows, except annotations (`title`, `description`, "
            "`$comment`, `examples`, `$schema`, `$id`, `$defs`, `definitions`, "
            "`propertyOrdering`) and `x-` extensions.",
            "Vendors reject unknown keywords (Gemini: `Unknown name`) or ignore them, so what "
            "they express is not enforced.",
            '{"type": "string", "nullable": true}',
            '{"type": ["string", "null"]}',
        ),
    ),
    Feature(
        "T606", "malformed-keyword", "keyword-in-context", (),
        "`{keyword}` is malformed: {detail}",
        _doc(
            "Finds keywords whose value has the wrong shape (a `required` that is not a list of "
            "strings, an unknown `type` name, a non-schema where a schema must stand, ...).",
            "A malformed schema is rejected by every vendor and by JSON Schema validators.",
            '{"type": "text"}',
            '{"type": "string"}',
        ),
    ),
    # ---- reasoning convention (envelope schemas only) -----------------------------------
    Feature(
        "T701", "reasoning-missing", "structure", (),
        "envelope kind {kind!r} does not declare the optional `reasoning` property",
        _doc(
            "For envelope payload schemas (the kind comes from the file name), finds kinds that "
            "should declare a top-level `reasoning` string and do not.",
            "RFC 0030 §A: envelope payloads SHALL support an optional `reasoning` field so strict "
            "JSON output does not collapse the model's reasoning.",
            '{"type": "object", "properties": {"code": {"type": "string"}}}',
            '{"type": "object", "properties": {"reasoning": {"type": "string"}, "code": {"type": "string"}}}',
        ),
    ),
    Feature(
        "T702", "reasoning-type", "keyword-in-context", (),
        "`reasoning` must be {expected}",
        _doc(
            "Checks the type of `reasoning`: `string` when optional, `[\"string\", \"null\"]` "
            "when listed in `required` (the strict-mode emulation).",
            "The conformance suite checks the plain optional string; a required non-null "
            "`reasoning` would force content although hosts must accept its absence.",
            '{"properties": {"reasoning": {"type": "object"}}}',
            '{"properties": {"reasoning": {"type": "string"}}}',
        ),
    ),
    Feature(
        "T703", "reasoning-not-first", "keyword-in-context", (),
        "`reasoning` is not the first property{detail}",
        _doc(
            "Checks that `reasoning` comes first in `properties` (and in `propertyOrdering`).",
            "Models emit fields in schema order; reasoning helps only when written before the "
            "answer it reasons about.",
            '{"properties": {"answer": {}, "reasoning": {"type": "string"}}}',
            '{"properties": {"reasoning": {"type": "string"}, "answer": {}}}',
        ),
    ),
    Feature(
        "T704", "reasoning-constrained", "keyword-in-context", (),
        "`reasoning` is constrained by `{keyword}`; it must stay free text that nothing routes on",
        _doc(
            "Finds `enum`, `const`, `pattern`, `format` and length bounds on `reasoning`.",
            "Hosts SHALL NOT route on `reasoning`; an enum or pattern turns it into a control "
            "field and constrains the model's thinking.",
            '{"properties": {"reasoning": {"type": "string", "enum": ["yes", "no"]}}}',
            '{"properties": {"reasoning": {"type": "string"}}}',
        ),
    ),
    Feature(
        "T705", "reasoning-on-acknowledgement", "keyword-in-context", (),
        "`schema.response` is a side-channel acknowledgement and must not declare `reasoning`",
        _doc(
            "Finds a `reasoning` property in a `schema.response` payload schema.",
            "RFC 0030 omits `reasoning` from the acknowledgement kind and the conformance suite "
            "checks that it is absent.",
            '{"properties": {"reasoning": {"type": "string"}, "ack": {"const": true}}}',
            '{"properties": {"ack": {"const": true}}}',
        ),
    ),
)


def _with_cells(rows: tuple[Feature, ...]) -> tuple[Feature, ...]:
    cells = load()
    return tuple(row._replace(support=cells.get(row.code, {})) for row in rows)


#: every row, with its cells from the data file
FEATURES = _with_cells(_ROWS)

#: keywords that are annotations: always allowed, never reported as unknown
ANNOTATIONS = frozenset(
    {"title", "description", "$comment", "examples", "$schema", "$id", "$defs", "definitions",
     "propertyOrdering"}
)
#: keywords that the subset supports (allowed wherever they make sense)
SUPPORTED_KEYWORDS = frozenset(
    {"type", "properties", "required", "additionalProperties", "items", "enum", "anyOf", "$ref"}
)

BY_CODE = {feature.code: feature for feature in FEATURES}
BY_NAME = {feature.name: feature for feature in FEATURES}
