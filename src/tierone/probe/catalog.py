"""What ``tierone probe`` sends: a control schema and, per table row, the same schema with
the row's feature (one probe per condition for partial cells).

Every schema is a closed object with one required property ``value``, so the only
difference between a probe and the control is the feature itself. Each probe says how its
answer bears on the row's cells (``kind``):

- ``feature``: accepted means the vendor supports the feature, rejected that it does not;
- ``value``: one value of a cell with allowed values (a format, a ``minItems``);
- ``condition``: one side of a partial cell's condition (a simple and a lookahead pattern);
- ``info``: reported only, never written into a cell (annotations such as ``title``, and
  the two null unions: the table has no row for them).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple


class Probe(NamedTuple):
    """One schema to send, and what its answer says about a row."""

    #: the rule code of the row ("control" for the control schema)
    row: str
    #: a stable id, unique across the catalog
    id: str
    schema: Mapping[str, Any]
    #: feature, value, condition or info (see the module docstring)
    kind: str = "feature"
    #: for value probes: the value tried
    value: Any = None


def closed(properties: Mapping[str, Any], **extra: Any) -> dict[str, Any]:
    """A closed object requiring all of ``properties``, plus ``extra`` keywords."""
    return {
        "type": "object",
        "properties": dict(properties),
        "required": list(properties),
        "additionalProperties": False,
        **extra,
    }


def value(schema: Any, **root: Any) -> dict[str, Any]:
    """The control object with ``schema`` as its ``value`` property."""
    return closed({"value": schema}, **root)


CONTROL = Probe("control", "control", value({"type": "string"}))

STRING = {"type": "string"}
ARRAY = {"type": "array", "items": STRING}
DEFS = {"$defs": {"S": STRING}}
NODE = {"$defs": {"Node": closed({"kids": {"type": "array", "items": {"$ref": "#/$defs/Node"}}})}}
#: every format some vendor lists, and one none does
FORMATS = ("date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid", "uri", "regex")
#: (id suffix, pattern): the simple pattern passes Anthropic's subset, the others each use one
#: excluded construct; the two bounds sit on either side of conditions.LARGEST_REPEAT
PATTERNS = (
    ("simple", "^[a-z]+$"),
    ("lookahead", "^(?=a)[a-z]+$"),
    ("lookbehind", "^[a-z]+(?<=z)$"),
    ("backreference", "^(a)\\1$"),
    ("word-boundary", "\\bword"),
    ("small-repeat", "^a{1,100}$"),
    ("large-repeat", "^a{1,1000}$"),
)


def _catalog() -> tuple[Probe, ...]:
    open_control = {k: v for k, v in CONTROL.schema.items() if k != "additionalProperties"}
    return (
        Probe("T101", "root-array", {"type": "array", "items": STRING}),
        Probe("T101", "root-any-of", {"anyOf": [CONTROL.schema, value({"type": "integer"})]}),
        Probe("T102", "open-object", open_control),
        Probe(
            "T103",
            "additional-properties-schema",
            value({"type": "object", "additionalProperties": {"type": "integer"}}),
        ),
        Probe("T104", "optional-property", {**closed({"value": STRING, "extra": STRING}), "required": ["value"]}),
        Probe("T104", "type-list-null", value({"type": ["string", "null"]}), "info"),
        Probe("T104", "any-of-null", value({"anyOf": [STRING, {"type": "null"}]}), "info"),
        Probe("T105", "undeclared-required", {**CONTROL.schema, "required": ["value", "ghost"]}),
        Probe("T106", "ref-with-description", value({"$ref": "#/$defs/S", "description": "a string"}, **DEFS)),
        Probe("T201", "one-of", value({"oneOf": [STRING, {"type": "integer"}]})),
        Probe("T202", "all-of", value({"allOf": [STRING]}), "condition"),
        Probe("T202", "all-of-ref", value({"allOf": [{"$ref": "#/$defs/S"}]}, **DEFS), "condition"),
        Probe("T203", "not", value({"type": "string", "not": {"enum": ["x"]}})),
        Probe("T204", "if-then", value({"type": "string", "if": {"enum": ["a"]}, "then": {"enum": ["a"]}})),
        Probe("T205", "dependent-required", value(STRING, dependentRequired={"value": ["value"]})),
        Probe("T206", "prefix-items", value({"type": "array", "prefixItems": [STRING]})),
        Probe("T207", "property-names", value(STRING, propertyNames={"pattern": "^v"})),
        Probe("T208", "pattern-properties", value(STRING, patternProperties={"^x-": STRING})),
        Probe("T209", "unevaluated-properties", value(STRING, unevaluatedProperties=False)),
        Probe("T210", "contains", value({**ARRAY, "contains": {"enum": ["a"]}})),
        Probe("T211", "dynamic-ref", value({"$dynamicRef": "#/$defs/S"}, **DEFS)),
        Probe("T212", "default", value({"type": "string", "default": "a"})),
        Probe("T213", "const", value({"type": "string", "const": "a"})),
        Probe("T214", "enum-object", value({**closed({"a": {"type": "integer"}}), "enum": [{"a": 1}]})),
        Probe("T301", "min-length", value({"type": "string", "minLength": 1})),
        Probe("T301", "max-length", value({"type": "string", "maxLength": 5})),
        *(
            Probe("T302", f"pattern-{name}", value({"type": "string", "pattern": pattern}), "condition")
            for name, pattern in PATTERNS
        ),
        *(
            Probe("T303", f"format-{name}", value({"type": "string", "format": name}), "value", name)
            for name in FORMATS
        ),
        Probe("T304", "minimum", value({"type": "integer", "minimum": 0})),
        Probe("T304", "maximum", value({"type": "integer", "maximum": 9})),
        Probe("T305", "exclusive-minimum", value({"type": "number", "exclusiveMinimum": 0})),
        Probe("T306", "multiple-of", value({"type": "number", "multipleOf": 0.5})),
        *(Probe("T307", f"min-items-{n}", value({**ARRAY, "minItems": n}), "value", n) for n in (0, 1, 2)),
        Probe("T308", "max-items", value({**ARRAY, "maxItems": 5})),
        Probe("T309", "unique-items", value({**ARRAY, "uniqueItems": True})),
        Probe("T310", "min-properties", value(STRING, minProperties=1)),
        Probe("T501", "recursive-ref", value({"$ref": "#/$defs/Node"}, **NODE)),
        Probe("T502", "remote-ref", value({"$ref": "https://example.com/string.schema.json"})),
        Probe("T503", "unresolvable-ref", value({"$ref": "#/$defs/Missing"})),
        Probe(
            "T601",
            "untyped-schema",
            value({"properties": {"a": STRING}, "required": ["a"], "additionalProperties": False}),
        ),
        Probe("T602", "boolean-schema", value(True)),
        Probe("T603", "empty-schema", value({})),
        Probe("T604", "enum-type-mismatch", value({"type": "string", "enum": ["a", 1]})),
        Probe("T605", "title", value(STRING, title="Probe"), "info"),
        Probe("T605", "comment", value(STRING, **{"$comment": "a comment"}), "info"),
        Probe("T605", "property-ordering", value(STRING, propertyOrdering=["value"]), "info"),
        Probe("T605", "nullable", value({"type": "string", "nullable": True}), "info"),
        Probe("T606", "unknown-type", value({"type": "text"})),
        Probe("T607", "untyped-array-items", value({"type": "array"})),
    )


#: every probe, in table order
PROBES = _catalog()
BY_ID = {probe.id: probe for probe in (CONTROL, *PROBES)}
#: the rows some probe is about
ROWS = tuple(dict.fromkeys(probe.row for probe in PROBES))


def for_rows(rows: list[str] | None) -> tuple[Probe, ...]:
    """The probes of ``rows`` (every row when None), in table order."""
    return PROBES if rows is None else tuple(p for p in PROBES if p.row in rows)
