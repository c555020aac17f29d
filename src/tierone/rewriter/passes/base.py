"""What every family of passes shares: the values a pass returns, the profile's policy
look-ups, and the small node edits more than one family makes. References are read from the
schema's one graph, ``core.refs.ReferenceGraph``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from ...core.jsontypes import declared_types
from ...core.pointer import Pointer
from ...subset.profiles import DEFAULT_PROFILE, Policy, policies
from ...subset.table import BY_CODE

if TYPE_CHECKING:
    from ...core.refs import ReferenceGraph


class Change(NamedTuple):
    """One edit the rewriter made; ``pointer`` is a :class:`~tierone.core.pointer.Pointer` (``str()`` renders RFC 6901);
    ``rule`` is the code of the rule the edit was made for (``T216``), or "" when it answers none."""

    #: where the edit was made
    pointer: Pointer
    #: what was done, in a few words
    what: str
    #: why, in words; an edit made for a rule starts with its code and name (``T216 type-list``)
    why: str
    #: the code of the rule the edit was made for (``T216``), or "" when it answers no rule
    rule: str = ""
    #: what the rendition no longer enforces here, which restore enforces on read (a keyword
    #: and its value, an encoded value's shape), or "" when the edit loosens nothing: the
    #: ledger of :attr:`Rewritten.loosened <tierone.rewriter.rewrite.Rewritten.loosened>`
    loosens: str = ""
    #: the keyword the edit took out of the node at ``pointer``, with all it holds (``if``,
    #: ``minLength``), or "": what ``lint --show-fixes`` matches a finding at that keyword by
    keyword: str = ""
    #: whether the edit took the node at ``pointer`` itself out of the rendition, with all it
    #: holds (a dead definition, a member no value can take, a keyword's value as a whole)
    gone: bool = False

    @classmethod
    def for_rule(
        cls,
        pointer: Pointer,
        what: str,
        rule: str,
        more: str = "",
        *,
        loosens: str = "",
        keyword: str = "",
        gone: bool = False,
    ) -> Change:
        """The edit made at ``pointer`` for ``rule`` (a code of the table): its ``why`` is the
        rule's code and name, then ``more`` as written (``": ..."``, ``" (...)"``); ``loosens``
        says what the rendition no longer enforces there (restore does); ``keyword``, the
        keyword it took out of the node there; ``gone``, whether it took that node out."""
        return cls(pointer, what, f"{_why(rule)}{more}", rule, loosens, keyword, gone)

    @property
    def took_out(self) -> Pointer | None:
        """The place of the subtree the edit took out of the rendition, with all it holds: the
        keyword it removed from its node (``keyword``), or the node at ``pointer`` itself
        (``gone``); None for any other edit."""
        if self.keyword:
            return self.pointer.child(self.keyword)
        return self.pointer if self.gone else None


class Unfixable(NamedTuple):
    """Something the rewriter could not make compliant; ``pointer`` is a :class:`~tierone.core.pointer.Pointer`."""

    #: where the problem is
    pointer: Pointer
    #: the rule code it violates
    rule: str
    reason: str


#: a change or a refusal: what carries a place
Placed = TypeVar("Placed", Change, Unfixable)


class Options(NamedTuple):
    """What the passes need to know beyond the schema."""

    profile: str = DEFAULT_PROFILE
    #: "encode" free-form objects as JSON strings, or "error" to refuse them
    open_objects: str = "encode"
    #: state removed constraints in the description
    hints: bool = True
    #: refuse rather than loosen where a loosening is a choice (a limit met by encoding)
    exact: bool = False
    #: how deep recursion is unrolled where the profile refuses it (None: the default, 0: refused)
    unroll: int | None = None
    #: count limits lowered below the profile's, by rule code: this schema's share of a limit
    #: that counts across a request
    limits: tuple[tuple[str, int], ...] = ()
    #: carry an open object's declared members beside ``tierone_rest`` (``open_objects``); False:
    #: the whole object as JSON text, where that rendition would be refused (``rewrite``)
    rests: bool = True


class PassResult(NamedTuple):
    schema: Any
    changes: tuple[Change, ...] = ()
    unfixable: tuple[Unfixable, ...] = ()


Pass = Callable[[Any, Options], PassResult]
_Step = TypeVar("_Step", bound=Pass)

#: what each pass does, in a sentence: its row of the pass table in docs/rewrite.md, written
#: beside the pass with :func:`does` (:mod:`tierone.rewriter.passdocs` renders the table)
WHAT_IT_DOES: dict[Pass, str] = {}


def does(text: str) -> Callable[[_Step], _Step]:
    """Record ``text`` (Markdown) as what the decorated pass does: its row in docs/rewrite.md."""

    def record(step: _Step) -> _Step:
        WHAT_IT_DOES[step] = text
        return step

    return record


# ---- the schema's reference graph ------------------------------------------------------

#: within one rewrite, the last schema whose graph was made, and that graph; a third entry
#: False when the document holds no reference (every graph is then empty)
_LAST_GRAPH: ContextVar[list[Any] | None] = ContextVar("last_graph", default=None)


@contextmanager
def reusing_graphs(references: bool = True) -> Iterator[None]:
    """Within the block, :func:`graph_of` reuses the graph it made last while the passes hand
    the same schema on (a pass that changes nothing returns its input itself; none mutates it).
    ``references`` False: the input holds no ``$ref`` (no pass writes one where none was), so
    each graph is the empty one, made without a walk."""
    token = _LAST_GRAPH.set([None, None, references])
    try:
        yield
    finally:
        _LAST_GRAPH.reset(token)


def graph_of(schema: Any) -> ReferenceGraph:
    """The reference graph of ``schema``; inside :func:`reusing_graphs`, the last one made
    when ``schema`` is the very schema it was made of."""
    from ...core.refs import ReferenceGraph

    last = _LAST_GRAPH.get()
    if last is not None and last[0] is schema:
        graph: ReferenceGraph = last[1]
        return graph
    graph = ReferenceGraph.of(schema) if last is None or last[2] else ReferenceGraph(schema, ())
    if last is not None:
        last[:2] = [schema, graph]
    return graph


def targets_in(schema: Any) -> Callable[[Any], Any]:
    """The node each local reference of ``schema`` names (None when remote or nowhere), worked
    out at the first reference followed: by the last graph where it was made of ``schema``
    (:func:`reusing_graphs`), else by the references' own resolver, which builds no graph (for
    a pass that follows references and asks for no cycle)."""
    made: list[Callable[[Any], Any]] = []

    def target(ref: Any) -> Any:
        if not made:
            last = _LAST_GRAPH.get()
            if last is not None and last[0] is schema:
                made.append(last[1].target)
            else:
                from ...core.refs import targets_of

                made.append(targets_of(schema))
        return made[0](ref)

    return target


# ---- the profile's policy ---------------------------------------------------------------


def _policy(options: Options, code: str) -> Policy | None:
    policy = _policies_by_code(options.profile).get(code)
    if policy is not None and options.limits:
        share = dict(options.limits).get(code)
        if share is not None and policy.limit is not None:
            return policy._replace(limit=min(share, policy.limit))
    return policy


@cache
def _policies_by_code(profile: str) -> dict[str, Policy]:
    return {policy.feature.code: policy for policy in policies(profile)}


def _flagged(options: Options, code: str, value: Any = None) -> bool:
    if value is None:  # (the usual question, asked by most passes of every rewrite: answered once)
        return _flagged_alone(options.profile, options.limits, code)
    policy = _policy(options, code)
    return policy is not None and policy.verdict(value) is not None


@lru_cache(maxsize=4096)
def _flagged_alone(profile: str, limits: tuple[tuple[str, int], ...], code: str) -> bool:
    policy = _policy(Options(profile, limits=limits), code)
    return policy is not None and policy.verdict(None) is not None


@cache
def _why(code: str) -> str:
    return f"{code} {BY_CODE[code].name}"


# ---- node edits -------------------------------------------------------------------------


#: the keywords of the document a definition stands in rather than of its value
DOCUMENT_KEYS = frozenset({"$defs", "definitions", "$id", "$schema"})


def body_of(target: dict[str, Any], site: dict[str, Any] | None = None) -> dict[str, Any]:
    """``target`` as a copy of it is written at another place: without the keywords of the
    document it stood in (:data:`DOCUMENT_KEYS`); with ``site`` (the reference to it), the
    reference's siblings over it."""
    body = {k: v for k, v in target.items() if k not in DOCUMENT_KEYS}
    return body if site is None else {**body, **{k: v for k, v in site.items() if k != "$ref"}}


def _rename_key(node: dict[str, Any], old: str, new: str, value: Any) -> dict[str, Any]:
    return {(new if k == old else k): (value if k == old else v) for k, v in node.items()}


def _noted(description: Any, note: str) -> str:
    """A description with ``note`` appended as a sentence of its own (just ``note`` if none)."""
    return f"{_sentence(description)} {note}" if description else note


def _sentence(text: Any) -> str:
    words = str(text).strip()
    return words if words.endswith((".", "!", "?")) else words + "."


def _widened(node: dict[str, Any]) -> dict[str, Any]:
    """``node`` made to accept ``null`` as well, in the least intrusive way."""
    types = declared_types(node)
    composed = {"anyOf", "oneOf", "allOf", "$ref", "const", "not"} & set(node)
    if isinstance(node.get("enum"), list) and composed <= {"const"}:  # (a union beside would refuse null)
        values = node["enum"]
        if "const" in node:  # a `const` beside the enum narrows it to that one value: null joins it
            values = [v for v in values if v == node["const"]]
            node = {k: v for k, v in node.items() if k != "const"}
        widened = {**node, "enum": values if None in values else [*values, None]}
        if types is not None:
            widened["type"] = [*types, "null"] if "null" not in types else list(types)
        return widened
    if types is not None and not composed:
        return {**node, "type": [*types, "null"] if isinstance(node.get("type"), list) else [node["type"], "null"]}
    if set(node) - {"title", "description", "$comment", "examples"} == {"anyOf"} and isinstance(node["anyOf"], list):
        return {**node, "anyOf": [*node["anyOf"], {"type": "null"}]}
    annotations: dict[str, Any] = {k: node[k] for k in ("title", "description") if k in node}
    inner = {k: v for k, v in node.items() if k not in annotations}
    return {"anyOf": [inner, {"type": "null"}], **annotations}
