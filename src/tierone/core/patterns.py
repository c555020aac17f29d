"""Schema patterns run on untrusted values in bounded time.

jsonschema runs ``pattern`` and ``patternProperties`` (and, through them, the extras of
``additionalProperties`` and ``unevaluatedProperties``) with Python's backtracking ``re``, which
a catastrophic pattern such as ``^(a|a)*$`` keeps busy for ages on a short hostile value. These
keyword functions run the same searches with the ``regex`` module under a timeout instead: a
search that takes longer raises :class:`PatternTimeout`. ``regex`` accepts all of ``re``'s
syntax plus more of ECMA-262's (``(?<name>…)`` groups, ``\\p{…}`` classes, lookbehind), and
already makes many nested quantifiers (``^(a+)+$``) fast. Each pattern is searched in the form
:mod:`.ecma_regex` writes it in, so that it matches what it matches in ECMAScript.
"""

from __future__ import annotations

import contextvars
import time
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

#: the longest one search of one value may take, in seconds
PATTERN_SECONDS = 1.0
#: the longest all searches of one judged payload may take together, in seconds
PATTERN_BUDGET_SECONDS = 5.0

#: the monotonic time by which the searches of the current judgement must end (None: no budget)
_deadline: contextvars.ContextVar[float | None] = contextvars.ContextVar("tierone_pattern_deadline", default=None)


class PatternTimeout(ValueError):
    """A schema pattern took too long on a value: the value is not judged."""

    def __init__(self, pattern: str, value: str, seconds: float) -> None:
        super().__init__(pattern, value, seconds)
        #: the schema's pattern
        self.pattern = pattern
        #: the string it ran on (a member's value, or a member's name)
        self.value = value
        self.seconds = seconds

    def __str__(self) -> str:
        return f"pattern {self.pattern!r} took longer than {self.seconds:g} s on this value; refusing"


def start_budget() -> contextvars.Token[float | None]:
    """Give the searches that follow (in this context) :data:`PATTERN_BUDGET_SECONDS` in all."""
    return _deadline.set(time.monotonic() + PATTERN_BUDGET_SECONDS)


@lru_cache(maxsize=512)
def _compiled(pattern: str) -> Any:
    import regex  # type: ignore[import-untyped]

    from .ecma_regex import python_form  # (only where a pattern is searched or judged)

    try:
        return regex.compile(python_form(pattern))
    except (ValueError, OverflowError, RecursionError) as error:  # NotEcma, a number past int's digits, nesting
        raise regex.error(str(error)) from None


@lru_cache(maxsize=4096)
def is_pattern(value: str) -> bool:
    """Whether ``value`` is a regular expression the patterns can be searched with (what
    :func:`~.ecma_regex.python_form` makes of it compiles): a ``pattern`` that is none is malformed."""
    import regex

    try:
        _compiled(value)
    except regex.error:
        return False
    return True


def search(pattern: str, value: str) -> bool:
    """Whether ``pattern`` matches somewhere in ``value`` (``re.search`` semantics), in
    bounded time."""
    seconds = PATTERN_SECONDS
    deadline = _deadline.get()
    if deadline is not None:
        seconds = min(seconds, deadline - time.monotonic())
    if seconds <= 0:
        raise PatternTimeout(pattern, value, PATTERN_BUDGET_SECONDS)
    try:
        return _compiled(pattern).search(value, timeout=seconds) is not None
    except TimeoutError:
        spent = PATTERN_SECONDS if seconds == PATTERN_SECONDS else PATTERN_BUDGET_SECONDS
        raise PatternTimeout(pattern, value, spent) from None


def is_regex(value: object) -> bool:
    """The ``regex`` format, judged by the engine that runs the patterns."""
    if isinstance(value, str):
        _compiled(value)
    return True


def named_by(patterns: Any, name: str) -> bool:
    """Whether a pattern of ``patterns`` names the member ``name``, where a pattern that cannot
    be run (malformed, or out of time) counts as naming it: what a rewrite may leave as it is
    for restore to judge."""
    for pattern in patterns:
        try:
            if search(pattern, name):
                return True
        except Exception:  # noqa: BLE001 - a pattern not run: what it names is left to restore
            return True
    return False


def _matched(patterns: Any, name: str) -> bool:
    return any(search(pattern, name) for pattern in patterns)


def pattern(validator: Any, patrn: str, instance: Any, schema: Any) -> Iterator[Any]:
    from jsonschema.exceptions import ValidationError

    if validator.is_type(instance, "string") and not search(patrn, instance):
        yield ValidationError(f"{instance!r} does not match {patrn!r}")


def pattern_properties(validator: Any, patterns: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if not validator.is_type(instance, "object"):
        return
    for patrn, subschema in patterns.items():
        for name, value in instance.items():
            if search(patrn, name):
                yield from validator.descend(value, subschema, path=name, schema_path=patrn)


def additional_properties(validator: Any, extra: Any, instance: Any, schema: Any) -> Iterator[Any]:
    """jsonschema's ``additionalProperties``, its extras found with bounded searches."""
    from jsonschema._utils import extras_msg
    from jsonschema.exceptions import ValidationError

    if not validator.is_type(instance, "object"):
        return
    properties = schema.get("properties", {})
    patterns = schema.get("patternProperties", {})
    extras = {name for name in instance if name not in properties and not _matched(patterns, name)}
    if validator.is_type(extra, "object"):
        for name in extras:
            yield from validator.descend(instance[name], extra, path=name)
    elif not extra and extras:
        if patterns:
            verb = "does" if len(extras) == 1 else "do"
            joined = ", ".join(repr(each) for each in sorted(extras))
            listed = ", ".join(repr(each) for each in sorted(patterns))
            yield ValidationError(f"{joined} {verb} not match any of the regexes: {listed}")
        else:
            names, verb = extras_msg(sorted(extras, key=str))
            yield ValidationError(f"Additional properties are not allowed ({names} {verb} unexpected)")


def _resolved(validator: Any, ref: str) -> tuple[Any, Any]:
    resolved = validator._resolver.lookup(ref)
    return validator.evolve(schema=resolved.contents, _resolver=resolved.resolver), resolved.contents


def _valid(validator: Any, instance: Any, subschema: Any) -> bool:
    return next(validator.descend(instance, subschema), None) is None


def evaluated_keys(validator: Any, instance: Any, schema: Any, legacy: bool) -> list[str]:
    """The members that ``schema`` evaluates (jsonschema's own walk for
    ``unevaluatedProperties``, 2020-12 or, with ``legacy``, 2019-09), patterns bounded."""
    if validator.is_type(schema, "boolean"):
        return []
    keys: list[str] = []
    for keyword in ("$ref", "$recursiveRef" if legacy else "$dynamicRef"):
        if schema.get(keyword) is not None:
            ref = "#" if keyword == "$recursiveRef" else schema[keyword]
            if keyword == "$recursiveRef":
                from jsonschema._legacy_keywords import lookup_recursive_ref

                found = lookup_recursive_ref(validator._resolver)
                inner, contents = validator.evolve(schema=found.contents, _resolver=found.resolver), found.contents
            else:
                inner, contents = _resolved(validator, ref)
            keys += evaluated_keys(inner, instance, contents, legacy)
    if legacy:
        for keyword in ("properties", "additionalProperties", "unevaluatedProperties"):
            value = schema.get(keyword)
            if value is True:
                keys += instance.keys()
            elif validator.is_type(value, "object"):
                keys += [name for name in value if name in instance]
    else:
        properties = schema.get("properties")
        if validator.is_type(properties, "object"):
            keys += properties.keys() & instance.keys()
        for keyword in ("additionalProperties", "unevaluatedProperties"):
            if (subschema := schema.get(keyword)) is not None:
                keys += [name for name, value in instance.items() if _valid(validator, value, subschema)]
    if "patternProperties" in schema:
        keys += [name for name in instance for patrn in schema["patternProperties"] if search(patrn, name)]
    for name, subschema in schema.get("dependentSchemas", {}).items():
        if name in instance:
            keys += evaluated_keys(validator, instance, subschema, legacy)
    for keyword in ("allOf", "oneOf", "anyOf"):
        for subschema in schema.get(keyword, []):
            if _valid(validator, instance, subschema):
                keys += evaluated_keys(validator, instance, subschema, legacy)
    if "if" in schema:
        if validator.evolve(schema=schema["if"]).is_valid(instance):
            keys += evaluated_keys(validator, instance, schema["if"], legacy)
            if "then" in schema:
                keys += evaluated_keys(validator, instance, schema["then"], legacy)
        elif "else" in schema:
            keys += evaluated_keys(validator, instance, schema["else"], legacy)
    return keys


def _unevaluated(legacy: bool) -> Any:
    def unevaluated_properties(validator: Any, rest: Any, instance: Any, schema: Any) -> Iterator[Any]:
        from jsonschema._utils import extras_msg
        from jsonschema.exceptions import ValidationError

        if not validator.is_type(instance, "object"):
            return
        evaluated = evaluated_keys(validator, instance, schema, legacy)
        unevaluated = [
            name
            for name in instance
            if name not in evaluated
            for _ in validator.descend(instance[name], rest, path=name, schema_path=name)
        ]
        if unevaluated and rest is False:
            names, verb = extras_msg(sorted(unevaluated, key=str))
            yield ValidationError(f"Unevaluated properties are not allowed ({names} {verb} unexpected)")
        elif unevaluated:
            names, verb = extras_msg(unevaluated)
            yield ValidationError(
                f"Unevaluated properties are not valid under the given schema ({names} {verb} unevaluated and invalid)"
            )

    return unevaluated_properties


#: the keyword functions that replace jsonschema's wherever a validator class has the keyword
KEYWORDS = {
    "pattern": pattern,
    "patternProperties": pattern_properties,
    "additionalProperties": additional_properties,
}
#: unevaluatedProperties, by whether the dialect is 2019-09 (legacy) or later
UNEVALUATED = {True: _unevaluated(True), False: _unevaluated(False)}
