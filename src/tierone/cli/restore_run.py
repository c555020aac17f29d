"""What ``tierone restore`` does: read a model's payload back against the original schema (or
the source a rendition names), and print it or what is wrong with it. The exit code is
returned, never raised, so the CLI stays the only place that exits."""

from __future__ import annotations

import json
import sys

from ..core.errors import InputError, require_schema
from ..core.inputs import load_input
from .output import read_stdin, say


def run_restore(
    payload_spec: str, schema_spec: str, *, json_output: bool, pattern: str | None = None, refs: tuple[str, ...] = ()
) -> int:
    """Restore a payload against the original schema (its relative file references bundled
    from ``refs``); returns the exit code."""
    from ..answers.restore import restore

    try:
        original = load_input(schema_spec, models=True, dash=False, refs=refs)  # `-` is the payload's
        require_schema(original.data, original.path)
        payload = load_input(payload_spec, stdin=read_stdin)
    except InputError as problem:
        say(str(problem))
        return 2
    from .restore_source import original_for

    try:
        original = original_for(original, pattern, refs=refs)  # a rendition names its source, or is refused
    except InputError as problem:
        say(str(problem))
        return 2
    from ..core.loading import room_for_depth
    from ..core.validation import CannotJudge

    try:
        result = restore(payload.data, original.data)
    except CannotJudge as problem:
        say(f"{payload_spec if problem.about == 'payload' else schema_spec}: error: {problem}")
        return 2
    from ..core.pointer import Pointer
    from ..core.source import first_lone_surrogate, lone_surrogate, printable

    found = first_lone_surrogate(result.payload)  # decoded from a JSON-encoded member: not text to write
    if found is not None:
        place, escape = printable(str(Pointer(found[0]))), f"\\u{ord(found[1]):04x}"
        say(f"{payload_spec}: error: [{place}] {lone_surrogate(escape)} (decoded from a JSON-encoded value)")
        return 2
    if json_output:
        with room_for_depth():  # the payload may nest as deep as loading allows
            sys.stdout.write(
                json.dumps(
                    {
                        "valid": result.ok,
                        "payload": result.payload,
                        "errors": [{"pointer": str(e.pointer), "message": e.message} for e in result.errors],
                    },
                    indent=2,
                    ensure_ascii=False,
                )
                + "\n"
            )
    elif result.ok:
        with room_for_depth():
            sys.stdout.write(json.dumps(result.payload, indent=2, ensure_ascii=False) + "\n")
    else:
        for error in result.errors:
            say(f"{payload_spec}: [{error.pointer}] {error.message}")
        say(f"{payload_spec}: {len(result.errors)} error(s) against {schema_spec}")
    return 0 if result.ok else 1
