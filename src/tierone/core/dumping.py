"""Writing data back in the style of the file it came from.

JSON keeps its indentation (spaces, tabs or none) and its final newline; YAML goes through
ruamel.yaml's round-trip tree, updated in place, so comments and key order survive.
"""

from __future__ import annotations

import json
import re
from io import StringIO
from typing import Any, NamedTuple

_INDENT = re.compile(r"\n([ \t]+)\S")


class JsonStyle(NamedTuple):
    """How a JSON text is laid out."""

    indent: str | None
    compact: bool
    newline: bool


def pretty_json(value: Any) -> str:
    """``value`` as JSON indented by two spaces, non-ASCII kept, with a final newline (reports
    with 100,000 findings are written in a blink)."""
    return dump_json(value, TWO_SPACES)


def json_style(text: str) -> JsonStyle:
    """The layout of ``text``: its first indentation, and whether it ends with a newline."""
    found = _INDENT.search(text)
    newline = text.endswith("\n")
    if found is None:
        return JsonStyle(None, '": ' not in text and '", ' not in text, newline)
    return JsonStyle(found.group(1), False, newline)


TWO_SPACES = JsonStyle("  ", False, True)


def dump_json(data: Any, style: JsonStyle = TWO_SPACES) -> str:
    """``data`` (as JSON parsing gives it: no NaN) laid out in ``style``, non-ASCII kept."""
    if style.indent is not None:
        text = _indented(data, style.indent)
    elif style.compact:
        text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    else:
        text = json.dumps(data, ensure_ascii=False)
    return text + "\n" if style.newline else text


def _indented(data: Any, indent: str) -> str:
    """Indented JSON: orjson writes two spaces per level at C speed (the standard library's
    indenting encoder is pure Python), re-indented when the file uses another unit."""
    import orjson

    try:
        text = orjson.dumps(data, option=orjson.OPT_INDENT_2).decode("utf-8")
    except TypeError:  # what orjson refuses: integers beyond 64 bits, non-string keys
        return json.dumps(data, indent=indent if "\t" in indent else len(indent), ensure_ascii=False)
    return text if indent == "  " else _reindented(text, indent)


_LINE_INDENT = re.compile(r"\n( +)")


def _reindented(text: str, indent: str) -> str:
    """Two-space indented JSON with ``indent`` per level instead. A line of JSON text starts
    with nothing but its indentation (strings hold no raw newlines), so splitting at each
    newline's run of spaces finds every indentation, and each depth's new one is made once."""
    parts = _LINE_INDENT.split(text)  # text, indentation, text, indentation, ...
    made: dict[str, str] = {}
    for index in range(1, len(parts), 2):
        spaces = parts[index]
        replacement = made.get(spaces)
        if replacement is None:
            replacement = made[spaces] = "\n" + indent * (len(spaces) // 2)
        parts[index] = replacement
    return "".join(parts)


def dump_yaml(original_text: str, data: Any) -> str:
    """``data`` written over the YAML document ``original_text``, keeping comments and order."""
    from ruamel.yaml import YAML

    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 4096
    yaml.representer.add_representer(
        type(None), lambda representer, _: representer.represent_scalar("tag:yaml.org,2002:null", "null")
    )
    tree = yaml.load(original_text)
    tree = _sync(tree, data)
    out = StringIO()
    yaml.dump(tree, out)
    return out.getvalue()


def _sync(old: Any, new: Any) -> Any:
    """``old`` (a ruamel node) changed in place to equal ``new``, reusing what is unchanged."""
    if isinstance(old, dict) and isinstance(new, dict):
        keys = {str(k): k for k in old}
        for text_key, key in list(keys.items()):
            if text_key not in new:
                del old[key]
        for position, (name, value) in enumerate(new.items()):
            if name in keys:
                old[keys[name]] = _sync(old[keys[name]], value)
            elif hasattr(old, "insert"):
                old.insert(position, name, value)
            else:
                old[name] = value
        order = [keys.get(name, name) for name in new]
        if list(old) != order and hasattr(old, "move_to_end"):
            for key in order:
                old.move_to_end(key)
        return old
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        for index, value in enumerate(new):
            old[index] = _sync(old[index], value)
        return old
    if type(old) is not bool and old == new and isinstance(old, type(new)) and not isinstance(new, (dict, list)):
        return old  # keeps the scalar's quoting style
    return new
