"""What went wrong, as ``(pointer, message)`` findings a person can read: jsonschema's errors
taken to the leaf that failed (inside ``anyOf``/``oneOf``: the branch that came closest),
pydantic's errors placed by their ``loc``, every value shown at most 40 characters long, and
no problem listed twice."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple

from ..core.pointer import Pointer


class Finding(NamedTuple):
    """One problem, where it is."""

    #: where, in the answer (reading it) or in the schema (making it strict)
    pointer: Pointer
    #: one sentence; values in it are shortened to 40 characters
    message: str

    def __str__(self) -> str:
        return f"[{self.pointer}] {self.message}"


class RestoreError(Finding):
    """One reason the restored payload does not satisfy the original schema: its ``pointer``
    is in the payload (rendered as RFC 6901 by whoever prints it)."""

    __slots__ = ()


class StrictError(ValueError):
    """The schema cannot be made strict for the profile, or an answer does not satisfy it."""

    def __init__(self, findings: Iterable[tuple[Any, str]], what: str) -> None:
        self.findings: tuple[Finding, ...] = unique(findings)
        #: what was being done ("not strict for openai", "the answer is invalid")
        self.what = what
        super().__init__(str(self))

    @property
    def errors(self) -> tuple[Finding, ...]:
        """The findings (the name a reader of an answer expects)."""
        return self.findings

    @property
    def feedback(self) -> str:
        """A message for the model, to send back with a retry: one line per finding (where in
        the answer, and what is wrong there, each value cut to 40 characters), at most
        :data:`FEEDBACK_LINES` lines and about :data:`FEEDBACK_CHARS` characters. The answer
        itself is never echoed back."""
        lines = ["Your answer does not satisfy the schema. Correct these and answer again, in full:"]
        size = len(lines[0])
        for finding in self.findings[:FEEDBACK_LINES]:
            line = f"- at {str(finding.pointer) or '/'}: {finding.message}"
            if size + len(line) > FEEDBACK_CHARS:
                break
            lines.append(line)
            size += len(line) + 1
        left = len(self.findings) - (len(lines) - 1)
        if left > 0:
            lines.append(f"- and {left} more")
        return "\n".join(lines)

    def __str__(self) -> str:
        shown = "; ".join(map(str, self.findings[:_LISTED]))
        more = len(self.findings) - _LISTED
        return f"{self.what}: {shown}" + (f"; and {more} more" if more > 0 else "")

    def __reduce__(self) -> Any:
        return (type(self), (self.findings, self.what))


#: findings written into the exception's message at most (all are in ``.findings``)
_LISTED = 5
#: findings a retry's feedback lists at most, and its length at most (about)
FEEDBACK_LINES = 20
FEEDBACK_CHARS = 2_000


def unique(findings: Iterable[tuple[Any, str]]) -> tuple[Finding, ...]:
    """Findings with pointers as :class:`Pointer`, each problem once, in order."""
    seen: dict[tuple[Pointer, str], None] = {}
    for pointer, message in findings:
        place = pointer if isinstance(pointer, Pointer) else Pointer.parse(str(pointer))
        seen.setdefault((place, message), None)
    return tuple(Finding(pointer, message) for pointer, message in seen)


def show(value: Any) -> str:
    """A value as JSON, at most 40 characters (the linter's rendering)."""
    from ..linter.checks.rendering import show as render

    return str(render(value))


# ---- jsonschema ---------------------------------------------------------------------------


def leaves(errors: Iterable[Any]) -> Iterator[Finding]:
    """Each jsonschema error at its leaf: a failed union is replaced by the errors of the
    branch that came closest (recursively)."""
    for error in errors:
        branches = _branches(error) if error.validator in ("anyOf", "oneOf") and error.context else None
        if branches:
            depth = len(error.absolute_path)
            yield from leaves(min(branches, key=lambda branch: _distance(branch, depth)))
        else:
            yield Finding(Pointer(tuple(error.absolute_path)), message(error))


def _branches(error: Any) -> list[list[Any]]:
    by_branch: dict[Any, list[Any]] = {}
    for sub in error.context:
        by_branch.setdefault(sub.relative_schema_path[0] if sub.relative_schema_path else 0, []).append(sub)
    return list(by_branch.values())


def _distance(errors: Any, base: int) -> tuple[int, int, int]:
    """How far a branch is from matching the value at depth ``base``: mismatches that say "not
    this branch at all" (the wrong type, or a wrong tag one level down) first, then how many
    errors, then how shallow they are."""
    wrong = sum(
        1
        for e in errors
        if (e.validator == "type" and len(e.absolute_path) == base)
        or (e.validator in ("const", "enum") and len(e.absolute_path) <= base + 1)
    )
    return wrong, len(errors), -max(len(e.absolute_path) for e in errors)


def message(error: Any) -> str:
    """jsonschema's message with every value shown short (never the whole payload)."""
    keyword, expected, instance = error.validator, error.validator_value, error.instance
    said = _MESSAGES.get(keyword)
    if said is not None:
        text = said(instance, expected, error)
        if text is not None:
            return str(text)
    return _shortened(error.message, instance)


def _shortened(text: str, instance: Any) -> str:
    """A message that starts with the instance's repr, with the instance shown short."""
    shown = repr(instance)
    if text.startswith(shown):
        text = show(instance) + text[len(shown) :]
    return text if len(text) <= _LONGEST else text[: _LONGEST - 3] + "..."


#: the longest message kept whole
_LONGEST = 160


def _required(instance: Any, expected: Any, error: Any) -> str | None:
    name = next(
        (n for n in expected if isinstance(instance, dict) and n not in instance and error.message.startswith(repr(n))),
        None,
    )
    return None if name is None else f"{show(name)} is a required property"


def _additional(instance: Any, expected: Any, error: Any) -> str | None:
    declared = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
    patterned = bool(isinstance(error.schema, dict) and error.schema.get("patternProperties"))
    if patterned or not isinstance(instance, dict):
        return None
    extra = [name for name in instance if name not in declared]
    return f"unexpected member{'s' if len(extra) > 1 else ''} {show(extra)[1:-1] if extra else ''}".rstrip()


_MESSAGES: dict[str, Any] = {
    "type": lambda i, e, _: f"{show(i)} is not of type {', '.join(map(repr, e if isinstance(e, list) else [e]))}",
    "enum": lambda i, e, _: f"{show(i)} is not one of {show(e)}",
    "const": lambda i, e, _: f"{show(i)} is not {show(e)}",
    "required": _required,
    "additionalProperties": _additional,
    "anyOf": lambda i, e, _: f"{show(i)} matches none of the {len(e)} anyOf branches",
    "oneOf": lambda i, e, err: (
        f"{show(i)} matches more than one oneOf branch"
        if not err.context
        else f"{show(i)} matches none of the {len(e)} oneOf branches"
    ),
}


# ---- pydantic -----------------------------------------------------------------------------


def from_pydantic(error: Any, data: Any) -> tuple[Finding, ...]:
    """A pydantic ``ValidationError`` as findings: each ``loc`` followed through ``data`` (the
    segments pydantic adds for a union's tag or a validator, which are not in the data, are
    skipped), each input shown short."""
    found = []
    for item in error.errors(include_url=False):
        said = str(item.get("msg", "invalid"))
        if "input" in item and item.get("type") != "missing":
            said += f" (got {show(_plain(item['input']))})"
        found.append((_placed(item.get("loc", ()), data), said))
    return unique(found)


def _placed(loc: Iterable[Any], data: Any) -> Pointer:
    parts: list[str | int] = []
    here: Any = data
    segments = list(loc)
    for index, segment in enumerate(segments):
        if _holds(here, segment):
            parts.append(segment)
            here = here[segment]
        elif index == len(segments) - 1 and isinstance(here, dict) and isinstance(segment, str):
            parts.append(segment)  # a missing member: where it should be
        # else: a union's tag or a validator's name, which pydantic adds and the data lacks
    return Pointer(tuple(parts))


def _holds(here: Any, segment: Any) -> bool:
    """Whether ``segment`` leads into ``here`` (a member of an object, an index of an array)."""
    if isinstance(here, dict):
        return isinstance(segment, str) and segment in here
    return isinstance(here, list) and type(segment) is int and 0 <= segment < len(here)


def _plain(value: Any) -> Any:
    """A pydantic input as JSON data (a model instance as its dump)."""
    dump = getattr(value, "model_dump", None)
    return dump(mode="json") if callable(dump) else value
