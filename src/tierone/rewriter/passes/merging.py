"""Merging ``allOf`` parts into one schema, exactly or not at all: what the rewriter writes for
an ``allOf`` and what the read side takes it to mean (``answers.reader``)."""

from __future__ import annotations

from typing import Any

from ...core.jsontypes import declared_types, names_at
from ...subset.table import TABLE_KEYWORDS
from ..shapes import ANNOTATION_KEYS, dict_at, list_at


def merged_branches(base: dict[str, Any], branches: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Merge ``branches`` into ``base`` exactly (the merged schema takes what all of them take);
    None when two of them hold a keyword in ways one schema cannot say together. A member
    declared twice is merged (``{}``/``true`` beside X is X, ``false`` beside anything is
    ``false``); ``type`` and ``enum`` are intersected, bounds take the tighter, annotations the
    first."""
    result = dict(base)
    for branch in branches:
        for key, value in branch.items():
            if key not in result or result[key] == value:
                result[key] = value
            elif key == "properties" and isinstance(value, dict) and isinstance(result[key], dict):
                properties = dict(result[key])
                for name, sub in value.items():
                    if name in properties and properties[name] != sub:
                        sub = _member_both(properties[name], sub)
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
                both = _keyword_both(key, result[key], value)
                if both is None:
                    return None
                result[key] = both
    return _closed_over([base, *branches], result)


#: bounds whose tighter value is the larger, and those whose tighter value is the smaller
LOWER = frozenset({"minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains"})
UPPER = frozenset({"maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains"})


def _keyword_both(key: str, one: Any, other: Any) -> Any:
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
        common = [v for v in one if any(v == w and type(v) is type(w) for w in other)]
        return common or None
    if key in ("items", "additionalItems", "propertyNames", "contains") and isinstance(one, (dict, bool)):
        return _member_both(one, other) if isinstance(other, (dict, bool)) else None
    if key == "additionalProperties":
        if one is False or other is False:
            return False
        if one is True or other is True:
            return other if one is True else one
        return _both(one, other)
    return None


def _member_both(first: Any, second: Any) -> Any:
    """One member schema for a member two parts declare: what both say (``{}``/``true`` say
    nothing, ``false`` forbids it), or None."""
    if second is True or second == {}:
        return first
    if first is True or first == {}:
        return second
    if first is False or second is False:
        return False
    return _both(first, second)


def _closed_over(parts: list[dict[str, Any]], result: dict[str, Any]) -> dict[str, Any] | None:
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
            return None
        for name in sorted(declared - set(dict_at(part, "properties"))):
            if extra is False:
                properties.pop(name, None)
                continue
            both = _both(properties.get(name, {}), extra)
            if both is None:
                return None
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


def _both(first: Any, second: Any) -> dict[str, Any] | None:
    """One member schema that says what ``first`` and ``second`` both say (``allOf`` merged),
    or None where merging could change what they mean: a keyword they both hold differently,
    a reference, or members beside another's ``additionalProperties`` (which looks at the
    members of its own schema only)."""
    if not (isinstance(first, dict) and isinstance(second, dict)) or "$ref" in first or "$ref" in second:
        return None
    for one, other in ((first, second), (second, first)):
        if "properties" in other and one.get("additionalProperties", True) is not True:
            return None
    return merged_branches(first, [second])
