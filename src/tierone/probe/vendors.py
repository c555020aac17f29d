"""How each vendor's strict path is called, and where its answer says why it refused.

Request shapes, as the vendors document them:

- OpenAI: Chat Completions ``response_format: {type: json_schema, json_schema: {name,
  schema, strict: true}}``; the Responses API ``text.format: {type: json_schema, name,
  schema, strict: true}``; strict function tools (``tools: [{type: function, function:
  {name, parameters, strict: true}}]``). Key: ``Authorization: Bearer``. Errors:
  ``{"error": {"message", "type", "param", "code"}}``.
- Anthropic: the Messages API with a strict tool (``tools: [{name, input_schema, strict:
  true}]``) and with structured output (``output_config: {format: {type: json_schema,
  schema}}``, generally available: the ``output_format`` parameter and its beta header
  are deprecated). Key: ``x-api-key``, with ``anthropic-version: 2023-06-01``. Errors:
  ``{"type": "error", "error": {"type": "invalid_request_error", "message"}}``.
- Gemini: ``models/{model}:generateContent`` with ``generationConfig.responseMimeType:
  application/json`` and ``responseJsonSchema`` (JSON Schema) or ``responseSchema`` (the
  OpenAPI subset, which has no ``additionalProperties``: it is left out on that path). Key:
  ``x-goog-api-key``. Errors: ``{"error": {"code": 400, "message", "status":
  "INVALID_ARGUMENT"}}``.

Each request asks for the fewest output tokens the API takes (1; the Responses API's
minimum is 16): a probe needs the verdict on the schema, not an answer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

PROMPT = "Reply with any value that fits the schema."


class Api(NamedTuple):
    """One strict request path of a vendor."""

    #: the name reports use, e.g. "chat.response_format"
    name: str
    #: the path after the base URL ({model} is filled in)
    path: str
    #: the request body for a model and a schema
    body: Callable[[str, Any], dict[str, Any]]
    #: the schema as this path sends it (most send it unchanged)
    adapt: Callable[[Any], Any] = lambda schema: schema
    #: output tokens each request asks for
    max_tokens: int = 1


class Vendor(NamedTuple):
    name: str
    base_url: str
    default_model: str
    #: environment variables that may hold the key, in the order they are tried
    key_variables: tuple[str, ...]
    #: the header that carries the key, and how its value is written
    key_header: str
    key_format: str
    #: other headers every request carries
    headers: Mapping[str, str]
    apis: tuple[Api, ...]
    #: US dollars per million input and output tokens of the default model (for the estimate)
    prices: tuple[float, float]
    #: input tokens a request costs beyond its JSON text (the vendor's own system prompt)
    overhead_tokens: int


def _openai_chat(model: str, schema: Any) -> dict[str, Any]:
    return {"model": model, "messages": [{"role": "user", "content": PROMPT}], "max_completion_tokens": 1,
            "response_format": {"type": "json_schema",
                                "json_schema": {"name": "probe", "schema": schema, "strict": True}}}


def _openai_responses(model: str, schema: Any) -> dict[str, Any]:
    return {"model": model, "input": PROMPT, "max_output_tokens": 16,
            "text": {"format": {"type": "json_schema", "name": "probe", "schema": schema, "strict": True}}}


def _openai_tools(model: str, schema: Any) -> dict[str, Any]:
    return {"model": model, "messages": [{"role": "user", "content": PROMPT}], "max_completion_tokens": 1,
            "tools": [{"type": "function", "function": {"name": "probe", "description": "A probe.",
                                                        "parameters": schema, "strict": True}}]}


def _anthropic_tools(model: str, schema: Any) -> dict[str, Any]:
    return {"model": model, "max_tokens": 1, "messages": [{"role": "user", "content": PROMPT}],
            "tools": [{"name": "probe", "description": "A probe.", "input_schema": schema, "strict": True}]}


def _anthropic_output(model: str, schema: Any) -> dict[str, Any]:
    return {"model": model, "max_tokens": 1, "messages": [{"role": "user", "content": PROMPT}],
            "output_config": {"format": {"type": "json_schema", "schema": schema}}}


def _gemini(field: str) -> Callable[[str, Any], dict[str, Any]]:
    def body(model: str, schema: Any) -> dict[str, Any]:
        return {"contents": [{"role": "user", "parts": [{"text": PROMPT}]}],
                "generationConfig": {"responseMimeType": "application/json", field: schema,
                                     "maxOutputTokens": 1}}

    return body


def without_additional_properties(schema: Any) -> Any:
    """``schema`` without ``additionalProperties: false`` anywhere (not in the OpenAPI subset)."""
    if isinstance(schema, list):
        return [without_additional_properties(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    return {key: without_additional_properties(item) for key, item in schema.items()
            if not (key == "additionalProperties" and item is False)}


VENDORS: dict[str, Vendor] = {
    "openai": Vendor(
        "openai", "https://api.openai.com/v1", "gpt-4o-mini", ("OPENAI_API_KEY",),
        "Authorization", "Bearer {key}", {},
        (Api("chat.response_format", "/chat/completions", _openai_chat),
         Api("responses.text.format", "/responses", _openai_responses, max_tokens=16),
         Api("chat.tools", "/chat/completions", _openai_tools)),
        (0.15, 0.60), 20,
    ),
    "anthropic": Vendor(
        "anthropic", "https://api.anthropic.com/v1", "claude-haiku-4-5", ("ANTHROPIC_API_KEY",),
        "x-api-key", "{key}", {"anthropic-version": "2023-06-01"},
        (Api("messages.tools", "/messages", _anthropic_tools),
         Api("messages.output_config", "/messages", _anthropic_output)),
        (1.00, 5.00), 350,  # tool use adds a system prompt of a few hundred tokens
    ),
    "gemini": Vendor(
        "gemini", "https://generativelanguage.googleapis.com/v1beta", "gemini-2.5-flash-lite",
        ("GEMINI_API_KEY", "GOOGLE_API_KEY"), "x-goog-api-key", "{key}", {},
        (Api("generateContent.responseJsonSchema", "/models/{model}:generateContent", _gemini("responseJsonSchema")),
         Api("generateContent.responseSchema", "/models/{model}:generateContent", _gemini("responseSchema"),
             without_additional_properties)),
        (0.10, 0.40), 10,
    ),
}


def error_message(body: Any) -> str | None:
    """The vendor's own message in an error body (all three nest it under ``error``)."""
    if isinstance(body, dict):
        error = body.get("error")
        message = error.get("message") if isinstance(error, dict) else None
        if isinstance(message, str):
            return message
        if isinstance(error, str):
            return error
    return None
