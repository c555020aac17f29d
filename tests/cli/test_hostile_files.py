"""Hostile files (issue 11, items 4, 5, 6 and 8): non-schema roots in rewrite, FIFOs and devices
read or written, symlinks, read-only targets, write errors, closed or full standard output,
undecodable file names, unreadable or empty directories; then a property test: for arbitrary JSON
documents and arbitrary bytes, every command exits 0, 1 or 2 without a traceback.

Each probe asserts no traceback, the documented exit code, no input changed and the other
inputs still reported. Probes that could hang on a FIFO run the real CLI in a subprocess with a
timeout; the others run in process.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import tierone
from tests.conftest import ROOT
from tierone.cli import app
from tierone.core import source
from tierone.core.errors import InputError

runner = CliRunner()
HOST = ROOT / "examples" / "host" / "host.yaml"
GOOD = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], "additionalProperties": False}
FIXABLE = {"type": "object", "properties": {"a": {"type": "string"}}}
ROOT_USER = hasattr(os, "geteuid") and os.geteuid() == 0
TIMEOUT = 30


def run(*args: str, input: str | bytes | None = None):
    """The CLI in process; an exception other than the exit itself is a traceback."""
    result = runner.invoke(app, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output + result.stderr
    return result


def cli(*args: str, input: bytes | None = None, stdout: int | None = subprocess.PIPE, **kwargs):
    """The real entry point in a subprocess (a hang becomes a failure, not a stuck run)."""
    result = subprocess.run(
        [sys.executable, "-m", "tierone", *args],
        check=False,
        input=input,
        stdout=stdout,
        stderr=subprocess.PIPE,
        timeout=TIMEOUT,
        **kwargs,
    )
    assert b"Traceback" not in result.stderr, result.stderr.decode(errors="replace")
    return result


def write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data) + "\n", encoding="utf-8")
    return path


def snapshot(folder: Path) -> dict[str, tuple[str, bytes | str]]:
    """Every entry under ``folder``: a symlink's target, a FIFO's kind, a file's bytes."""
    shot: dict[str, tuple[str, bytes | str]] = {}
    for path in sorted(folder.rglob("*")):
        if path.is_symlink():
            shot[str(path)] = ("link", os.readlink(path))
        elif path.is_fifo():
            shot[str(path)] = ("fifo", "")
        elif path.is_file():
            shot[str(path)] = ("file", path.read_bytes())
    return shot


# --- item 4: a root that is not a schema -------------------------------------------------------

NOT_SCHEMAS = {"array": [1, 2], "null": None, "number": 42, "string": "PATH"}
REWRITE_MODES = {"stdout": [], "check": ["--check"], "diff": ["--diff"], "in-place": ["--in-place"]}


@pytest.mark.parametrize("mode", REWRITE_MODES)
@pytest.mark.parametrize("kind", NOT_SCHEMAS)
def test_rewrite_refuses_a_root_that_is_not_a_schema_and_goes_on(tmp_path, kind, mode):
    other = write(tmp_path / "other.json", FIXABLE)
    data = str(other) if kind == "string" else NOT_SCHEMAS[kind]  # a string root names a real file
    bad = write(tmp_path / "bad.json", data)
    before = snapshot(tmp_path)
    result = run("rewrite", str(bad), str(other), *REWRITE_MODES[mode])
    assert result.exit_code == 2
    assert f"{bad}: error: not a JSON Schema" in result.stderr
    assert bad.read_bytes() == before[str(bad)][1]
    if mode == "stdout":
        assert json.loads(result.stdout)["additionalProperties"] is False  # the other file was rewritten
    elif mode == "in-place":
        assert json.loads(other.read_text())["additionalProperties"] is False
    else:
        assert str(other) in result.output  # --check / --diff reported the other file
        assert snapshot(tmp_path) == before


@pytest.mark.parametrize("kind", NOT_SCHEMAS)
def test_python_rewrite_refuses_what_is_not_a_schema(tmp_path, kind):
    data = NOT_SCHEMAS[kind]
    if kind == "string":  # a str is a path (issue 16): one whose document is a string naming a real file
        data = str(write(tmp_path / "root.json", str(write(tmp_path / "real.json", FIXABLE))))
    with pytest.raises(InputError, match="not a JSON Schema"):
        tierone.rewrite(data)  # type: ignore[arg-type]


# --- item 5: special files read ----------------------------------------------------------------


def _fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


READ_FIFO = {
    "lint": lambda f, good, secrets: ["lint", str(f), str(good)],
    "lint-fix": lambda f, good, secrets: ["lint", "--fix", str(f.parent)],
    "rewrite": lambda f, good, secrets: ["rewrite", str(f), str(good)],
    "rewrite-check": lambda f, good, secrets: ["rewrite", "--check", str(f), str(good)],
    "restore-payload": lambda f, good, secrets: ["restore", "--schema", str(good), str(f)],
    "restore-schema": lambda f, good, secrets: ["restore", "--schema", str(f), str(good)],
    "redact-secrets": lambda f, good, secrets: ["envelopes", "redact", str(good), "--secrets", str(f)],
    "redact-payload": lambda f, good, secrets: ["envelopes", "redact", str(f), "--secrets", str(secrets)],
    "validate": lambda f, good, secrets: ["envelopes", "validate", "clarification.request", str(f)],
    "capabilities-check": lambda f, good, secrets: ["capabilities", "check", str(f)],
}


@pytest.mark.parametrize("command", READ_FIFO)
def test_a_fifo_is_refused_without_a_blocking_read(tmp_path, command):
    fifo = _fifo(tmp_path / "in.schema.json")
    good = write(tmp_path / "good.schema.json", GOOD)
    secrets = write(tmp_path / "secrets.yaml", {"k": "sk-not-a-secret"})
    before = snapshot(tmp_path)
    result = cli(*READ_FIFO[command](fifo, good, secrets))
    assert result.returncode == 2
    assert f"{fifo}: error: not a regular file (a FIFO)".encode() in result.stderr
    assert snapshot(tmp_path) == before
    if command in ("lint", "lint-fix"):
        assert b"2 files" in result.stdout or b"of 2 files" in result.stdout or b"could not be checked" in result.stdout


@pytest.mark.parametrize("suffix", [".toml", ".yaml"])
def test_a_host_config_that_is_a_fifo_is_refused(tmp_path, suffix):
    fifo = _fifo(tmp_path / f"host{suffix}")
    result = cli("capabilities", "generate", "-c", str(fifo))
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [f"{fifo}: error: not a regular file (a FIFO)".encode()]


def test_dev_stdin_named_as_a_path_is_a_special_file():
    result = cli("lint", "/dev/stdin", input=json.dumps(GOOD).encode())
    assert result.returncode == 2
    assert b"/dev/stdin: error: not a regular file (a FIFO)" in result.stderr
    assert cli("lint", "-", input=json.dumps(GOOD).encode()).returncode == 0  # `-` is the way


def test_standard_input_is_read_with_the_same_cap_as_files(monkeypatch):
    class Endless:
        """A stream that never ends: only a bounded read returns."""

        def read(self, size: int = -1) -> bytes:
            assert size >= 0, "standard input read without a limit"
            return b" " * size

    class Stdin:
        buffer = Endless()

    monkeypatch.setattr(source, "MAX_BYTES", 1000)
    monkeypatch.setattr(sys, "stdin", Stdin())
    from tierone.cli.output import read_stdin  # only the CLI reads standard input

    with pytest.raises(InputError, match="limit of 1,000 bytes"):
        read_stdin()


# --- item 5: special files and symlinks written ------------------------------------------------

WRITERS = {
    "lint": lambda src, out: ["lint", str(src), "-o", str(out)],
    "rewrite": lambda src, out: ["rewrite", str(src), "-o", str(out)],
    "capabilities": lambda src, out: ["capabilities", "generate", "-c", str(HOST), "-o", str(out)],
}


@pytest.mark.parametrize("command", WRITERS)
def test_output_onto_a_fifo_is_written_into_it(tmp_path, command):
    source = write(tmp_path / "in.schema.json", FIXABLE)
    fifo = _fifo(tmp_path / "out")
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    try:
        result = cli(*WRITERS[command](source, fifo))
        got, _ = reader.communicate(timeout=TIMEOUT)
    finally:
        reader.kill()
    assert result.returncode in (0, 1)
    assert fifo.is_fifo() and got.strip()
    assert source.read_text() == json.dumps(FIXABLE) + "\n"


@pytest.mark.parametrize("command", WRITERS)
def test_output_through_a_link_to_a_device_or_stdout_is_written_directly(tmp_path, command):
    source = write(tmp_path / "in.schema.json", FIXABLE)
    null, stdout = tmp_path / "null", tmp_path / "stdout"
    null.symlink_to("/dev/null")
    stdout.symlink_to("/proc/self/fd/1")
    assert cli(*WRITERS[command](source, null)).returncode in (0, 1)
    shown = cli(*WRITERS[command](source, stdout))
    assert shown.returncode in (0, 1) and shown.stdout.strip()  # the text went to the real stdout
    assert os.readlink(null) == "/dev/null" and os.readlink(stdout) == "/proc/self/fd/1"


@pytest.mark.parametrize("command", WRITERS)
def test_output_through_a_symlink_writes_the_real_file_and_keeps_the_link(tmp_path, command):
    source = write(tmp_path / "in.schema.json", FIXABLE)
    real = tmp_path / "real.txt"
    real.write_text("old\n")
    real.chmod(0o640)
    link = tmp_path / "link.txt"
    link.symlink_to(real.name)
    result = run(*WRITERS[command](source, link))
    assert result.exit_code in (0, 1)
    assert link.is_symlink() and os.readlink(link) == real.name
    assert real.read_text() != "old\n" and real.stat().st_mode & 0o777 == 0o640


def test_in_place_follows_a_symlink_and_keeps_the_mode(tmp_path):
    real = write(tmp_path / "real.schema.json", FIXABLE)
    real.chmod(0o640)
    link = tmp_path / "link.schema.json"
    link.symlink_to(real.name)
    result = run("rewrite", "--in-place", str(link))
    assert result.exit_code == 0
    assert link.is_symlink() and os.readlink(link) == real.name
    assert json.loads(real.read_text())["additionalProperties"] is False
    assert real.stat().st_mode & 0o777 == 0o640


@pytest.mark.parametrize("where", ["file", "directory"])
@pytest.mark.parametrize("command", ["rewrite", "lint-fix"])
def test_a_read_only_file_is_refused_even_as_root(tmp_path, command, where):
    folder = tmp_path / "d"
    folder.mkdir()
    target = write(folder / "ro.schema.json", FIXABLE)
    other = write(tmp_path / "other.schema.json", FIXABLE)
    (target if where == "file" else folder).chmod(0o444 if where == "file" else 0o555)
    try:
        before = target.read_bytes()
        args = (
            ["rewrite", "--in-place", str(target), str(other)]
            if command == "rewrite"
            else ["lint", "--fix", "--in-place", str(target), str(other)]
        )
        result = run(*args)
        assert result.exit_code == 2
        assert f"{target}: error: cannot write: the {where} is read-only" in result.stderr
        assert target.read_bytes() == before
        assert json.loads(other.read_text())["additionalProperties"] is False  # the other was still fixed
    finally:
        folder.chmod(0o755)
        target.chmod(0o644)


def test_a_rendition_in_a_read_only_directory_is_refused_and_the_source_kept(tmp_path):
    folder = tmp_path / "d"
    folder.mkdir()
    target = write(folder / "ro.schema.json", FIXABLE)
    folder.chmod(0o555)
    try:
        result = run("lint", "--fix", str(target))
        assert result.exit_code == 2
        assert f"{folder / 'ro.schema.strict.json'}: error: cannot write: the directory is read-only" in result.stderr
        assert json.loads(target.read_text()) == FIXABLE and sorted(folder.iterdir()) == [target]
    finally:
        folder.chmod(0o755)


@pytest.mark.parametrize("named", ["file", "directory"])
def test_lint_output_naming_an_input_is_refused(tmp_path, named):
    source = write(tmp_path / "a.schema.json", FIXABLE)
    before = source.read_bytes()
    result = run("lint", str(source if named == "file" else tmp_path), "-o", str(source))
    assert result.exit_code == 2
    assert "is one of the inputs" in result.stderr
    assert source.read_bytes() == before


# --- item 6: write errors, standard output, file names -----------------------------------------


def _missing(tmp: Path) -> Path:
    return tmp / "missing" / "out.json"


def _read_only(tmp: Path) -> Path:
    (tmp / "ro").mkdir()
    (tmp / "ro").chmod(0o555)
    return tmp / "ro" / "out.json"


def _not_a_directory(tmp: Path) -> Path:
    (tmp / "file").write_text("x")
    return tmp / "file" / "out.json"


@pytest.mark.parametrize(
    "parent", [_missing, _read_only, _not_a_directory], ids=["missing", "read-only", "not-a-directory"]
)
def test_capabilities_generate_into_a_bad_parent_is_one_line(tmp_path, parent):
    out = parent(tmp_path)
    try:
        result = run("capabilities", "generate", "-c", str(HOST), "-o", str(out))
    finally:
        (tmp_path / "ro").chmod(0o755) if (tmp_path / "ro").exists() else None
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines()[-1].startswith(f"{out}: error: cannot write: ")
    assert not out.exists()


def _directory(tmp: Path) -> Path:
    (tmp / "dir").mkdir()
    return tmp / "dir"


def _not_utf8(tmp: Path) -> Path:
    (tmp / "latin1.json").write_bytes(b'{"\xe9": 1}\n')
    return tmp / "latin1.json"


@pytest.mark.parametrize("target", [_directory, _not_utf8], ids=["directory", "not-utf8"])
@pytest.mark.parametrize("mode", ["--check", "--diff"])
def test_check_and_diff_against_an_unreadable_output_is_one_line(tmp_path, mode, target):
    source = write(tmp_path / "in.schema.json", FIXABLE)
    out = target(tmp_path)
    before = snapshot(tmp_path)
    result = run("rewrite", str(source), mode, "-o", str(out))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"{out}: error: ")
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("target", [_directory, _not_utf8], ids=["directory", "not-utf8"])
def test_capabilities_generate_check_against_an_unreadable_output_is_one_line(tmp_path, target):
    out = target(tmp_path)
    result = run("capabilities", "generate", "-c", str(HOST), "--check", "-o", str(out))
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines()[-1].startswith(f"{out}: error: ")


PRINTERS = {
    "lint": ["lint", "{good}"],
    "rules": ["rules"],
    "rule": ["rule", "T101"],
    "rewrite": ["rewrite", "{good}"],
    "restore": ["restore", "--schema", "{good}", "{payload}"],
    "envelopes-list": ["envelopes", "list"],
    "envelopes-show": ["envelopes", "show", "clarification.request"],
    "envelopes-directive": ["envelopes", "directive", "clarification.request"],
    "envelopes-redact": ["envelopes", "redact", "{payload}", "--secrets", "{secrets}"],
    "envelopes-validate": ["envelopes", "validate", "clarification.request", "{clarification}"],
    "capabilities-generate": ["capabilities", "generate", "-c", str(HOST)],
    "capabilities-check": ["capabilities", "check", str(ROOT / "examples" / "host" / "capabilities.json")],
    "version": ["--version"],
    "help": ["--help"],
    "lint-help": ["lint", "--help"],
}


@pytest.fixture
def printer_args(tmp_path):
    files = {
        "good": write(tmp_path / "good.schema.json", GOOD),
        "payload": write(tmp_path / "payload.json", {"a": "sk-not-a-secret"}),
        "secrets": write(tmp_path / "secrets.json", {"k": "sk-not-a-secret"}),
        "clarification": write(tmp_path / "c.json", {"questions": [{"id": "q1", "question": "Which?"}]}),
    }
    return lambda command: [arg.format(**files) for arg in PRINTERS[command]]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("command", PRINTERS)
def test_a_full_standard_output_is_one_line_and_exit_2(printer_args, command):
    with open("/dev/full", "wb") as full:
        result = cli(*printer_args(command), stdout=full)
    assert result.returncode == 2
    assert (
        result.stderr.decode().splitlines()[-1]
        == "tierone: error: cannot write to standard output: No space left on device"
    )


@pytest.mark.parametrize("command", ["lint", "rules", "rewrite", "version", "capabilities-generate"])
def test_a_closed_standard_output_is_one_line_and_exit_2(printer_args, command):
    result = cli(*printer_args(command), stdout=None, preexec_fn=lambda: os.close(1))
    assert result.returncode == 2
    assert result.stderr.decode().splitlines()[-1] == "tierone: error: cannot write to standard output: it is closed"


@pytest.mark.parametrize("command", ["lint", "rules", "envelopes-show", "help"])
def test_a_reader_that_has_gone_is_a_quiet_exit_2(printer_args, command):
    read, write_end = os.pipe()
    os.close(read)  # the reader has gone before the first write: every write is EPIPE
    try:
        result = cli(*printer_args(command), stdout=write_end)
    finally:
        os.close(write_end)
    assert result.returncode == 2
    assert result.stderr == b""


@pytest.mark.parametrize("output_format", ["text", "json", "github"])  # sarif percent-encodes names
def test_undecodable_file_names_in_lint_output(tmp_path, output_format):
    folder = os.fsencode(tmp_path)
    source = os.fsdecode(folder + b"/\xff.schema.json")
    report = os.fsdecode(folder + b"/\xfe-report.txt")
    Path(source).write_text(json.dumps(FIXABLE))
    result = run("lint", str(tmp_path), "--format", output_format, "-o", report)
    assert result.exit_code == 1
    written = Path(report).read_bytes()
    assert any(name in written for name in (b"\xff.schema.json", b"\\udcff.schema.json", b"%FF.schema.json"))


# --- item 8: nothing skipped in silence --------------------------------------------------------


def _lint_as_nobody(folder: str) -> tuple[int, str, str]:
    """``tierone lint folder`` in a child without root's power to read any directory."""
    run("lint", folder)  # import everything first: the child may not read the interpreter's files
    read, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover (the child)
        try:
            os.setgid(65534)
            os.setuid(65534)
            result = runner.invoke(app, ["lint", folder])
            os.write(write_end, json.dumps([result.exit_code, result.stdout, result.stderr]).encode())
        finally:
            os._exit(0)
    os.close(write_end)
    with os.fdopen(read, "rb") as pipe:
        data = pipe.read()
    os.waitpid(pid, 0)
    code, out, err = json.loads(data)
    return code, out, err


def test_an_unreadable_directory_is_reported_not_skipped():
    folder = Path(tempfile.mkdtemp(prefix="tierone-unreadable-"))  # readable by an unprivileged child
    try:
        folder.chmod(0o755)
        write(folder / "a.schema.json", GOOD)
        (folder / "sub").mkdir()
        write(folder / "sub" / "b.schema.json", GOOD)
        (folder / "sub").chmod(0)
        if ROOT_USER:
            code, out, err = _lint_as_nobody(str(folder))
        else:
            result = run("lint", str(folder))
            code, out, err = result.exit_code, result.stdout, result.stderr
    finally:
        (folder / "sub").chmod(0o755)
        shutil.rmtree(folder)
    assert code == 2
    assert f"{folder / 'sub'}: error: cannot read directory: Permission denied" in err
    assert "All checks passed" not in out and "1 input could not be checked" in out


def test_an_unreadable_directory_found_by_walking_is_an_error_value(tmp_path, monkeypatch):
    write(tmp_path / "a.schema.json", FIXABLE)
    (tmp_path / "sub").mkdir()
    real = os.scandir

    def scandir(path):  # type: ignore[no-untyped-def]
        if os.fspath(path).endswith("sub"):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    result = run("lint", str(tmp_path))
    assert result.exit_code == 2
    assert f"{tmp_path / 'sub'}: error: cannot read directory: Permission denied" in result.stderr
    assert "a.schema.json" in result.stdout  # the readable file is still reported


@pytest.mark.parametrize("with_other", [False, True], ids=["alone", "with-another-input"])
def test_a_directory_where_nothing_matches_is_said(tmp_path, with_other):
    empty = tmp_path / "empty"
    empty.mkdir()
    write(empty / "notes.json", GOOD)  # not *.schema.json
    other = write(tmp_path / "good.schema.json", GOOD)
    result = run("lint", str(empty), *([str(other)] if with_other else []))
    assert (
        f"{empty}: warning: no file matches the include patterns (*.schema.json, *.schema.yaml, *.schema.yml)"
        in result.stderr
    )
    assert result.exit_code == (0 if with_other else 2)
    assert "0 files" not in result.stdout


# --- the property: arbitrary documents and bytes never end in a traceback -----------------------

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "type",
                    "properties",
                    "items",
                    "$ref",
                    "required",
                    "anyOf",
                    "enum",
                    "a",
                    "reasoning",
                    "$defs",
                    "additionalProperties",
                    "pattern",
                    "format",
                    "questions",
                    "id",
                    "value",
                    "$schema",
                ]
            )
            | st.text(max_size=4),
            children,
            max_size=5,
        )
    ),
    max_leaves=25,
)
CONTENT = st.one_of(JSON.map(lambda value: json.dumps(value).encode()), st.binary(max_size=200))

COMMANDS = {
    "lint": lambda d, a, b: ["lint", str(a)],
    "lint-fix": lambda d, a, b: ["lint", "--fix", str(a)],
    "rewrite": lambda d, a, b: ["rewrite", str(a)],
    "rewrite-check": lambda d, a, b: ["rewrite", "--check", str(a)],
    "restore": lambda d, a, b: ["restore", "--schema", str(a), str(b)],
    "envelopes-validate": lambda d, a, b: ["envelopes", "validate", "clarification.request", str(a)],
    "envelopes-redact": lambda d, a, b: ["envelopes", "redact", str(a), "--secrets", str(b)],
    "capabilities-check": lambda d, a, b: ["capabilities", "check", str(a), "--schemas", str(d)],
}


@pytest.mark.parametrize("command", COMMANDS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(first=CONTENT, second=CONTENT)
@example(first=b'{"anyOf": [null, true]}', second=b"null")  # a branch that is no schema, judged: a TypeError once
def test_every_command_exits_0_1_or_2_without_a_traceback(command, first, second):
    with tempfile.TemporaryDirectory() as folder:
        a, b = Path(folder) / "a.schema.json", Path(folder) / "b.json"
        a.write_bytes(first)
        b.write_bytes(second)
        result = runner.invoke(app, COMMANDS[command](folder, a, b))
        assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
        assert result.exit_code in (0, 1, 2), result.output
        assert "Traceback" not in result.output + result.stderr
        assert b.read_bytes() == second
        if command != "lint-fix":
            assert a.read_bytes() == first
