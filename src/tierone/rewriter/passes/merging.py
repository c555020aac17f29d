"""Merging ``allOf`` parts into one schema, exactly or not at all: what the rewriter writes for
an ``allOf`` and what the read side takes it to mean (``answers.reader``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.jsontypes import declared_types, names_at
from ...subset.table import TABLE_KEYWORDS
from ..shapes import ANNOTATION_KEYS, dict_at, list_at

#: follows a node's local ``$ref`` (its siblings merged over the target)
Deref = Callable[[Any], Any]


#: keywords whose values, where two parts hold them and no one value says both, leave nothing
#: valid (no value has two types at once): a loose merge refuses them too
NOTHING_VALID = frozenset({"type", "enum", "const"})
#: ``allOf``s inside ``allOf``s merged (through references) before one is left as it is
NESTED_ALL_OF = 16


def merged_all_of(
    base: dict[str, Any], branches: list[dict[str, Any]], deref: Deref | None = None
) -> tuple[dict[str, Any] | None, tuple[str, ...]]:
    """An ``allOf`` (``base`` beside its ``branches``) as one schema, and the keywords it keeps
    from the first part that holds them only: merged exactly when it can be (no keyword
    loosened), else loosely (where two parts hold a keyword one value cannot say together, such
    as two ``pattern``s or two ``anyOf``s, the first part's stands and the other part is left to
    the read side, which validates against the original). None where nothing would be valid
    (two ``type``s or ``enum``s with nothing in common on a required member or the object
    itself). The rewriter writes this schema and the read side reads answers by it, alike.
    ``deref``: follows a member's local ``$ref`` (siblings over its target)."""
    loosened: list[str] = []
    for _ in range(NESTED_ALL_OF):
        merged = merged_branches(base, branches, deref)
        if merged is None:
            merged = merged_branches(base, branches, deref, loosened)
        inner = merged.get("allOf") if merged is not None else None
        if merged is None or deref is None or not isinstance(inner, list) or not all(_plain(b, deref) for b in inner):
            break
        # a part that is a reference brought its target's own allOf in: merged as well
        base = {k: v for k, v in merged.items() if k != "allOf"}
        branches = [{k: v for k, v in deref(b).items() if k not in ("$defs", "definitions")} for b in inner]
    return merged, tuple(dict.fromkeys(loosened)) if merged is not None else ()


def merged_branches(
    base: dict[str, Any],
    branches: list[dict[str, Any]],
    deref: Deref | None = None,
    loosened: list[str] | None = None,
) -> dict[str, Any] | None:
    """Merge ``branches`` into ``base`` exactly (the merged schema takes what all of them take);
    None when two of them hold a keyword in ways one schema cannot say together. A member
    declared twice is merged (``{}``/``true`` beside X is X, ``false`` beside anything is
    ``false``); ``type`` and ``enum`` are intersected, bounds take the tighter, annotations the
    first. With ``loosened`` (a list the keywords kept from one part only are added to), the
    merge is loose instead: see :func:`merged_all_of`."""
    result = dict(base)
    for branch in branches:
        for key, value in branch.items():
            if key not in result or same_value(result[key], value):
                result[key] = value
            elif key == "properties" and isinstance(value, dict) and isinstance(result[key], dict):
                properties = dict(result[key])
                for name, sub in value.items():
                    if name in properties and properties[name] != sub:
                        sub = _member_both(properties[name], sub, deref, loosened)
                        if sub is None:
                            return None
                    properties[name] = sub
                result[key] = properties
            elif key == "required" and isinstance(value, list) and isinstance(result[key], list):
                present = names_at(result)
                result[key] = [*result[key], *(n for n in value if not isinstance(n, str) or n not in present)]
            elif key in ANNOTATION_KEYS or key not in TABLE_KEYWORDS:
                continue  # the first part's annotation stands (an unknown key constrains nothing)
            else:
                both = _keyword_both(key, result[key], value, deref, loosened)
                if both is None and (loosened is None or key in NOTHING_VALID):
                    return None
                if both is None and loosened is not None:
                    loosened.append(key)  # the first part's stands; the read side checks the other's
                    continue
                result[key] = both
    return _closed_over([base, *branches], result, deref, loosened)


#: bounds whose tighter value is the larger, and those whose tighter value is the smaller
LOWER = frozenset({"minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains"})
UPPER = frozenset({"maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains"})


def _keyword_both(key: str, one: Any, other: Any, deref: Deref | None, loosened: list[str] | None) -> Any:
    """One value of ``key`` that says what ``one`` and ``other`` both say, or None."""
    numbers = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (one, other))
    if numbers and key in LOWER:
        return max(one, other)
    if numbers and key in UPPER:
        return min(one, other)
    if key == "type":
        first, second = declared_types({"type": one}), declared_types({"type": other})
        if first is None or second is None:
            return None
        common = [t for t in first if t in second or (t == "integer" and "number" in second)]
        common += [t for t in second if t == "integer" and "number" in first and t not in common]
        return (common[0] if len(common) == 1 else common) if common else None
    if key == "enum" and isinstance(one, list) and isinstance(other, list):
        common = [v for v in one if any(same_value(v, w) for w in other)]
        return common or None
    if key in ("items", "additionalItems", "propertyNames", "contains") and isinstance(one, (dict, bool)):
        return _member_both(one, other, deref, loosened) if isinstance(other, (dict, bool)) else None
    if key == "additionalProperties":
        if one is False or other is False:
            return False
        if one is True or other is True:
            return other if one is True else one
        return _both(one, other, deref, loosened)
    return None


def _member_both(first: Any, second: Any, deref: Deref | None = None, loosened: list[str] | None = None) -> Any:
    """One member schema for a member two parts declare: what both say (``{}``/``true`` say
    nothing, ``false`` forbids it), or None. Loosely, one that no value can satisfy is
    ``false`` (left out where it is optional; a required one leaves nothing valid)."""
    if second is True or second == {}:
        return first
    if first is True or first == {}:
        return second
    if first is False or second is False:
        return False
    both = _both(first, second, deref, loosened)
    if both is not None or loosened is None:
        return both
    if all(_plain(node, deref) for node in (first, second)):
        return False  # two schemas that no one value satisfies
    loosened.append("properties")  # a reference that cannot be followed: the first stands
    return first


def _plain(node: Any, deref: Deref | None) -> bool:
    """Whether ``node`` is a schema object once its reference is followed."""
    node = deref(node) if deref is not None else node
    return isinstance(node, dict) and "$ref" not in node


def _closed_over(
    parts: list[dict[str, Any]], result: dict[str, Any], deref: Deref | None = None, loosened: list[str] | None = None
) -> dict[str, Any] | None:
    """``result`` (the parts merged keyword by keyword) with each part's ``additionalProperties``
    applied to the members the other parts declare and it does not (in the ``allOf``, it looks
    at its own part's members only): such a member is left out where it is forbidden (and not
    required: see :func:`forbidden_required`), or merged with the schema that applies to it;
    None where that cannot be written exactly (a ``patternProperties`` beside, or a member that
    does not merge with it)."""
    declared = {name for part in parts for name in dict_at(part, "properties")}
    properties = dict(dict_at(result, "properties"))
    for part in parts:
        extra = part.get("additionalProperties", True)
        if extra is True:
            continue
        if part.get("patternProperties"):
            if loosened is None:
                return None
            loosened.append("additionalProperties")  # beside patterns: the read side applies it
            continue
        for name in sorted(declared - set(dict_at(part, "properties"))):
            if extra is False:
                properties.pop(name, None)
                continue
            both = _both(properties.get(name, {}), extra, deref, loosened)
            if both is None:
                if loosened is None:
                    return None
                loosened.append("additionalProperties")
                continue
            properties[name] = both
    return {**result, "properties": properties} if "properties" in result else result


def forbidden_required(parts: list[dict[str, Any]]) -> str | None:
    """A member one part requires that another part's ``additionalProperties`` (it does not
    declare the member) forbids: ``false``, or a schema whose types the member's own types all
    miss. Then no object satisfies the ``allOf``. None when there is none."""
    required = {name for part in parts for name in list_at(part, "required") if isinstance(name, str)}
    for part in parts:
        extra = part.get("additionalProperties", True)
        if extra is True or part.get("patternProperties"):
            continue
        for name in sorted(required - set(dict_at(part, "properties"))):
            if extra is False or _disjoint(extra, [dict_at(p, "properties").get(name) for p in parts]):
                return name
    return None


def nothing_in_common(parts: list[dict[str, Any]]) -> str | None:
    """A keyword the parts hold with no value that all of them take (``type``s with no type in
    common, ``enum``s or ``const``s with no value in common): then no value satisfies the
    ``allOf``. None when there is none (or where it cannot be told)."""
    for key in ("type", "enum", "const"):
        held = [part[key] for part in parts if key in part]
        if len(held) < 2:
            continue
        if key == "type":
            common: set[str] | None = None
            for value in held:
                kinds = declared_types({"type": value})
                if kinds is None:
                    break  # malformed: not told here
                widened = {*kinds, "integer"} if "number" in kinds else set(kinds)
                common = widened if common is None else common & widened
            else:
                if not common:
                    return key
        elif key == "enum" and all(isinstance(value, list) for value in held):
            values = held[0]
            for other in held[1:]:
                values = [v for v in values if any(same_value(v, w) for w in other)]
            if not values:
                return key
        elif key == "const" and not all(same_value(held[0], value) for value in held[1:]):
            return key
    return None


def same_value(one: Any, other: Any) -> bool:
    """Whether two JSON values are equal as JSON Schema compares them (1 and 1.0 are; true and
    1 are not, at any depth)."""
    if isinstance(one, bool) or isinstance(other, bool):
        return one is other
    if isinstance(one, (int, float)) and isinstance(other, (int, float)):
        return one == other
    if isinstance(one, list) and isinstance(other, list):
        return len(one) == len(other) and all(same_value(a, b) for a, b in zip(one, other, strict=True))
    if isinstance(one, dict) and isinstance(other, dict):
        return one.keys() == other.keys() and all(same_value(one[k], other[k]) for k in one)
    return type(one) is type(other) and bool(one == other)


def _disjoint(extra: Any, declared: list[Any]) -> bool:
    """Whether ``extra`` takes no value of the type any of the ``declared`` schemas allows."""
    allowed = declared_types(extra) if isinstance(extra, dict) else None
    if allowed is None:
        return False
    for schema in declared:
        types = declared_types(schema) if isinstance(schema, dict) else None
        if types is not None and not any(_overlap(t, a) for t in types for a in allowed):
            return True
    return False


def _overlap(one: str, other: str) -> bool:
    return one == other or {one, other} == {"integer", "number"}


def _both(
    first: Any, second: Any, deref: Deref | None = None, loosened: list[str] | None = None
) -> dict[str, Any] | None:
    """One member schema that says what ``first`` and ``second`` both say (``allOf`` merged),
    or None where merging could change what they mean: a keyword they both hold differently,
    a reference (unless ``deref`` follows it), or members beside another's
    ``additionalProperties`` (which looks at the members of its own schema only)."""
    if deref is not None:
        first, second = deref(first), deref(second)
    if not (isinstance(first, dict) and isinstance(second, dict)) or "$ref" in first or "$ref" in second:
        return None
    for one, other in ((first, second), (second, first)):
        if "properties" in other and one.get("additionalProperties", True) is not True:
            if loosened is None:
                return None
            loosened.append("additionalProperties")
    return merged_branches(
        {k: v for k, v in first.items() if k not in ("$defs", "definitions")},
        [{k: v for k, v in second.items() if k not in ("$defs", "definitions")}],
        deref,
        loosened,
    )
