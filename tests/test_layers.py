"""The layers of taku point down only: the pure cores import nothing else of taku but the layers
both share (errors.py, values.py), and no layer imports one above it (STYLE: "Formats, protocols,
bots, CLI, server and web client are layers above; arrows point down only"). Read from the sources'
import statements, so a new module is checked too."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TAKU = Path(__file__).resolve().parent.parent / "taku"

ALLOWED: dict[str, frozenset[str]] = {
    "errors": frozenset(),
    "values": frozenset(),  # how the cores' values pickle: shared by both cores, like errors
    "build": frozenset(),  # which build runs (taku/__init__.py imports it first)
    "mahjong": frozenset({"errors", "values"}),
    "renju": frozenset({"errors", "values"}),
    "mahjong_batch": frozenset({"errors", "values", "mahjong"}),  # NumPy over the core, for learning code
    "formats": frozenset({"errors", "values", "mahjong", "renju"}),
    "bots": frozenset({"errors", "values", "mahjong", "renju", "formats"}),
    "protocols": frozenset({"errors", "values", "mahjong", "renju", "formats", "bots"}),
    "envs": frozenset({"errors", "values", "mahjong", "renju", "formats", "bots", "protocols"}),
    "server": frozenset({"errors", "values", "mahjong", "renju", "formats", "bots", "protocols"}),
}
"""For each layer (a subpackage or module of ``taku``), the other layers it may import."""


def _layer_of(path: Path) -> str:
    relative = path.relative_to(TAKU)
    return relative.parts[0].removesuffix(".py")


def _imported_layers(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return {name.split(".")[1] for name in names if name.startswith("taku.") and name.count(".") >= 1}


SOURCES = sorted(path for path in TAKU.rglob("*.py") if _layer_of(path) in ALLOWED)


def test_every_layer_is_known() -> None:
    """Every subpackage is in the table (or is the CLI, which may import everything)."""
    layers = {_layer_of(path) for path in TAKU.rglob("*.py")}
    unknown = layers - set(ALLOWED) - {"cli", "__init__", "__main__"}
    assert not unknown, f"add these layers to ALLOWED in {__file__}: {sorted(unknown)}"


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: str(path.relative_to(TAKU)))
def test_imports_point_down(path: Path) -> None:
    layer = _layer_of(path)
    wrong = _imported_layers(path) - ALLOWED[layer] - {layer}
    assert not wrong, f"{path.relative_to(TAKU)} ({layer}) imports the layers above it: {sorted(wrong)}"
