"""The consumers as judges: engines and vendor SDKs nobody here wrote say whether they accept a
strict schema tierone produced.

Each judge is one function ``(schema) -> Verdict`` registered in :data:`JUDGES`; the vendor
column it speaks for is declared with the column, in ``tierone.vendors`` (a judge no column names
is a decoding engine: it judges every profile's renditions).
:func:`all_judges` runs those that apply to a profile. Everything runs offline: the SDKs send
their requests to an ``httpx`` mock transport that records the body and answers a minimal reply,
so no key and no network are needed. Each SDK is imported inside its judge.

- ``llguidance``: the grammar compiles, and a greedy walk over a byte tokenizer's masks finds a
  value the grammar accepts (an unsatisfiable schema fails to compile or dead-ends the walk);
- ``outlines-core``: the regex builds and compiles into an index over a byte vocabulary;
- ``openai-agents`` and ``openai-helper``: ``ensure_strict_json_schema`` and the OpenAI SDK's
  ``_ensure_strict_json_schema`` return the schema unchanged, key order included (a fixed point);
- ``pydantic-ai``: its OpenAI transformer finds the schema strict-compatible and its strict
  walk raises nothing;
- ``openai-*``, ``anthropic-*``, ``gemini-*``: the SDK request paths for a raw schema raise
  nothing and send our schema unchanged; ``anthropic-transform`` (the SDK's ``transform_schema``)
  raises nothing (what it moves into a description is noted, not a rejection). The SDK applies that helper only to a
  type given as ``output_format``, never to a raw schema, so it judges the profiles meant to pass
  it too (``anthropic``, ``vendors``: a helper judge of the anthropic column), not ``tier1``, which spells
  null as RFC 0030 §D prescribes (a type list: the API takes it, the helper raises on it).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any, NamedTuple

Schema = Any


class Verdict(NamedTuple):
    """One judge's word on one schema."""

    #: the judge's name, a key of :data:`JUDGES`
    judge: str
    ok: bool
    #: why not (or what was found), one line
    detail: str = ""
    #: the first offending location (RFC 6901), when the judge can tell
    pointer: str | None = None


class Judge(NamedTuple):
    """A registered judge."""

    name: str
    check: Callable[[Schema], Verdict]


#: every judge, by name, in the order they run
JUDGES: dict[str, Judge] = {}


def _speaking_for() -> dict[str, tuple[str, bool]]:
    """Each vendor judge's table column (``tierone.vendors``), and whether it runs the vendor
    SDK's own helper (which refuses a spelling a source prescribes)."""
    from tierone.vendors import COLUMNS

    found = {}
    for column in COLUMNS.values():
        found.update({name: (column.name, False) for name in column.judges})
        found.update({name: (column.name, True) for name in column.helper_judges})
    return found


@cache
def _prescribes(source: str) -> bool:
    """Whether ``source`` prescribes a spelling (RFC 0030 §D's type list): an SDK helper that
    refuses it does not judge a profile including the source."""
    from tierone.subset.table import FEATURES

    return any(feature.cell(source).prescribed for feature in FEATURES)


#: the longest regex outlines-core compiles into an index here (its automaton can take minutes
#: beyond: 78 s for a 6,000-character regex of optional properties on this machine)
OUTLINES_INDEX_LIMIT = 4_000
#: how many tokens (bytes) the llguidance walk spends looking for an accepted value
WITNESS_BUDGET = 20_000


def judge(name: str) -> Callable[[Callable[[Schema], Verdict]], Callable[[Schema], Verdict]]:
    """Register a judge. Whatever it raises is its rejection (an SDK says no by raising), at
    the deepest subschema that, judged on its own, raises the same."""

    def register(check: Callable[[Schema], Verdict]) -> Callable[[Schema], Verdict]:
        def guarded(schema: Schema) -> Verdict:
            try:
                return check(schema)
            except Exception as error:  # noqa: BLE001 - any exception is the consumer saying no
                said = _one_line(error)
                return Verdict(name, False, said, _deepest(schema, lambda node: _says(check, node) == said))

        guarded.__name__ = guarded.__qualname__ = check.__name__
        guarded.__doc__ = check.__doc__
        JUDGES[name] = Judge(name, guarded)
        return guarded

    return register


def _says(check: Callable[[Schema], Verdict], schema: Schema) -> str | None:
    try:
        check(schema)
    except Exception as error:  # noqa: BLE001
        return _one_line(error)
    return None


def judges_for(profile: str) -> tuple[Judge, ...]:
    """The judges that apply to renditions for ``profile``: the decoding engines (which speak for
    no vendor) and those of the vendor columns the profile's sources name (an SDK helper's only
    where no source of the profile prescribes a spelling)."""
    from tierone.subset.profiles import PROFILES

    if profile not in PROFILES:
        raise ValueError(f"no judges known for profile {profile!r} (not a profile)")
    sources = PROFILES[profile].sources
    speaking = _speaking_for()
    unknown = set(speaking) - set(JUDGES)
    assert not unknown, f"tierone.vendors names judges that tests/judges.py does not register: {unknown}"

    def applies(name: str) -> bool:
        if name not in speaking:
            return True  # an engine
        column, helper = speaking[name]
        return column in sources and not (helper and any(map(_prescribes, sources)))

    return tuple(j for j in JUDGES.values() if applies(j.name))


def all_judges(schema: Schema, profile: str) -> tuple[Verdict, ...]:
    """Every applicable judge's verdict on ``schema``, a rendition for ``profile``."""
    return tuple(j.check(schema) for j in judges_for(profile))


def _one_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0][:300] if text else ''}"


def _pointer(parts: tuple[Any, ...]) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def first_difference(
    expected: Any, actual: Any, *, ordered: bool = True, at: tuple[Any, ...] = ()
) -> tuple[str, str] | None:
    """``(pointer, what)`` of the first place ``actual`` differs from ``expected`` (key order
    counts when ``ordered``), or None when they are the same JSON."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        if expected.keys() != actual.keys():
            added, removed = sorted(actual.keys() - expected.keys()), sorted(expected.keys() - actual.keys())
            return _pointer(at), f"keys added {added}, removed {removed}"
        for key in expected:
            found = first_difference(expected[key], actual[key], ordered=ordered, at=(*at, key))
            if found:
                return found
        if ordered and list(expected) != list(actual):
            return _pointer(at), f"keys reordered: {list(expected)} -> {list(actual)}"
        return None
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        for index, (left, right) in enumerate(zip(expected, actual)):
            found = first_difference(left, right, ordered=ordered, at=(*at, index))
            if found:
                return found
        return None
    if type(expected) is type(actual) and expected == actual:
        return None
    return _pointer(at), f"{_short(expected)} -> {_short(actual)}"


def _short(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _as_sent(schema: Schema) -> Schema:
    """The schema as JSON carries it (what an SDK's serialisation is compared with)."""
    return json.loads(json.dumps(schema, allow_nan=False))


# --- the decoding engines -----------------------------------------------------------------


@cache
def _byte_tokenizer() -> Any:
    import llguidance

    class Bytes:
        """One token per byte, and an end-of-sequence token."""

        def __init__(self) -> None:
            self.eos_token_id = 256
            self.bos_token_id = None
            self.tokens = [bytes([i]) for i in range(256)] + [b"<eos>"]
            self.special_token_ids = [256]

        def __call__(self, text: bytes) -> list[int]:
            return list(text)

    return llguidance.LLTokenizer(llguidance.TokenizerWrapper(Bytes()), slices=[])


#: the bytes the llguidance walk prefers, first first: whatever ends a value soonest (outside a
#: string: close the container, then the shortest values; inside: close the string)
_PREFERRED = [ord(c) for c in '}]",:0nft{[-1']
_PREFERRED_IN_STRING = [ord(c) for c in '"a0']


@judge("llguidance")
def llguidance_judge(schema: Schema) -> Verdict:
    """The grammar compiles and accepts at least one value."""
    from llguidance import LLMatcher

    grammar = LLMatcher.grammar_from_json_schema(json.dumps(schema))
    failed, messages = LLMatcher.validate_grammar_with_warnings(grammar, _byte_tokenizer())
    if failed:
        said = messages[0].splitlines()[0]
        return Verdict("llguidance", False, said, _llguidance_pointer(schema, messages[0]))
    compact = LLMatcher.grammar_from_json_schema(json.dumps(schema), overrides={"whitespace_flexible": False})
    witness, dead_end = _witness(LLMatcher(_byte_tokenizer(), compact, log_level=0))
    if dead_end:
        return Verdict("llguidance", False, f"no accepted value: {dead_end} after {witness[-60:]!r}")
    return Verdict("llguidance", True, f"accepts {witness[:60]!r}" if witness else "no value within the walk budget")


def _witness(matcher: Any) -> tuple[bytes, str]:
    """Walk the masks greedily to an accepted value: ``(value, "")``, ``(prefix, why)`` on a dead
    end, ``(b"", "")`` when the budget runs out first."""
    out = bytearray()
    in_string = escaped = False
    while len(out) < WITNESS_BUDGET:
        if matcher.is_error():
            return bytes(out), matcher.get_error()
        if matcher.is_accepting():
            return bytes(out), ""
        tokens = matcher.compute_ff_tokens()
        if not tokens:
            mask = matcher.compute_bitmask()
            allowed = [i for i in range(256) if mask[i >> 3] >> (i & 7) & 1]
            if not allowed:
                return bytes(out), "no byte allowed"
            preferred = _PREFERRED_IN_STRING if in_string else _PREFERRED
            tokens = [next((b for b in preferred if b in allowed), next((b for b in allowed if b > 32), allowed[0]))]
        matcher.consume_tokens(tokens)
        for byte in tokens:
            in_string, escaped = (in_string != (byte == 34 and not escaped)), in_string and byte == 92 and not escaped
        out += bytes(tokens)
    return b"", ""


#: keywords whose value is a subschema, an array of them, or a map of them (for locating)
_IN_VALUE = ("items", "additionalProperties", "contains", "not", "if", "then", "else", "propertyNames")
_IN_ARRAY = ("anyOf", "oneOf", "allOf", "prefixItems", "items")
_IN_MAP = ("properties", "patternProperties", "$defs", "definitions")


def _children(node: Any) -> Iterator[tuple[Any, ...]]:
    if not isinstance(node, dict):
        return
    for key, value in node.items():
        if key in _IN_MAP and isinstance(value, dict):
            yield from ((key, name) for name in value)
        elif key in _IN_ARRAY and isinstance(value, list):
            yield from ((key, index) for index in range(len(value)))
        elif key in _IN_VALUE and isinstance(value, dict):
            yield (key,)


def _deepest(schema: Schema, fails: Callable[[Any], bool]) -> str:
    """The pointer of the deepest subschema that ``fails`` on its own, following failing
    children from the root ("" when no child fails: the root's own fault)."""
    at: tuple[Any, ...] = ()
    node = schema
    while True:
        below = next((c for c in _children(node) if fails(_at(node, c))), None)
        if below is None:
            return _pointer(at)
        at, node = (*at, *below), _at(node, below)


def _at(node: Any, parts: tuple[Any, ...]) -> Any:
    for part in parts:
        node = node[part]
    return node


def _llguidance_pointer(schema: Schema, message: str) -> str:
    """Where llguidance's ``message`` is about: the location it names ("while processing
    <uri>#/pointer"), or else the deepest subschema it says the same of on its own."""
    named = [line.rpartition("#")[2] for line in message.splitlines()[1:] if "while processing" in line and "#" in line]
    if named:
        return named[0]
    said = message.splitlines()[0]
    same = (lambda m: "nsatisfiable" in m) if "nsatisfiable" in said else (lambda m: m.splitlines()[:1] == [said])
    return _deepest(schema, lambda node: same(_llguidance_says(schema, node))) if isinstance(schema, dict) else ""


def _llguidance_says(schema: Schema, node: Any) -> str:
    """What llguidance says of ``node`` as the root of a document where the ``$ref``s of
    ``schema`` still resolve (``node`` is one of its subschemas); "" when it accepts it."""
    from llguidance import LLMatcher

    probe = {k: v for k, v in schema.items() if k.startswith("x-") or k == "definitions"}
    probe["$defs"] = {**schema.get("$defs", {}), "tierone-probe": node}
    probe["$ref"] = "#/$defs/tierone-probe"
    grammar = LLMatcher.grammar_from_json_schema(json.dumps(probe))
    failed, messages = LLMatcher.validate_grammar_with_warnings(grammar, _byte_tokenizer())
    return str(messages[0]) if failed else ""


@cache
def _byte_vocabulary() -> Any:
    from outlines_core import Vocabulary

    return Vocabulary(256, {bytes([i]): [i] for i in range(256)})


@judge("outlines-core")
def outlines_judge(schema: Schema) -> Verdict:
    """The regex builds from the schema and compiles into an index."""
    from outlines_core import Index
    from outlines_core.json_schema import build_regex_from_schema

    regex = build_regex_from_schema(json.dumps(schema))
    if len(regex) > OUTLINES_INDEX_LIMIT:
        return Verdict("outlines-core", True, f"regex of {len(regex)} characters built; too long to index here")
    Index(regex, _byte_vocabulary())
    return Verdict("outlines-core", True, f"regex of {len(regex)} characters indexed")


# --- the vendor helpers -------------------------------------------------------------------


def _fixed_point(name: str, schema: Schema, strict: Callable[[Any], Any]) -> Verdict:
    expected = _as_sent(schema)
    found = first_difference(expected, strict(copy.deepcopy(expected)))
    if found:
        return Verdict(name, False, f"changed: {found[1]}", found[0])
    return Verdict(name, True)


@judge("openai-agents")
def openai_agents_judge(schema: Schema) -> Verdict:
    """``agents.strict_schema.ensure_strict_json_schema`` returns the schema unchanged."""
    from agents.strict_schema import ensure_strict_json_schema

    return _fixed_point("openai-agents", schema, ensure_strict_json_schema)


@judge("openai-helper")
def openai_helper_judge(schema: Schema) -> Verdict:
    """The OpenAI SDK's ``_ensure_strict_json_schema`` returns the schema unchanged."""
    from openai.lib._pydantic import _ensure_strict_json_schema

    return _fixed_point("openai-helper", schema, lambda s: _ensure_strict_json_schema(s, path=(), root=s))


@judge("pydantic-ai")
def pydantic_ai_judge(schema: Schema) -> Verdict:
    """pydantic-ai takes the schema as an object schema, finds it strict-compatible as it is,
    and its strict walk raises nothing."""
    from pydantic_ai._utils import check_object_json_schema
    from pydantic_ai.profiles.openai import OpenAIJsonSchemaTransformer

    check_object_json_schema(copy.deepcopy(schema))
    probe = OpenAIJsonSchemaTransformer(copy.deepcopy(schema), strict=None)
    probe.walk()
    if not probe.is_strict_compatible:
        return Verdict("pydantic-ai", False, "OpenAIJsonSchemaTransformer: not strict-compatible as it is")
    OpenAIJsonSchemaTransformer(copy.deepcopy(schema), strict=True).walk()
    return Verdict("pydantic-ai", True)


@judge("anthropic-transform")
def anthropic_transform_judge(schema: Schema) -> Verdict:
    """``anthropic.transform_schema`` raises nothing. What it moves into a description (where it
    puts what it does not support: ``pattern``, ``examples``, …) is no rejection: it is the SDK's
    policy for a type given as ``output_format``, and the API takes what we send (the
    ``anthropic-tool`` and ``anthropic-output`` judges check that request path); the verdict's
    detail names the first move."""
    from anthropic.lib._parse._transform import transform_schema

    before = _descriptions(schema, ())
    for pointer, text in _descriptions(transform_schema(copy.deepcopy(schema)), ()).items():
        if text not in before.values():
            moved = text.removeprefix(before.get(pointer, "")).lstrip()
            return Verdict("anthropic-transform", True, f"moved into the description: {moved[:120]}", pointer)
    return Verdict("anthropic-transform", True)


def _descriptions(node: Any, at: tuple[Any, ...]) -> dict[str, str]:
    found = (
        {_pointer(at): node["description"]}
        if isinstance(node, dict) and isinstance(node.get("description"), str)
        else {}
    )
    for child in _children(node):
        found.update(_descriptions(_at(node, child), (*at, *child)))
    return found


# --- the vendor SDKs' request paths -------------------------------------------------------

#: a minimal valid answer per endpoint (the SDKs parse it)
_ANSWERS = {
    "/chat/completions": {
        "id": "c",
        "object": "chat.completion",
        "created": 0,
        "model": "m",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": "{}"}, "finish_reason": "stop"}],
    },
    "/responses": {
        "id": "r",
        "object": "response",
        "created_at": 0,
        "model": "m",
        "output": [],
        "status": "completed",
        "parallel_tool_calls": False,
        "tool_choice": "auto",
        "tools": [],
    },
    "/messages": {
        "id": "m",
        "type": "message",
        "role": "assistant",
        "model": "m",
        "content": [{"type": "text", "text": "{}"}],
        "stop_reason": "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": 1, "output_tokens": 1},
    },
    ":generateContent": {
        "candidates": [{"content": {"role": "model", "parts": [{"text": "{}"}]}, "finishReason": "STOP"}]
    },
}
_BASE = "http://127.0.0.1:9"  # never reached: the mock transport answers


def _httpx() -> Any:
    """The httpx the SDKs use (published as ``httpx2`` next to them here, ``httpx`` elsewhere)."""
    try:
        import httpx2
    except ImportError:
        import httpx as httpx2  # type: ignore[no-redef]
    return httpx2


class _Recorder:
    """The mock transport's handler: records each request body, answers from :data:`_ANSWERS`."""

    def __init__(self) -> None:
        self.bodies: list[Any] = []

    def __call__(self, request: Any) -> Any:
        self.bodies.append(json.loads(request.content))
        path = request.url.path
        answer = next(body for end, body in _ANSWERS.items() if path.endswith(end))
        return _httpx().Response(200, json=answer)

    def client(self) -> Any:
        httpx = _httpx()
        return httpx.Client(transport=httpx.MockTransport(self))

    def last(self) -> Any:
        return self.bodies.pop()


@cache
def _openai() -> tuple[Any, _Recorder]:
    import openai

    recorder = _Recorder()
    return openai.OpenAI(
        api_key="no-key", base_url=_BASE + "/v1", http_client=recorder.client(), max_retries=0
    ), recorder


@cache
def _anthropic() -> tuple[Any, _Recorder]:
    import anthropic

    recorder = _Recorder()
    return anthropic.Anthropic(api_key="no-key", base_url=_BASE, http_client=recorder.client(), max_retries=0), recorder


@cache
def _gemini() -> tuple[Any, _Recorder]:
    from google import genai
    from google.genai import types

    recorder = _Recorder()
    options = types.HttpOptions(
        base_url=_BASE, httpx_client=recorder.client(), retry_options=types.HttpRetryOptions(attempts=1)
    )
    return genai.Client(api_key="no-key", http_options=options), recorder


def _carried(name: str, schema: Schema, sent: Any, *, ordered: bool = True) -> Verdict:
    found = first_difference(_as_sent(schema), sent, ordered=ordered)
    if found:
        return Verdict(name, False, f"sent changed: {found[1]}", found[0])
    return Verdict(name, True)


_MESSAGES = [{"role": "user", "content": "answer"}]


@judge("openai-chat")
def openai_chat_judge(schema: Schema) -> Verdict:
    """Chat Completions ``response_format`` (json_schema, strict)."""
    client, recorder = _openai()
    client.chat.completions.create(
        model="m",
        messages=_MESSAGES,
        response_format={"type": "json_schema", "json_schema": {"name": "answer", "schema": schema, "strict": True}},
    )
    return _carried("openai-chat", schema, recorder.last()["response_format"]["json_schema"]["schema"])


@judge("openai-responses")
def openai_responses_judge(schema: Schema) -> Verdict:
    """Responses ``text.format`` (json_schema, strict)."""
    client, recorder = _openai()
    client.responses.create(
        model="m",
        input="answer",
        text={"format": {"type": "json_schema", "name": "answer", "schema": schema, "strict": True}},
    )
    return _carried("openai-responses", schema, recorder.last()["text"]["format"]["schema"])


@judge("openai-tools")
def openai_tools_judge(schema: Schema) -> Verdict:
    """A strict function tool, in Chat Completions and in Responses."""
    client, recorder = _openai()
    client.chat.completions.create(
        model="m",
        messages=_MESSAGES,
        tools=[{"type": "function", "function": {"name": "answer", "parameters": schema, "strict": True}}],
    )
    chat = _carried("openai-tools", schema, recorder.last()["tools"][0]["function"]["parameters"])
    client.responses.create(
        model="m", input="answer", tools=[{"type": "function", "name": "answer", "parameters": schema, "strict": True}]
    )
    return chat if not chat.ok else _carried("openai-tools", schema, recorder.last()["tools"][0]["parameters"])


@judge("anthropic-tool")
def anthropic_tool_judge(schema: Schema) -> Verdict:
    """A strict tool's ``input_schema`` in Messages."""
    client, recorder = _anthropic()
    client.messages.create(
        model="m", max_tokens=1, messages=_MESSAGES, tools=[{"name": "answer", "input_schema": schema, "strict": True}]
    )
    return _carried("anthropic-tool", schema, recorder.last()["tools"][0]["input_schema"])


@judge("anthropic-output")
def anthropic_output_judge(schema: Schema) -> Verdict:
    """Structured output: Messages ``output_config.format`` (json_schema)."""
    client, recorder = _anthropic()
    client.messages.create(
        model="m", max_tokens=1, messages=_MESSAGES, output_config={"format": {"type": "json_schema", "schema": schema}}
    )
    return _carried("anthropic-output", schema, recorder.last()["output_config"]["format"]["schema"])


def _generate(field: str, schema: Schema) -> Any:
    from google.genai import types

    client, recorder = _gemini()
    config = types.GenerateContentConfig(response_mime_type="application/json", **{field: schema})
    client.models.generate_content(model="m", contents="answer", config=config)
    return recorder.last()["generationConfig"]


@judge("gemini-json")
def gemini_json_judge(schema: Schema) -> Verdict:
    """google-genai ``response_json_schema``."""
    return _carried("gemini-json", schema, _generate("response_json_schema", schema)["responseJsonSchema"])


@judge("gemini-openapi")
def gemini_openapi_judge(schema: Schema) -> Verdict:
    """google-genai ``response_schema`` (its OpenAPI ``Schema``): what it sends, read back in
    the schema's spelling (camelCase keys, lower-case types), is the schema (key order aside:
    the SDK sorts)."""
    sent = _generate("response_schema", schema)["responseSchema"]
    return _carried("gemini-openapi", _as_floats(schema), _openapi_spelling(sent), ordered=False)


#: the keywords google-genai's ``Schema`` types as floats: it sends ``1`` as ``1.0``, the same
#: JSON number
_FLOAT_FIELDS = ("minimum", "maximum")


def _as_floats(node: Any) -> Any:
    """``node`` with the integers of :data:`_FLOAT_FIELDS` written as floats."""
    if isinstance(node, list):
        return [_as_floats(item) for item in node]
    if not isinstance(node, dict):
        return node
    return {k: float(v) if k in _FLOAT_FIELDS and type(v) is int else _as_floats(v) for k, v in node.items()}


def _camel(key: str) -> str:
    head, *rest = key.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def _openapi_spelling(node: Any) -> Any:
    """google-genai's serialised ``Schema`` in the schema's own spelling."""
    if isinstance(node, list):
        return [_openapi_spelling(item) for item in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        key = _camel(key)
        if key == "type" and isinstance(value, str):
            out[key] = value.lower()
        elif key in ("properties", "defs") and isinstance(value, dict):
            out[key] = {name: _openapi_spelling(sub) for name, sub in value.items()}
        elif key in ("enum", "required", "propertyOrdering", "example", "default"):
            out[key] = value
        else:
            out[key] = _openapi_spelling(value)
    return out
