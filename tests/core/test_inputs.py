"""The one input loader (``tierone.core.inputs``) and the I/O moved under it: standard input is
handed over by the caller, never read by the library; output files are written by core."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from tierone.core import inputs
from tierone.core.errors import InputError
from tierone.linter.api import lint_paths
from tierone.linter.config import Config

GOOD = {"type": "object", "properties": {}, "additionalProperties": False}
OPEN = {"type": "object"}


def _never() -> bytes:
    raise AssertionError("standard input was read although no input is `-`")


def test_a_path_a_dash_and_data_each_load(tmp_path: Path):
    path = tmp_path / "s.schema.json"
    path.write_text(json.dumps(GOOD))
    assert inputs.load_input(str(path), stdin=_never).data == GOOD
    assert inputs.load_input(path).path == str(path)
    given = inputs.load_input("-", stdin=json.dumps(OPEN).encode())
    assert (given.path, given.data, given.format) == ("-", OPEN, "json")
    assert inputs.load_input(GOOD).format == "data"


def test_stdin_is_read_only_when_a_dash_is_loaded_and_each_time():
    calls = []

    def read() -> bytes:
        calls.append(1)
        return b"type: object\n"

    source = inputs.load_input("-", stdin=read, stdin_filename="piped.yaml")
    assert (source.path, source.format, source.data) == ("piped.yaml", "yaml", OPEN)
    inputs.load_input("-", stdin=read)
    assert len(calls) == 2


def test_a_dash_without_stdin_is_an_input_error_not_a_read():
    with pytest.raises(InputError, match="standard input was not given") as raised:
        inputs.load_input("-", stdin_filename="shown.json")
    assert raised.value.path == "shown.json"


def test_a_reader_problem_is_reported_under_the_input_name():
    def closed() -> bytes:
        raise InputError("-", "standard input is closed")

    with pytest.raises(InputError) as raised:
        inputs.load_input("-", stdin=closed, stdin_filename="s.yaml")
    assert str(raised.value) == "s.yaml: error: standard input is closed"


def test_stdin_format_overrides_the_content_guess():
    with pytest.raises(InputError, match="invalid JSON"):
        inputs.load_input("-", stdin=b"type: object\n", stdin_format="json")


def test_models_only_when_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tier_one_models.py").write_text(
        "class Model:\n    @staticmethod\n    def model_json_schema():\n        return {'type': 'object'}\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    assert inputs.load_input("tier_one_models:Model", models=True).format == "model"
    with pytest.raises(InputError, match="no such file"):
        inputs.load_input("tier_one_models:Model")
    sys.modules.pop("tier_one_models", None)


def test_a_dash_is_a_file_name_where_there_is_no_stdin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "-").write_text(json.dumps(GOOD))
    assert inputs.load_input("-", dash=False).data == GOOD


def test_expand_inputs_keeps_dash_and_files_and_expands_directories(tmp_path: Path):
    (tmp_path / "a.schema.json").write_text("{}")
    (tmp_path / "notes.txt").write_text("")
    named = list(inputs.expand_inputs(["-", "x.json", str(tmp_path)], ("*.schema.json",), ()))
    assert named == ["-", "x.json", os.path.join(str(tmp_path), "a.schema.json")]


def test_lint_paths_takes_stdin_from_its_caller(tmp_path: Path):
    report = lint_paths(["-"], config=Config(), stdin=json.dumps(OPEN).encode())
    assert [d.code for d in report.results[0].diagnostics] == ["T102"]
    report = lint_paths(["-"], config=Config(), stdin=lambda: b"type: object\n", stdin_filename="p.yaml")
    assert report.results[0].path == "p.yaml" and report.results[0].diagnostics


def test_lint_paths_without_stdin_reports_the_dash_and_goes_on(tmp_path: Path):
    path = tmp_path / "ok.schema.json"
    path.write_text(json.dumps(GOOD))
    report = lint_paths(["-", str(path)], config=Config())
    error, ok = report.results
    assert error.error is not None and "standard input was not given" in error.error.message
    assert ok.ok and report.exit_code == 2


def test_lint_paths_never_reads_stdin_for_files(tmp_path: Path):
    path = tmp_path / "ok.schema.json"
    path.write_text(json.dumps(GOOD))
    assert lint_paths([str(path)], config=Config(), stdin=_never).exit_code == 0


def test_core_writes_files_and_prints_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    from tierone.core.files import read_output, write_output

    target = tmp_path / "out.json"
    write_output(target, "{}\n")
    assert read_output(str(target)) == "{}\n"
    with pytest.raises(InputError, match="cannot write"):
        write_output(tmp_path / "missing" / "out.json", "{}\n")
    assert capsys.readouterr() == ("", "")


def test_the_profile_help_follows_the_profiles(monkeypatch: pytest.MonkeyPatch):
    from tierone.cli.options import profile_help
    from tierone.subset import profiles

    monkeypatch.setattr(profiles, "PROFILES", {"alpha": None, "beta": None, "gamma": None})
    monkeypatch.setattr(profiles, "DEFAULT_PROFILE", "beta")
    assert profile_help.__wrapped__() == "alpha, beta (default) or gamma."


def test_the_envelope_kinds_live_below_the_linter():
    import tierone.envelopes
    from tierone.subset import kinds

    assert tierone.envelopes.needs_reasoning is kinds.needs_reasoning
    assert tierone.envelopes.LOW_REASONING_KINDS is kinds.LOW_REASONING_KINDS
    assert not kinds.needs_reasoning("vendor.acme.status.progress")


def test_the_version_lives_in_core():
    import tierone
    from tierone.core.version import __version__

    assert tierone.__version__ == __version__
