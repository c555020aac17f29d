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
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import orjson
from pydantic_core import ValidationError

from ..core.inputs import DATA, import_model, is_model, load_schema, looks_like_model, model_name
from ..core.recent import Recent
from ..core.validation import CannotJudge
from ..subset.profiles import DEFAULT_PROFILE
from ..vendors import FRAGMENTS
from .answer_text import answer_data, unreadable
from .findings import Finding, StrictError, from_pydantic
from .restore import Restorer
from .shortway import LONG_WAY, restored, short_way

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

    def retry_messages(
        self, error: StrictError, api: str, *, answer: str | None = None, call_id: str | None = None
    ) -> list[dict[str, Any]]:
        """The conversation items that ask the model again after ``error`` (what :meth:`parse`
        raised), in the shape of ``api`` (a :data:`~tierone.vendors.FRAGMENTS` name, as for
        :meth:`fragment`), carrying :attr:`StrictError.feedback`: append them to the messages
        (``contents`` for Gemini, ``input`` for the Responses API) and send the request again.
        ``answer``: the text the model answered, given back as its own turn where the API
        takes it that way; ``call_id``: for a tool (``openai-tool``, ``anthropic-tool``), the
        id of the call answered, whose result is marked as an error (the caller first appends
        the assistant turn holding that call, as the SDK returned it)."""
        chosen = FRAGMENTS.get(api)
        if chosen is None or chosen.retry is None:
            raise ValueError(f"no request fragment is called {api!r} (one of: {', '.join(FRAGMENTS)})")
        return chosen.retry(error.feedback, answer, call_id)

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
            if instance is not LONG_WAY:
                return instance
        return self._instance(self._read(*answer_data(answer), validate=False))

    def _read(self, data: Any, shallow: bool, validate: bool) -> Any:
        try:
            payload, errors = restored(self._reader, data, shallow, validate)
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
    The same model class (or the same schema content from the same place) with the same options
    gives the same :class:`Strict` again, made once (the last :data:`MADE` are kept): build it
    where it is used.
    """
    model = _model_of(source)
    options = (source if isinstance(source, str) else None, profile, unroll, exact, tuple(refs))
    if model is not None:  # a model class is its own key: its schema is not even made again
        return _made(("model", model, *options), lambda: _strict(model, None, source, *options[1:]))
    loaded = load_schema(source, refs=refs)
    try:
        content = orjson.dumps(loaded.data)
    except (TypeError, orjson.JSONEncodeError):  # e.g. an integer past 64 bits: made each time
        return _strict(None, loaded, source, *options[1:])
    return _made(("schema", content, loaded.path, *options), lambda: _strict(None, loaded, source, *options[1:]))


#: the :class:`Strict` objects made last, by what they were made of (the oldest go past it)
MADE = 128
_made_last: Recent[Any, Strict] = Recent(MADE)


def _made(key: Any, make: Any) -> Strict:
    """The :class:`Strict` made of ``key`` before, else ``make()`` (kept for the next call)."""
    found = _made_last.get(key)
    if found is None:
        found = make()
        _made_last.put(key, found)
    return found


def _strict(
    model: Any, loaded: Any, source: Any, profile: str, unroll: int | None, exact: bool, refs: tuple[str, ...]
) -> Strict:
    from ..rewriter.rewrite import rewrite

    if loaded is None:
        loaded = load_schema(model, refs=refs)
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
    quick = short_way(restorer, check)
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
