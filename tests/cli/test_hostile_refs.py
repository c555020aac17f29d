"""Hostile probes for the read side (issue 11, items 1, 6, 7 and 9): a schema's references are
never fetched, verdicts are judged on their merits (deep payloads, NaN, catastrophic patterns,
a non-string ``$schema``), and the capabilities checker accepts RFC 0030 §D's strict form.

Every probe runs the real program in a subprocess with a time limit (a FIFO that is opened, or
a pattern that backtracks, would hang it) and asserts: no traceback, the documented exit
code, one line on stderr when it cannot run, no request made, no referenced file read.
"""

from __future__ import annotations

import http.server
import json
import os
import shutil
import subprocess
import sys
import threading
from importlib import resources
from pathlib import Path
from typing import ClassVar

import pytest

from tests.conftest import ROOT

ENVELOPES = Path(str(resources.files("tierone.envelopes").joinpath("schemas")))
UNIVERSAL = ("clarification.request", "schema.request", "schema.response", "error")
#: what the referenced resources hold: it must never show up anywhere
MARKER = "TIERONE-REFERENCED-CONTENT-5c1e"


def tierone(*args: str, stdin: str | None = None, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """The real CLI, as a user runs it; a hang fails the probe."""
    return subprocess.run(
        [sys.executable, "-m", "tierone", *args],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=timeout,
        cwd=ROOT,
        check=False,
    )


def python(code: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout, cwd=ROOT, check=False
    )


def refused(result: subprocess.CompletedProcess[str], *fragments: str) -> None:
    """Exit 2, one line on stderr holding ``fragments``, no traceback, nothing referenced shown."""
    assert "Traceback" not in result.stderr + result.stdout
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])
    assert MARKER not in result.stdout + result.stderr


class Counter(http.server.BaseHTTPRequestHandler):
    requests: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        type(self).requests.append(self.path)
        body = json.dumps({"type": "integer", "description": MARKER}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/schema+json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def server():
    """A loopback HTTP server that counts the requests it gets."""
    handler = type("Counting", (Counter,), {"requests": []})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield httpd, handler.requests
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(params=["http", "file", "fifo"])
def target(request, server, tmp_path):
    """A reference target: a URL on the loopback server, a file:// URI of a regular file, or
    of a FIFO (reading it would block until a writer comes: a hang)."""
    httpd, requests = server
    if request.param == "http":
        return f"http://127.0.0.1:{httpd.server_address[1]}/x.schema.json", requests
    path = tmp_path / "referenced.schema.json"
    if request.param == "fifo":
        os.mkfifo(path)
    else:
        path.write_text(json.dumps({"type": "integer", "description": MARKER}))
    return path.as_uri(), requests


#: where a reference stands, and the pointer the error must name
SITES = {
    "properties": (lambda t: {"type": "object", "properties": {"a": {"$ref": t}}}, "/properties/a"),
    "defs": (
        lambda t: {"type": "object", "$defs": {"x": {"$ref": t}}, "properties": {"a": {"$ref": "#/$defs/x"}}},
        "/$defs/x",
    ),
    "anyOf": (lambda t: {"anyOf": [{"type": "integer"}, {"$ref": t}]}, "/anyOf/1"),
    "dynamicRef": (lambda t: {"type": "object", "properties": {"a": {"$dynamicRef": t}}}, "/properties/a"),
    "recursiveRef": (
        lambda t: {
            "$schema": "https://json-schema.org/draft/2019-09/schema",
            "type": "object",
            "properties": {"a": {"$recursiveRef": t}},
        },
        "/properties/a",
    ),
}


@pytest.mark.parametrize("site", sorted(SITES))
class TestNoFetch:
    def test_restore_cli(self, site, target, tmp_path):
        uri, requests = target
        build, pointer = SITES[site]
        schema = tmp_path / "s.json"
        schema.write_text(json.dumps(build(uri)))
        payload = tmp_path / "p.json"
        payload.write_text('{"a": "text"}')
        result = tierone("restore", "--schema", str(schema), str(payload))
        refused(
            result,
            f"{schema}: error:",
            "the original schema's reference",
            f"at [{pointer}]",
            "is not in this document; tierone never fetches references",
        )
        assert requests == []

    def test_python_api(self, site, target):
        uri, requests = target
        build, pointer = SITES[site]
        code = (
            f"import tierone\nfrom tierone.core.validation import ReferenceNotHere\n"
            f"try:\n    tierone.restore({{'a': 'text'}}, {build(uri)!r})\n"
            f"except ReferenceNotHere as e:\n    print(e.pointer, '|', e)\nelse:\n    print('judged')"
        )
        result = python(code)
        assert "Traceback" not in result.stderr and MARKER not in result.stdout
        assert result.stdout.startswith(f"{pointer} | the original schema's reference {uri!r} at [{pointer}]")
        assert requests == []

    def test_capabilities_check(self, site, target, tmp_path):
        uri, requests = target
        build, pointer = SITES[site]
        folder = tmp_path / "served"
        folder.mkdir()
        for kind in UNIVERSAL:
            shutil.copy(ENVELOPES / f"{kind}.schema.json", folder)
        served = folder / "clarification.request.schema.json"
        canonical = json.loads(served.read_text())
        remote = build(uri)
        served.write_text(
            json.dumps(
                {
                    **canonical,
                    **{k: v for k, v in remote.items() if k != "type"},
                    "properties": {**canonical["properties"], **remote.get("properties", {})},
                }
            )
        )
        document = tmp_path / "caps.json"
        document.write_text(json.dumps(_document("warn")))
        result = tierone("capabilities", "check", str(document), "--schemas", str(folder))
        refused(
            result,
            f"{served}: error: clarification.request: the schema's reference",
            f"at [{pointer}]",
            "tierone never fetches references",
        )
        assert requests == []


def _document(compliance: str) -> dict:
    path = ROOT / "examples" / "host" / "capabilities.json"
    document = json.loads(path.read_text())
    document["supportedEnvelopes"] = list(UNIVERSAL)
    document["schemaVersions"] = {k: v for k, v in document["schemaVersions"].items() if k in UNIVERSAL}
    document["envelopes"]["tierOneSubsetCompliance"] = compliance
    return document


def _nested(depth: int, leaf: object = None) -> dict:
    value: object = {} if leaf is None else {"child": leaf}
    for _ in range(depth - 1):
        value = {"child": value}
    return value  # type: ignore[return-value]


def _nested_schema(depth: int) -> dict:
    schema: dict = {"type": "object"}
    for _ in range(depth):
        schema = {"type": "object", "properties": {"child": schema}}
    return schema


class TestDeepVerdicts:
    """What loading accepts is judged on its merits; past the documented limit, "too deep"."""

    def test_recursive_schema_300_deep_payload_is_valid(self, tmp_path):
        (tmp_path / "s.json").write_text(json.dumps({"properties": {"child": {"$ref": "#"}}}))
        (tmp_path / "p.json").write_text(json.dumps(_nested(300)))
        result = tierone("restore", "--schema", str(tmp_path / "s.json"), str(tmp_path / "p.json"))
        assert result.returncode == 0 and not result.stderr, result.stderr
        assert json.loads(result.stdout) == _nested(300)

    @pytest.fixture(autouse=True)
    def room(self):
        from tierone.core.loading import room_for_depth

        with room_for_depth():  # this test process writes and reads the deep documents too
            yield

    @pytest.mark.parametrize("valid", [True, False], ids=["valid", "invalid-leaf"])
    def test_995_deep_schema_without_refs(self, tmp_path, valid):
        (tmp_path / "s.json").write_text(json.dumps(_nested_schema(497)))  # 995 levels of JSON
        payload = _nested(995) if valid else _nested(497, leaf=5)
        (tmp_path / "p.json").write_text(json.dumps(payload))
        result = tierone("restore", "--schema", str(tmp_path / "s.json"), str(tmp_path / "p.json"))
        assert "Traceback" not in result.stderr and "loop" not in result.stderr
        if valid:
            assert result.returncode == 0 and json.loads(result.stdout) == payload
        else:  # judged on its merits: the leaf at depth 497 is not an object
            assert result.returncode == 1 and "[" + "/child" * 497 + "] 5 is not of type 'object'" in result.stderr

    @pytest.mark.parametrize("valid", [True, False], ids=["valid", "invalid"])
    def test_envelopes_validate_995_deep_payload(self, tmp_path, valid):
        deep: object = []
        for _ in range(993):
            deep = [deep]
        # details must be an object: a 994-deep array there is invalid, and said so
        payload = {"code": "E_DEEP", "message": "deep details", "details": _nested(994) if valid else deep}
        (tmp_path / "p.json").write_text(json.dumps(payload))
        result = tierone("envelopes", "validate", "error", str(tmp_path / "p.json"))
        assert "Traceback" not in result.stderr and "loop" not in result.stderr
        assert result.returncode == (0 if valid else 1), result.stderr
        if not valid:
            assert (
                result.stderr.startswith(f"{tmp_path / 'p.json'}: [/details] [[[[")
                and "is not of type 'object'" in result.stderr
            )

    def test_past_the_evaluation_room_is_too_deep(self, tmp_path):
        # 450 nested anyOf around a recursive reference (900 levels of JSON), and a 990-deep
        # payload: ~1,000,000 levels of evaluation, more than tierone's room: "too deep",
        # never a false loop
        schema: dict = {"type": "object", "properties": {"child": {"$ref": "#"}}}
        for _ in range(450):
            schema = {"anyOf": [schema]}
        (tmp_path / "s.json").write_text(json.dumps(schema))
        (tmp_path / "p.json").write_text(json.dumps(_nested(990)))
        result = tierone("restore", "--schema", str(tmp_path / "s.json"), str(tmp_path / "p.json"))
        refused(
            result,
            f"{tmp_path / 's.json'}: error: too deep: judging this value against the original schema needs more than",
        )

    def test_python_api_past_the_depth_limit(self):
        result = python(
            "import tierone\nfrom tierone.core.validation import TooDeep\nx = {}\n"
            "for _ in range(3000): x = {'child': x}\n"
            "try: tierone.restore(x, {'properties': {'child': {'$ref': '#'}}})\n"
            "except TooDeep as e: print(e)"
        )
        assert "Traceback" not in result.stderr
        assert result.stdout.strip() == "too deep: the payload nests past 2,000 levels"

    @pytest.mark.parametrize(
        "schema",
        [
            {"$ref": "#"},
            {"allOf": [{"$ref": "#"}]},
            {"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"not": {"$ref": "#/$defs/a"}}}, "$ref": "#/$defs/a"},
        ],
        ids=["ref-self", "allOf-self", "ref-not-ref"],
    )
    def test_true_loop_keeps_its_message(self, tmp_path, schema):
        (tmp_path / "s.json").write_text(json.dumps(schema))
        (tmp_path / "p.json").write_text('{"a": 1}')
        result = tierone("restore", "--schema", str(tmp_path / "s.json"), str(tmp_path / "p.json"))
        assert "Traceback" not in result.stderr and result.returncode == 1
        assert "the original schema's references loop without consuming any input" in result.stderr


class TestNotJson:
    @pytest.mark.parametrize(
        "encoded, constant", [("NaN", "NaN"), ("[1, Infinity]", "Infinity"), ('{"x": -Infinity}', "-Infinity")]
    )
    def test_decoded_nan_and_infinity_are_refused_with_the_pointer(self, tmp_path, encoded, constant):
        (tmp_path / "s.json").write_text('{"type": "object", "properties": {"a": {}}}')
        (tmp_path / "p.json").write_text(json.dumps({"a": encoded}))
        for extra in ([], ["--format", "json"]):
            result = tierone("restore", "--schema", str(tmp_path / "s.json"), str(tmp_path / "p.json"), *extra)
            assert "Traceback" not in result.stderr and result.returncode == 1
            json.loads(result.stdout or "null")  # whatever is printed is JSON
            if not extra:
                assert f"[/a] the JSON-encoded value holds {constant}, which is not JSON" in result.stderr
                assert "NaN" not in result.stdout and "Infinity" not in result.stdout

    @pytest.mark.parametrize("value", ["5", "[]", "{}", "true", "null"])
    def test_schema_keyword_that_is_not_a_string(self, tmp_path, value):
        (tmp_path / "s.json").write_text(f'{{"$schema": {value}, "type": "object"}}')
        (tmp_path / "p.json").write_text("{}")
        result = tierone("restore", "--schema", str(tmp_path / "s.json"), str(tmp_path / "p.json"))
        refused(result, f"{tmp_path / 's.json'}: error: the original schema's $schema is {value}, not a string")


HOSTILE = "a" * 40 + "!"
#: (schema, payload, pointer): a catastrophic pattern where the model's output meets it
PATTERNS = {
    "pattern": (
        {"type": "object", "properties": {"name": {"type": "string", "pattern": "%s"}}},
        {"name": HOSTILE},
        "/name",
    ),
    "patternProperties": (
        {"type": "object", "patternProperties": {"%s": {"type": "string"}}},
        {HOSTILE: "x"},
        "/" + HOSTILE,
    ),
    "additionalProperties": (
        {"type": "object", "patternProperties": {"%s": {}}, "additionalProperties": False},
        {HOSTILE: 1},
        "/" + HOSTILE,
    ),
    "unevaluatedProperties": (
        {"type": "object", "patternProperties": {"%s": {}}, "unevaluatedProperties": False},
        {HOSTILE: 1},
        "/" + HOSTILE,
    ),
    "in-anyOf": ({"anyOf": [{"type": "string", "pattern": "%s"}, {"type": "integer"}]}, HOSTILE, ""),
}


def _with(schema: dict, pattern: str) -> dict:
    return json.loads(json.dumps(schema).replace("%s", pattern.replace("\\", "\\\\")))


@pytest.mark.parametrize("where", sorted(PATTERNS))
class TestCatastrophicPatterns:
    """Python's `re` backtracks for hours on these; restore answers in bounded time."""

    def test_nested_quantifier_is_judged_quickly(self, tmp_path, where):
        schema, payload, _ = PATTERNS[where]
        (tmp_path / "s.json").write_text(json.dumps(_with(schema, "^(a+)+$")))
        (tmp_path / "p.json").write_text(json.dumps(payload))
        result = tierone("restore", "--schema", str(tmp_path / "s.json"), str(tmp_path / "p.json"), timeout=30)
        assert "Traceback" not in result.stderr
        assert result.returncode == (0 if where in ("patternProperties",) else 1), result.stderr

    def test_pattern_past_the_time_bound_is_refused_with_the_pointer(self, tmp_path, where):
        schema, payload, pointer = PATTERNS[where]
        (tmp_path / "s.json").write_text(json.dumps(_with(schema, "^(a|a)*$")))
        (tmp_path / "p.json").write_text(json.dumps(payload))
        result = tierone("restore", "--schema", str(tmp_path / "s.json"), str(tmp_path / "p.json"), timeout=30)
        refused(
            result,
            f"{tmp_path / 'p.json'}: error: [{pointer}] pattern '^(a|a)*$' took longer than 1 s on this value; refusing",
        )


class TestReasoningStrictForm:
    """RFC 0030 §D: `reasoning` required and ["string", "null"] satisfies the reasoning shape."""

    WARNING = 'the reference suite asserts reasoning.type === "string" and reasoning not in required'

    @pytest.fixture
    def strict_copies(self, tmp_path):
        folder = tmp_path / "strict"
        shutil.copytree(ENVELOPES / "strict", folder)
        return folder

    @pytest.fixture
    def document(self, tmp_path):
        def write(compliance: str) -> Path:
            path = tmp_path / f"caps-{compliance}.json"
            path.write_text(json.dumps(_document(compliance)))
            return path

        return write

    def test_strict_copies_prove_a_strict_claim_with_a_warning(self, strict_copies, document):
        result = tierone("capabilities", "check", str(document("strict")), "--schemas", str(strict_copies))
        assert "Traceback" not in result.stderr and result.returncode == 0, result.stdout + result.stderr
        assert "envelope-reasoning-shape" in result.stdout and " fail" not in result.stdout
        (warning,) = result.stderr.strip().splitlines()
        assert "warning: envelope-reasoning-shape: clarification.request, schema.request, error" in warning
        assert "RFC 0030 §D" in warning and self.WARNING in warning

    def test_json_format_carries_the_warning(self, strict_copies, document):
        result = tierone(
            "capabilities", "check", str(document("strict")), "--schemas", str(strict_copies), "--format", "json"
        )
        report = json.loads(result.stdout)
        assert result.returncode == 0 and report["valid"] is True
        assert {"valid", "shape", "problems", "scenarios", "warnings"} <= set(report)
        assert len(report["warnings"]) == 1 and self.WARNING in report["warnings"][0]

    def test_reference_literal_keeps_the_literal_reading(self, strict_copies, document):
        result = tierone(
            "capabilities", "check", str(document("strict")), "--schemas", str(strict_copies), "--reference-literal"
        )
        assert "Traceback" not in result.stderr and result.returncode == 1
        assert (
            "envelope-reasoning-shape" in result.stdout
            and "clarification.request: reasoning is not a plain string" in result.stdout
        )
        assert "warning" not in result.stderr

    @pytest.mark.parametrize(
        "args, compliance",
        [
            (["--universal", "canonical"], "warn"),
            (["--universal", "strict"], "strict"),
            (["--schemas", "canonical"], "warn"),
        ],
        ids=["universal-canonical", "universal-strict", "canonical-copies"],
    )
    def test_both_shipped_renditions_pass(self, tmp_path, document, args, compliance):
        if args[0] == "--schemas":
            shutil.copytree(ENVELOPES, tmp_path / "canonical", ignore=shutil.ignore_patterns("strict", "samples.json"))
            args = ["--schemas", str(tmp_path / "canonical")]
        result = tierone("capabilities", "check", str(document(compliance)), *args)
        assert "Traceback" not in result.stderr and result.returncode == 0, result.stdout + result.stderr

    def test_a_reasoning_that_admits_42_still_fails(self, strict_copies, document, tmp_path):
        error = json.loads((strict_copies / "error.schema.json").read_text())
        error["properties"]["reasoning"]["type"] = ["string", "null", "integer"]
        (strict_copies / "error.schema.json").write_text(json.dumps(error))
        result = tierone("capabilities", "check", str(document("strict")), "--schemas", str(strict_copies))
        assert result.returncode == 1 and "error: reasoning is not a plain string" in result.stdout

    def test_python_api(self, strict_copies):
        from tierone import capabilities

        report = capabilities.check(_document("strict"), [strict_copies])
        assert report.ok and len(report.warnings) == 1
        literal = capabilities.check(_document("strict"), [strict_copies], reference_literal=True)
        assert not literal.ok and literal.warnings == ()
