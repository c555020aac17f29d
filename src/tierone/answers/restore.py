"""``restore()``: the model's strict-mode answer turned back into what the original schema means.

The rewriter made optional fields required and nullable and turned free-form data into JSON
strings; restore undoes that, guided by the ORIGINAL schema, then validates the result against
it with jsonschema, so every constraint the wire schema could not carry is enforced here."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from ..core.depth import MAX_JUDGED_DEPTH, OutOfRoom, depth_over, within_room
from ..core.patterns import PatternTimeout, start_budget
from ..core.pointer import Pointer
from ..core.recent import Recent
from ..core.validation import CannotJudge, TooDeep, refuse_huge_integers
from ..rewriter.passes.nulls import read_nullable
from .findings import RestoreError, leaves, unique
from .reader import OWNER, Reader

#: restorers kept for :func:`restore` (the schemas most recently read against)
CACHED = 64
#: the recursion limit up to which an answer is first read in the caller's thread (past it, or
#: when that runs out of room, in the judging thread of ``core.validation.deeply``)
IN_THREAD_LIMIT = 5_000
#: an answer nesting at most this deep needs a few hundred levels of evaluation: if that runs
#: out of room where the schema's references loop, the loop is why
SHALLOW = 32


class Restored(NamedTuple):
    """The restored payload, and the errors that make it invalid (none when valid)."""

    payload: Any
    errors: tuple[RestoreError, ...]

    @property
    def ok(self) -> bool:
        return not self.errors


class Restorer:
    """Everything restore needs to know about one original schema, worked out once: the
    checks of the schema itself, the reader's plans, and the validator."""

    def __init__(self, original: Any, lenient: bool = False, gathers: bool = True) -> None:
        from jsonschema import SchemaError

        from ..core.validation import check_references, check_schema, validator

        if depth_over(original):
            raise TooDeep(f"too deep: the original schema nests past {MAX_JUDGED_DEPTH:,} levels", about="schema")
        check_references(original, OWNER)
        self.original = original
        #: what makes the original no schema at all (then nothing is validated against it)
        self.invalid: tuple[RestoreError, ...] = ()
        try:
            check_schema(original, OWNER)
        except SchemaError as error:
            where = str(Pointer(tuple(error.absolute_path)))
            self.invalid = (RestoreError(Pointer(), f"the original schema is invalid at [{where}]: {error.message}"),)
        read_as = read_nullable(original)  # OpenAPI's `nullable: true` admits null, as the rewriter reads it
        self.validator = validator(read_as, formats=True, owner=OWNER)
        self.reader = Reader(read_as, lenient=lenient, gathers=gathers)
        #: how it reads (see :meth:`of`)
        self.lenient, self.gathers = lenient, gathers
        #: the reading that takes a string where the original takes none as the JSON it holds,
        #: tried when the reading above leaves errors (made on first need)
        self._lenient: Reader | None = self.reader if lenient else None
        self._read_as = read_as
        #: whether judging against the original can run a pattern search (else no pattern
        #: budget is started: nothing would draw on it)
        self.searches = searches(original)
        from referencing.exceptions import Unresolvable

        self._unresolvable = Unresolvable

    @classmethod
    def of(cls, original: Any, lenient: bool = False, gathers: bool = True) -> Restorer:
        """Compile ``original`` with room for any depth that loading accepts (``lenient``: read
        every answer as a rendition with subtrees encoded to keep a limit may give it;
        ``gathers``: merge members an object's ``tierone_rest`` holds back into it, as a
        rendition that keeps a count limit so gives them)."""
        from ..core.depth import deeply

        return deeply(cls, original, lenient, gathers)

    def restore(self, payload: Any, validate: bool = True, *, shallow: bool = False) -> Restored:
        """``payload`` restored and validated against the original (or, when not
        ``validate``, left for a model to validate). ``shallow`` says the payload is known
        to nest less than :data:`~tierone.core.depth.MAX_JUDGED_DEPTH` (parsed JSON text)."""
        if sys.getrecursionlimit() <= IN_THREAD_LIMIT:
            budget = start_budget() if self.searches else None
            try:
                done = within_room(self._restore, payload, validate, shallow)
                found = self._looped(payload, validate) if isinstance(done, OutOfRoom) else done
            finally:
                if budget is not None:
                    budget.var.reset(budget)
            if found is not None:
                return found  # else not enough room here: read it again where there is
        from ..core.depth import deeply

        return deeply(self._restore_deeply, payload, validate)

    def _looped(self, payload: Any, validate: bool) -> Restored | None:
        """What a shallow answer that ran out of room means when the schema's references loop
        without consuming input: that loop (which the judging thread would find only after
        tens of thousands of levels). None when the answer is not shallow or nothing loops."""
        from ..core.depth import loop_at
        from ..core.validation import ReferenceLoop

        if depth_over(payload, SHALLOW):
            return None
        if "_loop" not in self.__dict__:
            self._loop = loop_at(self.original)
        if self._loop is None:
            return None
        try:
            restored = self.reader.read(payload, trusted=not validate)[0]
        except RecursionError:
            restored = payload
        return Restored(restored, (RestoreError(Pointer(), ReferenceLoop(self._loop, OWNER).message),))

    def _restore_deeply(self, payload: Any, validate: bool) -> Restored:
        from ..core.depth import too_deep
        from ..core.validation import ReferenceLoop

        done = within_room(self._restore, payload, validate, False)
        if not isinstance(done, OutOfRoom):
            return done
        problem = too_deep(self.original, OWNER)
        if isinstance(problem, ReferenceLoop):
            return Restored(payload, (RestoreError(Pointer(), problem.message),))
        raise problem

    def _restore(self, payload: Any, validate: bool, shallow: bool) -> Restored:
        if not shallow and not _shallow(payload):  # walked: its depth, its integers past 64 bits (orjson refuses them)
            if depth_over(payload):
                raise TooDeep(f"too deep: the payload nests past {MAX_JUDGED_DEPTH:,} levels", about="payload")
            refuse_huge_integers(payload)
        restored, errors = payload, ()
        try:
            restored, read = self.reader.read(payload, trusted=not validate)
            errors = tuple(read) + (self.validate(restored) if validate else ())
            if errors and validate and self.lenient_next:
                return self.leniently(payload)
        except PatternTimeout as error:
            where = _place_of(error.value, restored, payload)
            raise CannotJudge(f"[{where}] {error}", where, about="payload") from None
        return Restored(restored, errors)

    @property
    def lenient_next(self) -> bool:
        """Whether an answer the reading finds errors in is read again leniently (below)."""
        return self._lenient is not self.reader

    def leniently(self, payload: Any) -> Restored:
        """``payload`` read as a rendition with subtrees encoded to keep a limit gives it: a
        string where the original takes none, read as the JSON it holds. (Tried once the first
        reading found errors: such a string is one of them, and a string that holds no JSON
        stays the same error.)"""
        if self._lenient is None:
            self._lenient = Reader(self._read_as, lenient=True, gathers=self.gathers)
        restored, read = self._lenient.read(payload)
        return Restored(restored, tuple(read) + self.validate(restored))

    def validate(self, payload: Any) -> tuple[RestoreError, ...]:
        """The errors of ``payload`` against the original, each at its leaf, each once."""
        if self.invalid:
            return self.invalid
        try:
            if self.validator.is_valid(payload):
                return ()
            errors = sorted(
                self.validator.iter_errors(payload), key=lambda e: (list(map(str, e.absolute_path)), e.message)
            )
            return tuple(RestoreError(*finding) for finding in unique(leaves(errors)))
        except self._unresolvable as error:  # a reference the static check could not see (under an unknown keyword)
            from ..core.validation import ReferenceNotHere, reference_site

            ref = str(getattr(error, "ref", ""))
            raise ReferenceNotHere(ref, reference_site(self.original, ref), OWNER) from None


#: keywords whose judging searches a pattern (:mod:`tierone.core.patterns`)
_SEARCHING = ("pattern", "patternProperties")


def searches(schema: Any) -> bool:
    """Whether judging a value against ``schema`` may search a pattern: some object in it
    holds a searching keyword (as a keyword or not: an over-estimate), or a reference may
    lead out of the document (into a bundled meta-schema, which has patterns), or an ``$id``
    (``id``: a string, not a member's subschema) may make a ``#`` reference do so."""
    from ..core.validation import REFERENCE_KEYWORDS, everything

    for _, here in everything(schema):
        if not isinstance(here, dict):
            continue
        if any(k in here for k in _SEARCHING) or "$id" in here or ("id" in here and not isinstance(here["id"], dict)):
            return True
        if any(k in here and not (isinstance(here[k], str) and here[k].startswith("#")) for k in REFERENCE_KEYWORDS):
            return True
    return False


def _shallow(payload: Any) -> bool:
    """Whether ``payload`` is known at once to nest far less than
    :data:`~tierone.core.depth.MAX_JUDGED_DEPTH`: orjson writes it (every container a plain
    ``dict`` or ``list``, or one it nests deeper still) and refuses past 254 levels."""
    import orjson

    try:
        orjson.dumps(payload, option=orjson.OPT_PASSTHROUGH_SUBCLASS)
    except (TypeError, ValueError, OverflowError):
        return False
    return True


def validate(payload: Any, schema: Any) -> tuple[RestoreError, ...]:
    """Validate with jsonschema (the dialect the schema names; 2020-12 by default), formats
    included. References are never fetched: one that is not in the document raises
    :class:`~tierone.core.validation.ReferenceNotHere`."""
    return restorer_for(schema).validate(payload)


_cache: Recent[bytes, Restorer] = Recent(CACHED)


def restorer_for(original: Any) -> Restorer:
    """The restorer of ``original``: from a small cache keyed by the schema's exact JSON
    text (and kept only while the schema is still equal to the copy it was made from), or
    made now."""
    import copy

    import orjson

    try:
        key: bytes | None = orjson.dumps(original)
    except (TypeError, orjson.JSONEncodeError):
        key = None  # keys that are not strings, integers past 64 bits: not cached
    if key is not None:
        found = _cache.get(key)
        if found is not None and found.original == original:
            return found
    from ..core.inputs import DATA
    from ..core.plain_data import plain

    # held to what loading accepts (nested past its limit, holding itself, a value JSON cannot
    # hold: refused), and plain JSON data (the walkers read dicts and lists alone)
    original = plain(original, DATA)
    made = Restorer.of(copy.deepcopy(original) if key is not None else original, lenient=True)
    if key is not None:
        _cache.put(key, made)
    return made


def restore(
    payload: Any, original: Mapping[str, Any] | bool | str | os.PathLike[str] | Any, *, refs: Sequence[str] = ()
) -> Restored:
    """Undo the strict-mode emulation on ``payload`` and validate it against ``original``.

    ``null`` for a property that was optional in ``original`` becomes absent; a JSON string
    standing for free-form data is decoded. Works for answers to the rewritten schema of any
    profile. The input is not modified. Nothing is ever fetched (``refs``: as for
    :func:`tierone.rewrite`). What is worked out about ``original`` (its checks, the reader,
    the validator) is kept for the next call. ``original`` is a schema, a path,
    ``module:attribute`` or a pydantic model class or ``TypeAdapter`` (a ``str`` that names
    nothing raises :class:`~tierone.core.errors.InputError`).

    Raises :class:`~tierone.core.validation.CannotJudge` when the payload cannot be judged:
    a reference that is not in the document, a ``$schema`` that is not a string, nesting
    past :data:`~tierone.core.depth.MAX_JUDGED_DEPTH`, an integer with more digits than Python
    writes as text (:class:`~tierone.core.validation.TooLarge`), or a pattern that takes too long.

    >>> original = {"type": "object", "properties": {"a": {"type": "string"}}}
    >>> restore({"a": None}, original).payload
    {}
    """
    if refs or not isinstance(original, (dict, bool)):  # data is checked by restorer_for(), with its JSON text
        from ..core.inputs import schema_data

        original = schema_data(original, refs)
    return restorer_for(original).restore(payload)


def _place_of(value: str, *trees: Any) -> str:
    """The pointer of the first member holding ``value`` (as its value or its name)."""
    from ..core.validation import everything

    for same in (lambda a, b: a is b, lambda a, b: a == b):
        for tree in trees:
            for pointer, here in everything(tree):
                if same(here, value):
                    return str(pointer)
                if isinstance(here, dict) and any(same(name, value) for name in here):
                    return str(pointer.child(next(name for name in here if same(name, value))))
    return ""
