"""Rows of the reasoning-convention rules (T7xx), for envelope payload schemas only."""

from __future__ import annotations

from ..model import Feature, doc

ROWS: tuple[Feature, ...] = (
    Feature(
        "T701",
        "reasoning-missing",
        "structure",
        (),
        "envelope kind {kind!r} does not declare the optional `reasoning` property",
        doc(
            "For envelope payload schemas (the kind comes from the file name), finds kinds that "
            "should declare a top-level `reasoning` string and do not.",
            "RFC 0030 §A: envelope payloads SHALL support an optional `reasoning` field so strict "
            "JSON output does not collapse the model's reasoning.",
            '{"type": "object", "properties": {"code": {"type": "string"}}}',
            '{"type": "object", "properties": {"reasoning": {"type": "string"}, "code": {"type": "string"}}}',
        ),
    ),
    Feature(
        "T702",
        "reasoning-type",
        "keyword-in-context",
        (),
        "`reasoning` must be {expected}",
        doc(
            'Checks the type of `reasoning`: `string` when optional, `["string", "null"]` '
            "when listed in `required` (the strict-mode emulation).",
            "The conformance suite checks the plain optional string; a required non-null "
            "`reasoning` would force content although hosts must accept its absence.",
            '{"properties": {"reasoning": {"type": "object"}}}',
            '{"properties": {"reasoning": {"type": "string"}}}',
        ),
    ),
    Feature(
        "T703",
        "reasoning-not-first",
        "keyword-in-context",
        (),
        "`reasoning` is not the first property{detail}",
        doc(
            "Checks that `reasoning` comes first in `properties` (and in `propertyOrdering`).",
            "Models emit fields in schema order; reasoning helps only when written before the answer it reasons about.",
            '{"properties": {"answer": {}, "reasoning": {"type": "string"}}}',
            '{"properties": {"reasoning": {"type": "string"}, "answer": {}}}',
            "`tierone rewrite` moves `reasoning` to the front.",
        ),
        fix="reasoning_first",
    ),
    Feature(
        "T704",
        "reasoning-constrained",
        "keyword-in-context",
        (),
        "`reasoning` is constrained by `{keyword}`; it must stay free text that nothing routes on",
        doc(
            "Finds `enum`, `const`, `pattern`, `format` and length bounds on `reasoning`.",
            "Hosts SHALL NOT route on `reasoning`; an enum or pattern turns it into a control "
            "field and constrains the model's thinking.",
            '{"properties": {"reasoning": {"type": "string", "enum": ["yes", "no"]}}}',
            '{"properties": {"reasoning": {"type": "string"}}}',
        ),
    ),
    Feature(
        "T705",
        "reasoning-on-acknowledgement",
        "keyword-in-context",
        (),
        "`schema.response` is a side-channel acknowledgement and must not declare `reasoning`",
        doc(
            "Finds a `reasoning` property in a `schema.response` payload schema.",
            "RFC 0030 omits `reasoning` from the acknowledgement kind and the conformance suite "
            "checks that it is absent.",
            '{"properties": {"reasoning": {"type": "string"}, "ack": {"const": true}}}',
            '{"properties": {"ack": {"const": true}}}',
        ),
    ),
)
