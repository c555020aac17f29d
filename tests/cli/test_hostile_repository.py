"""Files in a repository are untrusted input (issue 24): a rendition marker, a ``fix-output``
template, a suppression list, a configuration file or a capabilities kind must never make
tierone read, print or write what the user never named, crash, or take quadratic time.

Every probe runs the real CLI in process from inside a project folder (``tree/``) with a
sentinel-holding file beside it (``outside/``), and asserts: no traceback, the documented exit
code, the sentinel never printed, nothing written outside what was asked, every input left as
it was.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.cli.test_hostile_files import snapshot
from tierone.cli import app

runner = CliRunner()
SENTINEL = "OUTSIDE-SENTINEL-1"
SECRET = {"type": "object", "title": SENTINEL, "properties": {"k": {"enum": [SENTINEL], "description": SENTINEL}}}
FIXABLE = {"type": "object", "properties": {"a": {"type": "string", "minLength": 2}}}
GOOD = {"type": "object", "properties": {"k": {"type": "string"}}, "required": ["k"], "additionalProperties": False}


def run(*args: str):
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output + result.stderr
    assert SENTINEL not in result.output + result.stderr, "a file outside the project was printed"
    return result


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_text(encoding="utf-8").encode()).hexdigest()[:16]


def marker(source: str, source_digest: str = "0" * 16, profile: str = "tier1") -> str:
    return f"tierone: strict rendition of {source} (profile {profile}, source sha256:{source_digest})"


def write(path: Path, data: object) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.fixture()
def tree(tmp_path, monkeypatch):
    """A project (``tree/``, the working directory) and a secret beside it (``outside/``)."""
    project = tmp_path / "tree"
    (project / ".git").mkdir(parents=True)
    write(tmp_path / "outside" / "c.json", SECRET)
    monkeypatch.chdir(project)
    return project


def rendition(path: Path, source: str, source_digest: str = "0" * 16) -> Path:
    return write(path, {"$comment": marker(json.dumps(source), source_digest), **GOOD})


# --- item 1: a marker never leads outside the project ---------------------------------------


def _secret(tree: Path) -> Path:
    return tree.parent / "outside" / "c.json"


LEADS_OUT = {
    "absolute": lambda tree: str(_secret(tree)),
    "dot-dot": lambda tree: "../outside/c.json",
    "deep-dot-dot": lambda tree: "sub/../../outside/c.json",
    "through-a-link": lambda tree: "link/c.json",
}


@pytest.mark.parametrize("how", LEADS_OUT)
@pytest.mark.parametrize("command", ["check-dir", "check-file", "restore"])
def test_a_marker_that_leads_out_of_the_project_is_not_followed(tree, how, command):
    (tree / "link").symlink_to(tree.parent / "outside")
    (tree / "sub").mkdir()
    named = rendition(tree / "x.schema.json", LEADS_OUT[how](tree), digest(_secret(tree)))
    write(tree / "a.json", {"k": "guess"})
    before = snapshot(tree.parent)
    args = {
        "check-dir": ["rewrite", "--check", "."],
        "check-file": ["rewrite", "--check", named.name],
        "restore": ["restore", "--schema", named.name, "a.json"],
    }[command]
    result = run(*args)
    assert result.exit_code == 2
    assert "x.schema.json: error: its rendition marker" in result.stderr
    assert snapshot(tree.parent) == before


def test_a_symlinked_rendition_is_judged_from_its_own_folder(tree):
    """A rendition that is a link to a file outside: its marker is read against the link's
    folder, so it cannot name what sits beside the link's target."""
    outside = rendition(tree.parent / "outside" / "r.json", "c.json", digest(_secret(tree)))
    (tree / "r.schema.json").symlink_to(outside)
    write(tree / "a.json", {"k": "guess"})
    for args in (["rewrite", "--check", "."], ["restore", "--schema", "r.schema.json", "a.json"]):
        result = run(*args)
        assert result.exit_code == 2 and "does not exist" in result.stderr


def test_a_rendition_of_a_rendition_is_not_a_second_hop(tree):
    write(tree / "inner" / "c.json", {"type": "object", "properties": {"k": {"enum": ["INSIDE"]}}})
    hop = rendition(tree / "hop.json", "inner/c.json", digest(tree / "inner" / "c.json"))
    rendition(tree / "r.json", "hop.json", digest(hop))
    write(tree / "a.json", {"k": "guess"})
    result = run("restore", "--schema", "r.json", "a.json")
    assert result.exit_code == 2
    assert "is itself a strict rendition" in result.stderr
    assert run("restore", "--schema", "hop.json", "a.json").exit_code == 1  # one hop: the source read


def test_a_marker_naming_the_password_file_with_its_digest_is_refused_without_its_text(tree):
    passwd = Path("/etc/passwd")
    if not passwd.is_file():
        pytest.skip("no /etc/passwd here")
    rendition(tree / "p.schema.json", str(passwd), digest(passwd))
    rendition(tree / "q.schema.json", "../" * 20 + "etc/passwd", digest(passwd))
    write(tree / "a.json", {})
    text = passwd.read_text(encoding="utf-8", errors="replace")
    for args in (
        ["restore", "--schema", "p.schema.json", "a.json"],
        ["restore", "--schema", "q.schema.json", "a.json"],
        ["rewrite", "--check", "."],
    ):
        result = run(*args)
        assert result.exit_code == 2
        assert not any(line and line in result.output + result.stderr for line in text.splitlines()[:3])


# --- item 2: a malformed or dangling marker is one line, and the file is still linted ---------

MALFORMED = {
    "bad-escape": '"a\\qb"',
    "bad-unicode": '"\\u12zz"',
    "nul": '"a\\u0000b"',
    "surrogate": '"\\ud800"',
    "unquoted": "a.json",
    "empty": '""',
}


@pytest.mark.parametrize("kind", MALFORMED)
def test_a_malformed_marker_is_one_line_and_the_file_is_still_linted(tree, kind):
    bad = write(tree / "m.schema.json", {"$comment": marker(MALFORMED[kind]), **FIXABLE})
    other = write(tree / "o.schema.json", FIXABLE)
    write(tree / "a.json", {"a": "xy"})
    before = snapshot(tree.parent)
    linted = run("lint", ".")
    assert linted.exit_code == 1
    assert f"{bad.name}:" in linted.stdout and f"{other.name}:" in linted.stdout  # both linted
    assert [line for line in linted.stderr.splitlines() if "m.schema.json: warning: its rendition marker" in line]
    for args in (
        ["rewrite", "--check", "."],
        ["rewrite", "--check", bad.name],
        ["restore", "--schema", bad.name, "a.json"],
    ):
        result = run(*args)
        assert result.exit_code == 2
        assert len([line for line in result.stderr.splitlines() if "m.schema.json: error:" in line]) == 1
    both = run("rewrite", bad.name, other.name)  # rewrite reads it as a schema, and goes on to the other
    assert both.exit_code == 0 and both.stdout.count('"additionalProperties"') == 2
    fixed = run("lint", "--fix", ".")
    assert fixed.exit_code == 1 and (tree / "o.schema.strict.json").is_file()
    assert not (tree / "m.schema.strict.json").exists()  # it says it is a rendition: not fixed again
    assert bad.read_bytes() == before[str(bad)][1]


def test_a_dangling_marker_hides_nothing(tree):
    findings = {
        "type": "object",
        "properties": {
            "a": {"type": "string", "minLength": 1, "maxLength": 3, "pattern": "a"},
            "b": {"oneOf": [{"type": "string"}, {"type": "integer"}]},
        },
    }
    write(tree / "d.schema.json", {"$comment": marker('"gone.schema.json"'), **findings})
    text = run("lint", ".")
    assert text.exit_code == 1 and "All checks passed" not in text.stdout
    assert 'd.schema.json: warning: its rendition marker names "gone.schema.json", which does not exist' in text.stderr
    sarif = json.loads(run("lint", "--format", "sarif", ".").stdout)
    assert len(sarif["runs"][0]["results"]) >= 5


# --- item 3: fix-output writes beside its source, never over an input or through a link -------


def _configure(tree: Path, pattern: str) -> None:
    (tree / "tierone.toml").write_text(f"fix-output = {json.dumps(pattern)}\n", encoding="utf-8")


@pytest.mark.parametrize(
    "pattern",
    [
        "../../../outside/victim.txt{stem:.0}",
        "{stem}/../../../outside/pwned.json",
        "../../../outside/{stem}.json",
        "{stem}{suffix}",
        "{stem:>2000000000}",
        "{stem:{profile}}",
        "{stem!s}.json",
        "/tmp/{stem}.json",
        "{stem}/..",
    ],
)
def test_a_fix_output_that_leaves_the_folder_or_names_the_source_is_refused(tree, pattern):
    write(tree / "a.schema.json", FIXABLE)
    _configure(tree, pattern)
    before = snapshot(tree.parent)
    start = time.perf_counter()
    result = run("lint", "--fix", ".")
    assert result.exit_code == 2 and "fix-output" in result.stderr
    assert time.perf_counter() - start < 10
    assert snapshot(tree.parent) == before


def test_a_fix_output_never_replaces_a_hand_written_file(tree):
    _configure(tree, "{stem}.json")
    write(tree / "b.schema.yaml", FIXABLE)
    hand = write(tree / "b.schema.json", GOOD)
    before = snapshot(tree.parent)
    result = run("lint", "--fix", ".")
    assert result.exit_code == 2
    assert "b.schema.json: error: is not a strict rendition of ./b.schema.yaml" in result.stderr
    assert snapshot(tree.parent) == before and hand.read_text() == json.dumps(GOOD)


def test_lint_fix_never_writes_through_a_committed_symlink(tree):
    write(tree / "a.schema.json", FIXABLE)
    (tree / "a.schema.strict.json").symlink_to(tree.parent / "outside" / "c.json")
    before = snapshot(tree.parent)
    result = run("lint", "--fix", ".")
    assert result.exit_code == 2 and "is a symbolic link" in result.stderr
    assert snapshot(tree.parent) == before


def test_lint_fix_never_writes_into_a_folder_a_link_takes_out(tree):
    _configure(tree, "out/{stem}{suffix}")
    write(tree / "a.schema.json", FIXABLE)
    (tree / "out").symlink_to(tree.parent / "outside")
    before = snapshot(tree.parent)
    result = run("lint", "--fix", ".")
    assert result.exit_code == 2 and "symbolic link" in result.stderr
    assert snapshot(tree.parent) == before


def test_lint_fix_replaces_its_own_stale_rendition(tree):
    source = write(tree / "a.schema.json", FIXABLE)
    assert run("lint", "--fix", ".").exit_code == 0
    write(source, {**FIXABLE, "title": "changed"})
    assert run("lint", "--fix", ".").exit_code == 0
    assert "changed" in (tree / "a.schema.strict.json").read_text()


@pytest.mark.skipif(sys.platform == "darwin", reason="the file system refuses names that are not UTF-8")
def test_a_source_whose_name_is_not_utf8_gets_no_rendition(tree):
    name = os.fsdecode(b"bad\xff.schema.json")
    write(tree / name, FIXABLE)
    result = run("lint", "--fix", ".")
    assert result.exit_code == 2 and "not valid UTF-8" in result.stderr
    assert sorted(os.listdir(tree)) == sorted([".git", name])


def test_the_stem_of_a_model_is_a_file_name(tree, monkeypatch):
    (tree / "nc_models.py").write_text("from pydantic import BaseModel\nclass Invoice(BaseModel):\n    n: int\n")
    monkeypatch.syspath_prepend(str(tree))
    result = run("rewrite", "nc_models:Invoice", "-p", "openai", "-o", "out/{stem}.{profile}.json")
    assert result.exit_code == 0
    assert os.listdir(tree / "out") == ["nc_models.Invoice.openai.json"]


# --- item 4: suppression lists cost linear time -------------------------------------------


@pytest.mark.parametrize("count", [20_000, 40_000])
def test_a_huge_suppression_list_is_one_warning_in_linear_time(tree, count):
    codes = ",".join(f"X{i}" for i in range(count))
    write(tree / "s.schema.json", {"$comment": f"tierone: ignore[{codes}]", "type": "object"})
    start = time.perf_counter()
    result = run("lint", "s.schema.json")
    assert time.perf_counter() - start < 5  # quadratic: 6 s for 20,000 codes, 25 s for 40,000
    warnings = [line for line in result.stdout.splitlines() if " T801 " in line]
    assert len(warnings) == 1 and f"it lists {count:,} codes, more than the" in warnings[0]
    assert len(warnings[0]) < 300


# --- items 5 and 10: configuration files are bounded, and never ignored in silence ------------


def test_a_huge_pyproject_is_refused_naming_it(tree):
    with open(tree / "pyproject.toml", "wb") as handle:  # sparse: 1 GiB on paper, nothing on disk
        handle.seek(1 << 30)
        handle.write(b"\n")
    write(tree / "a.schema.json", GOOD)
    start = time.perf_counter()
    result = run("lint", "a.schema.json")
    assert result.exit_code == 2 and "pyproject.toml: more than the limit of" in result.stderr
    assert time.perf_counter() - start < 5


@pytest.mark.parametrize(
    "content, says",
    [
        (b'[tool.tierone]\nprofile = "\xff"\n', "not valid UTF-8"),
        (b"[tool]\ntierone = 5\n", "[tool.tierone] must be a table"),
        (b"[tool.tierone\n", "invalid TOML"),
    ],
)
def test_a_pyproject_that_cannot_be_read_is_said_so(tree, content, says):
    (tree / "pyproject.toml").write_bytes(content)
    write(tree / "a.schema.json", GOOD)
    for args in (
        ["lint", "a.schema.json"],
        ["rewrite", "a.schema.json"],
        ["restore", "--schema", "a.schema.json", "a.schema.json"],
    ):
        result = run(*args)
        assert result.exit_code == 2 and says in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1


def test_an_empty_config_option_is_refused(tree):
    write(tree / "a.schema.json", GOOD)
    for args in (["lint", "--config", "", "a.schema.json"], ["rewrite", "--config", "", "a.schema.json"]):
        result = run(*args)
        assert result.exit_code == 2 and "--config is empty" in result.stderr


def test_rewrite_check_of_an_empty_folder_says_so(tree):
    (tree / "empty").mkdir()
    result = run("rewrite", "--check", "empty")
    assert result.exit_code == 2 and "empty: warning: no file matches the include patterns" in result.stderr


@pytest.mark.parametrize("template", ["out/{stem", "out/{stem}}", "out/{name}.json", "out/{stem:>9}.json"])
def test_an_output_template_that_is_not_one_is_refused(tree, template):
    write(tree / "a.schema.json", FIXABLE)
    before = snapshot(tree)
    result = run("rewrite", "a.schema.json", "-o", template)
    assert result.exit_code == 2 and "-o" in result.stderr
    assert snapshot(tree) == before


# --- item 8: a capabilities kind is a name, never a path --------------------------------------


def _host(tree: Path, kinds: list[str]) -> Path:
    (tree / "schemas").mkdir(exist_ok=True)
    for kind in ("clarification.request", "schema.request", "schema.response", "error"):
        write(tree / "schemas" / f"{kind}.schema.json", GOOD)
    host = {
        "servedKinds": kinds,
        "schemas": ["schemas"],
        "limits": {"clarificationRounds": 1, "schemaRounds": 1, "envelopesPerTurn": 1},
    }
    return write(tree / "host.json", host)


def _outside_kind(tree: Path) -> str:
    write(tree.parent / "outside" / "k.schema.json", SECRET)
    return str(tree.parent / "outside" / "k")


def test_a_served_kind_that_is_a_path_is_refused(tree):
    host = _host(tree, [_outside_kind(tree)])
    result = run("capabilities", "generate", "-c", host.name)
    assert result.exit_code == 2 and "servedKinds.0" in result.stderr


@pytest.mark.parametrize("kind", ["path", "dot-dot", "huge"])
def test_an_advertised_kind_that_is_a_path_is_never_opened(tree, kind):
    name = {"path": _outside_kind(tree), "dot-dot": "../outside/k", "huge": "x" * 100_000}[kind]
    document = {
        "protocolVersion": "1.1",
        "supportedEnvelopes": ["clarification.request", "schema.request", "schema.response", "error", name],
        "schemaVersions": {},
        "limits": {"clarificationRounds": 1, "schemaRounds": 1, "envelopesPerTurn": 1},
        "envelopes": {"tierOneSubsetCompliance": "strict"},
    }
    write(tree / "caps.json", document)
    _host(tree, [])
    result = run("capabilities", "check", "caps.json", "--schemas", "schemas")
    assert result.exit_code == 1
    assert "is not a kind's name" in result.stdout + result.stderr
    assert max(len(line) for line in (result.stdout + result.stderr).splitlines()) < 400


def test_a_served_schema_linked_out_of_its_folder_is_not_read(tree):
    host = _host(tree, ["vendor.acme.thing"])
    (tree / "schemas" / "vendor.acme.thing.schema.json").symlink_to(tree.parent / "outside" / "c.json")
    result = run("capabilities", "generate", "-c", host.name)
    assert result.exit_code == 2 and "symbolic link out of" in result.stderr
