"""Diagnostics carry structured pointers (segments, as the walker found them) and the
reporters render them once, as RFC 6901; the rules never format a pointer string."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tierone import lint
from tierone.core.pointer import ROOT, Pointer
from tierone.linter.diagnostics import Diagnostic, LintReport
from tierone.linter.reporters import REPORTERS, finding_text, to_json, to_sarif

SRC = Path(__file__).resolve().parents[2] / "src" / "tierone"

#: a member name that needs escaping, and an array item below it
SCHEMA = {
    "type": "object",
    "properties": {"a/b~c": {"anyOf": [{"type": "object"}, {"type": "string"}]}},
    "required": ["a/b~c"],
    "additionalProperties": False,
}
RENDERED = "/properties/a~1b~0c/anyOf/0"


def _open_object() -> Diagnostic:
    [found] = lint(SCHEMA).diagnostics
    return found


def test_a_diagnostic_pointer_is_the_walkers_segments():
    found = _open_object()
    assert isinstance(found.pointer, Pointer)
    assert found.pointer == Pointer(("properties", "a/b~c", "anyOf", 0))
    assert lint({"type": "object"}).diagnostics[0].pointer == ROOT


def test_the_json_record_keeps_its_fields_and_renders_the_pointer():
    record = _open_object().to_json()
    assert list(record) == list(Diagnostic._fields)
    assert record["pointer"] == RENDERED and record["vendors"] == ["openai", "anthropic"]
    assert json.loads(json.dumps(record)) == record
    assert lint({"type": "object"}).diagnostics[0].to_json()["pointer"] == ""


def test_every_reporter_renders_the_same_rfc6901_pointer():
    found = _open_object()
    report = LintReport((lint(SCHEMA)._replace(diagnostics=(found,)),), "tier1")
    assert finding_text(found) == f"T102 {found.message} [{RENDERED}]"
    assert f"[{RENDERED}]" in REPORTERS["text"](report)
    assert f"[{RENDERED}]" in REPORTERS["github"](report)
    assert to_json(report)["diagnostics"][0]["pointer"] == RENDERED
    [result] = to_sarif(report)["runs"][0]["results"]
    assert result["properties"]["pointer"] == RENDERED
    assert result["locations"][0]["logicalLocations"][0]["fullyQualifiedName"] == RENDERED


#: what formatting a pointer looks like in source: str() of a pointer, a join on "/", or a
#: pointer or hit built from a string literal
FORMATTING = re.compile(r'str\((\w+\.)*pointer\b|["\']/["\']\.join|(Hit|Diagnostic)\(["\']/')


def test_no_rule_nor_the_engine_formats_a_pointer():
    places = [*sorted((SRC / "linter" / "checks").glob("*.py")), SRC / "linter" / "engine.py"]
    found = [
        f"{path.relative_to(SRC)}:{n}: {line.strip()}"
        for path in places
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if FORMATTING.search(line)
    ]
    assert found == []


def test_a_reference_back_into_an_array_item_is_found_recursive():
    schema = {
        "type": "object",
        "properties": {
            "a": {
                "anyOf": [
                    {
                        "type": "object",
                        "properties": {"x": {"$ref": "#/properties/a/anyOf/0"}},
                        "required": ["x"],
                        "additionalProperties": False,
                    },
                    {"type": "null"},
                ]
            }
        },
        "required": ["a"],
        "additionalProperties": False,
    }
    found = [(d.code, str(d.pointer)) for d in lint(schema).diagnostics]
    assert found == [("T501", "/properties/a/anyOf/0/properties/x")]


def test_the_depth_through_a_reference_into_an_array_item_counts():
    deep: dict = {"type": "string"}
    for _ in range(5):
        deep = {"type": "object", "properties": {"n": deep}, "required": ["n"], "additionalProperties": False}
    schema = {
        "type": "object",
        "properties": {"r": {"$ref": "#/$defs/L/anyOf/0"}},
        "required": ["r"],
        "additionalProperties": False,
        "$defs": {"L": {"anyOf": [deep, {"type": "null"}]}},
    }
    assert [(d.code, str(d.pointer)) for d in lint(schema).diagnostics if d.code == "T402"] == [
        ("T402", "/properties/r")
    ]
