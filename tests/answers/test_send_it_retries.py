"""docs/send-it.md's retry loops run: each, taken from the page, is executed against the real SDK
with a mock transport whose first answer the model refuses (a currency outside its `Literal`)
and whose second is good.
The second request carries the feedback in that API's own shape, and the loop ends with the
model's instance."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, NamedTuple

import pytest

import tierone

from .test_retries import Replies
from .test_send_it import (
    DATA,
    _answer,
    _chat,
    _execute,
    _gemini,
    _message,
    _model_block,
    _patch_anthropic,
    _patch_gemini,
    _patch_openai,
    sections,
)

#: the first answer: a currency the model's `Literal` refuses
BAD = {**DATA, "currency": "GBP"}


class Retried(NamedTuple):
    """A retry section: the profile whose rendition it sends, how the SDK is pointed at the
    mock, the reply around an answer, and what the second request must carry."""

    profile: str
    patch: Callable[[pytest.MonkeyPatch, Any], None]
    reply: Callable[[Any, int], dict[str, Any]]
    asked_again: Callable[[dict[str, Any]], None]


def _chat_asked_again(body: dict[str, Any]) -> None:
    roles = [m["role"] for m in body["messages"]]
    assert roles == ["user", "assistant", "user"] and "/currency" in body["messages"][2]["content"]


def _tool_asked_again(body: dict[str, Any]) -> None:
    assert [m["role"] for m in body["messages"]] == ["user", "assistant", "user"]
    [result] = body["messages"][2]["content"]
    assert result["type"] == "tool_result" and result["tool_use_id"] == "toolu_0" and result["is_error"] is True
    assert "/currency" in result["content"]


def _gemini_asked_again(body: dict[str, Any]) -> None:
    assert [c["role"] for c in body["contents"]] == ["user", "model", "user"]
    assert "/currency" in body["contents"][2]["parts"][0]["text"]


RETRIED = {
    "Retrying: OpenAI Chat Completions": Retried(
        "openai", _patch_openai, lambda answer, _: _chat(json.dumps(answer)), _chat_asked_again
    ),
    "Retrying: Anthropic, a strict tool": Retried(
        "anthropic",
        _patch_anthropic,
        lambda answer, n: _message({"type": "tool_use", "id": f"toolu_{n}", "name": "record_invoice", "input": answer}),
        _tool_asked_again,
    ),
    "Retrying: Gemini": Retried(
        "gemini", _patch_gemini, lambda answer, _: _gemini(json.dumps(answer)), _gemini_asked_again
    ),
}


def test_the_page_retries_with_each_vendor():
    assert [h for h in sections() if h.startswith("Retrying: ")] == list(RETRIED)


@pytest.mark.filterwarnings("error::DeprecationWarning")
@pytest.mark.parametrize("heading", list(RETRIED))
def test_the_retry_loop_asks_again_with_the_feedback_and_ends_with_the_instance(heading, monkeypatch):
    retried = RETRIED[heading]
    namespace: dict[str, Any] = {"__name__": "send_it"}
    _execute(_model_block(), "The model", namespace)
    made = tierone.strict(namespace["Invoice"], retried.profile)
    bad = {**_answer(made), "currency": BAD["currency"]}
    replies = Replies(retried.reply(bad, 0), retried.reply(_answer(made), 1))
    retried.patch(monkeypatch, replies)
    [(language, code)] = sections()[heading]
    assert language == "python"
    _execute(code, heading, namespace)
    assert len(replies.bodies) == 2
    retried.asked_again(replies.bodies[1])
    assert namespace["invoice"] == namespace["Invoice"].model_validate(DATA)
    assert namespace["attempt"] == 1
