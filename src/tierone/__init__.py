"""tierone: lint, rewrite and restore JSON Schemas for LLM strict structured output.

The public API is imported lazily so that ``tierone lint`` starts fast:

- :func:`lint` — lint a schema (data or a file) under a profile;
- :func:`lint_paths` — lint files, directories, stdin and pydantic models;
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

__all__ = ["__version__", "lint", "lint_paths"]

_LAZY = {
    "lint": ("tierone.linter.api", "lint"),
    "lint_paths": ("tierone.linter.api", "lint_paths"),
}

if TYPE_CHECKING:
    from .linter.api import lint, lint_paths


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        module, attribute = _LAZY[name]
        value = getattr(importlib.import_module(module), attribute)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'tierone' has no attribute {name!r}")
