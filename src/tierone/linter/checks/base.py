"""What every check shares: the hit it returns, the tally of the whole walk, and the
decorators by which a check declares the rules it finds (``registry`` collects them)."""

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, TypeVar

from ...core.jsontypes import names_at
from ...core.pointer import Pointer
from ...core.walker import Visit

if TYPE_CHECKING:
    from ...core.refs import ReferenceGraph


NONE: tuple[()] = ()


class Hit(NamedTuple):
    """A rule matched: where, on which keyword, and the values its message needs."""

    pointer: Pointer
    keyword: str | None = None
    #: values for the message template
    fields: dict[str, Any] | None = None
    #: the keyword's value: shown in messages, and the verdict may depend on it
    value: Any = None
    #: the measured amount, for limits
    amount: int | None = None


class Envelope(NamedTuple):
    """What the reasoning rules need to know about an envelope payload schema."""

    kind: str
    #: whether the kind should declare ``reasoning``
    needs_reasoning: bool


class Tally:
    """What the whole-schema rules need, gathered once during the walk."""

    __slots__ = (
        "anchors",
        "enum_values",
        "envelope",
        "limits",
        "optional",
        "order",
        "properties",
        "references",
        "refs",
        "root",
        "string_budget",
        "unions",
    )

    def __init__(self, root: Any, limits: dict[str, int], envelope: Envelope | None = None) -> None:
        #: the envelope kind the schema is the payload schema of, when it is one
        self.envelope = envelope
        self.root = root
        self.limits = limits
        self.properties = 0
        self.enum_values = 0
        self.string_budget = 0
        self.optional = 0
        self.unions = 0
        #: every $ref site, in walk order: (pointer, depth, value), a ``core.refs.Site``'s fields
        #: (``core.refs`` is imported only for a schema that has one)
        self.refs: list[tuple[Pointer, int, Any]] = []
        #: nodes that declare an anchor ($anchor, or a draft-07 "#name" $id)
        self.anchors: list[tuple[Pointer, Any]] = []
        #: the reference graph, built from ``refs`` and ``anchors`` when a rule first asks
        self.references: ReferenceGraph | None = None
        #: every node visited, in walk (pre-)order: each subtree is a contiguous run
        self.order: list[Visit] = []


Hits = Sequence[Hit]
NodeCheck = Callable[[Visit, Tally], Hits]
KeywordCheck = Callable[[Visit, str, Any, Tally], Hits]
FinalCheck = Callable[[Tally], Hits]


# ---- declaring what a check finds ------------------------------------------------------

#: when the engine calls a check: on every node, on a keyword of a node, or after the walk
Stage = Literal["node", "keyword", "final"]


class Detector(NamedTuple):
    """One check declared as the detector of one rule."""

    code: str
    stage: Stage
    check: Callable[..., Hits]
    #: for keyword checks: the keywords it is called on; None for the rule row's own keywords
    keywords: tuple[str, ...] | None = None


#: every declared detector, in declaration order (``registry`` collects them)
DETECTORS: list[Detector] = []

Check = TypeVar("Check", bound=Callable[..., Hits])


def _declare(stage: Stage, codes: tuple[str, ...], keywords: tuple[str, ...] | None) -> Callable[[Check], Check]:
    def declare(check: Check) -> Check:
        DETECTORS.extend(Detector(code, stage, check, keywords) for code in codes)
        return check

    return declare


def node_check(*codes: str) -> Callable[[Check], Check]:
    """Declare a check that judges every node for the rules ``codes``."""
    return _declare("node", codes, None)


def keyword_check(*codes: str, keywords: Iterable[str] | None = None) -> Callable[[Check], Check]:
    """Declare a check called on each of the rules' keywords (the row's own keywords, unless
    ``keywords`` names others: a second detector of the same rule)."""
    return _declare("keyword", codes, tuple(sorted(keywords)) if keywords is not None else None)


def final_check(*codes: str) -> Callable[[Check], Check]:
    """Declare a check that judges the whole schema once it has been walked."""
    return _declare("final", codes, None)


def union_typed(member: Any) -> bool:
    """Whether a member's schema is union-typed (``anyOf``, or a list of types): what Anthropic's
    budget of union-typed parameters counts."""
    return isinstance(member, dict) and ("anyOf" in member or isinstance(member.get("type"), list))


#: the keys :func:`tally_node` counts or gathers by
_TALLIED = frozenset({"properties", "$defs", "definitions", "enum", "const", "$ref", "$anchor", "$id", "id"})


def tally_node(visit: Visit, node: dict[str, Any], tally: Tally) -> None:
    """Gather the counts and sites the whole-schema rules judge at the end."""
    if _TALLIED.isdisjoint(node):
        return  # (most nodes: nothing counted)
    properties = node.get("properties")
    if properties and isinstance(properties, dict):
        tally.properties += len(properties)
        listed = names_at(node)
        budget = 0
        for name, sub in properties.items():
            budget += len(name)
            if name not in listed:
                tally.optional += 1
            if union_typed(sub):
                tally.unions += 1
        tally.string_budget += budget
    if "$defs" in node or "definitions" in node:
        for key in ("$defs", "definitions"):
            defs = node.get(key)
            if isinstance(defs, dict):
                tally.string_budget += sum(len(name) for name in defs)
    if "enum" in node:
        enum = node["enum"]
        if isinstance(enum, list):
            tally.enum_values += len(enum)
            tally.string_budget += sum(len(v) for v in enum if isinstance(v, str))
    if "const" in node and isinstance(node["const"], str):
        tally.string_budget += len(node["const"])
    if "$ref" in node:
        tally.refs.append((visit.pointer, visit.depth, node["$ref"]))
    if "$anchor" in node or (("$id" in node or "id" in node) and visit.depth):  # `id`: draft 3 and 4
        tally.anchors.append((visit.pointer, node))
