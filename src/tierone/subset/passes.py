"""The rewriter's passes. Each is a pure function: it takes a schema and the options and
returns a new schema with the changes it made and what it could not do. None mutates its
input; every pass keeps the author's key order and appends the keys it adds.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any, NamedTuple
from urllib.parse import quote

from ..core.pointer import Pointer, PointerError
from ..core.refs import LOCAL, RefResolver, recursive_sites
from ..core.walker import objects, transform
from ..linter.jsontypes import declared_types, is_object_schema, names_at
from .profiles import Policy, policies
from .shapes import (
    ANNOTATION_KEYS,
    ENCODED_NOTE,
    admits_null,
    dict_at,
    encodable_at,
    inferred_type,
    is_free_form,
    items_of,
    list_at,
)


class Change(NamedTuple):
    """One edit the rewriter made."""

    pointer: str
    #: what was done, in a few words
    what: str
    #: the rule that asked for it
    why: str


class Unfixable(NamedTuple):
    """Something the rewriter could not make compliant."""

    pointer: str
    #: the rule code it violates
    rule: str
    reason: str


class Options(NamedTuple):
    """What the passes need to know beyond the schema."""

    profile: str = "tier1"
    #: "encode" free-form objects as JSON strings, or "error" to refuse them
    open_objects: str = "encode"
    #: state removed constraints in the description
    hints: bool = True


class PassResult(NamedTuple):
    schema: Any
    changes: tuple[Change, ...] = ()
    unfixable: tuple[Unfixable, ...] = ()


Pass = Callable[[Any, Options], PassResult]


def _policy(options: Options, code: str) -> Policy | None:
    return _policies_by_code(options.profile).get(code)


@cache
def _policies_by_code(profile: str) -> dict[str, Policy]:
    return {policy.feature.code: policy for policy in policies(profile)}


def _flagged(options: Options, code: str, value: Any = None) -> bool:
    policy = _policy(options, code)
    return policy is not None and policy.verdict(value) is not None


@cache
def _why(code: str) -> str:
    from .table import BY_CODE

    return f"{code} {BY_CODE[code].name}"


def _rename_key(node: dict[str, Any], old: str, new: str, value: Any) -> dict[str, Any]:
    return {(new if k == old else k): (value if k == old else v) for k, v in node.items()}


# ---- references -------------------------------------------------------------------------


def pointer_references(schema: Any, options: Options) -> PassResult:
    """Local references made by anchor (``#name``) or through the document's own ``$id`` are
    written as JSON Pointers, the one form every vendor resolves (anchors are outside the
    subset: the ``$anchor`` itself is removed later as an unknown keyword).

    Before: ``{"properties": {"a": {"$ref": "#addr"}}, "$defs": {"A": {"$anchor": "addr", ...}}}``
    After:  ``{"properties": {"a": {"$ref": "#/$defs/A"}}, "$defs": {"A": {"$anchor": "addr", ...}}}``
    """
    nodes = objects(schema)
    if not any(_by_name(node.get("$ref")) for _, node in nodes):
        return PassResult(schema)
    resolver = RefResolver(schema, nodes)
    changes: list[Change] = []

    def as_pointer(node: Any, pointer: Pointer) -> Any:
        ref = node.get("$ref") if isinstance(node, dict) else None
        if not _by_name(ref):
            return node
        resolution = resolver.resolve(ref)
        if resolution.kind != LOCAL or resolution.target is None:
            return node  # remote or broken: reported by the linter, never guessed at
        fragment = "#" + quote(str(resolution.target), safe=_FRAGMENT_SAFE)
        changes.append(Change(str(pointer), f"$ref {ref!r} written as {fragment!r}",
                              "anchors and $id-based references are not in the subset; JSON Pointers are"))
        return {**node, "$ref": fragment}

    return PassResult(transform(schema, as_pointer), tuple(changes))


def _by_name(ref: Any) -> bool:
    """Whether a ``$ref`` is something other than a JSON-Pointer fragment (``#``, ``#/...``)."""
    return isinstance(ref, str) and ref != "#" and not ref.startswith("#/")


#: what a URI fragment may hold unescaped besides letters, digits and ``-._~`` (RFC 3986)
_FRAGMENT_SAFE = "/!$&'()*+,;=:@"


def rename_definitions(schema: Any, options: Options) -> PassResult:
    """Draft-07 ``definitions`` become ``$defs`` (Gemini reads only ``$defs``), references too.

    Before: ``{"definitions": {"A": {...}}, "properties": {"a": {"$ref": "#/definitions/A"}}}``
    After:  ``{"$defs": {"A": {...}}, "properties": {"a": {"$ref": "#/$defs/A"}}}``
    """
    if not isinstance(schema, dict) or not isinstance(schema.get("definitions"), dict):
        return PassResult(schema)
    if "$defs" in schema:
        return PassResult(schema)  # both present: leave the author's layout alone
    changes = [Change("/definitions", "renamed to $defs", "Gemini reads definitions only under $defs")]

    def retarget(node: Any, pointer: Pointer) -> Any:
        ref = node.get("$ref") if isinstance(node, dict) else None
        if isinstance(ref, str) and ref.startswith("#/definitions/"):
            return {**node, "$ref": "#/$defs/" + ref[len("#/definitions/"):]}
        return node

    renamed = _rename_key(schema, "definitions", "$defs", schema["definitions"])
    return PassResult(transform(renamed, retarget), tuple(changes))


def _resolver(schema: Any) -> tuple[RefResolver, set[Pointer]]:
    nodes = objects(schema)
    resolver = RefResolver(schema, nodes)
    edges = {}
    for pointer, node in nodes:
        if "$ref" in node:
            resolution = resolver.resolve(node["$ref"])
            if resolution.kind == LOCAL and resolution.target is not None:
                edges[pointer] = resolution.target
    return resolver, recursive_sites(edges)


def _target(schema: Any, resolver: RefResolver, ref: Any) -> Any:
    resolution = resolver.resolve(ref)
    if resolution.kind != LOCAL or resolution.target is None:
        return None
    try:
        return resolution.target.resolve(schema)
    except PointerError:
        return None


def inline_ref_siblings(schema: Any, options: Options) -> PassResult:
    """A ``$ref`` with sibling keywords is replaced by its target merged with the siblings
    (the siblings win), since OpenAI rejects siblings and other SDKs drop them.

    Before: ``{"$ref": "#/$defs/Address", "description": "Home"}``
    After:  ``{"type": "object", "properties": {...}, "description": "Home"}``
    """
    if not _flagged(options, "T106"):
        return PassResult(schema)
    resolver, recursive = _resolver(schema)
    changes: list[Change] = []
    unfixable: list[Unfixable] = []
    keep = {"$ref", "$defs", "definitions", "$schema", "$id", "$comment"}

    def inline(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict) or "$ref" not in node or not pointer or set(node) <= keep:
            return node
        if pointer in recursive:
            unfixable.append(Unfixable(str(pointer), "T106", "a recursive $ref with siblings cannot be inlined"))
            return node
        target = _target(schema, resolver, node["$ref"])
        if not isinstance(target, dict):
            return node
        merged = {k: v for k, v in target.items() if k not in ("$defs", "definitions", "$id", "$schema")}
        merged.update({k: v for k, v in node.items() if k != "$ref"})
        changes.append(Change(str(pointer), f"inlined {node['$ref']} to merge its sibling keywords", _why("T106")))
        return merged

    return PassResult(transform(schema, inline), tuple(changes), tuple(unfixable))


def merge_all_of(schema: Any, options: Options) -> PassResult:
    """``allOf`` is merged away where that keeps its meaning: a single branch, or branches
    that are objects (or references to objects) whose keywords do not conflict.

    Before: ``{"allOf": [{"$ref": "#/$defs/Base"}, {"properties": {"x": {"type": "string"}}}]}``
    After:  ``{"type": "object", "properties": {...Base's..., "x": {...}}, "required": [...]}``
    """
    if not _flagged(options, "T202"):
        return PassResult(schema)
    resolver, recursive = _resolver(schema)
    changes: list[Change] = []
    unfixable: list[Unfixable] = []

    def merge(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict) or not isinstance(node.get("allOf"), list):
            return node
        branches: list[dict[str, Any]] | None = []
        for index, branch in enumerate(node["allOf"]):
            if isinstance(branch, dict) and "$ref" in branch:
                target = _target(schema, resolver, branch["$ref"])
                if Pointer((*pointer, "allOf", index)) in recursive or not isinstance(target, dict):
                    branches = None
                    break
                branch = {**{k: v for k, v in target.items() if k not in ("$defs", "definitions")},
                          **{k: v for k, v in branch.items() if k != "$ref"}}
            if not isinstance(branch, dict) or branches is None:
                branches = None
                break
            branches.append(branch)
        merged = _merged({k: v for k, v in node.items() if k != "allOf"}, branches) if branches is not None else None
        if merged is None:
            unfixable.append(Unfixable(str(pointer), "T202", "allOf branches conflict or are not objects; cannot merge"))
            return node
        changes.append(Change(str(pointer), f"merged {len(node['allOf'])} allOf branch(es)", _why("T202")))
        return merged

    return PassResult(transform(schema, merge), tuple(changes), tuple(unfixable))


def _merged(base: dict[str, Any], branches: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Merge ``branches`` into ``base``; None when two of them disagree on a keyword."""
    result = dict(base)
    for branch in branches:
        for key, value in branch.items():
            if key == "properties" and isinstance(value, dict):
                properties = dict(result.get("properties", {}))
                for name, sub in value.items():
                    if name in properties and properties[name] != sub:
                        return None
                    properties[name] = sub
                result["properties"] = properties
            elif key == "required" and isinstance(value, list):
                present = names_at(result)
                required = list(result.get("required", []))
                required += [n for n in value if not isinstance(n, str) or n not in present]
                result["required"] = required
            elif key in ("title", "description", "$comment", "examples"):
                result.setdefault(key, value)
            elif key in result and result[key] != value:
                return None
            else:
                result[key] = value
    return result


# ---- keywords ---------------------------------------------------------------------------


def one_of_to_any_of(schema: Any, options: Options) -> PassResult:
    """``oneOf`` becomes ``anyOf`` (the read side checks exclusivity against the original).

    Before: ``{"oneOf": [{"type": "string"}, {"type": "integer"}]}``
    After:  ``{"anyOf": [{"type": "string"}, {"type": "integer"}]}``
    """
    if not _flagged(options, "T201"):
        return PassResult(schema)
    changes: list[Change] = []
    unfixable: list[Unfixable] = []

    def rename(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict) or "oneOf" not in node:
            return node
        if "anyOf" in node:
            unfixable.append(Unfixable(str(pointer), "T201", "oneOf next to anyOf cannot become a second anyOf"))
            return node
        changes.append(Change(str(pointer), "oneOf renamed to anyOf", _why("T201")))
        return _rename_key(node, "oneOf", "anyOf", node["oneOf"])

    return PassResult(transform(schema, rename), tuple(changes), tuple(unfixable))


def const_to_enum(schema: Any, options: Options) -> PassResult:
    """``const`` becomes a one-value ``enum``, which every vendor accepts.

    Before: ``{"type": "string", "const": "cat"}``
    After:  ``{"type": "string", "enum": ["cat"]}``
    """
    if not _flagged(options, "T213"):
        return PassResult(schema)
    changes: list[Change] = []

    def swap(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict) or "const" not in node or "enum" in node:
            return node
        changes.append(Change(str(pointer), "const turned into a one-value enum", _why("T213")))
        return _rename_key(node, "const", "enum", [node["const"]])

    return PassResult(transform(schema, swap), tuple(changes))


def type_untyped(schema: Any, options: Options) -> PassResult:
    """An untyped schema whose keywords imply one type gets that ``type``.

    Before: ``{"properties": {"a": {"type": "string"}}}``
    After:  ``{"properties": {"a": {"type": "string"}}, "type": "object"}``
    """
    changes: list[Change] = []

    def add_type(node: Any, pointer: Pointer) -> Any:
        implied = inferred_type(node) if isinstance(node, dict) else None
        if implied is None:
            return node
        changes.append(Change(str(pointer), f"type {implied!r} added (implied by its keywords)", _why("T601")))
        return {**node, "type": implied}

    return PassResult(transform(schema, add_type), tuple(changes))


def encode_free_form(schema: Any, options: Options) -> PassResult:
    """Free-form data (open objects, maps, ``{}``, ``true``) cannot stand in a closed strict
    schema. Instead of silently emptying it, the field becomes a string holding JSON, and
    restore decodes it. With ``open_objects="error"`` it is reported instead.

    Before: ``{"type": "object", "additionalProperties": {"type": "integer"}, "description": "Counts"}``
    After:  ``{"type": "string", "description": "Counts. A JSON-encoded value (a string holding JSON)."}``
    """
    changes: list[Change] = []
    unfixable: list[Unfixable] = []

    def encode(node: Any, pointer: Pointer) -> Any:
        if isinstance(node, dict) and "items" not in node and items_of(node) is True and _flagged(options, "T607"):
            changes.append(Change(str(pointer.child("items")), "untyped items encoded as JSON strings", _why("T607")))
            return {**node, "items": {"type": "string", "description": ENCODED_NOTE}}
        if not is_free_form(node) or not _flagged(options, _free_form_rule(node)):
            return node
        if pointer and not encodable_at(pointer):
            return node  # e.g. additionalProperties: true, judged with its object
        if not pointer:
            unfixable.append(Unfixable("", "T101", "the root is free-form data; a strict root must declare its properties"))
            return node
        if options.open_objects == "error":
            unfixable.append(Unfixable(str(pointer), "T102", "free-form data cannot be closed (--open-objects error)"))
            return node
        encoded: dict[str, Any] = {"type": ["string", "null"] if admits_null(node) else "string"}
        for key in ("title",):
            if isinstance(node, dict) and key in node:
                encoded[key] = node[key]
        described = node.get("description") if isinstance(node, dict) else None
        encoded["description"] = f"{_sentence(described)} {ENCODED_NOTE}" if described else ENCODED_NOTE
        changes.append(Change(str(pointer), "free-form data encoded as a JSON string", _why("T102")))
        return encoded

    return PassResult(transform(schema, encode), tuple(changes), tuple(unfixable))


def _free_form_rule(node: Any) -> str:
    """The rule that flags this free-form node."""
    if node is True:
        return "T602"
    if not set(node) - ANNOTATION_KEYS:
        return "T603"
    if "patternProperties" in node:
        return "T208"
    return "T103" if isinstance(node.get("additionalProperties"), dict) else "T102"


def _sentence(text: Any) -> str:
    words = str(text).strip()
    return words if words.endswith((".", "!", "?")) else words + "."


def close_objects(schema: Any, options: Options) -> PassResult:
    """Every object schema gets ``additionalProperties: false`` (and ``type: object`` when it
    declared properties without a type).

    Before: ``{"type": "object", "properties": {"a": {"type": "string"}}}``
    After:  ``{"type": "object", "properties": {...}, "additionalProperties": false}``
    """
    if not _flagged(options, "T102"):
        return PassResult(schema)
    changes: list[Change] = []

    def close(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict) or not is_object_schema(node) or node.get("additionalProperties") is False:
            return node
        if is_free_form(node):
            return node  # never emptied silently: encoded by encode_free_form, or reported
        if ("anyOf" in node or "oneOf" in node) and not node.get("properties"):
            if node.get("type") != "object":
                return node
            # the union's branches carry the object's shape; closing here would refuse every member
            changes.append(Change(str(pointer), "type: object left to the union branches", _why("T102")))
            return {k: v for k, v in node.items() if k != "type"}
        closed = {k: v for k, v in node.items() if k != "unevaluatedProperties"}
        if "type" not in closed:
            closed["type"] = "object"
        closed["additionalProperties"] = False
        changes.append(Change(str(pointer), "additionalProperties: false added", _why("T102")))
        return closed

    return PassResult(transform(schema, close), tuple(changes))


# Constraint keywords the rewriter may drop from the wire schema, by rule; restore still
# enforces them because it validates against the original.
REMOVABLE = {
    "T203": ("not",), "T204": ("if", "then", "else"),
    "T205": ("dependencies", "dependentSchemas", "dependentRequired"), "T207": ("propertyNames",),
    "T209": ("unevaluatedProperties", "unevaluatedItems"), "T210": ("contains", "minContains", "maxContains"),
    "T212": ("default",), "T301": ("minLength", "maxLength"), "T302": ("pattern",), "T303": ("format",),
    "T304": ("minimum", "maximum"), "T305": ("exclusiveMinimum", "exclusiveMaximum"), "T306": ("multipleOf",),
    "T307": ("minItems",), "T308": ("maxItems",), "T309": ("uniqueItems",),
    "T310": ("minProperties", "maxProperties"),
}

HINTS: dict[str, Callable[[Any], str]] = {
    "minLength": lambda v: f"At least {v} character{'s' if v != 1 else ''}.",
    "maxLength": lambda v: f"At most {v} character{'s' if v != 1 else ''}.",
    "pattern": lambda v: f"Must match the regular expression {v}.",
    "format": lambda v: f"Format: {v}.",
    "minimum": lambda v: f"At least {v}.",
    "maximum": lambda v: f"At most {v}.",
    "exclusiveMinimum": lambda v: f"Greater than {v}.",
    "exclusiveMaximum": lambda v: f"Less than {v}.",
    "multipleOf": lambda v: f"A multiple of {v}.",
    "minItems": lambda v: f"At least {v} item{'s' if v != 1 else ''}.",
    "maxItems": lambda v: f"At most {v} item{'s' if v != 1 else ''}.",
    "uniqueItems": lambda v: "Items must be unique." if v else "",
    "minProperties": lambda v: f"At least {v} members.",
    "maxProperties": lambda v: f"At most {v} members.",
    "default": lambda v: f"Default: {json.dumps(v, ensure_ascii=False)}.",
    "not": lambda v: f"Must not match {_compact(v)}.",
    "if": lambda v: f"If it matches {_compact(v)},",
    "then": lambda v: f"then it must match {_compact(v)}.",
    "else": lambda v: f"Otherwise it must match {_compact(v)}.",
    "dependentRequired": lambda v: " ".join(f"When {k} is given, so must be {', '.join(n)}." for k, n in v.items()) if isinstance(v, dict) else "",
    "propertyNames": lambda v: f"Member names must match {_compact(v)}.",
    "contains": lambda v: f"Must contain an item matching {_compact(v)}.",
    "minContains": lambda v: f"At least {v} such items.",
    "maxContains": lambda v: f"At most {v} such items.",
}


def _compact(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text if len(text) <= 200 else text[:197] + "..."


def strip_constraints(schema: Any, options: Options) -> PassResult:
    """Constraints the profile does not accept leave the wire schema; unless hints are off,
    the description states them in plain words so the model still sees them. Unknown
    keywords are dropped too (an OpenAPI ``nullable: true`` becomes a ``null`` in the type).

    Before: ``{"type": "string", "maxLength": 80, "description": "Title"}``
    After:  ``{"type": "string", "description": "Title. At most 80 characters."}``
    """
    from ..linter.engine import KNOWN_KEYWORDS

    removable = {kw: code for code, kws in REMOVABLE.items() for kw in kws}
    unknown_flagged = _flagged(options, "T605")
    changes: list[Change] = []

    def strip(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict):
            return node
        removed: list[tuple[str, Any, str]] = []
        kept: dict[str, Any] = {}
        for key, value in node.items():
            code = removable.get(key)
            if code is not None and _flagged(options, code, value):
                removed.append((key, value, code))
            elif unknown_flagged and key not in KNOWN_KEYWORDS and not key.startswith("x-"):
                removed.append((key, value, "T605"))
            else:
                kept[key] = value
        if not removed:
            return node
        for key, value, code in removed:
            if key == "nullable" and value is True and not admits_null(kept):
                kept = _widened(kept)
            changes.append(Change(str(pointer), f"{key} removed", _why(code)))
        if options.hints:
            hints = " ".join(h for h in (HINTS[k](v) for k, v, _ in removed if k in HINTS) if h)
            if hints:
                described = kept.get("description")
                kept["description"] = f"{_sentence(described)} {hints}" if described else hints
        return kept

    return PassResult(transform(schema, strip), tuple(changes))


def _widened(node: dict[str, Any]) -> dict[str, Any]:
    """``node`` made to accept ``null`` as well, in the least intrusive way."""
    types = declared_types(node)
    if isinstance(node.get("enum"), list):
        widened = {**node, "enum": node["enum"] if None in node["enum"] else [*node["enum"], None]}
        if types is not None:
            widened["type"] = [*types, "null"] if "null" not in types else list(types)
        return widened
    composed = {"anyOf", "oneOf", "allOf", "$ref", "const", "not"} & set(node)
    if types is not None and not composed:
        return {**node, "type": [*types, "null"] if isinstance(node.get("type"), list) else [node["type"], "null"]}
    if set(node) - {"title", "description", "$comment", "examples"} == {"anyOf"} and isinstance(node["anyOf"], list):
        return {**node, "anyOf": [*node["anyOf"], {"type": "null"}]}
    annotations: dict[str, Any] = {k: node[k] for k in ("title", "description") if k in node}
    inner = {k: v for k, v in node.items() if k not in annotations}
    return {"anyOf": [inner, {"type": "null"}], **annotations}


def require_all(schema: Any, options: Options) -> PassResult:
    """Optional properties become required and nullable: ``null`` then means absent.

    Before: ``{"properties": {"nick": {"type": "string"}}, "required": []}``
    After:  ``{"properties": {"nick": {"type": ["string", "null"]}}, "required": ["nick"]}``
    """
    if not _flagged(options, "T104"):
        return PassResult(schema)
    changes: list[Change] = []

    def require(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict) or not isinstance(node.get("properties"), dict) or not node["properties"]:
            return node
        required = list_at(node, "required")
        listed = names_at(node)
        missing = [name for name in node["properties"] if name not in listed]
        if not missing:
            return node
        properties = dict(node["properties"])
        for name in missing:
            if not admits_null(properties[name]) and properties[name] is not False:
                properties[name] = _widened(properties[name]) if isinstance(properties[name], dict) else properties[name]
            changes.append(Change(str(pointer.child("properties").child(name)),
                                  "listed in required and made nullable (null means absent)", _why("T104")))
        rebuilt = {**node, "properties": properties, "required": [*required, *missing]}
        return rebuilt

    return PassResult(transform(schema, require), tuple(changes))


def reasoning_first(schema: Any, options: Options) -> PassResult:
    """A top-level ``reasoning`` property moves to the front (of ``properties`` and of
    ``required``), so the model reasons before it answers.

    Before: ``{"properties": {"answer": {...}, "reasoning": {...}}, "required": ["answer", "reasoning"]}``
    After:  ``{"properties": {"reasoning": {...}, "answer": {...}}, "required": ["reasoning", "answer"]}``
    """
    if not isinstance(schema, dict) or "reasoning" not in dict_at(schema, "properties"):
        return PassResult(schema)
    properties = schema["properties"]
    required = list_at(schema, "required")
    result = dict(schema)
    if next(iter(properties)) != "reasoning":
        result["properties"] = {"reasoning": properties["reasoning"], **{k: v for k, v in properties.items() if k != "reasoning"}}
    if "reasoning" in required and required[0] != "reasoning":
        result["required"] = ["reasoning", *[n for n in required if n != "reasoning"]]
    if result == schema:
        return PassResult(schema)
    return PassResult(result, (Change("/properties/reasoning", "moved first", "RFC 0030 §A: reasoning comes first"),))


def property_ordering(schema: Any, options: Options) -> PassResult:
    """Profiles that include Gemini get ``propertyOrdering`` on every object with properties
    (Gemini 2.0 needs it to keep the author's order, ``reasoning`` first).

    Before: ``{"type": "object", "properties": {"a": {...}, "b": {...}}}``
    After:  ``{"type": "object", "properties": {...}, "propertyOrdering": ["a", "b"]}``
    """
    from .profiles import PROFILES

    if "gemini" not in PROFILES[options.profile].sources:
        return PassResult(schema)
    changes: list[Change] = []

    def order(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict) or not isinstance(node.get("properties"), dict) or not node["properties"]:
            return node
        wanted = list(node["properties"])
        if node.get("propertyOrdering") == wanted:
            return node
        changes.append(Change(str(pointer), "propertyOrdering set", "Gemini 2.0 needs an explicit order"))
        return {**node, "propertyOrdering": wanted}

    return PassResult(transform(schema, order), tuple(changes))


#: passes that only act where a keyword of the INPUT schema stands (no earlier pass creates
#: it), so the rewriter skips them when the keyword is absent
TRIGGERS: dict[Pass, str] = {
    pointer_references: "$ref",
    rename_definitions: "definitions",
    inline_ref_siblings: "$ref",
    merge_all_of: "allOf",
    one_of_to_any_of: "oneOf",
    const_to_enum: "const",
}

#: the passes, in the order they run
PASSES: tuple[Pass, ...] = (
    pointer_references,
    rename_definitions,
    inline_ref_siblings,
    merge_all_of,
    one_of_to_any_of,
    const_to_enum,
    type_untyped,
    encode_free_form,
    close_objects,
    strip_constraints,
    require_all,
    reasoning_first,
    property_ordering,
)
