"""Limits that count across a request (Anthropic's 24 optional and 16 union-typed parameters,
over all strict tools and the output schema together): linted once per request body, and met by
the rewrite, which shares them out fairly across the request's schemas. Every answer read back
means what its own schema means."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from pydantic import BaseModel

import tierone
from tests.judges import judges_for
from tierone.rewriter.requests import fair


def _tool(index: int, optional: int, required: int = 1) -> dict[str, Any]:
    properties = {f"need{index}_{i}": {"type": "string"} for i in range(required)}
    properties |= {f"may{index}_{i}": {"type": "string"} for i in range(optional)}
    return {"type": "object", "properties": properties, "required": [f"need{index}_{i}" for i in range(required)]}


class Report(BaseModel):
    title: str
    summary: str | None = None
    owner: str | None = None
    due: str | None = None
    tags: list[str] | None = None
    score: int | None = None
    link: str | None = None
    note: str | None = None


#: five tools and an output model: 5 x 5 + 7 = 32 optional members (over 24); the 7 of the
#: model are `X | None` (unions) as well
TOOLS = {f"tool{i}": _tool(i, 5) for i in range(5)}
OUTPUT = Report.model_json_schema()


def _body() -> dict[str, Any]:
    return {
        "model": "claude-sonnet-5",
        "max_tokens": 100,
        "messages": [{"role": "user", "content": "Go."}],
        "tools": [{"name": name, "input_schema": schema, "strict": True} for name, schema in TOOLS.items()],
        "output_config": {"format": {"type": "json_schema", "schema": OUTPUT}},
    }


def test_fair_shares_meet_small_demands_in_full():
    assert fair([2, 30, 30], 24) == [2, 11, 11]
    assert fair([1, 1], 24) == [1, 1]
    assert sum(fair([7, 9, 40, 3], 16)) == 16


def test_the_request_is_linted_once_for_what_its_schemas_spend_together(tmp_path: Path):
    path = tmp_path / "agent.json"
    path.write_text(json.dumps(_body(), indent=2))
    result = tierone.lint(str(path))
    alone = [d.code for schema in TOOLS.values() for d in tierone.lint(schema, profile="anthropic").diagnostics]
    assert "T407" not in alone  # each alone is within the limit
    [over] = [d for d in result.diagnostics if d.code == "T407"]
    assert str(over.pointer) == "" and over.line == 1
    assert over.message.startswith("the request's schemas have 32 optional properties together, over the limit of 24")
    assert "tool tool0 5" in over.message and "output 7" in over.message


def test_the_rewrite_fits_the_request_and_every_answer_reads_back(tmp_path: Path):
    path = tmp_path / "agent.json"
    path.write_text(json.dumps(_body(), indent=2))
    from typer.testing import CliRunner

    from tierone.cli import app

    out = CliRunner().invoke(app, ["rewrite", str(path), "-o", str(tmp_path / "agent.strict.json")])
    assert out.exit_code == 0, out.stderr
    body = json.loads((tmp_path / "agent.strict.json").read_text())
    assert tierone.lint(str(tmp_path / "agent.strict.json")).ok
    renditions = [tool["input_schema"] for tool in body["tools"]] + [body["output_config"]["format"]["schema"]]
    originals = [*TOOLS.values(), OUTPUT]
    optional = sum(len(set(r["properties"]) - set(r.get("required", []))) for r in renditions)
    assert optional <= 24
    for original, rendition in zip(originals, renditions, strict=True):
        assert [v for v in (judge.check(rendition) for judge in judges_for("anthropic")) if not v.ok] == []
        for filled in (True, False):
            instance = {n: ("x" if s.get("type") == "string" else None) for n, s in original["properties"].items()}
            instance = {
                n: v for n, v in instance.items() if v is not None and (filled or n in original.get("required", []))
            }
            answer = {**instance, **{n: None for n in rendition.get("required", []) if n not in instance}}
            jsonschema.validate(answer, rendition)  # an answer the vendor may give
            assert tierone.restore(answer, original).payload == instance


def test_a_request_that_cannot_fit_is_refused_naming_the_limit_the_count_and_the_schemas(tmp_path: Path):
    tools = [
        {"name": f"pick{i}", "strict": True, "input_schema": {
            "type": "object",
            "properties": {f"u{j}": {"type": ["string", "integer"]} for j in range(6)},
            "required": [f"u{j}" for j in range(6)],
            "additionalProperties": False,
        }}
        for i in range(3)
    ]  # fmt: skip
    path = tmp_path / "unions.json"
    path.write_text(json.dumps({"model": "m", "max_tokens": 1, "messages": [], "tools": tools}))
    [over] = [d for d in tierone.lint(str(path)).diagnostics if d.code == "T408"]
    assert "18 union-typed properties together, over the limit of 16" in over.message
    from typer.testing import CliRunner

    from tierone.cli import app

    refused = CliRunner().invoke(app, ["rewrite", str(path), "--exact"])
    assert refused.exit_code == 1
    assert (
        "the request cannot fit: its schemas need 18 of what rule T408 counts together, over the limit of 16 per request (tool pick0 6, tool pick1 6, tool pick2 6)"
        in refused.stderr
    )
    fitted = CliRunner().invoke(app, ["rewrite", str(path)])  # loosened where it must be: fits
    assert fitted.exit_code == 0, fitted.stderr


@pytest.mark.parametrize("count", [1, 24])
def test_a_request_within_its_limits_is_rewritten_as_each_schema_alone(count, tmp_path: Path):
    tools = [{"name": "one", "strict": True, "input_schema": _tool(0, count)}]
    path = tmp_path / "one.json"
    path.write_text(json.dumps({"model": "m", "max_tokens": 1, "messages": [], "tools": tools}))
    from typer.testing import CliRunner

    from tierone.cli import app

    out = CliRunner().invoke(app, ["rewrite", str(path)])
    assert json.loads(out.stdout)["tools"][0]["input_schema"] == tierone.rewrite(_tool(0, count), "anthropic").schema


def _small_tools(count: int, loose: int = 0) -> list[dict[str, Any]]:
    schema = {
        "type": "object",
        "properties": {"q": {"type": "string"}},
        "required": ["q"],
        "additionalProperties": False,
    }
    return [{"name": f"t{i}", "input_schema": schema, "strict": i >= loose} for i in range(count)]


@pytest.mark.parametrize(("count", "loose", "over"), [(20, 0, False), (21, 0, True), (21, 1, False), (30, 5, True)])
def test_strict_tools_over_the_limit_are_reported_once_for_the_request(tmp_path: Path, count, loose, over):
    path = tmp_path / "agent.json"
    path.write_text(json.dumps({"model": "m", "max_tokens": 1, "messages": [], "tools": _small_tools(count, loose)}))
    found = [d for d in tierone.lint(str(path)).diagnostics if d.code == "T409"]
    if not over:
        assert found == []
        return
    [finding] = found
    assert finding.message == f"the request has {count - loose} strict tools, over the limit of 20"
    assert str(finding.pointer) == "" and (finding.line, finding.column) == (1, 1) and not finding.fixable
    assert finding.vendors == ("anthropic",)
    assert tierone.lint(str(path), profile="openai").ok  # a limit only Anthropic's cells state
    from typer.testing import CliRunner

    from tierone.cli import app

    ignored = CliRunner().invoke(app, ["lint", "--isolated", "--ignore", "T409", str(path)])
    assert ignored.exit_code == 0, ignored.stdout
    rewritten = CliRunner().invoke(app, ["rewrite", str(path), "-o", str(tmp_path / "out.json")])
    assert rewritten.exit_code == 1
    assert f"T409 cannot be made compliant: the request cannot fit: it has {count - loose} strict tools" in (
        rewritten.stderr
    )
    assert not (tmp_path / "out.json").exists()
