"""Generated docs are current: they come from the same table as the code."""

from __future__ import annotations

import pytest

from tests.conftest import ROOT
from tierone.cli.apidocs import EXAMPLE
from tierone.cli.apidocs import PAGES as API_PAGES
from tierone.cli.clidocs import PAGES as CLI_PAGES
from tierone.linter.ruledocs import PAGES as RULE_PAGES
from tierone.subset.requestdocs import PAGES as REQUEST_PAGES

PAGES = {**RULE_PAGES, **API_PAGES, **CLI_PAGES, **REQUEST_PAGES}


@pytest.mark.parametrize("name", sorted(PAGES))
def test_generated_page_is_current(name):
    on_disk = (ROOT / "docs" / name).read_text(encoding="utf-8")
    assert on_disk == PAGES[name](), f"docs/{name} is stale: run `python scripts/generate_docs.py`"


def test_rules_page_documents_every_rule():
    from tierone.subset.table import FEATURES

    page = PAGES["rules.md"]()
    for feature in FEATURES:
        assert f"### {feature.name} ({feature.code})" in page


def test_api_page_example_runs():
    import doctest

    parser = doctest.DocTestParser()
    test = parser.get_doctest(EXAMPLE, {}, "api.md", "docs/api.md", 0)
    result = doctest.DocTestRunner().run(test)
    assert result.attempted >= 4 and result.failed == 0


def test_api_page_documents_every_public_name():
    import tierone
    import tierone.capabilities
    import tierone.envelopes

    page = API_PAGES["api.md"]()
    for name in (n for n in tierone.__all__ if n not in ("__version__", "envelopes", "capabilities")):
        assert f"### `tierone.{name}`" in page
    for module in (tierone.envelopes, tierone.capabilities):
        for name in module.__all__:
            assert f"### `{module.__name__}.{name}`" in page


def test_cli_page_documents_every_command_and_option():
    import typer

    from tierone.cli import full_app

    page = CLI_PAGES["cli.md"]()
    root = typer.main.get_command(full_app())
    for name, command in root.commands.items():
        leaves = getattr(command, "commands", {name: command})
        for leaf_name, leaf in leaves.items():
            path = f"tierone {name}" if leaf is command else f"tierone {name} {leaf_name}"
            section = page.split(f"## `{path}`\n", 1)[1].split("\n## ", 1)[0]
            for param in leaf.params:
                if param.param_type_name == "option" and param.name != "help":
                    assert f"`{param.opts[0]}`" in section, (path, param.opts)


def test_the_rewrite_page_lists_every_pass_in_order():
    import re

    from tierone.rewriter.passes import PASSES

    page = (ROOT / "docs" / "rewrite.md").read_text(encoding="utf-8")
    listed = re.findall(r"^\| ([a-z_]+) \|", page, flags=re.MULTILINE)
    assert listed == ["pass", *(step.__name__ for step in PASSES)]  # the header row, then each pass


def test_security_page_states_the_limits_the_code_enforces():
    """The security model's table gives the numbers the code uses (no figure can drift)."""
    from tierone.core import depth, patterns, source
    from tierone.core.refs import MAX_REF_HOPS
    from tierone.envelopes.reasoning import MIN_SECRET_LENGTH

    page = (ROOT / "docs" / "security.md").read_text(encoding="utf-8")
    stated = {
        "bytes": f"{source.MAX_BYTES:,} bytes",
        "depth": f"| {source.MAX_DEPTH:,} levels |",
        "nodes": f"| {source.MAX_NODES:,} |",
        "judged": f"| {depth.MAX_JUDGED_DEPTH:,} levels |",
        "pattern": f"| {patterns.PATTERN_SECONDS:g} s |",
        "budget": f"| {patterns.PATTERN_BUDGET_SECONDS:g} s |",
        "hops": f"| {MAX_REF_HOPS} |",
        "secret": f"| {MIN_SECRET_LENGTH} characters |",
    }
    missing = {name: text for name, text in stated.items() if text not in page}
    assert not missing, f"docs/security.md does not state: {missing}"


def test_security_page_states_what_a_repository_file_may_name():
    """The section on untrusted files gives the fields, limits and markers the code uses."""
    from tierone.core.confine import PROJECT_MARKERS
    from tierone.core.rendition_names import FIELDS, OUTPUT_FIELDS
    from tierone.linter.config import CONFIG_FILES, MAX_CONFIG_BYTES
    from tierone.subset.kinds import MAX_KIND_LENGTH

    page = (ROOT / "docs" / "security.md").read_text(encoding="utf-8")
    section = page.split("## What a file in the repository may make tierone read or write\n", 1)[1]
    section = section.split("\n## ", 1)[0]
    stated = [f"`{{{field}}}`" for field in (*FIELDS, *OUTPUT_FIELDS)]
    stated += [
        f"{MAX_CONFIG_BYTES:,} bytes ({MAX_CONFIG_BYTES // 1024 // 1024} MiB)",
        f"at most {MAX_KIND_LENGTH} characters",
    ]
    stated += [f"`{name}`" for name in (*PROJECT_MARKERS, *CONFIG_FILES)]
    missing = [text for text in stated if text not in section]
    assert not missing, f"docs/security.md does not state: {missing}"


def _judge_results():
    import json

    saved = ROOT / "docs" / "judges.json"
    return json.loads(saved.read_text(encoding="utf-8")) if saved.exists() else None


def test_the_profiles_page_is_the_profiles_and_the_saved_judge_run():
    from tierone.rewriter.passes.budgets import RULES
    from tierone.subset.profiledocs import page
    from tierone.subset.profiles import PROFILES

    on_disk = (ROOT / "docs" / "profiles.md").read_text(encoding="utf-8")
    results = _judge_results()
    assert on_disk == page(results, RULES), "docs/profiles.md is stale: run `python scripts/generate_docs.py`"
    assert "nesting depth 5*" in on_disk  # a limit kept by encoding is marked
    assert all(f"| `{name}` |" in on_disk for name in PROFILES)
    if results is not None:
        assert all(f"| `{name}` | {row['schemas']} |" in on_disk for name, row in results["profiles"].items())


def test_the_profiles_page_lists_what_each_judge_still_rejects():
    from tierone.subset.profiledocs import page

    row = {
        "schemas": 3,
        "rewritten": 2,
        "refused": 1,
        "crashed": 0,
        "timed out": 0,
        "accepted": 1,
        "judges": {
            "outlines-core": {
                "rejected": 1,
                "pointer": "/properties/host",
                "example": "c/a.json",
                "detail": "ValueError: Format hostname is not supported by Outlines",
            }
        },
    }
    text = page({"files": 3, "corpus": "c", "every": 1, "profiles": {"openai": row}})
    assert (
        '- `openai`, outlines-core (1): "ValueError: Format hostname is not supported by Outlines", first in '
        "`c/a.json` at `/properties/host`."
    ) in text
    assert "still rejects" not in page(
        {"files": 3, "corpus": "c", "every": 1, "profiles": {"openai": {**row, "judges": {}}}}
    )


def test_the_profiles_page_says_how_each_profile_spells_null():
    from tierone.subset.profiledocs import null_spelling, ordering

    assert null_spelling("openai") == '`"type": ["string", "null"]`'
    assert null_spelling("gemini-openapi") == '`"nullable": true`'
    assert null_spelling("anthropic").startswith('`"anyOf"') and null_spelling("vendors").startswith('`"anyOf"')
    assert null_spelling("tier1") == null_spelling("openai")  # RFC 0030 §D's type list (a prescribed cell)
    assert ordering("gemini") == ordering("gemini-openapi") != ordering("openai")


def test_the_requests_page_lists_every_kind_and_every_limit_across_a_request():
    from tierone.subset.table import FEATURES
    from tierone.vendors.requests import KINDS

    page = REQUEST_PAGES["requests.md"]()
    assert all(f"`{kind}`" in page for kind in KINDS)
    assert all(f"| {f.code} {f.name} |" in page for f in FEATURES if f.per_request)
