"""Reading a model's answer the short way: straight through the generated reader where that
is all restore would do (parsed text, no pattern to search, room enough), else through
:class:`~tierone.answers.restore.Restorer`; what :class:`~tierone.answers.strict.Strict` uses."""

from __future__ import annotations

import sys
from typing import Any

import orjson
from pydantic_core import ValidationError

from ..core.depth import OutOfRoom, out_of_room, within_room
from ..core.json_text import DIGITS, LONG_RUN
from ..core.validation import CannotJudge
from ..rewriter.shapes import ROOT_MEMBER
from .answer_text import unreadable
from .findings import StrictError, from_pydantic
from .reader import Walk
from .restore import IN_THREAD_LIMIT, Restorer


def restored(restorer: Restorer, data: Any, shallow: bool, validate: bool) -> tuple[Any, Any]:
    """``data`` restored (and validated) as :meth:`Restorer.restore
    <tierone.answers.restore.Restorer.restore>` restores it: straight through the reader
    where that is all it would do (parsed text, no pattern to search, room enough here),
    else through it."""
    if shallow and not restorer.searches and sys.getrecursionlimit() <= IN_THREAD_LIMIT:
        done = within_room(read_and_validate, restorer, data, validate)
        if not isinstance(done, OutOfRoom) and done[1] and validate and restorer.lenient_next:
            done = within_room(restorer.leniently, data)  # as restore reads an answer found invalid
        if not isinstance(done, OutOfRoom):
            return done  # else read again below, where room is found (the reader left data as it was)
    return restorer.restore(data, validate, shallow=shallow)


def read_answer(restorer: Restorer, data: Any, shallow: bool, validate: bool) -> Any:
    """``data`` restored (and validated, with ``validate``); a :class:`StrictError` listing what
    makes it invalid, or that it cannot be read (too deep, too large)."""
    try:
        payload, errors = restored(restorer, data, shallow, validate)
    except CannotJudge as error:
        raise unreadable(error) from None
    if errors:
        raise StrictError(((e.pointer, e.message) for e in errors), "the answer is invalid")
    return payload


def instance_of(check: Any, data: Any) -> Any:
    """``check(data)``: the model's instance of restored data; pydantic's errors as a
    :class:`StrictError` placed by pointer."""
    try:
        return check(data)
    except ValidationError as error:
        raise StrictError(from_pydantic(error, data), "the answer is invalid") from None


def read_and_validate(restorer: Restorer, data: Any, validate: bool) -> tuple[Any, Any]:
    payload, read = restorer.reader.read(data, not validate)
    return payload, ((*read, *restorer.validate(payload)) if validate else tuple(read))


#: what the short way answers when the answer is to be read the long way
LONG_WAY = object()


def short_way(restorer: Restorer, check: Any) -> Any:
    """A model's answer text read the short way (what :meth:`Strict.parse` reads, in fewer
    steps) into the model's instance (``check`` validates): parsed as it is, no pattern to
    search, room enough here, the parsed value edited in place (it is the reading's own),
    no encoded part that holds no JSON. :data:`LONG_WAY` when it is not all that: the long
    way then reads the text again, and says what is wrong. None when the schema has patterns
    to search (every answer takes the long way)."""
    if restorer.searches:
        return None
    reader = restorer.reader
    # what is fixed for the reader is bound here once (each lookup saved counts on a small answer)
    root, wrapped = reader.root, reader.wrapped
    limit, recursion_limit = IN_THREAD_LIMIT, sys.getrecursionlimit
    fast, digits, long_run = orjson.loads, DIGITS, LONG_RUN

    def parse(text: str) -> Any:
        if recursion_limit() > limit:
            return LONG_WAY
        try:  # read as decoding.loads reads it, inline
            data = fast(text)
        except orjson.JSONDecodeError:  # e.g. whitespace JSON does not know, or a number past a double
            return LONG_WAY
        if text.encode().translate(digits).find(long_run) >= 0:
            return LONG_WAY  # maybe an integer past 64 bits (orjson made it a float): the long way reads it exactly
        plan = root
        if wrapped is not None and data.__class__ is dict and len(data) == 1 and ROOT_MEMBER in data:
            plan, data = wrapped, data[ROOT_MEMBER]  # as Reader.entry takes a root out of its wrapper
        if plan.inert or plan.nulls_only and "null" not in text:
            payload = data  # nothing to undo (a null it would drop is nowhere in the text)
        else:
            # no run of 19 digits in the text, nor an escape that could spell one: none in
            # the JSON text its strings hold either
            walk = Walk(reader, True, "\\u" not in text)
            try:  # as within_room, inline
                payload = plan.owns(data, None, walk)
            except CannotJudge as error:  # an encoded member too deep
                raise unreadable(error) from None
            except BaseException as error:
                if out_of_room(error):
                    return LONG_WAY
                raise
            if walk.errors:
                return LONG_WAY
        try:
            return check(payload)
        except ValidationError as error:
            raise StrictError(from_pydantic(error, payload), "the answer is invalid") from None

    return parse
