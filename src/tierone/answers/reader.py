"""The read side compiled once per original schema: what each schema node means for an answer
(which members drop on null, which places hold JSON-encoded data, the union branches and their
judges), the references followed and ``allOf``s merged once, and the validators built once.

:class:`Reader` holds these plans (:class:`Plan`) and :class:`Walk` reads an answer through
their generated functions (:mod:`.codegen`: the one implementation of what reading means);
``strictform``'s filler walks an instance the other way through the same plans, so both sides
always agree on where the rewriter put its shapes.
"""

from __future__ import annotations

from typing import Any

from ..core.meta_schemas import meta_schema_node
from ..core.patterns import PatternTimeout
from ..core.refs import RefResolver, followed
from ..core.validation import CannotJudge
from ..rewriter.members_never_given import without_members_never_given
from ..rewriter.passes.old_drafts import as_its_dialect_reads
from ..rewriter.shapes import REST_MEMBER, ROOT_MEMBER, is_free_form, is_object_root
from ..rewriter.text_or_json import listed_beside_text, read_as_container, takes_no_string, union_beside_text
from .codegen import generated
from .decoding import Path, loads, pointer_of, read_encoded
from .implied_types import with_implied_types
from .plans import SETTLE_BUDGET, Plan
from .settling import calm, inert, nulls_alone
from .verdicts import Branch

#: how messages name the schema that restore judges against
OWNER = "the original schema's"

__all__ = ["OWNER", "Path", "Plan", "Reader", "loads", "pointer_of"]


class Reader:
    """The plans of one original schema, and what reading an answer through them needs: the
    references followed, the generated functions, the validator union branches are judged
    with. Plans it compiles lazily are not thread-safe; those of a reader with ``shortcuts``
    are all compiled when it is made. Each reading walks with a :class:`Walk` of its own."""

    def __init__(self, original: Any, shortcuts: bool = True, *, lenient: bool = False, gathers: bool = False) -> None:
        self.original = original
        #: whether a string where the original takes no string is read as the JSON it holds
        #: (a subtree encoded to keep a limit: ``rewriter.passes.budgets``)
        self.lenient = lenient
        #: whether an object's member ``tierone_rest`` (where the original declares none) holds
        #: members it gathers (``rewriter.passes.gathering``), merged back before reading: a
        #: reader for a rendition known to gather none is spared the look
        self.gathers = gathers
        # planned as its dialect reads it (draft 7 and earlier ignore the siblings of a $ref,
        # as the original's validator does), with the types its keywords imply written out as
        # the rendition writes them (its union branches judged so too)
        planned = self.planned = with_implied_types(as_its_dialect_reads(original))
        self.resolver = RefResolver.of(planned)
        self._plans: dict[tuple[int, bool, bool, bool, bool, int, bool], Plan] = {}
        self._kept: list[Any] = []
        self._branch_validator: Any = None
        self.root = self.plan(planned, True, root=True)
        #: the plan of the root as the rewriter carries it where strict modes cannot take it as
        #: a root: the one member ``tierone_root`` of an object (None where the root is one)
        as_carried = without_members_never_given(self.root.node)  # (an open root of those alone is free-form data)
        self.wrapped = None if original is False or is_object_root(as_carried) else self.plan(planned, True)
        if shortcuts:  # subtrees with nothing to undo are known ahead and returned as they are
            self._settle()

    # ---- compiling --------------------------------------------------------------------------

    def plan(
        self,
        schema: Any,
        encodable: bool = True,
        *,
        root: bool = False,
        unwraps: bool = False,
        lenient: bool | None = None,
        beside: dict[str, Any] | None = None,
        verbatim: bool = False,
    ) -> Plan:
        """The plan for ``schema`` reached at a member or item (``encodable``: where the
        rewriter may have JSON-encoded free-form data) or at the root; ``unwraps``: a union
        branch of free-form data beside one that takes any string (carried in ``tierone_json``);
        ``lenient``: the reader's own unless given (False beside a branch that takes a string);
        ``beside``: for a union branch (inline or a reference), the members of the object holding the
        union (see :func:`~tierone.rewriter.shapes.members_of`); ``verbatim``: inside free-form
        data the rendition kept as it is (its nulls are data)."""
        lenient = self.lenient if lenient is None else lenient
        key = (id(schema), encodable, root, unwraps, lenient, id(beside), verbatim)
        found = self._plans.get(key)
        if found is None:
            was_ref = isinstance(schema, dict) and "$ref" in schema
            node = self.merged(self.deref(schema))
            decode = (encodable or was_ref) and not root and not unwraps and is_free_form(node)
            soft = (
                not decode and not root and (read_as_container(node) or (lenient and takes_no_string(node, self.deref)))
            )
            gathers = self.gathers and not decode and _may_gather(node)
            listed = (
                lenient
                and not decode
                and not root
                and (listed_beside_text(node) or union_beside_text(node, self.deref))
            )
            self._kept.append(schema)  # its id stays its own while the plan lives
            if beside is not None:
                self._kept.append(beside)
            found = self._plans[key] = Plan(self, node, decode, soft, gathers, unwraps, beside, verbatim, listed)
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
        _greatest(plans, "nulls_only", nulls_alone)

    def _reachable(self) -> list[Plan] | None:
        """Every plan reachable from the root, compiled; None past :data:`SETTLE_BUDGET`."""
        seen: dict[int, Plan] = {}
        stack = [self.root] if self.wrapped is None else [self.root, self.wrapped]
        while stack:
            plan = stack.pop()
            if id(plan) in seen:
                continue
            if len(seen) >= SETTLE_BUDGET:
                return None
            seen[id(plan)] = plan.prepare() if not plan.ready else plan
            stack.extend(plan.all_of)
            stack.extend(entry.plan for entry in plan.union)
            stack.extend(plan.child(name) for name in plan.properties)
            stack.extend(p for p in (plan.additional, plan.items) if p is not None)
        return list(seen.values())

    def referenced(self, ref: Any) -> Any:
        """The node a local ``$ref`` names in the original document, or a part of a meta-schema
        it names (as jsonschema, which ships them, reads it); None otherwise."""
        found = self.resolver.target(ref)
        return meta_schema_node(ref) if found is None else found

    def deref(self, schema: Any) -> Any:
        """Follow local ``$ref``s, and those into a meta-schema's parts (siblings merged over
        the target, as the rewriter does)."""
        return followed(schema, self.referenced, siblings=True)

    def generated(self, plan: Plan, owning: bool = False) -> Any:
        """The generated function that reads a value through ``plan`` (:mod:`.codegen`)."""
        return generated(plan, owning)

    def merged(self, schema: Any) -> Any:
        """An ``allOf`` merged, and ``items`` beside a union shared into its array branches, the
        way the rewriter does both (so shapes are judged alike)."""
        from ..rewriter.passes import items_shared, merged_all_of

        if not isinstance(schema, dict) or not isinstance(schema.get("allOf"), list):
            return items_shared(schema)
        branches = [self.deref(branch) for branch in schema["allOf"]]
        if not all(isinstance(b, dict) for b in branches):
            return items_shared(schema)
        base = {k: v for k, v in schema.items() if k != "allOf"}
        clean = [{k: v for k, v in b.items() if k not in ("$defs", "definitions")} for b in branches]
        merged = merged_all_of(base, clean, self.deref)[0]
        return items_shared(schema if merged is None else merged)

    # ---- walking ----------------------------------------------------------------------------

    def entry(self, value: Any) -> tuple[Plan, Any]:
        """The plan an answer is read through, and the value it reads: a root the rewriter
        carried as the member ``tierone_root`` is taken out of its wrapper (an answer given
        without the wrapper, as where the profile took the root as it is, is read as it is)."""
        if self.wrapped is not None and value.__class__ is dict and len(value) == 1 and ROOT_MEMBER in value:
            return self.wrapped, value[ROOT_MEMBER]
        return self.root, value

    def read(self, value: Any, trusted: bool = False) -> tuple[Any, list[Any]]:
        """``value`` restored, and the errors of encoded parts that cannot be decoded (a model
        validates the result when ``trusted``), through the plans' generated functions
        (:mod:`~tierone.answers.codegen`). Each call
        walks with state of its own (readers are shared between threads). (A value the
        reading owns is read in place through ``root.owns``: see ``strict``'s short way.)"""
        plan, value = self.entry(value)
        if plan.inert:
            return value, []
        walk = Walk(self, trusted)
        return plan.fn(value, None, walk), walk.errors

    def satisfies(self, entry: Branch, value: Any) -> bool:
        """Whether ``value`` satisfies a union branch, read as part of the original document
        (so its ``#/...`` references resolve there); a branch that cannot be judged is not
        satisfied."""
        verdict = entry.quick(value)
        if verdict is not None:
            return bool(verdict)
        if not isinstance(entry.schema, (dict, bool)):
            return False  # no schema (the original's check against its metaschema says so)
        if entry.validator is None:
            entry.validator = self.branch_validator().evolve(schema=entry.schema)
        try:
            return bool(entry.validator.is_valid(value))
        except (CannotJudge, PatternTimeout, RecursionError):
            raise
        except Exception:  # noqa: BLE001 (a branch we cannot judge is simply not chosen)
            return False

    def branch_validator(self) -> Any:
        """The validator branches are judged with (built once): formats asserted, as restore's
        final check of the whole answer asserts them (a ``oneOf`` of an enumeration and a
        ``format: uri`` string, JSF's signature algorithm, holds one branch only so)."""
        if self._branch_validator is None:
            from ..core.validation import validator

            self._branch_validator = validator(self.planned, formats=True, owner=OWNER)
        return self._branch_validator


class Walk:
    """One read of an answer through a reader's generated functions, with state of its own:
    the errors of encoded parts, the places being read in place, and whether a model validates
    the result (``trusted``: then a lone possible union branch is taken on the model's word)."""

    __slots__ = ("_active", "_decoded", "errors", "exact", "reader", "trusted")

    def __init__(self, reader: Reader, trusted: bool, exact: bool = False) -> None:
        self.reader, self.trusted = reader, trusted
        #: whether the answer's text is known to hold no integer past 64 bits, even inside
        #: its strings (so an encoded part is decoded by orjson alone)
        self.exact = exact
        self.errors: list[Any] = []
        #: the places being read in place (made on the first one)
        self._active: set[tuple[int, int]] | None = None
        #: each string this read decoded from JSON text, by its place and identity (made on
        #: the first such string)
        self._decoded: dict[tuple[Path, int], str] | None = None

    def decoded(self, text: str, path: Path) -> Any:
        """The data the JSON text ``text`` at ``path`` holds (:func:`read_encoded`), decoded once:
        a string this read decoded there already is that data, not text to decode again (a
        member both an object and its union's branch declare is read by both, the branch first)."""
        seen = self._decoded
        if seen is not None and seen.get((path, id(text))) is text:
            return text
        value = read_encoded(self.errors, text, path, self.exact)
        if value.__class__ is str and value is not text:
            if seen is None:
                seen = self._decoded = {}
            seen[path, id(value)] = value
        return value

    def in_place(self, value: Any, plan: Plan, pointer: Path, owning: bool = False) -> Any:
        """``value`` read through ``plan`` at the same place (an ``allOf`` or union branch; with
        ``owning``, editing the value itself): a reference loop that consumes no input stops
        here (a plan known not to lead back to itself in place needs no guard)."""
        read = plan.owns if owning else plan.fn
        if plan.loops is False:
            return read(value, pointer, self)
        key, active = (id(plan), id(pointer)), self._active
        if active is None:
            active = self._active = set()
        elif key in active:
            return value
        active.add(key)
        try:
            return read(value, pointer, self)
        finally:
            active.discard(key)

    def satisfies(self, entry: Branch, value: Any) -> bool:
        return self.reader.satisfies(entry, value)


def _may_gather(node: Any) -> bool:
    """An object with declared members, none of them named ``tierone_rest``."""
    if not isinstance(node, dict):
        return False
    properties = node.get("properties")
    return isinstance(properties, dict) and bool(properties) and REST_MEMBER not in properties


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
