"""``request()``: a request as the unit, an output schema and tools sent together to one vendor,
whose limits that count across a request (Anthropic's 24 optional and 16 union-typed
parameters) are shared out across its schemas so that it fits; each answer read back into what
its own source means.

>>> import tierone
>>> from pydantic import BaseModel
>>> class Lookup(BaseModel):
...     query: str
...     limit: int | None = None
>>> class Answer(BaseModel):
...     text: str
>>> made = tierone.request(Answer, tools={"lookup": Lookup}, vendor="anthropic")
>>> sorted(made.fragments())
['output_config', 'tools']
>>> made.parse_tool_call("lookup", {"query": "tea"})
Lookup(query='tea', limit=None)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..core.inputs import load_schema, model_name
from ..vendors import VENDORS, own_profile
from .findings import StrictError
from .making import check_of, model_of, rendition
from .rendition import Rendition
from .strict import Strict

__all__ = ["Request", "Tool", "request"]

#: what the output is called in messages and in the fragments that name it
OUTPUT = "output"


class Tool(NamedTuple):
    """A tool of a request: its source (a model, a ``TypeAdapter``, a schema, a path or
    ``module:attribute``), a description for the model, and whether it is sent in strict mode
    (a tool that is not is sent as its schema is, and held to no subset)."""

    source: Any
    description: str | None = None
    strict: bool = True


@dataclass(frozen=True, eq=False)
class Request:
    """An output schema and tools made strict together for one vendor (see :func:`request`)."""

    vendor: str
    #: the vendor's own profile, which every strict schema of the request is made for
    profile: str
    #: the output's reading, or None for a request of tools only
    output: Strict | None
    #: each tool's reading, by name (a tool sent without strict mode reads its schema as given)
    tools: Mapping[str, Strict]
    descriptions: Mapping[str, str | None]
    strict: Mapping[str, bool]

    def fragments(self, api: str | None = None) -> dict[str, Any]:
        """The arguments of the vendor's API call that carry the request's schemas, in that
        API's shape: ``api`` is one of the vendor's request kinds (``openai-chat`` (the
        default) or ``openai-responses``, ``anthropic-messages``, ``gemini-request``: google-genai's
        ``config``). A :class:`ValueError` names the kinds for another."""
        kinds = {kind.name: kind for kind in VENDORS[self.vendor].requests if kind.build is not None}
        chosen = kinds.get(api or next(iter(kinds)))
        if chosen is None or chosen.build is None:
            raise ValueError(f"no {self.vendor} request is called {api!r} (one of: {', '.join(kinds)})")
        output = None if self.output is None else (self.output.rendition(), OUTPUT)
        tools = [
            (name, made.rendition(), self.descriptions[name], self.strict[name]) for name, made in self.tools.items()
        ]
        return chosen.build(_copied(output), _copied(tools), self.profile)

    def rendition(self, name: str | None = None) -> Any:
        """The schema sent for the output (``name`` left out) or for the tool ``name``."""
        return self._reading(name).rendition()

    def parse(self, answer: Any) -> Any:
        """The output's answer read back (as :meth:`Strict.parse` reads it)."""
        return self._reading(None).parse(answer)

    def parse_tool_call(self, name: str, arguments: Any) -> Any:
        """A call of the tool ``name``: its arguments (text or parsed) read back into what the
        tool's source means (an instance of its model, or the restored data)."""
        return self._reading(name).parse(arguments)

    def stream(self, name: str | None = None, *, strings: bool = True) -> Any:
        """A reader of the output's answer (or a tool call's arguments) while it streams (as
        :meth:`Strict.stream`)."""
        return self._reading(name).stream(strings=strings)

    def retry_messages(
        self, error: StrictError, api: str, *, answer: str | None = None, call_id: str | None = None
    ) -> list[dict[str, Any]]:
        """The conversation items that ask again after ``error``, as :meth:`Strict.retry_messages`."""
        return next(iter(self.tools.values()), self.output).retry_messages(  # type: ignore[union-attr]
            error, api, answer=answer, call_id=call_id
        )

    def _reading(self, name: str | None) -> Strict:
        if name is None:
            if self.output is None:
                raise ValueError("this request has no output schema: name a tool")
            return self.output
        found = self.tools.get(name)
        if found is None:
            raise ValueError(f"this request has no tool {name!r} (its tools: {', '.join(self.tools) or 'none'})")
        return found


def request(
    output: Any = None,
    *,
    tools: Mapping[str, Any] | None = None,
    vendor: str,
    unroll: int | None = None,
    exact: bool = False,
    refs: Sequence[str] = (),
) -> Request:
    """``output`` (a source as :func:`tierone.strict` takes it, or None) and ``tools`` (by name:
    a source, or a :class:`Tool` with a description or sent without strict mode) made strict
    together for ``vendor``'s own profile. Where its schemas together would spend more of a
    limit that counts across a request than the vendor allows, each gets a fair share, and is
    made to fit it (as the rewrite of a request body does).

    :class:`StrictError` when a schema cannot be made strict, or the request cannot fit
    (``exact=True`` refuses to loosen a schema to fit): its finding names the limit, the
    request's count and the schemas that spend it."""
    if vendor not in VENDORS:
        raise ValueError(f"unknown vendor {vendor!r}; choose one of {', '.join(VENDORS)}")
    profile = own_profile(VENDORS[vendor])
    given = {name: tool if isinstance(tool, Tool) else Tool(tool) for name, tool in (tools or {}).items()}
    parts: list[tuple[str | None, Tool]] = [(None, Tool(output))] if output is not None else []
    parts += list(given.items())
    if not parts:
        raise ValueError("a request needs an output schema or at least one tool")
    _count_tools([name for name, tool in given.items() if tool.strict], profile)
    loaded = [_loaded(part.source, refs) for _, part in parts]
    strict = [index for index, (_, part) in enumerate(parts) if part.strict]
    from ..rewriter.requests import request_shares

    shares = request_shares([loaded[i][1] for i in strict], [profile] * len(strict))
    share_of = dict(zip(strict, shares, strict=True))
    made: list[Strict] = []
    for index, (name, part) in enumerate(parts):
        model, original, shown = loaded[index]
        check = None if model is None else check_of(model)
        label = f"tool {name}" if name else OUTPUT
        if part.strict:
            try:
                read = rendition(original, f"{shown} ({label})", profile, unroll, exact, check, share_of[index] or None)
            except StrictError as refused:
                raise _cannot_fit(refused, share_of[index], parts, loaded, strict, profile) from None
        else:
            read = Rendition(original, profile, (), original, check=check)
        made.append(Strict(original, profile, model, shown, read))
    first_tool = 1 if output is not None else 0
    return Request(
        vendor,
        profile,
        made[0] if output is not None else None,
        dict(zip(given, made[first_tool:], strict=True)),
        {name: tool.description for name, tool in given.items()},
        {name: tool.strict for name, tool in given.items()},
    )


def _count_tools(names: list[str], profile: str) -> None:
    """A :class:`StrictError` when ``names`` are more strict tools than one request may carry."""
    from ..linter.requests import TOOL_COUNT, too_many_tools, tool_limit

    limit = tool_limit([profile])
    if limit is not None and len(names) > limit:
        why = too_many_tools([f"tool {name}" for name in names], limit)
        raise StrictError([("", f"{TOOL_COUNT}: {why}")], f"the request cannot fit {profile}'s limits")


def _loaded(source: Any, refs: Sequence[str]) -> tuple[Any, Any, str]:
    """(the model or None, the schema, how messages name it)."""
    model = model_of(source)
    loaded = load_schema(model if model is not None else source, refs=refs)
    return model, loaded.data, model_name(model) if model is not None and not isinstance(source, str) else loaded.path


def _cannot_fit(
    refused: StrictError,
    share: dict[str, int],
    parts: list[tuple[str | None, Tool]],
    loaded: list[tuple[Any, Any, str]],
    strict: list[int],
    profile: str,
) -> StrictError:
    """``refused`` (one schema's), or where it is over its share of a limit that counts across
    the request, the request's refusal: the limit, its count and the schemas that spend it."""
    over = [code for code in share if any(f.message.startswith(code) for f in refused.findings)]
    if not over:
        return refused
    from ..rewriter.requests import cannot_fit

    labels = [f"tool {parts[i][0]}" if parts[i][0] else OUTPUT for i in strict]
    why = cannot_fit(over[0], labels, [loaded[i][1] for i in strict], [profile] * len(strict))
    return StrictError([("", f"{over[0]}: {why}")], f"the request cannot fit {profile}'s limits")


def _copied(value: Any) -> Any:
    import copy

    return copy.deepcopy(value)  # the caller (or an SDK) may edit what it is handed
