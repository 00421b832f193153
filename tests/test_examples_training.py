"""The training example (examples/renju_policy_gradient.py) runs end to end in a tiny
configuration, and its pieces do what it says."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

pytest.importorskip("gymnasium")

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "renju_policy_gradient.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("renju_policy_gradient", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_features_see_a_four_to_complete_and_one_to_block() -> None:
    example = load()
    board = np.zeros((9, 9), dtype=np.int8)
    board[4, 1:5] = 1  # Black b5..e5
    features = example.point_features(board, 1, 5, 4)  # Black at f5 makes five
    assert features[3] == 1.0
    features = example.point_features(board, 2, 5, 4)  # White at f5 blocks a five
    assert features[7] == 1.0 and features[3] == 0.0


def test_example_runs_in_a_tiny_configuration(capsys: pytest.CaptureFixture[str]) -> None:
    example = load()
    assert example.main(["--episodes", "6", "--eval-games", "4", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "before training: score" in out and "trained on 6 games" in out
    assert "after training: score" in out

