"""The Python API reference page, rendered from the public objects' signatures and docstrings."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import re
from typing import Any

#: (section title, what it is for, [(module, attribute), ...]) in the order the page shows them
SECTIONS: tuple[tuple[str, str, tuple[tuple[str, str], ...]], ...] = (
    (
        "Linting",
        "Find every Tier-1 (or vendor) violation, with a pointer and a line.",
        (
            ("tierone", "lint"),
            ("tierone", "lint_paths"),
            ("tierone.linter.diagnostics", "FileResult"),
            ("tierone.linter.diagnostics", "LintReport"),
            ("tierone.linter.diagnostics", "Diagnostic"),
        ),
    ),
    (
        "Rewriting and reading back",
        (
            "Make a schema strict, and turn the model's answer back into "
            "what the original schema means (see [the read-side contract](read-side.md))."
        ),
        (
            ("tierone", "rewrite"),
            ("tierone.rewriter.rewrite", "Rewritten"),
            ("tierone.rewriter.passes", "Change"),
            ("tierone.rewriter.passes", "Unfixable"),
            ("tierone", "restore"),
            ("tierone.answers.restore", "Restored"),
            ("tierone.answers.restore", "RestoreError"),
            ("tierone", "to_strict_form"),
        ),
    ),
    (
        "From a model to a validated answer",
        (
            "One call from a pydantic model (or a schema) to the "
            "request fragment each vendor API takes, and back from the answer to an instance (see "
            "[Send it](send-it.md))."
        ),
        (
            ("tierone", "strict"),
            ("tierone", "Strict"),
            ("tierone.answers.rendition", "Rendition"),
            ("tierone", "StrictError"),
            ("tierone", "CaseRepaired"),
            ("tierone", "request"),
            ("tierone", "Request"),
            ("tierone", "Tool"),
            ("tierone.answers.findings", "Finding"),
        ),
    ),
    (
        "Envelopes (`tierone.envelopes`)",
        ("The universal kinds' payload schemas and the host's helpers around `reasoning`."),
        tuple(
            ("tierone.envelopes", name)
            for name in (
                "kinds",
                "schema",
                "validate",
                "Validation",
                "needs_reasoning",
                "with_reasoning",
                "is_vendor_kind",
                "directive",
                "split_reasoning",
                "Split",
                "reasoning_trust",
                "redact",
                "Redaction",
                "secrets_from",
                "Secret",
                "UnknownKind",
                "UNIVERSAL_KINDS",
                "LOW_REASONING_KINDS",
                "STRENGTHS",
                "DEFAULT_STRENGTH",
            )
        ),
    ),
    (
        "Capabilities (`tierone.capabilities`)",
        ("Generate a host's capabilities document from what it really serves, and check one."),
        tuple(
            ("tierone.capabilities", name)
            for name in (
                "load_config",
                "parse_config",
                "HostConfig",
                "generate",
                "Generated",
                "check",
                "CheckReport",
                "Problem",
                "Scenario",
                "capabilities_schema",
            )
        ),
    ),
)

EXAMPLE = """\
>>> import tierone
>>> schema = {"type": "object", "properties": {"title": {"type": "string"},
...           "due": {"type": "string", "format": "date"}}, "required": ["title"]}
>>> [d.code for d in tierone.lint(schema).diagnostics]
['T102', 'T104', 'T303']
>>> strict = tierone.rewrite(schema)
>>> strict.ok, strict.schema["required"], strict.schema["properties"]["due"]["type"]
(True, ['title', 'due'], ['string', 'null'])
>>> tierone.restore({"title": "Ship it", "due": None}, schema).payload
{'title': 'Ship it'}
"""


def _title(module: str, name: str) -> str:
    """The name a user reaches the object by; result types are reached through the calls."""
    public = module in ("tierone", "tierone.envelopes", "tierone.capabilities")
    return f"{module}.{name}" if public else name


class _Written(str):
    """An annotation as written in the source (``from __future__ import annotations``), unquoted."""

    def __repr__(self) -> str:
        return str(self)


def _written(annotation: Any) -> Any:
    """An annotation as its source writes it: a string as it is (postponed evaluation), an
    evaluated one rendered so (``tuple[Diagnostic, ...]``, not its module paths)."""
    text = getattr(annotation, "__forward_arg__", annotation)
    if isinstance(text, str):
        return _Written(text)
    if annotation is inspect.Parameter.empty:
        return annotation
    return _Written(_annotation_text(annotation))


def _signature(name: str, function: Any, bound: bool = False) -> str:
    """``name(parameters) -> result`` as written; ``bound``: a method's, without ``self``/``cls``."""
    signature = inspect.signature(function)
    parameters = [p.replace(annotation=_written(p.annotation)) for p in signature.parameters.values()]
    parameters = parameters[1:] if bound else parameters
    written = signature.replace(parameters=parameters, return_annotation=_written(signature.return_annotation))
    return f"{name}{written}"


def _annotation_text(annotation: Any) -> str:
    if isinstance(annotation, type) and not getattr(annotation, "__args__", None):
        return annotation.__name__
    text = _QUALIFIER.sub("", str(annotation))
    return text if "Literal[" in text else _QUOTED_NAME.sub(r"\1", text)  # a forward reference's quotes go


#: the module path before a name in an evaluated annotation (``collections.abc.``, ``typing.``)
_QUALIFIER = re.compile(r"\b(?:[A-Za-z_]\w*\.)+(?=[A-Za-z_])")
_QUOTED_NAME = re.compile(r"'([A-Za-z_]\w*)'")


def _markdown(docstring: str) -> list[str]:
    """A docstring with its doctest examples fenced, so the page shows them as code."""
    lines: list[str] = []
    fenced = False
    for line in docstring.splitlines():
        if line.startswith(">>>") and not fenced:
            lines.append("```pycon")
            fenced = True
        elif fenced and not line.strip():
            lines.append("```")
            fenced = False
        lines.append(line)
    return [*lines, "```"] if fenced else lines


def _fields(value: type) -> list[str]:
    if hasattr(value, "model_fields"):  # a pydantic model
        return [f"`{name}`: `{_annotation_text(field.annotation)}`" for name, field in value.model_fields.items()]
    annotations: dict[str, Any] = {}
    for cls in reversed(value.__mro__):  # a subclass of a NamedTuple inherits its fields
        annotations.update(inspect.get_annotations(cls))
    names = getattr(value, "_fields", ())
    if dataclasses.is_dataclass(value):
        names = tuple(f.name for f in dataclasses.fields(value) if not f.name.startswith("_"))
    return [f"`{name}`: `{_written(annotations[name])}`" for name in names]


def _members(value: type, title: str) -> list[str]:
    """The documented public methods and properties the class defines itself."""
    lines: list[str] = []
    for name, member in vars(value).items():
        function = member.__func__ if isinstance(member, classmethod) else member
        if name.startswith("_") or not inspect.getdoc(member):
            continue
        if isinstance(member, property):
            head = f"#### `{title}.{name}` (property)"
        elif inspect.isfunction(function):
            head = f"#### `{_signature(f'{title}.{name}', function, bound=True)}`"
        else:
            continue
        lines += [head, "", *_markdown(inspect.getdoc(member) or ""), ""]
    return lines


def _entry(module: str, name: str) -> list[str]:
    value = getattr(importlib.import_module(module), name)
    title = _title(module, name)
    if inspect.isfunction(value):
        head = [f"### `{title}`", "", "```python", _signature(title, value), "```"]
    elif inspect.isclass(value):
        kind = "exception" if issubclass(value, BaseException) else "class"
        head = [f"### `{title}` ({kind})"]
    else:
        return [f"### `{title}`", "", f"`{value!r}`", ""]
    lines = [*head, "", *_markdown(inspect.getdoc(value) or ""), ""]
    fields = _fields(value) if inspect.isclass(value) else []
    if fields:
        lines += ["Fields: " + ", ".join(fields) + ".", ""]
    if inspect.isclass(value) and not issubclass(value, BaseException):
        lines += _members(value, title)
    return lines


def api_page() -> str:
    lines = [
        "<!-- generated by scripts/generate_docs.py from the public API; do not edit -->",
        "",
        "# Python API",
        "",
        "Everything the command line does is a function call away; the results are frozen values.",
        "Heavy modules are imported on first use, so `import tierone` is cheap.",
        "",
        "```pycon",
        EXAMPLE.rstrip("\n"),
        "```",
        "",
    ]
    for title, purpose, entries in SECTIONS:
        lines += [f"## {title}", "", purpose, ""]
        for module, name in entries:
            lines += _entry(module, name)
    return "\n".join(lines).rstrip("\n") + "\n"


PAGES = {"api.md": api_page}
