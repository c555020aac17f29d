"""Rewriting schema files: load, rewrite, and render in the file's own style."""

from __future__ import annotations

from typing import NamedTuple

from ..core.dumping import dump_json, dump_yaml, json_style
from ..core.loading import Source, room_for_depth
from .rewrite import Rewritten, rewrite


class RewrittenFile(NamedTuple):
    """A rewrite and the text to write for it."""

    source: Source
    result: Rewritten
    #: the new file content, in the input's format and layout
    text: str


def render(source: Source, data: object, target: str | None = None) -> str:
    """``data`` as text in the format and layout of ``source``, or as JSON when ``target`` (the
    file it goes to) is named ``.json`` and the source is YAML, or as YAML when the target is
    named ``.yaml``/``.yml`` and the source is not."""
    suffix = target.rsplit(".", 1)[-1].lower() if target and "." in target else None
    if suffix in ("yaml", "yml") and source.format != "yaml":
        return dump_yaml("{}\n", data)
    if source.format == "yaml" and source.text is not None and suffix != "json":
        return dump_yaml(source.text, data)
    style = json_style(source.text) if source.text is not None else json_style('{\n  "":0}\n')
    return dump_json(data, style)


def rewrite_source(
    source: Source,
    profile: str,
    *,
    open_objects: str = "encode",
    hints: bool = True,
    id: str | None = None,
    unroll: int | None = None,
    exact: bool = False,
) -> RewrittenFile:
    result = rewrite(source.data, profile, open_objects=open_objects, hints=hints, id=id, unroll=unroll, exact=exact)
    with room_for_depth():
        return RewrittenFile(source, result, render(source, result.schema))
