"""``Strict``: a schema made strict for the vendors, the request fragments that carry it, and
the reading of the answers back into what the original means (:func:`~.making.strict` makes it).

>>> import tierone
>>> from pydantic import BaseModel
>>> class Reply(BaseModel):
...     text: str
...     mood: str | None = None
>>> reply = tierone.strict(Reply)
>>> reply.openai_response_format("reply")["json_schema"]["schema"]["required"]
['text', 'mood']
>>> reply.parse('{"text": "hi", "mood": null}')
Reply(text='hi', mood=None)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.inputs import DATA
from ..subset.profiles import covers
from ..vendors import FRAGMENTS, VENDORS, own_profile, vendor_of
from .answer_text import answer_data
from .casing import instance_recased, restored_recased
from .findings import StrictError
from .rendition import Rendition, distinct
from .shortway import LONG_WAY

if TYPE_CHECKING:
    from ..rewriter.passes import Change
    from .streaming import Stream

__all__ = ["Strict"]


@dataclass(frozen=True, eq=False)
class Strict:
    """A pydantic model (or a schema) made strict: each vendor's request fragments and the
    reading of the answers given under them.

    Made by :func:`tierone.strict`. Without a profile it holds each vendor's own rendition
    (``openai_*`` fragments carry the ``openai`` rendition, ``anthropic_*`` the ``anthropic``
    one, ``gemini_config`` the ``gemini`` one), each made when first asked for; with one
    (``strict(Model, "tier1")``) it holds that rendition alone, which every fragment of a vendor
    the profile covers carries."""

    #: the schema as given (a model's JSON Schema)
    original: Any
    #: the profile pinned, or None for each vendor's own
    profile: str | None
    #: the pydantic model class or ``TypeAdapter`` given, or None for a schema
    model: Any = None
    #: how the source is shown in messages (a path, ``module:attribute``, ``<schema>``)
    name: str = DATA
    #: the pinned rendition (None without a profile)
    _one: Rendition | None = field(default=None, repr=False)
    #: the rendition for a profile, made as :func:`tierone.strict` makes it (None when pinned)
    _make: Callable[[str], Rendition] | None = field(default=None, repr=False)
    #: the renditions made so far, by profile, or why one cannot be made (filled on first
    #: need: a cache, not state)
    _made: dict[str, Rendition | StrictError] = field(default_factory=dict, repr=False)
    #: the distinct readings last worked out, and how many renditions were made then
    _readings: list[Any] = field(default_factory=list, repr=False)

    @property
    def schema(self) -> Any:
        """The pinned rendition's strict schema (what the vendor is sent); without a profile,
        :meth:`rendition` names the one wanted."""
        return self._pinned("schema").schema

    @property
    def loosened(self) -> tuple[Change, ...]:
        """The pinned rendition's ledger (see :attr:`Rendition.loosened`); without a profile,
        ``rendition_of(profile).loosened``."""
        return self._pinned("loosened").loosened

    def rendition(self, profile: str | None = None) -> Any:
        """The strict schema for ``profile`` (the pinned one when left out); a
        :class:`StrictError` when that profile cannot carry the schema."""
        return self.rendition_of(profile).schema

    def rendition_of(self, profile: str | None = None) -> Rendition:
        """The :class:`Rendition` for ``profile``: the schema, its ledger and its reader."""
        if self._one is not None:
            if profile not in (None, self._one.profile):
                raise ValueError(
                    f"this Strict is pinned to {self._one.profile}: make one for {profile} with "
                    f"tierone.strict(..., {profile!r}), or leave the profile out for each vendor's own"
                )
            return self._one
        if profile is None:
            raise ValueError(f"name a profile: this Strict holds each vendor's own rendition ({_OWN})")
        found = self._made.get(profile)
        if found is None:
            assert self._make is not None
            try:
                found = self._make(profile)
            except StrictError as refused:
                found = refused
            found = self._made.setdefault(profile, found)
        if isinstance(found, StrictError):
            raise found.with_traceback(None)
        return found

    def _pinned(self, what: str) -> Rendition:
        if self._one is None:
            raise AttributeError(
                f"{what}: this Strict holds each vendor's own rendition ({_OWN}); "
                f"ask for one with .rendition(profile) or .rendition_of(profile)"
            )
        return self._one

    def fragment(self, kind: str, name: str | None = None, description: str | None = None) -> dict[str, Any]:
        """The request fragment ``kind`` (an ``--emit`` name: ``openai-response-format``,
        ``anthropic-tool``, ``gemini-config``, ...; :data:`tierone.vendors.FRAGMENTS` lists them)
        carrying the rendition for its vendor. ``name`` is required where the API requires one
        and refused where it takes none, as is ``description``; a :class:`ValueError` says which,
        and when the pinned profile is not one the fragment's vendor accepts."""
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
        import copy

        vendor = vendor_of(kind)
        if self._one is None:
            rendition = self.rendition_of(own_profile(vendor))
        elif covers(self._one.profile, vendor):
            rendition = self._one
        else:
            raise ValueError(
                f"the {kind} fragment is for {vendor.name}, which the {self._one.profile} rendition is not "
                f"made for: pin a profile that covers {vendor.name} ({own_profile(vendor)}, vendors or "
                "tier1), or leave the profile out"
            )
        # a copy: the caller (or an SDK) may edit what it is handed
        return FRAGMENTS[kind].build(copy.deepcopy(rendition.schema), name, description, rendition.profile)

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

    def restore(self, answer: Any, profile: str | None = None) -> Any:
        """The answer (text, a tool call's arguments or parsed JSON) as plain data meaning what
        the original schema means, validated against it; :class:`StrictError` when it is not
        valid. ``profile``: the rendition it was given under (see :meth:`parse`)."""
        data = answer_data(answer)
        return self._each_reading(profile, lambda r: restored_recased(r, *data))

    def parse(self, answer: Any, profile: str | None = None) -> Any:
        """The answer as an instance of the model (its validators and defaults run), or for a
        schema source the restored data validated against the original; :class:`StrictError`
        listing ``(pointer, message)`` when it is not valid.

        Without a profile pinned, the answer may have been given under any rendition whose
        fragment was handed out (none yet: any vendor's own): where those renditions read every
        text alike (most schemas) it is read once; where they do not, it is read under each, and
        when two readings differ ``profile=`` must say which it was given under (a
        :class:`StrictError` says so)."""
        if self.model is None:
            return self.restore(answer, profile)
        if answer.__class__ is str:
            one = self._one
            if one is not None and profile is None and one.case_note is None:  # the common case, in the fewest steps
                quick = one.quick
                instance = LONG_WAY if quick is None else quick(answer)
                return instance if instance is not LONG_WAY else self._quickly(one, answer)
            return self._each_reading(profile, lambda r: self._quickly(r, answer))
        data = answer_data(answer)
        return self._each_reading(profile, lambda r: instance_recased(r, r.check, *data))

    def stream(self, profile: str | None = None, *, strings: bool = True) -> Stream:
        """A reader of the answer while it streams: ``.feed(chunk)`` returns the partial answer
        so far, plain data in the original's meaning (complete members read back: null as
        absent, encoded members decoded once complete, a root wrapper taken off; the member
        being written shown as far as it goes where it is text, unless ``strings=False``);
        ``.close()`` returns (or raises) what :meth:`parse` of the whole text would. The
        partial is one value that grows in place (copy it to keep a snapshot). ``profile`` as
        for :meth:`parse`: it picks the reading of the partial answer where renditions differ."""
        from .streaming import Stream, finishing

        pinned = self._one is not None or profile is not None
        readings = [self.rendition_of(profile)] if pinned else self._distinct_readings()
        chosen = readings[0]
        finish = finishing(chosen.check, chosen.reader) if len(readings) == 1 else None
        return Stream(chosen.reader.reader, lambda text: self.parse(text, profile), strings, finish)

    def partial(self, prefix: str, profile: str | None = None, *, strings: bool = True) -> Any:
        """The partial answer that the text ``prefix`` holds so far (see :meth:`stream`)."""
        return self.stream(profile, strings=strings).feed(prefix)

    def _each_reading(self, profile: str | None, read: Callable[[Rendition], Any]) -> Any:
        if self._one is not None or profile is not None:
            return read(self.rendition_of(profile))
        readings = self._distinct_readings()
        if len(readings) == 1:
            return read(readings[0])
        results, refused = [], []
        for rendition in readings:
            try:
                results.append((rendition.profile, read(rendition)))
            except StrictError as error:
                refused.append(error)
        if not results:
            raise refused[0]
        first = results[0][1]
        differing = [p for p, result in results if result != first]
        if differing:
            raise StrictError(
                [("", f"the {results[0][0]} and {differing[0]} renditions read this answer differently")],
                "say which rendition the answer was given under: profile=",
            )
        return first

    def _distinct_readings(self) -> list[Rendition]:
        """The renditions an answer may have been given under, one per way of reading
        (:attr:`Rendition.reads_as`): those made so far (their fragments were handed out), else
        each vendor's own that can be made; the first refusal when none can."""
        if self._readings and self._readings[0] == len(self._made):
            kept: list[Rendition] = self._readings[1]  # none made since
            return kept
        made = [r for r in self._made.values() if isinstance(r, Rendition)]
        refusal = None
        if not made:
            for vendor in VENDORS.values():
                try:
                    made.append(self.rendition_of(own_profile(vendor)))
                except StrictError as error:
                    refusal = refusal or error
        if not made:
            assert refusal is not None
            raise refusal
        found = distinct(made)
        self._readings[:] = (len(self._made), found)
        return found

    def _quickly(self, rendition: Rendition, text: str) -> Any:
        if rendition.quick is not None:
            try:
                instance = rendition.quick(text)
            except StrictError:
                if rendition.case_note is None:
                    raise
                instance = LONG_WAY  # the long way repairs the case of enum and const strings
            if instance is not LONG_WAY:
                return instance
        return instance_recased(rendition, rendition.check, *answer_data(text))


#: each vendor's own profile, as messages name them
_OWN = ", ".join(f"{own_profile(v)} for {v.name}" for v in VENDORS.values())
