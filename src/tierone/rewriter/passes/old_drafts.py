"""Keywords the schema's own dialect ignores: beside a ``$ref``, and those its draft does not define.

Up to draft 7, a ``$ref`` stands for its target alone: "All other properties in a "$ref"
object MUST be ignored" (draft-07 Core, section 8.3). Restore judges answers against the
original in that dialect, so those siblings mean nothing there; the rendition (a 2020-12
document, where siblings apply) drops them rather than enforcing or refusing what the original
never asked for. Annotations stay (they still tell the model what the field is).

A keyword that constrains in some drafts but that the schema's draft does not define (draft 4's
``const``, ``if`` before draft 7, ``dependencies`` from 2019-09 on) is an unknown member there,
which that draft's validators, restore among them, ignore: the rendition leaves it as well.
"""

from __future__ import annotations

from typing import Any

from ...core.dialects import BOOLEAN_BOUND_DRAFTS, draft_of, names_one_of, undefined_keywords
from ...core.keyword_shapes import EXCLUSIVE_BOUNDS
from ...core.pointer import Pointer
from ...core.rebuilding import transform
from ...core.static_refs import static_references
from ...subset.table import NOT_CONSTRAINING, TABLE_KEYWORDS
from .base import Change, Options, PassResult, does

#: what stays beside a ``$ref`` where its siblings are ignored: the annotations, the definitions
#: (which other references may name) and the reference itself
KEPT = NOT_CONSTRAINING | {"$ref", "id", "$id"}
#: dialects in which the siblings of ``$ref`` are ignored, by their ``$schema`` URI
OLD_DRAFTS = tuple(f"json-schema.org/draft-0{n}/schema" for n in (3, 4, 6, 7))


#: dialects whose ``enum`` MUST hold each value once (draft-04 Validation 5.5.1; from draft 6
#: on it SHOULD): a schema of theirs whose values repeat is invalid, and restore reads none
UNIQUE_ENUM_DRAFTS = OLD_DRAFTS[:2]


def ignores_ref_siblings(schema: Any) -> bool:
    """Whether ``schema`` names a dialect (``$schema``) in which the keywords beside ``$ref`` are
    ignored: draft 3 to draft 7."""
    return names_one_of(schema, OLD_DRAFTS)


def requires_unique_enum(schema: Any) -> bool:
    """Whether ``schema`` names a dialect (``$schema``) whose ``enum`` values must not repeat:
    draft 3 and draft 4."""
    return names_one_of(schema, UNIQUE_ENUM_DRAFTS)


def ignored_siblings(node: Any) -> list[str]:
    """The keywords beside ``node``'s ``$ref`` that constrain (and that its dialect ignores)."""
    if not isinstance(node, dict) or not isinstance(node.get("$ref"), str):
        return []
    return [key for key in node if key in TABLE_KEYWORDS and key not in KEPT]


def as_its_dialect_reads(schema: Any) -> Any:
    """``schema`` without the siblings of ``$ref`` its dialect ignores (``schema`` itself in any
    other dialect), its dynamic references written as the static ones they resolve to where it
    is one resource (:mod:`~tierone.core.static_refs`): what the reader plans answers by, as
    restore judges them; the rendition's own reading (:func:`drop_ignored_ref_siblings`), without
    the keywords its draft does not define (:func:`drop_undefined_keywords`)."""
    read = drop_ignored_ref_siblings(static_references(schema)[0], Options()).schema
    return drop_undefined_keywords(read, Options()).schema


@does(
    "in a draft-7-or-earlier schema, the keywords beside a `$ref` that constrain (which that dialect ignores) "
    "are removed; annotations stay"
)
def drop_ignored_ref_siblings(schema: Any, options: Options) -> PassResult:
    """Where the schema's ``$schema`` is draft 3 to 7, each constraining keyword beside a
    ``$ref`` removed: the original ignores it, and restore judges answers as the original does.

    Before: ``{"$schema": ".../draft-07/schema#", "properties": {"a": {"$ref": "#/definitions/A", "type": "object", "description": "An A"}}, ...}``
    After:  ``{"$schema": ".../draft-07/schema#", "properties": {"a": {"$ref": "#/definitions/A", "description": "An A"}}, ...}``
    """
    if not ignores_ref_siblings(schema):
        return PassResult(schema)
    changes: list[Change] = []

    def drop(node: Any, pointer: Pointer) -> Any:
        gone = ignored_siblings(node)
        if not gone:
            return node
        changes.extend(
            Change.for_rule(
                pointer.child(key), "removed (beside $ref, the schema's dialect ignores it)", "T106", gone=True
            )
            for key in gone
        )
        return {k: v for k, v in node.items() if k not in gone}

    return PassResult(transform(schema, drop, only=frozenset({"$ref"})), tuple(changes))


@does(
    "a keyword the schema's draft does not define (draft 4's `const`, `if` before draft 7, `dependencies` from "
    "2019-09 on, as in a schema that names no draft) is removed with what it holds: that draft's validators, restore "
    "among them, ignore it (rule T605, not a loosening)"
)
def drop_undefined_keywords(schema: Any, options: Options) -> PassResult:
    """Each keyword that constrains in some draft but not in the one the schema's ``$schema``
    names removed, with the subschemas it holds: the original's validators ignore it.

    Before: ``{"$schema": ".../draft-04/schema#", "properties": {"kind": {"type": "string", "const": "a"}}}``
    After:  ``{"$schema": ".../draft-04/schema#", "properties": {"kind": {"type": "string"}}}``
    """
    undefined = undefined_keywords(schema)
    if not undefined:
        return PassResult(schema)
    why = f"removed (the schema's draft, {draft_of(schema)}, does not define it: its validators ignore it)"
    changes: list[Change] = []
    gone: list[Pointer] = []

    def drop(node: Any, pointer: Pointer) -> Any:
        keys = [key for key in node if key in undefined]
        gone.extend(pointer.child(key) for key in keys)
        changes.extend(Change.for_rule(pointer, f"{key} {why}", "T605", keyword=key) for key in keys)
        return {k: v for k, v in node.items() if k not in keys}

    result = transform(schema, drop, only=undefined)
    # what was removed inside a keyword that went with its subschemas says nothing
    kept = [c for c in changes if not any(place.is_prefix_of(c.pointer) for place in gone)]
    return PassResult(result, tuple(kept))


#: why a boolean exclusive bound is written again
_BOUNDS_WHY = "a rewritten schema is a 2020-12 document, where an exclusive bound is a number"


@does(
    "in a draft 3 or draft 4 schema, a bound made exclusive by `exclusiveMinimum: true` (or `exclusiveMaximum`) "
    "is written as the rendition's dialect writes it, `exclusiveMinimum` holding the bound (a `false` one goes): "
    "exact, and every vendor refuses the boolean"
)
def numeric_exclusive_bounds(schema: Any, options: Options) -> PassResult:
    """Where the schema's ``$schema`` is draft 3 or 4, each boolean exclusive bound written as
    a number (restore judges answers in the original's dialect, which reads the boolean).

    Before: ``{"$schema": ".../draft-04/schema#", "type": "integer", "minimum": 1, "exclusiveMinimum": true}``
    After:  ``{"$schema": ".../draft-04/schema#", "type": "integer", "exclusiveMinimum": 1}``
    """
    if not names_one_of(schema, BOOLEAN_BOUND_DRAFTS):
        return PassResult(schema)
    changes: list[Change] = []

    def respell(node: Any, pointer: Pointer) -> Any:
        out = node
        for flag, bound in EXCLUSIVE_BOUNDS.items():
            value = node.get(flag)
            if not isinstance(value, bool):
                continue
            number = node.get(bound)
            if value and isinstance(number, (int, float)) and not isinstance(number, bool):
                out = {k: (number if k == flag else v) for k, v in out.items() if k != bound}
                what = f"written as the number {bound} held ({bound} goes: the bound is exclusive)"
            else:
                out = {k: v for k, v in out.items() if k != flag}
                what = "removed (false, or true beside no bound, says nothing)"
            changes.append(Change(pointer.child(flag), what, _BOUNDS_WHY, gone=flag not in out))
        return out

    return PassResult(transform(schema, respell, only=frozenset(EXCLUSIVE_BOUNDS)), tuple(changes))
