"""What a request fragment checks before it carries a schema (the name and the description), and
the shapes a retry's turns share."""

from __future__ import annotations

import re
from typing import Any

from ..core.errors import shown

#: what OpenAI accepts as a schema's or a function's name, and Anthropic as a tool's
NAME = re.compile(r"[a-zA-Z0-9_-]{1,64}")


def named(name: Any, what: str) -> str:
    """``name`` when the API takes it as ``what``; a :class:`ValueError` saying why not."""
    if not isinstance(name, str) or NAME.fullmatch(name) is None:
        given = shown(name if isinstance(name, str) else repr(name))
        raise ValueError(
            f"{given} is not a valid {what} name: it takes 1 to 64 letters, digits, "
            "underscores or hyphens (^[a-zA-Z0-9_-]{1,64}$)"
        )
    return name


def described(description: Any) -> dict[str, str]:
    """The ``description`` entry of a fragment (none for None)."""
    if description is None:
        return {}
    if not isinstance(description, str):
        raise ValueError(f"a description is a string, not {type(description).__name__}")  # noqa: TRY004 (one error type for a bad fragment)
    return {"description": description}


def answered_then_told(
    feedback: str, answer: str | None, assistant: str = "assistant", text: bool = False
) -> list[dict[str, Any]]:
    """A retry as two turns: the model's answer (when given) in its own role, then the
    feedback as the user's; ``text``: each turn's content is ``parts`` of text (Gemini)."""

    def turn(role: str, said: str) -> dict[str, Any]:
        return {"role": role, "parts": [{"text": said}]} if text else {"role": role, "content": said}

    return [*([turn(assistant, answer)] if answer is not None else []), turn("user", feedback)]


def needs_call_id(call_id: str | None, what: str) -> str:
    """``call_id``, which a retry of a tool call must name (ValueError without it)."""
    if not call_id:
        raise ValueError(f"a retry of {what} needs call_id= (the id of the tool call it answers)")
    return call_id


def strict_or_not(tool: dict[str, Any], strict: bool) -> dict[str, Any]:
    """A tool as sent: without strict mode, its ``strict`` flag left out (the APIs' default)."""
    return tool if strict else {key: value for key, value in tool.items() if key != "strict"}
