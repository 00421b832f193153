"""The cores' immutable values pickle and copy to equal values in both builds (a class compiled
with mypyc cannot be created empty and filled in: each value rebuilds itself, values.py)."""

from __future__ import annotations

import ast
import copy
import pickle
from pathlib import Path

import pytest

from taku.mahjong import Hand, Meld, Rules, Tile, Win
from taku.mahjong.actions import Action
from taku.mahjong.tiles import parse_tiles
from taku.renju import RenjuRules
from taku.renju.openings import Place

TAKU = Path(__file__).resolve().parent.parent / "taku"

VALUES = [
    Tile(13, True),
    Meld.from_str("3-45m"),
    Hand.from_str("234m456p678s11z 777z+"),
    Action("kakan", 1, Tile.from_str("5m"), parse_tiles("550m")),
    Win(tsumo=True, seat_wind=1, dora_indicators=(Tile(3),)),
    Rules.preset("montreal"),
    RenjuRules.preset("renju", move_limit=100),
    Place(()),
]


@pytest.mark.parametrize("value", VALUES, ids=lambda value: type(value).__name__)
def test_values_pickle_and_copy_to_equal_values(value: object) -> None:
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(value, protocol)) == value
    assert copy.copy(value) == value
    assert copy.deepcopy(value) == value


def frozen_dataclasses() -> list[tuple[str, str, bool]]:
    """``(module, class, defines __reduce__)`` for each frozen dataclass of the cores' sources."""
    found = []
    for path in sorted(path for core in ("mahjong", "renju", "bots") for path in (TAKU / core).glob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef) and any(
                    "dataclass" in ast.unparse(d) and "frozen=True" in ast.unparse(d)
                    for d in node.decorator_list):
                methods = {item.name for item in node.body if isinstance(item, ast.FunctionDef)}
                found.append((path.name, node.name, "__reduce__" in methods))
    return found


def test_every_frozen_value_of_the_cores_rebuilds_itself() -> None:
    values = frozen_dataclasses()
    assert len(values) >= 20
    assert [f"{module}: {name}" for module, name, reduces in values if not reduces] == []
