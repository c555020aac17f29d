"""The examples in the public API's docstrings run."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("module", ["tierone.linter.api", "tierone.rewriter.rewrite", "tierone.answers.restore"])
def test_docstring_examples(module):
    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0
