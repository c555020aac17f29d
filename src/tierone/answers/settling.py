"""What the reader settles of each plan once every plan is compiled (the greatest fixed point,
:meth:`~tierone.answers.reader.Reader._settle`): which plans have nothing to undo, which undo
only optional members' nulls, and which can record no error."""

from __future__ import annotations

from .plans import Plan, carried_in_json

__all__ = ["calm", "inert", "nulls_alone"]


def inert(plan: Plan) -> bool:
    """Whether reading through ``plan`` can change nothing (given what is inert below): a
    union or ``allOf`` whose branches change nothing changes nothing either."""
    if (
        plan.decode
        or plan.soft
        or plan.listed
        or plan.gathers
        or plan.unwraps
        or plan.optional
        or carried_in_json(plan)
    ):
        return False
    below = [*plan.all_of, *(entry.plan for entry in plan.union), *(plan.child(name) for name in plan.properties)]
    return all(p.inert for p in below) and all(p is None or p.inert for p in (plan.additional, plan.items))


def nulls_alone(plan: Plan) -> bool:
    """Whether reading through ``plan`` changes a value only where it holds null (an optional
    member's null dropped), given what is so below: it decodes, gathers and unwraps nothing
    and judges no union branch here (a union whose branches change nothing is inert)."""
    if plan.inert:
        return True
    if plan.decode or plan.soft or plan.listed or plan.gathers or plan.unwraps or plan.union or not plan.ready:
        return False
    below = [*plan.all_of, *(plan.child(name) for name in plan.properties)]
    return all(p.nulls_only for p in below) and all(p is None or p.nulls_only for p in (plan.additional, plan.items))


def calm(plan: Plan) -> bool:
    """Whether reading through ``plan`` can record no error and raise nothing (given what is
    quiet below): it decodes nothing and judges no union branch here or below."""
    if plan.inert:
        return True
    if plan.decode or plan.listed or plan.gathers or plan.unwraps or plan.union or not plan.ready:
        return False
    below = [*plan.all_of, *(plan.child(name) for name in plan.properties)]
    return all(p.quiet for p in below) and all(p is None or p.quiet for p in (plan.additional, plan.items))
