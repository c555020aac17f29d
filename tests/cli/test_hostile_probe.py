"""Hostile keys and hostile servers for `tierone probe`: key material never leaks, and every
byte a server sends is treated as hostile (escaped, bounded in size, bounded in time).

Each probe runs `tierone probe` against a stand-in on 127.0.0.1 that accepts the control
schema and answers every other probe as the test says (raw bytes: escape sequences, a key
echoed near the cut, a huge body, a body or headers trickled a byte at a time). It runs in
process with typer's runner, or as ``python -m tierone`` with a timeout where a hang is
possible, and asserts: no traceback, the documented exit code, no piece of the key (4
characters in a row, any letter case) in stdout, stderr or any file written.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.loopback import Loopback, Quiet
from tierone.cli import app
from tierone.probe import catalog
from tierone.subset import cells

ROOT = Path(__file__).resolve().parents[2]
#: a key with no 4-character piece in common with anything tierone prints by itself
KEY = "sk-Qz8vX2wK9mL4pR7tY3bN6cH1dF5gJ0xWq"
VARIABLES = ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY", "GOOGLE_API_KEY")
#: a row with one probe whose OpenAI cell is "supported" (so rejections change it under --update)
ROW = "T213"
runner = CliRunner()


def pieces(key: str = KEY) -> set[str]:
    return {key[i : i + 4].lower() for i in range(len(key) - 3)}


def assert_clean(*texts: str, key: str = KEY) -> None:
    """No text holds a traceback or 4 characters in a row of the key, in any letter case."""
    for text in texts:
        assert "Traceback" not in text, text
        folded = text.lower()
        leaked = sorted(p for p in pieces(key) if p in folded)
        assert not leaked, (leaked, text)


# ---- the stand-in ----------------------------------------------------------------------------

Answer = Callable[[BaseHTTPRequestHandler, "StandIn"], None]


def _schema(body: dict) -> object:
    if "text" in body:
        return body["text"]["format"]["schema"]
    if "tools" in body:
        return body["tools"][0]["function"]["parameters"]
    return body["response_format"]["json_schema"]["schema"]


class StandIn(Loopback):
    """OpenAI on loopback: the control is accepted, every other probe gets ``answer``."""

    def __init__(self, answer: Answer, tls: tuple[Path, Path] | None = None) -> None:
        self.answer = answer
        self.requests = 0
        self.keys_seen: set[str] = set()
        self.written: list[int] = []  # bytes of each hostile answer the client took
        self.stop = threading.Event()
        stand_in = self

        class Handler(Quiet):
            def do_POST(self) -> None:
                body = self.json_body()
                stand_in.requests += 1
                stand_in.keys_seen.add(self.headers.get("authorization", ""))
                self.close_connection = True
                try:
                    if _schema(body) == catalog.CONTROL.schema:
                        data = b'{"id": "x", "choices": []}'
                        self.wfile.write(
                            b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n"
                            b"content-length: %d\r\n\r\n%s" % (len(data), data)
                        )
                    else:
                        stand_in.answer(self, stand_in)
                except OSError:  # the client hung up: that is what some probes want
                    pass

        super().__init__(Handler, tls, poll=0.02)

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        super().__exit__(*exc)


def raw(status: int, body: bytes, content_type: str = "text/plain") -> Answer:
    def answer(handler: BaseHTTPRequestHandler, stand_in: StandIn) -> None:
        handler.wfile.write(
            b"HTTP/1.1 %d Nope\r\ncontent-type: %s\r\ncontent-length: %d\r\n\r\n"
            % (status, content_type.encode(), len(body))
            + body
        )

    return answer


def vendor_error(message: str, status: int = 400) -> Answer:
    return raw(
        status,
        json.dumps({"error": {"message": message, "type": "invalid_request_error"}}).encode(),
        "application/json",
    )


@pytest.fixture(autouse=True)
def environment(monkeypatch, tmp_path) -> Path:
    """The key in OPENAI_API_KEY only, a short deadline, and a copy of the table to --update."""
    for variable in VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.setenv("TIERONE_PROBE_TIMEOUT", "5")
    table = tmp_path / "table.json"
    shutil.copy(cells.PACKAGED, table)
    monkeypatch.setenv(cells.ENVIRONMENT, str(table))
    return table


def probe(*args: str):
    result = runner.invoke(app, ["probe", "--vendor", "openai", "--rows", ROW, *args], catch_exceptions=False)
    assert_clean(result.stdout, result.stderr)
    return result


def error_line(result) -> str:
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("tierone: error: "), lines
    return lines[0]


# ---- keys ------------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [KEY + "\r\n", KEY + "\n", "\r\n" + KEY + "\r\n", f" \t{KEY} ", KEY + "\r"])
def test_a_key_with_surrounding_whitespace_is_stripped(value, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", value)
    with StandIn(vendor_error("no")) as stand_in:
        result = probe("--base-url", stand_in.url)
    assert result.exit_code == 0, result.output
    assert stand_in.keys_seen == {f"Bearer {KEY}"}


@pytest.mark.parametrize(
    "value",
    [
        KEY[:12] + "\x1b" + KEY[12:],
        KEY[:12] + "\r\n" + KEY[12:],
        KEY + "\x7f",
        KEY[:5] + "é" + KEY[5:],
        KEY + "\u200b",
        KEY[:9] + "\x85" + KEY[9:],
        KEY[:20] + "\t" + KEY[20:],
    ],
)
def test_a_key_with_a_control_or_non_ascii_character_is_refused(value, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", value)
    with StandIn(vendor_error("no")) as stand_in:
        result = probe("--base-url", stand_in.url)
    assert result.exit_code == 2, result.output
    line = error_line(result)
    assert "OPENAI_API_KEY" in line
    assert stand_in.requests == 0
    assert_clean(result.stdout, result.stderr, key=value.strip())


def test_a_blank_key_variable_counts_as_unset(monkeypatch):
    monkeypatch.setenv("GEMINI_API_KEY", " \r\n")
    result = runner.invoke(
        app, ["probe", "--vendor", "gemini", "--base-url", "http://127.0.0.1:9/v1"], catch_exceptions=False
    )
    assert result.exit_code == 2
    assert "no API key" in error_line(result)


# ---- a key echoed by the server --------------------------------------------------------------


def _around(offset: int, echo: str, filler: str = "x") -> str:
    """``echo`` starting at character ``offset`` of a longer text."""
    return (filler * offset)[:offset] + echo + filler * 40


ECHOES = {
    # (raw text or the vendor's JSON message, the text)
    **{f"raw-cut-{n}-{k}": ("raw", _around(n - k, KEY)) for n in (300, 500) for k in (4, 6, 8, 12, 20)},
    **{f"message-cut-{k}": ("json", _around(120 - k, KEY, "y ")) for k in (5, 9, 13)},
    "lower-case": ("json", f"invalid key {KEY.lower()} for this schema"),
    "upper-case": ("raw", f"invalid key {KEY.upper()}!"),
    "fragment-in-a-word": ("json", f"see abc{KEY[7:19]}def"),
    "split-by-escapes": ("json", f"key {KEY[:10]}\x1b[0m{KEY[10:]}"),
    "pieces-apart": ("raw", " ".join(KEY[i : i + 5] for i in range(0, len(KEY), 5))),
    "in-a-url": ("json", f"see https://example.com/?key={KEY}&x=1"),
}


@pytest.mark.parametrize("kind, text", ECHOES.values(), ids=ECHOES)
@pytest.mark.parametrize("output", ["text", "json", "update"])
def test_an_echoed_key_never_survives(kind, text, output, environment, tmp_path):
    answer = raw(400, text.encode()) if kind == "raw" else vendor_error(text)
    report = tmp_path / "report.out"
    args = {"text": ("-o", str(report)), "json": ("--format", "json", "-o", str(report)), "update": ("--update",)}[
        output
    ]
    with StandIn(answer) as stand_in:
        result = probe("--base-url", stand_in.url, *args)
    assert result.exit_code == 0, result.output
    written = report.read_text(encoding="utf-8") if report.exists() else ""
    assert_clean(written, environment.read_text(encoding="utf-8"))
    if output == "update":
        assert f"{ROW} openai: supported -> unsupported" in result.stdout
        assert cells.load(environment)[ROW]["openai"].status == "unsupported"
    else:
        assert "[redacted]" in written


# ---- escape sequences ------------------------------------------------------------------------

HOSTILE = "\x1b]0;owned\x07\x1b[2J\x1b[31mred\x1b[0m\r\nnext\x00\x08\x9b1m\u202eevil\u2028 héllo 日本"
#: what may never reach a terminal from a server: C0 (but the report's own newlines), DEL, C1,
#: bidirectional overrides, line separators, lone surrogates
UNSAFE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u2028\u2029\ud800-\udfff]")


@pytest.mark.parametrize("kind", ["raw", "json", "surrogate"])
def test_control_characters_from_a_server_are_escaped(kind, tmp_path):
    if kind == "raw":
        answer = raw(400, HOSTILE.encode())
    elif kind == "json":
        answer = vendor_error(HOSTILE)
    else:  # a lone surrogate, as JSON may carry one
        answer = raw(400, b'{"error": {"message": "half \\ud800 of a pair \\u001b[31m"}}', "application/json")
    report = tmp_path / "report.json"
    with StandIn(answer) as stand_in:
        text = probe("--base-url", stand_in.url)
        as_json = probe("--base-url", stand_in.url, "--format", "json", "-o", str(report))
    assert text.exit_code == 0 and as_json.exit_code == 0, text.output
    assert not UNSAFE.search(text.stdout), ascii(text.stdout)
    assert "\\x1b" in text.stdout
    messages = [p["message"] or "" for p in json.loads(report.read_text(encoding="utf-8"))["probes"]]
    assert not any(UNSAFE.search(m) for m in messages), messages
    if kind != "surrogate":
        assert "héllo 日本" in text.stdout  # ordinary text stays as it is
        assert any("\\x1b]0;owned\\x07" in m for m in messages)


def sent_as_is(data: bytes) -> Answer:
    def answer(handler: BaseHTTPRequestHandler, stand_in: StandIn) -> None:
        handler.wfile.write(data)

    return answer


BROKEN = {  # (what the server sends, the exit code: 0 rejected, 1 inconclusive)
    "nested-json": (raw(400, b"[" * 60_000, "application/json"), 0),
    "huge-number": (raw(400, b'{"error": {"message": ' + b"9" * 60_000 + b"}}", "application/json"), 0),
    "invalid-utf-8": (raw(400, b"\xff\xfe\xc3" + KEY.encode() + b"\xed\xa0\x80\x1b[2J"), 0),
    "status-line-echoing-the-key": (sent_as_is(b"HTTP/1.1 4x0 " + KEY.lower().encode() + b"\x1b[31m\r\n\r\n"), 1),
    "bad-content-length": (sent_as_is(b"HTTP/1.1 400 No\r\ncontent-length: " + KEY.encode() + b"\r\n\r\n"), 1),
    "closed-mid-body": (sent_as_is(b"HTTP/1.1 400 No\r\ncontent-length: 1000\r\n\r\n" + KEY.upper().encode()), 1),
}


@pytest.mark.parametrize("answer, code", BROKEN.values(), ids=BROKEN)
def test_a_broken_answer_is_a_result_never_a_crash(answer, code, tmp_path):
    report = tmp_path / "report.json"
    with StandIn(answer) as stand_in:
        result = probe("--base-url", stand_in.url)
        as_json = probe("--base-url", stand_in.url, "--format", "json", "-o", str(report))
    assert result.exit_code == code and as_json.exit_code == code, result.output
    assert not UNSAFE.search(result.stdout), ascii(result.stdout)
    assert_clean(report.read_text(encoding="utf-8"))
    probes = json.loads(report.read_text(encoding="utf-8"))["probes"]
    assert all(len(p["message"] or "") < 700 for p in probes)


# ---- size and time ---------------------------------------------------------------------------

HUGE = 48 * 1024 * 1024


def _huge(handler: BaseHTTPRequestHandler, stand_in: StandIn) -> None:
    handler.wfile.write(b"HTTP/1.1 400 Nope\r\ncontent-type: text/plain\r\ncontent-length: %d\r\n\r\n" % HUGE)
    chunk, sent = b"x" * 65536, 0
    try:
        while sent < HUGE and not stand_in.stop.is_set():
            handler.wfile.write(chunk)
            sent += len(chunk)
    finally:
        stand_in.written.append(sent)


def test_a_huge_body_is_read_only_up_to_the_cap():
    from tierone.probe import runner as probe_runner

    with StandIn(_huge) as stand_in:
        result = probe("--base-url", stand_in.url, "--format", "json")
        for _ in range(100):  # the stand-in's writes fail once the client has hung up
            if len(stand_in.written) == 3:
                break
            time.sleep(0.05)
    assert result.exit_code == 0, result.output
    assert len(stand_in.written) == 3 and max(stand_in.written) < HUGE // 3, stand_in.written
    messages = [p["message"] for p in json.loads(result.stdout)["probes"] if p["status"] == "rejected"]
    assert len(messages) == 3
    assert all(f"{probe_runner.MAX_BODY:,} bytes" in m for m in messages), messages


def _trickle(what: str) -> Answer:
    """Headers at once and the body a byte at a time, or the status line a byte at a time:
    each byte comes well within any per-read timeout (at most 80 bytes, 20 s)."""

    def answer(handler: BaseHTTPRequestHandler, stand_in: StandIn) -> None:
        slow = b"HTTP/1.1 400 Nope\r\ncontent-length: 100\r\n\r\n"
        if what == "body":
            handler.wfile.write(slow)
            slow = b"y" * 100
        for byte in slow[:80]:
            if stand_in.stop.wait(0.25):
                return
            handler.wfile.write(bytes([byte]))

    return answer


def _certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 (its own authority) and its key."""
    import datetime
    import ipaddress

    x509 = pytest.importorskip("cryptography.x509")
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(x509.oid.NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    identifier = x509.SubjectKeyIdentifier.from_public_key(key.public_key())
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(hours=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), True)
        .add_extension(x509.KeyUsage(True, False, False, False, False, True, False, False, False), True)
        .add_extension(identifier, False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_subject_key_identifier(identifier), False)
        .sign(key, hashes.SHA256())
    )
    cert, private = folder / "cert.pem", folder / "key.pem"
    cert.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    private.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    return cert, private


def _process(*args: str, timeout: float, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if "proxy" not in k.lower() and k not in VARIABLES}
    return subprocess.run(
        [sys.executable, "-m", "tierone", "probe", *args],
        capture_output=True,
        text=True,
        env={**clean, "OPENAI_API_KEY": KEY, **env},
        cwd=ROOT,
        timeout=timeout,
        check=False,
    )


@pytest.mark.parametrize(
    "what, tls", [("body", False), ("headers", False), ("headers", True)], ids=["body", "headers", "headers-over-tls"]
)
def test_a_trickling_server_is_cut_off_at_the_deadline(what, tls, tmp_path):
    cert = _certificate(tmp_path) if tls else None
    env = {"TIERONE_PROBE_TIMEOUT": "1", **({"SSL_CERT_FILE": str(cert[0])} if cert else {})}
    with StandIn(_trickle(what), cert) as stand_in:
        started = time.monotonic()
        try:
            done = _process(
                "--vendor", "openai", "--rows", ROW, "--base-url", stand_in.url, "--format", "json", timeout=15, **env
            )
        except subprocess.TimeoutExpired:
            pytest.fail("tierone probe was still reading the trickle after 15 s (deadline 1 s)")
        elapsed = time.monotonic() - started
    assert_clean(done.stdout, done.stderr)
    assert done.returncode == 1, done.stderr
    assert elapsed < 8, elapsed  # 1 s per request, 3 at once, and the interpreter's start
    timed_out = [p for p in json.loads(done.stdout)["probes"] if p["status"] == "inconclusive"]
    assert len(timed_out) == 3 and all("timed out" in p["message"] for p in timed_out), timed_out


@pytest.mark.parametrize("value", ["nan", "-1", "inf", "-inf", "0", "abc", "1e999", "601", "0x10", "1,5"])
def test_a_bad_timeout_is_one_line_and_exit_2(value, monkeypatch):
    monkeypatch.setenv("TIERONE_PROBE_TIMEOUT", value)
    with StandIn(vendor_error("no")) as stand_in:
        result = probe("--base-url", stand_in.url)
    assert result.exit_code == 2, result.output
    assert "TIERONE_PROBE_TIMEOUT" in error_line(result)
    assert stand_in.requests == 0


# ---- the documentation -----------------------------------------------------------------------


def test_the_security_doc_states_the_code_s_figures():
    from tierone.probe import keys
    from tierone.probe import runner as probe_runner

    text = (ROOT / "docs" / "security.md").read_text(encoding="utf-8")
    heading = "## What `tierone probe` does with keys and server text"
    assert heading in text
    section = text.split(heading, 1)[1].split("\n## ", 1)[0]
    figures = {
        f"{probe_runner.MAX_BODY:,} bytes": "the body cap",
        f"{probe_runner.MAX_BODY // 1024} KiB": "the body cap in KiB",
        f"{probe_runner.TIMEOUT:g} s": "the default deadline",
        f"{probe_runner.MAX_TIMEOUT:g} s": "the largest deadline",
        f"{keys.KEY_PIECE} characters": "the piece of a key never shown",
        f"{probe_runner.MESSAGE_CHARS:,} characters": "the cut of a message",
        keys.REDACTED: "the marker",
    }
    missing = [what for figure, what in figures.items() if figure not in section]
    assert not missing, missing
    assert "TIERONE_PROBE_TIMEOUT" in section
