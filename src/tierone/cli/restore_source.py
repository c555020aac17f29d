"""The schema ``tierone restore --schema`` reads answers against: the file named, or, for a
strict rendition, its source (where its marker may lead), refused when stale."""

from __future__ import annotations

import os

from ..core import renditions
from ..core.confine import project_root
from ..core.errors import InputError
from ..core.inputs import load_input
from ..core.loading import Source


def original_for(
    schema: Source, pattern: str | None = None, root: str | None = None, refs: tuple[str, ...] = ()
) -> Source:
    """The schema restore must read answers against: ``schema`` itself, or, for a rendition,
    its source. An :class:`InputError` when a rendition's source is missing or has changed since
    (the rendition is stale), or when ``schema`` has no marker but looks like a rendition: it is
    named as the rendition of an existing file (by ``pattern``, the ``fix-output``) or it
    carries rewrite's JSON-encoded fields (:func:`tierone.core.renditions.looks_rewritten`)."""
    from ..core.rendition_sources import load_source, marker_in

    marker = marker_in(schema.path, schema.data)
    if marker is None:
        return _unmarked(schema, pattern, refs)
    if marker.source is None:
        raise InputError(
            schema.path,
            "is a strict rendition whose source was replaced by --fix --in-place; restore needs the pre-fix schema",
        )
    source = load_source(schema.path, marker, root or project_root(), refs)
    if source.text is not None and renditions.digest(source.text) != marker.digest:
        raise InputError(
            schema.path,
            f"is a stale strict rendition: {source.path} has changed since it was "
            "made; run `tierone lint --fix` again, or pass --schema SOURCE",
        )
    return source


def _unmarked(schema: Source, pattern: str | None, refs: tuple[str, ...]) -> Source:
    """A schema without a marker: itself, unless its name or its content says it is a rendition."""
    from ..core.rendition_names import named_sources
    from ..rewriter.files import rewrite_source
    from ..subset.profiles import PROFILES

    named = [
        (path, profile)
        for path, profile in named_sources(schema.path, pattern, tuple(PROFILES))
        if os.path.isfile(path)
    ]
    for source_path, profile in named:
        try:
            source = load_input(source_path, dash=False, refs=refs)
            if rewrite_source(source, profile).result.schema == schema.data:
                return source
        except (InputError, ValueError, RecursionError):
            continue
    if named:
        raise InputError(
            schema.path,
            f"is named as the strict rendition of {named[0][0]} but is not its "
            "rewrite (stale, or made with other options); pass --schema SOURCE",
        )
    if renditions.looks_rewritten(schema.data):
        raise InputError(
            schema.path,
            "looks like a strict rendition (it has string fields described as "
            "JSON-encoded, as rewrite makes them); restore needs the original: pass --schema SOURCE",
        )
    return schema
