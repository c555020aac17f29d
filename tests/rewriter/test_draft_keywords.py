"""Keywords a schema's own draft does not define: the table of drafts agrees with jsonschema's
validators (which restore judges by), the lint says so (T605), the rendition leaves them as the
draft's validators do, and the ledger claims no enforcement on read that restore does not do."""

from __future__ import annotations

import jsonschema
import pytest

import tierone
from tests.served import assert_served
from tierone.core import dialects
from tierone.core.validation import dialect

#: for each keyword some drafts define and others do not: a schema using it, and a value that
#: the schema refuses wherever its draft defines the keyword (and takes where it does not)
PROBES = {
    "allOf": ({"allOf": [{"type": "string"}]}, 1),
    "anyOf": ({"anyOf": [{"type": "string"}]}, 1),
    "oneOf": ({"oneOf": [{"type": "string"}]}, 1),
    "not": ({"not": {"type": "integer"}}, 1),
    "minProperties": ({"minProperties": 1}, {}),
    "maxProperties": ({"maxProperties": 0}, {"a": 1}),
    "multipleOf": ({"multipleOf": 2}, 3),
    "const": ({"const": 1}, 2),
    "contains": ({"contains": {"type": "string"}}, [1]),
    "propertyNames": ({"propertyNames": {"maxLength": 1}}, {"ab": 1}),
    "if": ({"if": {"type": "integer"}, "then": {"minimum": 5}, "else": {"type": "null"}}, 1),
    "then": ({"if": {"type": "integer"}, "then": {"minimum": 5}}, 1),
    "else": ({"if": {"type": "integer"}, "else": {"type": "null"}}, "a"),
    "dependentRequired": ({"dependentRequired": {"a": ["b"]}}, {"a": 1}),
    "dependentSchemas": ({"dependentSchemas": {"a": {"required": ["b"]}}}, {"a": 1}),
    "unevaluatedProperties": ({"unevaluatedProperties": False}, {"a": 1}),
    "unevaluatedItems": ({"unevaluatedItems": False}, [1]),
    "minContains": ({"contains": {"type": "integer"}, "minContains": 2}, [1]),
    "maxContains": ({"contains": {"type": "integer"}, "maxContains": 1}, [1, 2]),
    "prefixItems": ({"prefixItems": [{"type": "string"}]}, [1]),
    "dependencies": ({"dependencies": {"a": ["b"]}}, {"a": 1}),
}


def _named(draft: str) -> dict[str, str]:
    part = dict(dialects.DRAFTS)[draft]
    return {"$schema": f"http://{part}#"}


def test_every_keyword_the_table_lets_vary_has_a_probe():
    assert set(PROBES) == set(dialects.VARYING)


def test_the_keywords_jsonschema_validates_that_no_rule_knows_are_draft_3_s():
    from tierone.linter.engine import KNOWN_KEYWORDS

    drafts = [getattr(jsonschema, f"Draft{n}Validator") for n in (3, 4, 6, 7, 201909, 202012)]
    validated = set().union(*(cls.VALIDATORS for cls in drafts))
    assert validated - KNOWN_KEYWORDS == dialects.DRAFT_3_ONLY
    assert dialects.DRAFT_3_ONLY <= set(jsonschema.Draft3Validator.VALIDATORS)


@pytest.mark.parametrize("draft", [name for name, _ in dialects.DRAFTS])
@pytest.mark.parametrize("keyword", sorted(PROBES))
def test_the_table_says_what_jsonschema_does(draft, keyword):
    """Derived from the validators restore judges by, so the table cannot drift from them: a
    keyword is undefined in a draft exactly where that draft's validator ignores it."""
    schema, refused = PROBES[keyword]
    schema = {**_named(draft), **schema}
    ignored = dialect(schema)(schema).is_valid(refused)
    assert (keyword in dialects.undefined_keywords(schema)) == ignored


@pytest.mark.parametrize(
    ("uri", "draft", "validator"),
    [
        ("http://json-schema.org/draft-07/schema#", "draft-07", jsonschema.Draft7Validator),
        ("https://json-schema.org/draft-07/schema#", "draft-07", jsonschema.Draft7Validator),  # jsonschema: 2020-12
        ("http://json-schema.org/draft-04/schema", "draft-04", jsonschema.Draft4Validator),
        ("https://json-schema.org/draft/2019-09/schema", "2019-09", jsonschema.Draft201909Validator),
        ("http://json-schema.org/schema#", "2020-12", jsonschema.Draft202012Validator),
        ("https://example.com/my-meta-schema", "2020-12", jsonschema.Draft202012Validator),
    ],
)
def test_restore_reads_the_draft_the_rewriter_and_the_linter_read(uri, draft, validator):
    assert dialects.draft_of({"$schema": uri}) == draft
    assert dialect({"$schema": uri}) is validator


#: JSON Schema Store's Azure Functions `function.json` in small: a draft-04 schema picking each
#: binding by a `const` in a `oneOf`
AZURE = {
    "$schema": "http://json-schema.org/draft-04/schema#",
    "type": "object",
    "properties": {"kind": {"type": "string", "const": "http"}, "route": {"type": "string"}},
    "required": ["kind"],
}


def _found(schema, profile="openai"):
    return [(d.code, str(d.pointer), d.message) for d in tierone.lint(schema, profile=profile).diagnostics]


def test_the_lint_says_the_draft_ignores_the_keyword():
    (finding,) = [f for f in _found(AZURE) if f[0] == "T605"]
    assert finding[1] == "/properties/kind"
    assert "unknown keyword `const` in draft-04 (its `$schema`): draft-06 brought it" in finding[2]
    later = {**AZURE, "$schema": "http://json-schema.org/draft-06/schema#"}
    assert not [f for f in _found(later) if f[0] == "T605"]


def test_a_keyword_a_vendor_refuses_is_still_its_rule_s_finding_too():
    """The vendors read no `$schema`: the schema as written still carries the keyword to them."""
    codes = {code for code, _, _ in _found(AZURE, "tier1")}
    assert {"T213", "T605"} <= codes


def test_dependencies_in_a_schema_naming_no_draft_is_read_as_2020_12_reads_it():
    schema = {"type": "object", "properties": {"a": {"type": "string"}}, "dependencies": {"a": ["b"]}}
    messages = [m for code, _, m in _found(schema) if code == "T605"]
    assert messages and "2019-09 split it into `dependentRequired` and `dependentSchemas`" in messages[0]
    assert "a schema naming no draft is read so" in messages[0]


@pytest.mark.parametrize("profile", ["openai", "anthropic", "gemini", "tier1"])
def test_the_rendition_takes_what_the_original_s_draft_takes(profile):
    """Before: the rendition kept `const` (every vendor enforces it) though the original's
    validators ignore it: an answer the original takes (`"kind": "ftp"`) could not be given."""
    done = assert_served(AZURE, profile, [{"kind": "ftp"}, {"kind": "http", "route": "a"}])
    assert "const" not in str(done.schema)
    (change,) = [c for c in done.changes if c.rule == "T605"]
    assert not change.loosens  # the original never asked for it: nothing for restore to enforce


def test_the_ledger_claims_on_read_only_what_restore_enforces():
    """Before: `dependencies` in a schema naming no draft was stated in the description as a
    loosening "restore enforces", and restore (reading 2020-12) took every answer without it."""
    body = {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}}
    plain = {**body, "dependencies": {"a": ["b"]}}
    assert not tierone.rewrite(plain, "openai").loosened
    assert tierone.restore({"a": "x", "b": None}, plain) == ({"a": "x"}, ())
    draft7 = {**plain, "$schema": "http://json-schema.org/draft-07/schema#"}
    assert [c.rule for c in tierone.rewrite(draft7, "openai").loosened] == ["T205"]
    assert tierone.restore({"a": "x", "b": None}, draft7).errors  # draft 7 defines it: enforced on read


def test_a_keyword_removed_takes_the_findings_inside_it_along():
    schema = {"$schema": "http://json-schema.org/draft-04/schema#", "type": "object", "if": {"const": 1}}
    done = tierone.rewrite(schema, "openai")
    assert [(c.rule, str(c.pointer)) for c in done.changes if c.rule == "T605"] == [("T605", "")]
