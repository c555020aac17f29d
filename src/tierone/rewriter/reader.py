"""The read side compiled once per original schema: what each schema node means for an answer
(which members drop on null, which places hold JSON-encoded data, the union branches and their
judges), the references followed and ``allOf``s merged once, and the validators built once.

:class:`Reader` walks an answer alongside the original schema through these plans (:class:`Plan`);
``strictform``'s filler walks an instance the other way through the same ones, so both sides
always agree on where the rewriter put its shapes.
"""

from __future__ import annotations

from typing import Any

from ..core.patterns import PatternTimeout
from ..core.refs import LOCAL, RefResolver
from ..core.validation import CannotJudge
from .decoding import Path, loads, pointer_of, read_encoded
from .plans import SETTLE_BUDGET, Plan, calm, inert
from .shapes import is_free_form

MAX_REF_HOPS = 64
#: how messages name the schema that restore judges against
OWNER = "the original schema's"

__all__ = ["OWNER", "Path", "Plan", "Reader", "loads", "pointer_of"]


class Reader:
    """The reader of answers to one original schema. Plans it compiles lazily are not
    thread-safe; those of a reader with ``shortcuts`` are all compiled when it is made."""

    #: whether subtrees with nothing to undo are returned as they are
    shortcuts = True
    #: whether the result is validated by a model (which then judges a lone union branch)
    trusted = False

    def __init__(self, original: Any) -> None:
        self.original = original
        self.resolver = RefResolver.of(original)
        self.errors: list[Any] = []
        self._plans: dict[tuple[int, bool, bool], Plan] = {}
        self._kept: list[Any] = []
        self._active: set[tuple[int, int]] = set()
        self._judge: Any = None
        self.root = self.plan(original, True, root=True)
        if self.shortcuts:
            self._settle()

    # ---- compiling --------------------------------------------------------------------------

    def plan(self, schema: Any, encodable: bool = True, *, root: bool = False) -> Plan:
        """The plan for ``schema`` reached at a member or item (``encodable``: where the
        rewriter may have JSON-encoded free-form data) or at the root."""
        key = (id(schema), encodable, root)
        found = self._plans.get(key)
        if found is None:
            was_ref = isinstance(schema, dict) and "$ref" in schema
            node = self.merged(self.deref(schema))
            decode = (encodable or was_ref) and not root and is_free_form(node)
            self._kept.append(schema)  # its id stays its own while the plan lives
            found = self._plans[key] = Plan(self, node, decode)
        return found

    def _settle(self) -> None:
        """Compile every plan reachable from the root, and mark those with nothing to undo
        (the greatest fixed point: a recursive shape with nothing to undo is inert too)."""
        plans = self._reachable()
        if plans is None:
            return
        for plan in plans:
            plan.inert = True
        _greatest(plans, "inert", inert)
        _greatest(plans, "quiet", calm)

    def _reachable(self) -> list[Plan] | None:
        """Every plan reachable from the root, compiled; None past :data:`SETTLE_BUDGET`."""
        seen: dict[int, Plan] = {}
        stack = [self.root]
        while stack:
            plan = stack.pop()
            if id(plan) in seen:
                continue
            if len(seen) >= SETTLE_BUDGET:
                return None
            seen[id(plan)] = plan.prepare() if not plan.ready else plan
            stack.extend(plan.all_of)
            stack.extend(entry[0] for entry in plan.union)
            stack.extend(plan.child(name) for name in plan.properties)
            stack.extend(p for p in (plan.additional, plan.items) if p is not None)
        return list(seen.values())

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
        from .passes import merged_branches

        branches = [self.deref(branch) for branch in schema["allOf"]]
        if not all(isinstance(b, dict) for b in branches):
            return schema
        base = {k: v for k, v in schema.items() if k != "allOf"}
        clean = [{k: v for k, v in b.items() if k not in ("$defs", "definitions")} for b in branches]
        merged = merged_branches(base, clean)
        return schema if merged is None else merged

    # ---- walking ----------------------------------------------------------------------------

    def read(self, value: Any, trusted: bool = False) -> tuple[Any, list[Any]]:
        """``value`` restored, and the errors of encoded parts that cannot be decoded (a model
        validates the result when ``trusted``), through the plans' generated functions
        (:mod:`~tierone.rewriter.codegen`, which read as :meth:`value` does). Each call
        walks with state of its own (readers are shared between threads). (A value the
        reading owns is read in place through ``root.owns``: see ``strict``'s short way.)"""
        if self.root.inert:
            return value, []
        walk = Walk(self, trusted)
        return self.root.fn(value, None, walk), walk.errors

    def value(self, value: Any, plan: Plan, pointer: Path) -> Any:
        if plan.inert:
            return value
        if not plan.ready:
            plan.prepare()
        if plan.decode:
            handled, value = self.free_form(value, pointer)
            if handled:
                return value
        for step in plan.all_of:
            value = self.in_place(value, step, pointer)
        if plan.union:
            value = self.branch(value, plan, pointer)
        if isinstance(value, dict):
            return self.members(value, plan, pointer)
        if isinstance(value, list) and plan.items is not None:
            items = plan.items
            if items.inert:
                return value
            return [self.value(item, items, (pointer, i)) for i, item in enumerate(value)]
        return value

    def in_place(self, value: Any, plan: Plan, pointer: Path) -> Any:
        """``value`` read through ``plan`` at the same place (an ``allOf`` or union branch): a
        reference loop that consumes no input stops here (a plan known not to lead back to
        itself in place needs no guard)."""
        if plan.loops is False:
            return self.value(value, plan, pointer)
        key = (id(plan), id(pointer))
        if key in self._active:
            return value
        self._active.add(key)
        try:
            return self.value(value, plan, pointer)
        finally:
            self._active.discard(key)

    def free_form(self, value: Any, pointer: Path) -> tuple[bool, Any]:
        """Free-form data travels as a JSON string: decode it. (handled, value)"""
        if not isinstance(value, str):
            return False, value
        return True, read_encoded(self.errors, value, pointer)

    def members(self, value: dict[str, Any], plan: Plan, pointer: Path) -> dict[str, Any]:
        properties, optional, additional = plan.properties, plan.optional, plan.additional
        restored = {}
        for name, member in value.items():
            if name in properties:
                if member is None and name in optional:
                    continue  # null means absent
                child = plan._children.get(name) or plan.child(name)
                restored[name] = member if child.inert else self.value(member, child, (pointer, name))
            elif additional is not None and not additional.inert:
                restored[name] = self.value(member, additional, (pointer, name))
            else:
                restored[name] = member
        return restored

    def branch(self, value: Any, plan: Plan, pointer: Path) -> Any:
        """Restore through the first branch the restored value satisfies. When the result is
        validated by a model (``trusted``) and only one branch can hold the value at all,
        that branch is taken without a validator's word: the model judges it."""
        tried: list[tuple[list[Any], Any, bool | None]] = []
        entries = plan.union
        if plan.tag is not None and type(value) is dict and type(value.get(plan.tag[0])) is str:
            entries = plan.tag[1].get(value[plan.tag[0]], ())  # a discriminator names the one branch
        for entry in entries:
            if entry[0].inert:
                candidate, failed = value, False
            else:
                saved, self.errors = self.errors, []
                try:
                    candidate = self.in_place(value, entry[0], pointer)
                    failed = bool(self.errors)
                finally:
                    self.errors = saved
            if failed:
                continue
            verdict = entry[3](candidate)
            if verdict is True and not tried:
                return candidate
            if verdict is not False:
                if not self.trusted:
                    if verdict or self.satisfies(entry, candidate):
                        return candidate
                    continue
                tried.append((entry, candidate, verdict))
        if len(tried) == 1:
            return tried[0][1]
        for entry, candidate, verdict in tried:
            if verdict or self.satisfies(entry, candidate):
                return candidate
        return value

    def satisfies(self, entry: list[Any], value: Any) -> bool:
        """Whether ``value`` satisfies a union branch, read as part of the original document
        (so its ``#/...`` references resolve there); a branch that cannot be judged is not
        satisfied."""
        verdict = entry[3](value)
        if verdict is not None:
            return bool(verdict)
        if not isinstance(entry[1], (dict, bool)):
            return False  # no schema (the original's check against its metaschema says so)
        if entry[2] is None:
            entry[2] = self.judge().evolve(schema=entry[1])
        try:
            return bool(entry[2].is_valid(value))
        except (CannotJudge, PatternTimeout, RecursionError):
            raise
        except Exception:  # noqa: BLE001 (a branch we cannot judge is simply not chosen)
            return False

    def judge(self) -> Any:
        """The validator branches are judged with (built once)."""
        if self._judge is None:
            from ..core.validation import validator

            self._judge = validator(self.original, owner=OWNER)
        return self._judge




class Walk(Reader):
    """One read of an answer: the reader's plans with state of its own (the errors of encoded
    parts, the places being read in place, whether a model validates), reading through the
    plans' generated functions."""

    __slots__ = ("_active", "errors", "original", "reader", "trusted")

    def __init__(self, reader: Reader, trusted: bool) -> None:
        self.reader, self.original, self.trusted = reader, reader.original, trusted
        self.errors, self._active = [], set()

    def value(self, value: Any, plan: Plan, pointer: Path) -> Any:
        return plan.fn(value, pointer, self)

    def judge(self) -> Any:
        return self.reader.judge()


def _greatest(plans: list[Plan], flag: str, holds: Any) -> None:
    """Set ``flag`` on the plans where ``holds`` (the greatest fixed point: a recursive shape
    holds when nothing below breaks it)."""
    for plan in plans:
        setattr(plan, flag, True)
    changed = True
    while changed:
        changed = False
        for plan in plans:
            if getattr(plan, flag) and not holds(plan):
                setattr(plan, flag, False)
                changed = True
