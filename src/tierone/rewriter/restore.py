"""``restore()``: the model's strict-mode answer turned back into what the original schema means.

The rewriter made optional fields required and nullable and turned free-form data into JSON
strings; restore undoes exactly that, guided by the ORIGINAL schema (with the same shape
predicates the rewriter used), then validates the result against the original with
jsonschema, so every constraint the wire schema could not carry is enforced here.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, NamedTuple

from ..core.jsontypes import names_at
from ..core.patterns import PatternTimeout
from ..core.pointer import Pointer
from ..core.refs import LOCAL, RefResolver
from ..core.validation import CannotJudge
from .shapes import dict_at, is_free_form, items_of

MAX_REF_HOPS = 64
#: how messages name the schema that restore judges against
OWNER = "the original schema's"


class RestoreError(NamedTuple):
    """One reason the restored payload does not satisfy the original schema."""

    #: RFC 6901 pointer into the payload
    pointer: str
    message: str


class Restored(NamedTuple):
    """The restored payload, and the errors that make it invalid (none when valid)."""

    payload: Any
    errors: tuple[RestoreError, ...]

    @property
    def ok(self) -> bool:
        return not self.errors


class _Reader:
    """Walks a payload alongside the original schema."""

    def __init__(self, original: Any) -> None:
        self.original = original
        self.resolver = RefResolver.of(original)
        self.errors: list[RestoreError] = []
        #: (schema, place) pairs being read: a reference loop that consumes no input stops here
        self.active: set[tuple[int, tuple[Any, ...]]] = set()

    def judge(self, subschema: Any, value: Any) -> bool:
        """Whether ``value`` satisfies ``subschema``, read as part of the original document
        (so its ``#/...`` references resolve there)."""
        validator = self.__dict__.get("_validator")
        if validator is None:
            from ..core.validation import validator as build

            validator = self.__dict__["_validator"] = build(self.original, owner=OWNER)
        return bool(validator.evolve(schema=subschema).is_valid(value))

    def trial(self) -> _Reader:
        """A reader for trying one branch: its own errors, the same references and loop guard."""
        trial = object.__new__(type(self))
        trial.__dict__.update(self.__dict__)
        trial.errors = []
        return trial

    def deref(self, schema: Any) -> Any:
        """Follow local ``$ref``s (siblings merged over the target, as the rewriter does)."""
        for _ in range(MAX_REF_HOPS):
            if not isinstance(schema, dict) or "$ref" not in schema:
                return schema
            resolution = self.resolver.resolve(schema["$ref"])
            if resolution.kind != LOCAL or resolution.target is None:
                return schema
            target = resolution.target.resolve(self.original)
            siblings = {k: v for k, v in schema.items() if k != "$ref"}
            schema = {**target, **siblings} if isinstance(target, dict) and siblings else target
        return schema

    def merged(self, schema: Any) -> Any:
        """An ``allOf`` merged the way the rewriter merges it (so shapes are judged alike)."""
        if not isinstance(schema, dict) or not isinstance(schema.get("allOf"), list):
            return schema
        from .passes import _merged

        branches = [self.deref(branch) for branch in schema["allOf"]]
        if not all(isinstance(b, dict) for b in branches):
            return schema
        base = {k: v for k, v in schema.items() if k != "allOf"}
        clean = [{k: v for k, v in b.items() if k not in ("$defs", "definitions")} for b in branches]
        merged = _merged(base, clean)
        return schema if merged is None else merged

    def value(self, value: Any, schema: Any, pointer: Pointer, encodable: bool = True) -> Any:
        """``value`` restored against ``schema``; ``encodable`` says whether the rewriter may
        have turned free-form data at this place into a JSON string."""
        key = (id(schema), tuple(pointer))
        if key in self.active:
            return value
        self.active.add(key)
        try:
            return self._value(value, schema, pointer, encodable)
        finally:
            self.active.discard(key)

    def _value(self, value: Any, schema: Any, pointer: Pointer, encodable: bool) -> Any:
        was_ref = isinstance(schema, dict) and "$ref" in schema
        schema = self.merged(self.deref(schema))
        if (encodable or was_ref) and pointer and is_free_form(schema):
            handled, value = self.free_form(value, pointer)
            if handled:
                return value
        if not isinstance(schema, dict):
            return value
        for branch in schema.get("allOf", []) if isinstance(schema.get("allOf"), list) else []:
            value = self.value(value, branch, pointer, encodable=False)
        union = schema.get("anyOf") if isinstance(schema.get("anyOf"), list) else schema.get("oneOf")
        if isinstance(union, list) and union:
            value = self.branch(value, union, pointer)
        if isinstance(value, dict):
            return self.members(value, schema, pointer)
        if isinstance(value, list):
            items = items_of(schema)
            if isinstance(items, (dict, bool)):
                return [self.value(item, items, pointer.child(i)) for i, item in enumerate(value)]
        return value

    def free_form(self, value: Any, pointer: Pointer) -> tuple[bool, Any]:
        """Free-form data travels as a JSON string: decode it. (handled, value)"""
        from ..core.depth import MAX_JUDGED_DEPTH, depth_over
        from ..core.validation import TooDeep

        if not isinstance(value, str):
            return False, value
        try:
            decoded = json.loads(value, parse_constant=_not_json)
        except _NotJson as error:
            self.errors.append(RestoreError(str(pointer), f"the JSON-encoded value holds {error}, which is not JSON"))
            return True, value
        except RecursionError:
            decoded = _TOO_DEEP
        except ValueError:
            self.errors.append(RestoreError(str(pointer), "expected a JSON-encoded value (a string holding JSON)"))
            return True, value
        if decoded is _TOO_DEEP or depth_over(decoded, MAX_JUDGED_DEPTH - len(pointer)):
            raise TooDeep(f"too deep: the JSON-encoded value at [{pointer}] takes the payload past "
                          f"{MAX_JUDGED_DEPTH:,} levels", str(pointer), about="payload")
        return True, decoded

    def members(self, value: dict[str, Any], schema: dict[str, Any], pointer: Pointer) -> dict[str, Any]:
        properties = dict_at(schema, "properties")
        required = names_at(schema)
        additional = schema.get("additionalProperties")
        restored = {}
        for name, member in value.items():
            if member is None and name in properties and name not in required:
                continue  # null means absent
            if name in properties:
                restored[name] = self.value(member, properties[name], pointer.child(name))
            elif isinstance(additional, dict):
                restored[name] = self.value(member, additional, pointer.child(name), encodable=False)
            else:
                restored[name] = member
        return restored

    def branch(self, value: Any, branches: list[Any], pointer: Pointer) -> Any:
        """Restore through the first branch the restored value satisfies."""
        for branch in branches:
            reader = self.trial()
            candidate = reader.value(value, branch, pointer)
            if reader.errors:
                continue
            target = self.deref(branch)
            try:
                valid = self.judge(target, candidate)
            except (CannotJudge, PatternTimeout, RecursionError):
                raise
            except Exception:  # noqa: BLE001 (a branch we cannot judge is simply not chosen)
                valid = False
            if valid:
                return candidate
        return value


#: stands for a decoded value too deep to decode
_TOO_DEEP = object()


class _NotJson(ValueError):
    """A constant that Python's json accepts and JSON does not (NaN, Infinity, -Infinity)."""


def _not_json(name: str) -> Any:
    raise _NotJson(name)


def validate(payload: Any, schema: Any) -> tuple[RestoreError, ...]:
    """Validate with jsonschema (the dialect the schema names; 2020-12 by default), formats
    included. References are never fetched: one that is not in the document raises
    :class:`~tierone.core.validation.ReferenceNotHere`."""
    import jsonschema
    from referencing.exceptions import Unresolvable

    from ..core.validation import ReferenceNotHere, check_schema, reference_site, validator

    try:
        check_schema(schema, OWNER)
        errors = sorted(validator(schema, formats=True, owner=OWNER).iter_errors(payload),
                        key=lambda e: (list(map(str, e.absolute_path)), e.message))
        return tuple(RestoreError(str(Pointer(tuple(e.absolute_path))), e.message) for e in errors)
    except Unresolvable as error:  # a reference the static check could not see (under an unknown keyword)
        ref = str(getattr(error, "ref", ""))
        raise ReferenceNotHere(ref, reference_site(schema, ref), OWNER) from None
    except jsonschema.SchemaError as error:
        where = str(Pointer(tuple(error.absolute_path)))
        return (RestoreError("", f"the original schema is invalid at [{where}]: {error.message}"),)


def restore(payload: Any, original: Mapping[str, Any] | bool) -> Restored:
    """Undo the strict-mode emulation on ``payload`` and validate it against ``original``.

    ``null`` for a property that was optional in ``original`` becomes absent; a JSON string
    standing for free-form data is decoded. Works for answers to the rewritten schema of any
    profile. The input is not modified. Nothing is ever fetched.

    Raises :class:`~tierone.core.validation.CannotJudge` when the payload cannot be judged:
    a reference that is not in the document, a ``$schema`` that is not a string, nesting
    past :data:`~tierone.core.depth.MAX_JUDGED_DEPTH`, or a pattern that takes too long.

    >>> original = {"type": "object", "properties": {"a": {"type": "string"}}}
    >>> restore({"a": None}, original).payload
    {}
    """
    from ..core.depth import deeply

    return deeply(_restore, payload, original)


def _restore(payload: Any, original: Any) -> Restored:
    from ..core.depth import MAX_JUDGED_DEPTH, depth_over, too_deep
    from ..core.validation import ReferenceLoop, TooDeep, check_references

    for what, value in (("the original schema", original), ("the payload", payload)):
        if depth_over(value):
            raise TooDeep(f"too deep: {what} nests past {MAX_JUDGED_DEPTH:,} levels", about="payload" if value is payload else "schema")
    check_references(original, OWNER)
    reader = _Reader(original)
    restored = payload
    try:
        restored = reader.value(payload, original, Pointer())
        errors = tuple(reader.errors) + validate(restored, original)
    except RecursionError:
        problem = too_deep(original, OWNER)
        if isinstance(problem, ReferenceLoop):
            return Restored(restored, (RestoreError("", problem.message),))
        raise problem from None
    except PatternTimeout as error:
        where = _place_of(error.value, restored, payload)
        raise CannotJudge(f"[{where}] {error}", where, about="payload") from None
    return Restored(restored, errors)


def _place_of(value: str, *trees: Any) -> str:
    """The pointer of the first member holding ``value`` (as its value or its name)."""
    from ..core.validation import everything

    for same in (lambda a, b: a is b, lambda a, b: a == b):
        for tree in trees:
            for pointer, here in everything(tree):
                if same(here, value):
                    return str(pointer)
                if isinstance(here, dict) and any(same(name, value) for name in here):
                    return str(pointer.child(next(name for name in here if same(name, value))))
    return ""
