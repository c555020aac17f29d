"""A faithful port of the OpenWOP conformance suite's static Tier-1 walker.

This is not tierone's linter: it reproduces, rule for rule and quirk for quirk, what the
reference suite decides (``tierOneViolations(schema, mode)``, conformance v2 semantics), so
that tierone can prove its own ``tier1`` profile is never less strict and can tell a host
exactly what the suite will say. Paths are URI fragments (``#/properties/a``).
"""

from __future__ import annotations

from typing import Any, NamedTuple

FORBIDDEN = ("oneOf", "allOf", "not", "if", "then", "else", "dependencies", "prefixItems", "propertyNames")
STRING_BOUNDS = ("minLength", "maxLength", "pattern", "format")
NUMBER_BOUNDS = ("minimum", "maximum", "multipleOf")
ARRAY_BOUNDS = ("minItems", "maxItems", "uniqueItems")
MAX_DEPTH = 5
MAX_PROPERTIES = 100
STRICT, LOAD_BEARING = "strict", "load-bearing"


class Violation(NamedTuple):
    """One violation as the reference records it."""

    path: str
    rule: str
    detail: str = ""


def _has_type(schema: dict[str, Any], name: str) -> bool:
    declared = schema.get("type")
    return declared == name or (isinstance(declared, list) and name in declared)


def violations(schema: Any, mode: str = STRICT, count_in_load_bearing: bool = True) -> list[Violation]:
    """The reference's verdict on ``schema`` in ``mode`` ("strict" or "load-bearing").

    ``count_in_load_bearing=False`` gives the v1 scenario, which checks the property count
    only in the strict leg.
    """
    strict = mode == STRICT
    found: list[Violation] = []
    count = 0
    # (node, path, depth, phase): phase 0 = enter, 1 = after anyOf branches
    stack: list[tuple[Any, str, int, int]] = [(schema, "#", 0, 0)]
    while stack:
        node, path, depth, phase = stack.pop()
        if not isinstance(node, dict):
            continue
        if phase == 0:
            if depth > MAX_DEPTH:
                found.append(Violation(path, "max-nesting-depth-5", f"depth={depth}"))
                continue
            for keyword in FORBIDDEN:
                if keyword in node:
                    found.append(Violation(path, "forbidden-keyword", keyword))
            stack.append((node, path, depth, 1))
            branches = node.get("anyOf")
            if isinstance(branches, list):
                for index in reversed(range(len(branches))):
                    stack.append((branches[index], f"{path}/anyOf/{index}", depth + 1, 0))
            continue
        later: list[tuple[Any, str, int, int]] = []
        if _has_type(node, "object"):
            if strict and node.get("additionalProperties") is not False:
                found.append(Violation(path, "additionalProperties-must-be-false-on-object-strict-only"))
            properties = node.get("properties")
            declared = node.get("required")
            required = {n for n in declared if isinstance(n, str)} if isinstance(declared, list) else set()
            if isinstance(properties, dict):
                for name, sub in properties.items():
                    count += 1
                    if strict and name not in required:
                        found.append(
                            Violation(f"{path}/properties/{name}", "property-not-in-required-strict-mode-only")
                        )
                    later.append((sub, f"{path}/properties/{name}", depth + 1, 0))
        if strict:
            for type_name, keywords, rule in (
                ("string", STRING_BOUNDS, "forbidden-string-constraint-strict-only"),
                ("number", NUMBER_BOUNDS, "forbidden-number-constraint-strict-only"),
                ("array", ARRAY_BOUNDS, "forbidden-array-constraint-strict-only"),
            ):
                if _has_type(node, type_name) or (type_name == "number" and _has_type(node, "integer")):
                    found.extend(Violation(path, rule, kw) for kw in keywords if kw in node)
        # Properties are walked as they are met, so their findings come before items/$defs.
        items = node.get("items")
        defs = node.get("$defs")
        tail: list[tuple[Any, str, int, int]] = []
        if _has_type(node, "array") and isinstance(items, dict):
            tail.append((items, f"{path}/items", depth + 1, 0))
        if isinstance(defs, dict):
            tail.extend((sub, f"{path}/$defs/{name}", depth + 1, 0) for name, sub in defs.items())
        stack.extend(reversed(later + tail))
    if (strict or count_in_load_bearing) and count > MAX_PROPERTIES:
        found.append(Violation("#", "max-property-count-100-exceeded", f"count={count}"))
    return found
