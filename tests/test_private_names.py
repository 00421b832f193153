"""No layer above the mahjong core reaches into it: no module outside ``taku/mahjong/`` imports a
``_name`` from the core or uses, on anything but its own ``self``/``cls``, an attribute whose
``_name`` the core defines (issue 15: the table, the replay, the mjai bot, the server and the
environments use the engine's public seams only)."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "taku"
CORE = PACKAGE / "mahjong"


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_names(paths: list[Path] | None = None, tree: ast.AST | None = None) -> set[str]:
    """Every private name the modules at ``paths`` define (functions, methods, classes, module
    and instance attributes, slots), or that ``tree`` defines for itself."""
    names: set[str] = set()
    trees = [tree] if tree is not None else \
        [ast.parse(path.read_text(encoding="utf-8")) for path in paths or ()]
    for module in trees:
        for node in ast.walk(module):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and (
                    tree is None or (isinstance(node.value, ast.Name) and node.value.id == "self")):
                names.add(node.attr)  # a module's own attributes are those it sets on self
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                    node.value.isidentifier():
                names.add(node.value)  # __slots__ entries, setattr names
    return {name for name in names if _private(name)}


def uses_of_core_private_names(tree: ast.AST, private: set[str]) -> list[str]:
    """``line: name`` of each private name of the core that ``tree`` uses (a name ``tree`` defines
    for itself is its own)."""
    private = private - private_names(tree=tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("taku.mahjong"):
            found += [f"{node.lineno}: import {a.name}" for a in node.names if _private(a.name)]
        elif isinstance(node, ast.Attribute) and node.attr in private and not (
                isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
            found.append(f"{node.lineno}: .{node.attr}")
    return found


@cache
def core_private_names() -> frozenset[str]:
    return frozenset(private_names(sorted(CORE.rglob("*.py"))))


def outside_modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if CORE not in p.parents)


@pytest.mark.parametrize("path", outside_modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_above_the_core_touches_its_private_names(path: Path) -> None:
    uses = uses_of_core_private_names(ast.parse(path.read_text(encoding="utf-8")),
                                      set(core_private_names()))
    assert not uses, f"{path.relative_to(PACKAGE.parent)} uses private names of taku.mahjong: {uses}"


def test_the_check_sees_a_private_use() -> None:
    tree = ast.parse("from taku.mahjong.kyoku import _Seat\nmatch._walls\nkyoku._legal = None\n"
                     "class Mine:\n    def f(self, other):\n        self._seen = 0\n"
                     "        return other._seen\n")
    assert uses_of_core_private_names(tree, {"_Seat", "_walls", "_legal", "_seen"}) == [
        "1: import _Seat", "2: ._walls", "3: ._legal"]


DRIVERS = ["formats/mahjong/replay.py", "protocols/mjai_client.py", "protocols/mjai_process.py",
           "server/mahjong_table.py", "envs/mahjong_env.py", "envs/mahjong_features.py",
           "cli/play_mahjong.py"]
"""The modules above the core that drive the table engine (the replay, the mjai bot and its
process, the server's table, the environments, the terminal game)."""


def bare_any_annotations(tree: ast.AST) -> list[str]:
    """``line: name`` of each parameter, return value or variable annotated as plain ``Any``."""
    found = []
    for node in ast.walk(tree):
        annotated: list[tuple[str, ast.expr | None]] = []
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            arguments = node.args
            annotated += [(a.arg, a.annotation) for a in
                          (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)]
            annotated.append((f"{node.name}()", node.returns))
        elif isinstance(node, ast.AnnAssign):
            annotated.append((ast.unparse(node.target), node.annotation))
        found += [f"{node.lineno}: {name}" for name, annotation in annotated
                  if annotation is not None and ast.unparse(annotation).strip("'\"") == "Any"]
    return found


@pytest.mark.parametrize("name", DRIVERS)
def test_the_modules_driving_the_engine_type_it_without_any(name: str) -> None:
    """Issue 15: mypy --strict with no ``Any`` where the replay and the mjai client drive the
    engine: nothing in them is annotated as plain ``Any`` (JSON values are ``dict[str, Any]``,
    and the engine's values their own types), so mypy checks every use of the engine."""
    path = PACKAGE / name
    assert path.exists(), name
    assert bare_any_annotations(ast.parse(path.read_text(encoding="utf-8"))) == []


def test_the_any_check_sees_a_bare_any() -> None:
    tree = ast.parse("def f(kyoku: Any, n: int) -> 'Any':\n    x: Any = 1\n    y: dict[str, Any] = {}\n")
    assert bare_any_annotations(tree) == ["1: kyoku", "1: f()", "2: x"]
