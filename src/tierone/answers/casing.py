"""Enum and const strings given in another case, read as the value the schema allows: for
vendors whose answers may change the case of such a string
(:attr:`~tierone.vendors.model.Vendor.case_drift`). A string is repaired only where every
schema that may apply to it allows a fixed set of strings, it is none of them, and exactly one
of them matches it when case is ignored; anything else is left for validation to refuse. Each
repair is a :class:`CaseRepaired` warning."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

from ..core.errors import shown
from ..core.jsontypes import listed_values
from ..core.pointer import Pointer
from .findings import StrictError
from .rendition import Rendition
from .shortway import instance_of, read_answer

__all__ = ["CaseRepaired", "instance_recased", "recased", "restored_recased"]

#: how deep the repair follows an answer (deeper strings are left as they are)
DEPTH = 256


class CaseRepaired(UserWarning):
    """An ``enum`` or ``const`` string of the answer was given in another case and read as the
    value the schema allows. ``pointer`` is where, ``given`` and ``read`` the two strings. Record
    them with ``warnings.catch_warnings(record=True)``, or refuse such answers with
    ``warnings.simplefilter("error", tierone.CaseRepaired)``."""

    def __init__(self, pointer: Pointer, given: str, read: str, vendor_note: str) -> None:
        self.pointer, self.given, self.read = pointer, given, read
        super().__init__(f"[{pointer}] {shown(given)} read as {shown(read)} (the case differs; {vendor_note})")


def restored_recased(rendition: Rendition, data: Any, shallow: bool) -> Any:
    """``data`` restored and validated as :func:`~.shortway.read_answer` does; where that fails
    under a rendition whose vendor may change the case of enum and const strings, read again
    with those repaired (validated again)."""
    try:
        return read_answer(rendition.reader, data, shallow, validate=True)
    except StrictError as refused:
        repaired = _repaired(rendition, data, shallow)
        if repaired is None:
            raise
        errors = rendition.reader.validate(repaired)
        if errors:
            raise StrictError(
                ((e.pointer, e.message) for e in errors), "the answer is invalid"
            ) from refused.with_traceback(None)
        return repaired


def instance_recased(rendition: Rendition, check: Any, data: Any, shallow: bool) -> Any:
    """The model's instance of ``data`` as :func:`~.shortway.instance_of` makes it; where the
    model refuses it under a rendition whose vendor may change the case of enum and const
    strings, made again with those repaired."""
    payload = read_answer(rendition.reader, data, shallow, validate=False)
    try:
        return instance_of(check, payload)
    except StrictError:
        repaired = _repaired(rendition, data, shallow)
        if repaired is None:
            raise
        return instance_of(check, repaired)


def _repaired(rendition: Rendition, data: Any, shallow: bool) -> Any:
    """The restored answer with its enum and const strings repaired, or None where the vendor
    keeps their case or none was repaired."""
    if rendition.case_note is None:
        return None
    payload = read_answer(rendition.reader, data, shallow, validate=False)
    restorer = rendition.reader
    repaired, count = recased(payload, restorer.original, restorer.reader.deref, rendition.case_note)
    return repaired if count else None


def recased(value: Any, schema: Any, deref: Callable[[Any], Any], vendor_note: str) -> tuple[Any, int]:
    """``value`` (restored, in the original's meaning) with each enum or const string given
    in another case repaired (a copy where anything changes), and how many were; a
    :class:`CaseRepaired` warning for each."""
    repairs: list[CaseRepaired] = []
    fixed = _walk(value, [schema], deref, (), repairs, 0, vendor_note)
    for repair in repairs:
        warnings.warn(repair, stacklevel=4)
    return fixed, len(repairs)


def _candidates(schemas: list[Any], deref: Callable[[Any], Any]) -> list[dict[str, Any]]:
    """The schemas that may apply at one place: each followed, with its union branches and
    ``allOf`` parts (a boolean schema or anything else stops the repair there)."""
    found: list[dict[str, Any]] = []
    stack = list(schemas)
    while stack and len(found) < 1_000:
        node = deref(stack.pop())
        if not isinstance(node, dict):
            return []
        found.append(node)
        for keyword in ("anyOf", "oneOf", "allOf"):
            if isinstance(node.get(keyword), list):
                stack += node[keyword]
    return found


def _walk(
    value: Any, schemas: list[Any], deref: Any, at: tuple[Any, ...], repairs: list[Any], depth: int, note: str
) -> Any:
    if depth > DEPTH:
        return value
    nodes = _candidates(schemas, deref)
    if not nodes:
        return value
    if isinstance(value, str):
        return _string(value, nodes, at, repairs, note)
    if isinstance(value, dict):
        changed = {}
        for name, member in value.items():
            below = [
                n["properties"][name]
                for n in nodes
                if isinstance(n.get("properties"), dict) and name in n["properties"]
            ]
            below += [
                n["additionalProperties"]
                for n in nodes
                if isinstance(n.get("additionalProperties"), dict) and not below
            ]
            new = _walk(member, below, deref, (*at, name), repairs, depth + 1, note) if below else member
            if new is not member:
                changed[name] = new
        return {**value, **changed} if changed else value
    if isinstance(value, list):
        out = list(value)
        for index, item in enumerate(value):
            below = [
                n["prefixItems"][index]
                for n in nodes
                if isinstance(n.get("prefixItems"), list) and index < len(n["prefixItems"])
            ]
            below = below or [n["items"] for n in nodes if isinstance(n.get("items"), dict)]
            if below:
                out[index] = _walk(item, below, deref, (*at, index), repairs, depth + 1, note)
        return out if any(a is not b for a, b in zip(out, value, strict=True)) else value
    return value


def _string(value: str, nodes: list[dict[str, Any]], at: tuple[Any, ...], repairs: list[Any], note: str) -> str:
    allowed: set[str] = set()
    for node in nodes:
        values = listed_values(node)
        declared = node.get("type")
        if (
            values is None
            and declared is not None
            and "string" not in (declared if isinstance(declared, list) else [declared])
        ):
            continue  # takes no string
        if values is None:
            if node.get("anyOf") or node.get("oneOf") or node.get("allOf"):
                continue  # its branches speak for it
            return value  # this schema may take the string as it is
        allowed.update(v for v in values if isinstance(v, str))
    if value in allowed:
        return value
    matching = [v for v in allowed if v.casefold() == value.casefold()]
    if len(matching) != 1:
        return value  # none, or ambiguous: validation says what is wrong
    repairs.append(CaseRepaired(Pointer(at), value, matching[0], note))
    return matching[0]
