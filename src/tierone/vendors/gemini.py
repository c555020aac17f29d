"""Google Gemini: ``models/{model}:generateContent`` with ``generationConfig.responseMimeType:
application/json`` and ``responseJsonSchema`` (JSON Schema) or ``responseSchema`` (its OpenAPI
3.0 subset, google-genai's ``Schema``, which has no ``additionalProperties``: it is left out on
that path). Key: ``x-goog-api-key``. Errors: ``{"error": {"code": 400, "message", "status":
"INVALID_ARGUMENT"}}``.

Gemini answers a field it does not know with an error (``Unknown name``) and google-genai's
``Schema`` refuses one: its renditions carry no ``$comment`` marker."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .model import Api, Column, Fragment, Profile, RequestKind, Slot, Vendor
from .naming import answered_then_told

NAME = "gemini"
#: the column and profile of Gemini's OpenAPI dialect
OPENAPI = "gemini-openapi"
#: the members google-genai's ``types.Schema`` takes (by their JSON names; it refuses any
#: other): a closed dialect (tests/vendors checks this set against the SDK's own model)
SCHEMA_FIELDS = frozenset(
    {
        "additionalProperties", "anyOf", "default", "defs", "description", "enum", "example", "format", "items",
        "maxItems", "maxLength", "maxProperties", "maximum", "minItems", "minLength", "minProperties", "minimum",
        "nullable", "pattern", "properties", "propertyOrdering", "ref", "required", "title", "type",
    }
)  # fmt: skip


def config(schema: Any, name: str = "", description: str | None = None, profile: str = NAME) -> dict[str, Any]:
    """The ``generation_config`` entries: ``response_json_schema`` (JSON Schema), or
    ``response_schema`` for the profile that writes Gemini's OpenAPI dialect."""
    field = "response_schema" if profile == OPENAPI else "response_json_schema"
    return {"response_mime_type": "application/json", field: schema}


def without_additional_properties(schema: Any) -> Any:
    """``schema`` without ``additionalProperties: false`` anywhere (not in the OpenAPI subset)."""
    if isinstance(schema, list):
        return [without_additional_properties(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    return {
        key: without_additional_properties(item)
        for key, item in schema.items()
        if not (key == "additionalProperties" and item is False)
    }


def _generate(field: str) -> Callable[[str, str, Any], dict[str, Any]]:
    def body(model: str, prompt: str, schema: Any) -> dict[str, Any]:
        return {
            "contents": [{"role": "user", "parts": [{"text": prompt}]}],
            "generationConfig": {"responseMimeType": "application/json", field: schema, "maxOutputTokens": 1},
        }

    return body


def config_retry(feedback: str, answer: str | None = None, call_id: str | None = None) -> list[dict[str, Any]]:
    """The answer as the model's turn, then the feedback as the user's (``contents`` entries)."""
    return answered_then_told(feedback, answer, "model", text=True)


def generate_request(
    output: tuple[Any, str] | None, tools: list[tuple[str, Any, str | None, bool]], profile: str = NAME
) -> dict[str, Any]:
    """google-genai's ``config`` carrying an output schema and tools: the ``generation_config``
    entries and ``tools`` of function declarations (``parameters`` in the OpenAPI dialect,
    ``parameters_json_schema`` otherwise; Gemini holds every schema to its subset)."""
    made: dict[str, Any] = config(output[0], profile=profile) if output is not None else {}
    if tools:
        field = "parameters" if profile == OPENAPI else "parameters_json_schema"
        declarations = [
            {"name": name, **({"description": description} if description else {}), field: schema}
            for name, schema, description, _ in tools
        ]
        made["tools"] = [{"function_declarations": declarations}]
    return {"config": made}


#: the request body that carries schemas (what ``tierone lint`` reads in it); a name may also be
#: spelt in snake_case (the SDK's ``generation_config``, google-genai's ``parameters_json_schema``)
REQUESTS = (
    RequestKind(
        "gemini-request",
        "Gemini generateContent request",
        (
            Slot(("generationConfig", "responseJsonSchema"), "output", None, NAME),
            Slot(("generationConfig", "responseSchema"), "output", None, OPENAPI, upper_types=True),
            Slot(
                ("tools", "*", "functionDeclarations", "*", "parametersJsonSchema"),
                "tool",
                ("tools", "*", "functionDeclarations", "*", "name"),
                NAME,
            ),
            Slot(
                ("tools", "*", "functionDeclarations", "*", "parameters"),
                "tool",
                ("tools", "*", "functionDeclarations", "*", "name"),
                OPENAPI,
                upper_types=True,
            ),
        ),
        either_case=True,
        build=generate_request,
    ),
)

VENDOR = Vendor(
    NAME,
    columns=(
        Column(NAME, "Google Gemini response_json_schema (JSON Schema)", judges=("gemini-json",)),
        Column(
            OPENAPI,
            "Google Gemini responseSchema (its OpenAPI 3.0 subset, google-genai's `Schema`)",
            derived_from=NAME,
            judges=("gemini-openapi",),
            fields=SCHEMA_FIELDS,
        ),
    ),
    profiles=(
        Profile(
            NAME,
            (NAME,),
            "Google Gemini response_json_schema (JSON Schema).",
            "Gemini's schema subset",
            carries_marker=False,
        ),
        Profile(
            OPENAPI,
            (OPENAPI,),
            "Google Gemini responseSchema: its OpenAPI 3.0 subset (`nullable: true`, string enums "
            "only, no additionalProperties maps, no $defs).",
            "Gemini's responseSchema",
            carries_marker=False,
            openapi=True,
        ),
    ),
    fragments=(
        Fragment(
            "gemini-config",
            config,
            False,
            False,
            "the `generation_config` entries (`response_json_schema`, or `response_schema` for `gemini-openapi`)",
            config_retry,
        ),
    ),
    base_url="https://generativelanguage.googleapis.com/v1beta",
    default_model="gemini-2.5-flash-lite",
    key_variables=("GEMINI_API_KEY", "GOOGLE_API_KEY"),
    key_header="x-goog-api-key",
    key_format="{key}",
    headers={},
    apis=(
        Api("generateContent.responseJsonSchema", "/models/{model}:generateContent", _generate("responseJsonSchema")),
        Api(
            "generateContent.responseSchema",
            "/models/{model}:generateContent",
            _generate("responseSchema"),
            without_additional_properties,
        ),
    ),
    prices=(0.10, 0.40),
    overhead_tokens=10,
    unenforced=frozenset({"T106", "T201", "T207", "T601", "T603", "T607"}),
    requests=REQUESTS,
)
