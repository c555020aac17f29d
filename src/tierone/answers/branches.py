"""The reading of a union, made once per plan for the generated functions of
:mod:`~tierone.answers.codegen`, with the steps worked out ahead (which branches
may be judged without a validator, which hold null alone, what a discriminator names)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from ..rewriter.shapes import JSON_MEMBER
from .decoding import read_soft
from .plans import Plan, carried_in_json, carried_names
from .verdicts import Branch, plain

#: a value of each JSON type but null
_NOT_NULL: tuple[Any, ...] = ({}, [], "", 0, 0.5, True)


class Step(NamedTuple):
    """One branch as the reading of a union tries it, worked out ahead."""

    #: the plan that reads a value through the branch
    plan: Plan
    #: its quick verdict on a value (True, False, or None when unsure)
    quick: Callable[[Any], bool | None]
    #: the branch itself (its validator is built on the first value the quick verdict cannot settle)
    branch: Branch
    #: the quick verdicts of the later branches, when judging this one can raise nothing and
    #: every later one leaves its value as it is (then a value they all rule out needs no validator)
    spare: tuple[Callable[[Any], bool | None], ...] | None
    #: reading through it records no error: no errors to set aside
    direct: bool
    #: the members an object can hold in the branch as the rendition closes it (None: any)
    names: frozenset[str] | None


def _null_alone(entry: Branch) -> bool:
    """Whether the union branch ``entry`` leaves its value as it is and its verdict rules out
    every value but ``null``."""
    return bool(entry.plan.inert) and all(entry.quick(value) is False for value in _NOT_NULL)


def branch_of(plan: Plan, owning: bool = False) -> Any:
    """The reading of ``plan``'s union (``owning``: by a function that may edit the value in
    place, as the owning reading of a fresh answer does): through the first
    branch the restored value satisfies (a model judges a lone possible branch when
    ``trusted``). A branch that records no error is read without the errors set aside.
    One shortcut: a branch that left the value as it was need not be judged
    when judging it can raise nothing and every later branch is ruled out by its quick
    verdict on the value (both outcomes give the value back)."""
    reader = plan._reader
    plain_at = {id(entry): plain(reader.referenced, entry.schema) for entry in plan.union}

    def steps(entries: tuple[Branch, ...]) -> tuple[Step, ...]:
        made = []
        for i, entry in enumerate(entries):
            later = entries[i + 1 :]
            spare = tuple(e.quick for e in later) if plain_at[id(entry)] and all(e.plan.inert for e in later) else None
            made.append(Step(entry.plan, entry.quick, entry, spare, entry.plan.quiet, carried_names(entry.plan)))
        return tuple(made)

    union = steps(plan.union)
    in_json = carried_in_json(plan)
    carried = tuple(step for step in union if step.branch in in_json)
    # a branch that holds null alone changes no other value and is ruled out for it at once
    besides_null = steps(tuple(entry for entry in plan.union if not _null_alone(entry)))
    tag, tagged = (None, {}) if plan.tag is None else (plan.tag[0], {c: steps(es) for c, es in plan.tag[1].items()})
    # where some branch's object holds only its declared members: an object with others is
    # first tried through the branches that can hold it (the rendition's own reading of it)
    closing = {id(s) for s in (union, besides_null, *tagged.values()) if any(st.names is not None for st in s)}

    def branch(value: Any, pointer: Any, walk: Any) -> Any:
        if carried and type(value) is dict and len(value) == 1 and type(value.get(JSON_MEMBER)) is str:
            found = _unwrapped(value[JSON_MEMBER], carried, pointer, walk)
            if found is not _NONE:
                return found
        entries = union if value is None else besides_null
        if tag is not None and type(value) is dict and type(value.get(tag)) is str:
            entries = tagged.get(value[tag], ())  # a discriminator names the one branch
        if walk.trusted and len(entries) == 1 and entries[0].direct:  # a lone branch that records no error
            step, verdict_of = entries[0].plan, entries[0].quick
            candidate = value if step.inert else walk.in_place(value, step, pointer, owning)
            if candidate is value:  # read in place (or left as it is): either verdict gives it back
                return value
            return value if verdict_of(candidate) is False else candidate  # the model judges it
        if type(value) is dict and id(entries) in closing:
            entries = _holding_first(entries, value)
        tried: list[tuple[Branch, Any, bool | None]] = []
        for step, verdict_of, entry, spare, direct, _ in entries:
            if step.inert:
                candidate = value
            elif direct:  # records no error: none to set aside
                candidate = walk.in_place(value, step, pointer)
            else:
                saved = walk.errors
                walk.errors = []
                try:
                    candidate = walk.in_place(value, step, pointer)
                    failed = bool(walk.errors)
                finally:
                    walk.errors = saved
                if failed:
                    continue
            verdict = verdict_of(candidate)
            if verdict is True and not tried:
                return candidate
            if verdict is not False:
                if not walk.trusted:
                    if (
                        verdict
                        or (spare is not None and candidate == value and all(v(value) is False for v in spare))
                        or walk.satisfies(entry, candidate)
                    ):
                        return candidate
                    continue
                tried.append((entry, candidate, verdict))
        if len(tried) == 1:
            return tried[0][1]
        for entry, candidate, verdict in tried:
            if verdict or walk.satisfies(entry, candidate):
                return candidate
        return value

    return branch


def _holding_first(entries: tuple[Step, ...], value: dict[str, Any]) -> tuple[Step, ...]:
    """``entries`` with those whose object can hold each member of ``value`` first (in order):
    where the original's branches are open, an answer may satisfy one the rendition closed
    against its members, and the branch that declares them is the one the answer was given in."""
    holding = tuple(s for s in entries if s.names is None or s.names.issuperset(value))
    if len(holding) == len(entries):
        return entries
    return (*holding, *(s for s in entries if not (s.names is None or s.names.issuperset(value))))


#: no branch took the value
_NONE: Any = object()


def _unwrapped(text: str, carried: tuple[Step, ...], pointer: Any, walk: Any) -> Any:
    """The JSON ``text`` (a ``tierone_json`` object's member) read through the first branch of
    ``carried`` it satisfies; :data:`_NONE` where it holds no JSON or none takes it."""
    inner = read_soft(text, pointer)
    if inner is text:
        return _NONE  # no JSON in it (or a string): the object is read as it is
    for step in carried:
        saved, walk.errors = walk.errors, []
        try:  # each branch reads a copy of its own (the reading edits it in place)
            candidate = walk.in_place(inner if step is carried[0] else read_soft(text, pointer), step.plan, pointer)
            failed = bool(walk.errors)
        finally:
            walk.errors = saved
        if not failed and (step.quick(candidate) or walk.satisfies(step.branch, candidate)):
            return candidate
    return _NONE
