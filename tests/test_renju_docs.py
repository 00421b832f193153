"""The examples in ``docs/renju.md`` and the ``taku.renju`` docstrings run as written."""

from __future__ import annotations

import doctest
from pathlib import Path

import taku.renju

REPO = Path(__file__).resolve().parent.parent


def test_docs_renju_md_examples() -> None:
    result = doctest.testfile(str(REPO / "docs" / "renju.md"), module_relative=False, verbose=False)
    assert result.attempted > 10 and result.failed == 0


def test_package_docstring_examples() -> None:
    result = doctest.testmod(taku.renju, verbose=False)
    assert result.attempted > 0 and result.failed == 0
