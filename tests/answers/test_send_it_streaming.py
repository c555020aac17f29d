"""docs/send-it.md's streaming snippets run: each, taken from the page, is executed against the
real SDK with a mock transport that streams the answer in small pieces, in that API's own event
shape (server-sent events). The request asks for a stream and carries the fragment unchanged,
the last partial answer shown is the whole answer in the model's meaning, and ``close()`` gives
the model's instance."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

import pytest

import tierone
from tests.judges import _httpx

from .test_send_it import (
    APIS,
    DATA,
    PAGE,
    Recorder,
    _answer,
    _execute,
    _model_block,
    _patch_anthropic,
    _patch_gemini,
    _patch_openai,
    sections,
)

#: the size of each piece the mock streams
PIECE = 7


def _pieces(text: str) -> Iterator[str]:
    return (text[at : at + PIECE] for at in range(0, len(text), PIECE))


def _sse(events: list[tuple[str | None, Any]]) -> bytes:
    lines = []
    for name, data in events:
        lines += [
            *([f"event: {name}"] if name else []),
            f"data: {data if isinstance(data, str) else json.dumps(data)}",
            "",
        ]
    return ("\n".join(lines) + "\n").encode()


def _chat(text: str) -> bytes:
    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        return {
            "id": "c",
            "object": "chat.completion.chunk",
            "created": 0,
            "model": "m",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
        }

    events = [(None, chunk({"role": "assistant", "content": ""}))]
    events += [(None, chunk({"content": piece})) for piece in _pieces(text)]
    return _sse([*events, (None, chunk({}, "stop")), (None, "[DONE]")])


def _responses(text: str) -> bytes:
    def delta(n: int, piece: str) -> dict[str, Any]:
        return {
            "type": "response.output_text.delta",
            "item_id": "msg",
            "output_index": 0,
            "content_index": 0,
            "delta": piece,
            "logprobs": [],
            "sequence_number": n,
        }

    return _sse([("response.output_text.delta", delta(n, piece)) for n, piece in enumerate(_pieces(text))])


def _anthropic(block: dict[str, Any], deltas: list[dict[str, Any]]) -> bytes:
    start = {
        "type": "message_start",
        "message": {
            "id": "m",
            "type": "message",
            "role": "assistant",
            "model": "m",
            "content": [],
            "stop_reason": None,
            "stop_sequence": None,
            "usage": {"input_tokens": 1, "output_tokens": 1},
        },
    }
    events = [
        ("message_start", start),
        ("content_block_start", {"type": "content_block_start", "index": 0, "content_block": block}),
        *(("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": d}) for d in deltas),
        ("content_block_stop", {"type": "content_block_stop", "index": 0}),
        (
            "message_delta",
            {
                "type": "message_delta",
                "delta": {"stop_reason": "end_turn", "stop_sequence": None},
                "usage": {"output_tokens": 1},
            },
        ),
        ("message_stop", {"type": "message_stop"}),
    ]
    return _sse(events)


def _tool(text: str) -> bytes:
    block = {"type": "tool_use", "id": "toolu_1", "name": "record_invoice", "input": {}}
    return _anthropic(block, [{"type": "input_json_delta", "partial_json": piece} for piece in _pieces(text)])


def _text(text: str) -> bytes:
    block = {"type": "text", "text": ""}
    return _anthropic(block, [{"type": "text_delta", "text": piece} for piece in _pieces(text)])


def _gemini(text: str) -> bytes:
    return _sse(
        [
            (None, {"candidates": [{"content": {"role": "model", "parts": [{"text": piece}]}, "index": 0}]})
            for piece in _pieces(text)
        ]
    )


class Streamed(NamedTuple):
    """A streaming section: the non-streaming section that sends the same fragment, the SSE
    body around the answer text, and whether the request asks for a stream in its body."""

    sends_as: str
    body: Callable[[str], bytes]
    asks_in_body: bool = True


STREAMED = {
    "Streaming: OpenAI Chat Completions": Streamed("OpenAI: Chat Completions", _chat),
    "Streaming: OpenAI Responses": Streamed("OpenAI: Responses", _responses),
    "Streaming: Anthropic, a strict tool": Streamed("Anthropic: a strict tool", _tool),
    "Streaming: Anthropic, structured output": Streamed("Anthropic: structured output", _text),
    "Streaming: Gemini": Streamed("Gemini", _gemini, asks_in_body=False),
}
PATCHES = {"openai": _patch_openai, "anthropic": _patch_anthropic, "gemini": _patch_gemini}


class StreamRecorder(Recorder):
    """The mock transport: records each request, answers with a stream of events."""

    def __init__(self, body: bytes) -> None:
        super().__init__({})
        self.body = body
        self.urls: list[str] = []

    def __call__(self, request: Any) -> Any:
        self.bodies.append(json.loads(request.content))
        self.urls.append(str(request.url))
        return _httpx().Response(200, headers={"content-type": "text/event-stream"}, content=self.body)


def test_the_page_streams_with_each_api():
    assert [h for h in sections() if h.startswith("Streaming: ")] == list(STREAMED)
    assert "\n## Streaming\n" in PAGE.read_text(encoding="utf-8")  # what streaming gives, before the calls


@pytest.mark.filterwarnings("error::DeprecationWarning")
@pytest.mark.parametrize("heading", list(STREAMED))
def test_the_streaming_snippet_shows_the_answer_as_it_comes_and_ends_with_the_instance(heading, monkeypatch):
    streamed = STREAMED[heading]
    api = APIS[streamed.sends_as]
    namespace: dict[str, Any] = {"__name__": "send_it"}
    _execute(_model_block(), "The model", namespace)
    made = tierone.strict(namespace["Invoice"], api.profile)
    text = json.dumps(_answer(made))
    recorder = StreamRecorder(streamed.body(text))
    PATCHES[api.profile](monkeypatch, recorder)
    [(language, code)] = sections()[heading]
    assert language == "python"
    _execute(code, heading, namespace)
    [body] = recorder.bodies
    built, sent = api.carried(namespace["invoice_format"], body)
    assert json.dumps(sent) == json.dumps(built)
    if streamed.asks_in_body:
        assert body["stream"] is True
    else:
        assert ":streamGenerateContent" in recorder.urls[0]
    invoice = namespace["invoice"]
    assert invoice == namespace["Invoice"].model_validate(DATA)
    assert (
        namespace["shown"] == made.restore(text) == invoice.model_dump(exclude_defaults=True) | {"lines": DATA["lines"]}
    )
