"""The examples in ``docs/renju*.md`` and the ``taku.renju`` docstrings run as written."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

import taku.renju
from tests.source_doctests import run, source_doctests

REPO = Path(__file__).resolve().parent.parent
DOCS = sorted((REPO / "docs").glob("renju*.md"))


@pytest.mark.parametrize("path", DOCS, ids=[path.name for path in DOCS])
def test_docs_examples(path: Path) -> None:
    result = doctest.testfile(str(path), module_relative=False, verbose=False)
    assert result.attempted > 0 and result.failed == 0


def test_docs_renju_md_is_present() -> None:
    assert REPO / "docs" / "renju.md" in DOCS


def test_package_docstring_examples() -> None:
    """The package docstring's examples, read from its source (a compiled module keeps none)."""
    tests = source_doctests(taku.renju, REPO / "taku" / "renju" / "__init__.py")
    assert tests and tests[0].name == "taku.renju" and tests[0].examples
    for test in tests:
        failed, report = run(test)
        assert failed == 0, report
