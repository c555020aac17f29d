"""docs/send-it.md runs: its code blocks, taken from the page itself (so they cannot drift), are
executed against the real SDKs with a mock transport in place of the network. Each request the
SDK sends carries the fragment unchanged, and ``.parse()`` of the mocked answer is the expected
model instance."""

from __future__ import annotations

import doctest
import json
import re
from collections.abc import Callable
from typing import Any, NamedTuple

import jsonschema
import pytest

import tierone
from tests.conftest import ROOT
from tests.judges import _BASE, _httpx

PAGE = ROOT / "docs" / "send-it.md"
#: what the mocked model answers, before it is put in the strict form of each profile
DATA = {"number": "A-17", "lines": [{"item": "tea", "quantity": 2}, {"item": "scone"}]}


def sections() -> dict[str, list[tuple[str, str]]]:
    """The page's fenced code blocks by section heading: ``[(language, code), ...]``."""
    found: dict[str, list[tuple[str, str]]] = {}
    heading = ""
    for match in re.finditer(
        r"^## ([^\n]+)$|^```(\w+)\n(.*?)^```$", PAGE.read_text(encoding="utf-8"), re.MULTILINE | re.DOTALL
    ):
        if match.group(1):
            heading = match.group(1).strip()
        else:
            found.setdefault(heading, []).append((match.group(2), match.group(3)))
    return found


class Recorder:
    """The mock transport: records each request's body, answers what the test set."""

    def __init__(self, answer: dict[str, Any]) -> None:
        self.answer = answer
        self.bodies: list[Any] = []

    def __call__(self, request: Any) -> Any:
        self.bodies.append(json.loads(request.content))
        return _httpx().Response(200, json=self.answer)

    def client(self) -> Any:
        httpx = _httpx()
        return httpx.Client(transport=httpx.MockTransport(self))


def _patch_openai(monkeypatch: pytest.MonkeyPatch, recorder: Recorder) -> None:
    import openai

    real = openai.OpenAI
    monkeypatch.setattr(
        openai,
        "OpenAI",
        lambda: real(api_key="no-key", base_url=_BASE + "/v1", http_client=recorder.client(), max_retries=0),
    )


def _patch_anthropic(monkeypatch: pytest.MonkeyPatch, recorder: Recorder) -> None:
    import anthropic

    real = anthropic.Anthropic
    monkeypatch.setattr(
        anthropic,
        "Anthropic",
        lambda: real(api_key="no-key", base_url=_BASE, http_client=recorder.client(), max_retries=0),
    )


def _patch_gemini(monkeypatch: pytest.MonkeyPatch, recorder: Recorder) -> None:
    from google import genai
    from google.genai import types

    real = genai.Client
    options = types.HttpOptions(
        base_url=_BASE, httpx_client=recorder.client(), retry_options=types.HttpRetryOptions(attempts=1)
    )
    monkeypatch.setattr(genai, "Client", lambda: real(api_key="no-key", http_options=options))


def _chat(text: str) -> dict[str, Any]:
    return {
        "id": "c",
        "object": "chat.completion",
        "created": 0,
        "model": "m",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
    }


def _responses(text: str) -> dict[str, Any]:
    return {
        "id": "r",
        "object": "response",
        "created_at": 0,
        "model": "m",
        "status": "completed",
        "parallel_tool_calls": False,
        "tool_choice": "auto",
        "tools": [],
        "output": [
            {
                "type": "message",
                "id": "msg",
                "status": "completed",
                "role": "assistant",
                "content": [{"type": "output_text", "text": text, "annotations": []}],
            }
        ],
    }


def _message(block: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": "m",
        "type": "message",
        "role": "assistant",
        "model": "m",
        "content": [block],
        "stop_reason": "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": 1, "output_tokens": 1},
    }


def _gemini(text: str) -> dict[str, Any]:
    return {"candidates": [{"content": {"role": "model", "parts": [{"text": text}]}, "finishReason": "STOP"}]}


class Api(NamedTuple):
    """One section of the page: its profile, how the SDK is pointed at the mock, the mocked
    reply around the answer, and where the fragment is in the request body."""

    profile: str
    patch: Callable[[pytest.MonkeyPatch, Recorder], None]
    reply: Callable[[Any], dict[str, Any]]
    #: (the fragment as the Strict value builds it, the same in the body the SDK sent)
    carried: Callable[[Any, Any], tuple[Any, Any]]


APIS = {
    "OpenAI: Chat Completions": Api(
        "openai",
        _patch_openai,
        lambda answer: _chat(json.dumps(answer)),
        lambda s, body: (s.openai_response_format("invoice"), body["response_format"]),
    ),
    "OpenAI: Responses": Api(
        "openai",
        _patch_openai,
        lambda answer: _responses(json.dumps(answer)),
        lambda s, body: (s.openai_text_format("invoice"), body["text"]["format"]),
    ),
    "Anthropic: a strict tool": Api(
        "anthropic",
        _patch_anthropic,
        lambda answer: _message({"type": "tool_use", "id": "toolu_1", "name": "record_invoice", "input": answer}),
        lambda s, body: ([s.anthropic_tool("record_invoice", "Record the invoice.")], body["tools"]),
    ),
    "Anthropic: structured output": Api(
        "anthropic",
        _patch_anthropic,
        lambda answer: _message({"type": "text", "text": json.dumps(answer)}),
        lambda s, body: (s.anthropic_output_format(), body["output_config"]["format"]),
    ),
    "Gemini": Api(
        "gemini",
        _patch_gemini,
        lambda answer: _gemini(json.dumps(answer)),
        lambda s, body: (
            {_camel(k): v for k, v in s.gemini_config().items()},
            {k: v for k, v in body["generationConfig"].items() if k in ("responseMimeType", "responseJsonSchema")},
        ),
    ),
}


def _camel(key: str) -> str:
    head, *rest = key.split("_")
    return head + "".join(part.title() for part in rest)


def _model_block() -> str:
    [(language, code)] = sections()["The model"]
    assert language == "python"
    return code


def _answer(strict: Any) -> Any:
    """``DATA`` as the vendor would send it under ``strict.schema`` (nulls for the absent
    members where the profile requires every member), checked to be valid there."""
    for answer in (tierone.to_strict_form(DATA, strict.original), DATA):
        if jsonschema.Draft202012Validator(strict.schema).is_valid(answer):
            return answer
    raise AssertionError(f"no form of the answer is valid under the {strict.profile} schema")


def _execute(code: str, heading: str, namespace: dict[str, Any]) -> None:
    """Run one of the page's snippets as a user's module would (no ``__future__`` of ours)."""
    exec(compile(code, f"{PAGE}:{heading}", "exec", dont_inherit=True), namespace)  # noqa: S102 (the page's own code is what is tested)


def _run(heading: str, monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, Any], Recorder]:
    api = APIS[heading]
    namespace: dict[str, Any] = {"__name__": "send_it"}
    _execute(_model_block(), "The model", namespace)
    [(language, code)] = sections()[heading]
    assert language == "python"
    answer = _answer(tierone.strict(namespace["Invoice"], api.profile))
    recorder = Recorder(api.reply(answer))
    api.patch(monkeypatch, recorder)
    _execute(code, heading, namespace)
    return namespace, recorder


#: the streaming sections (tests/answers/test_send_it_streaming.py runs them)
STREAMING = (
    "OpenAI Chat Completions",
    "OpenAI Responses",
    "Anthropic, a strict tool",
    "Anthropic, structured output",
    "Gemini",
)


#: the retry sections (tests/answers/test_send_it_retries.py runs them)
RETRYING = ("OpenAI Chat Completions", "Anthropic, a strict tool", "Gemini")


def test_the_page_holds_the_model_and_one_call_per_api():
    code = {heading: [language for language, _ in blocks] for heading, blocks in sections().items()}
    assert code == {
        "The model": ["python"],
        **{heading: ["python"] for heading in APIS},
        **{f"Streaming: {heading}": ["python"] for heading in STREAMING},
        "When the answer is wrong": ["pycon"],
        "Asking again": ["pycon"],
        **{f"Retrying: {heading}": ["python"] for heading in RETRYING},
    }


@pytest.mark.filterwarnings("error::DeprecationWarning")  # e.g. a model name the SDK calls deprecated
@pytest.mark.parametrize("heading", list(APIS))
def test_the_snippet_sends_the_fragment_unchanged_and_parses_the_answer(heading, monkeypatch):
    namespace, recorder = _run(heading, monkeypatch)
    [body] = recorder.bodies
    built, sent = APIS[heading].carried(namespace["invoice_format"], body)
    assert json.dumps(sent) == json.dumps(built)  # the same members, in the same order
    made = namespace["invoice_format"]
    assert made.profile is None  # each vendor's own rendition: this API's vendor's is what was sent
    assert made.rendition(APIS[heading].profile) == tierone.rewrite(namespace["Invoice"], APIS[heading].profile).schema
    assert set(made._made) == {APIS[heading].profile}  # made when first asked for, the others not
    invoice = namespace["invoice"]
    assert type(invoice) is namespace["Invoice"]
    assert invoice == namespace["Invoice"].model_validate(DATA)
    assert invoice.lines[1].quantity == 1 and invoice.currency == "EUR" and invoice.customer is None


@pytest.mark.parametrize(("heading", "examples"), [("When the answer is wrong", 2), ("Asking again", 3)])
def test_the_errors_shown_are_the_errors_raised(heading, examples, monkeypatch):
    namespace, _ = _run("OpenAI: Chat Completions", monkeypatch)
    [(language, example)] = sections()[heading]
    assert language == "pycon"
    test = doctest.DocTestParser().get_doctest(example, namespace, "send-it", str(PAGE), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False) == doctest.TestResults(failed=0, attempted=examples)
