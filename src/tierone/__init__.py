"""tierone: lint, rewrite and restore JSON Schemas for LLM strict structured output.

The public API is imported lazily so that ``tierone lint`` starts fast:

- :func:`lint` — lint a schema (data or a file) under a profile;
- :func:`lint_paths` — lint files, directories, stdin and pydantic models;
- :func:`rewrite` — a schema rewritten for strict mode (null-as-absent emulation and friends);
- :func:`restore` — a strict-mode answer turned back into what the original schema means;
- :func:`to_strict_form` — an instance as it travels under the rewritten schema;
- :func:`strict` — a pydantic model (or schema) to the vendor request fragments and back to a
  validated answer (:class:`StrictError` when it cannot);
- :func:`request` — an output schema and tools made strict together for one vendor, within the
  limits that count across a request;
- :mod:`tierone.envelopes` — the universal-kind schemas and the reasoning helpers;
- :mod:`tierone.capabilities` — generate and check a host's capabilities document.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .core.version import __version__

__all__ = [
    "CaseRepaired",
    "Request",
    "Strict",
    "StrictError",
    "Tool",
    "__version__",
    "capabilities",
    "envelopes",
    "lint",
    "lint_paths",
    "request",
    "restore",
    "rewrite",
    "strict",
    "to_strict_form",
]

_LAZY = {
    "lint": ("tierone.linter.api", "lint"),
    "lint_paths": ("tierone.linter.api", "lint_paths"),
    "rewrite": ("tierone.rewriter.rewrite", "rewrite"),
    "restore": ("tierone.answers.restore", "restore"),
    "to_strict_form": ("tierone.answers.strictform", "to_strict_form"),
    "strict": ("tierone.answers.making", "strict"),
    "Strict": ("tierone.answers.strict", "Strict"),
    "request": ("tierone.answers.requesting", "request"),
    "Request": ("tierone.answers.requesting", "Request"),
    "Tool": ("tierone.answers.requesting", "Tool"),
    "CaseRepaired": ("tierone.answers.casing", "CaseRepaired"),
    "StrictError": ("tierone.answers.findings", "StrictError"),
}

if TYPE_CHECKING:
    from .answers.casing import CaseRepaired
    from .answers.findings import StrictError
    from .answers.making import strict
    from .answers.requesting import Request, Tool, request
    from .answers.restore import restore
    from .answers.strict import Strict
    from .answers.strictform import to_strict_form
    from .linter.api import lint, lint_paths
    from .rewriter.rewrite import rewrite


def __getattr__(name: str) -> Any:
    if name in ("envelopes", "capabilities"):
        import importlib

        return importlib.import_module(f"tierone.{name}")
    if name in _LAZY:
        import importlib

        module, attribute = _LAZY[name]
        value = getattr(importlib.import_module(module), attribute)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'tierone' has no attribute {name!r}")
