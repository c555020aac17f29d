"""Where a place of a rendition stands in the original: the place a refusal names (the author's
own), read back through what the rewrite spelled or renamed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.pointer import Pointer, PointerError


def in_source(pointer: Pointer, original: Any) -> Pointer:
    """``pointer`` (into the rendition) without the ``anyOf/N`` steps the nullable spelling put
    in (where the original has no union), and with the original's names where the rendition
    renamed (:data:`_RENAMED`): a refusal names the place the author wrote. Where the path goes
    on inside a node the original writes as a local ``$ref`` (a definition the rewrite wrote
    where it is used), as ``allOf`` branches (merged into one node) or as a tuple's places
    (written as one schema for every item), it goes on in the definition, or in the first
    branch or place the rest of the path is in; inside a union's branch, a member the original
    declares beside the union (the rewrite shares it into each branch) is named there; below
    a root that is only a local ``$ref``, in its target. Past a step the original does not have
    anywhere, the rest is kept as it is after the nearest place the original has."""
    parts = tuple(pointer)
    if not parts:
        return pointer  # (the root: where it is only a `$ref`, the $ref's target is the next place)
    # a place the original does not have (items the rewrite gave an array): its nearest place
    # that it has, followed as far as the rest, then the rest as it is
    for end in range(len(parts), 0, -1):
        traced = _from_root(parts[:end], original)
        if traced is not None:
            return Pointer((*traced, *parts[end:]))
    return Pointer(_as_far_as_written(original, parts))


def _from_root(parts: tuple[Any, ...], original: Any) -> tuple[Any, ...] | None:
    """:func:`_traced` of ``parts`` from the node the rendition's root stands for, else (the
    definitions beside a root that is only a ``$ref``) from the original's root."""
    at, target = _root_target(original)
    traced = _traced(target, at, parts, 0, original, set())
    if traced is None and target is not original:
        traced = _traced(original, (), parts, 0, original, set())
    return traced


def _traced(
    node: Any, kept: tuple[Any, ...], parts: tuple[Any, ...], at: int, original: Any, seen: set[tuple[Pointer, int]]
) -> tuple[Any, ...] | None:
    """The original's place of ``parts[at:]`` from ``node`` (at ``kept``), through references,
    ``allOf`` branches, a tuple's places and the members beside a union; None where the
    original has no such place."""
    while (step := _next_step(node, parts, at, kept, original)) is not None:
        at, part = step
        child = _child(node, part)
        if child is _MISSING and isinstance(node, list) and isinstance(part, str):
            # a tuple's places written as one schema every item takes: the anyOf of its distinct
            # places in order (tuple_items.one_item_schema), else the first place that has the rest
            firsts = [index for index, item in enumerate(node) if item not in node[:index]]
            branch = parts[at + 1] if part == "anyOf" and at + 1 < len(parts) else None
            if type(branch) is int and branch < len(firsts):
                node, kept, at = node[firsts[branch]], (*kept, firsts[branch]), at + 2
                continue
            return next(
                (p for i, item in enumerate(node) if (p := _traced(item, (*kept, i), parts, at, original, seen))), None
            )
        if child is _MISSING:  # not written here: in the definition it refers to, or in a branch
            return _through(node, kept, parts, at, original, seen) if isinstance(node, dict) else None
        node, kept, at = child, (*kept, part), at + 1
    return kept


def _through(
    node: dict[str, Any],
    kept: tuple[Any, ...],
    parts: tuple[Any, ...],
    at: int,
    original: Any,
    seen: set[tuple[Pointer, int]],
) -> tuple[Any, ...] | None:
    """:func:`_traced` of ``parts[at:]`` in the target of ``node``'s local ``$ref``, else in the
    first of its ``allOf`` branches that has that place, else, below a union's branch, from the
    node holding the union."""
    referred = referred_to(node, original)
    if referred is not None and (referred[0], at) not in seen:
        seen.add((referred[0], at))  # (a reference cycle is followed once per step of the path)
        found = _traced(referred[1], tuple(referred[0]), parts, at, original, seen)
        if found is not None:
            return found
    branches = node.get("allOf")
    for index, branch in enumerate(branches if isinstance(branches, list) else ()):
        found = _traced(branch, (*kept, "allOf", index), parts, at, original, seen)
        if found is not None:
            return found
    # what the rewrite shared into each branch of a union from the members declared beside it
    # (merged with the branch's own): named there, from the nearest branch up
    union = next(
        (end for end in range(len(kept) - 2, -1, -1) if kept[end] in _UNIONS and type(kept[end + 1]) is int), None
    )
    if union is None:
        return None
    try:
        holder = Pointer(kept[:union]).resolve(original)
    except PointerError:
        return None
    return _traced(holder, kept[:union], (*kept[union + 2 :], *parts[at:]), 0, original, set())


#: the keywords of a union's branches
_UNIONS = ("anyOf", "oneOf")


def referred_to(node: Any, original: Any) -> tuple[Pointer, Any] | None:
    """The place and node in ``original`` that ``node``'s local ``$ref`` (a JSON Pointer) names;
    None where it has none, or it names nothing there."""
    ref = node.get("$ref") if isinstance(node, dict) else None
    if not isinstance(ref, str) or not ref.startswith("#/"):
        return None
    try:
        target = Pointer.parse(ref)
        return target, target.resolve(original)
    except PointerError:
        return None


def _next_step(
    node: Any, parts: tuple[Any, ...], at: int, kept: Sequence[Any], original: Any
) -> tuple[int, Any] | None:
    """The next step of ``parts`` from ``at`` below ``node`` (at ``kept``) past the ``anyOf/N``
    steps the nullable spelling put in, where it stands and the original's name for it; None
    at the end."""
    while at < len(parts) and _spelled_null(parts[at], at, parts, node, kept, original):
        at += 2
    if at == len(parts):
        return None
    part = parts[at]
    if part in _RENAMED and isinstance(node, dict) and part not in node and _RENAMED[part] in node:
        part = _RENAMED[part]
    return at, part


def _spelled_null(part: Any, at: int, parts: tuple[Any, ...], node: Any, kept: Sequence[Any], original: Any) -> bool:
    """Whether ``parts[at:at + 2]`` is an ``anyOf/N`` step the nullable spelling put in (the
    original has no union there, nor in the definition its ``$ref`` names, which the rewrite
    may have written there)."""
    return (
        part == "anyOf"
        and at + 1 < len(parts)
        and isinstance(node, dict)
        and "anyOf" not in node
        and "oneOf" not in node
        and (not kept or kept[-1] not in ("properties", "$defs", "definitions"))
        and not _union_referred_to(node, original)
    )


def _union_referred_to(node: dict[str, Any], original: Any) -> bool:
    """Whether the definition ``node``'s local ``$ref`` names holds a union (which the rewrite
    may have written where it is used)."""
    referred = referred_to(node, original) if "$ref" in node else None
    return referred is not None and isinstance(referred[1], dict) and any(key in referred[1] for key in _UNIONS)


def _as_far_as_written(original: Any, parts: tuple[Any, ...]) -> tuple[Any, ...]:
    """The places of :func:`in_source` without references or branches followed: as far as the
    original has them, then the rest as it is."""
    root, node = _root_target(original)
    kept: list[Any] = [*root]
    at = 0
    while (step := _next_step(node, parts, at, kept, original)) is not None:
        at, part = step
        kept.append(part)
        node = _child(node, part)
        if node is _MISSING:
            if len(kept) == len(root) + 1 and root:  # not in the root's target: a place of the root itself
                return _as_far_as_written({}, parts)
            return (*kept, *parts[at + 1 :])
        at += 1
    return tuple(kept)


def _child(node: Any, part: Any) -> Any:
    """The member or item ``part`` of ``node``; :data:`_MISSING` where it has none."""
    if isinstance(node, dict) and isinstance(part, str):
        return node.get(part, _MISSING)
    if isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
        return node[part]
    return _MISSING


#: no such member or item
_MISSING: Any = object()


#: what the rendition calls by another name than the original: its definitions, and a union renamed
_RENAMED = {"$defs": "definitions", "anyOf": "oneOf"}


def _root_target(original: Any) -> tuple[tuple[Any, ...], Any]:
    """Where the node the rendition's root stands for is in the original, and that node: the
    target of a root that is only a local ``$ref`` (pydantic's recursive model, inlined by the
    rewrite), else the root."""
    ref = original.get("$ref") if isinstance(original, dict) and "properties" not in original else None
    if isinstance(ref, str) and ref.startswith("#/"):
        try:
            target = Pointer.parse(ref)
            return tuple(target), target.resolve(original)
        except PointerError:
            return (), original
    return (), original
