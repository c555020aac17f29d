"""Members an object requires (itself, or in a branch of its ``anyOf``/``oneOf``) without
declaring them, that its ``patternProperties`` name: each takes what the patterns matching its
name say (and ``additionalProperties`` says nothing of it), so declaring it so changes nothing
the object means. The rewriter declares them in an object beside a union, where a profile that
refuses ``patternProperties`` leaves the patterns out and keeps the object (elsewhere such an
object travels whole as JSON text); restore reads them alike."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from ..core.patterns import PatternTimeout, is_pattern, search


def pattern_members(schema: Mapping[str, Any], deref: Callable[[Any], Any] | None = None) -> dict[str, Any]:
    """Each name ``schema`` or a branch of its union requires (``deref`` follows branches given
    by ``$ref``) that it does not declare and a pattern of its ``patternProperties`` matches,
    with the schema of that pattern (an ``allOf`` of them where several match); a name whose
    matching cannot be told (a pattern that is none, or too slow) is left out."""
    patterns = schema.get("patternProperties")
    if not isinstance(patterns, dict) or not patterns:
        return {}
    declared = schema.get("properties")
    declared = declared if isinstance(declared, dict) else {}
    found: dict[str, Any] = {}
    for name in _required_names(schema, deref):
        if name in declared or name in found:
            continue
        try:
            matching = [sub for p, sub in patterns.items() if isinstance(p, str) and is_pattern(p) and search(p, name)]
        except PatternTimeout:
            continue
        if matching:
            found[name] = matching[0] if len(matching) == 1 else {"allOf": matching}
    return found


def _required_names(schema: Mapping[str, Any], deref: Callable[[Any], Any] | None) -> Iterator[str]:
    """The names ``schema`` requires, then those each branch of its union requires."""
    nodes: list[Any] = [schema]
    for key in ("anyOf", "oneOf"):
        branches = schema.get(key)
        if isinstance(branches, list):
            nodes += [deref(b) if deref is not None else b for b in branches]
    for node in nodes:
        required = node.get("required") if isinstance(node, dict) else None
        if isinstance(required, list):
            yield from (name for name in required if isinstance(name, str))
