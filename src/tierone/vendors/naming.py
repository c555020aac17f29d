"""What a request fragment checks before it carries a schema: the name and the description."""

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
