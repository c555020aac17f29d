"""The plans the read side walks by: what one schema node means for the value found there
(compiled once per original schema by :class:`~tierone.answers.reader.Reader`). (Which plans
have nothing to undo is :mod:`~tierone.answers.settling`; the verdicts on union branches that
need no validator are :mod:`~tierone.answers.verdicts`.)"""

from __future__ import annotations

from typing import Any, Protocol

from ..core.jsontypes import names_at
from ..rewriter.open_objects import open_with_members
from ..rewriter.shapes import JSON_MEMBER, REST_MEMBER, items_of, members_of, takes_scalars_alone
from ..rewriter.text_or_json import beside_text, takes_no_string, takes_null_alone, unwraps_json
from ..rewriter.tuple_items import one_item_schema
from ..rewriter.typed_unions import typed_by_branches
from .verdicts import Branch, tag_of


class Planner(Protocol):
    """What a plan asks of the reader that made it: the plans of other nodes, references
    followed, and its reading function generated (the reader holds the code generator, so
    this module depends on neither)."""

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
    ) -> Plan: ...

    def deref(self, schema: Any) -> Any: ...

    def referenced(self, ref: Any) -> Any: ...

    def generated(self, plan: Plan, owning: bool = False) -> Any: ...

    #: whether the reader merges members gathered into an object's ``tierone_rest`` back
    gathers: bool
    #: whether a string where the original takes none is read as the JSON it holds
    lenient: bool


class Plan:
    """What one schema node, reached one way, means for the value found there. Its children
    are compiled when it is first walked (or settled): a schema whose merged ``allOf`` makes
    new nodes at every level of a recursion compiles only as deep as an answer goes."""

    __slots__ = (
        "_children",
        "_reader",
        "additional",
        "all_of",
        "decode",
        "fn",
        "gathers",
        "inert",
        "items",
        "listed",
        "loops",
        "node",
        "nulls_only",
        "optional",
        "owns",
        "properties",
        "quiet",
        "ready",
        "soft",
        "tag",
        "union",
        "unwraps",
        "verbatim",
    )

    def __init__(
        self,
        reader: Planner,
        node: Any,
        decode: bool,
        soft: bool = False,
        gathers: bool = False,
        unwraps: bool = False,
        beside: dict[str, Any] | None = None,
        verbatim: bool = False,
        listed: bool = False,
    ) -> None:
        self._reader = reader
        #: the node with its ``$ref`` followed and its ``allOf`` merged
        self.node = node
        #: free-form data here travels as a JSON string
        self.decode = decode
        #: a string here (where the original takes none) is read as the JSON it holds: a
        #: subtree the rewriter encoded to keep a limit (lenient readers only)
        self.soft = soft
        #: an object whose members the rewriter may have gathered into its member
        #: ``tierone_rest`` (to keep a count limit): merged back before reading (readers that gather only)
        self.gathers = gathers
        #: free-form data in a union beside a branch that takes any string: it travels as the
        #: one member ``tierone_json`` of an object, holding its JSON (never as a bare string)
        self.unwraps = unwraps
        #: a type list the rendition may carry as a union with a branch in ``tierone_json`` (lenient)
        self.listed = listed
        #: a value inside free-form data that the rendition kept as it is (not as JSON text):
        #: read as the original's data, its nulls kept (as they are in decoded text)
        self.verbatim = verbatim
        is_dict = isinstance(node, dict)
        self.properties: dict[str, Any] = members_of(node, reader.deref, beside) if is_dict else {}
        if beside and not beside.keys().isdisjoint(self.properties):
            self.properties = _shared(self.properties, beside)
        #: members that were optional: null means absent
        self.optional = (
            frozenset(n for n in self.properties if n not in names_at(node))
            if is_dict and not verbatim
            else frozenset()
        )
        self._children: dict[str, Plan] = {}
        #: nothing to undo anywhere below: the value is its own restoration (set by the reader)
        self.inert = False
        #: nothing to undo anywhere below but optional members' nulls: a value holding no null
        #: is its own restoration (set by the reader)
        self.nulls_only = False
        #: reading here records no error and raises nothing (no decoding, no union below; set by
        #: the reader): such members may be read in any order
        self.quiet = False
        #: the generated function that reads a value here (compiled on its first call)
        self.fn = self._first
        #: the same reading, editing the value in place where it would copy it: for values the
        #: reading owns (parsed from text by the reader, shared with no one)
        self.owns = self._first_owning
        self.all_of: tuple[Plan, ...] = ()
        #: the union's branches, in order
        self.union: tuple[Branch, ...] = ()
        #: a discriminated union's tag: (member name, {its string const: the branch}), or None
        self.tag: tuple[str, dict[str, tuple[Branch, ...]]] | None = None
        self.additional: Plan | None = None
        self.items: Plan | None = None
        #: whether reading here may come back here at the same place (None: not worked out;
        #: see :func:`reentrant`, which the generated function of a plan reading this one in
        #: place sets it by)
        self.loops: bool | None = None
        self.ready = False

    def prepare(self) -> Plan:
        """Compile the plans of the ``allOf``, union branches, extra members and items."""
        reader, node = self._reader, self.node
        if isinstance(node, dict):
            all_of = node.get("allOf")
            verbatim = self.verbatim
            self.all_of = (
                tuple(reader.plan(b, False, verbatim=verbatim) for b in all_of) if isinstance(all_of, list) else ()
            )
            union = node.get("anyOf") if isinstance(node.get("anyOf"), list) else node.get("oneOf")
            declared = node.get("properties") or None
            scalars = takes_scalars_alone(node)  # a branch of any data then takes those scalars: never text
            self.union = (
                tuple(_entry(reader, union, b, declared, verbatim, not scalars) for b in union)
                if isinstance(union, list)
                else ()
            )
            self.tag = tag_of(self.union)
            additional = node.get("additionalProperties")
            self.additional = (
                reader.plan(additional, False, verbatim=verbatim) if isinstance(additional, dict) else None
            )
            items = items_of(node)
            tuple_ = one_item_schema(node)
            if tuple_ is not None:  # as the rewriter writes it where tuples are refused (native where kept)
                items = tuple_[0]
            elif items is True and typed_by_branches(node, reader.referenced):
                items = None  # the union's branches give the items (the rewriter leaves them the type)
            self.items = reader.plan(items, verbatim=verbatim) if isinstance(items, (dict, bool)) else None
        self.ready = True
        return self

    def plain(self, but: str = "") -> bool:
        """Whether reading here only reads members and items (but the step ``but``): a scalar reads as itself."""
        if not self.ready:
            self.prepare()
        steps = ("decode", "soft", "listed", "unwraps", "gathers", "all_of", "union")
        return not any(getattr(self, step) for step in steps if step != but)

    def _first(self, value: Any, pointer: Any, walk: Any) -> Any:
        fn = self.fn = self._reader.generated(self)
        return fn(value, pointer, walk)

    def _first_owning(self, value: Any, pointer: Any, walk: Any) -> Any:
        fn = self.owns = self._reader.generated(self, owning=True)
        return fn(value, pointer, walk)

    def owning(self) -> Any:
        """:attr:`owns` as made by now (generated here where it is not yet): what a caller
        that keeps the function, rather than looking it up on each read, keeps."""
        if getattr(self.owns, "__func__", None) is Plan._first_owning:
            self.owns = self._reader.generated(self, owning=True)
        return self.owns

    def child(self, name: str) -> Plan:
        """The plan of member ``name`` (declared in ``properties``)."""
        found = self._children.get(name)
        if found is None:
            found = self._children[name] = self._reader.plan(self.properties[name], verbatim=self.verbatim)
        return found

    def kept(self) -> Plan:
        """For free-form data (``decode``) that arrives as data rather than JSON text (the
        rendition kept it as it is: gemini's open objects): the plan reading it verbatim."""
        return self._reader.plan(self.node, False, verbatim=True)

    def beside_rest(self) -> Plan | None:
        """For free-form data (``decode``) that is an open object declaring members: where it
        arrives as an object holding ``tierone_rest`` (the rendition kept its declared members,
        and the others travel there: ``rewriter.open_objects``), the plan reading it as an object
        whose gathered members are merged back; None where the reader merges none."""
        return self._reader.plan(self.node, False) if self._reader.gathers and open_with_members(self.node) else None


#: plans compiled ahead to find those with nothing to undo (past it, none is taken as such)
SETTLE_BUDGET = 20_000
#: plans looked at to find one that is never read again in place (past it, it may be)
LOOP_BUDGET = 256


def reentrant(plan: Plan) -> bool:
    """Whether reading through ``plan`` may come back to it at the same place: its ``allOf``
    or union branches lead back to it (references that loop without consuming input), so
    the read in place must be guarded (:meth:`Walk.in_place <tierone.answers.reader.Walk.in_place>`). True past
    :data:`LOOP_BUDGET` plans."""
    seen: set[int] = set()
    stack = _in_place_of(plan)
    while stack:
        here = stack.pop()
        if here is plan or len(seen) >= LOOP_BUDGET:
            return True
        if id(here) not in seen:
            seen.add(id(here))
            stack += _in_place_of(here)
    return False


def _in_place_of(plan: Plan) -> list[Plan]:
    if not plan.ready:
        plan.prepare()
    return [*plan.all_of, *(entry.plan for entry in plan.union)]


def carried_in_json(plan: Plan) -> tuple[Branch, ...]:
    """The branches of ``plan``'s union that take no string (an object or array, not free-form,
    not declaring ``tierone_json``), where another takes text or is free-form (a string in the
    rendition): the rewriter may carry their values, JSON-encoded, in an object's one member
    ``tierone_json`` there, which the union's reading unwraps (``branches``). For a lenient
    reader, two such branches are enough: a limit may carry one as a bare string, and another
    then travels in ``tierone_json`` beside it. None otherwise."""
    if not plan.union:
        return ()
    deref = plan._reader.deref
    no_text = [e for e in plan.union if not e.plan.decode and takes_no_string(e.schema, deref)]
    text = any(e not in no_text and not takes_null_alone(e.schema) for e in plan.union) or (
        plan._reader.lenient and len(no_text) > 1
    )
    carried = tuple(e for e in no_text if not (e.plan.unwraps or JSON_MEMBER in e.plan.properties))
    return carried if text else ()


def carried_names(plan: Plan) -> frozenset[str] | None:
    """The members an object read through ``plan`` can hold in the rendition, which closes an
    object that declares members (beside ``tierone_rest``, where members are gathered); None
    when it holds any (data kept as data, a plan of several parts, an object taking others)."""
    if not plan.ready:
        plan.prepare()
    if plan.decode or plan.unwraps or plan.verbatim or plan.union or plan.all_of or plan.additional is not None:
        return None
    return frozenset((*plan.properties, REST_MEMBER))


def _shared(members: dict[str, Any], beside: dict[str, Any]) -> dict[str, Any]:
    """A union branch's members as its rendition writes them where the object holding the
    union declares them too (:func:`~tierone.rewriter.passes.shared_member`: merged, loosely
    where one schema cannot say both); a member the two declare so that the branch takes
    nothing, or that cannot be merged at all, keeps the branch's schema (the rendition leaves
    such a branch out, or is refused)."""
    from ..rewriter.passes import shared_member

    shared = {}
    for name, member in members.items():
        both = shared_member(beside[name], member) if name in beside else None
        shared[name] = member if both is None or both is False else both
    return shared


def _entry(reader: Planner, union: list[Any], branch: Any, declared: Any, verbatim: bool, encodable: bool) -> Branch:
    """The plan of a union's ``branch`` (``declared``: the members of the object holding it)."""
    unwraps = unwraps_json(union, branch, reader.referenced)
    lenient = False if beside_text(union, branch, reader.deref) else None
    beside = declared if isinstance(branch, dict) and isinstance(declared, dict) else None
    plan = reader.plan(branch, encodable, unwraps=unwraps, lenient=lenient, beside=beside, verbatim=verbatim)
    return Branch(plan, reader.deref(branch))
