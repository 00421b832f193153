"""Collects the doctests of taku's modules from their sources (tests/source_doctests.py), so the
compiled build, whose modules keep no docstrings, runs the same doctests as the pure one."""

from __future__ import annotations

import doctest
from pathlib import Path
from typing import Any

import pytest

from tests.source_doctests import module_doctests, module_name, run

ROOT = Path(__file__).resolve().parent
PACKAGE = ROOT / "taku"


class SourceDoctestFailure(Exception):
    """A doctest example failed: the runner's report."""


class SourceDoctestModule(pytest.File):
    """A module of taku: one item per docstring with examples."""

    def collect(self) -> list[pytest.Item]:
        tests = module_doctests(module_name(self.path, ROOT), self.path)
        return [SourceDoctest.from_parent(self, name=test.name, test=test) for test in tests]


class SourceDoctest(pytest.Item):
    """The examples of one docstring, run against the module as imported."""

    def __init__(self, *, test: doctest.DocTest, **options: Any) -> None:
        super().__init__(**options)
        self.test = test

    def runtest(self) -> None:
        failed, report = run(self.test)
        if failed:
            raise SourceDoctestFailure(report)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        if isinstance(excinfo.value, SourceDoctestFailure):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo, style))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.test.lineno or 0, f"[doctest] {self.name}"


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    """A ``.py`` file of the ``taku`` package: its doctests (not ``__main__.py``, which runs the
    command line when imported)."""
    if file_path.suffix == ".py" and file_path.name != "__main__.py" and file_path.is_relative_to(PACKAGE):
        return SourceDoctestModule.from_parent(parent, path=file_path)
    return None
