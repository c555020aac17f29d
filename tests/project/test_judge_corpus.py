"""scripts/judge_corpus.py: parts judged apart add up to the whole, and a part run keeps what
an earlier run saved for other profiles."""

from __future__ import annotations

import argparse
import json

from scripts.judge_corpus import OUTCOMES, _combine, _kept, tally


def _part(tmp_path, offset, results):
    path = tmp_path / f"part{offset}.json"
    path.write_text(
        json.dumps(
            {
                "corpus": "c",
                "files": len(results),
                "every": 2,
                "offset": offset,
                "limit": 0,
                "profiles": tally(results, ["tier1"]),
            }
        )
    )
    return path


def test_parts_add_up_to_the_table_of_the_whole(tmp_path, capsys):
    rewritten = {"outcome": "rewritten", "rejected": []}
    rejected = {"outcome": "rewritten", "rejected": [["llguidance", "/a", "no"]]}
    first = [("a.json", {"tier1": rewritten}), ("b.json", {"tier1": rejected})]
    second = [("c.json", {"tier1": {"outcome": "refused"}}), ("d.json", None), ("e.json", {"tier1": rejected})]
    out = tmp_path / "whole.json"
    assert _combine([_part(tmp_path, 0, first), _part(tmp_path, 1, second)], out) == 0
    whole = json.loads(out.read_text())
    assert (whole["files"], whole["every"], whole["offset"]) == (5, 1, 0)
    assert whole["profiles"] == tally(first + second, ["tier1"])  # the same as judging all at once
    assert {k: whole["profiles"]["tier1"][k] for k in OUTCOMES} == {
        "rewritten": 3,
        "refused": 1,
        "crashed": 0,
        "timed out": 1,
        "accepted": 1,
    }
    assert "llguidance" in capsys.readouterr().out


def test_parts_that_do_not_cover_the_corpus_are_refused(tmp_path, capsys):
    assert _combine([_part(tmp_path, 0, [])], tmp_path / "x.json") == 2  # offset 1 is missing
    assert "offsets 0..K-1" in capsys.readouterr().err
    assert not (tmp_path / "x.json").exists()


def test_a_run_keeps_the_profiles_saved_over_the_same_files(tmp_path):
    save = tmp_path / "saved.json"
    args = argparse.Namespace(sub="c", every=2, offset=0, limit=0)
    save.write_text(
        json.dumps(
            {"corpus": "c", "files": 1, "every": 2, "offset": 0, "limit": 0, "profiles": {"openai": {"schemas": 1}}}
        )
    )
    assert list(_kept(save, args, 1, {"tier1": {"schemas": 1}})) == ["tier1", "openai"]
    assert list(_kept(save, args, 2, {"tier1": {"schemas": 2}})) == ["tier1"]  # other files: not kept
