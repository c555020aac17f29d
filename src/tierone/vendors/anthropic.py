"""Anthropic: strict tool use (``tools: [{name, input_schema, strict: true}]``) and structured
output (``output_config: {format: {type: json_schema, schema}}``, generally available: the
``output_format`` parameter and its beta header are deprecated). Key: ``x-api-key``, with
``anthropic-version: 2023-06-01``. Errors: ``{"type": "error", "error": {"type":
"invalid_request_error", "message"}}``."""

from __future__ import annotations

from typing import Any

from .model import Api, Column, Fragment, Profile, RequestKind, Slot, Vendor
from .naming import answered_then_told, described, named, needs_call_id, strict_or_not

NAME = "anthropic"


def tool(schema: Any, name: str, description: str | None = None, profile: str = NAME) -> dict[str, Any]:
    """An Anthropic Messages strict tool (an entry of ``tools``)."""
    return {"name": named(name, "Anthropic tool"), **described(description), "input_schema": schema, "strict": True}


def output_format(schema: Any, name: str = "", description: str | None = None, profile: str = NAME) -> dict[str, Any]:
    """Anthropic structured output (sent as ``output_config={"format": ...}``)."""
    return {"type": "json_schema", "schema": schema}


def tool_retry(feedback: str, answer: str | None = None, call_id: str | None = None) -> list[dict[str, Any]]:
    """The user turn whose ``tool_result``, marked as an error, answers the ``tool_use`` (after
    the assistant turn that made it, which the caller appends as the SDK returned it)."""
    result = {"type": "tool_result", "tool_use_id": needs_call_id(call_id, "an Anthropic tool use"), "is_error": True}
    return [{"role": "user", "content": [{**result, "content": feedback}]}]


def output_retry(feedback: str, answer: str | None = None, call_id: str | None = None) -> list[dict[str, Any]]:
    """The answer as the assistant's turn, then the feedback as the user's."""
    return answered_then_told(feedback, answer)


def _tools(model: str, prompt: str, schema: Any) -> dict[str, Any]:
    return {
        "model": model,
        "max_tokens": 1,
        "messages": [{"role": "user", "content": prompt}],
        "tools": [tool(schema, "probe", "A probe.")],
    }


def _output(model: str, prompt: str, schema: Any) -> dict[str, Any]:
    return {
        "model": model,
        "max_tokens": 1,
        "messages": [{"role": "user", "content": prompt}],
        "output_config": {"format": output_format(schema)},
    }


def messages_request(
    output: tuple[Any, str] | None, tools: list[tuple[str, Any, str | None, bool]], profile: str = NAME
) -> dict[str, Any]:
    """The Messages arguments carrying an output schema and tools: ``tools`` and
    ``output_config``."""
    made: dict[str, Any] = {}
    if tools:
        made["tools"] = [
            strict_or_not(tool(schema, name, description), strict) for name, schema, description, strict in tools
        ]
    if output is not None:
        made["output_config"] = {"format": output_format(output[0])}
    return made


#: the request body that carries schemas (what ``tierone lint`` reads in it)
REQUESTS = (
    RequestKind(
        "anthropic-messages",
        "Anthropic Messages request",
        (
            Slot(("tools", "*", "input_schema"), "tool", ("tools", "*", "name"), NAME, ("tools", "*", "strict"), False),
            Slot(("output_config", "format", "schema"), "output", None, NAME),
        ),
        build=messages_request,
    ),
)

VENDOR = Vendor(
    NAME,
    columns=(
        Column(
            NAME,
            "Anthropic strict tool use and output_config.format",
            judges=("anthropic-tool", "anthropic-output"),
            helper_judges=("anthropic-transform",),
        ),
    ),
    profiles=(Profile(NAME, (NAME,), "Anthropic strict tool use and output_config.format.", "Anthropic strict mode"),),
    fragments=(
        Fragment(
            "anthropic-tool", tool, True, True, "an Anthropic Messages strict tool (an entry of `tools`)", tool_retry
        ),
        Fragment(
            "anthropic-output-format",
            output_format,
            False,
            False,
            'Anthropic structured output (sent as `output_config={"format": ...}`)',
            output_retry,
        ),
    ),
    base_url="https://api.anthropic.com/v1",
    default_model="claude-haiku-4-5",
    key_variables=("ANTHROPIC_API_KEY",),
    key_header="x-api-key",
    key_format="{key}",
    headers={"anthropic-version": "2023-06-01"},
    apis=(Api("messages.tools", "/messages", _tools), Api("messages.output_config", "/messages", _output)),
    prices=(1.00, 5.00),
    overhead_tokens=350,  # tool use adds a system prompt of a few hundred tokens
    unenforced=frozenset({"T106", "T607"}),
    requests=REQUESTS,
    case_drift="Anthropic's structured outputs page: the capitalisation of enum and const values is not guaranteed",
)
