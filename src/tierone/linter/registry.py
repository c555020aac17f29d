"""Which check function finds which rule: the one table joining rules to code.

Rule metadata (name, message, docs, vendor support) lives in the subset table; this module
only says how each rule is detected: per node, per keyword, or over the whole schema.
"""

from __future__ import annotations

from . import checks as c

#: rules judged once per node
NODE: dict[str, c.NodeCheck] = {
    "T101": c.root_not_object,
    "T102": c.open_object,
    "T104": c.optional_property,
    "T401": c.nesting_depth,
    "T601": c.untyped_schema,
    "T602": c.boolean_schema,
    "T603": c.empty_schema,
    "T606": c.not_a_schema,
    "T607": c.untyped_array_items,
}

#: rules judged on a keyword; the keywords come from the table row unless given here
KEYWORD: dict[str, c.KeywordCheck] = {
    **{code: c.keyword_present for code in (
        "T201", "T202", "T203", "T204", "T205", "T207", "T208", "T209", "T210", "T211",
        "T212", "T213", "T301", "T302", "T303", "T304", "T305", "T306", "T307", "T308",
        "T309", "T310",
    )},
    "T103": c.additional_properties_schema,
    "T105": c.undeclared_required,
    "T106": c.ref_with_siblings,
    "T206": c.tuple_items,
    "T214": c.complex_enum_value,
    "T406": c.large_enum_length,
    "T604": c.enum_type_mismatch,
}

#: keyword checks whose keywords are not the row's own (one rule, several detectors)
KEYWORD_EXTRA: dict[str, tuple[tuple[str, c.KeywordCheck], ...]] = {
    "T606": (
        ("type", c.malformed_type),
        ("required", c.malformed_required),
        *((kw, c.malformed_container) for kw in (
            "properties", "$defs", "definitions", "patternProperties", "dependentSchemas",
            "anyOf", "oneOf", "allOf", "prefixItems", "enum",
        )),
    ),
}

#: rules judged once the whole schema has been walked
FINAL: dict[str, c.FinalCheck] = {
    "T402": c.ref_nesting_depth,
    "T403": c.property_count,
    "T404": c.enum_value_count,
    "T405": c.string_budget,
    "T407": c.optional_parameter_count,
    "T408": c.union_parameter_count,
    "T501": c.recursive_ref,
    "T502": c.remote_ref,
    "T503": c.unresolvable_ref,
    "T701": c.reasoning_missing,
    "T702": c.reasoning_type,
    "T703": c.reasoning_not_first,
    "T704": c.reasoning_constrained,
    "T705": c.reasoning_on_acknowledgement,
}

#: rules with no detector of their own (T605 is the engine's fall-through for unknown keys)
IMPLICIT = frozenset({"T605"})
