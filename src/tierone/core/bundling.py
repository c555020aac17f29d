"""Relative file references bundled into one document, read only inside the folders the user
named (``--refs DIR``, config ``ref-roots``, API ``refs=``).

A ``$ref`` whose address part is a relative path (``common.json``, ``defs/ids.yaml#/Id``) names
a file beside the document it stands in. With reference folders given, each such file is read
(a regular file, JSON or YAML, no larger than loading allows) when its real path, every
symbolic link resolved, lies inside one of the folders; its content is copied into the root's
member :data:`FILES_MEMBER` (under a name made from the file's) and each reference becomes a
local one (``#/x-tierone-files/common/...``). That member is no schema keyword: what a file
holds is linted, rewritten and read only where a reference leads (a file of definitions is
not itself a schema that accepts anything), and the rewrite moves each target it uses into
``$defs``. Files are read once each, references between them
(cycles included) become local too, and a file's own ``$id`` (``id`` in draft 4) and ``$schema``
are left out of its copy (its references are local once bundled). A reference by the address a
subschema gives itself names that subschema, never a file. Nothing else is ever read: an absolute
address (``https://…``, ``//host/…``, ``file:…``) stays a reference to another document, which
lint reports (T502) and nothing fetches. Without folders, nothing is read and a file reference
stays T502 (its message names ``--refs``).

    Before: ``{"properties": {"id": {"$ref": "common.json#/$defs/Id"}}}`` (``common.json``
            beside it: ``{"$defs": {"Id": {"type": "string"}}}``)
    After:  ``{"properties": {"id": {"$ref": "#/x-tierone-files/common/$defs/Id"}},
            "x-tierone-files": {"common": {"$defs": {"Id": {"type": "string"}}}}}``
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any
from urllib.parse import unquote, urlsplit

from .confine import really_inside
from .dialects import id_keyword
from .errors import InputError
from .loading import room_for_depth
from .naming import free_name
from .pointer import Pointer
from .refs import LOCAL, RefResolver

#: the root's member that holds the files brought in, by name
FILES_MEMBER = "x-tierone-files"
#: files one document may bring in, at most
MAX_FILES = 1_000
#: members whose value is data, never a schema: a ``$ref`` inside them is a value like any other
DATA_KEYWORDS = frozenset({"enum", "const", "default", "examples", "example"})


def bundled(data: Any, base: str, roots: Sequence[str], shown: str, own: str | None = None) -> Any:
    """``data`` with every relative file reference replaced by a local one to a copy of the
    file in the root's :data:`FILES_MEMBER` (``data`` itself when it has none, or no ``roots``
    are given).
    ``base``: the folder relative references start from; ``shown``: how the document is named
    in a message; ``own``: its own file, whose references back to itself stay local. A file
    that cannot be brought in (outside the folders, missing, not a schema) is an
    :class:`InputError` naming the reference and its place."""
    if not roots or not isinstance(data, dict):
        return data
    bundle = _Bundle([os.path.realpath(root) for root in roots], shown, data)
    if own is not None:
        bundle.placed[os.path.realpath(own)] = Pointer()
        bundle.documents[os.path.realpath(own)] = data
    with room_for_depth():
        root = bundle.localized(data, base, Pointer(), own_id=data.get(id_keyword(data)))
    if not bundle.copies:
        return data
    if FILES_MEMBER in data:
        raise InputError(
            shown, f"already has a member {FILES_MEMBER!r}: the files its references name have nowhere to go"
        )
    return {**root, FILES_MEMBER: bundle.copies}


class _Bundle:
    """The files brought in so far: where each stands in the bundle, and their copies."""

    def __init__(self, roots: list[str], shown: str, root: dict[str, Any]) -> None:
        self.roots = roots
        self.shown = shown
        #: each file read (by real path), and where its copy stands in the bundle
        self.placed: dict[str, Pointer] = {}
        #: each file read (by real path), as read: what its references' fragments point into
        self.documents: dict[str, Any] = {}
        #: the copies, by their name in :data:`FILES_MEMBER`
        self.copies: dict[str, Any] = {}

    def localized(self, document: Any, base: str, at: Pointer, own_id: Any = None) -> Any:
        """``document`` (standing at ``at`` in the bundle) with its references made local."""
        resolver = RefResolver.of(document)
        own = own_id.split("#", 1)[0] if isinstance(own_id, str) else None
        key = id_keyword(document)  # (`id` in draft 4 and earlier)
        embedded = _addresses(document, key)

        def walk(value: Any, where: tuple[Any, ...]) -> Any:
            if isinstance(value, list):
                return [walk(item, (*where, i)) for i, item in enumerate(value)]
            if not isinstance(value, dict):
                return value
            out = {k: (v if k in DATA_KEYWORDS else walk(v, (*where, k))) for k, v in value.items()}
            ref = value.get("$ref")
            if isinstance(ref, str):
                out["$ref"] = self._reference(ref, resolver, base, at, own, embedded, Pointer(where))
            if at and key in out and where:
                out.pop(key)  # a copy's references are local: an address of its own would move them
            return out

        made = walk(document, ())
        if at and isinstance(made, dict):
            made = {k: v for k, v in made.items() if k not in (key, "$schema")}
        return made

    def _reference(
        self,
        ref: str,
        resolver: RefResolver,
        base: str,
        at: Pointer,
        own: str | None,
        embedded: set[str],
        where: Pointer,
    ) -> str:
        address, _, fragment = ref.partition("#")
        if not address or address == own:
            if not at:
                return ref  # the root's own references stay as they are
            return self._local(resolver, fragment, at, ref, where)
        relative = file_address(ref)
        if relative is None:
            return ref  # another document by its address: never fetched
        inside = resolver.resolve(ref)
        if inside.kind == LOCAL and inside.target is not None:  # a resource of this document, by its address
            return ref if not at else Pointer((*at, *inside.target)).fragment()
        if address in embedded:
            return ref  # one inside this one, by an address the rewrite cannot follow (it says so): not a file
        path = os.path.normpath(os.path.join(base, relative))
        real = os.path.realpath(path)
        if real not in self.placed:
            self._bring_in(path, real, ref, where)
        return self._local(RefResolver.of(self.documents[real]), fragment, self.placed[real], ref, where)

    def _local(self, resolver: RefResolver, fragment: str, at: Pointer, ref: str, where: Pointer) -> str:
        resolution = resolver.resolve("#" + fragment)
        if resolution.kind != LOCAL or resolution.target is None:
            raise InputError(self.shown, f"$ref {ref!r} at {where or '/'}: {resolution.reason or 'leads nowhere'}")
        return Pointer((*at, *resolution.target)).fragment()

    def _bring_in(self, path: str, real: str, ref: str, where: Pointer) -> None:
        from .loading import load_path

        said = f"$ref {ref!r} at {where or '/'}"
        if not any(really_inside(real, root) for root in self.roots):
            raise InputError(self.shown, f"{said}: {path} is outside the --refs folders; nothing was read")
        if len(self.placed) >= MAX_FILES:
            raise InputError(self.shown, f"{said}: more than {MAX_FILES:,} files referenced; stopped")
        try:
            loaded = load_path(real, path).data
        except InputError as problem:
            raise InputError(self.shown, f"{said}: {problem.path}: {problem.message}") from None
        if not isinstance(loaded, (dict, bool)):
            raise InputError(self.shown, f"{said}: {path} is not a schema (an object or a boolean)")
        name = free_name(os.path.basename(path).split(".")[0] or "file", set(self.copies))
        self.placed[real] = Pointer((FILES_MEMBER, name))
        self.documents[real] = loaded
        own_id = loaded.get(id_keyword(loaded)) if isinstance(loaded, dict) else None
        self.copies[name] = None  # its name is taken while its references are made local
        self.copies[name] = self.localized(loaded, os.path.dirname(path), self.placed[real], own_id)


def file_address(ref: Any) -> str | None:
    """The relative file path a ``$ref`` names (``common.json#/Id`` -> ``common.json``), or None
    for one that is local, absolute (``https://…``, ``//host/…``, ``/etc/…``, ``file:…``) or
    not a string."""
    if not isinstance(ref, str):
        return None
    address = ref.partition("#")[0]
    parts = urlsplit(address)
    if not address or parts.scheme or parts.netloc or address.startswith("/") or not parts.path:
        return None
    return unquote(parts.path)


def _addresses(document: Any, key: str) -> set[str]:
    """The addresses (``key`` values: ``$id``, or ``id`` in draft 4 and earlier; fragment aside)
    that subschemas of ``document`` give themselves."""
    found: set[str] = set()
    stack = [document]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            if isinstance(value.get(key), str):
                found.add(value[key].split("#", 1)[0])
            stack.extend(v for k, v in value.items() if k not in DATA_KEYWORDS and isinstance(v, (dict, list)))
        elif isinstance(value, list):
            stack.extend(value)
    return found - {""}
