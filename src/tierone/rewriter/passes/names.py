"""The pass that gives every definition a name no consumer has to escape.

A ``$ref`` to a definition named ``a/b`` is spelled ``#/$defs/a~1b`` (JSON Pointer escapes
``/`` and ``~``), and percent-encoded where the name holds characters a URI fragment cannot:
some consumers do not undo either (outlines-core cannot resolve ``#/$defs/a~1b``). The names
are the rendition's own business (restore reads the original), so they are made plain.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import unquote

from ...core.pointer import ROOT, Pointer
from ...core.rebuilding import transform
from ...core.walker import REFERENCE
from .base import Change, Options, PassResult, does

#: what a definition name may hold and still be its own pointer segment and URI fragment
_PLAIN = re.compile(r"[A-Za-z0-9_.-]+")
_WHY = "a definition name that a $ref must escape (some consumers do not unescape it)"
#: what the change that renames a definition says, before its new name
_RENAMED_TO = "renamed to "


@does(
    "a definition whose name a `$ref` must escape (`a/b` is `#/$defs/a~1b`, a space is `%20`) is renamed "
    "(`a_b`), and its references follow: some consumers do not unescape (outlines-core)"
)
def plain_definition_names(schema: Any, options: Options) -> PassResult:
    """Each root ``$defs`` name outside ``[A-Za-z0-9_.-]`` is renamed (every other character
    becomes ``_``; a number is added where that name is taken), and every ``$ref`` into it
    follows.

    Before: ``{"$defs": {"a/b": {...}}, "properties": {"x": {"$ref": "#/$defs/a~1b"}}}``
    After:  ``{"$defs": {"a_b": {...}}, "properties": {"x": {"$ref": "#/$defs/a_b"}}}``
    """
    defs = schema.get("$defs") if isinstance(schema, dict) else None
    if not isinstance(defs, dict) or all(_PLAIN.fullmatch(name) for name in defs):
        return PassResult(schema)
    renamed = _new_names(list(defs))
    spelled = {_spelling(old): "#/$defs/" + new for old, new in renamed.items()}
    changes = [Change(ROOT.child("$defs").child(old), _RENAMED_TO + new, _WHY) for old, new in renamed.items()]

    def retarget(node: Any, pointer: Pointer) -> Any:
        ref = node.get("$ref") if isinstance(node, dict) else None
        if not isinstance(ref, str) or not ref.startswith("#/$defs/"):
            return node
        head, slash, rest = ref.partition("/")[2].partition("/")[2].partition("/")
        target = spelled.get("#/$defs/" + unquote(head))  # any character may be percent-encoded
        return node if target is None else {**node, "$ref": target + slash + rest}

    out = transform(schema, retarget, only=REFERENCE)
    out = {**out, "$defs": {renamed.get(name, name): body for name, body in out["$defs"].items()}}
    return PassResult(out, tuple(changes))


def named_before(changes: Iterable[Change]) -> Callable[[Pointer], Pointer]:
    """A place of the rendition with the name its definition had before this pass renamed it
    (``/$defs/a_b/type`` is ``/$defs/a~1b/type`` where ``a/b`` was renamed), read back from
    the pass's ``changes`` among ``changes``."""
    old = {c.what.removeprefix(_RENAMED_TO): c.pointer[1] for c in changes if c.why == _WHY}

    def before(pointer: Pointer) -> Pointer:
        if len(pointer) > 1 and pointer[0] == "$defs" and pointer[1] in old:
            return Pointer(("$defs", old[pointer[1]], *pointer[2:]))
        return pointer

    return before


def _new_names(names: list[str]) -> dict[str, str]:
    """The new name of each name that needs one, none equal to another name."""
    taken = {name for name in names if _PLAIN.fullmatch(name)}
    out: dict[str, str] = {}
    for name in names:
        if name in taken:
            continue
        base = re.sub(r"[^A-Za-z0-9_.-]", "_", name) or "_"
        new, count = base, 1
        while new in taken:
            count += 1
            new = f"{base}_{count}"
        taken.add(new)
        out[name] = new
    return out


def _spelling(name: str) -> str:
    """``#/$defs/<name>`` as a ``$ref`` writes it, its percent-encoding undone: the JSON-Pointer escapes."""
    return "#/$defs/" + name.replace("~", "~0").replace("/", "~1")
