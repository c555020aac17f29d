"""Request bodies linted and rewritten as what they are: bodies built by the real SDKs (captured
through a mock transport) and an MCP ``tools/list`` result built with the ``mcp`` package's own
types. Each schema they carry is linted at its pointer into the body, each finding placed at
its line in the file, under the profile the request implies; the rewrite replaces each schema
by its rendition (which the consumers' judges accept) and keeps everything else, and the
rewritten body goes through the SDK again unchanged."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from typer.testing import CliRunner

import tierone
from tests.judges import _BASE, judges_for
from tierone.cli import app
from tierone.vendors.requests import embedded, spelt

from ..answers.test_send_it import Recorder, _chat, _gemini, _message, _responses

#: a schema as users write it: optional members, a length strict modes cannot carry
TICKET = {
    "type": "object",
    "properties": {"title": {"type": "string", "minLength": 3}, "note": {"type": "string"}},
    "required": ["title"],
}
LOOKUP = {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}
PROMPT = "File the ticket."


#: the mock transport: records each request body, answers what it was given
Captured = Recorder


def _openai_chat(send: Captured, body: dict[str, Any] | None = None) -> None:
    import openai

    client = openai.OpenAI(api_key="no-key", base_url=_BASE + "/v1", http_client=send.client(), max_retries=0)
    body = body or {
        "tools": [
            {"type": "function", "function": {"name": "file_ticket", "parameters": TICKET, "strict": True}},
            {"type": "function", "function": {"name": "lookup", "parameters": LOOKUP}},  # not strict
        ],
        "response_format": {"type": "json_schema", "json_schema": {"name": "ticket", "schema": TICKET, "strict": True}},
    }
    client.chat.completions.create(
        model="gpt-4o",
        messages=[{"role": "user", "content": PROMPT}],
        tools=body["tools"],
        response_format=body["response_format"],
    )


def _openai_responses(send: Captured, body: dict[str, Any] | None = None) -> None:
    import openai

    client = openai.OpenAI(api_key="no-key", base_url=_BASE + "/v1", http_client=send.client(), max_retries=0)
    body = body or {
        "tools": [{"type": "function", "name": "file_ticket", "parameters": TICKET, "strict": True}],
        "text": {"format": {"type": "json_schema", "name": "ticket", "schema": TICKET, "strict": True}},
    }
    client.responses.create(model="gpt-4o", input=PROMPT, tools=body["tools"], text=body["text"])


def _anthropic(send: Captured, body: dict[str, Any] | None = None) -> None:
    import anthropic

    client = anthropic.Anthropic(api_key="no-key", base_url=_BASE, http_client=send.client(), max_retries=0)
    body = body or {
        "tools": [{"name": "file_ticket", "input_schema": TICKET, "strict": True}],
        "output_config": {"format": {"type": "json_schema", "schema": TICKET}},
    }
    client.messages.create(
        model="claude-sonnet-5",
        max_tokens=100,
        messages=[{"role": "user", "content": PROMPT}],
        tools=body["tools"],
        output_config=body["output_config"],
    )


def _gemini_call(send: Captured, body: dict[str, Any] | None = None) -> None:
    from google import genai
    from google.genai import types

    options = types.HttpOptions(
        base_url=_BASE, httpx_client=send.client(), retry_options=types.HttpRetryOptions(attempts=1)
    )
    client = genai.Client(api_key="no-key", http_options=options)
    config = (
        {**body["generationConfig"], "tools": body["tools"]}
        if body
        else {
            "response_mime_type": "application/json",
            "response_json_schema": TICKET,
            "tools": [{"function_declarations": [{"name": "file_ticket", "parameters_json_schema": TICKET}]}],
        }
    )
    client.models.generate_content(model="gemini-2.5-flash", contents=PROMPT, config=config)


class Api(NamedTuple):
    kind: str
    send: Callable[..., None]
    reply: dict[str, Any]
    #: the pointers of the strict schemas in the body, and the profile each is linted under
    schemas: dict[str, str]


APIS = {
    "openai-chat": Api(
        "openai-chat",
        _openai_chat,
        _chat("{}"),
        {"/tools/0/function/parameters": "openai", "/response_format/json_schema/schema": "openai"},
    ),
    "openai-responses": Api(
        "openai-responses",
        _openai_responses,
        _responses("{}"),
        {"/tools/0/parameters": "openai", "/text/format/schema": "openai"},
    ),
    "anthropic-messages": Api(
        "anthropic-messages",
        _anthropic,
        _message({"type": "text", "text": "{}"}),
        {"/tools/0/input_schema": "anthropic", "/output_config/format/schema": "anthropic"},
    ),
    "gemini-request": Api(
        "gemini-request",
        _gemini_call,
        _gemini("{}"),
        {
            "/tools/0/functionDeclarations/0/parameters_json_schema": "gemini",
            "/generationConfig/responseJsonSchema": "gemini",
        },
    ),
}


def run(*args: str) -> Any:
    result = CliRunner().invoke(app, list(args), catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


def _body(api: Api) -> dict[str, Any]:
    send = Captured(api.reply)
    api.send(send)
    [body] = send.bodies
    return body


@pytest.mark.parametrize("name", list(APIS))
def test_a_body_the_sdk_sends_is_linted_at_its_schemas_lines(name, tmp_path: Path):
    api = APIS[name]
    body = _body(api)
    found = embedded(body)
    assert found is not None and found.kind == api.kind
    assert {str(e.pointer): e.profile for e in found.schemas} == api.schemas
    path = tmp_path / "request.json"
    text = json.dumps(body, indent=2)
    path.write_text(text)
    result = tierone.lint(str(path))
    assert result.diagnostics, result
    lines = text.splitlines()
    for diagnostic in result.diagnostics:
        schema = next(p for p in api.schemas if str(diagnostic.pointer).startswith(p))
        assert diagnostic.code in {"T102", "T104", "T301"}, diagnostic
        if diagnostic.code == "T104":  # placed on the optional member's own key
            assert '"note"' in lines[diagnostic.line - 1], (diagnostic, lines[diagnostic.line - 1])
        assert f"{_subset(api.schemas[schema])}" in diagnostic.message or diagnostic.code != "T301"
    cli = run("lint", str(path))
    assert cli.exit_code == 1
    assert f"request.json:{result.diagnostics[0].line}:" in cli.stdout


@pytest.mark.parametrize("name", list(APIS))
def test_a_rewritten_body_carries_renditions_the_judges_accept_and_goes_through_the_sdk_unchanged(name, tmp_path: Path):
    api = APIS[name]
    body = _body(api)
    source = tmp_path / "request.json"
    source.write_text(json.dumps(body, indent=2))
    target = tmp_path / "request.strict.json"
    done = run("rewrite", str(source), "-o", str(target))
    assert done.exit_code == 0, done.stderr
    rewritten = json.loads(target.read_text())
    assert "$comment" not in rewritten  # an API refuses members it does not know: no marker
    for pointer, profile in api.schemas.items():
        rendition = tierone.core.pointer.Pointer.parse(pointer).resolve(rewritten)
        assert rendition == tierone.rewrite(TICKET, profile).schema
        assert [v for v in (judge.check(rendition) for judge in judges_for(profile)) if not v.ok] == []
    untouched = json.loads(json.dumps(body))
    for pointer in api.schemas:
        _set(untouched, pointer, None)
        _set(rewritten, pointer, None)
    assert rewritten == untouched  # everything else as it was
    again = Captured(api.reply)
    api.send(again, json.loads(target.read_text()))
    assert again.bodies[0] == json.loads(target.read_text())
    assert run("lint", str(target)).exit_code == 0


def test_a_tool_sent_without_strict_mode_is_neither_linted_nor_rewritten(tmp_path: Path):
    body = _body(APIS["openai-chat"])
    found = embedded(body)
    assert [e.label for e in found.loose] == ["tool lookup"]
    path = tmp_path / "chat.json"
    path.write_text(json.dumps(body))
    assert not any(str(d.pointer).startswith("/tools/1") for d in tierone.lint(str(path)).diagnostics)
    out = run("rewrite", str(path))
    assert json.loads(out.stdout)["tools"][1] == body["tools"][1]


def test_an_mcp_tools_list_built_with_its_own_types_is_linted_and_rewritten(tmp_path: Path):
    from mcp import types

    result = types.ListToolsResult(
        tools=[
            types.Tool(name="file_ticket", inputSchema=TICKET, outputSchema=LOOKUP),
            types.Tool(name="lookup", inputSchema=LOOKUP),
        ]
    )
    for data in (
        result.model_dump(mode="json", by_alias=True, exclude_none=True),
        {"jsonrpc": "2.0", "id": 1, "result": result.model_dump(mode="json", by_alias=True, exclude_none=True)},
        [tool.model_dump(mode="json", by_alias=True, exclude_none=True) for tool in result.tools],
    ):
        found = embedded(data)
        assert found is not None and found.kind == "mcp-tools"
        path = tmp_path / "tools.json"
        path.write_text(json.dumps(data, indent=2))
        linted = tierone.lint(str(path), profile="anthropic")
        assert {d.code for d in linted.diagnostics} == {"T102", "T301"}  # anthropic keeps optional members
        assert all("Schema" in str(d.pointer) for d in linted.diagnostics)
        out = run("rewrite", str(path), "-p", "anthropic")
        assert out.exit_code == 0, out.stderr
        rewritten = json.loads(out.stdout)
        tools = rewritten if isinstance(rewritten, list) else (rewritten.get("result") or rewritten)["tools"]
        assert tools[0]["inputSchema"] == tierone.rewrite(TICKET, "anthropic").schema
        assert tools[1]["inputSchema"] == tierone.rewrite(LOOKUP, "anthropic").schema


def test_yaml_bodies_keep_their_comments_and_name_their_lines(tmp_path: Path):
    path = tmp_path / "request.yaml"
    path.write_text(
        "model: claude-sonnet-5\n"
        "max_tokens: 100\n"
        "tools:\n"
        "  # the one tool we send\n"
        "  - name: file_ticket\n"
        "    strict: true\n"
        "    input_schema:\n"
        "      type: object\n"
        "      properties:\n"
        "        title: {type: string}\n"
        "        note: {type: string}  # optional\n"
        "      required: [title]\n"
    )
    assert [(d.code, d.line) for d in tierone.lint(str(path)).diagnostics] == [("T102", 7)]  # anthropic's
    openai = tierone.lint(str(path), profile="openai").diagnostics  # a profile named wins
    assert [(d.code, d.line) for d in openai] == [("T102", 7), ("T104", 11)]
    out = run("rewrite", str(path))
    assert "# the one tool we send" in out.stdout and "# optional" in out.stdout
    assert run("lint", "--input-kind", "schema", str(path)).exit_code == 1  # read as a schema: its own findings
    refused = run("lint", "--input-kind", "nope", str(path))
    assert refused.exit_code == 2 and "unknown input kind 'nope'" in refused.stderr


def test_lint_fix_writes_the_rendition_of_a_body_beside_it(tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    body = _body(APIS["anthropic-messages"])
    Path("request.json").write_text(json.dumps(body, indent=2))
    fixed = run("lint", "--fix", "request.json")
    assert fixed.exit_code == 0, fixed.output
    rendition = json.loads(Path("request.strict.json").read_text())
    assert rendition["tools"][0]["input_schema"] == tierone.rewrite(TICKET, "anthropic").schema
    assert json.loads(Path("request.json").read_text()) == body  # the source is unchanged


def _subset(profile: str) -> str:
    from tierone.subset.profiles import PROFILES

    return PROFILES[profile].phrase


def _set(body: Any, pointer: str, value: Any) -> None:
    parts = [int(p) if p.isdigit() else p for p in pointer.strip("/").split("/")]
    for part in parts[:-1]:
        body = body[part]
    body[parts[-1]] = value


def test_restore_reads_a_tool_calls_arguments_against_the_tool_the_body_carries(tmp_path: Path):
    body = _body(APIS["openai-chat"])
    path = tmp_path / "chat.json"
    path.write_text(json.dumps(body))
    arguments = tmp_path / "arguments.json"
    arguments.write_text('{"title": "Printer", "note": null}')
    read = run("restore", "--schema", str(path), "--tool", "file_ticket", str(arguments))
    assert read.exit_code == 0 and json.loads(read.stdout) == {"title": "Printer"}  # null meant absent
    arguments.write_text('{"title": "P", "note": null}')
    short = run("restore", "--schema", str(path), "--tool", "file_ticket", str(arguments))
    assert short.exit_code == 1 and "[/title]" in short.stderr  # minLength, enforced on read
    output = run("restore", "--schema", str(path), str(arguments))  # no --tool: the output schema
    assert output.exit_code == 1
    missing = run("restore", "--schema", str(path), "--tool", "nope", str(arguments))
    assert missing.exit_code == 2
    assert missing.stderr.strip().endswith("has no tool 'nope' (its tools: file_ticket, lookup); --tool NAME picks one")


def test_a_gemini_body_in_its_rest_spelling_is_read_in_lower_case_and_written_back_in_upper(tmp_path: Path):
    from google import genai
    from google.genai import types

    send = Captured(APIS["gemini-request"].reply)
    options = types.HttpOptions(
        base_url=_BASE, httpx_client=send.client(), retry_options=types.HttpRetryOptions(attempts=1)
    )
    openapi = {"type": "object", "properties": {"title": {"type": "string", "minLength": 3}}, "required": ["title"]}
    genai.Client(api_key="k", http_options=options).models.generate_content(
        model="m", contents=PROMPT, config={"response_mime_type": "application/json", "response_schema": openapi}
    )
    [body] = send.bodies
    assert body["generationConfig"]["responseSchema"]["type"] == "OBJECT"  # google-genai's REST spelling
    path = tmp_path / "gemini.json"
    path.write_text(json.dumps(body, indent=2))
    found = tierone.lint(str(path)).diagnostics
    assert "T606" not in {d.code for d in found}  # OBJECT is Gemini's spelling of object, not a malformed type
    rewritten = json.loads(run("rewrite", str(path)).stdout)["generationConfig"]["responseSchema"]
    expected = tierone.rewrite(spelt(body["generationConfig"]["responseSchema"], upper=False), "gemini-openapi").schema
    assert rewritten == spelt(expected, upper=True) and rewritten["type"] == "OBJECT"


@pytest.mark.parametrize(
    "body",
    [
        {"model": "m", "messages": [{"role": "user", "content": "hi"}]},
        {"model": "m", "messages": [], "tools": [1, "x", {"type": "function"}]},
        {"contents": [], "generationConfig": {"temperature": 0}},
    ],
)
def test_a_request_carrying_no_schema_has_nothing_to_check_and_is_not_read_as_one(body, tmp_path: Path):
    path = tmp_path / "request.json"
    path.write_text(json.dumps(body))
    assert tierone.lint(str(path)).diagnostics == ()  # not "unknown keyword `messages`"
    out = run("rewrite", str(path))
    assert out.exit_code == 0 and json.loads(out.stdout) == body


def test_a_kind_named_that_the_input_is_not_is_one_error_line(tmp_path: Path):
    path = tmp_path / "chat.json"
    path.write_text(json.dumps(_body(APIS["openai-chat"])))
    for command in ("lint", "rewrite"):
        refused = run(command, "--input-kind", "mcp-tools", str(path))
        assert refused.exit_code == 2
        assert f"{path}: error: not a mcp-tools request: it holds no schema where one carries it" in refused.stderr
    assert tierone.lint(str(path), input_kind="mcp-tools").error is not None
