"""Where a string in an answer is text and where it is JSON the rewriter encoded: a node that
takes no string (its value may travel as a JSON string, read back as that JSON), a union
branch beside one that may take text (never so), and free-form data beside a branch taking
any string (carried in a ``tierone_json`` object instead). The rewriter's passes and the
reader ask the same questions here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.jsontypes import declared_types
from ..core.refs import ReferenceGraph, followed
from .shapes import JSON_MEMBER, inferred_type, is_free_form


def read_as_container(schema: Any) -> bool:
    """Whether ``schema`` declares no type but the rewriter reads it as an object or array (its
    keywords imply one: ``as_read``), where JSON Schema would take a string as it is: a string
    there is a subtree the rewriter encoded, read as the JSON it holds."""
    return isinstance(schema, dict) and inferred_type(schema) in ("object", "array")


def takes_no_string_in(schema: Any, graph: ReferenceGraph) -> bool:
    """:func:`takes_no_string`, its local references (their siblings over their targets)
    followed in ``graph``'s document."""
    return takes_no_string(schema, lambda node: followed(node, graph.target, siblings=True))


def takes_no_string(schema: Any, deref: Callable[[Any], Any], level: int = 0) -> bool:
    """Whether ``schema`` (its references followed by ``deref``) takes an object or an array and
    no string (a union of such, beside other values that are no string: null, a boolean, a
    number): where the rewriter may carry its value as a JSON string to keep a limit or end an
    unrolled recursion, and a string read back is that JSON."""
    kinds = _string_free(schema, deref, level)
    return kinds is not None and not kinds.isdisjoint(("object", "array"))


def _string_free(schema: Any, deref: Callable[[Any], Any], level: int) -> frozenset[str] | None:
    """The types of value ``schema`` takes where it takes no string; None where it may take
    one (or where that cannot be told)."""
    node = deref(schema)
    if not isinstance(node, dict) or level > 8:
        return None
    types = declared_types(node)
    if types is not None:  # the node's own type holds whatever its union says (which can only narrow it)
        return None if "string" in types else frozenset(types)
    parts = node.get("allOf")
    if isinstance(parts, list):  # one part that takes no string is enough: all of them hold
        for part in parts:
            found = _string_free(part, deref, level + 1)
            if found is not None:
                return found
    branches = node.get("anyOf")
    if branches is None:
        branches = node.get("oneOf")
    if not isinstance(branches, list):
        return None
    kinds: set[str] = set()
    for branch in branches:
        if takes_null_alone(deref(branch)):  # a null branch takes no string either
            kinds.add("null")
            continue
        found = _string_free(branch, deref, level + 1)
        if found is None:
            return None
        kinds |= found
    return frozenset(kinds)


def in_json_member(value: Any) -> bool:
    """Whether ``value`` (an answer's) is an object whose one member ``tierone_json`` holds a
    value's JSON text: how free-form data, or a branch encoded beside text, travels."""
    return isinstance(value, dict) and len(value) == 1 and isinstance(value.get(JSON_MEMBER), str)


def listed_beside_text(node: Any) -> bool:
    """Whether ``node``'s ``type`` list holds ``string`` and a container (no union of its own,
    no member ``tierone_json``): a profile that refuses type lists writes it as a union of
    one branch per type (``spell_null``), where a limit may carry the container's branch,
    JSON-encoded, in the one member ``tierone_json`` of an object, beside the string branch
    (``budgets``); the original's reading then unwraps it as a union's does."""
    if not isinstance(node, dict) or node.get("type").__class__ is not list or "anyOf" in node or "oneOf" in node:
        return False
    types = declared_types(node) or ()
    properties = node.get("properties")
    declared = isinstance(properties, dict) and JSON_MEMBER in properties
    return "string" in types and not {"object", "array"}.isdisjoint(types) and not declared


def union_beside_text(node: Any, deref: Callable[[Any], Any]) -> bool:
    """Whether ``node`` is a union that may take text, none of whose branches declares a member
    ``tierone_json``: where an unrolled recursion's level past the last carries such a node
    whole, JSON-encoded, in the one member ``tierone_json`` of an object (``recursion``; a bare
    string would be its text), which the original's reading unwraps as a type list's."""
    unions = [node.get(k) for k in ("anyOf", "oneOf")] if isinstance(node, dict) else []
    branches = [deref(b) for union in unions if isinstance(union, list) for b in union]
    declared = any(isinstance(b, dict) and JSON_MEMBER in (b.get("properties") or ()) for b in branches)
    return bool(branches) and not declared and takes_text(node, deref)


def takes_null_alone(schema: Any) -> bool:
    """Whether ``schema`` takes ``null`` and nothing else (``{"type": "null"}``, a ``const`` or
    ``enum`` of null alone)."""
    if not isinstance(schema, dict):
        return False
    if "const" in schema:
        return schema["const"] is None
    if isinstance(schema.get("enum"), list):
        return bool(schema["enum"]) and all(value is None for value in schema["enum"])
    return declared_types(schema) == ("null",)


def beside_text(union: list[Any], branch: Any, deref: Callable[[Any], Any]) -> bool:
    """Whether another branch of ``union`` may take a string: a string there is that branch's
    value, so ``branch`` is never carried as a JSON string to keep a limit (``budgets``), and a
    string is never read as JSON it holds (``answers.reader``)."""
    return any(other is not branch and takes_text(deref(other), deref) for other in union)


def takes_text(node: Any, deref: Callable[[Any], Any]) -> bool:
    """Whether ``node`` (its references followed by ``deref``) may take a string, as
    :func:`beside_text` judges a union's other branches: a JSON string carried in its place
    would be read as that text."""
    return _string_free(node, deref, 0) is None and not (takes_null_alone(node) or read_as_container(node))


def takes_any_string(node: Any, target: Callable[[str], Any], seen: frozenset[int] = frozenset()) -> bool:
    """Whether ``node`` (its references followed through ``target``) accepts any string (one
    without ``enum`` or ``const``, which name the strings they take), as the rewriter reads it
    (an untyped node whose keywords imply another type takes none: ``as_read``). ``seen``: the unions
    being looked into (a cycle of them takes nothing more on its second round)."""
    from ..core.refs import followed

    node = followed(node, target)
    if node is True:
        return True
    if not isinstance(node, dict) or "enum" in node or "const" in node or id(node) in seen:
        return False
    for keyword in ("anyOf", "oneOf"):
        if isinstance(node.get(keyword), list):
            inside = seen | {id(node)}
            return any(takes_any_string(b, target, inside) for b in node[keyword])
    types = declared_types(node)
    if types is None and "$ref" not in node:  # untyped: any string, unless its keywords imply another type
        return inferred_type(node) in (None, "string")
    return types is not None and "string" in types


def unwraps_json(branches: Any, branch: Any, target: Callable[[str], Any]) -> bool:
    """Whether the union branch ``branch`` (free-form data) stands beside a branch of
    ``branches`` that takes any string: the rewriter then carries it in a ``tierone_json``
    object, and restore reads it so (never a bare string as its JSON)."""
    from ..core.refs import followed

    if not is_free_form(followed(branch, target)):
        return False
    return any(b is not branch and takes_any_string(b, target) for b in branches)
