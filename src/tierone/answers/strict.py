"""``strict()``: from a pydantic model (or a schema) to the vendor request and back to a
validated answer, in one value.

>>> from pydantic import BaseModel
>>> class Reply(BaseModel):
...     text: str
...     mood: str | None = None
>>> reply = strict(Reply)
>>> reply.openai_response_format("reply")["json_schema"]["schema"]["required"]
['text', 'mood']
>>> reply.parse('{"text": "hi", "mood": null}')
Reply(text='hi', mood=None)
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import orjson
from pydantic_core import ValidationError

from ..core.depth import OUT_OF_ROOM, OutOfRoom, within_room
from ..core.inputs import DATA, import_model, is_model, load_schema, looks_like_model, model_name
from ..core.json_text import DIGITS, LONG_RUN
from ..core.validation import CannotJudge
from ..subset.profiles import DEFAULT_PROFILE
from ..vendors import FRAGMENTS
from .answer_text import answer_data, unreadable
from .findings import Finding, StrictError, from_pydantic
from .reader import Walk
from .restore import IN_THREAD_LIMIT, Restorer

if TYPE_CHECKING:
    from ..rewriter.passes import Change

__all__ = ["Strict", "StrictError", "strict"]


@dataclass(frozen=True, eq=False)
class Strict:
    """A schema made strict for a profile, the request fragments that carry it, and the
    reader of the answers (made once, reused by every :meth:`parse` and :meth:`restore`)."""

    #: the strict schema (what the vendor is sent)
    schema: Any
    #: the schema as given (a model's JSON Schema)
    original: Any
    profile: str
    #: the pydantic model class or ``TypeAdapter`` given, or None for a schema
    model: Any = None
    #: how the source is shown in messages (a path, ``module:attribute``, ``<schema>``)
    name: str = DATA
    _reader: Any = field(default=None, repr=False)
    #: the model's validation of plain data (``model_validate`` or ``validate_python``)
    _check: Any = field(default=None, repr=False)
    #: a model's answer text read the short way (see :func:`_short_way`), or None
    _quick: Any = field(default=None, repr=False)
    #: the ledger: each change after which the rendition no longer enforces something of the
    #: original (``Change.loosens`` says what); reading enforces each one
    loosened: tuple[Change, ...] = ()

    # ---- the request fragments ------------------------------------------------------------

    def fragment(self, kind: str, name: str | None = None, description: str | None = None) -> dict[str, Any]:
        """The request fragment ``kind`` (an ``--emit`` name: ``openai-response-format``,
        ``anthropic-tool``, ``gemini-config``, ...; :data:`tierone.vendors.FRAGMENTS` lists them)
        carrying the strict schema. ``name`` is required where the API requires one and refused
        where it takes none, as is ``description``; a :class:`ValueError` says which."""
        chosen = FRAGMENTS.get(kind)
        if chosen is None:
            raise ValueError(f"no request fragment is called {kind!r} (one of: {', '.join(FRAGMENTS)})")
        if chosen.named and name is None:
            raise ValueError(f"the {kind} fragment needs a name (the API requires one)")
        if not chosen.named and name is not None:
            raise ValueError(f"the {kind} fragment takes no name (the API has none for it)")
        if not chosen.described and description is not None:
            raise ValueError(f"the {kind} fragment takes no description (the API has none for it)")
        return self._built(kind, name or "", description)

    def _built(self, kind: str, name: Any = "", description: Any = None) -> dict[str, Any]:
        return FRAGMENTS[kind].build(self._sent(), name, description, self.profile)

    def openai_response_format(self, name: str) -> dict[str, Any]:
        """Chat Completions ``response_format``: ``{"type": "json_schema", "json_schema":
        {"name", "schema", "strict": true}}``."""
        return self._built("openai-response-format", name)

    def openai_text_format(self, name: str) -> dict[str, Any]:
        """Responses API ``text.format``: ``{"type": "json_schema", "name", "schema", "strict": true}``."""
        return self._built("openai-text-format", name)

    def openai_tool(self, name: str, description: str | None = None) -> dict[str, Any]:
        """A Chat Completions strict function tool: ``{"type": "function", "function": {"name",
        "description"?, "parameters", "strict": true}}``."""
        return self._built("openai-tool", name, description)

    def anthropic_tool(self, name: str, description: str | None = None) -> dict[str, Any]:
        """An Anthropic strict tool: ``{"name", "description"?, "input_schema", "strict": true}``."""
        return self._built("anthropic-tool", name, description)

    def anthropic_output_format(self) -> dict[str, Any]:
        """Anthropic structured output, sent as ``output_config={"format": ...}``."""
        return self._built("anthropic-output-format")

    def gemini_config(self) -> dict[str, Any]:
        """The ``generation_config`` entries: ``{"response_mime_type": "application/json",
        "response_json_schema": schema}`` (``response_schema`` for ``gemini-openapi``)."""
        return self._built("gemini-config")

    def _sent(self) -> Any:
        import copy

        return copy.deepcopy(self.schema)  # the caller (or an SDK) may edit what it is handed

    # ---- the answer -----------------------------------------------------------------------

    def restore(self, answer: Any) -> Any:
        """The answer (text, a tool call's arguments or parsed JSON) as plain data meaning what
        the original schema means, validated against it; :class:`StrictError` when it is not
        valid."""
        return self._read(*answer_data(answer), validate=True)

    def parse(self, answer: Any) -> Any:
        """The answer as an instance of the model (its validators and defaults run), or for a
        schema source the restored data validated against the original; :class:`StrictError`
        listing ``(pointer, message)`` when it is not valid."""
        if self.model is None:
            return self._read(*answer_data(answer), validate=True)
        if answer.__class__ is str and self._quick is not None:
            instance = self._quick(answer)
            if instance is not _LONG_WAY:
                return instance
        return self._instance(self._read(*answer_data(answer), validate=False))

    def _read(self, data: Any, shallow: bool, validate: bool) -> Any:
        try:
            payload, errors = _restored(self._reader, data, shallow, validate)
        except CannotJudge as error:
            raise unreadable(error) from None
        if errors:
            raise StrictError(((e.pointer, e.message) for e in errors), "the answer is invalid")
        return payload

    def _instance(self, data: Any) -> Any:
        try:
            return self._check(data)
        except ValidationError as error:
            raise StrictError(from_pydantic(error, data), "the answer is invalid") from None


def _restored(restorer: Restorer, data: Any, shallow: bool, validate: bool) -> tuple[Any, Any]:
    """``data`` restored (and validated) as :meth:`Restorer.restore
    <tierone.answers.restore.Restorer.restore>` restores it: straight through the reader
    where that is all it would do (parsed text, no pattern to search, room enough here),
    else through it."""
    if shallow and not restorer.searches and sys.getrecursionlimit() <= IN_THREAD_LIMIT:
        done = within_room(_read_and_validate, restorer, data, validate)
        if not isinstance(done, OutOfRoom):
            return done  # else read again below, where room is found (the reader left data as it was)
    return restorer.restore(data, validate, shallow=shallow)


def _read_and_validate(restorer: Restorer, data: Any, validate: bool) -> tuple[Any, Any]:
    payload, read = restorer.reader.read(data, not validate)
    return payload, ((*read, *restorer.validate(payload)) if validate else tuple(read))


#: what the short way answers when the answer is to be read the long way
_LONG_WAY = object()


def _short_way(restorer: Restorer, check: Any) -> Any:
    """A model's answer text read the short way (what :meth:`Strict.parse` reads, in fewer
    steps) into the model's instance (``check`` validates): parsed as it is, no pattern to
    search, room enough here, the parsed value edited in place (it is the reading's own),
    no encoded part that holds no JSON. :data:`_LONG_WAY` when it is not all that: the long
    way then reads the text again, and says what is wrong. None when the schema has patterns
    to search (every answer takes the long way)."""
    if restorer.searches:
        return None
    reader = restorer.reader
    entry, limit, recursion_limit = reader.entry, IN_THREAD_LIMIT, sys.getrecursionlimit
    fast, digits, long_run = orjson.loads, DIGITS, LONG_RUN

    def parse(text: str) -> Any:
        if recursion_limit() > limit:
            return _LONG_WAY
        try:  # read as decoding.loads reads it, inline
            data = fast(text)
        except orjson.JSONDecodeError:  # e.g. whitespace JSON does not know, or a number past a double
            return _LONG_WAY
        if text.encode().translate(digits).find(long_run) >= 0:
            return _LONG_WAY  # maybe an integer past 64 bits (orjson made it a float): the long way reads it exactly
        root, data = entry(data)
        if root.inert:
            payload = data
        else:
            walk = Walk(reader, True)
            try:
                payload = within_room(root.owns, data, None, walk)
            except CannotJudge as error:  # an encoded member too deep
                raise unreadable(error) from None
            if payload is OUT_OF_ROOM:
                return _LONG_WAY
            if walk.errors:
                return _LONG_WAY
        try:
            return check(payload)
        except ValidationError as error:
            raise StrictError(from_pydantic(error, payload), "the answer is invalid") from None

    return parse


def strict(
    source: Any,
    profile: str = DEFAULT_PROFILE,
    *,
    unroll: int | None = None,
    exact: bool = False,
    refs: Sequence[str] = (),
) -> Strict:
    """``source`` (a pydantic model class or ``TypeAdapter``, a schema, a path or
    ``"module:attribute"``) made strict for ``profile``.

    Raises :class:`StrictError` (a ``ValueError``) whose ``.findings`` say where and why when
    the schema cannot be made strict for the profile, and
    :class:`~tierone.core.errors.InputError` when the source cannot be read. A recursive model
    is kept recursive where the profile allows it (openai, gemini); where it does not,
    ``unroll=N`` unrolls it N levels deep (see :func:`tierone.rewrite`). Where the rendition is
    looser than the original (what the profile cannot carry), :attr:`Strict.loosened` lists
    each place, which reading enforces; ``exact=True`` refuses instead. ``refs``: the folders
    from which the schema's relative file references are read and bundled (:func:`tierone.rewrite`).
    """
    from ..rewriter.rewrite import rewrite

    model = _model_of(source)
    loaded = load_schema(model if model is not None else source, refs=refs)
    name = model_name(model) if model is not None and not isinstance(source, str) else loaded.path
    result = rewrite(loaded.data, profile, unroll=unroll, exact=exact)
    if not result.ok:
        raise StrictError(
            (
                (u.pointer, f"{u.rule} {u.reason}{_WAY_OUT if u.rule == 'T501' and unroll == 0 else ''}")
                for u in result.unfixable
            ),
            f"{name}: cannot be made strict for {profile}",
        )

    from ..rewriter.passes.budgets import encodes_to_fit, gathers_members

    restorer = Restorer.of(
        loaded.data, lenient=encodes_to_fit(result.loosened), gathers=gathers_members(result.loosened)
    )
    if model is None:
        return Strict(result.schema, loaded.data, profile, model, name, restorer, loosened=result.loosened)
    check = _check_of(model)
    quick = _short_way(restorer, check)
    return Strict(result.schema, loaded.data, profile, model, name, restorer, check, quick, result.loosened)


#: what a refusal of recursion says to do
_WAY_OUT = "; unroll=N (or leaving it out) unrolls the recursion N levels deep"


def _check_of(model: Any) -> Any:
    """The model's validation of plain data: ``model_validate`` (or a ``TypeAdapter``'s
    ``validate_python``); where that is pydantic's own, which only hands the data to the
    model's validator, that validator at once."""
    check = getattr(model, "model_validate", None)
    if check is None:
        return model.validate_python
    from pydantic import BaseModel

    if getattr(check, "__func__", None) is not getattr(BaseModel.model_validate, "__func__", None):
        return check  # the model's own model_validate
    return model.__pydantic_validator__.validate_python  # built: model_json_schema() built it


def _model_of(source: Any) -> Any:
    if isinstance(source, str) and not os.path.exists(source) and looks_like_model(source):
        return import_model(source)
    return source if is_model(source) else None


__all__ += ["Finding"]
