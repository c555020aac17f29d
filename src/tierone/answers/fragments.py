"""The pieces of a vendor request that carry a strict schema, exactly as each API takes them.

>>> schema = {"type": "object", "properties": {}, "additionalProperties": False, "required": []}
>>> openai_response_format(schema, "answer")["json_schema"]["strict"]
True
>>> anthropic_tool(schema, "answer", "Reply.")
{'name': 'answer', 'description': 'Reply.', 'input_schema': {'type': 'object', 'properties': {}, 'additionalProperties': False, 'required': []}, 'strict': True}
"""

from __future__ import annotations

import re
from typing import Any

#: what OpenAI accepts as a schema's or a function's name, and Anthropic as a tool's
NAME = re.compile(r"[a-zA-Z0-9_-]{1,64}")


def _named(name: Any, vendor: str) -> str:
    if not isinstance(name, str) or NAME.fullmatch(name) is None:
        from .findings import show

        raise ValueError(f"{show(name)} is not a valid {vendor} name: it takes 1 to 64 letters, digits, "
                         "underscores or hyphens (^[a-zA-Z0-9_-]{1,64}$)")
    return name


def _described(description: Any) -> dict[str, str]:
    if description is None:
        return {}
    if not isinstance(description, str):
        raise ValueError(f"a description is a string, not {type(description).__name__}")  # noqa: TRY004 (one error type for a bad fragment)
    return {"description": description}


def openai_response_format(schema: Any, name: str) -> dict[str, Any]:
    """Chat Completions ``response_format``."""
    return {"type": "json_schema",
            "json_schema": {"name": _named(name, "OpenAI"), "schema": schema, "strict": True}}


def openai_text_format(schema: Any, name: str) -> dict[str, Any]:
    """Responses API ``text.format`` (sent as ``text={"format": ...}``)."""
    return {"type": "json_schema", "name": _named(name, "OpenAI"), "schema": schema, "strict": True}


def openai_tool(schema: Any, name: str, description: str | None = None) -> dict[str, Any]:
    """A Chat Completions strict function tool (an entry of ``tools``)."""
    function = {"name": _named(name, "OpenAI"), **_described(description),
                "parameters": schema, "strict": True}
    return {"type": "function", "function": function}


def anthropic_tool(schema: Any, name: str, description: str | None = None) -> dict[str, Any]:
    """An Anthropic Messages strict tool (an entry of ``tools``)."""
    return {"name": _named(name, "Anthropic tool"), **_described(description),
            "input_schema": schema, "strict": True}


def anthropic_output_format(schema: Any) -> dict[str, Any]:
    """Anthropic structured output (sent as ``output_config={"format": ...}``)."""
    return {"type": "json_schema", "schema": schema}


def gemini_config(schema: Any, profile: str) -> dict[str, Any]:
    """The ``generation_config`` entries for Gemini: ``response_json_schema`` (JSON Schema),
    or ``response_schema`` for a profile that writes Gemini's OpenAPI dialect."""
    from ..subset.profiles import PROFILES

    chosen = PROFILES.get(profile)
    field = "response_schema" if chosen is not None and chosen.openapi else "response_json_schema"
    return {"response_mime_type": "application/json", field: schema}
