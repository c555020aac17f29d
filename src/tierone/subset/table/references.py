"""Rows of the reference rules (T5xx): `$ref`s that cannot be followed."""

from __future__ import annotations

from ..model import Feature, doc

ROWS: tuple[Feature, ...] = (
    Feature(
        "T501",
        "recursive-ref",
        "structure",
        ("$ref",),
        "`$ref` {value} is recursive",
        doc(
            "Finds `$ref`s that lead, directly or through other references, back into themselves.",
            "Anthropic rejects recursive schemas (`Circular reference detected`); Gemini SDKs truncate them silently.",
            '{"$defs": {"Node": {"type": "object", "properties": {"kids": {"type": "array", '
            '"items": {"$ref": "#/$defs/Node"}}}}}}',
            "a bounded, explicit nesting, or a JSON-encoded string below a fixed depth",
            "`tierone rewrite` unrolls the recursion three levels deep (`--unroll N`), the level past "
            "the last a JSON string that `tierone restore` decodes; `--unroll 0` and `--exact` refuse.",
        ),
        fix="unroll_recursion",
    ),
    Feature(
        "T502",
        "remote-ref",
        "structure",
        ("$ref",),
        "`$ref` {value} points outside this document; it is never fetched{hint}",
        doc(
            "Finds references to other documents (URLs, relative file names).",
            "Vendors accept only references inside the schema. tierone never fetches them; a relative "
            "file name is read only from the folders `--refs DIR` names (config `ref-roots`, API `refs=`), "
            "which bundles it under `$defs`.",
            '{"$ref": "https://example.com/address.schema.json"}',
            "bundle the definition under `$defs` and use `#/$defs/...`, or name its folder with `--refs DIR`",
        ),
    ),
    Feature(
        "T503",
        "unresolvable-ref",
        "structure",
        ("$ref",),
        "`$ref` {value} cannot be resolved: {detail}",
        doc(
            "Finds local references that point at nothing, or that lead back round to themselves without "
            'descending into the value (`{"anyOf": [{"$ref": "#"}]}`: judging any value against it never ends).',
            "Every vendor rejects a dangling reference, and no value can be judged against an endless one.",
            '{"$ref": "#/$defs/Missing"}',
            "point at an existing definition",
        ),
    ),
    Feature(
        "T504",
        "definitions",
        "keyword",
        ("$defs", "definitions"),
        "`{keyword}` is not carried by {subset}",
        doc(
            "Finds `$defs` (or draft 7's `definitions`), at the root or deeper, where a consumer of "
            "the profile drops it (google-genai's `response_schema` sends no definitions, so every "
            "`$ref` into them dangles, and refuses the member in a nested schema).",
            "A reference whose definition never reaches the model cannot be followed.",
            '{"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}}, "$defs": {"A": {"type": "string"}}}',
            '{"type": "object", "properties": {"a": {"type": "string"}}}',
            "`tierone rewrite` writes each definition where it is referenced (a recursive one cannot be: rule T501).",
        ),
        fix="inline_definitions",
    ),
)
