"""The keywords no strict mode carries whose values are subschemas (``not``, ``if``/``then``/
``else``, ``contains``, ``propertyNames``, ``dependentSchemas``), stated as the original writes
them: they leave the wire schema before any other pass rewrites what they hold (a statement of
an ``if`` or a ``contains`` that the closing pass had closed, or whose ``const`` had become an
``enum``, would say something else), and nothing inside them is refused (it never reaches the
rendition; restore judges it on read)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.keyword_shapes import malformed
from ...core.pointer import Pointer
from ...core.rebuilding import transform
from ...core.walker import having
from ..shapes import JUDGING_ONLY as JUDGING
from .base import Change, Options, PassResult, does
from .constraints import leaving, stated

#: the keywords that judge a value by a subschema and that a profile may take out (each is
#: stated where the profile does: ``leaving``), besides those that only judge
_BY_SUBSCHEMA = ("contains", "propertyNames", "dependentSchemas", "dependencies")
BY_SUBSCHEMA = frozenset(_BY_SUBSCHEMA)
#: the keywords whose presence in the input can make this pass act
TRIGGER = tuple(sorted({"if", "not", *BY_SUBSCHEMA}))
#: the keywords this pass states, in the order it states them (a condition's parts one after
#: the other, as its hints read)
_ORDER = ("not", "if", "then", "else", *_BY_SUBSCHEMA)
_STATED = frozenset(_ORDER)
#: keywords under which the presence and open-union passes read a ``not`` (what a branch says
#: of the members beside it): what stands below them is left to the constraints pass
_READ_THERE = frozenset({"anyOf", "oneOf"})


@does(
    "`not`, `if`/`then`/`else`, and where the profile takes them out `contains`, `propertyNames` and "
    "`dependentSchemas` (draft 7's `dependencies`), leave first, stated in the description as the original "
    "writes them (no other pass has rewritten what they hold, and nothing inside them is refused); stated in an "
    "`allOf` branch, they go to the description of the schema holding the `allOf`, which the merge keeps; in a "
    "union's branches they leave with the other constraints (the union passes read them first)"
)
def state_judging(schema: Any, options: Options) -> PassResult:
    """Each ``not``, each ``if`` with its ``then`` and ``else``, and each keyword of
    :data:`BY_SUBSCHEMA` the profile takes out, leaves the node and is stated in its
    description as it stands in the input (an ``allOf`` branch's, in that of the node holding
    the ``allOf``). Left to :func:`~.constraints.strip_constraints` (which runs
    after every other pass): those below a union (the union passes read them), a ``not`` that
    makes its node take no value (the impossible members' pass reads it), a malformed one, and
    a ``then`` or ``else`` without ``if``, or ``if`` alone (they do nothing: they go unstated).

    Before: ``{"type": "object", "if": {"properties": {"kind": {"const": "a"}}}, "then": {"required": ["n"]}}``
    After:  ``{"type": "object", "description": "If it matches {...\\"const\\":\\"a\\"...}, then it must match ..."}``
    """
    places = _judged_places(schema, options)
    if not places:
        return PassResult(schema)
    changes: list[Change] = []
    #: by the node holding an ``allOf``: what its branches stated (said in its description)
    said: dict[Pointer, list[tuple[str, Any]]] = {}

    def state(node: Any, pointer: Pointer) -> Any:
        leaving_here = places.get(pointer)
        if leaving_here is not None:  # (nothing below what leaves was changed: the values are as found)
            removed = [(key, node[key]) for key in leaving_here]
            changes.extend(leaving_here.values())
            node = {key: value for key, value in node.items() if key not in leaving_here}
            holder = _all_of_holder(pointer)
            if holder is None:
                node = stated(node, removed, options)
            else:
                said.setdefault(holder, []).extend(removed)
        branches = said.pop(pointer, None)
        return node if branches is None else stated(dict(node), branches, options)

    return PassResult(transform(schema, state, only=_STATED | {"allOf"}), tuple(changes))


def _judged_places(schema: Any, options: Options) -> dict[Pointer, dict[str, Change]]:
    """Each node this pass states, with the change that takes out each of its keywords that
    leave (in the order they are stated): none inside what another judges, below a union, or
    left to the constraints pass (see :func:`state_judging`)."""
    from ...linter.checks.satisfiable import accepts_nothing

    places: dict[Pointer, dict[str, Change]] = {}
    judged: set[tuple[Any, ...]] = set()  # what the nodes found hold under the keywords that leave
    for pointer, node, _ in having(schema, _STATED):
        if any(pointer[:end] in judged for end in range(1, len(pointer) + 1)):
            continue
        leaving_here: dict[str, Change] = {}
        if _READ_THERE.isdisjoint(pointer) and not accepts_nothing(node):
            for key in _ORDER:
                if key in node and _acts(key, node, accepts_nothing) and malformed(key, node[key]) is None:
                    change = leaving(options, key, node[key], pointer)
                    if change is not None:
                        leaving_here[key] = change
        judged.update((*pointer, key) for key in node if key in JUDGING or key in leaving_here)
        if leaving_here:
            places[pointer] = leaving_here
    return places


def _acts(key: str, node: dict[str, Any], accepts_nothing: Callable[[Any], bool]) -> bool:
    """Whether this pass states ``key`` of ``node``: ``then`` and ``else`` beside ``if``, ``if``
    beside one of them (alone, they do nothing: the idle keywords' pass takes them out);
    ``contains`` beside items that may take a value (where they take none, or are a reference,
    the impossible members' pass reads it: such an array must hold an item none can be)."""
    if key == "if":
        return "then" in node or "else" in node
    if key in ("then", "else"):
        return "if" in node
    if key == "contains":
        items = node.get("items", True)
        return not accepts_nothing(items) and not (isinstance(items, dict) and "$ref" in items)
    return True


def _all_of_holder(pointer: Pointer) -> Pointer | None:
    """The node holding the ``allOf`` whose branch stands at ``pointer``, if it is one."""
    if len(pointer) >= 2 and pointer[-2] == "allOf" and isinstance(pointer[-1], int):
        return Pointer(pointer[:-2])
    return None
