"""The schemas a request body carries: found by the slots of its kind (each vendor module
declares its APIs' kinds; :mod:`.mcp` the MCP ``tools/list`` result), the kind named or
recognised by its shape. A bare list of tools is read as the ``tools`` of a request.

>>> tool = {"name": "save", "input_schema": {"type": "object"}, "strict": True}
>>> found = embedded({"model": "m", "tools": [tool, {"name": "look", "input_schema": {}}]})
>>> found.kind, [(str(e.pointer), e.label, e.profile) for e in found.schemas]
('anthropic-messages', [('/tools/0/input_schema', 'tool save', 'anthropic')])
>>> [e.label for e in found.loose]  # sent without strict mode: held to no subset
['tool look']
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, NamedTuple

from ..core.pointer import Pointer
from . import REQUEST_KINDS
from .model import SCHEMA_KEYS, RequestKind, Slot

__all__ = ["KINDS", "Embedded", "Found", "embedded", "named_kind_missing", "spelt"]

#: every request kind by its ``--input-kind`` name, the vendors' first
KINDS = REQUEST_KINDS
#: members only a request body holds at its root (the APIs' conversation and configuration)
_BODY_KEYS = frozenset({"messages", "contents", "input", "generationConfig", "generation_config", "jsonrpc"})


class Embedded(NamedTuple):
    """One schema a request carries."""

    pointer: Pointer
    #: what it is, for messages: "tool NAME", "output", "output NAME"
    label: str
    #: the profile it is written for (None: the configured one)
    profile: str | None
    role: str
    #: its ``type`` values are spelt in upper case (see :attr:`Slot.upper_types`): read it
    #: through :func:`spelt` and write its rendition back through it
    upper_types: bool = False


class Found(NamedTuple):
    """What a request body carries: its kind, its schemas, and its tools sent without strict
    mode (not linted: the vendor holds them to no subset)."""

    kind: str
    schemas: list[Embedded]
    loose: list[Embedded]


def embedded(data: Any, kind: str | None = None) -> Found | None:
    """The schemas ``data`` carries as a request of ``kind`` (recognised by its shape when not
    named), or None when it is no request (a schema, most likely). A :class:`ValueError` when
    ``kind`` is named and is none of :data:`KINDS`."""
    if kind is not None and kind not in KINDS:
        raise ValueError(f"unknown input kind {kind!r}; choose one of: schema, {', '.join(KINDS)}")
    bare = isinstance(data, list)
    body = {"tools": data} if bare else data
    if not isinstance(body, dict) or (not bare and kind is None and SCHEMA_KEYS & body.keys()):
        return None
    for candidate in [KINDS[kind]] if kind else KINDS.values():
        found = _found(body, candidate, bare)
        if found is not None and (found.schemas or found.loose or kind is not None):
            return found
    if kind is not None:
        return Found(kind, [], [])
    if not bare and _BODY_KEYS & body.keys():
        return Found("request", [], [])  # a request that carries no schema: nothing to check
    return None


def named_kind_missing(found: Found | None, kind: str | None) -> str | None:
    """Where ``kind`` was named and the input holds no schema where such a request carries one,
    what to say (the input is not what was named); else None."""
    if kind is None or kind == "schema" or (found is not None and (found.schemas or found.loose)):
        return None
    return f"not a {kind} request: it holds no schema where one carries it"


def _found(body: dict[str, Any], kind: RequestKind, bare: bool) -> Found | None:
    schemas: list[Embedded] = []
    loose: list[Embedded] = []
    for slot in kind.slots:
        if bare and slot.path[0] != "tools":
            continue
        for at, schema in _each(body, slot.path, (), kind.either_case):
            if not isinstance(schema, (dict, bool)):
                continue
            pointer = Pointer(at[1:] if bare else at)
            upper = slot.upper_types and _types(schema, str.isupper)
            entry = Embedded(pointer, _label(body, slot, at), slot.profile, slot.role, upper)
            (schemas if _strict(body, slot, at) else loose).append(entry)
    return Found(kind.name, schemas, loose) if schemas or loose else None


def _each(
    value: Any, path: tuple[str, ...], at: tuple[Any, ...], either_case: bool
) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every value at ``path`` (``*``: each item of a list), with where it is."""
    if not path:
        yield at, value
        return
    step, rest = path[0], path[1:]
    if step == "*":
        if isinstance(value, list):
            for index, item in enumerate(value):
                yield from _each(item, rest, (*at, index), either_case)
    elif isinstance(value, dict):
        key = _key(value, step) if either_case else (step if step in value else None)
        if key is not None:
            yield from _each(value[key], rest, (*at, key), either_case)


def _key(value: dict[str, Any], step: str) -> str | None:
    """The member of ``value`` that ``step`` names, as spelt (a request may spell a name in
    camelCase or snake_case: google-genai sends ``functionDeclarations`` holding
    ``parameters_json_schema``)."""
    if step in value:
        return step
    snake = re.sub(r"(?<!^)([A-Z])", lambda m: "_" + m.group(1).lower(), step)
    camel = re.sub(r"_([a-z])", lambda m: m.group(1).upper(), step)
    return next((k for k in (snake, camel) if k in value), None)


def _at(body: Any, path: tuple[str, ...] | None, at: tuple[Any, ...]) -> Any:
    """The value at ``path`` for the schema at ``at`` (its ``*`` are the schema's indexes)."""
    if path is None:
        return None
    indexes = iter(step for step, want in zip(at, path, strict=False) if want == "*")
    value = body
    for step in path:
        key = next(indexes, None) if step == "*" else step
        if isinstance(value, dict) and isinstance(key, str):
            found = _key(value, key)
            value = None if found is None else value[found]
        elif isinstance(value, list) and isinstance(key, int) and key < len(value):
            value = value[key]
        else:
            return None
    return value


def _label(body: Any, slot: Slot, at: tuple[Any, ...]) -> str:
    name = _at(body, slot.name, at)
    return f"{slot.role} {name}" if isinstance(name, str) else slot.role


def _strict(body: Any, slot: Slot, at: tuple[Any, ...]) -> bool:
    if slot.strict is None:
        return True
    flag = _at(body, slot.strict, at)
    return flag if isinstance(flag, bool) else slot.strict_by_default


def spelt(schema: Any, upper: bool) -> Any:
    """``schema`` with every ``type`` value in upper case (``upper``) or lower case: the spelling
    of a Gemini REST body's OpenAPI types, and tierone's."""
    if isinstance(schema, list):
        return [spelt(item, upper) for item in schema]
    if not isinstance(schema, dict):
        return schema
    respelt = str.upper if upper else str.lower
    return {
        key: (
            respelt(value)
            if key == "type" and isinstance(value, str)
            else [respelt(v) if isinstance(v, str) else v for v in value]
            if key == "type" and isinstance(value, list)
            else spelt(value, upper)
        )
        for key, value in schema.items()
    }


def _types(schema: Any, test: Any) -> bool:
    """Whether some ``type`` value of ``schema`` passes ``test`` (and none is spelt otherwise)."""
    found: list[bool] = []
    stack = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            kind = node.get("type")
            if isinstance(kind, str) and kind.isalpha():
                found.append(test(kind))
            stack.extend(v for v in node.values() if isinstance(v, (dict, list)))
        elif isinstance(node, list):
            stack.extend(node)
    return bool(found) and all(found)
