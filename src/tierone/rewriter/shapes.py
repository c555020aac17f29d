"""What a subschema means for strict output: shared by the rewriter and by restore, so the
read side always undoes exactly what the write side did."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..core.jsontypes import declared_types, is_object_schema
from ..core.meta_schemas import names_meta_schema
from ..core.walker import VALUE_ENTRIES, keyword_of
from ..subset.table import NOT_CONSTRAINING, TABLE_KEYWORDS
from .pattern_members import pattern_members

#: keywords that say nothing about instances
ANNOTATION_KEYS = NOT_CONSTRAINING
STRING_KEYS = frozenset({"minLength", "maxLength", "pattern", "format", "contentEncoding", "contentMediaType"})
NUMBER_KEYS = frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"})
ARRAY_KEYS = frozenset({"items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains"})
OBJECT_KEYS = frozenset(
    {"properties", "additionalProperties", "patternProperties", "minProperties", "maxProperties", "propertyNames"}
)
#: each type with the keywords that apply to its values only
KIND_KEYS = (("string", STRING_KEYS), ("number", NUMBER_KEYS), ("array", ARRAY_KEYS), ("object", OBJECT_KEYS))
#: every keyword that implies a type (a schema with none of them implies none)
IMPLYING_KEYS = frozenset().union(*(own for _, own in KIND_KEYS))


def takes_scalars_alone(node: Any) -> bool:
    """Whether ``node`` declares types none of which is an object or array: a union branch
    beside it that takes any data takes values of those types alone (no data carried as text)."""
    types = declared_types(node) if isinstance(node, dict) else None
    return bool(types) and "object" not in types and "array" not in types  # type: ignore[operator]


#: what every description the rewriter gives a field that carries JSON-encoded data says
ENCODED_MARK = "(a string holding JSON)"
#: the description the rewriter gives a field that carries JSON-encoded data
ENCODED_NOTE = f"A JSON-encoded value {ENCODED_MARK}."


def encoded_note(node: Any) -> str:
    """The description of a field made a JSON-encoded string: for a map (``additionalProperties``
    a schema), what it holds, from that schema's type (``An object of string → integer,
    JSON-encoded (a string holding JSON).``); else :data:`ENCODED_NOTE`."""
    values = node.get("additionalProperties") if isinstance(node, dict) else None
    if not isinstance(values, dict) or node.get("properties"):
        return ENCODED_NOTE
    held = _held(values)
    return f"An object of string → {held}, JSON-encoded {ENCODED_MARK}." if held else ENCODED_NOTE


def _held(values: dict[str, Any]) -> str:
    """What a map's values are, in a word or two: their type(s), or the definition they refer to."""
    reference = values.get("$ref")
    if isinstance(reference, str) and "/" in reference:
        return reference.rsplit("/", 1)[1] or ""
    types = declared_types(values)
    if not types:
        return ""
    named = [f"array of {items}" if t == "array" and (items := _held(values.get("items") or {})) else t for t in types]
    return " or ".join(named)


def members_of(
    schema: Mapping[str, Any], deref: Callable[[Any], Any] | None = None, beside: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The members an object schema declares, with those it requires without declaring them
    where it is open to other members: each then takes what ``additionalProperties`` says (a
    schema, or any value). The rewriter writes them out (and closes the object); restore reads
    them alike. A closed object (``additionalProperties: false``) cannot hold such a member,
    one that a branch of the object's own ``anyOf``/``oneOf`` declares is that branch's
    (``deref`` follows branches given by ``$ref``; without it only inline branches count), and
    beside such a union, one its ``patternProperties`` name takes what they say (:mod:`.pattern_members`).

    ``beside``: when ``schema`` is a union branch written inline, the members the object
    holding the union declares. A member the branch requires and only the object declares
    takes the object's schema (what the branch adds, any value, changes nothing beside it),
    so that the branch never says "any value, as JSON text" where the object says a number."""
    declared = dict_at(schema, "properties")
    additional = schema.get("additionalProperties", True)
    if "patternProperties" in schema:  # beside a union, what a pattern names is declared as it says
        return {**declared, **pattern_members(schema, deref)} if "anyOf" in schema or "oneOf" in schema else declared
    if additional is False or not (declared or _plain_object(schema) or beside):
        return declared
    implied = [n for n in list_at(schema, "required") if isinstance(n, str) and n not in declared]
    if implied:
        in_branches = _declared_by_branches(schema, deref)
        implied = [n for n in implied if n not in in_branches]
    if not implied:
        return declared
    if isinstance(additional, dict):
        return {**declared, **dict.fromkeys(implied, additional)}
    outer = beside or {}
    return {**declared, **{name: outer.get(name, True) for name in implied}}


def _plain_object(schema: Mapping[str, Any]) -> bool:
    """An object schema of that one type and no union or ``allOf`` beside it (one that declares
    no member and requires some declares what it requires; beside another type or a union,
    the members stay where they are)."""
    return schema.get("type") == "object" and not any(key in schema for key in ("anyOf", "oneOf", "allOf"))


def _declared_by_branches(schema: Mapping[str, Any], deref: Callable[[Any], Any] | None) -> set[str]:
    """The members the branches of ``schema``'s ``anyOf``/``oneOf`` declare."""
    names: set[str] = set()
    for key in ("anyOf", "oneOf"):
        for branch in list_at(schema, key):
            node = deref(branch) if deref is not None else branch
            if isinstance(node, dict):
                names.update(dict_at(node, "properties"))
    return names


def constraining_keys(schema: dict[str, Any]) -> set[str]:
    """The keys of ``schema`` that may constrain a value: JSON Schema keywords the table knows,
    annotations aside (``"type:"``, ``"$type"`` and ``x-`` extensions constrain nothing)."""
    return {key for key in schema if key in TABLE_KEYWORDS} - ANNOTATION_KEYS


#: keywords that only judge a value (no strict mode carries them): beside no other
#: constraining keyword, the value is any JSON data they let through
JUDGING_ONLY = frozenset({"not", "if", "then", "else"})


def is_free_form(schema: Any) -> bool:
    """A schema whose instances are arbitrary JSON data that a closed object cannot carry:
    ``true``, ``{}``, an object open to other members (``additionalProperties`` true or a
    schema, ``patternProperties``) or an object with no declared properties; ``not`` or
    ``if``/``then``/``else`` alone (what they let through is any data, checked on read). Keys
    that are no JSON Schema keyword (``"type:"``, ``"$type"``, ``x-`` extensions) constrain nothing."""
    if schema is True:
        return True
    if not isinstance(schema, dict):
        return False
    declared = schema.get("type")
    if declared.__class__ is str and declared != "object":
        return False  # one type, not object (most nodes): what follows finds the same
    keys = constraining_keys(schema)
    if not keys - JUDGING_ONLY:
        return not keys or not _judged_to_nothing(schema)
    if "$ref" in schema:  # a value that is itself a schema (its meta-schema named) is data of its own
        return names_meta_schema(schema["$ref"]) and keys <= {"$ref"}
    if "anyOf" in schema or "oneOf" in schema or "allOf" in schema:
        return False
    if "enum" in schema or "const" in schema:
        return False
    untyped_object = declared_types(schema) is None and bool(
        {"properties", "additionalProperties", "patternProperties"} & keys
    )
    if not untyped_object and untyped_of_several_types(schema):
        return True
    if not is_object_schema(schema) and not untyped_object:
        return False
    additional = schema.get("additionalProperties")
    if additional is not None and additional is not False:
        return True
    if "patternProperties" in schema:
        return True
    return not schema.get("properties") and additional is not False


#: the one member of the object root that carries a root strict modes cannot take (an array,
#: a scalar, a union, free-form data); restore takes the value back out of it. A name no schema
#: author is likely to give a member of their own (see docs/rewrite.md, "The root")
ROOT_MEMBER = "tierone_root"
#: the one member of the object that carries free-form data, as a JSON string, in a union
#: beside a branch that takes any string (a bare string would be ambiguous); restore decodes it
JSON_MEMBER = "tierone_json"
#: the string member of an object that holds some of its members as one JSON object, where a
#: count limit is over and no subtree can be encoded (``passes.gathering``); restore merges
#: them back. Named like :data:`ROOT_MEMBER` (see docs/rewrite.md, "Limits")
REST_MEMBER = "tierone_rest"


def is_object_root(schema: Any) -> bool:
    """Whether ``schema`` can stand as a strict root itself: an object schema (declared, or
    implied by its keywords) with declared members, no union, no reference left, and not
    free-form."""
    if not isinstance(schema, dict) or is_free_form(schema) or {"$ref", "anyOf", "oneOf"} & set(schema):
        return False
    types = declared_types(schema)
    return (types or (inferred_type(schema),)) == ("object",)


def admits_null(schema: Any) -> bool:
    """Whether ``null`` is already a valid instance (so null-as-absent needs no widening)."""
    if schema is True:
        return True
    if not isinstance(schema, dict):
        return False
    types = declared_types(schema)
    if "enum" in schema and isinstance(schema["enum"], list):
        return None in schema["enum"] and (types is None or "null" in types)
    if "const" in schema:
        return schema["const"] is None
    branches = schema.get("anyOf", schema.get("oneOf")) if types is None or "null" in types else None
    if isinstance(branches, list):  # beside a `type` that takes null too, a branch must take it
        return any(admits_null(b) for b in branches)
    return types is not None and "null" in types


def _judged_to_nothing(schema: dict[str, Any]) -> bool:
    """A schema that only judges and lets nothing through (``not`` of everything): no data."""
    from ..linter.checks.satisfiable import accepts_nothing

    return accepts_nothing(schema)


def untyped_of_several_types(schema: dict[str, Any]) -> bool:
    """A schema with no ``type`` whose keywords belong to several types (string and number
    bounds together: ``{"minimum": 1, "minLength": 2}``), or that requires members it writes
    without ``properties`` (``{"host": {...}, "required": ["host"]}``: no keyword of any type,
    and not a bare ``required``, which constrains a union branch): it takes values of every
    type (each bounded by its own keywords), and travels as free-form data (a JSON string,
    checked on read) where it is no reference, union or enumeration."""
    if "type" in schema or {"$ref", "$dynamicRef", "$recursiveRef", "anyOf", "oneOf", "allOf", "enum", "const"} & set(
        schema
    ):
        return False
    kinds = _kinds(schema)
    return len(kinds) > 1 or (not kinds and bool(schema.get("required")) and _members_written_bare(schema))


def _members_written_bare(schema: dict[str, Any]) -> bool:
    """Whether ``schema`` holds a key that is no keyword, whose value is an object: a member's
    schema written where ``properties`` should have held it."""
    return any(
        isinstance(value, dict) and key not in TABLE_KEYWORDS and not key.startswith("x-")
        for key, value in schema.items()
    )


def inferred_type(schema: dict[str, Any]) -> str | None:
    """The one type an untyped schema's keywords imply; None when the schema is typed, is a
    reference, union or enumeration, or its keywords imply no type or several (a bare
    ``required`` implies none: it is a partial constraint of a union branch)."""
    if "type" in schema or {"$ref", "anyOf", "oneOf", "allOf", "enum", "const"} & set(schema):
        return None
    kinds = _kinds(schema)
    return kinds.pop() if len(kinds) == 1 else None


def _kinds(schema: dict[str, Any]) -> set[str]:
    """The types whose own keywords ``schema`` holds."""
    keys = set(schema)
    return {kind for kind, own in KIND_KEYS if own & keys}


#: containers whose entries describe a value of their own (a member, a union branch, a
#: definition, a tuple item); only there, and as ``items``, can free-form data become a JSON
#: string
VALUE_POSITIONS = VALUE_ENTRIES


def encodable_at(pointer: tuple[object, ...]) -> bool:
    """Whether the rewriter may encode free-form data found at ``pointer`` (a member named
    ``properties`` or ``items`` is no such place for its own keywords' subschemas)."""
    keyword = keyword_of(pointer)
    return keyword in VALUE_POSITIONS or (keyword == "items" and pointer[-1] == "items")


def items_of(schema: dict[str, Any]) -> Any:
    """The schema of an array's items: ``items``, or ``true`` (anything) for an array
    schema that gives neither ``items`` nor ``prefixItems``."""
    if "items" in schema:
        return schema["items"]
    declared = schema.get("type")
    if declared is None or "prefixItems" in schema:  # (most nodes: no type, or one, told without a tuple)
        return None
    types = (declared,) if declared.__class__ is str else declared_types(schema)
    return True if types is not None and "array" in types else None


def dict_at(schema: Mapping[str, Any], key: str) -> dict[str, Any]:
    """``schema[key]`` when it is an object, else an empty one."""
    value = schema.get(key)
    return value if isinstance(value, dict) else {}


def list_at(schema: Mapping[str, Any], key: str) -> list[Any]:
    """``schema[key]`` when it is an array, else an empty one."""
    value = schema.get(key)
    return value if isinstance(value, list) else []


def free_form_rule(node: Any) -> str:
    """The rule that flags this free-form node (which the profile may leave as it is)."""
    if node is True:
        return "T602"
    if "$ref" in node:  # a value that is itself a schema: the reference to its meta-schema
        return "T502"
    if not constraining_keys(node) - JUDGING_ONLY:
        return "T603"
    if "patternProperties" in node:
        return "T208"
    if isinstance(node.get("additionalProperties"), dict):
        return "T103"
    return "T601" if untyped_of_several_types(node) and "properties" not in node else "T102"
