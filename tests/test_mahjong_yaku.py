"""Every yaku and yakuman: a hand that has it and a near miss that does not (MJ-SCORE-04, -23, -24;
MJ-MONTREAL-15, -23..28, -40).

The seeds give values only for some yaku (MJ-SCORE-04); the rest follow standard modern practice
([GAP], RULES.md §12 item 9): ippatsu, haitei, houtei, chankan 1 han; double riichi 2; closed honitsu 3;
open riichi +1. Unless a test says otherwise the winner sits South in the East round.
"""

from __future__ import annotations

import pytest

from taku.mahjong import (
    Hand,
    InvalidHandError,
    NotAWinError,
    NoYakuError,
    Rules,
    Tile,
    Win,
    score_hand,
)
from taku.mahjong.yaku import YAKU, YAKUMAN
from tests.mahjong_helpers import EAST, NO_YAKU, NO_YAKU_OPEN, NORTH, PINFU, SOUTH, WEST, yaku
from tests.mahjong_helpers import score_south as score

MONTREAL = Rules.preset("montreal")

# --- riichi family (MJ-RIICHI, MJ-MONTREAL-20)-----------------------------------------------------

def test_yaku_riichi() -> None:
    """MJ-SCORE-04: riichi 1 han; the same hand without it has no yaku."""
    assert yaku(NO_YAKU, "8s", riichi=True) == {"riichi": 1}
    with pytest.raises(NoYakuError):
        score(NO_YAKU, "8s")


def test_yaku_double_riichi() -> None:
    """MJ-SCORE-04 [GAP], MJ-RIICHI-13: double riichi 2 han (replaces riichi); off -> plain riichi."""
    assert yaku(NO_YAKU, "8s", double_riichi=True) == {"double riichi": 2}
    assert yaku(NO_YAKU, "8s", Rules(double_riichi=False), double_riichi=True) == {"riichi": 1}


def test_yaku_open_riichi() -> None:
    """MJ-MONTREAL-20, MJ-RIICHI-13 [GAP]: open riichi is riichi + 1 where allowed; else riichi."""
    assert yaku(NO_YAKU, "8s", Rules(open_riichi=True), open_riichi=True) == {
        "riichi": 1, "open riichi": 1}
    assert yaku(NO_YAKU, "8s", MONTREAL, open_riichi=True, double_riichi=True) == {
        "double riichi": 2, "open riichi": 1}
    assert yaku(NO_YAKU, "8s", Rules(open_riichi=False), open_riichi=True) == {"riichi": 1}


def test_yaku_ippatsu() -> None:
    """MJ-SCORE-04 [GAP value 1]: ippatsu needs riichi; off -> not counted."""
    assert yaku(NO_YAKU, "8s", riichi=True, ippatsu=True) == {"riichi": 1, "ippatsu": 1}
    assert yaku(NO_YAKU, "8s", Rules(ippatsu=False), riichi=True, ippatsu=True) == {"riichi": 1}
    with pytest.raises(InvalidHandError, match="ippatsu needs riichi"):
        Win(ippatsu=True)


def test_yaku_menzen_tsumo() -> None:
    """MJ-SCORE-04 (001 Пример 2): closed tsumo 1 han; an open tsumo gets nothing."""
    assert yaku(NO_YAKU, "8s", tsumo=True) == {"menzen tsumo": 1}
    assert yaku("234m789s111s55s 4444z", "8s", tsumo=True) == {"menzen tsumo": 1}  # ankan: closed
    with pytest.raises(NoYakuError):
        score(NO_YAKU_OPEN, "8s", tsumo=True)


# --- pinfu-----------------------------------------------------------------------------------------

def test_yaku_pinfu() -> None:
    """MJ-SCORE-04: pinfu 1 han: closed, all sequences, two-sided wait, no-value pair (ron 30 fu)."""
    assert yaku(PINFU, "9s") == {"pinfu": 1}
    assert yaku(PINFU, "9s", tsumo=True) == {"menzen tsumo": 1, "pinfu": 1}
    assert yaku("123m456p345789s44z", "9s") == {"pinfu": 1}  # North pair: no value for South


@pytest.mark.parametrize(("pair", "seat", "round_wind"), [
    ("55z", SOUTH, EAST), ("22z", SOUTH, EAST), ("11z", SOUTH, EAST), ("11z", EAST, EAST),
])
def test_yaku_pinfu_near_miss_value_pair(pair: str, seat: int, round_wind: int) -> None:
    """Pinfu near miss: a pair of a dragon, the seat wind or the round wind."""
    assert yaku(f"123m456p345789s{pair}", "9s", riichi=True, seat_wind=seat,
                round_wind=round_wind) == {"riichi": 1}


@pytest.mark.parametrize(("win_tile", "shape"), [("8s", "kanchan"), ("7s", "penchan")])
def test_yaku_pinfu_near_miss_single_wait(win_tile: str, shape: str) -> None:
    """Pinfu near miss: the winning tile can only be read as a middle or edge wait."""
    result = score(PINFU, win_tile, riichi=True)
    assert dict(result.yaku) == {"riichi": 1}
    assert result.wait == shape


def test_yaku_pinfu_near_miss_open() -> None:
    """Pinfu near miss: the same shape with a chi is not pinfu (30 fu by MJ-SCORE-14)."""
    result = score("234m456p678s88m 5-67p", "6s")
    assert dict(result.yaku) == {"tanyao": 1}
    assert result.fu == 30


def test_yaku_pinfu_near_miss_triplet() -> None:
    """Pinfu near miss: a triplet in the hand."""
    assert yaku("111m456p345789s99m", "9s", riichi=True) == {"riichi": 1}


# --- tanyao, iipeikou, yakuhai---------------------------------------------------------------------

def test_yaku_tanyao_closed_and_kuitan() -> None:
    """MJ-SCORE-04, MJ-MONTREAL-02, CFG-22: tanyao closed always; open only with kuitan."""
    open_hand = "234m456p678s88m 5-67p"
    assert yaku(open_hand, "6s", Rules(kuitan=True)) == {"tanyao": 1}
    with pytest.raises(NoYakuError):
        score(open_hand, "6s", Rules(kuitan=False))
    closed = "234m456p22567678s"
    assert yaku(closed, "5s", Rules(kuitan=False)) == {"tanyao": 1, "pinfu": 1}


def test_yaku_tanyao_near_miss_terminal() -> None:
    """Tanyao near miss: one terminal in the hand."""
    assert "tanyao" not in yaku("234m456p22567789s", "5s")


def test_yaku_iipeikou() -> None:
    """Iipeikou 1 han (closed only); near miss: the same sequences with one called."""
    assert yaku("112233m456p55789s", "9s") == {"iipeikou": 1, "pinfu": 1}
    assert yaku("123m789s55s777z 1-23m", "5s") == {"yakuhai (chun)": 1}


@pytest.mark.parametrize(("kind", "seat", "round_wind", "expected"), [
    ("5", SOUTH, EAST, {"yakuhai (haku)": 1}),
    ("6", SOUTH, EAST, {"yakuhai (hatsu)": 1}),
    ("7", SOUTH, EAST, {"yakuhai (chun)": 1}),
    ("2", SOUTH, EAST, {"yakuhai (seat wind)": 1}),
    ("1", SOUTH, EAST, {"yakuhai (round wind)": 1}),
    ("2", SOUTH, SOUTH, {"yakuhai (seat wind)": 1, "yakuhai (round wind)": 1}),
    ("1", EAST, EAST, {"yakuhai (seat wind)": 1, "yakuhai (round wind)": 1}),
    ("3", WEST, SOUTH, {"yakuhai (seat wind)": 1}),
    ("4", NORTH, EAST, {"yakuhai (seat wind)": 1}),
])
def test_yaku_yakuhai(kind: str, seat: int, round_wind: int, expected: dict[str, int]) -> None:
    """MJ-SCORE-04 (001 Пример 1, 4): 1 han per value triplet; a double wind counts twice."""
    assert yaku(f"123m456p789s11s {kind * 3}z=", "1s", seat_wind=seat,
                round_wind=round_wind) == expected
    # the same value kind as a closed triplet or a kan counts the same
    assert yaku(f"123m456p789s11s {kind * 4}z", "1s", seat_wind=seat,
                round_wind=round_wind) == expected


@pytest.mark.parametrize(("hand", "win_tile"), [
    ("123m456p789s11s 444z=", "1s"),   # North is nobody's wind here
    ("123m456p789s11s 333z=", "1s"),   # West neither
    ("123m456p789s55z 999m=", "5z"),   # a dragon pair is not a triplet
])
def test_yaku_yakuhai_near_miss(hand: str, win_tile: str) -> None:
    """Yakuhai near miss: a non-value wind triplet, or a dragon pair."""
    with pytest.raises(NoYakuError):
        score(hand, win_tile)


# --- situation yaku--------------------------------------------------------------------------------

def test_yaku_haitei_and_houtei() -> None:
    """MJ-SCORE-04, MJ-MONTREAL-22: haitei (tsumo on the last tile) and houtei (ron on the last
    discard), 1 han each; near miss: the same win not on the last tile."""
    assert yaku(NO_YAKU_OPEN, "8s", tsumo=True, haitei=True) == {"haitei raoyue": 1}
    assert yaku(NO_YAKU_OPEN, "8s", houtei=True) == {"houtei raoyui": 1}
    with pytest.raises(NoYakuError):
        score(NO_YAKU_OPEN, "8s", tsumo=True)
    with pytest.raises(InvalidHandError):
        Win(tsumo=True, houtei=True)


def test_yaku_rinshan_kaihou_and_haitei_on_rinshan() -> None:
    """MJ-SCORE-04, MJ-MONTREAL-22, CFG-15: rinshan 1 han; on the last tile it is never also haitei
    unless ``haitei_on_rinshan``; near miss: the same tsumo not on a replacement tile."""
    hand = "12399m789s 4-56p 1111s"
    assert yaku(hand, "8s", tsumo=True, rinshan=True) == {"rinshan kaihou": 1}
    assert yaku(hand, "8s", tsumo=True, rinshan=True, haitei=True) == {"rinshan kaihou": 1}
    assert yaku(hand, "8s", Rules(haitei_on_rinshan=True), tsumo=True, rinshan=True,
                haitei=True) == {"haitei raoyue": 1, "rinshan kaihou": 1}
    with pytest.raises(NoYakuError):
        score(hand, "8s", tsumo=True)


def test_yaku_chankan() -> None:
    """MJ-SCORE-04 [GAP value 1]: robbing a kan; near miss: an ordinary ron."""
    assert yaku(NO_YAKU_OPEN, "8s", chankan=True) == {"chankan": 1}
    with pytest.raises(NoYakuError):
        score(NO_YAKU_OPEN, "8s")


# --- sequence patterns-----------------------------------------------------------------------------

def test_yaku_sanshoku_doujun_closed_2_open_1() -> None:
    """Sanshoku doujun: 2 han closed, 1 open; near miss: one sequence off by one."""
    assert yaku("123456m123p123s99s", "6m") == {"sanshoku doujun": 2, "pinfu": 1}
    assert yaku("123456m123p99s 1-23s", "6m") == {"sanshoku doujun": 1}
    assert yaku("123456m123p234s99s", "6m") == {"pinfu": 1}


def test_yaku_ittsu_closed_2_open_1() -> None:
    """Ittsu: 2 han closed, 1 open; near miss: the 789 in another suit."""
    assert yaku("123456789m456p55s", "9m") == {"ittsu": 2, "pinfu": 1}
    assert yaku("123456m456p55s 7-89m", "6m") == {"ittsu": 1}
    assert yaku("123456m789p456p55s", "6m") == {"pinfu": 1}


def test_yaku_chanta_closed_2_open_1() -> None:
    """MJ-SCORE-04 (001 Пример 3): chanta 2 closed, 1 open; near miss: one group without a terminal
    or honour."""
    assert yaku("123m789p789s999m44z", "4z") == {"chanta": 2}
    assert yaku("123m789p999m44z 7-89s", "4z") == {"chanta": 1}
    assert yaku("234m789p789s999m44z", "4z", riichi=True) == {"riichi": 1}


def test_yaku_junchan_closed_3_open_2() -> None:
    """Junchan 3 closed, 2 open (not also chanta); near miss: an honour makes it chanta."""
    assert yaku("123m789p789s999m11s", "1s") == {"junchan": 3}
    assert yaku("123m789p999m11s 7-89s", "1s") == {"junchan": 2}
    assert yaku("123m789p789s999m44z", "4z") == {"chanta": 2}


# --- pairs and triplets----------------------------------------------------------------------------

def test_yaku_chiitoitsu() -> None:
    """MJ-SCORE-04 [INF 2 han]: seven pairs; near miss: four of a kind is not two pairs."""
    result = score("1155m2288p3399s77z", "7z")
    assert dict(result.yaku) == {"chiitoitsu": 2}
    assert result.fu == 25
    with pytest.raises(NotAWinError):
        score("1111m2288p3399s77z", "7z")


def test_yaku_toitoi() -> None:
    """MJ-SCORE-04 (001 Пример 1): toitoi 2; near miss: one sequence."""
    assert yaku("222m555p88s 777z+ 999p=", "8s") == {"toitoi": 2, "yakuhai (chun)": 1}
    assert yaku("234m555p88s 777z+ 999p=", "8s") == {"yakuhai (chun)": 1}


def test_yaku_sanankou() -> None:
    """Sanankou 2 han: three concealed triplets (an ankan counts); a triplet completed by ron is not
    concealed, by tsumo it is."""
    assert yaku("222m555p888s345s99m", "5s") == {"sanankou": 2}
    assert yaku("555p888s345s99m 2222m", "5s") == {"sanankou": 2}
    assert yaku("222m555p888s345s99m", "8s", riichi=True) == {"riichi": 1}
    assert yaku("222m555p888s345s99m", "8s", tsumo=True) == {"menzen tsumo": 1, "sanankou": 2}
    assert "sanankou" not in yaku("222m555p345s99m 888s+", "5s", tsumo=True, haitei=True)


def test_yaku_sankantsu() -> None:
    """Sankantsu 2 han; near miss: two kans."""
    assert yaku("345s99m 2222m 5555p= 8888s+", "5s") == {"sankantsu": 2}
    with pytest.raises(NoYakuError):
        score("345s99m888s 2222m 5555p=", "5s")


def test_yaku_sanshoku_doukou() -> None:
    """Sanshoku doukou 2 han; near miss: one triplet off by one."""
    assert yaku("222m222p345s99m 222s+", "5s") == {"sanshoku doukou": 2}
    with pytest.raises(NoYakuError):
        score("222m222p345s99m 333s+", "5s")


def test_yaku_honroutou() -> None:
    """Honroutou 2 han (with toitoi); near miss: a terminal sequence makes it chanta."""
    assert yaku("111m999p11s 999s= 444z+", "1s") == {"toitoi": 2, "honroutou": 2}
    assert yaku("123m999p11s 999s= 444z+", "1s") == {"chanta": 1}
    assert yaku("1199m1199p11s44z77z", "4z") == {"chiitoitsu": 2, "honroutou": 2}


def test_yaku_shousangen() -> None:
    """Shousangen 2 han (plus its two dragon triplets); near miss: a non-dragon pair."""
    assert yaku("555z666z77z123m456p", "7z") == {
        "yakuhai (haku)": 1, "yakuhai (hatsu)": 1, "shousangen": 2}
    assert yaku("555z666z123m456p99m", "9m") == {"yakuhai (haku)": 1, "yakuhai (hatsu)": 1}


# --- flushes and ryanpeikou------------------------------------------------------------------------

def test_yaku_honitsu_closed_3_open_2() -> None:
    """MJ-SCORE-04 (001 Пример 4: open 2; closed [GAP] 3); near miss: a second suit."""
    assert yaku("123345678m99m444z", "9m") == {"honitsu": 3}
    assert yaku("123345m99m444z 6-78m", "9m") == {"honitsu": 2}
    with pytest.raises(NoYakuError):
        score("123345m678p99m444z", "9m")


def test_yaku_chinitsu_closed_6_open_5() -> None:
    """Chinitsu 6 closed, 5 open (not also honitsu); near miss: an honour makes it honitsu."""
    closed = yaku("12334556778999m", "4m")
    assert closed["chinitsu"] == 6 and "honitsu" not in closed
    assert yaku("123345567m99m 7-89m", "9m")["chinitsu"] == 5
    assert yaku("123345567m44z 7-89m", "4z") == {"honitsu": 2}


def test_yaku_ryanpeikou() -> None:
    """Ryanpeikou 3 han, counted instead of iipeikou and chiitoitsu; near miss: only one twin."""
    result = score("112233m445566p77s", "7s")
    assert dict(result.yaku) == {"ryanpeikou": 3}
    assert yaku("112233m445566p77s", "6p") == {"ryanpeikou": 3, "pinfu": 1}
    assert yaku("112233m456p567p77s", "7s") == {"iipeikou": 1}


# --- yakuman---------------------------------------------------------------------------------------

def test_yakuman_kokushi_and_13_sided() -> None:
    """MJ-MONTREAL-23: kokushi musou; with all thirteen waiting it is the 13-sided form; near miss:
    a simple instead of one orphan."""
    result = score("19m19p19s1234567z1m", "9m")
    assert dict(result.yaku) == {"kokushi musou": 13}
    assert (result.yakuman, result.total) == (1, 32000)
    assert dict(score("19m19p19s1234567z1m", "1m").yaku) == {"kokushi musou juusanmen": 13}
    with pytest.raises(NotAWinError):
        score("19m19p29s1234567z1m", "1m")


def test_yakuman_suuankou_tanki_and_shanpon_ron() -> None:
    """MJ-MONTREAL-23: suuankou by tsumo on a shanpon or on a pair wait; ron on a shanpon is only
    sanankou + toitoi."""
    hand = "111m444p777s999s22m"
    assert dict(score(hand, "1m", tsumo=True).yaku) == {"suuankou": 13}
    assert dict(score(hand, "2m").yaku) == {"suuankou tanki": 13}
    assert yaku(hand, "1m") == {"toitoi": 2, "sanankou": 2}


def test_yakuman_daisangen() -> None:
    """MJ-MONTREAL-23: daisangen; near miss: shousangen."""
    assert dict(score("555666777z123m44p", "4p").yaku) == {"daisangen": 13}
    assert "daisangen" not in yaku("555666z77z123m444p", "4p")


def test_yakuman_shousuushii_and_daisuushii() -> None:
    """MJ-MONTREAL-23: shousuushii (three wind triplets and a wind pair), daisuushii (four); near
    miss: three wind triplets and another pair."""
    assert dict(score("111222333z44z123m", "4z").yaku) == {"shousuushii": 13}
    assert dict(score("222333444z55m 111z+", "5m").yaku) == {"daisuushii": 13}
    near = score("111222333z123m55z", "5z")
    assert near.yakuman == 0


def test_yakuman_tsuuiisou() -> None:
    """MJ-MONTREAL-23: all honours (regular or seven pairs); near miss: one terminal pair."""
    assert dict(score("111222555z77z 666z+", "7z").yaku) == {"tsuuiisou": 13}
    assert dict(score("11223344556677z", "7z").yaku) == {"tsuuiisou": 13}
    assert score("111222555z11m 666z+", "1m").yakuman == 0


def test_yakuman_chinroutou() -> None:
    """MJ-MONTREAL-23: all terminals; near miss: an honour makes it honroutou."""
    assert dict(score("111999m111p11s 999p=", "1s").yaku) == {"chinroutou": 13}
    assert yaku("111999m111p44z 999p=", "4z") == {"toitoi": 2, "sanankou": 2, "honroutou": 2}


def test_yakuman_ryuuiisou_with_and_without_hatsu() -> None:
    """MJ-MONTREAL-25: ryuuiisou uses 2 3 4 6 8 s and 6z, hatsu optional (the option requires it);
    near miss: a 5s."""
    with_hatsu = "223344s66s888s666z"
    without = "22334444666888s"
    assert dict(score(with_hatsu, "6s").yaku) == {"ryuuiisou": 13}
    assert dict(score(without, "2s").yaku) == {"ryuuiisou": 13}
    strict = Rules(ryuuiisou_requires_hatsu=True)
    assert dict(score(with_hatsu, "6s", strict).yaku) == {"ryuuiisou": 13}
    assert score(without, "2s", strict).yakuman == 0
    assert score("22334455666888s", "2s").yakuman == 0


def test_yakuman_chuuren_and_junsei() -> None:
    """MJ-MONTREAL-23: chuuren poutou; with the nine-sided wait (1112345678999 + any) it is junsei;
    near miss: 8 8 8 instead of 9 9 9."""
    assert dict(score("11123455678999m", "1m").yaku) == {"chuuren poutou": 13}
    assert dict(score("11123455678999m", "5m").yaku) == {"junsei chuuren poutou": 13}
    assert score("11123456788899m", "9m").yakuman == 0


def test_yakuman_suukantsu() -> None:
    """MJ-MONTREAL-23: four kans; near miss: three (sankantsu)."""
    assert dict(score("55s 1111m 2222p= 3333s+ 7777z", "5s").yaku) == {"suukantsu": 13}
    assert score("555s99s 1111m 2222p= 7777z", "9s").yakuman == 0


def test_yakuman_tenhou_and_chiihou() -> None:
    """MJ-MONTREAL-23: tenhou (dealer) and chiihou (non-dealer) on the first draw; near miss: the
    same hand later; a first-turn win cannot follow riichi."""
    assert dict(score(NO_YAKU, "8s", tsumo=True, first_turn=True, seat_wind=EAST).yaku) == {
        "tenhou": 13}
    assert dict(score(NO_YAKU, "8s", tsumo=True, first_turn=True).yaku) == {"chiihou": 13}
    assert yaku(NO_YAKU, "8s", tsumo=True) == {"menzen tsumo": 1}
    with pytest.raises(InvalidHandError):
        Win(first_turn=True, riichi=True, tsumo=True)


def test_yakuman_tenhou_combines_with_kokushi() -> None:
    """MJ-SCORE-23: a situation yakuman combines with a shape yakuman, kokushi included."""
    result = score("19m19p19s1234567z1m", "9m", tsumo=True, first_turn=True, seat_wind=EAST)
    assert dict(result.yaku) == {"tenhou": 13, "kokushi musou": 13}
    assert result.yakuman == 2
    single = score("19m19p19s1234567z1m", "9m", Rules(multiple_yakuman=False), tsumo=True,
                   first_turn=True, seat_wind=EAST)
    assert single.yakuman == 1


@pytest.mark.parametrize(("value", "expected", "total"), [
    ("mangan", {"renhou": 5}, 8000), ("yakuman", {"renhou": 13}, 32000)])
def test_yakuman_renhou_options(value: str, expected: dict[str, int], total: int) -> None:
    """MJ-MONTREAL-40, CFG-17: renhou (a non-dealer's ron before his first draw) as a mangan or a
    yakuman; off -> not a yaku."""
    rules = Rules(renhou=value)  # type: ignore[arg-type]
    result = score(NO_YAKU, "8s", rules, first_turn=True, discarder=EAST)
    assert (dict(result.yaku), result.total) == (expected, total)
    with pytest.raises(NoYakuError):
        score(NO_YAKU, "8s", Rules(renhou="off"), first_turn=True, discarder=EAST)


@pytest.mark.parametrize(("option", "hand", "is_yakuman"), [
    ("off", "22334455667788p", False),
    ("pin", "22334455667788p", True),
    ("pin", "22334455667788s", False),
    ("any_suit", "22334455667788s", True),
    ("any_suit", "22334455667788m", True),
])
def test_yakuman_daisharin_options(option: str, hand: str, is_yakuman: bool) -> None:
    """MJ-MONTREAL-24 (TV-MTL-07): daisharin 2..8 pairs of one suit: off, pin only, or any suit."""
    result = score(hand, hand[-2:-1] + hand[-1], Rules(daisharin=option))  # type: ignore[arg-type]
    assert ("daisharin" in dict(result.yaku)) is is_yakuman
    if not is_yakuman:
        assert result.yakuman == 0 and result.limit in ("haneman", "baiman", "sanbaiman")


def test_yakuman_paarenchan_counters() -> None:
    """MJ-MONTREAL-15 (TV-MTL-03): with the counter rule, any winner of the first hand after the 8th
    counter scores paarenchan; 7 counters do not; off -> never."""
    rules = Rules(paarenchan="counters")
    assert dict(score(NO_YAKU, "8s", rules, riichi=True, honba=8).yaku) == {"paarenchan": 13}
    assert yaku(NO_YAKU, "8s", rules, riichi=True, honba=7) == {"riichi": 1}
    assert yaku(NO_YAKU, "8s", Rules(), riichi=True, honba=8) == {"riichi": 1}


def test_yakuman_paarenchan_dealer_wins() -> None:
    """MJ-MONTREAL-15 (usual meaning): a dealer's win after eight consecutive dealer wins."""
    rules = Rules(paarenchan="dealer_wins")
    assert dict(score(NO_YAKU, "8s", rules, riichi=True, seat_wind=EAST, renchan=8).yaku) == {
        "paarenchan": 13}
    assert yaku(NO_YAKU, "8s", rules, riichi=True, seat_wind=EAST, renchan=7) == {"riichi": 1}
    assert yaku(NO_YAKU, "8s", rules, riichi=True, seat_wind=SOUTH, renchan=8, honba=8) == {
        "riichi": 1}


def test_mangan_shiisanputa() -> None:
    """MJ-MONTREAL-40: shiisanputa (first draw: one pair and twelve unconnected tiles) is a mangan
    where allowed; near misses: the rule off, or two tiles within two of each other."""
    hand = "147m258p369s12355z"
    result = score(hand, "5z", Rules(shiisanputa=True), tsumo=True, first_turn=True)
    assert (dict(result.yaku), result.limit, result.total) == ({"shiisanputa": 5}, "mangan", 8000)
    with pytest.raises(NotAWinError):
        score(hand, "5z", tsumo=True, first_turn=True)
    with pytest.raises(NotAWinError):
        score("146m258p369s12355z", "5z", Rules(shiisanputa=True), tsumo=True, first_turn=True)


def test_yakuman_kazoe() -> None:
    """MJ-MONTREAL-27, MJ-SCORE-05: 13+ han of ordinary yaku and dora is a yakuman; off ->
    sanbaiman; 12 han is a sanbaiman either way."""
    hand = "11223345678999m"
    win = {"riichi": True, "dora_indicators": (Tile.from_str("9m"),)}
    result = score(hand, "4m", **win)
    assert (result.han, result.limit, result.yakuman) == (13, "kazoe yakuman", 1)
    assert score(hand, "4m", Rules(kazoe_yakuman=False), **win).limit == "sanbaiman"
    assert score(hand, "4m", riichi=True).limit == "sanbaiman"


# --- choosing the interpretation and errors--------------------------------------------------------

def test_mj_score_09_ryanpeikou_beats_chiitoitsu() -> None:
    """MJ-SCORE-09 [GAP]: of ryanpeikou (3 han 40 fu) and chiitoitsu (2 han 25 fu), the higher."""
    result = score("112233m445566p77s", "7s")
    assert "chiitoitsu" not in dict(result.yaku)
    assert result.total == 5200


def test_mj_montreal_27_real_yakuman_beats_kazoe_of_equal_value() -> None:
    """MJ-MONTREAL-27: kazoe applies only when the hand has no real yakuman. 333 444 555 777 66s by
    tsumo is suuankou; read as sequences it is 14 han (kazoe) of the same value: suuankou is shown."""
    result = score("33344455577766s", "4s", tsumo=True, double_riichi=True,
                   dora_indicators=(Tile.from_str("2s"),))
    assert dict(result.yaku) == {"suuankou": 13}
    assert (result.limit, result.yakuman, result.han) == ("yakuman", 1, 13)


def test_mj_score_09_sanankou_beats_sequences() -> None:
    """MJ-SCORE-09 [GAP]: 111222333m read as three triplets (sanankou, 50 fu) beats three 123m
    sequences (iipeikou, 40 fu)."""
    result = score("111222333m456p77s", "7s")
    assert dict(result.yaku) == {"sanankou": 2}
    assert (result.fu, result.total) == (50, 3200)


def test_no_yaku_raises_no_yaku_error() -> None:
    """003 L466-467, MJ-SCORE-02: a complete hand with dora but no yaku cannot win."""
    with pytest.raises(NoYakuError, match="no yaku"):
        score(NO_YAKU, "8s", dora_indicators=(Tile.from_str("8s"),))
    assert issubclass(NoYakuError, NotAWinError) and issubclass(NoYakuError, ValueError)


def test_incomplete_hand_raises_not_a_win_error() -> None:
    """A 14-tile hand that is not four groups and a pair, seven pairs or kokushi."""
    with pytest.raises(NotAWinError, match="not a complete hand"):
        score("12399m456p789s112s", "2s")
    with pytest.raises(InvalidHandError, match="14 tiles"):
        score_hand(Hand.from_str("12399m456p789s11s"), Tile.from_str("1s"))
    with pytest.raises(InvalidHandError, match="not among"):
        score_hand(Hand.from_str(NO_YAKU), Tile.from_str("5z"))


CATALOGUE_HANDS: list[tuple[str, str, dict[str, object]]] = [
    (NO_YAKU, "8s", {"double_riichi": True, "ippatsu": True, "tsumo": True, "haitei": True}),
    (NO_YAKU_OPEN, "8s", {"houtei": True}),
    (NO_YAKU_OPEN, "8s", {"chankan": True}),
    ("12399m789s 4-56p 1111s", "8s", {"tsumo": True, "rinshan": True}),
    ("112233m456p55789s", "9s", {}),
    ("123456m123p123s99s", "6m", {}), ("123456m123p99s 1-23s", "6m", {}),
    ("123456789m456p55s", "9m", {}), ("123456m456p55s 7-89m", "6m", {}),
    ("123m789p789s999m44z", "4z", {}), ("123m789p999m44z 7-89s", "4z", {}),
    ("123m789p789s999m11s", "1s", {}), ("123m789p999m11s 7-89s", "1s", {}),
    ("1155m2288p3399s77z", "7z", {}), ("222m555p88s 777z+ 999p=", "8s", {}),
    ("222m555p888s345s99m", "5s", {}), ("345s99m 2222m 5555p= 8888s+", "5s", {}),
    ("222m222p345s99m 222s+", "5s", {}), ("111m999p11s 999s= 444z+", "1s", {}),
    ("555z666z77z123m456p", "7z", {}), ("123345678m99m444z", "9m", {}),
    ("123345m99m444z 6-78m", "9m", {}), ("12334556778999m", "4m", {}),
    ("123345567m99m 7-89m", "9m", {}), ("112233m445566p77s", "6p", {}),
    ("234m456p678s88m 5-67p", "6s", {}), ("123m456p789s11s 222z=", "1s", {"round_wind": SOUTH}),
    ("123m456p789s11s 555z=", "1s", {}),
    ("123m456p789s11s 666z=", "1s", {}), ("123m456p789s11s 777z=", "1s", {}),
    ("19m19p19s1234567z1m", "1m", {"tsumo": True, "first_turn": True}),
    ("111m444p777s999s22m", "2m", {}), ("555666777z123m44p", "4p", {}),
    ("111222333z44z123m", "4z", {}), ("222333444z55m 111z+", "5m", {}),
    ("111222555z77z 666z+", "7z", {}), ("111999m111p11s 999p=", "1s", {}),
    ("22334444666888s", "2s", {}), ("11123455678999m", "5m", {}),
    ("55s 1111m 2222p= 3333s+ 7777z", "5s", {}),
]


@pytest.mark.parametrize(("hand", "win_tile", "kwargs"), CATALOGUE_HANDS)
def test_mj_score_04_scored_yaku_match_the_catalogue(hand: str, win_tile: str,
                                                     kwargs: dict[str, object]) -> None:
    """MJ-SCORE-04: every yaku the scorer reports is in ``yaku.YAKU`` with the han it lists for a
    closed or open hand (or in ``yaku.YAKUMAN`` at 13 per yakuman); han adds up."""
    result = score(hand, win_tile, **kwargs)
    closed = Hand.from_str(hand).is_closed
    for name, han in result.yaku:
        if result.yakuman:
            assert name in YAKUMAN and han == 13
        else:
            assert han == (YAKU[name].closed if closed else YAKU[name].open), name
    if not result.yakuman:
        assert result.han == sum(h for _, h in result.yaku) + result.all_dora


# --- one catalogue, one limit table (issue 15) -----------------------------------------------------

def test_every_yaku_counts_the_han_of_the_catalogue_and_every_limit_that_of_the_table() -> None:
    """The scorer reads han from ``YAKU`` (closed or open) and limits from ``LIMITS``: over the
    oracle's seeded random hands, every ordinary yaku shows its catalogue value and every limit
    its table's name and basic points."""
    from taku.mahjong.score import basic_points
    from taku.mahjong.yaku import LIMITS, limit_for_han
    from tests.test_mahjong_oracle import random_cases, taku_input

    rules = Rules.preset("tenhou")
    seen: set[str] = set()
    limits: set[str | None] = set()
    for case in random_cases(15, 600):
        hand, tile, win = taku_input(case, rules)
        try:
            result = score_hand(hand, tile, win, rules)
        except (NotAWinError, NoYakuError):
            continue
        closed = all(meld.kind == "ankan" for meld in hand.melds)
        for name, han in result.yaku:
            if name in YAKU:
                assert han == (YAKU[name].closed if closed else YAKU[name].open), (name, hand)
                seen.add(name)
        limits.add(result.limit)
        if not result.yakuman:
            assert (result.base, result.limit) == basic_points(result.han, result.fu, rules)
            limit = limit_for_han(result.han)
            if limit is not None:
                assert (result.limit, result.base) == (limit.name, limit.base)
    assert len(seen) >= 20 and {"mangan", "haneman", None} <= limits
    assert [basic_points(limit.han, 30)[1] for limit in LIMITS] == [limit.name for limit in LIMITS]
