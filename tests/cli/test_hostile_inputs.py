"""Hostile inputs (issue 11, items 2, 3 and 6): secrets never in a message, duplicate keys
refused alike in JSON and YAML, lone surrogates refused where documents are loaded, documents
that are not schemas never "clean" nor "strict", and model imports that exit or raise.

Each probe runs a command (in process with typer's runner, or as ``python -m tierone`` where
the process itself matters: interpreter exits, strict output encodings) and asserts: no
traceback, the documented exit code, no secret in stdout or stderr, no input changed, the
other inputs still reported.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import tierone
from tierone.cli import app
from tierone.core.errors import InputError

#: distinctive secret values: none of them may ever appear in what tierone prints
FIRST = "sk-FIRSTsecretVALUE-1111"
SECOND = "sk-SECONDsecretVALUE-2222"
SECRETS = (FIRST, SECOND)
CLEAN = '{"type": "object", "properties": {}, "required": [], "additionalProperties": false}\n'

runner = CliRunner()


class Ran:
    """What a command did: its exit code and both streams."""

    def __init__(self, code: int, stdout: str, stderr: str) -> None:
        self.code, self.stdout, self.stderr = code, stdout, stderr
        self.output = stdout + stderr

    def check(self, code: int) -> Ran:
        assert "Traceback" not in self.output, self.output
        assert self.code == code, (self.code, self.output)
        for secret in SECRETS:
            assert secret not in self.output, self.output
            assert secret[3:15] not in self.output, self.output  # nor a telling piece of one
        return self


def cli(*args: str) -> Ran:
    result = runner.invoke(app, [str(a) for a in args], catch_exceptions=False)
    return Ran(result.exit_code, result.stdout, result.stderr)


def process(*args: str, cwd: Path | None = None) -> Ran:
    """``python -m tierone`` with a strict UTF-8 output encoding (as under a UTF-8 locale)."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict", "NO_COLOR": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "tierone", *map(str, args)],
        capture_output=True,
        cwd=cwd,
        env=env,
        timeout=120,
        check=False,
    )
    return Ran(done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace"))


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def error_lines(ran: Ran) -> list[str]:
    return [line for line in ran.stderr.splitlines() if ": error: " in line]


# --- secrets files (`envelopes redact --secrets`) ---------------------------------------------

PAYLOAD = json.dumps({"reasoning": f"the key is {FIRST}; also {SECOND}", "answer": "fine"})

#: (name, file name, content, what the one error line must say)
BAD_SECRETS = [
    ("yaml-duplicate-id", "s.yaml", f"api: {FIRST}\napi: {SECOND}\n", 'duplicate key "api" (lines 1 and 2)'),
    ("yaml-flow-duplicate-id", "s.yaml", f"{{api: {FIRST}, api: {SECOND}}}\n", 'duplicate key "api"'),
    ("yaml-undefined-alias", "s.yaml", f"api: *{FIRST}\n", "undefined alias"),
    ("yaml-alias-in-merge", "s.yaml", f"api: x\n<<: *{SECOND}\n", "undefined alias"),
    ("yaml-bad-timestamp", "s.yaml", f"api: !!timestamp {FIRST}\n", "invalid YAML"),
    ("yaml-bad-int", "s.yaml", f"api: !!int {FIRST}\n", "invalid YAML"),
    ("yaml-undefined-tag-handle", "s.yaml", f"api: !{FIRST}!x y\n", "undefined tag handle"),
    (
        "json-duplicate-id",
        "s.json",
        f'{{"api": "{FIRST}",\n "api": "{SECOND}"}}\n',
        'duplicate key "api" (lines 1 and 2)',
    ),
    (
        "json-list-duplicate-id",
        "s.json",
        f'[{{"id": "api", "value": "{FIRST}"}},\n {{"id": "api", "value": "{SECOND}"}}]\n',
        "duplicate secret id 'api' (lines 1 and 2)",
    ),
    (
        "yaml-list-duplicate-id",
        "s.yaml",
        f"- id: api\n  value: {FIRST}\n- {{id: api, value: {SECOND}}}\n",
        "duplicate secret id 'api' (lines 1 and 3)",
    ),
    ("json-id-not-a-string", "s.json", f'[{{"id": {{"k": "{FIRST}"}}, "value": "{SECOND}"}}]\n', "id must be a string"),
    ("yaml-lone-surrogate", "s.yaml", f'api: "{FIRST}\\udc00"\n', "lone surrogate \\udc00"),
]


@pytest.mark.parametrize(
    ("filename", "content", "expected"), [b[1:] for b in BAD_SECRETS], ids=[b[0] for b in BAD_SECRETS]
)
def test_a_bad_secrets_file_is_refused_without_its_values(tmp_path, filename, content, expected):
    secrets = write(tmp_path / filename, content)
    payload = write(tmp_path / "payload.json", PAYLOAD)
    before = snapshot(tmp_path)
    ran = cli("envelopes", "redact", payload, "--secrets", secrets).check(2)
    assert ran.stdout == ""  # nothing half redacted
    assert any(expected in line for line in error_lines(ran)) or expected in ran.stderr, ran.stderr
    assert snapshot(tmp_path) == before


def test_a_reused_anchor_in_a_secrets_file_is_not_quoted_in_a_warning(tmp_path):
    """ruamel warns of a reused anchor by quoting the lines around it."""
    secrets = write(tmp_path / "s.yaml", f"api: &tok {FIRST}\nother: &tok {SECOND}\n")
    payload = write(tmp_path / "payload.json", PAYLOAD)
    ran = process("envelopes", "redact", payload, "--secrets", secrets).check(0)
    assert json.loads(ran.stdout)["reasoning"] == "the key is [REDACTED:api]; also [REDACTED:other]"


def test_credential_references_are_reported_redacted_at_redacted_pointers(tmp_path):
    secrets = write(tmp_path / "s.json", json.dumps({"api": FIRST, "tok": SECOND}))
    payload = write(
        tmp_path / "payload.json",
        json.dumps(
            {
                "reasoning": f"use secret:tenant:{FIRST}:v1 here",
                FIRST: {"note": "secret:tenant:db:v2"},
                "cut": f"secret:t:n:v{SECOND}",
            }
        ),
    )
    before = snapshot(tmp_path)
    ran = cli("envelopes", "redact", payload, "--secrets", secrets).check(0)
    assert "credential reference secret:tenant:[REDACTED:api]:v1 at [/reasoning]" in ran.stderr
    assert "credential reference secret:tenant:db:v2 at [/[REDACTED:api]/note]" in ran.stderr
    assert "credential reference secret:t:n:v[REDACTED:tok] at [/cut]" in ran.stderr
    assert snapshot(tmp_path) == before


def test_the_python_api_reports_references_redacted_and_refuses_duplicate_ids():
    from tierone.envelopes import redact, secrets_from

    result = redact({"a": f"secret:s:{FIRST}:v1", FIRST: "secret:s:n:v"}, {"api": FIRST})
    assert result.references == (("/a", "secret:s:[REDACTED:api]:v1"), ("/[REDACTED:api]", "secret:s:n:v"))
    with pytest.raises(ValueError, match="duplicate id 'api'") as caught:
        secrets_from([("api", FIRST), ("api", SECOND)])
    assert FIRST not in str(caught.value) and SECOND not in str(caught.value)


# --- host configurations and YAML payloads ----------------------------------------------------

HOST = "universal: strict\nlimits: {clarificationRounds: 1, schemaRounds: 1, envelopesPerTurn: 1}\n"


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (f"{HOST}compliance: {FIRST}\ncompliance: {SECOND}\n", 'duplicate key "compliance" (lines 3 and 4)'),
        (f"{HOST}protocolVersion: *{FIRST}\n", "undefined alias"),
    ],
    ids=["duplicate-key", "undefined-alias"],
)
def test_a_bad_host_config_is_refused_without_its_values(tmp_path, content, expected):
    config = write(tmp_path / "host.yaml", content)
    ran = cli("capabilities", "generate", "-c", config, "-o", tmp_path / "out.json").check(2)
    assert expected in ran.stderr
    assert not (tmp_path / "out.json").exists()


def test_yaml_schema_errors_name_keys_and_places_never_values(tmp_path):
    bad = write(tmp_path / "a.schema.yaml", f"type: object\ndescription: {FIRST}\ndescription: {SECOND}\n")
    write(tmp_path / "b.schema.json", CLEAN)
    ran = cli("lint", "--isolated", tmp_path).check(2)
    assert error_lines(ran) == [
        f'{bad}:3:1: error: duplicate key "description" (lines 2 and 3): the document is ambiguous'
    ]
    assert "1 input could not be checked" in ran.stdout and "2 files" not in ran.stdout


# --- duplicate keys in JSON -------------------------------------------------------------------

#: a clean schema whose strings hold colons and a ``\u003a`` escape, nested past 255 levels
#: (the depth orjson writes): no false duplicate
TRICKY = json.dumps(
    {
        "type": "object",
        "description": "a: b \\u003a c",
        "properties": {},
        "required": [],
        "additionalProperties": False,
        "$comment": "x" * 3,
        "examples": [[[["k:v"]]]],
    }
).replace("\\\\u003a", "\\u003a")
DEEP_CLEAN = (
    '{"type": "object", "properties": {}, "required": [], "additionalProperties": false, "examples": '
    + "[" * 300
    + '"a:b"'
    + "]" * 300
    + "}"
)

DUPLICATES = [
    (
        "nested",
        '{\n  "type": "object",\n  "properties": {\n    "a": {"type": "string",\n          "type": "integer"}\n  }\n}\n',
        'duplicate key "type" (lines 4 and 5): the document is ambiguous',
        (5, 11),
    ),
    (
        "one-line",
        '{"type": "object", "title": "x", "type": "array"}',
        'duplicate key "type" (line 1, columns 2 and 34): the document is ambiguous',
        (1, 34),
    ),
    ("escaped-name", '{"type": "object",\n"\\u0074ype": "array"}', 'duplicate key "type" (lines 1 and 2)', (2, 1)),
    ("colon-escape-hides-the-count", '{"a": "\\u003a", "a": 1, "type": "object"}', 'duplicate key "a"', (1, 17)),
    ("deep", "[" * 300 + '{"x": 1, "x": 2}' + "]" * 300, 'duplicate key "x"', (1, 310)),
]


@pytest.mark.parametrize(("text", "expected", "place"), [d[1:] for d in DUPLICATES], ids=[d[0] for d in DUPLICATES])
def test_a_duplicate_json_member_is_an_input_error_naming_both_places(tmp_path, text, expected, place):
    bad = write(tmp_path / "bad.schema.json", text)
    write(tmp_path / "tricky.schema.json", TRICKY)
    write(tmp_path / "deep.schema.json", DEEP_CLEAN)
    ran = cli("lint", "--isolated", tmp_path).check(2)
    lines = error_lines(ran)
    assert len(lines) == 1 and lines[0].startswith(f"{bad}:{place[0]}:{place[1]}: error: ") and expected in lines[0], (
        lines
    )
    assert "1 input could not be checked" in ran.stdout and "Found" not in ran.stdout  # the other two are clean


def test_rewrite_and_restore_refuse_a_duplicate_member_and_change_nothing(tmp_path):
    schema = write(
        tmp_path / "s.schema.json", '{"type": "object", "properties": {"a": {"type": "string"}},\n "type": "array"}\n'
    )
    other = write(tmp_path / "t.schema.json", '{"type": "object", "properties": {"b": {"type": "string"}}}\n')
    before = snapshot(tmp_path)
    ran = cli("rewrite", "--in-place", schema, other).check(2)
    assert 'duplicate key "type" (lines 1 and 2)' in ran.stderr
    assert schema.read_bytes() == before[str(schema)] and other.read_bytes() != before[str(other)]  # the other one done
    good = write(tmp_path / "good.json", '{"type": "object", "properties": {"a": {"type": "string"}}}')
    payload = write(tmp_path / "payload.json", '{"a": "x", "a": "y"}')
    assert 'duplicate key "a"' in cli("restore", "--schema", good, payload).check(2).stderr


def test_loading_refuses_a_duplicate_json_member_with_both_lines():
    from tierone.core.loading import load_json

    with pytest.raises(InputError) as caught:
        load_json(b'{"a": 1,\n\n "a": 2}', "x.json")
    assert (caught.value.line, caught.value.column) == (3, 2)
    assert caught.value.message == 'duplicate key "a" (lines 1 and 3): the document is ambiguous'


def test_yaml_keys_that_read_as_one_member_name_are_a_duplicate():
    from tierone.core.yaml_text import load_yaml

    with pytest.raises(InputError, match=r'duplicate key "1" \(lines 1 and 2\)'):
        load_yaml(b'1: a\n"1": b\n', "x.yaml")


# --- lone surrogates --------------------------------------------------------------------------

SURROGATE_YAML = 'type: object\nproperties:\n  "\\udc00x": {type: string}\ndescription: "ok \\udc00"\n'


@pytest.mark.parametrize("output_format", ["text", "json", "sarif", "github"])
def test_a_lone_surrogate_is_an_input_error_in_every_reporter(tmp_path, output_format):
    write(tmp_path / "bad.schema.yaml", SURROGATE_YAML)
    write(tmp_path / "open.schema.json", '{"type": "object", "properties": {}}\n')
    ran = process("lint", "--isolated", "--format", output_format, ".", cwd=tmp_path).check(2)
    shown = ran.stderr if output_format == "text" else ran.stdout
    assert "lone surrogate \\udc00 in a string: not valid Unicode text" in shown.replace("\\\\", "\\")
    assert (
        "bad.schema.yaml:3:3: error" in shown
        or '"line": 3' in shown
        or "line=3,col=3" in shown
        or '"startLine": 3' in shown
    )
    assert "open.schema.json" in ran.stdout and "T102" in ran.stdout  # the other file is still reported


def test_a_json_surrogate_escape_is_named(tmp_path):
    bad = write(tmp_path / "bad.schema.json", '{"type": "object",\n "title": "x\\uDC00"}')
    ran = cli("lint", "--isolated", bad).check(2)
    assert error_lines(ran) == [f"{bad}:2:13: error: lone surrogate \\udc00 in a string: not valid Unicode text"]


@pytest.mark.parametrize("command", ["restore", "redact"])
def test_restore_and_redact_refuse_a_payload_with_a_lone_surrogate(tmp_path, command):
    payload = write(tmp_path / "payload.yaml", f'a: "\\udc00{FIRST}"\n')
    schema = write(tmp_path / "s.json", '{"type": "object", "properties": {"a": {"type": "string"}}}')
    secrets = write(tmp_path / "secrets.json", json.dumps({"api": FIRST}))
    args = (
        ("restore", "--schema", schema, payload)
        if command == "restore"
        else ("envelopes", "redact", payload, "--secrets", secrets)
    )
    ran = process(*args).check(2)
    assert "payload.yaml:1:1: error: lone surrogate \\udc00 in a string" in ran.stderr and ran.stdout == ""


def test_a_file_name_that_is_not_utf8_is_reported_in_every_format(tmp_path):
    folder = os.fsencode(tmp_path)
    with open(os.path.join(folder, b"\xff.schema.json"), "w", encoding="utf-8") as handle:
        handle.write('{"type": "object", "properties": {}}')
    for output_format in ("text", "json", "sarif", "github"):
        ran = process("lint", "--isolated", "--format", output_format, ".", cwd=tmp_path).check(1)
        assert "\\udcff.schema.json" in ran.output or "%FF.schema.json" in ran.output, ran.output


def test_the_python_api_refuses_data_with_a_lone_surrogate():
    result = tierone.lint({"type": "object", "properties": {"\udc00": {"type": "string"}}})
    assert result.error is not None and "lone surrogate \\udc00" in result.error.message and not result.ok


# --- documents that are not schemas -----------------------------------------------------------

#: each document that is not a schema, and how the error names what it is
NOT_SCHEMAS = {
    "string": ('"x"', "a string"),
    "array": ("[]", "an array"),
    "number": ("5", "a number"),
    "null": ("null", "null"),
}


@pytest.mark.parametrize("kind", list(NOT_SCHEMAS))
def test_a_served_file_that_is_not_a_schema_never_gets_strict(tmp_path, kind):
    (tmp_path / "s").mkdir()
    text, shown = NOT_SCHEMAS[kind]
    served = write(tmp_path / "s" / "vendor.x.thing.schema.json", text)
    config = write(tmp_path / "host.yaml", f"{HOST}compliance: strict\nservedKinds: [vendor.x.thing]\nschemas: [s]\n")
    ran = cli("capabilities", "generate", "-c", config).check(2)
    assert error_lines(ran) == [
        f"{served}: error: not a JSON Schema: the document is {shown}, not an object or a boolean"
    ]
    assert "strict" not in ran.stdout


@pytest.mark.parametrize("value", [["x"], 5, None, 1.5, b"x.json"], ids=["array", "number", "null", "float", "bytes"])
def test_lint_data_that_is_not_a_schema_is_an_input_error(value):
    result = tierone.lint(value)  # type: ignore[arg-type]
    assert not result.ok and result.error is not None and "not a JSON Schema" in result.error.message


def test_lint_a_str_is_a_path_or_a_model_never_clean(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    missing = tierone.lint("some text")
    assert not missing.ok and missing.error is not None and missing.error.message == "no such file"
    text = tierone.lint('{"type": "object"}')
    assert text.error is not None and "parse it first" in text.error.message
    write(tmp_path / "hostile_models.py", "import pydantic\nclass M(pydantic.BaseModel):\n    x: int\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("hostile_models", None)
    model = tierone.lint("hostile_models:M")
    assert model.error is None and model.format == "model" and {d.code for d in model.diagnostics} == {"T102"}
    not_a_model = tierone.lint("os:path")
    assert not_a_model.error is not None and "not a pydantic model" in not_a_model.error.message


# --- `module:Model` whose import or schema exits or raises ------------------------------------

MODULES = {
    "exits": "import sys\nsys.exit()\n",
    "exits-with-text": "import sys\nsys.exit('leaving')\n",
    "generator-exit": "raise GeneratorExit('odd')\n",
    "base-exception": "class Odd(BaseException):\n    pass\nraise Odd('very odd')\n",
    "schema-exits": "import pydantic\nclass M(pydantic.BaseModel):\n    @classmethod\n"
    "    def model_json_schema(cls, *args, **kwargs):\n        raise SystemExit(0)\n",
    "getattr-exits": "import sys\ndef __getattr__(name):\n    sys.exit(0)\n",
}


@pytest.mark.parametrize("name", list(MODULES))
def test_a_model_that_exits_or_raises_is_an_input_error_and_the_rest_is_linted(tmp_path, name):
    module = "hostile_" + name.replace("-", "_")
    write(tmp_path / f"{module}.py", MODULES[name])
    write(tmp_path / "open.schema.json", '{"type": "object", "properties": {}}\n')
    ran = process("lint", "--isolated", f"{module}:M", "open.schema.json", cwd=tmp_path).check(2)
    lines = error_lines(ran)
    assert len(lines) == 1 and lines[0].startswith(f"{module}:M: error: "), ran.output
    assert "open.schema.json:1:1: T102" in ran.stdout


def test_the_python_api_turns_a_model_exit_into_an_input_error(tmp_path, monkeypatch):
    write(tmp_path / "hostile_api_exit.py", "import sys\nsys.exit(0)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    result = tierone.lint("hostile_api_exit:M")
    assert result.error is not None and "sys.exit(0)" in result.error.message
