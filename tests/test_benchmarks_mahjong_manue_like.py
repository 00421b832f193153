"""The stand-in for mjai-manue (benchmarks/mahjong_manue_like.py): riichi with every tenpai, a fold
to the safest tile against a riichi when not tenpai, a push by the hand alone when tenpai, no call
while someone is in riichi and no call but a value honour's pon; and a short self-play run against
three of them."""

from __future__ import annotations

import sys

import pytest

from taku.bots.mahjong_taku import TakuPlayer
from taku.mahjong.actions import Action
from taku.mahjong.rules import Rules
from taku.mahjong.tiles import Tile
from tests.conftest import REPO
from tests.test_bots_mahjong_taku import call_options, observe, play, riichi_events

sys.path.insert(0, str(REPO / "benchmarks"))
import mahjong_push_fold
from mahjong_manue_like import ManueLikePlayer

TENHOU = Rules.preset("tenhou")


def test_riichi_is_declared_whenever_it_is_legal() -> None:
    # tenpai on a 3p kanchan after the 8p with tanyao, three 3p already discarded: taku stays
    # dama with one winning tile left and a yaku, the stand-in declares riichi all the same
    hand = "234m456m678s24p55s8p"
    legal = [Action("reach", 0), *(Action("dahai", 0, t) for t in sorted(set(observe(hand).hand)))]
    observation = observe(hand, legal=legal, discards=("", "3p", "3p", "3p"))
    assert TakuPlayer(0).choose(observation).type == "dahai"
    assert ManueLikePlayer(0).choose(observation).type == "reach"


def test_not_tenpai_against_a_riichi_it_folds_to_genbutsu() -> None:
    # far from tenpai; seat 1 in riichi after 9m and 3p (both genbutsu): the 9m of the 789m
    # sequence is the one genbutsu in hand, which efficiency keeps (it throws an honour)
    hand = "789m24m67p135s78s23z"
    events = riichi_events(1, "9m", "", "3p")
    observation = observe(hand, discards=("", "9m3p", "", ""), riichi=(False, True, False, False),
                          events=events)
    assert TakuPlayer(0, defence=False).choose(observation) != Action("dahai", 0, Tile.from_str("9m"))
    assert ManueLikePlayer(0).choose(observation) == Action("dahai", 0, Tile.from_str("9m"))


def test_in_tenpai_against_a_riichi_it_pushes_by_its_hand_alone() -> None:
    # tenpai after discarding the 1z; against a riichi taku without defence and the stand-in agree
    hand = "234m456p678s3s4s99p1z"
    events = riichi_events(1, "9m", "", "3p")
    observation = observe(hand, discards=("", "9m3p", "", ""), riichi=(False, True, False, False),
                          events=events)
    expected = TakuPlayer(0, defence=False).choose(observation)
    assert expected == Action("dahai", 0, Tile.from_str("1z"))
    assert ManueLikePlayer(0).choose(observation) == expected


def test_calls_only_a_value_honour_pon_and_never_against_a_riichi() -> None:
    honour = "13m468p2357s77z1z5m"
    pon = call_options(honour, "7z", 2, ("pon",))
    free = observe(honour, legal=pon, last_discard=(2, Tile.from_str("7z")))
    assert ManueLikePlayer(0).choose(free).type == "pon"
    facing = observe(honour, legal=pon, last_discard=(2, Tile.from_str("7z")),
                     riichi=(False, True, False, False), events=riichi_events(1, "9m", "", "3p"))
    assert ManueLikePlayer(0).choose(facing).type == "none"
    tanyao = "3m4m678p2345s66s88p"
    chi = call_options(tanyao, "5m", 3, ("chi:3m4m",))
    observation = observe(tanyao, legal=chi, last_discard=(3, Tile.from_str("5m")))
    assert TakuPlayer(0).choose(observation).type == "chi"  # taku calls it
    assert ManueLikePlayer(0).choose(observation).type == "none"


def test_every_choice_of_the_stand_in_is_legal_over_a_seeded_match() -> None:
    match = play([ManueLikePlayer(seat, rules=TENHOU) for seat in range(4)], "manue-like")
    assert match.result is not None and sorted(match.result.ranks) == [1, 2, 3, 4]


def test_a_short_run_against_three_stand_ins(capsys: pytest.CaptureFixture[str]) -> None:
    assert mahjong_push_fold.main(["--games", "4", "--seed", "t", "--opponents", "manue-like"]) == 0
    out = capsys.readouterr().out
    assert "4 games in" in out
    assert "placement difference, variant minus the others' mean:" in out
