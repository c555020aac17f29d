"""The rewriter's passes. Each is a pure function: it takes a schema and the options and
returns a new schema with the changes it made and what it could not do. None mutates its
input; every pass keeps the author's key order and appends the keys it adds.

The passes live by family, a module each (``references``, ``composition``, ``closing``,
``constraints``, ``patterns``, ``nulls``, ``ordering``...); ``base`` holds what they share.
This module is the pass table; what each pass does, for docs/rewrite.md, is written beside it
(``@does(...)``, gathered in ``WHAT_IT_DOES``).
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.dialects import VARYING
from ...core.meta_schemas import names_meta_schema_part
from ...core.static_refs import DYNAMIC_KEYWORDS
from .base import WHAT_IT_DOES, Change, Options, Pass, PassResult, Unfixable
from .branch_members import shared_member
from .budgets import RULES, fit_limits
from .closing import close_objects, encode_free_form, type_untyped
from .composition import merge_all_of, one_of_to_any_of
from .constraints import HINTS, REMOVABLE, strip_constraints
from .cycle_siblings import unshare_recursive_refs
from .declaring import declare_required
from .definitions import drop_unreferenced_definitions, inline_definitions
from .directives import drop_directives
from .dynamic_refs import static_references
from .enum_values import settle_enum_values
from .enums import string_enums_only
from .hoisting import hoist_references
from .idle import drop_idle_keywords
from .impossible import drop_impossible_members
from .item_sharing import ITEMS, items_shared, share_items
from .judging import TRIGGER as JUDGING_TRIGGER
from .judging import state_judging
from .merging import merged_all_of, merged_branches
from .meta_parts import copy_meta_schema_parts
from .names import plain_definition_names
from .nulls import spell_null
from .old_drafts import drop_ignored_ref_siblings, drop_undefined_keywords, numeric_exclusive_bounds
from .open_unions import drop_open_unions
from .ordering import property_ordering, reasoning_first
from .patterns import end_anchors
from .presence import drop_presence_unions
from .recursion import unroll_recursion
from .references import (
    inline_ref_siblings,
    pointer_references,
    rename_definitions,
)
from .requiring import require_all
from .root_refs import inline_root_ref
from .sharing import distribute_properties
from .tuples import idle_additional_items, tuple_items
from .wrapping import wrap_root

__all__ = [
    "AFTER_LINT",
    "AFTER_LINT_RULES",
    "HINTS",
    "NAMED_BY",
    "PASSES",
    "REMOVABLE",
    "TRIGGERS",
    "WHAT_IT_DOES",
    "Change",
    "Options",
    "Pass",
    "PassResult",
    "Unfixable",
    "close_objects",
    "copy_meta_schema_parts",
    "declare_required",
    "distribute_properties",
    "drop_directives",
    "drop_idle_keywords",
    "drop_ignored_ref_siblings",
    "drop_impossible_members",
    "drop_open_unions",
    "drop_presence_unions",
    "drop_undefined_keywords",
    "drop_unreferenced_definitions",
    "encode_free_form",
    "end_anchors",
    "fit_limits",
    "hoist_references",
    "idle_additional_items",
    "inline_definitions",
    "inline_ref_siblings",
    "inline_root_ref",
    "items_shared",
    "merge_all_of",
    "merged_all_of",
    "merged_branches",
    "numeric_exclusive_bounds",
    "one_of_to_any_of",
    "plain_definition_names",
    "pointer_references",
    "property_ordering",
    "reasoning_first",
    "rename_definitions",
    "require_all",
    "settle_enum_values",
    "share_items",
    "shared_member",
    "spell_null",
    "state_judging",
    "string_enums_only",
    "strip_constraints",
    "tuple_items",
    "type_untyped",
    "unroll_recursion",
    "unshare_recursive_refs",
    "wrap_root",
]

#: passes that only act where one of their keywords stands in the INPUT schema (no earlier pass
#: creates it), so the rewriter skips them when none is there
TRIGGERS: dict[Pass, tuple[str, ...]] = {
    static_references: tuple(sorted(DYNAMIC_KEYWORDS)),
    drop_ignored_ref_siblings: ("$ref",),
    drop_undefined_keywords: tuple(sorted(VARYING)),
    numeric_exclusive_bounds: ("exclusiveMinimum", "exclusiveMaximum"),
    state_judging: JUDGING_TRIGGER,
    unroll_recursion: ("$ref",),
    drop_directives: ("$comment",),
    pointer_references: ("$ref",),
    rename_definitions: ("definitions",),
    copy_meta_schema_parts: ("$ref",),
    hoist_references: ("$ref",),
    inline_ref_siblings: ("$ref",),
    merge_all_of: ("allOf",),
    one_of_to_any_of: ("oneOf",),
    settle_enum_values: ("enum", "const"),
    unshare_recursive_refs: ("$ref",),
    end_anchors: ("pattern",),
    idle_additional_items: ("additionalItems",),
    tuple_items: ("items", "prefixItems"),
    share_items: ITEMS,
    drop_presence_unions: ("anyOf", "oneOf"),
    drop_open_unions: ("anyOf", "oneOf"),
}

#: passes that only act where a reference of the INPUT schema names what they handle (no earlier
#: pass writes such a reference), so the rewriter skips them when none does
NAMED_BY: dict[Pass, Callable[[str], bool]] = {copy_meta_schema_parts: names_meta_schema_part}

#: passes that run last, and only where the lint of the rendition finds one of their rules
#: (they are handed its findings)
AFTER_LINT = {fit_limits: RULES}
#: every rule some step of AFTER_LINT meets: the rendition is linted for these alone before them
AFTER_LINT_RULES = sorted(frozenset().union(*AFTER_LINT.values()))

#: the passes, in the order they run
PASSES: tuple[Pass, ...] = (
    static_references,
    drop_ignored_ref_siblings,
    drop_undefined_keywords,
    numeric_exclusive_bounds,
    state_judging,
    unroll_recursion,
    drop_directives,
    pointer_references,
    rename_definitions,
    inline_root_ref,
    copy_meta_schema_parts,
    hoist_references,
    plain_definition_names,
    inline_ref_siblings,
    drop_unreferenced_definitions,
    inline_definitions,
    merge_all_of,
    drop_presence_unions,
    one_of_to_any_of,
    settle_enum_values,
    string_enums_only,
    idle_additional_items,
    tuple_items,
    share_items,
    wrap_root,
    distribute_properties,
    declare_required,
    drop_impossible_members,
    type_untyped,
    drop_open_unions,
    encode_free_form,
    close_objects,
    drop_idle_keywords,
    end_anchors,
    strip_constraints,
    require_all,
    spell_null,
    unshare_recursive_refs,
    drop_unreferenced_definitions,
    reasoning_first,
    property_ordering,
    fit_limits,
)
