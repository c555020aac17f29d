"""The JSON Schema meta-schemas a reference may name: a member whose value is itself a schema
(``{"$ref": "http://json-schema.org/draft-07/schema#"}``). jsonschema ships each one, so restore
judges such a value against it without fetching anything; the rewriter carries the value as
JSON text (free-form data: an object or a boolean)."""

from __future__ import annotations

from functools import cache
from typing import Any

#: the address of each dialect's meta-schema, as jsonschema's bundled copies name them (a test
#: keeps this list equal to theirs); a reference may end in an empty fragment (``#``)
META_SCHEMAS = frozenset(
    {
        "http://json-schema.org/draft-03/schema",
        "http://json-schema.org/draft-04/schema",
        "http://json-schema.org/draft-06/schema",
        "http://json-schema.org/draft-07/schema",
        "https://json-schema.org/draft/2019-09/schema",
        "https://json-schema.org/draft/2020-12/schema",
    }
)


def names_meta_schema(ref: Any) -> bool:
    """Whether ``ref`` (a ``$ref`` value) names a whole meta-schema of :data:`META_SCHEMAS`
    (not a part of one: ``...schema#/definitions/...``)."""
    return isinstance(ref, str) and ref.removesuffix("#") in META_SCHEMAS


#: the meta-schemas whose parts a document may have copied in (every reference inside each is
#: to itself), by address, with the name the copy goes by and the dialects whose documents read
#: its parts alike (``$schema`` names; draft 4's bounds are booleans, so only its own): draft 3's
#: parts speak a dialect no strict mode reads; 2019-09's and 2020-12's refer across documents
_COPYABLE = {
    "http://json-schema.org/draft-04/schema": ("draft-04", ("json-schema.org/draft-04/schema",)),
    "http://json-schema.org/draft-06/schema": ("draft-06", None),
    "http://json-schema.org/draft-07/schema": ("draft-07", None),
}
#: the dialects a draft 6 or 7 part reads otherwise in (a bound is a boolean there)
_OLDER = ("json-schema.org/draft-03/schema", "json-schema.org/draft-04/schema")


def meta_schema_part(ref: Any, document: Any) -> tuple[str, dict[str, Any], tuple[str, ...]] | None:
    """Where ``ref`` (a ``$ref`` value in ``document``) names a part of a meta-schema that
    ``document``'s dialect reads alike (``...draft-04/schema#/definitions/positiveInteger`` in a
    draft 4 document; a draft 6 or 7 one in any document of draft 6 on): the name its copy goes
    by, the meta-schema (jsonschema's own copy: nothing is fetched), and the part's path in it.
    None for any other reference, and for a part the meta-schema does not hold."""
    from .dialects import names_one_of
    from .pointer import PointerError

    found = _part(ref)
    if found is None:
        return None
    address, path = found
    name, readers = _COPYABLE[address]
    if not (names_one_of(document, readers) if readers else not names_one_of(document, _OLDER)):
        return None
    from jsonschema_specifications import REGISTRY  # type: ignore[import-untyped]

    meta = REGISTRY.contents(address)
    try:
        path.resolve(meta)
    except PointerError:
        return None
    return name, meta, tuple(map(str, path))


def names_meta_schema_part(ref: Any) -> bool:
    """Whether ``ref`` names a part of a meta-schema whose parts a document may copy in (what
    :func:`meta_schema_part` looks for before it asks whether the document reads it alike)."""
    return _part(ref) is not None


def meta_schema_node(ref: Any) -> Any:
    """The part of a draft 4, 6 or 7 meta-schema ``ref`` names (``...draft-04/schema#/definitions/
    positiveInteger``), its own references made absolute (``#`` names the meta-schema whole),
    as jsonschema resolves it: how the read side follows such a reference. None for any other
    reference (a whole meta-schema's too: a value that is itself a schema)."""
    from .pointer import PointerError

    found = _part(ref)
    if found is None:
        return None
    address, path = found
    try:
        return path.resolve(_absolute(address))
    except PointerError:
        return None


def _part(ref: Any) -> tuple[str, Any] | None:
    """The address of the copyable meta-schema ``ref`` names a part of, and that part's pointer
    (its fragment decoded); None for any other reference, or a fragment that is no pointer."""
    from urllib.parse import unquote

    from .pointer import Pointer, PointerError

    if not isinstance(ref, str) or "#/" not in ref:
        return None
    address, _, fragment = ref.partition("#")
    if address not in _COPYABLE:
        return None
    try:
        return address, Pointer.parse(unquote(fragment))
    except PointerError:
        return None


@cache
def _absolute(address: str) -> Any:
    """The meta-schema at ``address`` with each of its references written as an absolute one."""
    from jsonschema_specifications import REGISTRY

    from .rebuilding import transform
    from .walker import REFERENCE

    def absolute(node: Any, pointer: Any) -> Any:
        ref = node.get("$ref") if isinstance(node, dict) else None
        return {**node, "$ref": address + ref} if isinstance(ref, str) and ref.startswith("#") else node

    return transform(REGISTRY.contents(address), absolute, only=REFERENCE)
