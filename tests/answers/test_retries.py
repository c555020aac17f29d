"""Retries with the error fed back: ``StrictError.feedback`` (one bounded line per finding, the
answer never echoed) and ``Strict.retry_messages`` in each API's shape, a tool's call answered
as an error through the real SDK with a mock transport (first answer bad, the second good).
docs/send-it.md's retry loop for each vendor runs in tests/answers/test_send_it_retries.py."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import BaseModel, Field

import tierone
from tests.judges import _BASE, _httpx


class Line(BaseModel):
    item: str
    quantity: int = Field(ge=1)


class TestFeedback:
    def test_one_line_per_finding_with_the_place_and_the_value_cut(self):
        strict = tierone.strict(Line, "openai")
        with pytest.raises(tierone.StrictError) as raised:
            strict.parse(json.dumps({"item": "x" * 500, "quantity": 0}))
        feedback = raised.value.feedback
        lines = feedback.splitlines()
        assert lines[0].startswith("Your answer does not satisfy the schema")
        assert any(line.startswith("- at /quantity:") for line in lines[1:])
        assert "x" * 41 not in feedback  # the answer is never echoed back

    def test_many_findings_are_bounded(self):
        schema = {"type": "object", "properties": {f"p{i}": {"type": "integer"} for i in range(60)}}
        strict = tierone.strict(schema, "openai")
        with pytest.raises(tierone.StrictError) as raised:
            strict.parse(json.dumps({f"p{i}": "nope" for i in range(60)}))
        feedback = raised.value.feedback
        assert len(feedback.splitlines()) <= 22 and len(feedback) <= 2_200
        assert feedback.splitlines()[-1].startswith("- and ") and feedback.splitlines()[-1].endswith(" more")


class Replies:
    """The mock transport: answers each request with the next reply, and records the bodies."""

    def __init__(self, *replies: dict[str, Any]) -> None:
        self.replies = list(replies)
        self.bodies: list[Any] = []

    def __call__(self, request: Any) -> Any:
        self.bodies.append(json.loads(request.content))
        return _httpx().Response(200, json=self.replies.pop(0))

    def client(self) -> Any:
        httpx = _httpx()
        return httpx.Client(transport=httpx.MockTransport(self))


def _anthropic(block: dict[str, Any]) -> dict[str, Any]:
    usage = {"input_tokens": 1, "output_tokens": 1}
    return {"id": "m", "type": "message", "role": "assistant", "model": "m", "content": [block], "usage": usage}


BAD, GOOD = {"item": "tea", "quantity": 0}, {"item": "tea", "quantity": 2}


def test_openai_tool_and_anthropic_tool_answer_the_call_marked_as_an_error():
    import anthropic

    strict = tierone.strict(Line, "anthropic")
    use = {"type": "tool_use", "id": "toolu_1", "name": "order", "input": BAD}
    replies = Replies(_anthropic(use), _anthropic({**use, "id": "toolu_2", "input": GOOD}))
    client = anthropic.Anthropic(api_key="no-key", base_url=_BASE, http_client=replies.client(), max_retries=0)
    messages: list[Any] = [{"role": "user", "content": "Order tea."}]
    for _ in range(2):
        reply = client.messages.create(
            model="m", max_tokens=100, messages=messages, tools=[strict.anthropic_tool("order")]
        )
        call = next(block for block in reply.content if block.type == "tool_use")
        try:
            line = strict.parse(call.input)
            break
        except tierone.StrictError as error:
            failed = error
            messages += [{"role": "assistant", "content": reply.content}]
            messages += strict.retry_messages(error, "anthropic-tool", call_id=call.id)
    assert line == Line(**GOOD)
    result = replies.bodies[1]["messages"][2]["content"][0]
    assert result["type"] == "tool_result" and result["tool_use_id"] == "toolu_1" and result["is_error"] is True
    openai_tool = strict.retry_messages(failed, "openai-tool", call_id="call_1")
    assert openai_tool == [{"role": "tool", "tool_call_id": "call_1", "content": failed.feedback}]
    with pytest.raises(ValueError, match="call_id"):
        strict.retry_messages(failed, "anthropic-tool")
