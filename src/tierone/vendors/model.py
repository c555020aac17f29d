"""The records a vendor is made of: its table columns, its profiles, the request fragments that
carry a strict schema, the HTTP API ``tierone probe`` calls, and (per column) the judges that
speak for it.

Each vendor is one module of this package holding one :class:`Vendor`; nothing else in tierone
names a vendor. These are plain values: the layers above read them (``subset`` builds its
columns and profiles from them, ``answers`` and the CLI hand out their fragments, ``probe``
calls their APIs).
"""

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple


class Column(NamedTuple):
    """A column of the subset table: what one of the vendor's schema dialects accepts."""

    name: str
    #: the column's title in the docs
    title: str
    #: the column this one is derived from: it holds only the cells in which it differs
    #: (every other cell is that column's)
    derived_from: str | None = None
    #: the judges (tests/judges.py) that speak for the column's request paths
    judges: tuple[str, ...] = ()
    #: judges that run the vendor SDK's own schema helper, which refuses spellings a source
    #: prescribes (RFC 0030 §D's type list): they judge only profiles without such a source
    helper_judges: tuple[str, ...] = ()
    #: a closed dialect: the only members a schema node may hold (any other is refused, not
    #: ignored); None for an open one (unknown keywords are rule T605's partial cell)
    fields: frozenset[str] | None = None


class Profile(NamedTuple):
    """A named set of table columns to satisfy: each vendor module writes its own, and
    ``subset.profiles`` adds the ones across vendors (``tier1``, ``vendors``)."""

    name: str
    #: the table columns this profile must satisfy
    sources: tuple[str, ...]
    description: str
    #: what messages call the profile's schema subset ("`oneOf` is not accepted by ...")
    phrase: str
    #: only the rows the OpenWOP conformance suite's always-on leg checks
    load_bearing_only: bool = False
    #: whether a rendition may carry tierone's root ``$comment`` marker (Gemini answers a field
    #: it does not know with an error: ``Unknown name``, and google-genai's ``Schema`` refuses it)
    carries_marker: bool = True
    #: its schemas are written in Gemini's OpenAPI 3.0 dialect (``nullable``), which a request
    #: sends as ``response_schema`` rather than ``response_json_schema``
    openapi: bool = False


class Fragment(NamedTuple):
    """A piece of a request that carries a strict schema, as the API takes it.

    ``build(schema, name, description, profile)`` returns it; ``name`` is ``""`` for a fragment
    that takes none. ``kind`` is what ``tierone rewrite --emit`` calls it and, with ``_`` for
    ``-``, the :class:`tierone.Strict` method that returns it."""

    kind: str
    build: Callable[[Any, str, str | None, str], dict[str, Any]]
    #: the API requires a name (a schema's, a function's or a tool's)
    named: bool
    #: the API takes a description beside the schema
    described: bool
    #: where it goes in the request, for the docs
    summary: str
    #: the conversation items a retry appends, in the API's shape: ``retry(feedback, answer,
    #: call_id)`` (the model's answer text, and a tool call's id where the API needs it)
    retry: Callable[[str, str | None, str | None], list[dict[str, Any]]] | None = None


#: the keys a schema's root holds and a request body's never does (a schema is never taken for
#: a request: a file holding one is read as a schema without looking further)
SCHEMA_KEYS = frozenset({"$schema", "$defs", "definitions", "type", "properties", "anyOf", "oneOf", "allOf", "$ref"})


class Slot(NamedTuple):
    """Where a request body carries a schema: a path of keys, ``*`` standing for each item of
    a list."""

    path: tuple[str, ...]
    #: "output" (the answer's schema) or "tool" (a tool's parameters)
    role: str
    #: the path of the schema's (or its tool's) name, from the body's root (None: it has none)
    name: tuple[str, ...] | None
    #: the profile a schema here is written for (None: whatever is configured)
    profile: str | None
    #: the path of the flag that makes it strict (None: it always is), and the flag's default
    strict: tuple[str, ...] | None = None
    strict_by_default: bool = True
    #: ``type`` may be spelt in upper case here (the REST API's ``Type`` enum, which
    #: google-genai sends): read in lower case, and written back as the body spells it
    upper_types: bool = False


class RequestKind(NamedTuple):
    """A request body of one API (or a list of tools it takes): the slots where it carries
    schemas (``tierone lint`` and ``rewrite`` find them there)."""

    #: what ``--input-kind`` calls it
    name: str
    #: the title the docs give it
    title: str
    slots: tuple[Slot, ...]
    #: the body may spell a name in camelCase or snake_case (Gemini's REST names, its SDK's)
    either_case: bool = False
    #: the parts of a request carrying an output schema and tools, as the SDK's call takes them
    #: (``build(output, tools, profile)``: ``output`` is ``(schema, name)`` or None, each tool
    #: ``(name, schema, description, strict)``); None where tierone writes no such request
    build: Callable[[tuple[Any, str] | None, list[tuple[str, Any, str | None, bool]], str], dict[str, Any]] | None = (
        None
    )


class Api(NamedTuple):
    """One strict request path of a vendor's HTTP API (what ``tierone probe`` sends)."""

    #: the name reports use, e.g. "chat.response_format"
    name: str
    #: the path after the base URL ({model} is filled in)
    path: str
    #: the request body for a model, a prompt and a schema
    body: Callable[[str, str, Any], dict[str, Any]]
    #: the schema as this path sends it (most send it unchanged)
    adapt: Callable[[Any], Any] = lambda schema: schema
    #: output tokens each request asks for (the fewest the path takes)
    max_tokens: int = 1


class Vendor(NamedTuple):
    """Everything tierone knows of one vendor's strict mode, in one place."""

    name: str
    #: the table columns it owns, its own first
    columns: tuple[Column, ...]
    #: the profiles written for it, its own first
    profiles: tuple[Profile, ...]
    #: the request fragments, in the order the docs list them
    fragments: tuple[Fragment, ...]
    # --- the HTTP API (tierone probe) ---
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
    #: rows whose feature the API accepts but drops or does not enforce (the cells' notes say
    #: so): acceptance is no evidence of support, so a probe never writes these cells
    unenforced: frozenset[str] = frozenset()
    #: the request bodies of its APIs, by the slots where they carry schemas
    requests: tuple[RequestKind, ...] = ()
    #: where the vendor says its answers may give an ``enum`` or ``const`` string in another
    #: case than the schema's (the page and the date it was read), else None: reading then
    #: takes a string matching exactly one allowed value but for case as that value
    case_drift: str | None = None
