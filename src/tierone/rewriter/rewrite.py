"""``rewrite()``: a normal schema in, a strict-mode schema out, judged by the linter."""

from __future__ import annotations

import os
from collections.abc import Container, Mapping, Sequence
from typing import Any, NamedTuple

from ..core.collector import collection_held
from ..core.inputs import schema_data
from ..core.loading import room_for_depth
from ..core.pointer import ROOT, Pointer
from ..core.rebuilding import detached, transform
from ..core.static_refs import DYNAMIC_KEYWORDS
from ..core.walker import keyword_of
from ..subset.profiles import DEFAULT_PROFILE, PROFILES
from .open_objects import OTHERS_SHAPE, WHOLE_OPEN
from .passes import AFTER_LINT, AFTER_LINT_RULES, NAMED_BY, PASSES, TRIGGERS, Change, Options, Unfixable
from .passes.base import Placed, reusing_graphs
from .passes.definitions import outside_dead
from .passes.dynamic_refs import static_references
from .passes.impossible import made_moot
from .passes.wrapping import outside_wrapper
from .source_places import in_source
from .unreadable import malformed_keywords, scanned, through_remote, unreadable_references
from .vendor_split import one_rendition_per_vendor


class Rewritten(NamedTuple):
    """The result of a rewrite."""

    #: the strict-mode schema (best effort when ``unfixable`` is not empty)
    schema: Any
    #: every edit made, in pass order
    changes: tuple[Change, ...]
    #: what could not be made compliant; empty means the schema lints clean
    unfixable: tuple[Unfixable, ...]
    profile: str

    @property
    def ok(self) -> bool:
        return not self.unfixable

    @property
    def loosened(self) -> tuple[Change, ...]:
        """The ledger: the changes after which the rendition no longer enforces something of
        the original there (``Change.loosens`` says what), each enforced by restore on read."""
        return tuple(change for change in self.changes if change.loosens)


def rewrite(
    schema: Mapping[str, Any] | bool | str | os.PathLike[str] | Any,
    profile: str = DEFAULT_PROFILE,
    *,
    open_objects: str = "encode",
    hints: bool = True,
    id: str | None = None,
    unroll: int | None = None,
    exact: bool = False,
    refs: Sequence[str] = (),
    limits: Mapping[str, int] | None = None,
) -> Rewritten:
    """Rewrite ``schema`` for the strict mode(s) of ``profile``.

    Optional fields become required and nullable (``null`` means absent), objects are
    closed (the members an open one does not declare in its string member ``tierone_rest``), free-form
    data becomes a JSON-encoded string (``open_objects="error"`` refuses it instead), unsupported
    constraints move into the description (unless ``hints`` is false) and are checked again by
    :func:`tierone.restore`. A rewritten schema is a different document: it carries no ``$schema`` or
    ``$comment`` of the original, and its ``$id`` is ``id`` when given (the original's is not kept). For a
    profile that refuses recursion, it is unrolled ``unroll`` levels deep (default
    :data:`~tierone.rewriter.passes.recursion.DEFAULT_UNROLL`; 0 refuses it), the level past the last carried as
    a JSON string that restore decodes. The result lints clean under ``profile``, or says in ``unfixable`` why
    not. The input is not modified. A rendition may be looser than the original where the profile cannot
    carry it: each such change is in :attr:`Rewritten.loosened` (restore enforces it on read); ``exact=True``
    refuses them instead, for a host that must serve a faithful schema. ``schema`` is a schema (an object or a
    boolean), a path, ``module:attribute`` or a pydantic model class or ``TypeAdapter``; anything else (a ``str``
    that names no file, an array, data holding what JSON cannot: ``NaN``, a ``Decimal``) raises
    :class:`tierone.core.errors.InputError`. ``refs``: folders from which the schema's relative file references
    are read and bundled under ``$defs`` (:mod:`tierone.core.bundling`); without them such a reference is
    refused (T502), and nothing is ever fetched.
    ``limits`` lowers the profile's count limits by rule code (``{"T407": 10}``): the share of a
    limit that counts across a request left to this schema (see :mod:`.requests`).

    >>> rewrite({"type": "object", "properties": {"a": {"type": "string"}}}).schema
    {'type': 'object', 'properties': {'a': {'type': ['string', 'null']}}, 'additionalProperties': False, 'required': ['a']}
    >>> rewrite({"type": "object", "properties": {"a": {"type": "string"}}}, "anthropic").schema["properties"]
    {'a': {'type': 'string'}}
    >>> rewrite({"type": "object", "properties": {"a": {"type": "string"}}}, "vendors").schema["properties"]
    {'a': {'anyOf': [{'type': 'string'}, {'type': 'null'}]}}
    """
    schema = schema_data(schema, refs)  # data as given, or a path, module:attribute or a model; never JSON text
    if profile not in PROFILES:
        raise ValueError(f"unknown profile {profile!r}; choose one of {', '.join(PROFILES)}")
    if open_objects not in ("encode", "error"):
        raise ValueError("open_objects must be 'encode' or 'error'")
    if unroll is not None and (type(unroll) is not int or unroll < 0):
        raise ValueError(f"unroll is a number of levels (0 refuses recursion), not {unroll!r}")
    with room_for_depth(), collection_held():
        shares = tuple(sorted((limits or {}).items()))
        done = _rewrite(schema, profile, options := Options(profile, open_objects, hints, exact, unroll, shares), id)
        if done.unfixable and any(c.loosens.startswith(OTHERS_SHAPE) for c in done.changes):
            whole = _rewrite(schema, profile, options._replace(rests=False), id)  # open objects as JSON text
            said = Change.for_rule(ROOT, WHOLE_OPEN, "T102")  # (the strict form reads it)
            done = done if whole.unfixable else whole._replace(changes=(said, *whole.changes))
    return _exactly(done, schema) if exact else done


def _exactly(done: Rewritten, original: Any) -> Rewritten:
    """``done`` with each loosening refused at its place (``exact``), once per place and rule."""
    known = {(u.pointer, u.rule) for u in done.unfixable}
    refused = list(done.unfixable)
    for change in done.loosened:
        where = in_source(change.pointer, original)
        if (where, change.rule) not in known:
            known.add((where, change.rule))
            refused.append(Unfixable(where, change.rule, f"the rendition would not enforce {change.loosens} (exact)"))
    return done._replace(unfixable=tuple(refused))


def _rewrite(schema: Mapping[str, Any] | bool, profile: str, options: Options, id: str | None) -> Rewritten:
    from ..linter.api import lint_rendition

    current: Any = schema
    changes: list[Change] = []
    unfixable: list[Unfixable] = []
    present, references = scanned(current)
    if not present.isdisjoint(DYNAMIC_KEYWORDS):  # static first: everything below reads `$ref` alone
        schema = current = (first := static_references(current, options)).schema
        changes.extend(first.changes)
        present, references = scanned(current)
    with reusing_graphs(references="$ref" in present):
        unread = unreadable_references(schema, references) if references else []  # the first pass reuses its graph
        unread += malformed_keywords(schema, profile)
        for step in PASSES:
            if (
                (step in TRIGGERS and present.isdisjoint(TRIGGERS[step]))
                or (step in NAMED_BY and not any(map(NAMED_BY[step], references)))
                or step in AFTER_LINT
            ):
                continue
            result = step(current, options)
            current = result.schema
            changes.extend(result.changes)
            unfixable.extend(result.unfixable)
        current = _new_document(current, id, changes, present)
        shares = dict(options.limits) or None
        # the limits first (a quarter of a whole lint): where one is over, the rest is judged on what fits
        over: Any = None
        for step, rules in AFTER_LINT.items():  # only where the rendition's lint finds their rules
            if over is None:
                over = lint_rendition(current, profile, AFTER_LINT_RULES, shares)
            if any(d.code in rules for d in over):
                result = step(current, options, over)
                if result.changes:
                    current, over = result.schema, None
                    changes.extend(result.changes)
        # the rest; the limits again only where a step changed the rendition
        whole = lint_rendition(current, profile, limits=shares, ignore=() if over is None else AFTER_LINT_RULES)
        diagnostics = tuple(d for d in whole if over is None or d.code not in AFTER_LINT_RULES) + (over or ())
    # places inside a root carried in the wrapper are named as the original's places; none in a dead definition
    changes, unfixable = made_moot(changes), outside_dead(unfixable, changes)
    changes = [_outside(c, schema) for c in changes]
    # once per place and rule (two passes may refuse one place alike; the rendition's lint may say an unreadable one)
    placed, unfixable, known = [*(_outside(u, schema) for u in unfixable), *unread], [], set()
    for refusal in placed:
        if (refusal.pointer, refusal.rule) not in known:
            known.add((refusal.pointer, refusal.rule))
            unfixable.append(refusal)
    # the original's refusal says it (the rendition's moved places); a remote $ref's says what its siblings would
    unreadable, skipped = {u.rule for u in unread}, {("T106", d.pointer) for d in diagnostics if d.code == "T502"}
    skipped |= through_remote(diagnostics, current) if "T502" in unreadable else set()
    for diagnostic in (d for d in diagnostics if d.code not in unreadable and (d.code, d.pointer) not in skipped):
        where = outside_wrapper(diagnostic.pointer, schema)
        source = in_source(where, schema)
        if not _reported(where, diagnostic.code, known) and (source, diagnostic.code) not in known:
            known.update(((where, diagnostic.code), (source, diagnostic.code)))
            why = diagnostic.message + one_rendition_per_vendor(diagnostic.code, profile)
            unfixable.append(Unfixable(source, diagnostic.code, why))
    if options.unroll == 0 and not any(u.rule == "T501" for u in unfixable):
        unfixable.extend(_recursion_refused(schema, profile))
    return Rewritten(detached(current), tuple(changes), tuple(unfixable), profile)


def _outside(found: Placed, original: Any) -> Placed:
    """A change or refusal placed outside the wrapper (as it is when its place is not inside one)."""
    where = outside_wrapper(found.pointer, original)
    return found if where is found.pointer else found._replace(pointer=where)


def _recursion_refused(original: Any, profile: str) -> list[Unfixable]:
    """With ``unroll=0``, the original's recursion refused where the profile refuses it (even where a
    limit's encoding took the recursive part out of the rendition)."""
    from ..linter.api import lint

    found = lint(original, profile=profile, select=["T501"]).diagnostics
    return [Unfixable(d.pointer, d.code, d.message) for d in found]


def _reported(pointer: Pointer, code: str, known: set[tuple[Pointer, str]]) -> bool:
    """Whether a pass already reported ``code`` at ``pointer``, or at the node whose
    nullable spelling made ``pointer`` a branch of its ``anyOf``."""
    if (pointer, code) in known:
        return True
    return keyword_of(pointer) == "anyOf" and (Pointer(pointer[:-2]), code) in known


#: what a rendition does not carry over: a rendition is a new document (its own ``$id`` only
#: when the caller gives one; its dialect is the strict mode's, not the ``$schema`` the
#: original names, which llguidance rejects for some URIs), and ``$comment`` speaks to the
#: schema's maintainers, not to the model (Anthropic's SDK moves it into the description); a
#: nested ``$id`` goes too: read as 2020-12, it changes the base every ``$ref`` below it
#: resolves against (references through one are already JSON Pointers: pointer_references)
_NOT_CARRIED = ("$schema", "$comment")
_NOT_CARRIED_OR_ID = frozenset((*_NOT_CARRIED, "$id"))
_NEW_DOCUMENT = "a rewritten schema is a different document"


def _is_marker(root: dict[str, Any], key: str) -> bool:
    """Whether the root's ``key`` is tierone's own rendition marker (a schema fixed in place
    carries it, and its rewrite must be itself)."""
    from ..core.renditions import MarkerError, marker_of

    try:
        return key == "$comment" and marker_of(root) is not None
    except MarkerError:  # a line that only begins as a marker is a comment like any other
        return False


def _new_document(schema: Any, id: str | None, changes: list[Change], present: Container[str]) -> Any:
    """``schema`` without the keywords of the original document, with ``id`` as its ``$id``.
    ``present``: every member name in the original (no pass writes these keywords, so where the
    original has none of them, neither has ``schema``)."""

    def drop(node: Any, pointer: Pointer) -> Any:
        if (
            not isinstance(node, dict)
            or not any(key in node for key in _NOT_CARRIED)
            and not (pointer and "$id" in node)
        ):
            return node
        dropped = [key for key in _NOT_CARRIED if key in node and not (not pointer and _is_marker(node, key))]
        if pointer and "$id" in node:  # a nested $id moves the base its $refs resolve against
            dropped.append("$id")
        changes.extend(Change(pointer.child(key), "removed", _NEW_DOCUMENT, gone=True) for key in dropped)
        return {k: v for k, v in node.items() if k not in dropped}

    if any(key in present for key in _NOT_CARRIED_OR_ID):
        schema = transform(schema, drop, only=_NOT_CARRIED_OR_ID)
    if not isinstance(schema, dict):
        return schema
    if id is not None:
        changes.append(Change(ROOT.child("$id"), f"set to {id}", _NEW_DOCUMENT))
        return {**schema, "$id": id} if "$id" in schema else {"$id": id, **schema}
    if "$id" in schema:
        changes.append(Change(ROOT.child("$id"), "removed", _NEW_DOCUMENT, gone=True))
        return {k: v for k, v in schema.items() if k != "$id"}
    return schema
