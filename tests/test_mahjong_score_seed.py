"""Seed 001's four worked examples and the scoring vectors of RULES.md §11.1, §11.2 and §11.4 (pao).

Every test names its vector (TV-SCORE-nn, TV-FU-nn, TV-PAY-nn, TV-PAO-nn, TV-MTL-nn) and the rule it
pins down. Seats are seat winds: 0 East (dealer), 1 South, 2 West, 3 North.
"""

from __future__ import annotations

import pytest

from taku.mahjong import Hand, HandScore, Payment, Rules, Tile, basic_points, hand_payments
from taku.mahjong.tiles import dora_from_indicator
from tests.mahjong_helpers import EAST, NORTH, SOUTH, WEST, score

MONTREAL = Rules.preset("montreal")


def tiles(*texts: str) -> tuple[Tile, ...]:
    return tuple(Tile.from_str(t) for t in texts)



def paid(result: HandScore) -> dict[int | None, int]:
    """What each payer pays, counters included."""
    return {p.payer: p.amount for p in result.payments}


# --- §11.1: seed 001, "Пример 1-4"-----------------------------------------------------------------

def test_tv_score_01_dealer_ron_toitoi_haku_three_dora_haneman() -> None:
    """TV-SCORE-01 (001 Пример 1): toitoi 2 + haku 1 + dora 3 = 6 han, haneman, 6000 x 3 = 18000."""
    result = score("33377s555p 999m= 555z=", "5p", seat_wind=EAST, round_wind=SOUTH,
                   dora_indicators=tiles("4p"), discarder=WEST)
    assert dict(result.yaku) == {"toitoi": 2, "yakuhai (haku)": 1}
    assert (result.dora, result.han, result.limit) == (3, 6, "haneman")
    # Standard fu count (not needed at a limit): 20 + 4 (333s) + 2 (555p by ron) + 4 + 4 = 34 -> 40.
    assert result.fu == 40
    assert result.payments == (Payment(WEST, 18000),)
    assert result.total == 18000


def test_tv_score_02_riichi_pinfu_tsumo_seed_30_fu_option() -> None:
    """TV-SCORE-02 (001 Пример 2) as the seed computes it: pinfu tsumo at 30 fu (CFG-06 = 30),
    4 han, 3900 / 2000."""
    result = score("344556m678p34577s", "8p", Rules(pinfu_tsumo_fu=30), tsumo=True, riichi=True,
                   seat_wind=NORTH, round_wind=EAST, dora_indicators=tiles("7z"))
    assert dict(result.yaku) == {"riichi": 1, "tanyao": 1, "menzen tsumo": 1, "pinfu": 1}
    assert (result.dora, result.han, result.fu, result.limit) == (0, 4, 30, None)
    assert paid(result) == {EAST: 3900, SOUTH: 2000, WEST: 2000}
    assert result.total == 7900


def test_tv_score_02_mj_score_12_pinfu_tsumo_standard_20_fu() -> None:
    """TV-SCORE-02 under the default (001 Примечание, MJ-SCORE-12): pinfu tsumo is 20 fu, 2600 / 1300."""
    result = score("344556m678p34577s", "8p", tsumo=True, riichi=True, seat_wind=NORTH,
                   round_wind=EAST, dora_indicators=tiles("7z"))
    assert (result.han, result.fu) == (4, 20)
    assert result.fu_items == (("base", 20),)
    assert paid(result) == {EAST: 2600, SOUTH: 1300, WEST: 1300}
    assert result.total == 5200


def test_tv_score_03_closed_chanta_ron_completed_triplet_counts_open() -> None:
    """TV-SCORE-03 (001 Пример 3): chanta closed 2 han; 222z completed by ron counts as open
    (MJ-SCORE-07): 20 + 8 + 8 + 4 + 10 = 50 fu, 3200."""
    result = score("123999s999m11p222z", "2z", seat_wind=WEST, round_wind=EAST,
                   dora_indicators=tiles("4z"), discarder=SOUTH)
    assert dict(result.yaku) == {"chanta": 2}
    assert (result.dora, result.han, result.fu) == (0, 2, 50)
    assert dict(result.fu_items) == {
        "base": 20, "closed triplet 9s": 8, "closed triplet 9m": 8,
        "open triplet 2z (completed by ron)": 4, "closed ron": 10}
    assert result.wait == "shanpon"
    assert result.payments == (Payment(SOUTH, 3200),)


def test_tv_score_04_open_honitsu_double_south_dora_and_kandora_baiman() -> None:
    """TV-SCORE-04 (001 Пример 4): honitsu open 2 + seat South 1 + round South 1 + dora 3 + kandora 1
    = 8 han, baiman, 8000 / 4000."""
    result = score("12344455789m 222z+", "9m", tsumo=True, seat_wind=SOUTH, round_wind=SOUTH,
                   dora_indicators=tiles("1z", "9m"))
    assert dict(result.yaku) == {"honitsu": 2, "yakuhai (seat wind)": 1, "yakuhai (round wind)": 1}
    assert (result.dora, result.han, result.limit) == (4, 8, "baiman")
    assert result.fu == 30  # 20 + 2 tsumo + 4 (444m closed) + 4 (222z open) = 30
    assert paid(result) == {EAST: 8000, WEST: 4000, NORTH: 4000}


@pytest.mark.parametrize(("indicator", "dora"), [
    ("4p", "5p"), ("7z", "5z"), ("4z", "1z"), ("1z", "2z"), ("9m", "1m"), ("5z", "6z"), ("0s", "6s"),
])
def test_mj_score_03_indicator_to_dora(indicator: str, dora: str) -> None:
    """MJ-SCORE-03 (checked by all four examples): the dora follows its indicator; 9 -> 1, N -> E,
    chun -> haku."""
    assert dora_from_indicator(Tile.from_str(indicator).kind) == Tile.from_str(dora).kind
    hand = f"234m456p789s{dora[0] * 2}{dora[1]} 777z+"
    copies = sum(t.kind == Tile.from_str(dora).kind for t in Hand.from_str(hand).all_tiles)
    result = score(hand, dora, Rules(red_fives=(1, 1, 1)), seat_wind=SOUTH,
                   dora_indicators=(Tile.from_str(indicator),))
    assert result.dora == copies >= 2


# --- §11.2: fu vectors-----------------------------------------------------------------------------

def test_tv_fu_01_two_sided_wait_no_fu() -> None:
    """TV-FU-01 (001 §2.4): 45 waiting on 3/6 scores no wait fu."""
    for win_tile in ("3m", "6m"):
        hand = "45m456p789s22m111z".replace("45m", "345m" if win_tile == "3m" else "456m")
        result = score(hand, win_tile, seat_wind=SOUTH)
        assert result.wait == "ryanmen"
        assert not any("wait" in name for name, _ in result.fu_items)


def test_tv_fu_02_shanpon_wait_no_fu() -> None:
    """TV-FU-02 (001 §2.4): 33 + 77 waiting on 3 or 7 scores no wait fu (only the triplet's own fu)."""
    for win_tile in ("3m", "7p"):
        result = score("333m77p123s456s789s" if win_tile == "3m" else "33m777p123s456s789s",
                       win_tile, riichi=True, seat_wind=SOUTH)
        assert result.wait == "shanpon"
        assert not any("wait" in name for name, _ in result.fu_items)
        assert result.fu == 40  # 20 + 2 (simple triplet by ron, open) + 10 closed ron = 32 -> 40


@pytest.mark.parametrize(("hand", "win_tile", "shape"), [
    ("12399m456p789s111z", "3m", "penchan"),
    ("12399m456p789s111z", "2m", "kanchan"),
    ("12399m456p789s111z", "9m", "tanki"),
])
def test_tv_fu_03_single_tile_waits_two_fu(hand: str, win_tile: str, shape: str) -> None:
    """TV-FU-03 (001 §2.4): an edge, middle or pair wait scores +2."""
    result = score(hand, win_tile, seat_wind=SOUTH)
    assert result.wait == shape
    assert (f"{shape} wait", 2) in result.fu_items


@pytest.mark.parametrize("tsumo", [False, True])
def test_tv_fu_04_chiitoitsu_25_fu_not_rounded(tsumo: bool) -> None:
    """TV-FU-04 (001 Примечание): chiitoitsu is 25 fu, any win, not rounded."""
    result = score("1155m2288p3399s77z", "7z", tsumo=tsumo, seat_wind=SOUTH)
    assert result.fu == 25
    assert result.fu_items == (("chiitoitsu", 25),)


def test_tv_fu_05_pinfu_ron_30_fu() -> None:
    """TV-FU-05 (001 Примечание): pinfu ron is 30 fu."""
    result = score("12399m456p345789s", "9s", seat_wind=SOUTH)
    assert dict(result.yaku) == {"pinfu": 1}
    assert result.fu == 30


def test_tv_fu_06_double_east_pair_2_fu_p003_4_fu_pmtl() -> None:
    """TV-FU-06 (001 §2.2 vs 004 B18, CFG-07): a 1z pair for East in the East round."""
    hand, win_tile = "123m456p789s11z 777z+", "1z"
    default = score(hand, win_tile, Rules.preset("ema"), seat_wind=EAST, round_wind=EAST)
    montreal = score(hand, win_tile, MONTREAL, seat_wind=EAST, round_wind=EAST)
    assert ("double wind pair 1z", 2) in default.fu_items
    assert ("double wind pair 1z", 4) in montreal.fu_items


def test_tv_fu_07_open_kan_rinshan_tsumo_fu_p003_vs_pmtl() -> None:
    """TV-FU-07 (001 §2.3 vs 004 B18, CFG-08): open kan 5555p (8), kanchan (2), rinshan tsumo:
    P003 32 -> 40 fu (700/400); PMTL 30 -> 30 fu (500/300)."""
    hand, win_tile = "234m678m789s55s 5555p=", "8s"
    p003 = score(hand, win_tile, Rules.preset("ema"), tsumo=True, rinshan=True, seat_wind=SOUTH)
    pmtl = score(hand, win_tile, MONTREAL, tsumo=True, rinshan=True, seat_wind=SOUTH)
    assert dict(p003.yaku) == dict(pmtl.yaku) == {"rinshan kaihou": 1}
    assert dict(p003.fu_items) == {"base": 20, "open kan 5p": 8, "kanchan wait": 2, "tsumo": 2}
    assert dict(pmtl.fu_items) == {"base": 20, "open kan 5p": 8, "kanchan wait": 2}
    assert (p003.fu, paid(p003)) == (40, {EAST: 700, WEST: 400, NORTH: 400})
    assert (pmtl.fu, paid(pmtl)) == (30, {EAST: 500, WEST: 300, NORTH: 300})


# --- §11.2: payment vectors------------------------------------------------------------------------

def test_tv_pay_01_non_dealer_ron_30_fu_1_han() -> None:
    """TV-PAY-01 (table (d)): 1000; also from a real hand (open yakuhai, 30 fu)."""
    base, limit = basic_points(1, 30)
    assert (base, limit) == (240, None)
    assert [p.amount for p in hand_payments(base, dealer=False, tsumo=False)] == [1000]
    result = score("123m456p78999s 777z+", "9s", seat_wind=SOUTH)
    assert (result.han, result.fu, result.total) == (1, 30, 1000)


def test_tv_pay_02_non_dealer_tsumo_30_fu_1_han_total_exceeds_ron() -> None:
    """TV-PAY-02 (table (b), MJ-SCORE-17): 500 / 300, total 1100 (the ron pays 1000)."""
    result = score("123m456p78999s 777z+", "9s", tsumo=True, seat_wind=SOUTH)
    assert (result.han, result.fu) == (1, 30)
    assert paid(result) == {EAST: 500, WEST: 300, NORTH: 300}
    assert result.total == 1100


def test_tv_pay_03_dealer_ron_30_fu_4_han_no_kiriage() -> None:
    """TV-PAY-03 (table (c), MJ-SCORE-21): dealer ron 30 fu 4 han = 11600 without kiriage."""
    base, limit = basic_points(4, 30)
    assert (base, limit) == (1920, None)
    assert [p.amount for p in hand_payments(base, dealer=True, tsumo=False)] == [11600]
    # riichi + tanyao + pinfu + iipeikou, dealer ron: 30 fu 4 han.
    result = score("223344m567p23488s", "4s", riichi=True, seat_wind=EAST)
    assert (result.han, result.fu, result.limit, result.total) == (4, 30, None, 11600)


def test_tv_pay_04_non_dealer_ron_4_han_40_fu_capped_at_mangan() -> None:
    """TV-PAY-04 (table (d), MJ-SCORE-15): 4 han 40 fu is capped at 2000 basic points: 8000."""
    assert basic_points(4, 40) == (2000, "mangan")
    # chun 1 han; 20 + 8 (999m closed) + 4 (777z open) + 2 (round wind pair) + 2 (tanki) = 36 -> 40
    hand = "999m456p789s11z 777z+"
    assert score(hand, "1z", seat_wind=SOUTH).total == 1300
    result = score(hand, "1z", seat_wind=SOUTH, dora_indicators=tiles("6z"))  # 3 x chun
    assert (result.han, result.fu, result.limit, result.total) == (4, 40, "mangan", 8000)


def test_tv_pay_05_dealer_tsumo_kazoe_13_han_16000_each() -> None:
    """TV-PAY-05 (Table (1)): a dealer's 13-han tsumo is a (kazoe) yakuman, 16000 from each."""
    result = score("11223345678999m", "4m", tsumo=True, riichi=True, seat_wind=EAST,
                   dora_indicators=tiles("9m"))
    # riichi 1 + menzen tsumo 1 + pinfu 1 + iipeikou 1 + ittsu 2 + chinitsu 6 + dora 2 = 14
    assert result.limit == "kazoe yakuman"
    assert result.yakuman == 1
    assert paid(result) == {SOUTH: 16000, WEST: 16000, NORTH: 16000}


def test_tv_pay_06_pmtl_two_counters_non_dealer_ron() -> None:
    """TV-PAY-06 (004 B6, MJ-SCORE-22): 2 counters on a 3900 ron: the discarder pays 4500."""
    base, _ = basic_points(3, 30)
    assert hand_payments(base, dealer=False, tsumo=False, discarder=EAST, honba=2,
                         rules=MONTREAL) == (Payment(EAST, 4500, 600),)


def test_tv_pay_07_pmtl_two_counters_non_dealer_tsumo() -> None:
    """TV-PAY-07 (004 B6, MJ-SCORE-22): 2 counters on a 1000/500 tsumo: 1200 and 700 each."""
    base, _ = basic_points(2, 30)
    payments = hand_payments(base, dealer=False, tsumo=True, seat=SOUTH, honba=2, rules=MONTREAL)
    assert payments == (Payment(EAST, 1200, 200), Payment(WEST, 700, 200), Payment(NORTH, 700, 200))


def test_tv_pay_08_pmtl_daisangen_and_tsuuiisou_double_yakuman() -> None:
    """TV-PAY-08 (004 B16, MJ-SCORE-23): daisangen + tsuuiisou = 2 yakuman = 64000 non-dealer ron."""
    result = score("555666777z22z 111z+", "2z", MONTREAL, seat_wind=SOUTH, discarder=WEST)
    assert dict(result.yaku) == {"daisangen": 13, "tsuuiisou": 13}
    assert (result.yakuman, result.limit) == (2, "double yakuman")
    assert result.payments == (Payment(WEST, 64000),)


def test_tv_pay_09_pmtl_kazoe_is_one_yakuman_never_more() -> None:
    """TV-PAY-09 (004 B15, MJ-MONTREAL-27): 13+ han of ordinary yaku is one yakuman, never more."""
    for indicators in (tiles("9m"), tiles("9m", "8m", "8m", "2m", "2m")):  # 13 and 23 han
        result = score("11223345678999m", "4m", MONTREAL, riichi=True, seat_wind=SOUTH,
                       dora_indicators=indicators)
        assert result.han >= 13
        assert (result.yakuman, result.limit, result.total) == (1, "kazoe yakuman", 32000)


@pytest.mark.parametrize(("hand", "win_tile", "dora"), [
    ("12399m456p789s111s", "8s", ""),     # no yaku at all
    ("234m456p22567678s", "5s", ""),      # tanyao + pinfu: 2 han
    ("224466m5588p3377s", "7s", ""),      # tanyao + chiitoitsu: 3 han
    ("22334455667799s", "9s", ""),        # chiitoitsu + chinitsu + tanyao: 9 han, a baiman
    ("234m456p22567678s", "5s", "1s1s"),  # 2 han + 4 dora: a haneman
    ("22334455667799s", "9s", "1s1s8s"),  # 9 han + 6 dora: a kazoe yakuman (not a real one)
])
def test_tv_pay_10_mj_score_24_pmtl_renhou_is_exactly_a_mangan(hand: str, win_tile: str,
                                                               dora: str) -> None:
    """TV-PAY-10 (004 B24, MJ-SCORE-24, MJ-MONTREAL-40): renhou is worth "a mangan only": 8000
    whatever the hand's other yaku and dora, which do not count."""
    result = score(hand, win_tile, MONTREAL, first_turn=True, seat_wind=SOUTH, discarder=EAST,
                   dora_indicators=tiles(*(dora[i:i + 2] for i in range(0, len(dora), 2))))
    assert (result.yaku, result.limit, result.han, result.total) == (
        (("renhou", 5),), "mangan", 5, 8000)
    assert (result.dora, result.aka, result.ura, result.yakuman) == (0, 0, 0, 0)


@pytest.mark.parametrize(("hand", "win_tile", "yakuman"), [
    ("22334455667788m", "8m", "daisharin"),
    ("19m19p19s1234567z9s", "1m", "kokushi musou"),
])
def test_mj_score_24_renhou_mangan_gives_way_to_a_real_yakuman(hand: str, win_tile: str,
                                                               yakuman: str) -> None:
    """MJ-SCORE-24, MJ-MONTREAL-40 [GAP]: a first-turn ron that is a real yakuman counts the
    yakuman (worth more), not the renhou mangan (see ``Rules.renhou``)."""
    result = score(hand, win_tile, MONTREAL, first_turn=True, seat_wind=SOUTH, discarder=EAST)
    assert (dict(result.yaku), result.limit, result.total) == ({yakuman: 13}, "yakuman", 32000)


# --- §11.4: pao------------------------------------------------------------------------------------

DAISANGEN = "123m44p 555z+ 666z= 777z-"


def test_tv_pao_01_non_dealer_daisangen_tsumo_liable_pays_all() -> None:
    """TV-PAO-01 (003 L656-657, MJ-PAO-05): the liable player pays 32000 alone."""
    result = score(DAISANGEN, "4p", tsumo=True, seat_wind=SOUTH, pao_seat=NORTH)
    assert result.payments == (Payment(NORTH, 32000),)
    assert result.liable == (Payment(NORTH, 32000),)


def test_tv_pao_02_dealer_daisangen_tsumo_liable_pays_48000() -> None:
    """TV-PAO-02 (MJ-PAO-05): a dealer's daisangen tsumo: the liable player pays 48000."""
    result = score(DAISANGEN, "4p", tsumo=True, seat_wind=EAST, pao_seat=WEST)
    assert result.payments == (Payment(WEST, 48000),)


@pytest.mark.parametrize(("rules", "liable_pays", "discarder_pays"), [
    (Rules.preset("ema"), 16000, 16300),   # P003: the discarder pays the counter
    (MONTREAL, 16300, 16000),              # PMTL: the liable player pays it
])
def test_tv_pao_03_daisangen_ron_split_and_counter_payer(rules: Rules, liable_pays: int,
                                                          discarder_pays: int) -> None:
    """TV-PAO-03 (003 L658-661, 004 B17, MJ-PAO-06/07, CFG-11): a ron on D's discard, L liable,
    1 counter: L and D pay 16000 each; the counter's 300 goes to D (P003) or L (PMTL)."""
    result = score(DAISANGEN, "4p", rules, seat_wind=SOUTH, discarder=WEST, pao_seat=NORTH, honba=1)
    assert paid(result) == {NORTH: liable_pays, WEST: discarder_pays}
    assert result.total == 32300


DAIMINKAN_RINSHAN = "234m567p345s66s 8888m="  # rinshan + kuitan + 1 dora; 20 + 8 = 28 -> 30 fu


def test_tv_pao_04_pmtl_daiminkan_rinshan_discarder_pays_tsumo_total() -> None:
    """TV-PAO-04 (004 B17, MJ-PAO-04, default reading): the discarder of the kan tile pays the
    whole hand alone, as the sum of the tsumo shares: 2000 + 1000 + 1000 = 4000."""
    result = score(DAIMINKAN_RINSHAN, "5s", MONTREAL, tsumo=True, rinshan=True, seat_wind=SOUTH,
                   pao_seat=NORTH, dora_indicators=tiles("1m"))
    assert (result.han, result.fu) == (3, 30)
    assert result.payments == (Payment(NORTH, 4000),)


def test_tv_pao_05_pmtl_daiminkan_rinshan_alternative_ron_value() -> None:
    """TV-PAO-05 (MJ-PAO-04 [AMB], alternative reading): "the whole hand" as the ron value: 3900."""
    rules = MONTREAL.replace(pao_rinshan_payment="ron_value")
    result = score(DAIMINKAN_RINSHAN, "5s", rules, tsumo=True, rinshan=True, seat_wind=SOUTH,
                   pao_seat=NORTH, dora_indicators=tiles("1m"))
    assert result.payments == (Payment(NORTH, 3900),)


def test_tv_pao_daiminkan_rinshan_not_liable_without_the_option() -> None:
    """CFG-12: under P003 a daiminkan-rinshan win makes nobody liable; the normal tsumo shares."""
    result = score(DAIMINKAN_RINSHAN, "5s", Rules.preset("ema"), tsumo=True, rinshan=True,
                   seat_wind=SOUTH, pao_seat=NORTH, dora_indicators=tiles("1m"))
    assert result.liable == ()
    assert len(result.payments) == 3


def test_mj_pao_05_daisangen_tsumo_to_dict_reports_the_liable_part() -> None:
    """MJ-PAO-05 in ``to_dict``: the liable player pays the whole hand, so the normal tsumo split
    of the rest is 0 and ``liable`` names the payer and his amount (counters included)."""
    result = score(DAISANGEN, "4p", tsumo=True, seat_wind=SOUTH, pao_seat=NORTH, honba=2)
    assert result.to_dict()["points"] == {
        "total": 32600, "tsumo_dealer": 0, "tsumo_others": 0,
        "liable": {"payer": "North", "amount": 32600}, "deposits": 0}


def test_mj_pao_08_daisangen_tsuuiisou_tsumo_to_dict_splits_the_rest() -> None:
    """MJ-PAO-05, MJ-PAO-08 in ``to_dict``: daisangen + tsuuiisou tsumo with North liable: North
    pays the daisangen (32000) alone; the tsuuiisou is split as a normal tsumo (16000 / 8000),
    North paying his share of it too."""
    result = score("111z22z 555z= 666z= 777z-", "2z", tsumo=True, seat_wind=SOUTH, pao_seat=NORTH)
    assert paid(result) == {NORTH: 40000, EAST: 16000, WEST: 8000}
    assert result.liable == (Payment(NORTH, 32000),)
    assert result.to_dict()["points"] == {
        "total": 64000, "tsumo_dealer": 16000, "tsumo_others": 8000,
        "liable": {"payer": "North", "amount": 32000}, "deposits": 0}


def test_mj_pao_06_08_ron_to_dict_reports_the_liable_part() -> None:
    """MJ-PAO-06/08 in ``to_dict``: on ron the liable player pays half of the liable yakuman; the
    discarder the other half and the rest. No ``liable`` key without liability."""
    points = score(DAISANGEN, "4p", seat_wind=SOUTH, discarder=WEST, pao_seat=NORTH
                   ).to_dict()["points"]
    assert points == {"total": 32000, "ron": 32000,
                      "liable": {"payer": "North", "amount": 16000}, "deposits": 0}
    double = score("111z22z 555z= 666z= 777z-", "2z", seat_wind=SOUTH, discarder=WEST,
                   pao_seat=NORTH)
    assert paid(double) == {NORTH: 16000, WEST: 48000}
    assert double.to_dict()["points"]["liable"] == {"payer": "North", "amount": 16000}
    assert "liable" not in score(DAISANGEN, "4p", seat_wind=SOUTH, discarder=WEST
                                 ).to_dict()["points"]


def test_tv_mtl_07_daisharin_any_suit() -> None:
    """TV-MTL-07 (004 B15, MJ-MONTREAL-24): 2233445566778m + 8m ron is daisharin, a yakuman."""
    result = score("22334455667788m", "8m", MONTREAL, seat_wind=SOUTH)
    assert dict(result.yaku) == {"daisharin": 13}
    assert result.total == 32000
