"""The strict (wire) form of an instance: what a model honoring the rewritten schema sends.

The inverse of :func:`tierone.answers.restore.restore`, used to test round trips and to show
users what their answers will look like: absent optional members become ``null`` and
free-form data becomes a JSON string, exactly where the rewriter put those shapes.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import partial
from typing import Any

from ..core.pointer import ROOT as ROOT_PLACE
from ..rewriter.shapes import JSON_MEMBER, REST_MEMBER, ROOT_MEMBER
from ..rewriter.text_or_json import in_json_member
from .plans import carried_names
from .reader import Path, Plan, Reader


def to_strict_form(
    instance: Any, original: Any, profile: str | None = None, *, unroll: int | None = None, refs: Sequence[str] = ()
) -> Any:
    """``instance`` (valid under ``original``) as it travels under the rewritten schema.
    ``original`` is a schema, a path, ``module:attribute`` or a pydantic model. With a
    ``profile``, the form is the one that profile's rendition carries: a root it wraps in
    ``tierone_root``, members it gathers into an object's ``tierone_rest`` and subtrees it
    encodes to keep a limit written as JSON strings (in the form the string's statement gives:
    an open object that declares members, its members beside ``tierone_rest`` where the
    rendition carries it so), free-form data it keeps as it is left so,
    and an absent optional member left absent where the rendition keeps it optional
    (``anthropic``, within its budget) rather than null; a profile that refuses the
    schema is a :class:`~tierone.answers.findings.StrictError`; ``unroll`` as for
    :func:`~tierone.rewriter.rewrite.rewrite` (a recursion unrolled that deep, the level past
    it a JSON string). Without a profile, every absent
    optional member is null and the root stands as it is. An instance nested past
    :data:`~tierone.core.depth.MAX_JUDGED_DEPTH` levels (or holding itself) is a
    :class:`~tierone.core.validation.TooDeep` error, as restore says of such an answer.
    ``refs``: the folders relative file references are read from (:func:`tierone.rewrite`)."""
    from ..core.depth import MAX_JUDGED_DEPTH, deeply, depth_over
    from ..core.validation import TooDeep

    original = _schema(original, refs)
    if depth_over(instance):
        raise TooDeep(f"too deep: the instance nests past {MAX_JUDGED_DEPTH:,} levels", about="payload")
    if profile is None:
        return deeply(_fill, instance, original, True)
    from ..rewriter.passes.sharing import shares_members
    from .renditionform import fitted, rewritten_for

    result = rewritten_for(original, profile, unroll)
    rendition = result.schema
    filler = _Filler(Reader(original, shortcuts=False), True, shares_members(profile), _rests_in(result))
    form = deeply(_filled, filler, instance, _wraps(rendition, original))
    return deeply(fitted, form, rendition, filler.as_data, filler.restated)


def _rests_in(result: Any) -> Any:
    """Which of the original's open objects that declare members ``result``'s rendition carries
    with them beside ``tierone_rest`` (a test of the original's node): the profile's choice,
    unless its ledger says they travel whole as JSON text (None)."""
    from ..rewriter.open_objects import WHOLE_OPEN, carries_rest

    if any(change.what == WHOLE_OPEN for change in result.changes):
        return None
    return partial(carries_rest, profile=result.profile)


def _wraps(rendition: Any, original: Any) -> bool:
    declared = isinstance(original, dict) and ROOT_MEMBER in (original.get("properties") or {})
    return not declared and isinstance(rendition, dict) and ROOT_MEMBER in (rendition.get("properties") or {})


def normalized(instance: Any, original: Any, profile: str | None = None) -> Any:
    """``instance`` as restore gives it back: explicit nulls of optional members are absent
    (null means absent), everything else unchanged. With a ``profile``, as restore gives back
    that profile's strict form of it: a root its rendition carries as JSON text in
    ``tierone_root`` (an open root) keeps its nulls, as free-form data does."""
    from ..core.depth import deeply

    original = _schema(original)
    wrapped, rests = False, None
    if profile is not None:
        from .renditionform import rewritten_for

        result = rewritten_for(original, profile)
        wrapped, rests = _wraps(result.schema, original), _rests_in(result)
    return deeply(_fill, instance, original, False, wrapped, rests)


def _schema(original: Any, refs: Sequence[str] = ()) -> Any:
    from ..core.inputs import schema_data

    return schema_data(original, refs)


def _fill(instance: Any, original: Any, fill: bool, wrapped: bool = False, rests: Any = None) -> Any:
    return _filled(_Filler(Reader(original, shortcuts=False), fill, rests=rests), instance, wrapped)


def _filled(filler: _Filler, instance: Any, wrapped: bool) -> Any:
    reader = filler.reader
    if wrapped and reader.wrapped is not None:
        value = filler.value(instance, reader.wrapped, None)
        return {ROOT_MEMBER: value} if filler.fill else value
    return filler.value(instance, reader.root, None)


class _Filler:
    """Walks an instance alongside the original schema's plans, putting back the strict shapes
    (``fill``) or only dropping the nulls that mean absent. ``shares``: the rendition shares an
    object's members into each branch of its union, so that no branch of it is free-form data
    carried as JSON text, whatever the branch says alone (``not``); where it does not, a union
    beside an object's members leaves a rendition whose branch would be free-form
    (``rewriter.passes.open_unions``)."""

    def __init__(self, reader: Reader, fill: bool, shares: bool = True, rests: Any = None) -> None:
        from ..rewriter.passes.branch_members import union_key
        from ..rewriter.passes.open_unions import object_beside_union

        self.reader, self.fill = reader, fill
        #: whether the rendition carries an open object's declared members beside its
        #: ``tierone_rest`` (``rewriter.open_objects.carries_rest``): they are read as declared
        self._rests: Any = rests or (lambda node: False)
        #: whether a union of ``plan.node`` (an object value) is carried beside its members
        #: (shared into each branch, or left out), never as one branch's JSON text
        self._beside_members: Any = (lambda node: union_key(node) is not None) if shares else object_beside_union
        self._active: set[tuple[int, int]] = set()
        #: each JSON text written for free-form data (by its id), with the data and its plan
        self._texts: dict[int, tuple[str, Any, Plan, Path]] = {}
        #: each object this filling made (by its id), with the members it filled through a plan:
        #: an object a union branch filled is filled again by the object holding the union, which
        #: leaves those members as they are (free-form data is written once)
        self._made: dict[int, tuple[dict[str, Any], frozenset[str]]] = {}

    def value(self, value: Any, plan: Plan, pointer: Path) -> Any:
        if not plan.ready:
            plan.prepare()
        if (plan.decode or plan.unwraps) and self.fill:
            text = json.dumps(value, ensure_ascii=False)
            if id(text) in self._texts:  # the encoder's own constant ("{}", "[]") written before: a copy of its own
                text = text.encode().decode()
            self._texts[id(text)] = (text, value, plan, pointer)
            return text if plan.decode else {JSON_MEMBER: text}  # beside any string: in `tierone_json`
        if plan.decode and self._rests(plan.node):
            plan = self.reader.plan(plan.node, False)
        elif plan.decode or plan.unwraps:
            return value
        for step in plan.all_of:
            value = self._in_place(value, step, pointer)
        if plan.union:
            value = self._branch(value, plan, pointer)
        if isinstance(value, dict):
            return self._members(value, plan, pointer)
        if isinstance(value, list) and plan.items is not None:
            return [self.value(item, plan.items, (pointer, i)) for i, item in enumerate(value)]
        return value

    def as_data(self, text: str, rests: bool = False) -> Any:
        """Free-form data written as ``text`` in the strict form of a rendition that keeps it as
        data (gemini's maps): the data in that strict form, read as restore reads it (verbatim,
        the places inside it that the rendition encodes still JSON text, a string too), or, an
        open object the rendition carries with its members beside ``tierone_rest`` (``rests``),
        filled as declared; data decoded from ``text`` when no filling wrote it."""
        written = self._texts.get(id(text))
        if written is None or written[0] is not text:
            try:
                return json.loads(text)
            except ValueError:
                return text
        _, value, plan, pointer = written
        return self.value(value, self.reader.plan(plan.node, False) if rests else plan.kept(), pointer)

    def restated(self, value: Any) -> Any:
        """``value`` (filled) as the statement of a JSON string that carries it whole (a subtree
        encoded to keep a limit) writes it: each open object that declares members, which the
        filling wrote as its JSON text, as its declared members (filled) beside ``tierone_rest``
        where the rendition carries such an object so; the rest as it is."""
        if isinstance(value, list):
            return [self.restated(item) for item in value]
        if isinstance(value, dict):
            if in_json_member(value):
                return value  # data in its tierone_json object (beside text): read back as its JSON says
            return {name: self.restated(member) for name, member in value.items()}
        written = self._texts.get(id(value)) if isinstance(value, str) else None
        if written is None or written[0] is not value or not self._rests(written[2].node):
            return value
        _, data, plan, pointer = written
        declared = self.reader.plan(plan.node, False)
        filled = self.value(data, declared, pointer)
        if not isinstance(filled, dict):
            return value
        out = {name: self.restated(member) for name, member in filled.items() if name in declared.properties}
        out[REST_MEMBER] = json.dumps(
            {k: v for k, v in filled.items() if k not in declared.properties}, ensure_ascii=False
        )
        return out

    def _in_place(self, value: Any, plan: Plan, pointer: Path) -> Any:
        """``value`` filled through ``plan`` at the same place; a reference loop that consumes
        no input stops here."""
        key = (id(plan), id(pointer))
        if key in self._active:
            return value
        self._active.add(key)
        try:
            return self.value(value, plan, pointer)
        finally:
            self._active.discard(key)

    def _branch(self, value: Any, plan: Plan, pointer: Path) -> Any:
        """Fill through the first branch the (original) value satisfies that carries each of
        its members (the rendition closes an object that declares members); else through the
        first it satisfies."""
        first = None
        shared = isinstance(value, dict) and self._beside_members(plan.node)
        for entry in plan.union:
            if shared and (entry.plan.decode or entry.plan.unwraps):
                continue  # an object holding the members shared into it: never its JSON text
            if self.reader.satisfies(entry, value):
                if _carries(entry.plan, value):
                    return self._in_place(value, entry.plan, pointer)
                first = first or entry
        return value if first is None else self._in_place(value, first.plan, pointer)

    def _members(self, value: dict[str, Any], plan: Plan, pointer: Path) -> dict[str, Any]:
        properties, optional, additional = plan.properties, plan.optional, plan.additional
        made = self._made.get(id(value))
        done = made[1] if made is not None and made[0] is value else frozenset()
        filled: dict[str, Any] = {}
        for name in properties:
            if name in value and not (value[name] is None and name in optional):
                member = value[name]
                filled[name] = member if name in done else self.value(member, plan.child(name), (pointer, name))
            elif self.fill and not plan.verbatim:  # data kept as it is: an absent member stays absent
                filled[name] = None
        through = {name for name in filled if name in value}
        for name, member in value.items():
            if name not in properties:
                if additional is not None and name not in done:
                    filled[name] = self.value(member, additional, (pointer, name))
                    through.add(name)
                else:
                    filled[name] = member
        self._made[id(filled)] = (filled, frozenset(through) | done)
        return filled


def _carries(plan: Plan, value: Any) -> bool:
    """Whether the rendition's form of ``plan`` keeps every member of ``value``."""
    names = carried_names(plan) if isinstance(value, dict) else None
    return names is None or names.issuperset(value)


def as_read(schema: Any) -> Any:
    """``schema`` as the rewriter reads it: ``properties`` without a ``type`` describe an
    object, a schema whose keywords imply one type has it, and an object that declares
    members (in ``properties``, or by requiring them: then declared) without saying
    ``additionalProperties`` is closed. Instances of this reading
    are exactly the ones a rewrite carries without loss. A reference's target that is no
    subschema's place (``#/x-shared/A``, which the rewriter moves into ``$defs``) is read so too."""
    from ..core.jsontypes import is_object_schema
    from ..core.rebuilding import detached, replaced, transform
    from ..core.refs import LOCAL, RefResolver
    from ..core.walker import walk, walked
    from ..rewriter.shapes import members_of
    from .implied_types import implied_type

    def read(node: Any, pointer: Any) -> Any:
        if not isinstance(node, dict):
            return node
        implied = implied_type(node)  # (a presence-only union aside: the rewriter leaves it out)
        if implied is not None:
            node = {**node, "type": implied}
        members = members_of(node) if is_object_schema(node) and "additionalProperties" not in node else None
        if members:  # those it requires without declaring them declared (any value: {}, as draft 4 says it)
            declared = {name: {} if sub is True else sub for name, sub in members.items()}
            node = {**node, "properties": declared, "additionalProperties": False}
        return node

    read_so = transform(schema, read)
    done: list[Any] = []  # the targets read so far, which the walk of the document does not reach
    while True:
        resolver = RefResolver(read_so)
        places = [(ROOT_PLACE, read_so), *((t, t.resolve(read_so)) for t in done)]
        found = {
            resolution.target
            for place, node in places
            for visit in walk(node, place)
            if isinstance(visit.schema, dict) and "$ref" in visit.schema
            for resolution in (resolver.resolve(visit.schema["$ref"]),)
            if resolution.kind == LOCAL and resolution.target is not None and not walked(resolution.target)
        } - set(done)
        if not found:
            return detached(read_so)
        for target in sorted(found, key=len):
            done.append(target)
            read_so = replaced(read_so, {target: transform(target.resolve(read_so), read, target)})
