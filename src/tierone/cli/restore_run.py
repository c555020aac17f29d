"""What ``tierone restore`` does: read a model's payload back against the original schema (or
the source a rendition names), and print it or what is wrong with it. The exit code is
returned, never raised, so the CLI stays the only place that exits."""

from __future__ import annotations

import json
import sys
from typing import Any

from ..core.errors import InputError, require_schema
from ..core.inputs import load_input
from .output import read_stdin, say


def run_restore(
    payload_spec: str,
    schema_spec: str,
    *,
    json_output: bool,
    pattern: str | None = None,
    refs: tuple[str, ...] = (),
    tool: str | None = None,
    input_kind: str | None = None,
) -> int:
    """Restore a payload against the original schema (its relative file references bundled
    from ``refs``); returns the exit code. Where the original is a request body, the payload is
    read against the schema it carries for the tool ``tool`` (a call's arguments), or for its
    output without one."""
    from ..answers.restore import restore

    try:
        original = load_input(schema_spec, models=True, dash=False, refs=refs)  # `-` is the payload's
        carried = _carried(original, tool, input_kind)
        if carried is None:
            require_schema(original.data, original.path)
        payload = load_input(payload_spec, stdin=read_stdin)
    except InputError as problem:
        say(str(problem))
        return 2
    from .restore_source import original_for

    try:  # a rendition names its source, or is refused; a request body's schema is the original
        original = (
            original._replace(data=carried) if carried is not None else original_for(original, pattern, refs=refs)
        )
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


def _carried(original: Any, tool: str | None, input_kind: str | None) -> Any:
    """The schema a request body carries for ``tool`` (or its output), None where the original
    is a schema; an :class:`InputError` naming what there is where that is not one."""
    from ..vendors.requests import embedded

    found = None if input_kind == "schema" or original.format == "model" else embedded(original.data, input_kind)
    if found is None:
        if tool is not None:
            raise InputError(original.path, "--tool names a tool of a request body, and this is a schema")
        return None
    wanted = f"tool {tool}" if tool is not None else "output"
    matching = [e for e in (*found.schemas, *found.loose) if e.label == wanted or (tool is None and e.role == "output")]
    if len(matching) != 1:
        tools = ", ".join(e.label.removeprefix("tool ") for e in (*found.schemas, *found.loose) if e.role == "tool")
        said = f"no tool {tool!r}" if tool is not None else "no one output schema"
        raise InputError(
            original.path,
            f"this {found.kind} request body has {said} (its tools: {tools or 'none'}); --tool NAME picks one",
        )
    return matching[0].pointer.resolve(original.data)
