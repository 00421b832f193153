"""The doctests of taku's modules, read from their ``.py`` sources, run against the imported module.

A module compiled with mypyc keeps no docstrings (its functions and classes are built-in objects
without ``__doc__``), so :mod:`doctest`'s finder, and pytest's ``--doctest-modules``, find nothing
in it, or fail to collect it. This finder reads the docstrings from the source instead, as
:class:`doctest.DocTestFinder` would find them (the module's, its classes' and their nested
classes', its functions' and methods', properties included), and runs each against the namespace of
the module as imported: the compiled module in the compiled build, the source in the pure one. The
root ``conftest.py`` collects them for every module of ``taku`` (pyproject.toml's ``addopts`` has
no ``--doctest-modules``), so both builds run the same doctests.
"""

from __future__ import annotations

import ast
import doctest
import importlib
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

OPTION_FLAGS = doctest.ELLIPSIS
"""The flags the doctests run with (pytest's default ``doctest_optionflags``)."""

_Definition = ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef


def module_name(path: Path, root: Path) -> str:
    """The dotted name of the module at ``path`` (a ``.py`` file under ``root``)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _definitions(body: list[ast.stmt]) -> Iterator[_Definition]:
    """The classes and functions defined by ``body``, also under ``if``/``try`` blocks (as the
    module or class namespace holds them at run time)."""
    for node in body:
        if isinstance(node, _Definition):
            yield node
        elif isinstance(node, ast.If):
            yield from _definitions(node.body)
            yield from _definitions(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody, *(h.body for h in node.handlers)):
                yield from _definitions(block)


def _docstrings(tree: ast.Module, name: str) -> Iterator[tuple[str, str, int]]:
    """``(qualified name, docstring, line of the docstring, 0-based)`` of the module, and of each
    class and function that :class:`doctest.DocTestFinder` would search (not functions nested in
    functions)."""
    stack: list[tuple[str, ast.Module | _Definition]] = [(name, tree)]
    while stack:
        qualified, node = stack.pop()
        docstring = ast.get_docstring(node, clean=False)
        if docstring is not None:
            yield qualified, docstring, node.body[0].lineno - 1
        if isinstance(node, (ast.Module, ast.ClassDef)):
            stack.extend((f"{qualified}.{child.name}", child) for child in _definitions(node.body))


def source_doctests(module: ModuleType, source: Path) -> list[doctest.DocTest]:
    """The doctests of ``module``'s docstrings as written in ``source`` (its ``.py`` file), with the
    module's namespace as their globals; sorted by line, those without examples left out."""
    tree = ast.parse(source.read_text(encoding="utf-8"), filename=str(source))
    parser = doctest.DocTestParser()
    tests = []
    for qualified, docstring, line in _docstrings(tree, module.__name__):
        test = parser.get_doctest(docstring, dict(module.__dict__), qualified, str(source), line)
        if test.examples:
            tests.append(test)
    return sorted(tests, key=lambda test: test.lineno or 0)


def run(test: doctest.DocTest) -> tuple[int, str]:
    """Run ``test``: the number of failed examples and the runner's report of them."""
    report: list[str] = []
    runner = doctest.DocTestRunner(verbose=False, optionflags=OPTION_FLAGS)
    result = runner.run(test, out=report.append, clear_globs=True)
    return result.failed, "".join(report)


def module_doctests(name: str, source: Path) -> list[doctest.DocTest]:
    """The doctests of the module ``name`` (imported here) as written in ``source``."""
    return source_doctests(importlib.import_module(name), source)
