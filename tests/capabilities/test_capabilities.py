"""Capabilities: generating an honest document, and checking one against its claims."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.conftest import ROOT
from tierone import capabilities
from tierone.capabilities.checker import schema_problems
from tierone.cli import app
from tierone.core.errors import InputError

HOST = ROOT / "examples" / "host"
runner = CliRunner()
LIMITS = {"clarificationRounds": 3, "schemaRounds": 3, "envelopesPerTurn": 32}


def config(**fields):
    data = {"limits": LIMITS, "universal": "strict", **fields}
    return capabilities.parse_config(data, str(HOST / "host.yaml"))


def run(*args, input=None):
    result = runner.invoke(app, list(args), input=input, catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


class TestGenerate:
    @pytest.mark.parametrize("compliance", ["strict", "warn", "off"])
    @pytest.mark.parametrize("directive", ["advisory", "mandatory", "off"])
    def test_each_tristate_and_directive(self, compliance, directive):
        result = capabilities.generate(config(compliance=compliance, promptDirective=directive))
        assert result.ok and result.granted == compliance
        envelopes = result.document["envelopes"]
        assert envelopes == {
            "reasoning": {"supported": True, "promptDirective": directive},
            "tierOneSubsetCompliance": compliance,
        }
        assert schema_problems(result.document) == []

    def test_dishonest_strict_is_refused_with_the_canonical_schemas(self):
        result = capabilities.generate(config(universal="canonical", compliance="strict"))
        assert not result.ok and result.granted is None
        assert set(result.findings) == {"clarification.request", "schema.request", "schema.response", "error"}
        assert any("T301" in f for f in result.findings["error"])

    def test_downgrade_says_so(self):
        result = capabilities.generate(config(universal="canonical", compliance="strict"), allow_downgrade=True)
        assert result.granted == "warn" and result.document["envelopes"]["tierOneSubsetCompliance"] == "warn"
        assert any("downgraded" in note for note in result.notes)

    def test_strict_is_granted_with_the_strict_renditions(self):
        assert capabilities.generate(config(compliance="strict")).granted == "strict"

    def test_served_kinds_universal_first_and_versions_cover_every_kind(self):
        result = capabilities.generate(
            config(
                servedKinds=["vendor.example.plan.generate"],
                schemas=["schemas/envelopes"],
                schemaVersions={"vendor.example.plan.generate": 2},
            )
        )
        document = result.document
        assert document["supportedEnvelopes"][:4] == [
            "clarification.request",
            "schema.request",
            "schema.response",
            "error",
        ]
        assert set(document["schemaVersions"]) == set(document["supportedEnvelopes"])
        assert document["schemaVersions"]["vendor.example.plan.generate"] == 2

    def test_reasoning_support_needs_every_kind_that_should_declare_it(self, tmp_path):
        (tmp_path / "vendor.acme.plan.schema.json").write_text(
            json.dumps(
                {
                    "type": "object",
                    "properties": {"x": {"type": "string"}},
                    "required": ["x"],
                    "additionalProperties": False,
                }
            )
        )
        result = capabilities.generate(config(servedKinds=["vendor.acme.plan"]), [tmp_path])
        assert result.document["envelopes"]["reasoning"]["supported"] is False
        assert any("vendor.acme.plan" in note for note in result.notes)

    def test_missing_schema_is_an_input_error(self):
        with pytest.raises(InputError, match=r"no vendor\.acme\.nope\.schema\.json"):
            capabilities.generate(config(servedKinds=["vendor.acme.nope"]))

    def test_example_document(self, json_snapshot):
        host = capabilities.load_config(str(HOST / "host.yaml"))
        assert capabilities.generate(host).document == json_snapshot

    @pytest.mark.parametrize("compliance", ["strict", "warn", "off"])
    def test_documents_per_claim(self, compliance, json_snapshot):
        universal = "strict" if compliance == "strict" else "canonical"
        document = capabilities.generate(
            config(compliance=compliance, universal=universal, promptDirective="mandatory")
        ).document
        assert document == json_snapshot

    def test_deterministic(self):
        host = capabilities.load_config(str(HOST / "host.yaml"))
        assert capabilities.generate(host) == capabilities.generate(host)


class TestConfigErrors:
    @pytest.mark.parametrize(
        "data, fragment",
        [
            ({"limits": LIMITS, "complience": "strict"}, "complience: unknown key"),
            ({"limits": LIMITS, "compliance": True}, "compliance:"),
            (
                {"limits": {"clarificationRounds": -1, "schemaRounds": 1, "envelopesPerTurn": 1}},
                "limits.clarificationRounds",
            ),
            ({}, "limits: Field required"),
            ([1], "must be a mapping"),
        ],
    )
    def test_precise_errors(self, data, fragment):
        with pytest.raises(InputError) as caught:
            capabilities.parse_config(data, "host.yaml")
        assert fragment in caught.value.message and caught.value.path == "host.yaml"

    def test_cli_bad_config_is_2(self, tmp_path):
        bad = tmp_path / "host.toml"
        bad.write_text(
            'compliance = "strict"\n[limits]\nclarificationRounds = "three"\nschemaRounds = 1\nenvelopesPerTurn = 1\n'
        )
        result = run("capabilities", "generate", "-c", str(bad))
        assert result.exit_code == 2 and "limits.clarificationRounds" in result.stderr and "host.toml" in result.stderr


class TestCheck:
    def document(self, **envelopes):
        result = capabilities.generate(config(compliance="strict"))
        document = json.loads(json.dumps(result.document))
        document["envelopes"].update(envelopes)
        return document

    def test_boolean_is_an_error_with_the_migration_hint(self):
        report = capabilities.check(self.document(tierOneSubsetCompliance=True))
        assert not report.ok
        (problem,) = [p for p in report.problems if p.pointer == "/envelopes/tierOneSubsetCompliance"]
        assert "boolean" in problem.message and '"strict"' in problem.message

    def test_hint_follows_what_the_schemas_pass(self):
        report = capabilities.check(self.document(tierOneSubsetCompliance=True), [], universal="canonical")
        hint = next(p.message for p in report.problems if "boolean" in p.message)
        assert 'use "warn"' in hint

    def test_legacy_wrapper_is_reported(self):
        document = self.document()
        document["capabilities"] = {"envelopes": document["envelopes"]}
        assert any(p.pointer == "/capabilities" for p in capabilities.check(document).problems)

    def test_unknown_prompt_directive(self):
        document = self.document(reasoning={"supported": True, "promptDirective": "loud"})
        assert any("promptDirective" in p.message for p in capabilities.check(document).problems)

    def test_claims_proved_against_schemas(self):
        report = capabilities.check(self.document(), [HOST / "schemas" / "envelopes"], universal="strict")
        assert report.ok and [s.status for s in report.scenarios] == ["pass", "pass", "pass", "pass"]

    def test_false_strict_claim_fails_the_strict_leg(self):
        report = capabilities.check(self.document(), [], universal="canonical")
        strict_leg = {s.name: s for s in report.scenarios}["envelope-tier-one-subset-static (strict leg)"]
        assert strict_leg.status == "fail" and not report.ok

    def test_advertised_kind_without_schema(self, tmp_path):
        document = self.document()
        document["supportedEnvelopes"].append("vendor.acme.ghost")
        document["schemaVersions"]["vendor.acme.ghost"] = 1
        report = capabilities.check(document, [tmp_path], universal="strict")
        assert any("vendor.acme.ghost has no schema" in p.message for p in report.problems)

    def test_v2_envelopes_family(self):
        document = {
            "protocolVersions": ["2.0"],
            "preferredVersion": "2.0",
            "envelopes": {
                "status": "stable",
                "since": "2.0",
                "witness": "claims-check",
                "reasoning": {"promptDirective": "advisory"},
                "tierOneSubsetCompliance": "warn",
            },
        }
        report = capabilities.check(document)
        assert report.shape == "v2" and report.ok
        document["envelopes"]["reasoning"]["supported"] = True
        assert any(p.pointer.startswith("/envelopes/reasoning") for p in capabilities.check(document).problems)
        document["envelopes"]["reasoning"] = {"promptDirective": "advisory"}
        document["envelopes"]["status"] = "experimental"
        assert not capabilities.check(document).ok  # experimental needs `until`


class TestCli:
    def test_generate_write_and_check(self, tmp_path):
        host = tmp_path / "host"
        shutil.copytree(HOST, host)
        out = host / "capabilities.json"
        out.unlink(missing_ok=True)
        assert run("capabilities", "generate", "-c", str(host / "host.yaml"), "-o", str(out)).exit_code == 0
        assert run("capabilities", "generate", "-c", str(host / "host.yaml"), "-o", str(out), "--check").exit_code == 0
        out.write_text(out.read_text().replace('"strict"', '"warn"'))
        assert run("capabilities", "generate", "-c", str(host / "host.yaml"), "-o", str(out), "--check").exit_code == 1

    def test_refusal_writes_nothing(self, tmp_path):
        cfg = tmp_path / "host.yaml"
        cfg.write_text(
            "universal: canonical\ncompliance: strict\nlimits: {clarificationRounds: 1, schemaRounds: 1, envelopesPerTurn: 1}\n"
        )
        out = tmp_path / "caps.json"
        result = run("capabilities", "generate", "-c", str(cfg), "-o", str(out))
        assert result.exit_code == 1 and not out.exists() and 'refused "strict"' in result.stderr

    def test_check_table_and_json(self):
        doc = str(HOST / "capabilities.json")
        text = run(
            "capabilities", "check", doc, "--schemas", str(HOST / "schemas" / "envelopes"), "--universal", "strict"
        )
        assert text.exit_code == 0 and re.search(r"envelope-tier-one-subset-static \(strict leg\) +pass", text.stdout)
        report = json.loads(run("capabilities", "check", doc, "--format", "json").stdout)
        assert report["valid"] is True and report["shape"] == "v1"

    @pytest.mark.parametrize("content", ["{not json", "[1, 2]"])
    def test_bad_documents(self, tmp_path, content):
        path = tmp_path / "caps.json"
        path.write_text(content)
        result = run("capabilities", "check", str(path))
        assert result.exit_code == 2 and result.stderr.count("error") == 1
        assert ("invalid JSON" if content.startswith("{not") else "JSON object") in result.stderr

    def test_shipped_example_is_current(self):
        result = run(
            "capabilities", "generate", "-c", str(HOST / "host.yaml"), "-o", str(HOST / "capabilities.json"), "--check"
        )
        assert result.exit_code == 0, result.stderr


class TestConfiguration:
    def test_check_honours_low_reasoning_kinds_from_the_configuration(self, tmp_path, monkeypatch):
        from tierone.linter.config import LOW_REASONING_KINDS

        host = shutil.copytree(HOST, tmp_path / "host")
        schema_path = host / "schemas" / "envelopes" / "vendor.example.plan.generate.schema.json"
        schema = json.loads(schema_path.read_text())
        del schema["properties"]["reasoning"]
        schema["required"].remove("reasoning")
        schema_path.write_text(json.dumps(schema))
        monkeypatch.chdir(tmp_path)
        args = [
            "capabilities",
            "check",
            "host/capabilities.json",
            "--schemas",
            "host/schemas/envelopes",
            "--universal",
            "strict",
        ]
        assert run(*args).exit_code == 1
        kinds = json.dumps([*LOW_REASONING_KINDS, "vendor.example.plan.generate"])
        (tmp_path / "pyproject.toml").write_text(f"[tool.tierone]\nlow-reasoning-kinds = {kinds}\n")
        assert run(*args).exit_code == 0
        assert run(*args, "--isolated").exit_code == 1
        (tmp_path / "elsewhere.toml").write_text('low-reasoning-kinds = ["nope"]\n')
        assert run(*args, "--config", "elsewhere.toml").exit_code == 1

    def test_generate_output_naming_its_configuration_is_refused(self, tmp_path):
        host = shutil.copytree(HOST, tmp_path / "host")
        before = (host / "host.yaml").read_bytes()
        result = run("capabilities", "generate", "-c", str(host / "host.yaml"), "-o", str(host / "host.yaml"))
        assert result.exit_code == 2 and "refusing to overwrite" in result.stderr
        assert (host / "host.yaml").read_bytes() == before


def test_generated_documents_are_valid_against_the_shipped_schema():
    schema = capabilities.capabilities_schema("v1")
    assert schema["properties"]["envelopes"]["properties"]["tierOneSubsetCompliance"]["enum"] == [
        "strict",
        "warn",
        "off",
    ]
    assert Path(HOST / "capabilities.json").exists()
