"""Big and deep inputs are handled or refused cleanly, never with a crash or a traceback.

How long they take is measured by ``bench/scale.py``; here only the outcome is checked.
"""

from __future__ import annotations

import json
import os
import sys

import pytest
from typer.testing import CliRunner

from tierone import lint, restore, rewrite
from tierone.cli import app
from tierone.core import loading, source

runner = CliRunner()


def wide(count: int, required: bool) -> dict:
    properties = {f"p{i}": {"type": "string", "minLength": 1} for i in range(count)}
    schema = {"type": "object", "properties": properties, "additionalProperties": False}
    return {**schema, "required": list(properties)} if required else schema


def nested_text(levels: int) -> str:
    """A schema whose JSON text nests ``2 * levels`` containers deep (each level is an object
    schema and its ``properties``)."""
    return '{"type": "object", "properties": {"a": ' * levels + '{"type": "string"}' + "}}" * levels


def test_thousands_of_members_are_all_found():
    result = lint(wide(5000, required=False))
    codes = [d.code for d in result.diagnostics]
    assert codes.count("T104") == 5000 and codes.count("T301") == 5000 and "T403" in codes
    assert "T104" not in {d.code for d in lint(wide(5000, required=True)).diagnostics}


def test_thousands_of_members_rewrite_and_restore():
    schema = wide(3000, required=False)
    result = rewrite(schema, "openai")  # OpenAI allows 5,000 properties and any number of unions
    assert result.ok, result.unfixable[:3]
    assert len(result.schema["required"]) == 3000
    answer = {f"p{i}": ("x" if i % 2 else None) for i in range(3000)}
    restored = restore(answer, schema)
    assert restored.ok and len(restored.payload) == 1500


def test_as_deep_as_loading_allows_rewrites(tmp_path):
    path = tmp_path / "deep.schema.json"
    path.write_text(nested_text(495))  # 990 containers: just under the loader's 1,000
    result = runner.invoke(app, ["rewrite", str(path)], catch_exceptions=False)
    assert result.exit_code == 0, result.output  # the part past the depth limit travels as a JSON string
    assert "A JSON-encoded value" in result.stdout and "Traceback" not in result.output
    refused = runner.invoke(app, ["rewrite", "--exact", str(path)], catch_exceptions=False)
    assert refused.exit_code == 1 and "T401 cannot be made compliant" in refused.stderr
    assert sys.getrecursionlimit() < loading.RECURSION_LIMIT  # put back afterwards


def test_deeper_than_loading_allows_is_refused(tmp_path):
    path = tmp_path / "deeper.schema.json"
    path.write_text(nested_text(600))
    fine = tmp_path / "fine.schema.json"
    fine.write_text(json.dumps(wide(2, required=True)))
    for command in ("lint", "rewrite"):
        result = runner.invoke(app, [command, str(path), str(fine)], catch_exceptions=False)
        assert result.exit_code == 2
        assert f"{path}: error: nesting is deeper than 1000 levels; refusing to load" in result.stderr


def test_too_large_a_file_is_refused_before_parsing(tmp_path, monkeypatch):
    monkeypatch.setattr(source, "MAX_BYTES", 100)
    path = tmp_path / "big.schema.json"
    path.write_text(json.dumps(wide(20, required=True)))
    result = lint(path)
    assert result.error is not None
    assert result.error.message == f"file is {path.stat().st_size:,} bytes; the limit is 100 bytes"


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_an_endless_device_is_refused_before_it_is_read():
    result = lint("/dev/zero")
    assert result.error is not None
    assert result.error.message == "not a regular file (a character device)"


def chain(length: int) -> dict:
    """A root property whose reference leads through ``length`` definitions, one level each."""
    defs = {
        f"d{i}": {
            "type": "object",
            "properties": {"x": {"$ref": f"#/$defs/d{i + 1}"}},
            "required": ["x"],
            "additionalProperties": False,
        }
        for i in range(length)
    }
    defs[f"d{length}"] = {"type": "string"}
    return {
        "type": "object",
        "properties": {"r": {"$ref": "#/$defs/d0"}},
        "required": ["r"],
        "additionalProperties": False,
        "$defs": defs,
    }


def test_a_reference_chain_longer_than_followed_is_reported_as_a_lower_bound():
    [short] = [d for d in lint(chain(10)).diagnostics if d.code == "T402" and str(d.pointer) == "/properties/r"]
    assert "nests the instance 11 levels deep" in short.message  # r, then ten x hops
    [long] = [d for d in lint(chain(2000)).diagnostics if d.code == "T402" and str(d.pointer) == "/properties/r"]
    assert "nests the instance at least " in long.message
