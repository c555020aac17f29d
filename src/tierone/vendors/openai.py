"""OpenAI: Structured Outputs (Chat Completions ``response_format``, the Responses API's
``text.format``) and strict function calling. Key: ``Authorization: Bearer``. Errors:
``{"error": {"message", "type", "param", "code"}}``."""

from __future__ import annotations

from typing import Any

from .model import Api, Column, Fragment, Profile, RequestKind, Slot, Vendor
from .naming import answered_then_told, described, named, needs_call_id, strict_or_not

NAME = "openai"


def response_format(schema: Any, name: str, description: str | None = None, profile: str = NAME) -> dict[str, Any]:
    """Chat Completions ``response_format``."""
    return {"type": "json_schema", "json_schema": {"name": named(name, "OpenAI"), "schema": schema, "strict": True}}


def text_format(schema: Any, name: str, description: str | None = None, profile: str = NAME) -> dict[str, Any]:
    """Responses API ``text.format`` (sent as ``text={"format": ...}``)."""
    return {"type": "json_schema", "name": named(name, "OpenAI"), "schema": schema, "strict": True}


def tool(schema: Any, name: str, description: str | None = None, profile: str = NAME) -> dict[str, Any]:
    """A Chat Completions strict function tool (an entry of ``tools``)."""
    function = {"name": named(name, "OpenAI"), **described(description), "parameters": schema, "strict": True}
    return {"type": "function", "function": function}


def tool_retry(feedback: str, answer: str | None = None, call_id: str | None = None) -> list[dict[str, Any]]:
    """The ``tool`` message that answers the call (after the assistant message that made it,
    which the caller appends as the SDK returned it)."""
    return [{"role": "tool", "tool_call_id": needs_call_id(call_id, "an OpenAI tool call"), "content": feedback}]


def message_retry(feedback: str, answer: str | None = None, call_id: str | None = None) -> list[dict[str, Any]]:
    """The answer as the assistant's message, then the feedback as the user's (Chat
    Completions ``messages``, and Responses ``input`` items)."""
    return answered_then_told(feedback, answer)


def _chat(model: str, prompt: str, schema: Any) -> dict[str, Any]:
    return {
        "model": model,
        "messages": [{"role": "user", "content": prompt}],
        "max_completion_tokens": 1,
        "response_format": response_format(schema, "probe"),
    }


def _responses(model: str, prompt: str, schema: Any) -> dict[str, Any]:
    return {"model": model, "input": prompt, "max_output_tokens": 16, "text": {"format": text_format(schema, "probe")}}


def _tools(model: str, prompt: str, schema: Any) -> dict[str, Any]:
    return {
        "model": model,
        "messages": [{"role": "user", "content": prompt}],
        "max_completion_tokens": 1,
        "tools": [tool(schema, "probe", "A probe.")],
    }


def chat_request(
    output: tuple[Any, str] | None, tools: list[tuple[str, Any, str | None, bool]], profile: str = NAME
) -> dict[str, Any]:
    """The Chat Completions arguments carrying an output schema and tools: ``tools`` and
    ``response_format``."""
    made: dict[str, Any] = {}
    if tools:
        made["tools"] = [
            {"type": "function", "function": strict_or_not(tool(schema, name, description)["function"], strict)}
            for name, schema, description, strict in tools
        ]
    if output is not None:
        made["response_format"] = response_format(*output)
    return made


def responses_request(
    output: tuple[Any, str] | None, tools: list[tuple[str, Any, str | None, bool]], profile: str = NAME
) -> dict[str, Any]:
    """The Responses API arguments carrying an output schema and tools: ``tools`` (function
    tools, ``strict`` said either way: the API's default is true) and ``text``."""
    made: dict[str, Any] = {}
    if tools:
        made["tools"] = [
            {
                "type": "function",
                "name": named(name, "OpenAI"),
                **described(description),
                "parameters": schema,
                "strict": strict,
            }
            for name, schema, description, strict in tools
        ]
    if output is not None:
        made["text"] = {"format": text_format(*output)}
    return made


def _slot(at: tuple[str, ...], member: str, role: str, strict_by_default: bool) -> Slot:
    """A schema at ``at`` + ``member``, named by ``at``'s ``name`` and made strict by its ``strict``."""
    return Slot((*at, member), role, (*at, "name"), NAME, (*at, "strict"), strict_by_default)


#: the request bodies that carry schemas (what ``tierone lint`` reads in them); a schema or
#: function is strict where its ``strict`` is true (Responses function tools: unless it is false)
REQUESTS = (
    RequestKind(
        "openai-chat",
        "OpenAI Chat Completions request",
        (
            _slot(("tools", "*", "function"), "parameters", "tool", False),
            _slot(("response_format", "json_schema"), "schema", "output", False),
        ),
        build=chat_request,
    ),
    RequestKind(
        "openai-responses",
        "OpenAI Responses request",
        (_slot(("tools", "*"), "parameters", "tool", True), _slot(("text", "format"), "schema", "output", False)),
        build=responses_request,
    ),
)

VENDOR = Vendor(
    NAME,
    columns=(
        Column(
            NAME,
            "OpenAI strict mode (Structured Outputs, strict function calling)",
            judges=("openai-agents", "openai-helper", "pydantic-ai", "openai-chat", "openai-responses", "openai-tools"),
        ),
    ),
    profiles=(Profile(NAME, (NAME,), "OpenAI Structured Outputs and strict function calling.", "OpenAI strict mode"),),
    fragments=(
        Fragment(
            "openai-response-format", response_format, True, False, "Chat Completions `response_format`", message_retry
        ),
        Fragment(
            "openai-text-format",
            text_format,
            True,
            False,
            'Responses API `text.format` (sent as `text={"format": ...}`)',
            message_retry,
        ),
        Fragment(
            "openai-tool", tool, True, True, "a Chat Completions strict function tool (an entry of `tools`)", tool_retry
        ),
    ),
    base_url="https://api.openai.com/v1",
    default_model="gpt-4o-mini",
    key_variables=("OPENAI_API_KEY",),
    key_header="Authorization",
    key_format="Bearer {key}",
    headers={},
    apis=(
        Api("chat.response_format", "/chat/completions", _chat),
        Api("responses.text.format", "/responses", _responses, max_tokens=16),
        Api("chat.tools", "/chat/completions", _tools),
    ),
    prices=(0.15, 0.60),
    overhead_tokens=20,
    requests=REQUESTS,
)
