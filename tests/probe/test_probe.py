"""`tierone probe` against loopback stand-ins of the three vendors' APIs.

Each stand-in is a small HTTP server on 127.0.0.1 (port 0, in a thread) that answers like
the vendor: a success body, or the vendor's own 400 error body with a message, per a
table the test sets (keyed by request path and probe id). Nothing reaches beyond loopback.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tests.loopback import Loopback, Quiet
from tierone.cli import app
from tierone.probe import catalog
from tierone.probe.keys import KEY_PIECE, REDACTED, escape, redact
from tierone.subset import cells
from tierone.subset.conditions import regex_subset
from tierone.vendors import VENDORS

#: a fake key with no 4-character piece in common with the probe's own words (a run of text that
#: shares 4 characters in a row with the key is redacted)
KEY = "sk-Tq7Zx9Wv2Kp8Lm4Rb6Nc3Hd5Fg1Jy0Ue"
ENV_VARS = {"openai": "OPENAI_API_KEY", "anthropic": "ANTHROPIC_API_KEY", "gemini": "GEMINI_API_KEY"}
runner = CliRunner()


# ---- the stand-ins ---------------------------------------------------------------------------


def _schema_of(vendor: str, path: str, body: dict) -> tuple[str, object]:
    """Which API path a request is on, and the schema it carries (as the vendor reads it)."""
    if vendor == "openai":
        if path.endswith("/responses"):
            return "responses.text.format", body["text"]["format"]["schema"]
        if "tools" in body:
            return "chat.tools", body["tools"][0]["function"]["parameters"]
        return "chat.response_format", body["response_format"]["json_schema"]["schema"]
    if vendor == "anthropic":
        if "tools" in body:
            return "messages.tools", body["tools"][0]["input_schema"]
        return "messages.output_config", body["output_config"]["format"]["schema"]
    config = body["generationConfig"]
    if "responseJsonSchema" in config:
        return "generateContent.responseJsonSchema", config["responseJsonSchema"]
    return "generateContent.responseSchema", config["responseSchema"]


def _ids(vendor: str) -> dict[tuple[str, str], str]:
    """(api, schema as canonical JSON) -> probe id, for every probe the vendor can be sent."""
    found = {}
    for api in VENDORS[vendor].apis:
        for probe in (*catalog.PROBES, catalog.CONTROL):  # the control wins a tie
            found[(api.name, json.dumps(api.adapt(probe.schema), sort_keys=True))] = probe.id
    return found


def _error_body(vendor: str, status: int, message: str) -> dict:
    if vendor == "openai":
        return {
            "error": {"message": message, "type": "invalid_request_error", "param": "response_format", "code": None}
        }
    if vendor == "anthropic":
        return {"type": "error", "error": {"type": "invalid_request_error", "message": message}}
    return {"error": {"code": status, "message": message, "status": "INVALID_ARGUMENT"}}


def _success_body(vendor: str) -> dict:
    if vendor == "openai":
        return {
            "id": "x",
            "object": "chat.completion",
            "choices": [{"index": 0, "finish_reason": "length", "message": {"role": "assistant", "content": "{"}}],
        }
    if vendor == "anthropic":
        return {
            "id": "msg_x",
            "type": "message",
            "role": "assistant",
            "content": [{"type": "text", "text": "{"}],
            "stop_reason": "max_tokens",
        }
    return {"candidates": [{"content": {"role": "model", "parts": [{"text": "{"}]}, "finishReason": "MAX_TOKENS"}]}


#: The probe's deadline in these tests, and how long a "slow" verdict waits: long enough that a
#: loaded CI machine (every core running tests) answers every other request in time.
DEADLINE = 2.0
SLOW_ANSWER = 3 * DEADLINE


class StandIn(Loopback):
    """A vendor's API on loopback. ``verdicts[(api, probe_id)]`` is "accept" (the default),
    "reject", "429", "500" or "slow" (answers after the client's timeout)."""

    def __init__(self, vendor: str, verdicts: dict[tuple[str, str], str] | None = None) -> None:
        self.vendor = vendor
        self.verdicts = dict(verdicts or {})
        self.requests: list[tuple[str, str]] = []
        self.keys_seen: set[str] = set()
        ids = _ids(vendor)
        stand_in = self

        class Handler(Quiet):
            def do_POST(self) -> None:
                body = self.json_body()
                for header in ("authorization", "x-api-key", "x-goog-api-key"):
                    if self.headers.get(header):
                        stand_in.keys_seen.add(self.headers[header])
                api, schema = _schema_of(vendor, self.path, body)
                probe = ids[(api, json.dumps(schema, sort_keys=True))]
                stand_in.requests.append((api, probe))
                verdict = stand_in.verdicts.get((api, probe), "accept")
                if verdict == "slow":
                    time.sleep(SLOW_ANSWER)
                if verdict in ("accept", "slow"):
                    return self._answer(200, _success_body(vendor))
                status = {"reject": 400, "429": 429, "500": 500}[verdict]
                # vendors echo keys in some messages; the probe must never pass one on
                return self._answer(status, _error_body(vendor, status, stand_in.message(api, probe, status)))

            def _answer(self, status: int, payload: dict) -> None:
                data = json.dumps(payload).encode()
                try:
                    self.send_response(status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        super().__init__(Handler)

    @staticmethod
    def message(api: str, probe: str, status: int) -> str:
        return f"{probe} refused on {api} (HTTP {status}) for key {KEY}"


@pytest.fixture
def table(tmp_path, monkeypatch) -> Path:
    """A copy of the packaged data file that --update may write (TIERONE_TABLE names it)."""
    copy = tmp_path / "table.json"
    shutil.copy(cells.PACKAGED, copy)
    monkeypatch.setenv(cells.ENVIRONMENT, str(copy))
    return copy


@pytest.fixture(autouse=True)
def keys(monkeypatch):
    for variable in (*ENV_VARS.values(), "GOOGLE_API_KEY"):
        monkeypatch.setenv(variable, KEY)
    monkeypatch.setenv("TIERONE_PROBE_TIMEOUT", str(DEADLINE))


def probe(*args: str):
    result = runner.invoke(app, ["probe", *args], catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


def assert_no_key(*texts: str) -> None:
    """No text holds 4 characters in a row of the key, in any letter case."""
    for text in texts:
        assert not [KEY[i : i + 4] for i in range(len(KEY) - 3) if KEY[i : i + 4].lower() in text.lower()], text


# ---- the report ------------------------------------------------------------------------------


def _verdicts_for(vendor: str) -> dict[tuple[str, str], str]:
    """A vendor truth that differs by path and by probe: each API rejects a different set."""
    verdicts = {}
    for index, api in enumerate(VENDORS[vendor].apis):
        for position, probe in enumerate(catalog.PROBES):
            if (position + index) % 3 == 0:
                verdicts[(api.name, probe.id)] = "reject"
    return verdicts


@pytest.mark.parametrize("vendor", sorted(VENDORS))
def test_report_matches_the_stand_in_row_for_row(vendor, tmp_path):
    verdicts = _verdicts_for(vendor)
    report_path = tmp_path / "report.json"
    with StandIn(vendor, verdicts) as stand_in:
        result = probe("--vendor", vendor, "--base-url", stand_in.url, "--format", "json", "-o", str(report_path))
    assert result.exit_code == 0, result.output
    report = json.loads(report_path.read_text())
    assert (report["vendor"], report["model"], report["date"]) == (
        vendor,
        VENDORS[vendor].default_model,
        date.today().isoformat(),
    )
    expected = [
        (api.name, p)
        for api in VENDORS[vendor].apis
        for p in (catalog.CONTROL, *catalog.PROBES)
        if p is catalog.CONTROL or api.adapt(p.schema) != api.adapt(catalog.CONTROL.schema)
    ]
    if vendor == "gemini":  # responseSchema has no additionalProperties: T102's probe is the control
        assert ("generateContent.responseSchema", catalog.BY_ID["open-object"]) not in expected
    assert [(e["api"], e["probe"]) for e in report["probes"]] == [(api, p.id) for api, p in expected]
    assert sorted(stand_in.requests) == sorted((api, p.id) for api, p in expected)
    for entry, (api, probe_) in zip(report["probes"], expected):
        assert set(entry) == {"row", "probe", "api", "schema", "status", "message"}
        assert entry["row"] == probe_.row
        assert entry["schema"] == VENDORS[vendor].apis[[a.name for a in VENDORS[vendor].apis].index(api)].adapt(
            probe_.schema
        )
        if verdicts.get((api, probe_.id)) == "reject":
            assert entry["status"] == "rejected"
            assert entry["message"] == StandIn.message(api, probe_.id, 400).replace(KEY, "[redacted]")
        else:
            assert (entry["status"], entry["message"]) == ("accepted", None)
    assert_no_key(result.stdout, result.stderr, report_path.read_text())
    assert "requests to" in result.stderr and "$" in result.stderr  # the estimate, before sending


def test_text_report_and_rows(tmp_path):
    with StandIn("anthropic", {("messages.tools", "pattern-lookahead"): "reject"}) as stand_in:
        result = probe("--vendor", "anthropic", "--base-url", stand_in.url, "--rows", "T302,T307")
    assert result.exit_code == 0, result.output
    rows = {line.split()[0] for line in result.stdout.splitlines()[1:-1]}
    assert rows == {"control", "T302", "T307"}
    line = next(li for li in result.stdout.splitlines() if "pattern-lookahead" in li and "messages.tools" in li)
    assert line.split()[3] == "rejected" and "pattern-lookahead refused on messages.tools" in line
    assert len(stand_in.requests) == 2 * (1 + 7 + 3)
    assert_no_key(result.stdout, result.stderr)


# ---- redaction and escapes (what every server and exception text goes through) ---------------

#: characters whose case folding is ASCII (Kelvin sign, long s, sharp s, dotted I, the ff ligature)
ODD_FOLDS = "\u212a\u017f\u00df\u0130\ufb00\u1e9e"
FILLER = st.lists(
    st.one_of(st.characters(), st.sampled_from([*ODD_FOLDS, "[redacted]", "ed]", " ", "\x1b", "-"])), max_size=12
).map("".join)


@st.composite
def key_and_text(draw: st.DrawFn) -> tuple[str, str]:
    """A key (printable ASCII, 8 to 80 characters) and a text that embeds it, or pieces of it,
    in any letter case, cut anywhere, next to anything."""
    key = draw(st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E), min_size=8, max_size=80))
    parts = []
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["filler", "key", "piece"]))
        if kind == "filler":
            parts.append(draw(FILLER))
            continue
        start = 0 if kind == "key" else draw(st.integers(0, len(key) - 1))
        end = len(key) if kind == "key" else draw(st.integers(start + 1, len(key)))
        flips = draw(st.lists(st.booleans(), min_size=end - start, max_size=end - start))
        parts.append("".join(c.swapcase() if flip else c for c, flip in zip(key[start:end], flips)))
    return key, "".join(parts)


@settings(max_examples=400, deadline=None)
@given(key_and_text(), st.sampled_from([None, 1, 5, 17, 300]))
def test_redact_keeps_no_four_characters_of_the_key(case, limit):
    key, text = case
    out = redact(text, key, limit)
    pieces = {key[i : i + KEY_PIECE].lower() for i in range(len(key) - KEY_PIECE + 1)}
    for folded in (out.lower(), out.casefold()):
        assert not [piece for piece in pieces if piece in folded], (key, text, out)
    assert escape(out) == out  # nothing left to escape
    assert limit is None or len(out) <= limit + 1  # the cut, and its ellipsis


def test_redact_keeps_ordinary_text_and_marks_what_it_removes():
    said = "Invalid schema for response_format 'probe': 'oneOf' is not permitted; see héllo 日本."
    assert redact(said, KEY) == said
    assert redact(f"bad key {KEY}, and {KEY[3:9].upper()}.", KEY) == f"bad key {REDACTED}, and {REDACTED}."
    assert redact(f"key={KEY}&x=1", KEY) == f"key={REDACTED}&x=1"
    assert redact("an sk-abcdefghijklmnop or AIza" + "x" * 30, KEY) == f"an {REDACTED} or {REDACTED}"
    assert redact("x" * 50 + KEY[:6], KEY, limit=20) == REDACTED  # redacted before the cut
    assert redact("y " * 40, KEY, limit=9) == "y y y y y\u2026"
    assert REDACTED not in redact("a [redacted] b", "xx[redacted]yy")  # a key like the marker


@pytest.mark.parametrize(
    "text, shown",
    [
        ("\x1b]0;owned\x07\x1b[31mred", "\\x1b]0;owned\\x07\\x1b[31mred"),
        ("a\r\nb\tc\x00\x7f\x9b", "a\\r\\nb\\tc\\x00\\x7f\\x9b"),
        ("\u202eevil\u2066\u2028\ufeff", "\\u202eevil\\u2066\\u2028\\ufeff"),
        ("half \ud800 \U000e0001", "half \\ud800 \\U000e0001"),
        ("héllo 日本 — “ok” \u00a0 emoji \U0001f600", "héllo 日本 — “ok” \u00a0 emoji \U0001f600"),
    ],
)
def test_escape_writes_what_a_terminal_acts_on_as_escapes(text, shown):
    assert escape(text) == shown


# ---- --dry-run, keys, options ----------------------------------------------------------------


@pytest.mark.parametrize("vendor", sorted(VENDORS))
def test_dry_run_sends_nothing(vendor):
    with StandIn(vendor) as stand_in:
        result = probe("--vendor", vendor, "--base-url", stand_in.url, "--dry-run", "--rows", "T302")
        json_result = probe("--vendor", vendor, "--base-url", stand_in.url, "--dry-run", "--format", "json")
    assert result.exit_code == 0 and json_result.exit_code == 0, result.output
    assert stand_in.requests == []
    assert f"POST {stand_in.url}" in result.stdout
    requests = json.loads(json_result.stdout)
    assert len(requests) == len(VENDORS[vendor].apis) * (1 + len(catalog.PROBES)) - (vendor == "gemini")
    assert all(r["url"].startswith(stand_in.url) for r in requests)
    assert_no_key(result.stdout, result.stderr, json_result.stdout, json_result.stderr)
    assert ENV_VARS[vendor] in result.stdout  # the variable's name stands in for the key


def test_the_key_is_sent_but_never_shown(tmp_path):
    report = tmp_path / "r.txt"
    verdicts = {("chat.tools", "one-of"): "reject", ("chat.tools", "not"): "429"}
    with StandIn("openai", verdicts) as stand_in:
        result = probe("--vendor", "openai", "--base-url", stand_in.url, "--rows", "T201,T203", "-o", str(report))
    assert stand_in.keys_seen == {f"Bearer {KEY}"}
    assert result.exit_code == 1  # the 429
    text = report.read_text()
    assert "[redacted]" in text
    assert_no_key(result.stdout, result.stderr, text)


def test_no_key_is_exit_2(monkeypatch):
    monkeypatch.delenv("GEMINI_API_KEY")
    monkeypatch.delenv("GOOGLE_API_KEY")
    with StandIn("gemini") as stand_in:
        result = probe("--vendor", "gemini", "--base-url", stand_in.url)
    assert result.exit_code == 2
    assert "GEMINI_API_KEY or GOOGLE_API_KEY" in result.stderr
    assert stand_in.requests == []


def test_google_api_key_is_used_when_gemini_api_key_is_not_set(monkeypatch):
    monkeypatch.delenv("GEMINI_API_KEY")
    with StandIn("gemini") as stand_in:
        result = probe("--vendor", "gemini", "--base-url", stand_in.url, "--rows", "T213")
    assert result.exit_code == 0, result.output
    assert stand_in.keys_seen == {KEY}


def test_no_network_is_exit_2():
    with StandIn("openai") as stand_in:
        url = stand_in.url
    result = probe("--vendor", "openai", "--base-url", url, "--rows", "T201")  # the port is closed now
    assert result.exit_code == 2
    estimate, error = result.stderr.splitlines()
    assert estimate.startswith("tierone: probe: 6 requests") and error.startswith("tierone: error: could not reach")
    assert_no_key(result.stdout, result.stderr)


@pytest.mark.parametrize(
    "args", [("--rows", "T999"), ("--rows", "T401"), ("--base-url", "ftp://x"), ("--dry-run", "--update")]
)
def test_bad_options_are_exit_2(args):
    result = probe("--vendor", "openai", *args)
    assert result.exit_code == 2
    assert result.stderr.startswith("tierone: error:")


def test_without_httpx_says_how_to_install(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "httpx", None)
    result = probe("--vendor", "openai", "--base-url", "http://127.0.0.1:9/v1")
    assert result.exit_code == 2
    assert "pip install 'tierone[probe]'" in result.stderr


def test_a_rejected_control_makes_that_path_inconclusive():
    verdicts = {("messages.output_config", "control"): "reject", ("messages.output_config", "one-of"): "reject"}
    with StandIn("anthropic", verdicts) as stand_in:
        result = probe("--vendor", "anthropic", "--base-url", stand_in.url, "--rows", "T201", "--format", "json")
    assert result.exit_code == 1
    probes = {(p["api"], p["probe"]): p for p in json.loads(result.stdout)["probes"]}
    assert probes[("messages.output_config", "control")]["status"] == "rejected"
    assert probes[("messages.output_config", "one-of")]["status"] == "inconclusive"
    assert probes[("messages.tools", "one-of")]["status"] == "accepted"


# ---- --update --------------------------------------------------------------------------------


def _anthropic_truth(changed: bool = True) -> dict[tuple[str, str], str]:
    """Anthropic as the table describes it, except (when ``changed``) that it now accepts
    string lengths and no longer the `uri` format (so exactly T301 and T303 differ)."""
    anthropic = cells.load(cells.PACKAGED)
    verdicts = {}
    for api in VENDORS["anthropic"].apis:
        for probe_ in catalog.for_rows(["T202", "T301", "T302", "T303", "T307"]):
            cell = anthropic[probe_.row]["anthropic"]
            if probe_.row == "T302":
                accepted = regex_subset(probe_.schema["properties"]["value"]["pattern"]) is None
            elif probe_.row == "T202":
                accepted = probe_.id == "all-of"
            elif probe_.row == "T301":
                accepted = changed
            elif probe_.row == "T303":
                accepted = probe_.value in cell.allowed and not (changed and probe_.value == "uri")
            else:
                accepted = probe_.value in cell.allowed
            if not accepted:
                verdicts[(api.name, probe_.id)] = "reject"
    return verdicts


def _changed(before: cells.Cells, after: cells.Cells) -> set[tuple[str, str]]:
    return {
        (code, source)
        for code, row in after.items()
        for source, cell in row.items()
        if (cell.status, cell.allowed) != (before[code][source].status, before[code][source].allowed)
    }


def test_update_changes_exactly_the_cells_that_differ(table):
    before = cells.load(table)
    with StandIn("anthropic", _anthropic_truth()) as stand_in:
        result = probe(
            "--vendor", "anthropic", "--base-url", stand_in.url, "--rows", "T202,T301,T302,T303,T307", "--update"
        )
    assert result.exit_code == 0, result.output
    after = cells.load(table)
    assert _changed(before, after) == {("T301", "anthropic"), ("T303", "anthropic")}
    assert after["T301"]["anthropic"].status == "supported"
    assert after["T303"]["anthropic"].allowed == before["T303"]["anthropic"].allowed - {"uri"}
    assert after["T303"]["anthropic"].status == "partial"
    today = date.today().isoformat()
    for code in ("T202", "T301", "T302", "T303", "T307"):  # every probed cell carries the evidence
        cell = after[code]["anthropic"]
        assert (cell.verified, cell.method, cell.model) == (today, "probe", VENDORS["anthropic"].default_model)
    assert after["T302"]["anthropic"].condition == "regex-subset"  # an unchanged cell keeps its check
    assert after["T302"]["anthropic"].note == before["T302"]["anthropic"].note
    for code, row in before.items():  # nothing else moved
        for source, cell in row.items():
            if source != "anthropic" or code not in ("T202", "T301", "T302", "T303", "T307"):
                assert after[code][source] == cell
    changed_lines = [line for line in result.stdout.splitlines() if " -> " in line]
    assert [line.split(":")[0] for line in changed_lines] == ["T301 anthropic", "T303 anthropic"]
    assert cells.dump(after, cells.comment(table)) == table.read_text()  # the file's own format


def test_update_with_nothing_different_changes_no_cell(table):
    before = cells.load(table)
    with StandIn("anthropic", _anthropic_truth(changed=False)) as stand_in:
        result = probe("--vendor", "anthropic", "--base-url", stand_in.url, "--rows", "T301,T303,T307", "--update")
    assert result.exit_code == 0, result.output
    assert _changed(before, cells.load(table)) == set()
    assert "no cell changed" in result.stdout


def test_rate_limits_server_errors_and_timeouts_are_inconclusive_and_never_flip_a_cell(table):
    before = cells.load(table)
    truth = _anthropic_truth()  # would flip T301 and T303 ...
    truth[("messages.tools", "min-length")] = "429"  # ... but for these
    truth[("messages.output_config", "format-uri")] = "500"
    truth[("messages.tools", "pattern-simple")] = "slow"
    with StandIn("anthropic", truth) as stand_in:
        result = probe(
            "--vendor",
            "anthropic",
            "--base-url",
            stand_in.url,
            "--rows",
            "T301,T302,T303,T307",
            "--update",
            "--format",
            "json",
            "-o",
            str(table.parent / "r.json"),
        )
    assert result.exit_code == 1, result.output
    report = json.loads((table.parent / "r.json").read_text())
    status = {(p["api"], p["probe"]): p for p in report["probes"]}
    for key, word in (
        (("messages.tools", "min-length"), "HTTP 429"),
        (("messages.output_config", "format-uri"), "HTTP 500"),
        (("messages.tools", "pattern-simple"), "timed out"),
    ):
        assert status[key]["status"] == "inconclusive" and word in status[key]["message"]
    after = cells.load(table)
    for code in ("T301", "T302", "T303"):  # untouched: not even the date
        assert after[code]["anthropic"] == before[code]["anthropic"]
    assert after["T307"]["anthropic"].method == "probe"  # the conclusive row was refreshed
    assert _changed(before, after) == set()
    assert_no_key(result.stdout, result.stderr, (table.parent / "r.json").read_text())


# ---- the table as data -----------------------------------------------------------------------


def test_the_packaged_table_is_in_the_format_update_writes():
    assert cells.dump(cells.load(cells.PACKAGED), cells.comment(cells.PACKAGED)) == cells.PACKAGED.read_text()


def test_a_prescribed_cell_wins_for_the_profiles_of_its_source():
    """RFC 0030 §D prescribes the type list (T216's openwop cell): tier1 keeps it although the
    anthropic column has a reservation; the profiles without the RFC's column follow Anthropic's."""
    from tierone.subset.profiles import policies

    assert cells.load(cells.PACKAGED)["T216"]["openwop"].prescribed
    flagged = {
        name: any(p.feature.code == "T216" for p in policies(name)) for name in ("tier1", "vendors", "anthropic")
    }
    assert flagged == {"tier1": False, "vendors": True, "anthropic": True}


def test_every_cell_says_how_it_was_verified():
    for row in cells.load(cells.PACKAGED).values():
        for cell in row.values():
            assert cell.method in ("docs", "probe") and cell.verified


@pytest.mark.parametrize(
    "text, error",
    [
        ("[]", "must be a JSON object"),
        ('{"T101": {"openai": {"status": "maybe"}}}', "status must be one of"),
        ('{"T101": {"nobody": {"status": "supported"}}}', "one object per source"),
        ('{"T101": {"openai": {"status": "partial", "condition": "psychic"}}}', "condition must be one of"),
        ('{"T101": {"openai": {"status": "partial", "prescribed": true}}}', "true only on a supported cell"),
        ('{"T101": {"openai": {"status": "supported", "prescribed": "yes"}}}', "prescribed must be true or false"),
        ("{", "not valid JSON"),
        ('{"T101": {"openai": {"status": "supported"}}}', "T101 has no cell for anthropic, gemini, openwop"),
    ],
)
def test_a_broken_table_is_one_clear_error(tmp_path, text, error):
    path = tmp_path / "table.json"
    path.write_text(text)
    with pytest.raises(cells.TableError, match=error):
        cells.load(path)


def test_every_rule_holds_a_cell_per_column_and_a_missing_one_is_an_error(tmp_path, monkeypatch):
    """A missing cell is never read as "supported": the packaged file holds every cell but a
    derived column's shared ones, and a file without a rule's row is refused on import."""
    import json
    import subprocess
    import sys

    from tierone.subset.model import DERIVED, SOURCES
    from tierone.subset.table import FEATURES

    for feature in FEATURES:
        assert set(feature.support) >= set(SOURCES) - set(DERIVED), feature.code
    with pytest.raises(LookupError, match="T101 has no cell for openai"):
        FEATURES[0]._replace(support={}).cell("openai")
    document = json.loads(cells.PACKAGED.read_text(encoding="utf-8"))
    del document["T801"]
    path = tmp_path / "table.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    ran = subprocess.run(
        [sys.executable, "-c", "import tierone.subset.table"],
        check=False,
        capture_output=True,
        text=True,
        env={**os.environ, cells.ENVIRONMENT: str(path)},
    )
    assert ran.returncode != 0 and "no cells for T801" in ran.stderr


@pytest.mark.parametrize("content", ['{"T101": 5', '{"T101": {"openai": {"status": "maybe"}}}'])
def test_a_broken_table_file_is_one_line_and_exit_2(tmp_path, content):
    import os
    import subprocess
    import sys

    broken = tmp_path / "table.json"
    broken.write_text(content, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "tierone", "lint", "-"],
        check=False,
        input=b"{}",
        capture_output=True,
        env={**os.environ, cells.ENVIRONMENT: str(broken)},
        timeout=60,
    )
    assert result.returncode == 2
    assert b"Traceback" not in result.stderr
    lines = result.stderr.decode().strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"tierone: error: {broken}"), lines
