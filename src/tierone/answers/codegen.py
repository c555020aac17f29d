"""The read side's plans as Python functions, generated once per plan (the way fast validators
such as fastjsonschema compile a schema): each object plan's members are unrolled, so reading
an answer runs straight-line code instead of walking the plan member by member.

The generated functions are the one implementation of what reading an answer means (the
read-side contract, docs/read-side.md): null drops an optional member, a JSON-encoded value is
decoded (free-form data kept as data is read verbatim; an open object's members beside its
``tierone_rest`` as declared), a union is read through the first branch the value satisfies,
``allOf`` branches in turn at the same place. Nothing from the schema is ever written into the
source: the code names members, plans and helpers only as ``K0``, ``P0``... which are bound in
the function's namespace, and the source depends on nothing but the plan's shape (so plans of
one shape share one code object).

    # source_for(Reader(SCHEMA).root), where SCHEMA is
    # {"type": "object", "properties": {"a": {"type": "object"}, "b": {"type": "string"}}, "required": ["a"]}
    # (K1 is "a", P2 reads its JSON-encoded value, K3 is "b", which drops on null)
    def read(value, pointer, walk):
        if isinstance(value, dict):
            r = value.copy() if type(value) is dict else dict(value.items())
            v0 = r.get(K1, r)
            if v0 is not r:
                r[K1] = P2.fn(v0, (pointer, K1), walk)
            if r.get(K3, r) is None:
                del r[K3]
            return r
        return value

:func:`source_for` gives any plan's source (a test keeps the example above its real output);
each source is kept in :mod:`linecache`: a traceback through a generated function shows its lines.
"""

from __future__ import annotations

from typing import Any

from ..rewriter.shapes import JSON_MEMBER, REST_MEMBER
from .branches import branch_of
from .compiling import function_of, source_of
from .decoding import gather_rest, read_soft, read_wrapped
from .plans import Plan, reentrant


def generated(plan: Plan, owning: bool = False) -> Any:
    """The function that reads a value through ``plan``: ``fn(value, pointer, walk)``;
    ``owning``: one that edits the value's objects and arrays in place instead of reading
    them into copies (union branches, which may be tried in vain, still read copies)."""
    made = plan.owns if owning else plan.fn
    if getattr(made, "__func__", None) not in (Plan._first, Plan._first_owning):
        return made
    generated = _generate(plan, owning)
    return _same if generated is None else function_of(*generated)


def source_for(plan: Plan, owning: bool = False) -> str:
    """The Python source of the function :func:`generated` makes for ``plan`` (the names it
    binds, ``K0``, ``P1``..., are member names, plans and helpers); a plan with nothing to undo
    reads a value as it is."""
    generated = _generate(plan, owning)
    return source_of(("return value",) if generated is None else generated[0])


def _generate(plan: Plan, owning: bool) -> tuple[tuple[str, ...], dict[str, Any]] | None:
    """The body lines of ``plan``'s reading function and the names they use; None when the
    plan has nothing to undo."""
    if not plan.ready:
        plan.prepare()
    if plan.inert:
        return None
    _guard(plan)
    names: dict[str, Any] = {}
    lines: list[str] = []
    for flag, first, bound in _FIRST:
        if getattr(plan, flag):
            lines += first
            names.update(bound)
    if plan.decode:  # not JSON text: declared members beside tierone_rest, or data kept as it is (verbatim)
        fn, rest = "owns" if owning else "fn", plan.beside_rest()
        names.update(KEPT=plan.kept(), REST=rest, R=REST_MEMBER)
        if rest is not None:  # its text may hold the rendition's form (a limit encoded it): tierone_rest and all
            lines = [*lines[:1], "    value = walk.decoded(value, pointer)", *_UNLESS_REST]
            lines += ["if value.__class__ is dict and R in value:", f"    return REST.{fn}(value, pointer, walk)"]
        return (*lines, f"return KEPT.{fn}(value, pointer, walk)"), names
    for i, step in enumerate(plan.all_of):
        if not step.inert:
            names[f"A{i}"] = step
            lines.append(f"value = walk.in_place(value, A{i}, pointer)")
    if plan.union:
        names["branch"] = branch_of(plan, owning)
        lines.append("value = branch(value, pointer, walk)")
    emit = _Emit(names, plan, owning)
    lines.append("if isinstance(value, dict):")
    lines += ["    " + line for line in _members(plan, emit)]
    if plan.items is not None and not plan.items.inert:
        lines += [
            "if isinstance(value, list):",
            f"    l0 = {emit.list_of('value')}",
            "    for i0, v0 in enumerate(l0):",
            *_indent(_read_into(plan.items, "v0", "l0[i0]", "(pointer, i0)", emit, 1), 2),
            "    return l0",
        ]
    lines.append("return value")
    return tuple(lines), names


#: decoded JSON text read as it is unless it holds members gathered into ``tierone_rest``
_UNLESS_REST = ("    if value.__class__ is not dict or R not in value:", "        return value")
#: a value that is an object whose one member ``tierone_json`` holds JSON text
_ONE_JSON_MEMBER = "if value.__class__ is dict and len(value) == 1 and value.get(J).__class__ is str:"
#: what a plan's function does first, by the plan's flags (``soft`` only where not ``decode``)
_FIRST: tuple[tuple[str, tuple[str, ...], dict[str, Any]], ...] = (
    ("decode", ("if isinstance(value, str):", "    return walk.decoded(value, pointer)"), {}),
    ("soft", ("if isinstance(value, str):", "    value = read_soft(value, pointer)"), {"read_soft": read_soft}),
    (
        "listed",
        (_ONE_JSON_MEMBER, "    value = read_wrapped(value[J], pointer)"),
        {"read_wrapped": read_wrapped, "J": JSON_MEMBER},
    ),
    ("unwraps", (_ONE_JSON_MEMBER, "    return walk.decoded(value[J], pointer)"), {"J": JSON_MEMBER}),
    (
        "gathers",
        ("if value.__class__ is dict and R in value:", "    value = gather_rest(value, pointer, walk.errors)"),
        {"gather_rest": gather_rest, "R": REST_MEMBER},
    ),
)

#: plans read inline in one generated function (past it, or deeper, or back at a plan being
#: read inline, the function reads through the child plan's own function)
INLINE_BUDGET = 24
INLINE_DEPTH = 6


class _Emit:
    """The names a generated function binds, and what it may still read inline."""

    def __init__(self, names: dict[str, Any], plan: Plan, owning: bool) -> None:
        self.names, self.stack, self.left, self.owning = names, [plan], INLINE_BUDGET, owning
        #: the attribute of a plan that reads a value the way this function does
        self.fn = "owns" if owning else "fn"

    def bind(self, prefix: str, value: Any) -> str:
        name = f"{prefix}{len(self.names)}"
        self.names[name] = value
        return name

    def dict_of(self, value: str) -> str:
        """The object ``value`` as the function edits it: a plain copy, or itself when owning."""
        return value if self.owning else f"{value}.copy() if type({value}) is dict else dict({value}.items())"

    def list_of(self, value: str) -> str:
        return value if self.owning else f"list({value})"


def _guard(plan: Plan) -> None:
    """Work out which of the plans ``plan`` reads in place can come back to themselves."""
    for step in (*plan.all_of, *(entry.plan for entry in plan.union)):
        if step.loops is None:
            step.loops = reentrant(step)  # read in place unguarded when it cannot come back


def _members(plan: Plan, emit: _Emit) -> list[str]:
    """The lines that read an object's members: in the schema's order, each in place in a
    copy, when the order cannot show (at most one of them can record an error or raise, or
    the answer names every member in the schema's order, as a strict answer does); else in
    the answer's order, as a walk member by member would."""
    additional = plan.additional if plan.additional is not None and not plan.additional.inert else None
    active = _active(plan)
    in_order = _members_in_order(plan, additional, emit)
    if additional is not None:
        return in_order
    if not plan.properties and (plan.union or plan.all_of):
        return ["return value"]  # as read by the union or allOf: no member of its own to read
    if sum(not child.quiet for _, child in active) <= 1:
        return [f"r = {emit.dict_of('value')}", *_in_place(plan, active, "r", "pointer", False, emit, 0), "return r"]
    emit.names["N"] = tuple(plan.properties)
    return [
        "if type(value) is dict and tuple(value) == N:",
        f"    r = {'value' if emit.owning else 'value.copy()'}",
        *_indent(_in_place(plan, active, "r", "pointer", True, emit, 0), 1),
        "    return r",
        *in_order,
    ]


def _active(plan: Plan) -> list[tuple[str, Plan]]:
    """The members reading may change: those that drop on null, and those with something to undo."""
    return [(name, plan.child(name)) for name in plan.properties if name in plan.optional or not plan.child(name).inert]


def _in_place(
    plan: Plan, active: list[tuple[str, Plan]], r: str, pointer: str, every: bool, emit: _Emit, level: int
) -> list[str]:
    """Each active member read in place in the copy ``r`` (``every``: all of them are there),
    its value held in ``v<level>`` while it is read."""
    lines, v = [], f"v{level}"
    for name, child in active:
        key = emit.bind("K", name)
        if child.inert:  # optional: null means absent
            lines += [f"if {r}[{key}] is None:" if every else f"if {r}.get({key}, {r}) is None:", f"    del {r}[{key}]"]
            continue
        read = _indent(_read_into(child, v, f"{r}[{key}]", f"({pointer}, {key})", emit, level + 1), 1)
        got = f"{v} = {r}[{key}]" if every else f"{v} = {r}.get({key}, {r})"
        if name not in plan.optional:
            lines += [got, *_indent(read, -1)] if every else [got, f"if {v} is not {r}:", *read]
        else:
            lines += [
                got,
                f"if {v} is None:",
                f"    del {r}[{key}]",
                "else:" if every else f"elif {v} is not {r}:",
                *read,
            ]
    return lines


def _read_into(plan: Plan, value: str, into: str, pointer: str, emit: _Emit, level: int) -> list[str]:
    """The lines that store ``plan``'s reading of ``value`` (which ``into`` holds) in ``into``
    where it differs: read inline when ``plan`` is a plain object or array and the budget
    allows, else through the plan's own function."""
    shape = _shape(plan) if emit.left > 0 and level <= INLINE_DEPTH and all(p is not plan for p in emit.stack) else None
    if shape is None:  # (through a plain plan, an empty container or a scalar reads as itself: no call)
        read = f"{into} = {emit.bind('P', plan)}.{emit.fn}({value}, {pointer}, walk)"
        return [f"if {value}:", f"    {read}"] if emit.owning and plan.plain() else [read]
    emit.left -= 1
    if shape == "union":
        _guard(plan)
        return [f"{into} = {emit.bind('B', branch_of(plan, emit.owning))}({value}, {pointer}, walk)"]
    emit.stack.append(plan)
    try:
        if shape == "array" and plan.items is not None:
            l, i, v = f"l{level}", f"i{level}", f"v{level}"
            return [
                f"if isinstance({value}, list):",
                f"    {l} = {emit.list_of(value)}",
                f"    for {i}, {v} in enumerate({l}):",
                *_indent(_read_into(plan.items, v, f"{l}[{i}]", f"({pointer}, {i})", emit, level + 1), 2),
                *_stored(into, l, emit),
                *([] if emit.owning else [f"elif isinstance({value}, dict):", f"    {into} = {emit.dict_of(value)}"]),
            ]
        r = f"r{level}"
        return [
            f"if isinstance({value}, dict):",
            f"    {r} = {emit.dict_of(value)}",
            *_indent(_in_place(plan, _active(plan), r, pointer, False, emit, level), 1),
            *_stored(into, r, emit),
        ]
    finally:
        emit.stack.pop()


def _stored(into: str, read: str, emit: _Emit) -> list[str]:
    """The line that stores the container ``read`` (read inline) in ``into``; none when owning:
    it was read in place, so ``into`` holds it already."""
    return [] if emit.owning else [f"    {into} = {read}"]


def _shape(plan: Plan) -> str | None:
    """How ``plan`` is read inline: "object" (members only, at most one of which can record
    an error or raise: read in the schema's order), "array" (items only), "union" (a union
    only: its reading called at once), or None."""
    if not plan.ready:
        plan.prepare()
    if plan.inert or plan.decode or plan.soft or plan.listed or plan.gathers or plan.unwraps or plan.all_of:
        return None
    if plan.additional is not None and not plan.additional.inert:
        return None
    has_items = plan.items is not None and not plan.items.inert
    if plan.union:
        return "union" if not plan.properties and not has_items else None
    if has_items:
        return "array" if not plan.properties else None
    return "object" if sum(not child.quiet for _, child in _active(plan)) <= 1 else None


def _indent(lines: list[str], steps: int) -> list[str]:
    return [line[4 * -steps :] for line in lines] if steps < 0 else [" " * (4 * steps) + line for line in lines]


def _members_in_order(plan: Plan, additional: Plan | None, emit: _Emit) -> list[str]:
    emit.names["T"] = {
        name: (name in plan.optional, None if plan.child(name).inert else plan.child(name)) for name in plan.properties
    }
    extra = "member"
    if additional is not None:
        emit.names["X"], extra = additional, f"X.{emit.fn}(member, (pointer, name), walk)"
    return [
        "r = {}",
        "for name, member in value.items():",
        "    how = T.get(name)",
        "    if how is None:",
        f"        r[name] = {extra}",
        "    elif member is None and how[0]:",
        "        continue",
        "    else:",
        f"        r[name] = member if how[1] is None else how[1].{emit.fn}(member, (pointer, name), walk)",
        "return r",
    ]


def _same(value: Any, pointer: Any, walk: Any) -> Any:
    return value
