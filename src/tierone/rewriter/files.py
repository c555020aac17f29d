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
    #: the request kind the input is a body of (its schemas rewritten), or None for a schema
    request: str | None = None


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
    input_kind: str | None = None,
    implied: bool = False,
) -> RewrittenFile:
    """``source`` rewritten for ``profile`` and rendered in its own style. A request body (see
    :func:`tierone.vendors.requests.embedded`; ``input_kind`` names the kind, ``"schema"``
    none) has each schema it carries rewritten, for the profile its slot implies where
    ``implied`` (no profile was named), and ``id`` is not set on them."""
    options = {"open_objects": open_objects, "hints": hints, "unroll": unroll, "exact": exact}
    found = None
    if input_kind != "schema" and source.format != "model":
        from ..core.errors import InputError
        from ..vendors.requests import embedded, named_kind_missing

        found = embedded(source.data, input_kind)
        missing = named_kind_missing(found, input_kind)
        if missing is not None:
            raise InputError(source.path, missing)
    if found is not None:
        from .requests import rewrite_request

        result, body = rewrite_request(source, found, lambda slot: slot if implied and slot else profile, **options)
        with room_for_depth():
            return RewrittenFile(source, result, render(source, body), found.kind)
    result = rewrite(source.data, profile, id=id, **options)  # type: ignore[arg-type]
    with room_for_depth():
        return RewrittenFile(source, result, render(source, result.schema))
