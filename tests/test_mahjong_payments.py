"""Payments: seed 001's four tables cell by cell, limits, counters, kiriage, yakuman multiples.

The tables of MJ-SCORE-18 are transcribed below exactly as RULES.md (and seed 001 §3) print them;
``None`` stands for a "–" cell. Every numeric cell must come out of :func:`basic_points` and
:func:`hand_payments`; the "–" cells must never be produced by a real hand (MJ-SCORE-19).
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from taku.mahjong import (
    Hand,
    HandScore,
    InvalidHandError,
    Meld,
    NotAWinError,
    NoYakuError,
    Payment,
    Rules,
    Tile,
    Win,
    basic_points,
    hand_payments,
    score_hand,
)
from taku.mahjong.score import chombo_payments, nagashi_mangan_payments, nagashi_mangan_score
from tests.mahjong_helpers import EAST, NORTH, SOUTH, WEST

HAN = (1, 2, 3, 4)

# (a) "Восток, Цумо": dealer tsumo, what each of the three others pays.
DEALER_TSUMO: dict[int, tuple[int | None, ...]] = {
    20: (None, 700, 1300, 2600),
    25: (None, None, 1600, 3200),
    30: (500, 1000, 2000, 3900),
    40: (700, 1300, 2600, 4000),
    50: (800, 1600, 3200, 4000),
    60: (1000, 2000, 3900, 4000),
    70: (1200, 2300, 4000, 4000),
}
# (b) "Остальные, Цумо": non-dealer tsumo, dealer pays / each non-dealer pays.
NON_DEALER_TSUMO: dict[int, tuple[tuple[int, int] | None, ...]] = {
    20: (None, (700, 400), (1300, 700), (2600, 1300)),
    25: (None, None, (1600, 800), (3200, 1600)),
    30: ((500, 300), (1000, 500), (2000, 1000), (3900, 2000)),
    40: ((700, 400), (1300, 700), (2600, 1300), (4000, 2000)),
    50: ((800, 400), (1600, 800), (3200, 1600), (4000, 2000)),
    60: ((1000, 500), (2000, 1000), (3900, 2000), (4000, 2000)),
    70: ((1200, 600), (2300, 1200), (4000, 2000), (4000, 2000)),
}
# (c) "Восток, Рон": dealer ron, what the discarder pays.
DEALER_RON: dict[int, tuple[int | None, ...]] = {
    25: (None, 2400, 4800, 9600),
    30: (1500, 2900, 5800, 11600),
    40: (2000, 3900, 7700, 12000),
    50: (2400, 4800, 9600, 12000),
    60: (2900, 5800, 11600, 12000),
    70: (3400, 6800, 12000, 12000),
}
# (d) "Остальные, Рон": non-dealer ron, what the discarder pays.
NON_DEALER_RON: dict[int, tuple[int | None, ...]] = {
    25: (None, 1600, 3200, 6400),
    30: (1000, 2000, 3900, 7700),
    40: (1300, 2600, 5200, 8000),
    50: (1600, 3200, 6400, 8000),
    60: (2000, 3900, 7700, 8000),
    70: (2300, 4500, 8000, 8000),
}


def _cells() -> list[tuple[str, int, int, object]]:
    cells: list[tuple[str, int, int, object]] = []
    for name, table in (("dealer tsumo", DEALER_TSUMO), ("non-dealer tsumo", NON_DEALER_TSUMO),
                        ("dealer ron", DEALER_RON), ("non-dealer ron", NON_DEALER_RON)):
        for fu, row in table.items():
            for han, cell in zip(HAN, row, strict=True):
                if cell is not None:
                    cells.append((name, fu, han, cell))
    return cells


CELLS = _cells()


def amounts(table: str, fu: int, han: int, rules: Rules | None = None, honba: int = 0) -> object:
    """The cell as the code computes it: what each payer pays, in the table's layout."""
    base, _ = basic_points(han, fu, rules)
    dealer = table.startswith("dealer")
    tsumo = table.endswith("tsumo")
    seat = EAST if dealer else SOUTH
    payments = hand_payments(base, dealer=dealer, tsumo=tsumo, seat=seat, discarder=WEST if
                             dealer else EAST, honba=honba, rules=rules)
    if not tsumo:
        assert len(payments) == 1
        return payments[0].amount
    by_seat = {p.payer: p.amount for p in payments}
    if dealer:
        assert len(set(by_seat.values())) == 1 and len(by_seat) == 3
        return by_seat[SOUTH]
    assert by_seat[WEST] == by_seat[NORTH]
    return (by_seat[EAST], by_seat[WEST])


def test_mj_score_18_table_has_96_numeric_cells() -> None:
    """MJ-SCORE-18/-19: 28 + 28 + 24 + 24 cells, 8 of them "–": 96 numeric cells."""
    assert len(CELLS) == 96
    assert Counter(name for name, *_ in CELLS) == {
        "dealer tsumo": 25, "non-dealer tsumo": 25, "dealer ron": 23, "non-dealer ron": 23}


@pytest.mark.parametrize(("table", "fu", "han", "expected"), CELLS,
                         ids=[f"{t}-{fu}fu-{han}han" for t, fu, han, _ in CELLS])
def test_mj_score_18_seed_001_table_cell(table: str, fu: int, han: int, expected: object) -> None:
    """MJ-SCORE-15..18: each numeric cell of seed 001's four tables, from the formulas."""
    assert amounts(table, fu, han) == expected


def test_mj_score_16_ron_is_ceil100_of_4b_or_6b() -> None:
    """MJ-SCORE-16 ("Для справки"): the ron cells equal ceil100(4b) / ceil100(6b) with b capped."""
    for fu in (25, 30, 40, 50, 60, 70):
        for han in HAN:
            b = min(fu * 2 ** (2 + han), 2000)
            assert hand_payments(b, dealer=False, tsumo=False)[0].amount == -(-4 * b // 100) * 100
            assert hand_payments(b, dealer=True, tsumo=False)[0].amount == -(-6 * b // 100) * 100


# MJ-SCORE-20: derived values for fu 80..110 (not in the seed).
ABOVE_70 = [
    # fu, han, non-dealer ron, dealer ron, non-dealer tsumo (dealer, other), dealer tsumo (each)
    (80, 1, 2600, 3900, (1300, 700), 1300),
    (80, 2, 5200, 7700, (2600, 1300), 2600),
    (90, 1, 2900, 4400, (1500, 800), 1500),
    (90, 2, 5800, 8700, (2900, 1500), 2900),
    (100, 1, 3200, 4800, (1600, 800), 1600),
    (100, 2, 6400, 9600, (3200, 1600), 3200),
    (110, 1, 3600, 5300, (1800, 900), 1800),
    (110, 2, 7100, 10600, (3600, 1800), 3600),
    (80, 3, 8000, 12000, (4000, 2000), 4000),
    (110, 3, 8000, 12000, (4000, 2000), 4000),
]


@pytest.mark.parametrize(("fu", "han", "nd_ron", "d_ron", "nd_tsumo", "d_tsumo"), ABOVE_70)
def test_mj_score_20_fu_above_70(fu: int, han: int, nd_ron: int, d_ron: int,
                                 nd_tsumo: tuple[int, int], d_tsumo: int) -> None:
    """MJ-SCORE-20: fu 80..110 by the same formulas; 3 han at 80+ fu is a mangan."""
    assert amounts("non-dealer ron", fu, han) == nd_ron
    assert amounts("dealer ron", fu, han) == d_ron
    assert amounts("non-dealer tsumo", fu, han) == nd_tsumo
    assert amounts("dealer tsumo", fu, han) == d_tsumo


def test_mj_score_20_real_hand_above_70_fu() -> None:
    """MJ-SCORE-20 on a real hand: riichi, two closed terminal kans, a pair wait, closed ron:
    20 + 32 + 32 + 2 + 10 = 96 -> 100 fu, 1 han: 3200 (non-dealer), 4800 (dealer)."""
    hand = Hand.from_str("234p789s11s 1111m 9999p")
    result = score_hand(hand, Tile.from_str("1s"), Win(riichi=True, seat_wind=SOUTH))
    assert (result.han, result.fu, result.total) == (1, 100, 3200)
    result = score_hand(hand, Tile.from_str("1s"), Win(riichi=True, seat_wind=EAST))
    assert result.total == 4800


# --- MJ-SCORE-19: the "–" cells are never produced-------------------------------------------------

def _hand_strategy() -> st.SearchStrategy[tuple[Hand, Tile, Win]]:
    """Random complete hands: four groups (closed or called) and a pair, or seven pairs."""

    @st.composite
    def build(draw: st.DrawFn) -> tuple[Hand, Tile, Win]:
        counts = [0] * 34
        closed: list[int] = []
        melds: list[Meld] = []
        if draw(st.integers(0, 5)) == 0:  # chiitoitsu
            kinds = draw(st.lists(st.integers(0, 33), min_size=7, max_size=7, unique=True))
            closed = [k for k in kinds for _ in range(2)]
        else:
            pair = draw(st.integers(0, 33))
            counts[pair] += 2
            closed += [pair, pair]
            for _ in range(4):
                if draw(st.booleans()):
                    suit = draw(st.integers(0, 2))
                    low = suit * 9 + draw(st.integers(0, 6))
                    group = [low, low + 1, low + 2]
                else:
                    kind = draw(st.integers(0, 33))
                    size = 4 if draw(st.integers(0, 7)) == 0 else 3
                    group = [kind] * size
                for k in group:
                    counts[k] += 1
                assume(all(c <= 4 for c in counts))
                how = draw(st.integers(0, 3))
                if how == 0 and len(group) == 3:
                    kind_name = "chi" if group[0] != group[1] else "pon"
                    tiles = tuple(Tile(k) for k in group)
                    melds.append(Meld(kind_name, tiles, tiles[0], 3 if kind_name == "chi" else
                                      draw(st.integers(1, 3))))
                elif len(group) == 4:
                    tiles = tuple(Tile(k) for k in group)
                    if how <= 1:
                        melds.append(Meld("ankan", tiles))
                    else:
                        melds.append(Meld("daiminkan", tiles, tiles[0], draw(st.integers(1, 3))))
                else:
                    closed += group
        win_kind = draw(st.sampled_from(sorted(set(closed))))
        tsumo = draw(st.booleans())
        menzen = all(m.kind == "ankan" for m in melds)
        riichi = menzen and draw(st.booleans())
        rinshan = tsumo and any(m.is_kan for m in melds) and draw(st.booleans())
        win = Win(tsumo=tsumo, riichi=riichi, rinshan=rinshan, seat_wind=draw(st.integers(0, 3)),
                  round_wind=draw(st.integers(0, 1)), honba=draw(st.integers(0, 3)),
                  deposits=draw(st.integers(0, 2)))
        hand = Hand(tuple(Tile(k) for k in sorted(closed)), tuple(melds))
        return hand, Tile(win_kind), win

    return build()


HANDS = _hand_strategy()
PROPERTY = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.filter_too_much,
                                                                           HealthCheck.too_slow])


@PROPERTY
@given(HANDS)
def test_mj_score_19_dash_cells_never_produced(case: tuple[Hand, Tile, Win]) -> None:
    """MJ-SCORE-19: no real hand scores 20 fu 1 han tsumo, 25 fu 1 han, 25 fu 2 han tsumo, or
    20 fu by ron (the tables have no such cells; CFG-06/MJ-SCORE-14 at their defaults)."""
    hand, win_tile, win = case
    try:
        result = score_hand(hand, win_tile, win)
    except NoYakuError:
        return  # dora are not yaku: nothing to check
    if result.limit is not None or result.han >= 5:
        return
    assert result.fu in (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
    if result.fu == 20:
        assert win.tsumo and result.han >= 2, (str(hand), result)
    if result.fu == 25:
        assert result.han >= (3 if win.tsumo else 2), (str(hand), result)
    table = NON_DEALER_RON if not win.tsumo else NON_DEALER_TSUMO
    if result.fu <= 70:
        assert table[result.fu][result.han - 1] is not None


@PROPERTY
@given(HANDS)
def test_mj_score_22_payments_add_up(case: tuple[Hand, Tile, Win]) -> None:
    """MJ-SCORE-16/-17/-22: the payments sum to what the winner receives; each payment's hand part
    and counter part add up; the counters are 300 each in all; deposits are 1000 each."""
    hand, win_tile, win = case
    try:
        result = score_hand(hand, win_tile, win)
    except NoYakuError:
        return  # dora are not yaku: nothing to check
    assert result.total == sum(p.amount for p in result.payments)
    assert result.received == result.total + 1000 * win.deposits
    assert sum(p.honba for p in result.payments) == 300 * win.honba
    hand_part = sum(p.amount - p.honba for p in result.payments)
    b = result.base
    if win.tsumo:
        expected = sum(-(-(2 * b if result.dealer or payer == EAST else b) // 100) * 100
                       for payer in range(4) if payer != win.seat_wind)
        assert len(result.payments) == 3
        assert {p.payer for p in result.payments} == set(range(4)) - {win.seat_wind}
    else:
        expected = -(-(6 if result.dealer else 4) * b // 100) * 100
        assert len(result.payments) == 1
    assert hand_part == expected
    # The han/fu/limit shown give back the basic points (MJ-SCORE-05/-15).
    if result.yakuman:
        assert b == 8000 * result.yakuman
    else:
        assert basic_points(result.han, result.fu)[0] == b


# --- MJ-SCORE-22: counters-------------------------------------------------------------------------

@pytest.mark.parametrize("honba", [0, 1, 2, 5])
def test_mj_score_22_honba_on_ron_paid_by_discarder(honba: int) -> None:
    """MJ-SCORE-22: on ron the discarder pays 300 per counter."""
    payments = hand_payments(960, dealer=False, tsumo=False, discarder=NORTH, honba=honba)
    assert payments == (Payment(NORTH, 3900 + 300 * honba, 300 * honba),)
    payments = hand_payments(960, dealer=True, tsumo=False, discarder=NORTH, honba=honba)
    assert payments == (Payment(NORTH, 5800 + 300 * honba, 300 * honba),)


@pytest.mark.parametrize("honba", [0, 1, 3])
def test_mj_score_22_honba_on_tsumo_100_per_payer(honba: int) -> None:
    """MJ-SCORE-22: on tsumo each payer adds 100 per counter (dealer and non-dealer winner)."""
    payments = hand_payments(960, dealer=False, tsumo=True, seat=WEST, honba=honba)
    assert payments == (Payment(EAST, 2000 + 100 * honba, 100 * honba),
                        Payment(SOUTH, 1000 + 100 * honba, 100 * honba),
                        Payment(NORTH, 1000 + 100 * honba, 100 * honba))
    payments = hand_payments(960, dealer=True, tsumo=True, seat=EAST, honba=honba)
    assert [p.amount for p in payments] == [2000 + 100 * honba] * 3


def test_mj_score_22_honba_in_a_scored_hand() -> None:
    """MJ-SCORE-22 through score_hand: counters and deposits on top of the hand's value."""
    hand = Hand.from_str("123m456p78999s 777z+")
    ron = score_hand(hand, Tile.from_str("9s"), Win(seat_wind=SOUTH, discarder=NORTH, honba=2,
                                                   deposits=3))
    assert ron.payments == (Payment(NORTH, 1600, 600),)
    assert (ron.total, ron.deposits, ron.received) == (1600, 3000, 4600)
    tsumo = score_hand(hand, Tile.from_str("9s"), Win(seat_wind=SOUTH, tsumo=True, honba=2))
    assert [(p.payer, p.amount, p.honba) for p in tsumo.payments] == [
        (EAST, 700, 200), (WEST, 500, 200), (NORTH, 500, 200)]


def test_mj_score_22_honba_points_field() -> None:
    """MJ-END-08 / MJ-SCORE-22: the counter's value is a field (300 by default; e.g. 1500 per
    counter in some rule sets)."""
    rules = Rules(honba_points=1500)
    assert hand_payments(960, dealer=False, tsumo=False, honba=1, rules=rules)[0].amount == 5400
    assert [p.honba for p in hand_payments(960, dealer=False, tsumo=True, seat=1, honba=1,
                                           rules=rules)] == [500, 500, 500]


# --- CFG-21: kiriage-------------------------------------------------------------------------------

@pytest.mark.parametrize(("han", "fu", "off", "on"), [
    (4, 30, (7700, 11600, (3900, 2000), 3900), (8000, 12000, (4000, 2000), 4000)),
    (3, 60, (7700, 11600, (3900, 2000), 3900), (8000, 12000, (4000, 2000), 4000)),
])
def test_cfg_21_kiriage_mangan(han: int, fu: int, off: tuple[object, ...], on: tuple[object, ...]) -> None:
    """MJ-SCORE-21, CFG-21: 4 han 30 fu and 3 han 60 fu stay below mangan unless kiriage is on."""
    kiriage = Rules(kiriage_mangan=True)
    for rules, expected in ((Rules(), off), (kiriage, on)):
        got = (amounts("non-dealer ron", fu, han, rules), amounts("dealer ron", fu, han, rules),
               amounts("non-dealer tsumo", fu, han, rules), amounts("dealer tsumo", fu, han, rules))
        assert got == expected
    assert basic_points(han, fu, kiriage) == (2000, "mangan")
    assert basic_points(han, fu) == (1920, None)


def test_cfg_21_kiriage_leaves_other_cells_alone() -> None:
    """CFG-21: kiriage changes only the two 1920-point cells."""
    kiriage = Rules(kiriage_mangan=True)
    changed = [(han, fu) for han in range(1, 5) for fu in (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
               if basic_points(han, fu) != basic_points(han, fu, kiriage)]
    assert changed == [(3, 60), (4, 30)]


# --- MJ-SCORE-05: limits at each han boundary------------------------------------------------------

@pytest.mark.parametrize(("han", "base", "limit"), [
    (5, 2000, "mangan"), (6, 3000, "haneman"), (7, 3000, "haneman"), (8, 4000, "baiman"),
    (9, 4000, "baiman"), (10, 4000, "baiman"), (11, 6000, "sanbaiman"), (12, 6000, "sanbaiman"),
    (13, 8000, "kazoe yakuman"), (20, 8000, "kazoe yakuman"),
])
def test_mj_score_05_limits_by_han(han: int, base: int, limit: str) -> None:
    """MJ-SCORE-05 (Table (1)): 5 mangan, 6-7 haneman, 8-10 baiman, 11-12 sanbaiman, 13+ yakuman;
    fu does not matter from 5 han on."""
    for fu in (20, 30, 110):
        assert basic_points(han, fu) == (base, limit)


@pytest.mark.parametrize(("base", "dealer_ron", "non_dealer_ron", "dealer_tsumo", "non_dealer_tsumo"), [
    (2000, 12000, 8000, 4000, (4000, 2000)),
    (3000, 18000, 12000, 6000, (6000, 3000)),
    (4000, 24000, 16000, 8000, (8000, 4000)),
    (6000, 36000, 24000, 12000, (12000, 6000)),
    (8000, 48000, 32000, 16000, (16000, 8000)),
])
def test_mj_score_05_limit_columns(base: int, dealer_ron: int, non_dealer_ron: int,
                                   dealer_tsumo: int, non_dealer_tsumo: tuple[int, int]) -> None:
    """MJ-SCORE-05: the dealer and non-dealer columns of Table (1) and the ron totals."""
    assert hand_payments(base, dealer=True, tsumo=False)[0].amount == dealer_ron
    assert hand_payments(base, dealer=False, tsumo=False)[0].amount == non_dealer_ron
    assert [p.amount for p in hand_payments(base, dealer=True, tsumo=True, seat=0)] == \
        [dealer_tsumo] * 3
    assert [p.amount for p in hand_payments(base, dealer=False, tsumo=True, seat=2)] == \
        [non_dealer_tsumo[0], non_dealer_tsumo[1], non_dealer_tsumo[1]]


def test_mj_montreal_27_kazoe_off_is_sanbaiman() -> None:
    """MJ-MONTREAL-27, CFG-17: without kazoe yakuman, 13+ han is a sanbaiman."""
    rules = Rules(kazoe_yakuman=False)
    assert basic_points(13, 30, rules) == (6000, "sanbaiman")
    assert basic_points(26, 30, rules) == (6000, "sanbaiman")
    hand = Hand.from_str("11223345678999m")
    win = Win(riichi=True, seat_wind=SOUTH, dora_indicators=(Tile.from_str("9m"),))
    assert score_hand(hand, Tile.from_str("4m"), win, rules).total == 24000
    on = score_hand(hand, Tile.from_str("4m"), win)
    assert (on.total, on.limit, on.yakuman) == (32000, "kazoe yakuman", 1)


def test_mj_score_05_real_hands_at_each_boundary() -> None:
    """MJ-SCORE-05 through score_hand: adding one dora at a time crosses every boundary."""
    hand = Hand.from_str("234m456p22567678s")  # tanyao + pinfu, 30 fu
    expected = {2: None, 4: None, 5: "mangan", 6: "haneman", 7: "haneman", 8: "baiman",
                10: "baiman", 11: "sanbaiman", 12: "sanbaiman", 13: "kazoe yakuman"}
    # 1s, 5s and 6s indicators make a pair of the hand dora (2s, 6s, 7s); 3m the single 4m. At
    # most 5 indicators (MJ-FLOW-31), so 13 han takes riichi too.
    doubles = ("1s", "5s", "6s", "1s", "5s")
    for han, limit in expected.items():
        riichi = han == 13
        extra = han - 2 - riichi
        indicators = doubles[:extra // 2] + ("3m",) * (extra % 2)
        win = Win(seat_wind=SOUTH, riichi=riichi,
                  dora_indicators=tuple(Tile.from_str(t) for t in indicators))
        result = score_hand(hand, Tile.from_str("5s"), win)
        assert (result.han, result.limit) == (han, limit)


# --- MJ-SCORE-23: yakuman multiples----------------------------------------------------------------

DAISANGEN_TSUUIISOU = Hand.from_str("555666777z22z 111z+")


@pytest.mark.parametrize(("rules", "multiple", "total"), [
    (Rules(), 2, 64000),
    (Rules(multiple_yakuman=False), 1, 32000),
    (Rules(max_yakuman=1), 1, 32000),
])
def test_mj_score_23_yakuman_multiples(rules: Rules, multiple: int, total: int) -> None:
    """MJ-SCORE-23, CFG-17: different yakuman add up (8000 basic points each) unless stacking is off
    or capped."""
    result = score_hand(DAISANGEN_TSUUIISOU, Tile.from_str("2z"), Win(seat_wind=SOUTH), rules)
    assert (result.yakuman, result.base, result.total) == (multiple, 8000 * multiple, total)


def test_mj_montreal_28_double_yakuman_counts_twice() -> None:
    """MJ-MONTREAL-28: a yakuman on the double list counts 2; with stacking, more combine."""
    hand = Hand.from_str("111222333444z55z")
    win = Win(seat_wind=SOUTH, tsumo=True)
    plain = score_hand(hand, Tile.from_str("5z"), win)  # daisuushii + tsuuiisou + suuankou tanki
    assert plain.yakuman == 3
    double = score_hand(hand, Tile.from_str("5z"), win,
                        Rules(double_yakuman=frozenset({"daisuushii", "suuankou tanki"})))
    assert double.yakuman == 5
    assert [p.amount for p in double.payments] == [80000, 40000, 40000]
    capped = score_hand(hand, Tile.from_str("5z"), win, Rules.preset("mahjongsoul"))
    assert capped.yakuman == 5  # 2 + 1 + 2, below Mahjong Soul's cap of 6


# --- nagashi mangan and chombo---------------------------------------------------------------------

def test_mj_montreal_21_nagashi_mangan_paid_as_tsumo() -> None:
    """MJ-MONTREAL-21: nagashi mangan is a mangan paid as by tsumo."""
    assert nagashi_mangan_payments(SOUTH) == (Payment(EAST, 4000), Payment(WEST, 2000),
                                              Payment(NORTH, 2000))
    assert [p.amount for p in nagashi_mangan_payments(EAST)] == [4000, 4000, 4000]


def test_mj_montreal_21_mj_score_24_nagashi_mangan_score_sheet() -> None:
    """MJ-MONTREAL-21, MJ-SCORE-24: a nagashi mangan as a score sheet: exactly a mangan, one
    "yaku", no dora, paid as by tsumo without counters; a seat must be 0..3; off under EMA
    (CFG-22)."""
    result = nagashi_mangan_score(SOUTH)
    assert (result.yaku, result.han, result.fu, result.limit, result.all_dora) == (
        (("nagashi mangan", 5),), 5, 0, "mangan", 0)
    assert result.to_dict()["points"] == {"total": 8000, "tsumo_dealer": 4000,
                                          "tsumo_others": 2000, "deposits": 0}
    assert nagashi_mangan_score(EAST).to_dict()["points"]["tsumo_others"] == 4000
    for seat in (4, -1, True):
        with pytest.raises(InvalidHandError, match=r"seat must be 0\.\.3"):
            nagashi_mangan_payments(seat)
    with pytest.raises(NotAWinError, match="not played under these rules"):
        nagashi_mangan_payments(SOUTH, Rules.preset("ema"))


def test_mj_montreal_33_chombo_reverse_mangan() -> None:
    """MJ-MONTREAL-33 (TV-CHOMBO-01/02): what each other player receives from the offender."""
    assert chombo_payments(SOUTH) == (Payment(EAST, 4000), Payment(WEST, 2000),
                                      Payment(NORTH, 2000))
    assert sum(p.amount for p in chombo_payments(EAST)) == 12000


def test_hand_score_total_and_received_properties() -> None:
    """HandScore.total is the sum of the payments; received adds the deposits."""
    result: HandScore = score_hand(Hand.from_str("234m456p22567678s"), Tile.from_str("5s"),
                                   Win(seat_wind=EAST, tsumo=True, deposits=2, honba=1))
    assert (result.han, result.fu) == (3, 20)
    assert result.total == 3 * (1300 + 100)
    assert result.received == result.total + 2000
