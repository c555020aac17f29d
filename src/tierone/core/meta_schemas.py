"""The JSON Schema meta-schemas a reference may name: a member whose value is itself a schema
(``{"$ref": "http://json-schema.org/draft-07/schema#"}``). jsonschema ships each one, so restore
judges such a value against it without fetching anything; the rewriter carries the value as
JSON text (free-form data: an object or a boolean)."""

from __future__ import annotations

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
