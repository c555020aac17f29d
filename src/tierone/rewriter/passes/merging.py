"""Merging ``allOf`` parts into one schema, exactly or not at all: what the rewriter writes for
an ``allOf`` and what the read side takes it to mean (``answers.reader``)."""

from __future__ import annotations

from typing import Any

from ...core.jsontypes import declared_types, names_at
from ..shapes import dict_at, list_at


def merged_branches(base: dict[str, Any], branches: list[dict[str, Any]]) -> dict[str, Any] | None:
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
    return _closed_over([base, *branches], result)


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
