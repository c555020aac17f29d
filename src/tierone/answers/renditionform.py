"""The strict form fitted to one profile's rendition (``to_strict_form(x, original, profile)``):
the rendition itself, an absent optional member left absent where that rendition keeps it
optional and refuses null (Anthropic's optional members within its budget), and a subtree
the rendition carries as a JSON string (to keep a limit) written as one, and members it
gathers into an object's ``tierone_rest`` written there as one JSON object; walked along the
rendition with its references followed and its union branches judged."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..core.jsontypes import declared_types
from ..core.patterns import named_by
from ..core.refs import RefResolver, followed
from ..rewriter.passes.encoded import statement_of
from ..rewriter.shapes import JSON_MEMBER, REST_MEMBER, admits_null, dict_at, items_of, list_at
from ..rewriter.text_or_json import in_json_member
from .findings import StrictError


def rendition_of(original: Any, profile: str, unroll: int | None = None) -> Any:
    """``original`` rewritten for ``profile``; :class:`StrictError` when the profile refuses it."""
    return rewritten_for(original, profile, unroll).schema


def rewritten_for(original: Any, profile: str, unroll: int | None = None) -> Any:
    """:func:`tierone.rewrite` of ``original`` for ``profile`` (its rendition and ledger);
    :class:`StrictError` when the profile refuses it."""
    from ..rewriter.rewrite import rewrite

    result = rewrite(original, profile, unroll=unroll)
    if not result.ok:
        findings = ((u.pointer, f"{u.rule} {u.reason}") for u in result.unfixable)
        raise StrictError(findings, f"cannot be made strict for {profile}")
    return result


def fitted(
    form: Any,
    rendition: Any,
    as_data: Callable[[str, bool], Any] | None = None,
    restated: Callable[[Any], Any] | None = None,
) -> Any:
    """``form`` (every absent optional member null) as ``rendition`` takes it. ``as_data``: the
    strict form of free-form data the form wrote as JSON text where the rendition keeps data
    (decoded as it is without it); its flag: an open object the rendition carries with its
    declared members beside ``tierone_rest``, which are filled as declared. ``restated``: a
    subtree the rendition carries whole as a JSON string (to keep a limit) as the string's
    statement writes it. OpenAPI's ``nullable`` is read as the vendor reads it (the
    branches of a union are judged so)."""
    from ..rewriter.passes.nulls import read_nullable

    read = read_nullable(rendition)
    return _Fitter(read, as_data or _decoded, restated or (lambda value: value)).fit(form, read)


def _json_wrapper(node: dict[str, Any]) -> bool:
    """Whether the rendition's node is an object whose one member ``tierone_json`` holds a value's JSON."""
    return set(dict_at(node, "properties")) == {JSON_MEMBER} and node.get("additionalProperties") is False


def _no_text(node: dict[str, Any]) -> bool:
    types = declared_types(node)
    return types is not None and "string" not in types and bool({"object", "array"} & set(types))


def _decoded(text: str, rests: bool = False) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def _string_only(node: dict[str, Any]) -> bool:
    """Whether ``node`` takes a string and nothing else but null (in a type, or as a union of such branches)."""
    types = declared_types(node)
    if types is None:
        branches = list_at(node, "anyOf")
        kinds = [declared_types(b) if isinstance(b, dict) else None for b in branches]
        return (
            bool(branches)
            and all(k is not None and set(k) <= {"string", "null"} for k in kinds)
            and any("string" in k for k in kinds if k is not None)
        )
    return "string" in types and set(types) <= {"string", "null"}


#: where the strict form may write a value as its JSON: nowhere, only below the node, anywhere
NOWHERE, BELOW, ANYWHERE = range(3)


class _Fitter:
    def __init__(self, rendition: Any, as_data: Callable[[str, bool], Any], restated: Callable[[Any], Any]) -> None:
        self.rendition = rendition
        self.as_data, self.restated = as_data, restated
        self.resolver = RefResolver.of(rendition)
        self._validator: Any = None

    def fit(self, value: Any, node: Any, encode: int = ANYWHERE) -> Any:
        """``value`` as ``node`` takes it; ``encode``: where an object or array at a node that
        takes only a string is written as its JSON (:data:`ANYWHERE`, :data:`BELOW` this node,
        :data:`NOWHERE`). A union's branches are tried with no encoding first (a branch that
        takes the value as it is wins), then encoding inside a branch, then the branch itself."""
        node = followed(node, self.resolver.target, siblings=True)
        if not isinstance(node, dict):
            return value
        if in_json_member(value) and JSON_MEMBER not in dict_at(node, "properties") and not list_at(node, "anyOf"):
            # the rendition keeps this data as it is (an open object: its members beside tierone_rest, if so)
            value = self.as_data(value[JSON_MEMBER], REST_MEMBER in dict_at(node, "properties"))
        elif isinstance(value, str) and _no_text(node):
            value = self.as_data(
                value, REST_MEMBER in dict_at(node, "properties")
            )  # kept as data (gemini), or beside tierone_rest
        if encode != NOWHERE and _json_wrapper(node) and not in_json_member(value):
            # a branch beside text encoded (unrolled recursion, a limit): its JSON in the object's one member
            return {JSON_MEMBER: json.dumps(value, ensure_ascii=False)}
        if isinstance(value, str) and _string_only(node) and (restated := self.restated(value)) is not value:
            return json.dumps(restated, ensure_ascii=False)  # an open object the profile carries beside tierone_rest
        here = encode == ANYWHERE and _string_only(node)
        if here and not isinstance(value, str) and not (value is None and self._takes_null(node)):
            # a subtree encoded to keep a limit, or free-form data inside data the rendition keeps
            # as it is (gemini's maps): the original takes it, so the string carries its JSON
            return json.dumps(self.restated(value), ensure_ascii=False)
        inner = NOWHERE if encode == NOWHERE else ANYWHERE
        branches = list_at(node, "anyOf")
        if branches:
            if isinstance(value, dict) and dict_at(node, "properties"):
                value = self._members(value, node, inner)  # members kept beside the union (gemini's open objects)
            for encoding in range(NOWHERE, encode + 1):  # never more than this node allows
                for branch in branches:
                    candidate = self.fit(value, branch, encoding)
                    if self._valid(candidate, branch):
                        return candidate
            return value
        if isinstance(value, dict):
            return self._members(value, node, inner)
        items = items_of(node)
        prefix = list_at(node, "prefixItems")
        if isinstance(value, list) and prefix:  # a tuple the rendition keeps (gemini): each item by its place
            rest = node.get("items", {})
            return [self.fit(item, prefix[i] if i < len(prefix) else rest, inner) for i, item in enumerate(value)]
        if isinstance(value, list) and isinstance(items, dict):
            return [self.fit(item, items, inner) for item in value]
        return value

    def _members(self, value: dict[str, Any], node: dict[str, Any], encode: int) -> dict[str, Any]:
        properties, required = dict_at(node, "properties"), list_at(node, "required")
        out = {}
        held = None
        if REST_MEMBER in properties and REST_MEMBER not in value:  # members gathered to keep a limit
            held = {name: member for name, member in value.items() if name not in properties}
            value = {name: member for name, member in value.items() if name in properties}
        for name, member in value.items():
            schema = properties.get(name)
            if schema is None:
                extra = node.get("additionalProperties")
                if member is None and extra is False and not named_by(dict_at(node, "patternProperties"), name):
                    continue  # a member the rendition leaves out (its schema is false): absent
                out[name] = self.fit(member, extra, encode) if isinstance(extra, dict) else member
            elif member is None and name not in required and not self._takes_null(schema):
                continue  # optional in the rendition, which refuses null: absent
            else:
                out[name] = self.fit(member, schema, encode)
        if held is not None:  # as the statement of the gathered members writes them (where it states them)
            stated = statement_of(properties[REST_MEMBER])
            held = self.restated(held) if stated is None else self.fit(held, stated, encode)
            out[REST_MEMBER] = json.dumps(held, ensure_ascii=False)
        return out

    def _takes_null(self, schema: Any) -> bool:
        """Whether the rendition's ``schema`` takes ``null`` (a union's branches by reference too)."""
        target = followed(schema, self.resolver.target, siblings=True)
        nullable = isinstance(target, dict) and target.get("nullable") is True  # OpenAPI's
        return nullable or admits_null(target) or self._valid(None, schema)

    def _valid(self, value: Any, schema: Any) -> bool:
        if self._validator is None:
            from ..core.validation import validator

            self._validator = validator(self.rendition)
        return bool(self._validator.evolve(schema=schema).is_valid(value))
