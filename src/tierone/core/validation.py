"""Every jsonschema validator tierone builds, built in one place.

- No reference is ever retrieved: the registry refuses every URI it does not hold (a schema's
  own resources and the bundled meta-schemas), so nothing opens a URL or a file; a reference
  that is not in the document is a :class:`ReferenceNotHere` naming its pointer.
- Patterns run on values in bounded time (:mod:`tierone.core.patterns`).
- Judging runs with room for any depth that loading accepts (:mod:`tierone.core.depth`).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

from .dialects import validator_class
from .pointer import Pointer
from .walker import walk

#: keywords that hold a reference, and the ones of them that jsonschema resolves as given
REFERENCE_KEYWORDS = ("$ref", "$dynamicRef", "$recursiveRef")
#: keywords whose subschemas apply to the same value (a loop through them consumes no input)
IN_PLACE = ("allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas", "dependencies")


class CannotJudge(ValueError):
    """A value that tierone will not judge against a schema, and why (one sentence)."""

    def __init__(self, message: str, pointer: str = "", about: str = "schema") -> None:
        super().__init__(message, pointer, about)
        #: what is wrong, as one sentence (without the input's name)
        self.message = message
        #: RFC 6901 pointer of the place concerned (in the schema or in the value)
        self.pointer = pointer
        #: which input is at fault: "schema" or "payload"
        self.about = about

    def __str__(self) -> str:
        return self.message


def _names_a_file(ref: str) -> bool:
    from .bundling import file_address

    return file_address(ref) is not None


class ReferenceNotHere(CannotJudge):
    """A reference that does not lead into the document: tierone never fetches it."""

    def __init__(self, ref: str, pointer: str, owner: str = "the schema's") -> None:
        super().__init__(
            f"{owner} reference {ref!r} at [{pointer}] is not in this document; tierone never fetches references"
            + ("; to read a file beside the schema, name its folder with --refs DIR" if _names_a_file(ref) else ""),
            pointer,
        )
        self.ref = ref


class ReferenceLoop(CannotJudge):
    """References that lead back to where they started without consuming any input."""

    def __init__(self, pointer: str, owner: str = "the schema's") -> None:
        super().__init__(f"{owner} references loop without consuming any input at [{pointer}]", pointer)
        self.owner = owner


class TooDeep(CannotJudge):
    """Nesting past the documented limits."""


class TooLarge(CannotJudge):
    """An integer with more digits than Python writes as text (``sys.get_int_max_str_digits()``,
    4,300 by default): no JSON text that loading reads holds one, and no message could show it."""


def refuse_huge_integers(value: Any) -> None:
    """Raise :class:`TooLarge` at the first integer of ``value`` (data handed over from Python)
    with more digits than Python writes as text."""
    import sys

    most = sys.get_int_max_str_digits()
    if not most:
        return
    bits = int(most * 3.321928094887362)  # an integer of at most this many bits has at most `most` digits
    stack = [value]
    while stack:
        here = stack.pop()
        if isinstance(here, dict):
            stack.extend(here.values())
        elif isinstance(here, list):
            stack.extend(here)
        elif isinstance(here, int) and here.bit_length() > bits and abs(here) >= 10**most:
            at = next(str(pointer) for pointer, found in everything(value) if found is here)
            raise TooLarge(
                f"too large: the integer at [{at}] has more than {most:,} digits, more than Python writes as text",
                at,
                about="payload",
            )


class BadDialect(CannotJudge):
    """A ``$schema`` that is not a string."""


def _refuse(uri: str) -> Any:
    from referencing.exceptions import NoSuchResource

    raise NoSuchResource(ref=uri)  # type: ignore[call-arg]


@cache
def registry() -> Any:
    """A ``referencing.Registry`` that holds nothing and retrieves nothing."""
    from referencing import Registry

    return Registry(retrieve=_refuse)  # type: ignore[call-arg]


def dialect(schema: Any, owner: str = "the schema's") -> Any:
    """The jsonschema validator class for the draft ``schema``'s ``$schema`` names, as the
    rewriter and the linter read it (:func:`~tierone.core.dialects.validator_class`)."""
    named = schema.get("$schema") if isinstance(schema, dict) else None
    if isinstance(schema, dict) and "$schema" in schema and not isinstance(named, str):
        import json

        shown = json.dumps(named, ensure_ascii=False, default=str)
        shown = shown if len(shown) <= 40 else shown[:39] + "…"
        raise BadDialect(f"{owner} $schema is {shown}, not a string (a dialect URI)", "/$schema")
    return validator_class(schema)


@cache
def bounded(cls: Any) -> Any:
    """``cls`` extended with tierone's bounded pattern keywords, and ``multipleOf`` judged on
    decimals (:mod:`.multiples`)."""
    import jsonschema

    from . import patterns
    from .multiples import multiple_of

    keywords = {k: f for k, f in patterns.KEYWORDS.items() if k in cls.VALIDATORS}
    keywords.update((k, multiple_of) for k in ("multipleOf", "divisibleBy") if k in cls.VALIDATORS)
    if "additionalProperties" in keywords:
        keywords["additionalProperties"] = _additional(cls.VALIDATORS["additionalProperties"])
    if "unevaluatedProperties" in cls.VALIDATORS:
        keywords["unevaluatedProperties"] = patterns.UNEVALUATED["$recursiveRef" in cls.VALIDATORS]
    extended = jsonschema.validators.extend(cls, keywords)
    extended.descend = _placing_false(extended.descend)
    return extended


def _placing_false(descend: Any) -> Any:
    """jsonschema's ``descend``, but a value that a ``false`` subschema refuses is refused at its
    place (jsonschema's own leaves it at the parent's: ``properties: {"m": false}`` would refuse
    an answer's ``m`` at the root)."""
    from jsonschema.exceptions import ValidationError

    def placing(self: Any, instance: Any, schema: Any, path: Any = None, schema_path: Any = None, **more: Any) -> Any:
        if schema is not False:
            return descend(self, instance, schema, path, schema_path, **more)
        error = ValidationError(f"False schema does not allow {instance!r}", instance=instance, schema=schema)
        error.path.extend(() if path is None else (path,))
        error.schema_path.extend(() if schema_path is None else (schema_path,))
        return iter((error,))

    return placing


def _additional(builtin: Any) -> Any:
    """``additionalProperties``: jsonschema's own where the schema has no
    ``patternProperties`` (then it searches nothing, and means what the bounded one means,
    faster), else the bounded one."""
    from .patterns import additional_properties

    def additional(validator: Any, extra: Any, instance: Any, schema: Any) -> Any:
        if "patternProperties" in schema:
            return additional_properties(validator, extra, instance, schema)
        return builtin(validator, extra, instance, schema)

    return additional


@cache
def format_checker(cls: Any) -> Any:
    """``cls``'s format checker for :data:`ASSERTED_FORMATS` (those ``cls`` defines: not what
    else happens to be installed), with ``regex`` judged by the pattern engine."""
    import regex  # type: ignore[import-untyped]
    from jsonschema import FormatChecker

    from .patterns import is_regex

    checker = FormatChecker(())
    known = cls.FORMAT_CHECKER.checkers
    checker.checkers = {name: known[name] for name in ASSERTED_FORMATS if name in known}
    checker.checks("regex", raises=regex.error)(is_regex)
    return checker


#: the formats restore asserts, where the original's dialect defines them (the libraries
#: jsonschema checks them with are tierone's dependencies); any other format is an annotation
ASSERTED_FORMATS = (
    "date-time",
    "date",
    "time",
    "duration",
    "email",
    "idn-email",
    "hostname",
    "idn-hostname",
    "ipv4",
    "ipv6",
    "uri",
    "uri-reference",
    "uri-template",
    "uuid",
    "json-pointer",
    "relative-json-pointer",
    "regex",
)


def validator(schema: Any, *, formats: bool = False, owner: str = "the schema's") -> Any:
    """A validator for ``schema`` that never retrieves a reference and bounds pattern time."""
    cls = dialect(schema, owner)
    checker = format_checker(cls) if formats else None
    return bounded(cls)(schema, registry=registry(), format_checker=checker)


def check_schema(schema: Any, owner: str = "the schema's") -> None:
    """Raise jsonschema's ``SchemaError`` when ``schema`` is not valid under its meta-schema."""
    cls = dialect(schema, owner)
    cls.check_schema(schema, format_checker=format_checker(cls))


def _scopes(schema: Any, cls: Any) -> Iterator[tuple[Pointer, dict[str, Any], Any]]:
    """Every object node with its pointer and the resolver in force there ($id scopes)."""
    from jsonschema_specifications import REGISTRY as SPECIFICATIONS  # type: ignore[import-untyped]
    from referencing.jsonschema import DRAFT202012, specification_with

    meta = cls.META_SCHEMA.get("$id") or cls.META_SCHEMA.get("id") or ""
    specification = specification_with(meta, default=DRAFT202012)
    root = specification.create_resource(schema)
    resolvers: dict[tuple[Any, ...], Any] = {(): SPECIFICATIONS.combine(registry()).resolver_with_root(root)}
    for visit in walk(schema):
        if not isinstance(visit.schema, dict):
            continue
        path = tuple(visit.pointer)
        parent = next(
            resolvers[path[:cut]] for cut in (len(path), len(path) - 1, len(path) - 2) if path[:cut] in resolvers
        )
        resource = specification.create_resource(visit.schema)
        here = parent.in_subresource(resource) if path and resource.id() is not None else parent
        resolvers[path] = here
        yield visit.pointer, visit.schema, here


def check_references(schema: Any, owner: str = "the schema's") -> None:
    """Raise :class:`ReferenceNotHere` for the first reference that does not resolve inside
    the document (or the bundled meta-schemas), when ``schema`` is valid under its
    meta-schema. Nothing is fetched."""
    from jsonschema.exceptions import SchemaError
    from referencing.exceptions import Unresolvable

    if not isinstance(schema, dict):
        return
    cls = dialect(schema, owner)
    try:
        check_schema(schema, owner)
    except SchemaError:
        return  # not a valid schema: whoever judges with it says so (and retrieves nothing either)
    keywords = [k for k in REFERENCE_KEYWORDS if k in cls.VALIDATORS]
    for pointer, node, resolver in _scopes(schema, cls):
        for keyword in keywords:
            ref = node.get(keyword)
            if isinstance(ref, str):
                try:
                    resolver.lookup(ref)
                except Unresolvable:
                    raise ReferenceNotHere(ref, str(pointer), owner) from None


def reference_site(schema: Any, ref: str) -> str:
    """The pointer of the first place in ``schema`` (any JSON inside it) that holds ``ref``."""
    for pointer, value in everything(schema):
        if isinstance(value, dict) and any(value.get(k) == ref for k in REFERENCE_KEYWORDS):
            return str(pointer)
    return ""


def everything(value: Any) -> Iterator[tuple[Pointer, Any]]:
    """Every value inside ``value`` with its pointer, parents first (iteratively)."""
    stack = [(Pointer(), value)]
    while stack:
        pointer, here = stack.pop()
        yield pointer, here
        if isinstance(here, dict):
            stack.extend((pointer.child(k), v) for k, v in reversed(here.items()))
        elif isinstance(here, list):
            stack.extend((pointer.child(i), v) for i, v in reversed(list(enumerate(here))))
