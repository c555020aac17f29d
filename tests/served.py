"""One assertion the coverage tests share: a schema is served under a profile when its
rendition is written, every consumer takes it, and each instance travels through it and is
read back as itself by restore and by ``Strict``."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import jsonschema

import tierone
from tests.judges import all_judges
from tierone.rewriter.passes.nulls import read_nullable


def assert_served(original: Any, profile: str, instances: Iterable[Any] = ()) -> tierone.Rewritten:
    """The rendition of ``original`` for ``profile``, after checking that the consumers take
    it and that each of ``instances`` reads back as itself through its strict form."""
    result = tierone.rewrite(original, profile)
    assert result.ok, result.unfixable
    verdicts = all_judges(result.schema, profile)
    assert all(v.ok for v in verdicts), [v for v in verdicts if not v.ok]
    strict = None
    for instance in instances:
        form = tierone.to_strict_form(instance, original, profile)
        jsonschema.validate(form, read_nullable(result.schema))  # OpenAPI's `nullable` as the vendor reads it
        assert tierone.restore(form, original).payload == instance
        strict = strict or tierone.strict(original, profile)
        assert strict.parse(json.dumps(form)) == instance
    return result
