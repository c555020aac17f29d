"""Inline suppressions: YAML comments and JSON ``$comment`` members, applied by the engine;
unused ones reported as T801; renditions never carry them."""

from __future__ import annotations

import json

import pytest

from tierone import lint, rewrite
from tierone.core.loading import load_bytes
from tierone.linter.engine import checklist_for, lint_source
from tierone.linter.selection import Selection


def _lint_text(text: str, name: str = "s.schema.yaml", ignore: tuple[str, ...] = ()):
    checklist = checklist_for("tier1", Selection(("ALL",), ignore).enabled())
    return lint_source(load_bytes(text.encode(), name), checklist).diagnostics


def _found(diagnostics) -> set[tuple[str, str]]:
    return {(d.code, str(d.pointer)) for d in diagnostics}


OPEN = """\
type: object
properties:
  a:{a}
    type: string
    minLength: 3{min}
"""


class TestYamlComments:
    def test_a_comment_on_a_key_line_suppresses_its_codes_for_that_member_only(self):
        plain = _found(_lint_text(OPEN.format(a="", min="")))
        assert {("T104", "/properties/a"), ("T301", "/properties/a"), ("T102", "")} <= plain
        found = _found(_lint_text(OPEN.format(a="  # tierone: ignore[T104]", min="")))
        assert ("T104", "/properties/a") not in found
        assert ("T301", "/properties/a") in found and ("T102", "") in found
        assert not any(code == "T801" for code, _ in found)

    def test_several_codes_and_a_family_prefix(self):
        found = _found(_lint_text(OPEN.format(a="  # tierone: ignore[T104, T3]", min="")))
        assert not {("T104", "/properties/a"), ("T301", "/properties/a")} & found

    def test_a_comment_on_a_keyword_line_suppresses_that_keyword_s_finding(self):
        found = _found(_lint_text(OPEN.format(a="", min="  # tierone: ignore[T301]")))
        assert ("T301", "/properties/a") not in found and ("T104", "/properties/a") in found

    def test_ignore_without_codes_suppresses_every_code_on_the_node(self):
        found = _found(_lint_text(OPEN.format(a="  # tierone: ignore", min="")))
        assert not any(pointer == "/properties/a" for _, pointer in found)
        assert ("T102", "") in found

    def test_a_comment_above_the_first_node_is_for_the_root(self):
        found = _found(_lint_text("# tierone: ignore[T102]\n" + OPEN.format(a="", min="")))
        assert ("T102", "") not in found and ("T104", "/properties/a") in found

    def test_a_rule_name_works_as_in_ignore(self):
        found = _found(_lint_text(OPEN.format(a="  # tierone: ignore[optional-property]", min="")))
        rule = {d.rule for d in _lint_text(OPEN.format(a="", min="")) if d.code == "T104"}
        assert rule == {"optional-property"}
        assert ("T104", "/properties/a") not in found

    def test_merge_keys_and_aliases_have_no_line_of_their_own(self):
        text = (
            "x-base: &b\n  type: string\ntype: object\nproperties:\n  a:\n    <<: *b\n"
            "    minLength: 3  # tierone: ignore[T301]\n  c: *b\n"
        )
        found = _found(_lint_text(text))
        assert ("T301", "/properties/a") not in found and ("T104", "/properties/a") in found
        assert not any(code == "T801" for code, _ in found)

    def test_a_directive_inside_a_block_scalar_is_text_not_a_comment(self):
        text = OPEN.format(a="  # tierone: ignore[T301]", min="") + "    description: |\n      # tierone: ignore\n"
        found = _found(_lint_text(text))
        assert ("T104", "/properties/a") in found and ("T301", "/properties/a") not in found
        assert not any(c == "T801" for c, _ in found)


class TestUnused:
    def test_an_unused_code_is_reported_at_the_comment(self):
        (unused,) = [
            d for d in _lint_text(OPEN.format(a="  # tierone: ignore[T104, T201]", min="")) if d.code == "T801"
        ]
        assert (unused.line, unused.column) == (3, 7)
        assert str(unused.pointer) == "/properties/a" and unused.severity == "warning"
        assert "no T201 finding on this node" in unused.message and "T104" not in unused.message.split("(")[1]

    def test_an_unknown_code_is_reported(self):
        (unused,) = [
            d for d in _lint_text(OPEN.format(a="  # tierone: ignore[T104, T999]", min="")) if d.code == "T801"
        ]
        assert "T999 names no rule" in unused.message

    def test_a_directive_on_no_node_s_line_is_reported(self):
        text = OPEN.format(a="", min="") + "# tierone: ignore[T104]\n"
        (unused,) = [d for d in _lint_text(text) if d.code == "T801"]
        assert unused.line == 6 and "no node's line" in unused.message

    def test_ignoring_t801_drops_the_report_but_not_the_suppression(self):
        found = _found(_lint_text(OPEN.format(a="  # tierone: ignore[T104, T201]", min=""), ignore=("T801",)))
        assert not any(code in ("T801", "T104") for code, _ in found)

    def test_json_member_directive_unused_is_placed_at_the_member(self):
        schema = {
            "type": "object",
            "properties": {"a": {"type": "string", "$comment": "tierone: ignore[T301]"}},
            "required": ["a"],
            "additionalProperties": False,
        }
        text = json.dumps(schema, indent=2)
        (unused,) = [d for d in _lint_text(text, "s.schema.json") if d.code == "T801"]
        assert (unused.line, unused.keyword, str(unused.pointer)) == (6, "$comment", "/properties/a")


MEMBER = {"type": "object", "properties": {"a": {"type": "string", "minLength": 3}}}


class TestJsonMember:
    def test_a_member_suppresses_for_its_node(self):
        plain = _found(lint(MEMBER).diagnostics)
        assert ("T301", "/properties/a") in plain
        marked = {**MEMBER, "properties": {"a": {**MEMBER["properties"]["a"], "$comment": "tierone: ignore[T301]"}}}
        assert ("T301", "/properties/a") not in _found(lint(marked).diagnostics)

    def test_only_a_comment_holding_the_words_is_a_directive(self):
        marked = {**MEMBER, "$comment": "tierone: ignore[T301] is what we would write"}  # names T301 at the root
        plain = {**MEMBER, "$comment": "linted by tierone"}
        assert "T801" in {d.code for d in lint(marked).diagnostics}
        assert "T801" not in {d.code for d in lint(plain).diagnostics}

    def test_in_yaml_too(self):
        text = OPEN.format(a="", min="") + '    $comment: "tierone: ignore[T104]"\n'
        assert ("T104", "/properties/a") not in _found(_lint_text(text))


class TestRenditions:
    @pytest.mark.parametrize("profile", ["tier1", "openai", "anthropic", "gemini"])
    def test_the_directive_member_never_reaches_a_rendition(self, profile):
        schema = {
            "type": "object",
            "$comment": "tierone: ignore[T102]",
            "properties": {"a": {"type": "string", "$comment": "tierone: ignore[T104]"}},
        }
        done = rewrite(schema, profile)
        assert "tierone:" not in json.dumps(done.schema)
        assert any(c.what == "$comment removed" for c in done.changes)

    def test_another_comment_is_left_alone(self):
        done = rewrite({"type": "object", "$comment": "kept", "properties": {}}, "tier1")
        assert not any("directive" in c.why for c in done.changes)
        assert any(
            c.what == "$comment removed"
            for c in rewrite({"$comment": "tierone: ignore", "type": "object", "properties": {}}, "tier1").changes
        )


class TestThroughTheCli:
    def test_suppressed_findings_leave_a_clean_run_and_an_unused_one_is_reported(self, tmp_path, monkeypatch):
        from typer.testing import CliRunner

        from tierone.cli import app

        monkeypatch.chdir(tmp_path)
        (tmp_path / "s.schema.yaml").write_text(
            "# tierone: ignore[T102]\n" + OPEN.format(a="  # tierone: ignore[T1, T3]", min="")
        )
        clean = CliRunner().invoke(app, ["lint", "--isolated", "s.schema.yaml"], catch_exceptions=False)
        assert clean.exit_code == 0 and "All checks passed!" in clean.stdout, clean.stdout
        (tmp_path / "s.schema.yaml").write_text(OPEN.format(a="  # tierone: ignore[T1, T3, T201]", min=""))
        stale = CliRunner().invoke(app, ["lint", "--isolated", "s.schema.yaml"], catch_exceptions=False)
        assert stale.exit_code == 1
        assert (
            "s.schema.yaml:3:7: T801 unused suppression `tierone: ignore[T1, T3, T201]` "
            "(no T201 finding on this node) [/properties/a]"
        ) in stale.stdout


class TestHostileLists:
    """A suppression list is text in an untrusted file: any text is read without a crash, at a
    cost linear in its length, and reported in one bounded line."""

    from hypothesis import given, settings
    from hypothesis import strategies as st

    CODES = st.one_of(
        st.sampled_from(["T104", "T1", "T10", "ALL", "open-object", "t301", " T102 ", "", "X1"]), st.text(max_size=8)
    )

    @settings(max_examples=60, deadline=None)
    @given(st.lists(CODES, max_size=90), st.text(max_size=20))
    def test_any_list_lints_without_a_crash_and_reports_one_bounded_line(self, codes, noise):
        directive = f"tierone: ignore[{','.join(codes)}]{noise}"
        found = lint({"$comment": directive, "type": "object", "properties": {"a": {}}}).diagnostics
        unused = [d for d in found if d.code == "T801"]
        assert len(unused) <= 1 and all(len(d.message) < 400 for d in unused)

    def test_cost_is_linear_in_the_codes_listed(self):
        import time

        def cost(count: int) -> float:
            schema = {"$comment": f"tierone: ignore[{','.join(f'X{i}' for i in range(count))}]", "type": "object"}
            start = time.perf_counter()
            lint(schema)
            return time.perf_counter() - start

        cost(100)  # warm
        small, large = min(cost(5_000) for _ in range(3)), min(cost(50_000) for _ in range(3))
        assert large < 30 * small + 0.5  # ten times the codes: about ten times the time, never a hundred
