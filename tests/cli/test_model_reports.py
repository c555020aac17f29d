"""A pydantic model input (``module:Model``) in every report format: findings point at the
model's source file and the line of the class, or of the field for a property."""

from __future__ import annotations

import itertools
import json
import textwrap

import pytest
from typer.testing import CliRunner

from tests.sarif import assert_valid_sarif
from tierone.cli import app

MODULE = '''\
from pydantic import BaseModel, Field


class Pet(BaseModel):
    name: str = Field(min_length=2)


class Owner(BaseModel):
    """An owner."""

    full_name: str = Field(alias="fullName", max_length=40)
    pets: list[Pet]
'''
_names = itertools.count()


@pytest.fixture
def model(tmp_path, monkeypatch) -> str:
    """A fresh module (a new name each time: imports are cached) in the working directory."""
    name = f"owners_{next(_names)}"
    (tmp_path / f"{name}.py").write_text(textwrap.dedent(MODULE))
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    return name


def run(*args: str):
    result = CliRunner().invoke(app, ["lint", "--isolated", *args], catch_exceptions=False)
    assert result.exit_code == 1, result.output
    return result.stdout


def test_text_names_the_file_and_the_lines_of_class_and_fields(model):
    out = run(f"{model}:Owner")
    assert f"{model}.py:8:1: T102 " in out  # the root: class Owner
    assert f"{model}.py:11:5: T301 `maxLength`" in out  # the aliased field full_name
    assert f"{model}.py:4:1: T102 " in out and f"{model}.py:5:5: T301 `minLength`" in out  # $defs/Pet
    assert f"{model}:Owner" not in out.split("Found")[0]


def test_json_records_carry_file_and_line(model):
    records = json.loads(run("--format", "json", f"{model}:Owner"))["diagnostics"]
    places = {(d["path"], d["line"], d["pointer"]) for d in records}
    assert (f"{model}.py", 11, "/properties/fullName") in places and (f"{model}.py", 8, "") in places


def test_sarif_points_at_the_file_and_line(model):
    sarif = json.loads(run("--format", "sarif", f"{model}:Owner"))
    assert_valid_sarif(sarif)
    locations = [r["locations"][0]["physicalLocation"] for r in sarif["runs"][0]["results"]]
    assert {loc["artifactLocation"]["uri"] for loc in locations} == {f"{model}.py"}
    assert {loc["region"]["startLine"] for loc in locations} >= {4, 5, 8, 11}


def test_github_annotations_name_file_and_line(model):
    out = run("--format", "github", f"{model}:Owner")
    assert "%3A" not in out
    assert f"file={model}.py,line=11,col=5," in out
