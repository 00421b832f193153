"""The push/fold self-play check (benchmarks/mahjong_push_fold.py): its parameter specs and a short run."""

from __future__ import annotations

import argparse
import sys

import pytest

from taku.bots.mahjong_taku import PREVIOUS_PUSH_FOLD, PushFold
from tests.conftest import REPO

sys.path.insert(0, str(REPO / "benchmarks"))
import mahjong_push_fold


def test_push_fold_specs_name_the_default_the_previous_or_changed_fields() -> None:
    assert mahjong_push_fold.parse_push_fold("default") == PushFold()
    assert mahjong_push_fold.parse_push_fold("previous") == PREVIOUS_PUSH_FOLD
    assert mahjong_push_fold.parse_push_fold("future_risk=0.05, riichi_value=1") == PushFold(
        future_risk=0.05, riichi_value=1.0)


@pytest.mark.parametrize(("spec", "message"), [
    ("nothing=1", "'nothing=1': expected FIELD=VALUE with FIELD one of future_risk"),
    ("future_risk", "'future_risk': expected FIELD=VALUE"),
    ("future_risk=much", "'future_risk=much': 'much' is not a number"),
])
def test_a_bad_push_fold_spec_is_named(spec: str, message: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match=message):
        mahjong_push_fold.parse_push_fold(spec)


def test_a_short_self_play_run_prints_the_paired_difference(capsys: pytest.CaptureFixture[str]) -> None:
    assert mahjong_push_fold.main(["--games", "4", "--seed", "t"]) == 0
    out = capsys.readouterr().out
    assert "4 games in" in out
    assert "placement difference, variant minus the others' mean:" in out
    assert out.count("deal-in facing riichi") == 2


def test_compare_plays_each_game_again_and_prints_the_paired_difference(
        capsys: pytest.CaptureFixture[str]) -> None:
    # the same parameters on both sides: the same seeded games, so every placement is the same
    assert mahjong_push_fold.main(["--games", "3", "--seed", "c", "--variant", "default",
                                   "--compare", "default"]) == 0
    out = capsys.readouterr().out
    assert "variant minus --compare in the same seat of the same games: +0.000 (95% +0.000 to +0.000)" in out
