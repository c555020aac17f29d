"""Envelope schemas (canonical and strict), the reasoning helpers, and `tierone envelopes`."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import ClassVar

import pytest
from typer.testing import CliRunner

from tierone import envelopes, lint, restore, rewrite, to_strict_form
from tierone.cli import app
from tierone.subset import reference

KINDS = envelopes.kinds()
WITH_REASONING = [k for k in KINDS if k != "schema.response"]
STRICT_ID = "https://tierone.dev/schemas/envelopes/strict/{kind}.schema.json"
PAYLOADS = {
    "clarification.request": {
        "questions": [{"id": "q1", "question": "Which region?", "context": {"options": ["eu", "us"]}}],
        "contextType": "deployment",
    },
    "schema.request": {"envelopeType": "vendor.acme.plan", "reason": "unknown kind"},
    "schema.response": {"envelopeType": "vendor.acme.plan", "ack": True},
    "error": {"code": "E_INPUT", "message": "The brief is empty.", "details": {"field": "brief"}},
}
runner = CliRunner()


class TestCanonical:
    @pytest.mark.parametrize("kind", KINDS)
    def test_payload_validates_without_reasoning(self, kind):
        assert envelopes.validate(kind, PAYLOADS[kind]).ok

    @pytest.mark.parametrize("kind", WITH_REASONING)
    def test_reasoning_is_an_optional_first_string(self, kind):
        schema = envelopes.schema(kind)
        assert next(iter(schema["properties"])) == "reasoning"
        assert schema["properties"]["reasoning"]["type"] == "string"
        assert "reasoning" not in schema["required"]
        assert schema["$id"].endswith(f"/{kind}.schema.json") and schema["additionalProperties"] is False
        assert envelopes.validate(kind, {"reasoning": "Because the brief names two regions.", **PAYLOADS[kind]}).ok
        errors = envelopes.validate(kind, {"reasoning": 42, **PAYLOADS[kind]}).errors
        assert ("/reasoning", "42 is not of type 'string'") in errors

    def test_schema_response_has_no_reasoning(self):
        assert "reasoning" not in envelopes.schema("schema.response")["properties"]
        assert not envelopes.validate("schema.response", {"reasoning": "x", **PAYLOADS["schema.response"]}).ok

    @pytest.mark.parametrize("kind", KINDS)
    def test_reasoning_rules_pass(self, kind):
        codes = {d.code for d in lint(envelopes.schema(kind), envelope_kind=kind).diagnostics}
        assert not {c for c in codes if c.startswith("T7")}

    def test_unknown_kind(self):
        with pytest.raises(envelopes.UnknownKind):
            envelopes.schema("nope")


class TestStrict:
    @pytest.mark.parametrize("kind", KINDS)
    def test_strict_rendition_is_the_current_rewrite(self, kind):
        made = rewrite(envelopes.schema(kind), id=STRICT_ID.format(kind=kind))
        assert made.ok and made.schema == envelopes.schema(kind, strict=True)

    @pytest.mark.parametrize("kind", KINDS)
    def test_rewrite_check_command_passes(self, kind, tmp_path):
        folder = resources.files("tierone.envelopes").joinpath("schemas")
        canonical = str(folder.joinpath(f"{kind}.schema.json"))
        strict = str(folder.joinpath("strict", f"{kind}.schema.json"))
        result = runner.invoke(
            app, ["rewrite", canonical, "--id", STRICT_ID.format(kind=kind), "-o", strict, "--check"]
        )
        assert result.exit_code == 0, result.output

    @pytest.mark.parametrize("kind", KINDS)
    def test_clean_under_tier1_and_the_reference_strict_leg(self, kind):
        schema = envelopes.schema(kind, strict=True)
        assert lint(schema, envelope_kind=kind).ok
        assert reference.violations(schema, "strict") == []

    def test_canonical_fails_the_reference_strict_leg_as_documented(self):
        counts = {kind: len(reference.violations(envelopes.schema(kind), "strict")) for kind in KINDS}
        assert counts == {"clarification.request": 11, "schema.request": 5, "schema.response": 2, "error": 6}

    @pytest.mark.parametrize("kind", WITH_REASONING)
    def test_reasoning_is_required_and_nullable(self, kind):
        schema = envelopes.schema(kind, strict=True)
        assert schema["properties"]["reasoning"]["type"] == ["string", "null"]
        assert schema["required"][0] == "reasoning"

    @pytest.mark.parametrize("kind", KINDS)
    def test_round_trip_canonical_strict_answer_restore(self, kind):
        import jsonschema

        canonical, strict = envelopes.schema(kind), envelopes.schema(kind, strict=True)
        for payload in (
            PAYLOADS[kind],
            {"reasoning": "Thinking first.", **PAYLOADS[kind]} if kind in WITH_REASONING else PAYLOADS[kind],
        ):
            answer = to_strict_form(payload, canonical)
            jsonschema.Draft202012Validator(strict).validate(answer)
            assert restore(answer, canonical).payload == payload
            assert envelopes.validate(kind, answer).ok


class TestHelpers:
    def test_vendor_kinds(self):
        assert envelopes.is_vendor_kind("vendor.acme.prd.generate")
        for name in ("vendor.acme", "acme.plan", "vendor..x", "clarification.request"):
            assert not envelopes.is_vendor_kind(name)

    def test_with_reasoning(self):
        schema = {"type": "object", "properties": {"plan": {"type": "string"}}, "propertyOrdering": ["plan"]}
        out = envelopes.with_reasoning(schema)
        assert list(out["properties"]) == ["reasoning", "plan"] and out["propertyOrdering"] == ["reasoning", "plan"]
        assert out["properties"]["reasoning"]["type"] == "string" and "required" not in out
        assert schema == {"type": "object", "properties": {"plan": {"type": "string"}}, "propertyOrdering": ["plan"]}

    @pytest.mark.parametrize("strength, word", [("advisory", "When it helps"), ("mandatory", "Before any other field")])
    def test_directive(self, strength, word):
        text = envelopes.directive(envelopes.schema("error"), strength)
        assert text is not None and word in text and "accept" in text

    def test_no_directive_when_off_or_without_reasoning(self):
        assert envelopes.directive(envelopes.schema("error"), "off") is None
        assert envelopes.directive(envelopes.schema("schema.response"), "advisory") is None
        with pytest.raises(ValueError):
            envelopes.directive(envelopes.schema("error"), "loud")

    def test_split_reasoning_and_trust(self):
        payload = {"reasoning": "secret plan", "code": "E"}
        split = envelopes.split_reasoning(payload, contributing=["trusted", "untrusted"])
        assert split == ("secret plan", {"code": "E"}, "untrusted")
        assert payload == {"reasoning": "secret plan", "code": "E"}
        assert envelopes.split_reasoning({"code": "E"}).reasoning is None
        assert envelopes.split_reasoning({"reasoning": None, "code": "E"}).visible == {"code": "E"}


class TestRedaction:
    SECRETS: ClassVar[dict[str, str]] = {
        "key-long": "sk-live-0123456789abcdef",
        "key-short": "sk-live-0123",
        "pin": "1234",
    }

    def test_everywhere_longest_first_with_counts(self):
        payload = {
            "reasoning": "Used sk-live-0123456789abcdef then sk-live-0123 twice: sk-live-0123.",
            "details": {"bag": {"deep": ["x sk-live-0123456789abcdef", 1, None]}, "pin": "1234"},
        }
        original = copy.deepcopy(payload)
        result = envelopes.redact(payload, self.SECRETS)
        assert result.count == 4
        assert (
            result.payload["reasoning"]
            == "Used [REDACTED:key-long] then [REDACTED:key-short] twice: [REDACTED:key-short]."
        )
        assert result.payload["details"]["bag"]["deep"][0] == "x [REDACTED:key-long]"
        assert result.payload["details"]["pin"] == "1234"  # under 8 characters: not redacted
        assert payload == original

    def test_markers_already_present_stay(self):
        result = envelopes.redact({"reasoning": "[REDACTED:old] and sk-live-0123456789abcdef"}, self.SECRETS)
        assert result.payload == {"reasoning": "[REDACTED:old] and [REDACTED:key-long]"} and result.count == 1

    def test_credential_references_are_flagged(self):
        result = envelopes.redact({"reasoning": "use secret:tenant:meta-ads-api-token:v3"}, {})
        assert result.references == (("/reasoning", "secret:tenant:meta-ads-api-token:v3"),)

    def test_bad_ids_are_refused_without_the_value(self):
        with pytest.raises(ValueError) as caught:
            envelopes.redact({}, {"bad id": "sk-live-0123456789abcdef"})
        assert "sk-live" not in str(caught.value)
        assert "sk-live" not in repr(envelopes.Secret("a", "sk-live-0123456789abcdef"))


class TestCli:
    def run(self, *args, input=None):
        result = runner.invoke(app, list(args), input=input, catch_exceptions=False)
        assert "Traceback" not in result.output
        return result

    def test_list_and_show(self):
        assert "schema.response" in self.run("envelopes", "list").stdout
        shown = json.loads(self.run("envelopes", "show", "error", "--strict").stdout)
        assert shown == envelopes.schema("error", strict=True)

    def test_validate_exit_codes(self):
        assert self.run("envelopes", "validate", "error", "-", input=json.dumps(PAYLOADS["error"])).exit_code == 0
        bad = self.run("envelopes", "validate", "error", "-", input='{"code": "", "message": "m", "reasoning": 42}')
        assert bad.exit_code == 1 and "[/reasoning]" in bad.stderr and "[/code]" in bad.stderr
        assert self.run("envelopes", "validate", "nope", "-", input="{}").exit_code == 2
        assert self.run("envelopes", "validate", "error", "-", input="{not json").exit_code == 2

    def test_directive(self):
        assert "reasoning" in self.run("envelopes", "directive", "error").stdout
        assert self.run("envelopes", "directive", "error", "--strength", "off").stdout == ""

    def test_redact_and_secrets_file_errors_never_echo_secrets(self, tmp_path):
        secrets = tmp_path / "secrets.json"
        secrets.write_text(json.dumps({"byok-1": "sk-live-0123456789abcdef"}))
        result = self.run(
            "envelopes", "redact", "-", "--secrets", str(secrets), input='{"reasoning": "sk-live-0123456789abcdef"}'
        )
        assert (
            json.loads(result.stdout) == {"reasoning": "[REDACTED:byok-1]"} and "redacted 1 occurrence" in result.stderr
        )
        secrets.write_text(json.dumps([{"id": "bad id", "value": "sk-live-0123456789abcdef"}]))
        bad = self.run(
            "envelopes", "redact", "-", "--secrets", str(secrets), input='{"reasoning": "sk-live-0123456789abcdef"}'
        )
        assert bad.exit_code == 2 and "sk-live" not in bad.output
        secrets.write_text('{"byok-1": 12345678}')
        bad = self.run("envelopes", "redact", "-", "--secrets", str(secrets), input="{}")
        assert bad.exit_code == 2 and "12345678" not in bad.output
