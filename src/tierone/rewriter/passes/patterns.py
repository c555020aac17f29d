"""The pass that writes a kept ``pattern`` the way a constrained-decoding engine reads it.

A named group (``(?<year>...)``) is written as a group that names nothing: the same search,
and outlines-core refuses the names (where no backreference reads them).

An engine compiles a pattern into its grammar as the whole string and takes a ``^`` and a
``$`` at its two ends for the string's ends; an anchor anywhere else is refused (llguidance) or
misread (outlines-core reads ``^a$|^b$`` as ``a$|^b`` and refuses ``^abc`` alone). The same
search, written with its anchors at the ends (``core.regex_syntax.anchored_at_ends``), is read
right by all of them, and means the same to a validator.
"""

from __future__ import annotations

from typing import Any

from ...core.pointer import Pointer
from ...core.rebuilding import transform
from ...core.regex_syntax import anchored_at_ends, without_group_names
from .base import Change, Options, PassResult, _flagged, _policy, does

#: the nodes with a pattern
_PATTERN = frozenset({"pattern"})


@does(
    "a `pattern` the profile keeps, with an anchor elsewhere than at its two ends, is written as the same "
    r"search anchored at both ends: `^$|^[0-9]{9}$` → `^(?:|[0-9]{9})$`, `^https?://` → `^https?://[\s\S]*$` "
    "(the decoding engines read a pattern as the whole string and refuse or misread other anchors: "
    "outlines-core reads `^a$|^b$` as `a$|^b`); one with an anchor inside a group, which no rewriting can "
    "move, is stated in the description where the profile's condition refuses it; a named group is written as a "
    "plain one, `(?<year>[0-9]{4})` → `(?:[0-9]{4})` (the same search; outlines-core refuses the names), unless "
    "a backreference reads its name"
)
def end_anchors(schema: Any, options: Options) -> PassResult:
    """A pattern the profile keeps, with an anchor elsewhere than at its two ends, is written
    as the same search anchored at both ends (a pattern with no anchor is left as it is).

    Before: ``{"type": "string", "pattern": "^$|^[0-9]{9}$"}``
    After:  ``{"type": "string", "pattern": "^(?:|[0-9]{9})$"}``
    """
    policy = _policy(options, "T302")
    if policy is not None and policy.rejecting:  # every pattern leaves the wire schema
        return PassResult(schema)
    changes: list[Change] = []

    def respell(node: Any, pointer: Pointer) -> Any:
        if not isinstance(node, dict) or not isinstance(node.get("pattern"), str):
            return node
        unnamed = without_group_names(node["pattern"])
        whole = anchored_at_ends(unnamed)
        if whole == node["pattern"] or _flagged(options, "T302", whole):
            return node
        what = [] if unnamed == node["pattern"] else ["its named groups as plain ones"]
        what += [] if whole == unnamed else ["its anchors at its two ends"]
        changes.append(Change.for_rule(pointer, f"pattern written with {' and '.join(what)} (the same search)", "T302"))
        return {**node, "pattern": whole}

    return PassResult(transform(schema, respell, only=_PATTERN), tuple(changes))
