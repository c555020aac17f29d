"""``tierone.request()``: an output model and tools made strict together for one vendor. An agent
whose schemas together exceed Anthropic's 24 optional and 16 union-typed parameters fits, its
fragments go through each SDK unchanged, and every answer reads back equal to what its own
source means; a request that cannot fit is refused naming the limit, the count and the
schemas."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import BaseModel, create_model

import tierone
from tests.judges import judges_for

from ..linter.test_request_bodies import APIS, Captured
from .loop_models import LOOP

#: five tools of six optional fields each (`str | None = None`: unions too), and an output of eight
TOOLS = {
    f"tool{i}": create_model(f"Tool{i}", key=(str, ...), **{f"opt{i}_{j}": (str | None, None) for j in range(6)})
    for i in range(5)
}
Output = create_model("Output", title=(str, ...), **{f"extra{j}": (int | None, None) for j in range(8)})


def _answer(instance: BaseModel, rendition: dict[str, Any]) -> dict[str, Any]:
    """What the vendor answers for ``instance`` under ``rendition``: each member given, an
    absent one null where the rendition requires it, left out where it keeps it optional."""
    data = instance.model_dump(exclude_none=True)
    return {**data, **{name: None for name in rendition.get("required", []) if name not in data}}


@pytest.fixture(scope="module")
def agent() -> tierone.Request:
    return tierone.request(Output, tools=TOOLS, vendor="anthropic")


def test_an_agent_over_the_request_limits_fits_and_reads_back(agent):
    body = {"model": "m", "max_tokens": 1, "messages": [], **agent.fragments()}
    assert not any(d.code in {"T407", "T408"} for d in tierone.lint(body).diagnostics)
    schemas = [agent.rendition(), *(agent.rendition(name) for name in TOOLS)]
    optional = sum(len(set(s["properties"]) - set(s.get("required", []))) for s in schemas)
    unions = sum(
        1 for s in schemas for p in s["properties"].values() if "anyOf" in p or isinstance(p.get("type"), list)
    )
    assert optional <= 24 and unions <= 16, (optional, unions)
    for schema in schemas:
        assert [v for v in (judge.check(schema) for judge in judges_for("anthropic")) if not v.ok] == []
    for name, model in TOOLS.items():
        for instance in (model(key="k"), model(key="k", **{f: "v" for f in model.model_fields if f != "key"})):
            assert agent.parse_tool_call(name, _answer(instance, agent.rendition(name))) == instance
    output = Output(title="t", extra0=1)
    assert agent.parse(json.dumps(_answer(output, agent.rendition()))) == output


def test_alone_each_schema_would_spend_its_full_part():
    alone = tierone.strict(TOOLS["tool0"], "anthropic").schema
    assert len(set(alone["properties"]) - set(alone.get("required", []))) == 6


@pytest.mark.parametrize("api", ["openai-chat", "openai-responses", "anthropic-messages", "gemini-request"])
def test_the_fragments_go_through_the_sdk_unchanged(api):
    model, _ = LOOP["Signup"]
    vendor = api.split("-")[0]
    made = tierone.request(model, tools={"lookup": tierone.Tool(LOOP["Catalogue"][0], "Look it up.")}, vendor=vendor)
    fragments = made.fragments(api)
    send = Captured(APIS[_capture_kind(api)].reply)
    _send(api, send, fragments)
    [body] = send.bodies
    for key, value in fragments.items():
        if api == "gemini-request":  # google-genai writes the config in the REST names
            continue
        assert body[key] == value, key
    found = __import__("tierone.vendors.requests", fromlist=["embedded"]).embedded(body)
    assert found is not None and len(found.schemas) == 2
    assert (
        tierone.lint(body).ok
        or api == "gemini-request"
        and not any(d.severity == "error" for d in tierone.lint(body).diagnostics)
    )


def test_a_tool_sent_without_strict_mode_keeps_its_schema(agent):
    lookup = LOOP["Catalogue"][0]
    made = tierone.request(tools={"lookup": tierone.Tool(lookup, strict=False)}, vendor="anthropic")
    [tool] = made.fragments()["tools"]
    assert "strict" not in tool and tool["input_schema"] == lookup.model_json_schema()
    assert made.parse_tool_call("lookup", {"stock": {"a": 1}, "colours": ["red"]}) == lookup(
        stock={"a": 1}, colours=["red"]
    )


def test_a_request_that_cannot_fit_is_refused_naming_the_limit_the_count_and_the_schemas():
    with pytest.raises(tierone.StrictError) as raised:
        tierone.request(Output, tools=TOOLS, vendor="anthropic", exact=True)
    message = str(raised.value)
    assert "the request cannot fit anthropic's limits" in message
    assert "over the limit of" in message and "tool tool0" in message and "output" in message


def test_more_strict_tools_than_the_vendor_takes_are_refused_naming_the_tool_limit():
    one = create_model("One", q=(str, ...))
    tools = {f"t{i}": one for i in range(21)}
    with pytest.raises(tierone.StrictError) as raised:
        tierone.request(tools=tools, vendor="anthropic")
    [finding] = raised.value.findings
    assert finding.message.startswith("T409: the request cannot fit: it has 21 strict tools, over the limit of 20")
    assert "tool t0, tool t1" in finding.message and "tool t20" in finding.message
    assert len(tierone.request(tools=dict(list(tools.items())[:20]), vendor="anthropic").tools) == 20
    loose = {**tools, "t20": tierone.Tool(one, strict=False)}  # sent without strict mode: not counted
    assert tierone.request(tools=loose, vendor="anthropic").parse_tool_call("t20", {"q": "x"}) == one(q="x")
    assert len(tierone.request(tools=tools, vendor="openai").tools) == 21  # no such limit stated


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: tierone.request(Output, vendor="nobody"), "unknown vendor 'nobody'"),
        (lambda: tierone.request(vendor="openai"), "needs an output schema or at least one tool"),
        (lambda: tierone.request(tools=TOOLS, vendor="openai").parse("{}"), "has no output schema"),
        (lambda: tierone.request(Output, vendor="openai").parse_tool_call("x", {}), "has no tool 'x'"),
        (
            lambda: tierone.request(Output, vendor="openai").fragments("anthropic-messages"),
            "no openai request is called",
        ),
    ],
)
def test_what_cannot_be_asked_is_a_clear_value_error(call, error):
    with pytest.raises(ValueError, match=error):
        call()


def _capture_kind(api: str) -> str:
    return {"openai-responses": "openai-chat"}.get(api, api)


def _send(api: str, send: Captured, fragments: dict[str, Any]) -> None:
    from tests.judges import _BASE

    if api.startswith("openai"):
        import openai

        client = openai.OpenAI(api_key="k", base_url=_BASE + "/v1", http_client=send.client(), max_retries=0)
        if api == "openai-chat":
            client.chat.completions.create(model="m", messages=[{"role": "user", "content": "hi"}], **fragments)
        else:
            send.answer = {"id": "r", "object": "response", "created_at": 0, "model": "m", "status": "completed",
                          "parallel_tool_calls": False, "tool_choice": "auto", "tools": [], "output": []}  # fmt: skip
            client.responses.create(model="m", input="hi", **fragments)
    elif api == "anthropic-messages":
        import anthropic

        client = anthropic.Anthropic(api_key="k", base_url=_BASE, http_client=send.client(), max_retries=0)
        client.messages.create(model="m", max_tokens=1, messages=[{"role": "user", "content": "hi"}], **fragments)
    else:
        from google import genai
        from google.genai import types

        options = types.HttpOptions(
            base_url=_BASE, httpx_client=send.client(), retry_options=types.HttpRetryOptions(attempts=1)
        )
        genai.Client(api_key="k", http_options=options).models.generate_content(model="m", contents="hi", **fragments)
