"""The executable's end: ``run()`` skips the interpreter's teardown once the output is flushed,
and only when nothing is owed at exit (an atexit handler, another thread)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from typer.testing import CliRunner

from tierone.cli import full_app

SCHEMA = '{"type": "object", "properties": {"a": {"type": "string"}}}'


def python(code: str, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_whole_output_reaches_a_pipe_and_the_exit_code_is_kept():
    in_process = CliRunner().invoke(full_app(), ["rules", "--format", "json"])
    ran = subprocess.run(
        [sys.executable, "-m", "tierone", "rules", "--format", "json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout == in_process.stdout  # every byte, though the process ends without teardown
    findings = subprocess.run(
        [sys.executable, "-m", "tierone", "lint", "--isolated", "-"],
        input=SCHEMA,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert findings.returncode == 1
    assert "T102" in findings.stdout and findings.stdout.endswith("\n")


def test_an_atexit_handler_still_runs():
    ran = python(
        """
        import atexit, sys
        atexit.register(lambda: print("handler ran", file=sys.stderr))
        sys.argv = ["tierone", "lint", "--isolated", "-"]
        from tierone.cli import run
        run()
        """,
        stdin=SCHEMA,
    )
    assert ran.returncode == 1
    assert "handler ran" in ran.stderr


def test_another_thread_is_waited_for():
    ran = python(
        """
        import sys, threading, time
        def late():
            time.sleep(0.3)
            print("thread finished", file=sys.stderr)
        threading.Thread(target=late).start()
        sys.argv = ["tierone", "rule", "T101"]
        from tierone.cli import run
        run()
        """
    )
    assert ran.returncode == 0, ran.stderr
    assert "thread finished" in ran.stderr


def test_a_string_exit_is_printed_as_python_prints_it():
    ran = python(
        """
        import sys
        from tierone import cli
        def refuse():
            sys.exit("tierone: error: stopped")
        cli.main = refuse
        cli.run()
        """
    )
    assert ran.returncode == 1
    assert ran.stderr.strip() == "tierone: error: stopped"
