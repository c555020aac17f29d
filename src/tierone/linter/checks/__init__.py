"""One small function per rule. Each sees a node (or, at the end, the whole walk) and returns
its hits (an empty tuple when there are none: no generators on the hot path).

Checks never build paths beyond naming a child of the node they were given, never format
messages and never decide severity: the engine does that from the subset table. Each
declares the rule it finds where it is defined (``@node_check("T102")``,
``@keyword_check("T103")``, ``@final_check("T402")``); ``registry`` collects them.

The checks live by family, as the table's rows do: ``shape`` (T1), ``keywords`` (T2),
``bounds`` (T3), ``limits`` (T4), ``references`` (T5), ``enforceability`` (T6; T608 in
``satisfiable``) and ``reasoning`` (T7); ``base`` holds what they share and ``rendering`` how
a value reads in a message. Importing this package declares every check.
"""

from __future__ import annotations

from . import bounds as bounds
from .base import (
    DETECTORS,
    NONE,
    Detector,
    Envelope,
    FinalCheck,
    Hit,
    Hits,
    KeywordCheck,
    NodeCheck,
    Tally,
    final_check,
    keyword_check,
    node_check,
    tally_node,
)
from .enforceability import (
    BOOLEAN_IS_A_VALUE,
    CONTAINERS,
    OBJECT_VALUED,
    REPORTED_BY_CONTAINER,
    TYPE_SOURCES,
    boolean_schema,
    empty_schema,
    enum_type_mismatch,
    integer_out_of_range,
    malformed_container,
    malformed_required,
    malformed_type,
    not_a_schema,
    untyped_array_items,
    untyped_schema,
)
from .keywords import complex_enum_value, keyword_present, non_string_enum, tuple_items
from .limits import (
    BOOLEAN_LEVELS,
    enum_value_count,
    is_level,
    large_enum_length,
    nesting_depth,
    optional_parameter_count,
    property_count,
    ref_nesting_depth,
    string_budget,
    union_parameter_count,
)
from .reasoning import (
    REASONING,
    REASONING_CONSTRAINTS,
    reasoning_constrained,
    reasoning_missing,
    reasoning_not_first,
    reasoning_on_acknowledgement,
    reasoning_type,
)
from .references import recursive_ref, references, remote_ref, unresolvable_ref
from .rendering import show
from .satisfiable import unsatisfiable_schema
from .shape import (
    REF_SIBLINGS_ALLOWED,
    additional_properties_schema,
    open_object,
    optional_property,
    ref_with_siblings,
    root_not_object,
    undeclared_required,
)

__all__ = [
    "BOOLEAN_IS_A_VALUE",
    "BOOLEAN_LEVELS",
    "CONTAINERS",
    "DETECTORS",
    "NONE",
    "OBJECT_VALUED",
    "REASONING",
    "REASONING_CONSTRAINTS",
    "REF_SIBLINGS_ALLOWED",
    "REPORTED_BY_CONTAINER",
    "TYPE_SOURCES",
    "Detector",
    "Envelope",
    "FinalCheck",
    "Hit",
    "Hits",
    "KeywordCheck",
    "NodeCheck",
    "Tally",
    "additional_properties_schema",
    "boolean_schema",
    "complex_enum_value",
    "empty_schema",
    "enum_type_mismatch",
    "enum_value_count",
    "final_check",
    "integer_out_of_range",
    "is_level",
    "keyword_check",
    "keyword_present",
    "large_enum_length",
    "malformed_container",
    "malformed_required",
    "malformed_type",
    "nesting_depth",
    "node_check",
    "non_string_enum",
    "not_a_schema",
    "open_object",
    "optional_parameter_count",
    "optional_property",
    "property_count",
    "reasoning_constrained",
    "reasoning_missing",
    "reasoning_not_first",
    "reasoning_on_acknowledgement",
    "reasoning_type",
    "recursive_ref",
    "ref_nesting_depth",
    "ref_with_siblings",
    "references",
    "remote_ref",
    "root_not_object",
    "show",
    "string_budget",
    "tally_node",
    "tuple_items",
    "undeclared_required",
    "union_parameter_count",
    "unresolvable_ref",
    "unsatisfiable_schema",
    "untyped_array_items",
    "untyped_schema",
]
