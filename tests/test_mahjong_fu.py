"""Fu, item by item, as seed 001 §2 counts them (MJ-SCORE-06..14) with the options of CFG-06/07/08.

Most hands here are open with a chun pon (4 fu) so that the item under test can be read from the
itemised fu without pinfu or the closed-ron bonus getting in the way.
"""

from __future__ import annotations

import pytest

from taku.mahjong import HandScore, Rules, Tile
from taku.mahjong.decompose import TRIPLET
from taku.mahjong.fu import wait_shape
from taku.mahjong.tiles import parse_tiles
from tests.mahjong_helpers import EAST, SOUTH, WEST, score


def items(result: HandScore) -> dict[str, int]:
    return dict(result.fu_items)


# --- MJ-SCORE-06 / -13: base and rounding----------------------------------------------------------

@pytest.mark.parametrize(("hand", "win_tile", "kwargs"), [
    ("123m456p678s99m 777z+", "6s", {}),
    ("111m999p234s567s88s", "4s", {"riichi": True}),
    ("123m456p789s11z 777z+", "1z", {"tsumo": True}),
])
def test_mj_score_06_every_regular_hand_starts_at_20(hand: str, win_tile: str,
                                                     kwargs: dict[str, object]) -> None:
    """MJ-SCORE-06: the first fu item of a regular hand is the base 20."""
    result = score(hand, win_tile, seat_wind=SOUTH, **kwargs)
    assert result.fu_items[0] == ("base", 20)
    assert result.fu == -(-sum(v for _, v in result.fu_items) // 10) * 10


def test_mj_score_13_rounding_22_to_30() -> None:
    """MJ-SCORE-13: 22 -> 30 (open hand, no fu but tsumo)."""
    result = score("123m456p678s99m 5-67p", "6s", tsumo=True, seat_wind=SOUTH, haitei=True)
    assert items(result) == {"base": 20, "tsumo": 2}
    assert result.fu == 30


def test_mj_score_13_rounding_46_to_50() -> None:
    """MJ-SCORE-13: 46 -> 50 (two closed terminal triplets, closed ron)."""
    result = score("111m999p234s567s88s", "4s", riichi=True, seat_wind=SOUTH)
    assert items(result) == {"base": 20, "closed triplet 1m": 8, "closed triplet 9p": 8,
                             "closed ron": 10}
    assert result.fu == 50


def test_mj_score_13_rounding_30_stays_30() -> None:
    """MJ-SCORE-13: 30 -> 30 (an exact multiple of ten is not raised): 20 + 4 + 4 + 2."""
    result = score("345m444p55s678s 777z+", "3m", tsumo=True, seat_wind=SOUTH)
    assert items(result) == {"base": 20, "closed triplet 4p": 4, "open triplet 7z": 4, "tsumo": 2}
    assert result.fu == 30


# --- MJ-SCORE-07: triplets and quads---------------------------------------------------------------

@pytest.mark.parametrize(("group", "item", "fu"), [
    ("444m", "closed triplet 4m", 4),
    ("111m", "closed triplet 1m", 8),
    ("999p", "closed triplet 9p", 8),
    ("444z", "closed triplet 4z", 8),
])
def test_mj_score_07_closed_triplets(group: str, item: str, fu: int) -> None:
    """MJ-SCORE-07: a closed triplet of simples 4, of terminals or honours 8."""
    result = score(f"{group}456p678s99m 777z+", "6s", seat_wind=SOUTH)
    assert items(result)[item] == fu


@pytest.mark.parametrize(("meld", "item", "fu"), [
    ("444m=", "open triplet 4m", 2),
    ("999m-", "open triplet 9m", 4),
    ("444z+", "open triplet 4z", 4),
    ("4444m=", "open kan 4m", 8),
    ("9999m+", "open kan 9m", 16),
    ("4444z-", "open kan 4z", 16),
    ("444=4m", "open kan 4m", 8),       # kakan (shouminkan) counts as an open kan
    ("111=1z", "open kan 1z", 16),
    ("4444m", "closed kan 4m", 16),     # ankan
    ("1111m", "closed kan 1m", 32),
    ("4444z", "closed kan 4z", 32),
])
def test_mj_score_07_melded_triplets_and_kans(meld: str, item: str, fu: int) -> None:
    """MJ-SCORE-07: open pon 2/4; open kan 8/16; closed kan (ankan) 16/32; a kan only as a kan."""
    result = score(f"456p678s22p 777z+ {meld}", "6s", seat_wind=SOUTH)
    assert items(result)[item] == fu
    assert not any(name.startswith("closed triplet") for name in items(result))


def test_mj_score_07_sequences_score_nothing() -> None:
    """MJ-SCORE-07: sequences (closed or chi) add no fu."""
    result = score("123m456p678s99m 7-89s", "6s", seat_wind=SOUTH, tsumo=True, haitei=True)
    assert items(result) == {"base": 20, "tsumo": 2}


def test_mj_score_07_ron_completed_triplet_counts_open() -> None:
    """MJ-SCORE-07 [GAP/INF] (TV-SCORE-03's reasoning): a triplet completed by ron is open (2 for
    simples), by tsumo closed (4)."""
    ron = score("444m99m456p678s 777z+", "4m", seat_wind=SOUTH)
    assert items(ron)["open triplet 4m (completed by ron)"] == 2
    assert ron.wait == "shanpon"
    tsumo = score("444m99m456p678s 777z+", "4m", seat_wind=SOUTH, tsumo=True)
    assert items(tsumo)["closed triplet 4m"] == 4
    terminal = score("999m44m456p678s 777z+", "9m", seat_wind=SOUTH)
    assert items(terminal)["open triplet 9m (completed by ron)"] == 4


# --- MJ-SCORE-08: the pair-------------------------------------------------------------------------

@pytest.mark.parametrize(("pair", "seat", "round_wind", "item", "fu"), [
    ("55z", SOUTH, EAST, "dragon pair 5z", 2),
    ("66z", SOUTH, EAST, "dragon pair 6z", 2),
    ("22z", SOUTH, EAST, "seat wind pair 2z", 2),
    ("11z", SOUTH, EAST, "round wind pair 1z", 2),
    ("22z", SOUTH, SOUTH, "double wind pair 2z", 2),
    ("11z", EAST, EAST, "double wind pair 1z", 2),
])
def test_mj_score_08_value_pairs(pair: str, seat: int, round_wind: int, item: str, fu: int) -> None:
    """MJ-SCORE-08: a pair of dragons, the round wind or the seat wind scores 2; a double wind pair
    scores 2 read literally (P003 default)."""
    result = score(f"123m456p789s{pair} 777z+", pair[:1] + "z", seat_wind=seat, round_wind=round_wind)
    assert items(result)[item] == fu


@pytest.mark.parametrize("pair", ["44z", "33z", "99m", "55p"])
def test_mj_score_08_other_pairs_score_nothing(pair: str) -> None:
    """MJ-SCORE-08: a pair of a non-value wind (North, West for South in East) or a number: 0."""
    result = score(f"123m456p789s{pair} 777z+", "9s", seat_wind=SOUTH, round_wind=EAST)
    assert not any("pair" in name for name in items(result))


@pytest.mark.parametrize(("rules", "fu"), [
    (Rules.preset("seeds-001-003"), 2), (Rules(double_wind_pair_fu=2), 2), (Rules.preset("ema"), 2),
    (Rules.preset("montreal"), 4), (Rules.preset("tenhou"), 4), (Rules(), 4),
])
def test_mj_score_08_double_wind_pair_fu_option(rules: Rules, fu: int) -> None:
    """MJ-SCORE-08, CFG-07 (TV-FU-06): a double-wind pair is 2 (001 literal) or 4 (004 B18)."""
    result = score("123m456p789s22z 777z+", "2z", rules, seat_wind=SOUTH, round_wind=SOUTH)
    assert items(result)["double wind pair 2z"] == fu


# --- MJ-SCORE-09: the wait-------------------------------------------------------------------------

@pytest.mark.parametrize(("closed", "win_tile", "shape", "fu"), [
    ("123m456p678s99m", "6s", "ryanmen", 0),
    ("123m456p678s99m", "8s", "ryanmen", 0),
    ("123m456p678s99m", "7s", "kanchan", 2),
    ("123m456p789s99m", "7s", "penchan", 2),
    ("123m456p123s99m", "3s", "penchan", 2),
    ("123m456p678s99m", "9m", "tanki", 2),
    ("123m456p666s99m", "6s", "shanpon", 0),
])
def test_mj_score_09_wait_fu(closed: str, win_tile: str, shape: str, fu: int) -> None:
    """MJ-SCORE-09 (TV-FU-01..03): two-sided and two-pair waits 0, edge, middle and pair waits 2."""
    result = score(f"{closed} 777z+", win_tile, seat_wind=SOUTH)
    assert result.wait == shape
    assert items(result).get(f"{shape} wait", 0) == fu


@pytest.mark.parametrize(("group", "win_tile", "shape"), [
    ("123m", "1m", "ryanmen"), ("123m", "2m", "kanchan"), ("123m", "3m", "penchan"),
    ("789m", "7m", "penchan"), ("789m", "8m", "kanchan"), ("789m", "9m", "ryanmen"),
    ("456s", "4s", "ryanmen"), ("456s", "6s", "ryanmen"), ("555s", "5s", "shanpon"),
])
def test_mj_score_09_wait_shape_of_a_group(group: str, win_tile: str, shape: str) -> None:
    """MJ-SCORE-09: the wait a tile completes in a group (12+3 and 89+7 are edge waits)."""
    kinds = [t.kind for t in parse_tiles(group)]
    code = kinds[0] if kinds[0] != kinds[1] else TRIPLET + kinds[0]
    assert wait_shape(code, Tile.from_str(win_tile).kind) == shape


def test_mj_score_09_highest_scoring_wait_reading() -> None:
    """MJ-SCORE-09 [GAP] (standard): the reading that scores most is used. 123345m + 3m is a penchan
    (123) or a ryanmen (345); here the penchan's 2 fu lift 30 to 40 fu, so it is chosen."""
    result = score("123345m444p55s 777z+", "3m", tsumo=True, seat_wind=SOUTH)
    assert result.wait == "penchan"
    assert (result.fu, result.total) == (40, 1500)


def test_mj_score_09_pinfu_reading_beats_fu_reading() -> None:
    """MJ-SCORE-09/-12: with riichi, the ryanmen reading gives pinfu (2 han 30 fu, 2000) and beats
    the penchan reading (1 han 40 fu, 1300)."""
    result = score("123345m456p789s55s", "3m", riichi=True, seat_wind=SOUTH)
    assert dict(result.yaku) == {"riichi": 1, "pinfu": 1}
    assert (result.wait, result.fu, result.total) == ("ryanmen", 30, 2000)


# --- MJ-SCORE-10 / -11: win method-----------------------------------------------------------------

def test_mj_score_10_tsumo_two_fu_ron_none() -> None:
    """MJ-SCORE-10: tsumo +2, ron +0 (open hand: no closed-ron bonus)."""
    hand = "123m456p678s99m 777z+"
    assert items(score(hand, "6s", seat_wind=SOUTH, tsumo=True))["tsumo"] == 2
    assert "tsumo" not in items(score(hand, "6s", seat_wind=SOUTH))


@pytest.mark.parametrize(("rules", "tsumo_fu"), [
    (Rules(), 2), (Rules(rinshan_tsumo_fu=0), 0), (Rules.preset("ema"), 2),
    (Rules.preset("montreal"), 0),
])
def test_mj_score_10_rinshan_tsumo_fu_option(rules: Rules, tsumo_fu: int) -> None:
    """MJ-SCORE-10, CFG-08 (TV-FU-07): a win on a replacement tile: tsumo fu 2 (001) or 0 (004 B18);
    an ordinary tsumo keeps its 2."""
    hand = "123m456p678s99m 2222p="
    rinshan = score(hand, "6s", rules, tsumo=True, rinshan=True, seat_wind=SOUTH)
    assert items(rinshan).get("tsumo", 0) == tsumo_fu
    plain = score(hand, "6s", rules, tsumo=True, haitei=True, seat_wind=SOUTH)
    assert items(plain)["tsumo"] == 2


def test_mj_score_11_closed_ron_ten_fu() -> None:
    """MJ-SCORE-11: a closed hand (ankan allowed) winning by ron +10; open ron +0; tsumo +0."""
    closed = score("111m456p678s99m123s", "1s", riichi=True, seat_wind=SOUTH)
    assert items(closed)["closed ron"] == 10
    with_ankan = score("456p678s99m123s 1111m", "1s", riichi=True, seat_wind=SOUTH)
    assert items(with_ankan)["closed ron"] == 10
    assert "closed ron" not in items(score("456p678s99m 777z+ 1-23s", "6s", seat_wind=SOUTH))
    assert "closed ron" not in items(score("111m456p678s99m123s", "1s", riichi=True, tsumo=True,
                                           seat_wind=SOUTH))


# --- MJ-SCORE-12: fixed fu-------------------------------------------------------------------------

def test_mj_score_12_pinfu_ron_30() -> None:
    """MJ-SCORE-12 (TV-FU-05): pinfu by ron is a fixed 30 fu."""
    result = score("12399m456p345789s", "9s", seat_wind=SOUTH)
    assert "pinfu" in dict(result.yaku)
    assert (result.fu, result.fu_items) == (30, (("base", 20), ("closed ron", 10)))


@pytest.mark.parametrize(("rules", "fu", "shares"), [
    (Rules(), 20, (700, 400)),                   # 001 Примечание (standard)
    (Rules(pinfu_tsumo_fu=30), 30, (1000, 500)),  # 001 Пример 2
])
def test_mj_score_12_pinfu_tsumo_fu_option(rules: Rules, fu: int, shares: tuple[int, int]) -> None:
    """MJ-SCORE-12, CFG-06: pinfu tsumo is 20 fu, or 30 under the seed's example 2 reading."""
    result = score("12399m456p345789s", "9s", rules, tsumo=True, seat_wind=SOUTH)
    assert dict(result.yaku) == {"menzen tsumo": 1, "pinfu": 1}
    assert result.fu == fu
    by_seat = {p.payer: p.amount for p in result.payments}
    assert (by_seat[EAST], by_seat[WEST]) == shares


@pytest.mark.parametrize("tsumo", [False, True])
def test_mj_score_12_chiitoitsu_25(tsumo: bool) -> None:
    """MJ-SCORE-12 (TV-FU-04): chiitoitsu is 25 fu, never rounded, even with value pairs."""
    result = score("1199m55p11z22z55z77z", "7z", tsumo=tsumo, seat_wind=SOUTH)
    assert "chiitoitsu" in dict(result.yaku)
    assert (result.fu, result.fu_items) == (25, (("chiitoitsu", 25),))


# --- MJ-SCORE-14: open hand with no fu-------------------------------------------------------------

@pytest.mark.parametrize(("rules", "fu", "total"), [
    (Rules(), 30, 1000), (Rules(open_pinfu_ron_fu=20), 20, 700),
])
def test_mj_score_14_open_20_fu_ron_counts_30(rules: Rules, fu: int, total: int) -> None:
    """MJ-SCORE-14 [GAP] (option open_pinfu_ron_fu): an open ron with no fu is 30 fu (standard), or
    20 fu where the option allows it (not in the seed's tables)."""
    result = score("234m456p678s88m 5-67p", "6s", rules, seat_wind=SOUTH)
    assert dict(result.yaku) == {"tanyao": 1}
    assert (result.fu, result.total) == (fu, total)
    assert sum(v for _, v in result.fu_items) == fu
    assert all(value > 0 for _, value in result.fu_items)


def test_mj_score_14_does_not_apply_to_tsumo_or_closed_hands() -> None:
    """MJ-SCORE-14: an open tsumo is 20 + 2 -> 30 by rounding, with no extra item."""
    result = score("234m456p678s88m 5-67p", "6s", tsumo=True, seat_wind=SOUTH)
    assert items(result) == {"base": 20, "tsumo": 2}
    assert result.fu == 30
