"""Cyclic collection held off inside a rewrite or a lint, and resumed as the caller had it."""

from __future__ import annotations

import gc

import pytest

import tierone
from tierone.core.collector import collection_held


@pytest.fixture(autouse=True)
def _collector_restored():
    was = gc.isenabled()
    yield
    (gc.enable if was else gc.disable)()


def test_held_inside_and_resumed_after():
    gc.enable()
    with collection_held():
        assert not gc.isenabled()
        with collection_held():  # nested: the inner block leaves it to the outer
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_resumed_after_an_error_and_left_off_when_the_caller_had_it_off():
    gc.enable()
    with pytest.raises(ValueError), collection_held():
        raise ValueError
    assert gc.isenabled()
    gc.disable()
    with collection_held():
        pass
    assert not gc.isenabled()


def test_rewrite_and_lint_give_it_back():
    gc.enable()
    tierone.rewrite({"type": "object", "properties": {"a": {"type": "string"}}})
    assert gc.isenabled()
    with pytest.raises(ValueError):
        tierone.rewrite({"type": "object"}, "no-such-profile")
    assert gc.isenabled()
    assert tierone.lint({"type": "object", "properties": {}, "additionalProperties": False}).ok
    assert gc.isenabled()


def test_a_rewrite_runs_with_it_held(monkeypatch):
    from tierone.rewriter import rewrite as module

    states = []
    real = module._rewrite

    def spy(*args):
        states.append(gc.isenabled())
        return real(*args)

    monkeypatch.setattr(module, "_rewrite", spy)
    gc.enable()
    tierone.rewrite({"type": "string"})
    assert states == [False]
