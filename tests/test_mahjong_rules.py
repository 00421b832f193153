"""``Rules``: each field changes what it should (one ``test_field_<name>`` per field, citing its rule or
CFG ID), presets are plain values that differ only by field values, bad names fail clearly, and each
preset's key values are what RULES.md §13 and the seeds say.
"""

from __future__ import annotations

import ast
import dataclasses
import sys
from typing import Any

import pytest

from taku.mahjong import (
    PRESETS,
    InvalidHandError,
    NotAWinError,
    NoYakuError,
    Payment,
    Rules,
    Tile,
)
from taku.mahjong.rules import (
    ABORTIVE_DRAWS,
    DOUBLE_YAKUMAN_CANDIDATES,
    FIELD_KINDS,
    MAX_POINTS,
    MAX_WINDOW_MS,
    PAO_TRIGGERS,
    UnknownRulesError,
)
from taku.mahjong.score import nagashi_mangan_payments, nagashi_mangan_score
from taku.mahjong.yaku import YAKU, YAKUMAN, YAKUMAN_LIMIT_NAMES
from tests.conftest import REPO
from tests.mahjong_helpers import EAST, NO_YAKU, NO_YAKU_OPEN, NORTH, SOUTH, WEST, yaku
from tests.mahjong_helpers import score_south as score


def test_every_field_has_its_test() -> None:
    """Each ``Rules`` field has a ``test_field_<name>`` below."""
    module = sys.modules[__name__]
    missing = [f.name for f in dataclasses.fields(Rules) if not hasattr(module, f"test_field_{f.name}")]
    assert missing == []


# --- dora------------------------------------------------------------------------------------------

def test_field_red_fives() -> None:
    """CFG-20, MJ-SCORE-02: red fives count one dora each; a red five the rules lack is refused."""
    hand = "234m406p22567678s"
    with pytest.raises(InvalidHandError, match="red five"):
        score(hand, "5s")  # seeds 001/003: no red fives
    assert score(hand, "5s", Rules(red_fives=(1, 1, 1))).aka == 1
    assert score(hand, "5s", Rules()).aka == 1  # the default (Tenhou): one per suit
    two = score("234m440066p22678s", "2s", Rules(red_fives=(0, 2, 0)))
    assert two.aka == 2
    assert score("234m456p22567678s", "5s", Rules(red_fives=(1, 1, 1))).aka == 0
    with pytest.raises(ValueError, match="red_fives"):
        Rules(red_fives=(1, 5, 1))


def test_field_kandora() -> None:
    """MJ-FLOW-31, CFG-09: whether a kan reveals an indicator is the table's business (the wall);
    the scorer counts every indicator it is given, kan-dora included, whatever the field says."""
    win = {"riichi": True, "dora_indicators": (Tile.from_str("1z"), Tile.from_str("8s"))}
    on = score(NO_YAKU, "8s", Rules(kandora=True), **win)
    off = score(NO_YAKU, "8s", Rules(kandora=False), **win)
    assert on == off
    assert on.dora == 1


def test_field_uradora() -> None:
    """MJ-RIICHI-11, MJ-MONTREAL-09: ura-dora count for a riichi winner only, if in play."""
    ura = (Tile.from_str("7s"),)  # 8s is in the hand once
    assert score(NO_YAKU, "8s", riichi=True, ura_indicators=ura).ura == 1
    assert score(NO_YAKU, "8s", Rules(uradora=False), riichi=True, ura_indicators=ura).ura == 0
    assert score(NO_YAKU_OPEN, "8s", tsumo=True, haitei=True, ura_indicators=ura).ura == 0


# --- yaku------------------------------------------------------------------------------------------

def test_field_kuitan() -> None:
    """MJ-MONTREAL-02, CFG-22: open tanyao counts only with kuitan."""
    hand = "234m456p678s88m 5-67p"
    assert yaku(hand, "6s", Rules(kuitan=True)) == {"tanyao": 1}
    with pytest.raises(NoYakuError):
        score(hand, "6s", Rules(kuitan=False))


def test_field_atozuke() -> None:
    """MJ-MONTREAL-02: atozuke decides whether the table lets an open hand win on a wait that supplies
    its only yaku; a complete hand that has a yaku scores the same either way."""
    full = "123m456p888s99s 555z+"
    assert score(full, "8s", Rules(atozuke=True)) == score(full, "8s", Rules(atozuke=False))
    assert dict(score(full, "8s", Rules(atozuke=False)).yaku) == {"yakuhai (haku)": 1}


def test_field_ippatsu() -> None:
    """MJ-RIICHI-10: ippatsu 1 han only if the field allows it."""
    assert "ippatsu" in yaku(NO_YAKU, "8s", riichi=True, ippatsu=True)
    assert "ippatsu" not in yaku(NO_YAKU, "8s", Rules(ippatsu=False), riichi=True, ippatsu=True)


def test_field_double_riichi() -> None:
    """MJ-RIICHI-13: double riichi 2 han, or plain riichi 1 when off."""
    assert yaku(NO_YAKU, "8s", double_riichi=True) == {"double riichi": 2}
    assert yaku(NO_YAKU, "8s", Rules(double_riichi=False), double_riichi=True) == {"riichi": 1}


def test_field_open_riichi() -> None:
    """MJ-RIICHI-13, MJ-MONTREAL-20: open riichi's extra han only where allowed."""
    assert yaku(NO_YAKU, "8s", Rules(open_riichi=True), open_riichi=True) == {
        "riichi": 1, "open riichi": 1}
    assert yaku(NO_YAKU, "8s", Rules(open_riichi=False), open_riichi=True) == {"riichi": 1}


def test_field_nagashi_mangan() -> None:
    """MJ-MONTREAL-21, CFG-22: nagashi mangan happens at an exhaustive draw, so the table engine
    reads this field; winning hands score the same either way."""
    on = score(NO_YAKU, "8s", Rules(nagashi_mangan=True), riichi=True)
    off = score(NO_YAKU, "8s", Rules(nagashi_mangan=False), riichi=True)
    assert on == off
    assert Rules.preset("montreal").nagashi_mangan and not Rules.preset("ema").nagashi_mangan
    assert nagashi_mangan_payments(SOUTH, Rules(nagashi_mangan=True))[0] == Payment(EAST, 4000)
    with pytest.raises(NotAWinError, match="nagashi mangan is not played under these rules"):
        nagashi_mangan_payments(SOUTH, Rules(nagashi_mangan=False))
    with pytest.raises(NotAWinError, match="nagashi mangan is not played"):
        nagashi_mangan_score(EAST, Rules.preset("ema"))


def test_field_nagashi_mangan_own_calls() -> None:
    """MJ-MONTREAL-21, issue 9 item 4: Tenhou and Mahjong Soul pay nagashi mangan after the
    player's own calls; seed 004 B13 (Montreal) forbids them (the table engine tests it in
    tests/test_mahjong_kyoku.py)."""
    assert _values("nagashi_mangan_own_calls") == {
        "tenhou": True, "mahjongsoul": True, "ema": False, "montreal": False,
        "seeds-001-003": False}


def test_field_haitei_on_rinshan() -> None:
    """CFG-15, MJ-MONTREAL-22: a rinshan win on the last tile also scores haitei only if allowed."""
    hand = "12399m789s 4-56p 1111s"
    kwargs: dict[str, object] = {"tsumo": True, "rinshan": True, "haitei": True}
    assert yaku(hand, "8s", Rules(haitei_on_rinshan=False), **kwargs) == {"rinshan kaihou": 1}
    assert yaku(hand, "8s", Rules(haitei_on_rinshan=True), **kwargs) == {
        "haitei raoyue": 1, "rinshan kaihou": 1}


def test_field_renhou() -> None:
    """MJ-MONTREAL-40, CFG-17: renhou off, a mangan, or a yakuman."""
    kwargs: dict[str, object] = {"first_turn": True, "discarder": EAST}
    with pytest.raises(NoYakuError):
        score(NO_YAKU, "8s", Rules(renhou="off"), **kwargs)
    assert score(NO_YAKU, "8s", Rules(renhou="mangan"), **kwargs).total == 8000
    assert score(NO_YAKU, "8s", Rules(renhou="yakuman"), **kwargs).total == 32000


def test_field_shiisanputa() -> None:
    """MJ-MONTREAL-40: the disjoint first-draw hand is a mangan only where allowed."""
    hand = "147m258p369s12355z"
    result = score(hand, "5z", Rules(shiisanputa=True), tsumo=True, first_turn=True)
    assert (result.limit, result.total) == ("mangan", 8000)
    with pytest.raises(NotAWinError):
        score(hand, "5z", Rules(shiisanputa=False), tsumo=True, first_turn=True)


def test_field_daisharin() -> None:
    """MJ-MONTREAL-24 (TV-MTL-07): daisharin off / pin only / any suit."""
    assert score("22334455667788p", "8p", Rules(daisharin="off")).yakuman == 0
    assert score("22334455667788p", "8p", Rules(daisharin="pin")).yakuman == 1
    assert score("22334455667788m", "8m", Rules(daisharin="pin")).yakuman == 0
    assert score("22334455667788m", "8m", Rules(daisharin="any_suit")).yakuman == 1


def test_field_paarenchan() -> None:
    """MJ-MONTREAL-15: paarenchan off, by counters (any winner), or by dealer wins."""
    assert score(NO_YAKU, "8s", Rules(paarenchan="off"), riichi=True, honba=8).yakuman == 0
    assert score(NO_YAKU, "8s", Rules(paarenchan="counters"), riichi=True, honba=8).yakuman == 1
    rules = Rules(paarenchan="dealer_wins")
    assert score(NO_YAKU, "8s", rules, riichi=True, honba=8).yakuman == 0
    assert score(NO_YAKU, "8s", rules, riichi=True, seat_wind=EAST, renchan=8).yakuman == 1


def test_field_paarenchan_count() -> None:
    """MJ-MONTREAL-15: the number of counters that makes paarenchan."""
    rules = Rules(paarenchan="counters", paarenchan_count=5)
    assert score(NO_YAKU, "8s", rules, riichi=True, honba=5).yakuman == 1
    assert score(NO_YAKU, "8s", rules, riichi=True, honba=4).yakuman == 0


def test_field_kokushi_chankan_ankan() -> None:
    """MJ-FLOW-24, MJ-MONTREAL-26: whether kokushi may rob an ankan is decided by the table when it
    offers the ron; the scored chankan kokushi is the same either way."""
    hand, tile = "19m19p19s1234567z1m", "1z"
    on = score(hand, tile, Rules(kokushi_chankan_ankan=True), chankan=True)
    off = score(hand, tile, Rules(kokushi_chankan_ankan=False), chankan=True)
    assert on == off
    assert on.yakuman == 1


def test_field_ryuuiisou_requires_hatsu() -> None:
    """MJ-MONTREAL-25: ryuuiisou without hatsu counts unless the field requires it."""
    hand = "22334444666888s"
    assert score(hand, "2s", Rules(ryuuiisou_requires_hatsu=False)).yakuman == 1
    assert score(hand, "2s", Rules(ryuuiisou_requires_hatsu=True)).yakuman == 0
    assert score("223344s66s888s666z", "6s", Rules(ryuuiisou_requires_hatsu=True)).yakuman == 1


# --- fu--------------------------------------------------------------------------------------------

def test_field_pinfu_tsumo_fu() -> None:
    """CFG-06, MJ-SCORE-12 (TV-SCORE-02): pinfu tsumo 20 or 30 fu; pinfu ron stays 30."""
    hand = "12399m456p345789s"
    assert score(hand, "9s", Rules(pinfu_tsumo_fu=20), tsumo=True).fu == 20
    assert score(hand, "9s", Rules(pinfu_tsumo_fu=30), tsumo=True).fu == 30
    assert score(hand, "9s", Rules(pinfu_tsumo_fu=20)).fu == 30


def test_field_double_wind_pair_fu() -> None:
    """CFG-07, MJ-SCORE-08 (TV-FU-06): a double wind pair is 2 or 4 fu; a single wind pair 2."""
    hand = "123m456p789s11z 777z+"
    two = score(hand, "1z", Rules(double_wind_pair_fu=2), seat_wind=EAST, round_wind=EAST)
    four = score(hand, "1z", Rules(double_wind_pair_fu=4), seat_wind=EAST, round_wind=EAST)
    assert ("double wind pair 1z", 2) in two.fu_items
    assert ("double wind pair 1z", 4) in four.fu_items
    single = score(hand, "1z", Rules(double_wind_pair_fu=4), seat_wind=SOUTH, round_wind=EAST)
    assert ("round wind pair 1z", 2) in single.fu_items


def test_field_rinshan_tsumo_fu() -> None:
    """CFG-08, MJ-SCORE-10 (TV-FU-07): tsumo fu on a replacement tile 2 or 0."""
    hand = "234m678m789s55s 5555p="
    kwargs: dict[str, object] = {"tsumo": True, "rinshan": True}
    assert score(hand, "8s", Rules(rinshan_tsumo_fu=2), **kwargs).fu == 40
    assert score(hand, "8s", Rules(rinshan_tsumo_fu=0), **kwargs).fu == 30


def test_field_open_pinfu_ron_fu() -> None:
    """MJ-SCORE-14: an open ron with no fu counts 30 (or 20 where chosen)."""
    hand = "234m456p678s88m 5-67p"
    assert score(hand, "6s", Rules(open_pinfu_ron_fu=30)).fu == 30
    assert score(hand, "6s", Rules(open_pinfu_ron_fu=20)).fu == 20


# --- limits----------------------------------------------------------------------------------------

def test_field_kiriage_mangan() -> None:
    """CFG-21, MJ-SCORE-21: 4 han 30 fu pays 7700, or 8000 with kiriage."""
    hand = "223344m567p23488s"  # riichi + tanyao + pinfu + iipeikou
    assert score(hand, "4s", Rules(kiriage_mangan=False), riichi=True).total == 7700
    result = score(hand, "4s", Rules(kiriage_mangan=True), riichi=True)
    assert (result.limit, result.total) == ("mangan", 8000)


def test_field_kazoe_yakuman() -> None:
    """MJ-MONTREAL-27: 13+ han is a yakuman with kazoe, else a sanbaiman."""
    kwargs: dict[str, object] = {"riichi": True, "dora_indicators": (Tile.from_str("9m"),)}
    hand = "11223345678999m"
    assert score(hand, "4m", Rules(kazoe_yakuman=True), **kwargs).total == 32000
    assert score(hand, "4m", Rules(kazoe_yakuman=False), **kwargs).total == 24000


def test_field_multiple_yakuman() -> None:
    """MJ-SCORE-23, CFG-17: different yakuman add up, or count once."""
    hand = "555666777z22z 111z+"
    assert score(hand, "2z", Rules(multiple_yakuman=True)).total == 64000
    assert score(hand, "2z", Rules(multiple_yakuman=False)).total == 32000


def test_field_double_yakuman() -> None:
    """MJ-MONTREAL-28: listed yakuman count twice; the list only takes known candidates."""
    hand = "111m444p777s999s22m"
    assert score(hand, "2m").yakuman == 1
    assert score(hand, "2m", Rules(double_yakuman=frozenset({"suuankou tanki"}))).yakuman == 2
    assert score(hand, "1m", Rules(double_yakuman=frozenset({"suuankou tanki"})),
                 tsumo=True).yakuman == 1
    with pytest.raises(ValueError, match="not a double yakuman candidate: daisangen"):
        Rules(double_yakuman=frozenset({"daisangen"}))
    candidates = {"kokushi musou juusanmen", "suuankou tanki", "junsei chuuren poutou", "daisuushii"}
    assert candidates == DOUBLE_YAKUMAN_CANDIDATES


def test_field_max_yakuman() -> None:
    """MJ-SCORE-23: the most yakuman a hand counts."""
    hand = "111222333444z55z"  # daisuushii + tsuuiisou + suuankou tanki
    win: dict[str, object] = {"tsumo": True}
    assert score(hand, "5z", Rules(), **win).yakuman == 3
    assert score(hand, "5z", Rules(max_yakuman=2), **win).yakuman == 2


# --- payments--------------------------------------------------------------------------------------

def test_field_honba_points() -> None:
    """MJ-SCORE-22, MJ-END-08: the value of a counter (300 by default; 100 per payer on tsumo)."""
    hand = "123m456p78999s 777z+"
    assert score(hand, "9s", Rules(honba_points=300), honba=2, discarder=NORTH).total == 1600
    assert score(hand, "9s", Rules(honba_points=1500), honba=2, discarder=NORTH).total == 4000
    tsumo = score(hand, "9s", Rules(honba_points=1500), honba=1, tsumo=True)
    assert [p.honba for p in tsumo.payments] == [500, 500, 500]


def test_field_pao() -> None:
    """MJ-PAO-01..04, CFG-12: which hands make a player liable; only known triggers are accepted."""
    hand = "55s 1111m 2222p= 3333s+ 7777z="  # suukantsu
    kwargs: dict[str, object] = {"tsumo": True, "rinshan": True, "pao_seat": NORTH}
    assert score(hand, "5s", Rules(pao=frozenset({"suukantsu"})), **kwargs).payments == (
        Payment(NORTH, 32000),)
    assert len(score(hand, "5s", Rules(pao=frozenset()), **kwargs).payments) == 3
    with pytest.raises(ValueError, match="not a pao trigger: ryuuiisou"):
        Rules(pao=frozenset({"ryuuiisou"}))
    triggers = {"daisangen", "daisuushii", "suukantsu", "daiminkan_rinshan"}
    assert triggers == PAO_TRIGGERS


def test_field_pao_honba_payer() -> None:
    """MJ-PAO-07, CFG-11 (TV-PAO-03): on a pao ron the counters go to the discarder or the liable."""
    hand = "123m44p 555z+ 666z= 777z-"
    kwargs: dict[str, object] = {"discarder": WEST, "pao_seat": NORTH, "honba": 1}
    discarder = score(hand, "4p", Rules(pao_honba_payer="discarder"), **kwargs)
    liable = score(hand, "4p", Rules(pao_honba_payer="liable"), **kwargs)
    assert {p.payer: p.honba for p in discarder.payments} == {NORTH: 0, WEST: 300}
    assert {p.payer: p.honba for p in liable.payments} == {NORTH: 300, WEST: 0}


def test_field_pao_rinshan_payment() -> None:
    """MJ-PAO-04 (TV-PAO-04/05): a daiminkan-rinshan liable player pays the tsumo total or the ron
    value."""
    base = Rules.preset("montreal")
    hand = "234m567p345s66s 8888m="
    kwargs: dict[str, object] = {"tsumo": True, "rinshan": True, "pao_seat": NORTH,
                                 "dora_indicators": (Tile.from_str("1m"),)}
    tsumo_total = score(hand, "5s", base.replace(pao_rinshan_payment="tsumo_total"), **kwargs)
    ron_value = score(hand, "5s", base.replace(pao_rinshan_payment="ron_value"), **kwargs)
    assert tsumo_total.payments == (Payment(NORTH, 4000),)
    assert ron_value.payments == (Payment(NORTH, 3900),)


# --- presets---------------------------------------------------------------------------------------

def test_presets_are_rules_values_differing_only_by_fields() -> None:
    """STYLE "Rules as data": presets are plain ``Rules`` values; ``preset`` returns them."""
    assert set(PRESETS) == {"ema", "montreal", "tenhou", "mahjongsoul", "seeds-001-003"}
    for name, rules in PRESETS.items():
        assert type(rules) is Rules
        assert Rules.preset(name) == rules
        rebuilt = Rules(**{f.name: getattr(rules, f.name) for f in dataclasses.fields(Rules)})
        assert rebuilt == rules
        assert Rules().replace(**{k: v for k, (_, v) in Rules().differences(rules).items()}) == rules
    assert len({repr(r) for r in PRESETS.values()}) == 5
    assert Rules() == PRESETS["tenhou"] == Rules.preset("default")


def test_preset_unknown_name_is_a_clear_value_error() -> None:
    """An unknown preset name raises a ValueError naming the choices."""
    with pytest.raises(ValueError, match=r"unknown rules preset 'wrc'; choose one of tenhou, "
                                         r"mahjongsoul, ema, montreal, seeds-001-003, default"):
        Rules.preset("wrc")
    assert issubclass(UnknownRulesError, ValueError)


def test_replace_unknown_field_is_a_clear_value_error() -> None:
    """``replace`` with an unknown field raises a ValueError naming it."""
    with pytest.raises(ValueError, match="unknown rules field: aka_dora"):
        Rules().replace(aka_dora=3)
    assert Rules().replace(kiriage_mangan=True).kiriage_mangan is True


def test_rules_are_frozen() -> None:
    """Rules is immutable (a frozen dataclass)."""
    with pytest.raises(dataclasses.FrozenInstanceError):
        Rules().kuitan = False  # type: ignore[misc]


def test_preset_ema_is_p003_with_seed_001_scoring() -> None:
    """§13, P003 column: CFG-06 20, CFG-07 2, CFG-08 2, CFG-11 discarder, CFG-12 daisangen and
    daisuushii, CFG-15 no haitei on rinshan, CFG-17 one yakuman level (001 Table (1): 13+ = yakuman,
    no multiples, no local yakuman), CFG-20 no red fives, CFG-21 no kiriage, CFG-22 nagashi not in
    001/003; ippatsu (003 L716), ura-dora and kan-dora (003 L721-725) in play."""
    ema = Rules.preset("ema")
    assert (ema.pinfu_tsumo_fu, ema.double_wind_pair_fu, ema.rinshan_tsumo_fu) == (20, 2, 2)
    assert ema.pao_honba_payer == "discarder"
    assert ema.pao == {"daisangen", "daisuushii"}
    assert ema.haitei_on_rinshan is False
    assert (ema.multiple_yakuman, ema.kazoe_yakuman, ema.double_yakuman) == (False, True, frozenset())
    assert (ema.renhou, ema.shiisanputa, ema.daisharin, ema.paarenchan) == ("off", False, "off", "off")
    assert ema.red_fives == (0, 0, 0)
    assert ema.kiriage_mangan is False
    assert ema.nagashi_mangan is False
    assert ema.open_riichi is False
    assert (ema.ippatsu, ema.uradora, ema.kandora) == (True, True, True)


def test_preset_montreal_is_seed_004() -> None:
    """Seed 004 (PMTL) bullet by bullet: B1 kuitan + atozuke; B4 all dora (red fives [AMB] -> off,
    CFG-20); B6 300 per counter; B7 paarenchan by 8 counters; B12 ippatsu, double and open riichi
    (club); B13 nagashi; B14 no haitei on rinshan; B15 kokushi robs ankan, ryuuiisou with or without
    hatsu, daisharin in all suits, kazoe; B16 yakuman combine, double list empty (MJ-MONTREAL-28);
    B17 pao for all four triggers, liable pays the counters; B18 double wind pair 4, rinshan 0;
    B24 renhou and shiisanputa mangan."""
    mtl = Rules.preset("montreal")
    assert (mtl.kuitan, mtl.atozuke) == (True, True)
    assert (mtl.kandora, mtl.uradora, mtl.red_fives) == (True, True, (0, 0, 0))
    assert mtl.honba_points == 300
    assert (mtl.paarenchan, mtl.paarenchan_count) == ("counters", 8)
    assert (mtl.ippatsu, mtl.double_riichi, mtl.open_riichi) == (True, True, True)
    assert mtl.nagashi_mangan is True
    assert mtl.haitei_on_rinshan is False
    assert mtl.kokushi_chankan_ankan is True
    assert mtl.ryuuiisou_requires_hatsu is False
    assert mtl.daisharin == "any_suit"
    assert mtl.kazoe_yakuman is True
    assert (mtl.multiple_yakuman, mtl.double_yakuman) == (True, frozenset())
    assert mtl.pao == PAO_TRIGGERS
    assert mtl.pao_honba_payer == "liable"
    assert (mtl.double_wind_pair_fu, mtl.rinshan_tsumo_fu) == (4, 0)
    assert (mtl.renhou, mtl.shiisanputa) == ("mangan", True)
    assert (mtl.pinfu_tsumo_fu, mtl.kiriage_mangan) == (20, False)


def test_preset_tenhou() -> None:
    """Tenhou's ranked rules: three red fives, kuitan, ippatsu, ura and kan-dora, nagashi, kazoe,
    yakuman combine but no double yakuman, 4-fu double wind pair, no kiriage, no renhou or local
    yakuman, pao for daisangen and daisuushii."""
    tenhou = Rules.preset("tenhou")
    assert tenhou.red_fives == (1, 1, 1)
    assert (tenhou.kuitan, tenhou.ippatsu, tenhou.uradora, tenhou.kandora) == (True,) * 4
    assert (tenhou.nagashi_mangan, tenhou.kazoe_yakuman, tenhou.multiple_yakuman) == (True,) * 3
    assert tenhou.double_yakuman == frozenset()
    assert (tenhou.double_wind_pair_fu, tenhou.rinshan_tsumo_fu, tenhou.pinfu_tsumo_fu) == (4, 2, 20)
    assert tenhou.kiriage_mangan is False
    assert (tenhou.renhou, tenhou.daisharin, tenhou.paarenchan, tenhou.shiisanputa) == (
        "off", "off", "off", False)
    assert tenhou.open_riichi is False
    assert tenhou.pao == {"daisangen", "daisuushii"}


def test_preset_mahjongsoul() -> None:
    """Mahjong Soul's ranked rules: as Tenhou, with the four "pure" yakuman counted double and at
    most six yakuman."""
    soul = Rules.preset("mahjongsoul")
    assert soul.double_yakuman == DOUBLE_YAKUMAN_CANDIDATES
    assert soul.max_yakuman == 6
    differences = Rules.preset("tenhou").differences(soul)
    assert differences.pop("double_yakuman") == (frozenset(), DOUBLE_YAKUMAN_CANDIDATES)
    # Play: triple ron is paid (no sanchahou), kokushi may rob an ankan, tenpai-yame, its own uma.
    assert differences == {
        "abortive_draws": (ABORTIVE_DRAWS, ABORTIVE_DRAWS - {"sanchahou"}),
        "kokushi_chankan_ankan": (False, True),
        "multiple_ron": ("double", "all"),
        "tenpai_yame": (False, True),
        "uma": ((20, 10, -10, -20), (15, 5, -5, -15)),
        "oka_return": (30000, 25000)}


# --- every field is validated ----------------------------------------------------------------------

BAD_VALUES: list[tuple[str, object, str]] = [
    # bool fields take real bools only
    *[(name, value, "true or false") for name, kind in FIELD_KINDS.items() if kind == "bool"
      for value in (1, 0, "true", None)],
    # Literal fields take only their listed values (of the listed type)
    ("renhou", "yes", "one of off, mangan, yakuman"),
    ("renhou", "Mangan", "one of off, mangan, yakuman"),
    ("daisharin", "pinzu", "one of off, pin, any_suit"),
    ("paarenchan", "Counters", "one of off, counters, dealer_wins"),
    ("pinfu_tsumo_fu", 25, "one of 20, 30"),
    ("pinfu_tsumo_fu", 20.0, "one of 20, 30"),
    ("pinfu_tsumo_fu", "20", "one of 20, 30"),
    ("double_wind_pair_fu", 3, "one of 2, 4"),
    ("double_wind_pair_fu", True, "one of 2, 4"),
    ("rinshan_tsumo_fu", 1, "one of 0, 2"),
    ("rinshan_tsumo_fu", False, "one of 0, 2"),
    ("open_pinfu_ron_fu", 25, "one of 20, 30"),
    ("pao_honba_payer", "winner", "one of discarder, liable"),
    ("pao_rinshan_payment", "half", "one of tsumo_total, ron_value"),
    # int fields take real ints in range
    ("honba_points", 100, "multiple of 3"),
    ("honba_points", -300, "multiple of 3"),
    ("honba_points", True, "multiple of 3"),
    ("honba_points", 300.0, "multiple of 3"),
    ("paarenchan_count", 0, "at least 1"),
    ("paarenchan_count", True, "at least 1"),
    ("paarenchan_count", "8", "at least 1"),
    ("max_yakuman", 0, "1..8"),
    ("max_yakuman", 9, "1..8"),
    ("max_yakuman", 13, "1..8"),
    ("max_yakuman", True, "1..8"),
    # the rest
    ("red_fives", (1, 1), "three counts 0..4"),
    ("red_fives", (5, 0, 0), "three counts 0..4"),
    ("red_fives", (True, 0, 0), "three counts 0..4"),
    ("red_fives", [1, 1, 1], "three counts 0..4"),
    ("double_yakuman", frozenset({"daisangen"}), "not a double yakuman candidate: daisangen"),
    ("double_yakuman", {"daisuushii"}, "a frozenset"),
    ("pao", frozenset({"ryuuiisou"}), "not a pao trigger: ryuuiisou"),
    ("pao", ["daisangen"], "a frozenset"),
    ("abortive_draws", frozenset({"nine_gates"}), "not an abortive draw: nine_gates"),
    ("multiple_ron", "triple", "one of all, double, head_bump"),
    ("deposit_multi_ron", "each", "one of nearest, split"),
    ("honba_multi_ron", "split", "one of nearest, each"),
    ("kandora_timing", "late", "one of immediate, late_open_kans"),
    ("karaten", "called", "one of concealed, held, visible"),
    ("riichi_min_points", -1, "non-negative"),
    ("riichi_min_tiles", 71, "0..70"),
    ("temp_furiten_clear", "never", "one of on_acquire, on_discard"),
    ("claim_window_ms", -5, "non-negative"),
    ("ron_window_ms", 1.5, "non-negative"),
    ("chombo_payment", "mangan", "one of none, reverse_mangan"),
    ("chombo_dealer", "keep", "one of replay, rotate"),
    ("renchan", "always", "one of tenpai, nanba, dealer_win"),
    ("length", "tonpuu", "one of east, hanchan"),
    ("start_points", -100, "non-negative"),
    ("target_points", "30000", "non-negative"),
    ("extension", "on", "one of off, until_target, until_target_by_win"),
    ("extension_rounds", 3, "0..2"),
    ("leftover_deposits", "dealer", "one of lost, to_first_place"),
    ("ties", "dealer", "one of shared, seat_order"),
    ("uma", (20, 10, -10), "four integers"),
    ("uma", (20, 10, -10, -10), "sum to 0"),
    ("oka_return", -1, "non-negative"),
]


@pytest.mark.parametrize(("field", "value", "allowed"), BAD_VALUES,
                         ids=[f"{f}={v!r}" for f, v, _ in BAD_VALUES])
def test_rules_reject_every_bad_field_value(field: str, value: object, allowed: str) -> None:
    """CFG-01..: ``Rules`` refuses a value no rule set has (UnknownRulesError, a ValueError) and
    names the field, the value and what is allowed."""
    with pytest.raises(UnknownRulesError) as caught:
        Rules().replace(**{field: value})
    message = str(caught.value)
    assert field in message and allowed in message
    assert repr(value) in message or "not a" in message
    assert isinstance(caught.value, ValueError)


INPUT_BOUNDS = [("claim_window_ms", 3_600_000, 1), ("ron_window_ms", 3_600_000, 1),
                ("riichi_min_points", 1_000_000_000, 1), ("start_points", 1_000_000_000, 1),
                ("target_points", 1_000_000_000, 1), ("oka_return", 1_000_000_000, 1),
                ("honba_points", 999_999_999, 3)]


@pytest.mark.parametrize(("field", "bound", "step"), INPUT_BOUNDS, ids=[f for f, _, _ in INPUT_BOUNDS])
def test_the_input_bounds_of_the_library_are_not_rules(field: str, bound: int, step: int) -> None:
    """CFG-14, CFG-23: no rule set limits a claim window or a number of points; taku bounds them
    as input (an hour, ``MAX_WINDOW_MS``; 10^9 points, ``MAX_POINTS``): the bound (the largest
    multiple of 3 for ``honba_points``) is accepted, a value past it is refused with
    UnknownRulesError naming the field, the bound and that it is not a rule, by every way in."""
    assert (MAX_WINDOW_MS, MAX_POINTS) == (3_600_000, 1_000_000_000)
    assert getattr(Rules().replace(**{field: bound}), field) == bound
    assert getattr(Rules().with_options([f"{field}={bound}"]), field) == bound
    past = bound + step
    for refuse in (lambda: Rules().replace(**{field: past}),
                   lambda: Rules().with_options([f"{field}={past}"]),
                   lambda: Rules().with_values({field: past})):
        with pytest.raises(UnknownRulesError) as caught:
            refuse()
        message = str(caught.value)
        assert message.startswith(f"rules field {field} must be a non-negative")
        assert f"at most {3_600_000 if field.endswith('_ms') else 1_000_000_000}" in message
        assert "taku's input bound, not a rule" in message and str(past) in message


@pytest.mark.parametrize("refuse", [
    lambda huge: Rules().with_options([f"start_points={'9' * len(huge)}"]),
    lambda huge: Rules().with_options([f"uma={huge}"]),
    lambda huge: Rules().with_options([huge]),
    lambda huge: Rules().with_values({"kuitan": huge}),
    lambda huge: Rules().with_values({huge: 1}),
    lambda huge: Rules.preset(huge),
], ids=["number", "numbers", "no FIELD=VALUE", "value", "field", "preset"])
def test_a_huge_bad_option_is_cut_short_in_the_error(refuse: Any) -> None:
    """A bad option or preset name of 100,000 characters is refused naming at most its first 40."""
    with pytest.raises(UnknownRulesError) as caught:
        refuse("x" * 100_000)
    message = str(caught.value)
    assert "…" in message and len(message) < 300


def _annotations_in_source() -> dict[str, str]:
    """Each field of ``Rules`` with its annotation as written in taku/mahjong/rules.py (read from the
    source, so that the compiled build is checked too)."""
    tree = ast.parse((REPO / "taku" / "mahjong" / "rules.py").read_text(encoding="utf-8"))
    rules_class = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "Rules")
    return {node.target.id: ast.unparse(node.annotation) for node in rules_class.body
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)}


def test_rules_validation_covers_every_field() -> None:
    """Each field has a rejected value above, and the checks' table ``FIELD_KINDS`` follows the
    annotations: the same fields in the same order, each Literal's values, every value allowed."""
    annotations = _annotations_in_source()
    assert [f.name for f in dataclasses.fields(Rules)] == list(annotations) == list(FIELD_KINDS)
    assert set(annotations) == {field for field, _, _ in BAD_VALUES}
    plain = {"bool": "bool", "int": "int", "frozenset[str]": "names",
             "tuple[int, int, int]": "red_fives", "tuple[int, int, int, int]": "uma"}
    for name, annotation in annotations.items():
        kind = FIELD_KINDS[name]
        if annotation.startswith("Literal["):
            assert kind == tuple(ast.literal_eval(annotation.removeprefix("Literal"))), name
            for value in kind:
                assert getattr(Rules().replace(**{name: value}), name) == value
        else:
            assert kind == plain[annotation], name


def test_rules_limits_accept_their_edges() -> None:
    """MJ-SCORE-22, MJ-SCORE-23, MJ-MONTREAL-15: the ends of each integer range are allowed."""
    assert Rules(honba_points=0).honba_points == 0
    assert Rules(honba_points=1500).honba_points == 1500
    assert Rules(paarenchan_count=1).paarenchan_count == 1
    assert Rules(max_yakuman=1).max_yakuman == 1
    assert Rules(max_yakuman=8).max_yakuman == 8


def test_mj_score_23_octuple_yakuman_is_named() -> None:
    """MJ-SCORE-23: up to eight yakuman are counted and named (Rules.max_yakuman <= 8)."""
    rules = Rules.preset("mahjongsoul").replace(max_yakuman=8, paarenchan="counters")
    # tenhou + daisuushii (2) + tsuuiisou + suuankou tanki (2) + paarenchan = 7
    result = score("111222333444z55z", "5z", rules, tsumo=True, first_turn=True, seat_wind=EAST,
                   honba=8)
    assert (result.yakuman, result.limit) == (7, "septuple yakuman")
    assert YAKUMAN_LIMIT_NAMES[8] == "octuple yakuman"


def test_presets_all_validate() -> None:
    """Every preset is a valid Rules value (rebuilding it runs every check)."""
    for rules in PRESETS.values():
        assert Rules(**{f.name: getattr(rules, f.name) for f in dataclasses.fields(Rules)}) == rules


def test_presets_and_catalogues_are_read_only() -> None:
    """PRESETS, YAKU and YAKUMAN are read-only mappings: callers cannot rebind a preset."""
    with pytest.raises(TypeError):
        PRESETS["tenhou"] = Rules()  # type: ignore[index]
    with pytest.raises(TypeError):
        YAKU["riichi"] = YAKU["tanyao"]  # type: ignore[index]
    with pytest.raises(TypeError):
        YAKUMAN["renhou"] = "x"  # type: ignore[index]
    assert Rules.preset("tenhou") is PRESETS["tenhou"]
    assert Rules.preset("montreal").renhou == "mangan"


# --- play fields (the table engine) -----------------------------------------------------------------
# Each field is validated (BAD_VALUES above) and set per RULES.md section 13 in the presets; what it
# does at the table is tested in a constructed situation in tests/test_mahjong_kyoku.py and
# tests/test_mahjong_match.py (named by rule ID), and the whole Tenhou and Mahjong Soul presets by
# the replays of tests/test_mahjong_replay.py.

def _values(name: str) -> dict[str, object]:
    return {preset: getattr(rules, name) for preset, rules in PRESETS.items()}


def test_field_abortive_draws() -> None:
    """CFG-01/02, MJ-END-10: P003 none, PMTL all (nine distinct terminals), Tenhou all, Mahjong Soul
    all but sanchahou (triple ron is paid)."""
    assert {"kyushu_kyuhai", "suufon_renda", "suucha_riichi", "suukaikan",
                              "sanchahou"} == ABORTIVE_DRAWS
    assert _values("abortive_draws") == {
        "seeds-001-003": frozenset(), "ema": frozenset(), "montreal": ABORTIVE_DRAWS,
        "tenhou": ABORTIVE_DRAWS, "mahjongsoul": ABORTIVE_DRAWS - {"sanchahou"}}


def test_field_multiple_ron() -> None:
    """CFG-03, MJ-END-03: P003 no limit; PMTL double ron paid, a third refused (with sanchahou
    among the abortive draws, three rons abort)."""
    assert _values("multiple_ron") == {"seeds-001-003": "all", "ema": "all", "montreal": "double",
                                       "tenhou": "double", "mahjongsoul": "all"}


def test_field_deposit_multi_ron() -> None:
    """CFG-04, MJ-RIICHI-05: every preset gives the sticks to the nearest winner."""
    assert set(_values("deposit_multi_ron").values()) == {"nearest"}
    assert Rules(deposit_multi_ron="split").deposit_multi_ron == "split"


def test_field_honba_multi_ron() -> None:
    """MJ-END-03 [GAP]: counters to the nearest winner only (the presets), or to each."""
    assert set(_values("honba_multi_ron").values()) == {"nearest"}
    assert Rules(honba_multi_ron="each").honba_multi_ron == "each"


def test_field_kandora_timing() -> None:
    """CFG-09, MJ-FLOW-30: P003 immediate; PMTL late for open kans (Tenhou and Mahjong Soul too)."""
    assert _values("kandora_timing") == {
        "seeds-001-003": "immediate", "ema": "immediate", "montreal": "late_open_kans",
        "tenhou": "late_open_kans", "mahjongsoul": "late_open_kans"}


def test_field_late_kandora_on_rinshan() -> None:
    """MJ-MONTREAL-11: a rinshan win counts the kan's late indicator under PMTL; Tenhou and
    Mahjong Soul turn an open kan's indicator only after the discard, so such a win does not count
    it (issue 9 item 2; the engine's behaviour under every preset is tested in
    tests/test_mahjong_kyoku.py)."""
    assert _values("late_kandora_on_rinshan") == {
        "seeds-001-003": True, "ema": True, "montreal": True, "tenhou": False,
        "mahjongsoul": False}


def test_field_riichi_min_points() -> None:
    """MJ-RIICHI-01 [GAP]: 1,000 points are needed to declare riichi (standard)."""
    assert set(_values("riichi_min_points").values()) == {1000}


def test_field_riichi_min_tiles() -> None:
    """MJ-RIICHI-02: four tiles must be left in the live wall."""
    assert set(_values("riichi_min_tiles").values()) == {4}


def test_field_tenpai_requires_yaku() -> None:
    """CFG-19: form-only tenpai counts at an exhaustive draw (recommended default)."""
    assert set(_values("tenpai_requires_yaku").values()) == {False}


def test_field_karaten() -> None:
    """MJ-END-07, issue 9 item 1: Tenhou and Mahjong Soul call a wait empty only when the
    concealed tiles hold all four copies; seed 003 (and 004, silent, likewise) when the player
    holds them, melds included (the table engine tests each value in tests/test_mahjong_kyoku.py)."""
    assert _values("karaten") == {"tenhou": "concealed", "mahjongsoul": "concealed",
                                  "ema": "held", "montreal": "held", "seeds-001-003": "held"}


def test_field_temp_furiten_clear() -> None:
    """CFG-13: P003 clears temporary furiten at the next draw or claim, PMTL after the discard."""
    assert _values("temp_furiten_clear")["montreal"] == "on_discard"
    assert _values("temp_furiten_clear")["ema"] == "on_acquire"


def test_field_claim_window_ms() -> None:
    """CFG-14: PMTL gives 0.5 s to call pon or kan; elsewhere no limit (0)."""
    assert _values("claim_window_ms")["montreal"] == 500
    assert _values("claim_window_ms")["ema"] == 0


def test_field_ron_window_ms() -> None:
    """CFG-14: under PMTL a ron within 3 s of the discard takes priority."""
    assert _values("ron_window_ms")["montreal"] == 3000
    assert _values("ron_window_ms")["ema"] == 0


def test_field_chombo_payment() -> None:
    """CFG-10: P003 replays the hand, PMTL charges a reverse mangan."""
    assert _values("chombo_payment")["ema"] == "none"
    assert _values("chombo_payment")["montreal"] == "reverse_mangan"


def test_field_chombo_dealer() -> None:
    """CFG-10, MJ-MONTREAL-35: P003 replays with the same dealer, under PMTL the deal passes."""
    assert _values("chombo_dealer")["ema"] == "replay"
    assert _values("chombo_dealer")["montreal"] == "rotate"


def test_field_renchan() -> None:
    """CFG-16, MJ-END-11: tenpai renchan by default, nanba renchan under PMTL."""
    assert _values("renchan") == {"seeds-001-003": "tenpai", "ema": "tenpai", "montreal": "nanba",
                                  "tenhou": "tenpai", "mahjongsoul": "tenpai"}


def test_field_length() -> None:
    """MJ-GAME-01: every preset plays East and South rounds; an East-only game is an option."""
    assert set(_values("length").values()) == {"hanchan"}
    assert Rules(length="east").length == "east"


def test_field_start_points() -> None:
    """MJ-GAME-03, MJ-MONTREAL-03: 25,000 each."""
    assert set(_values("start_points").values()) == {25000}


def test_field_target_points() -> None:
    """MJ-GAME-05: PMTL (and Tenhou, Mahjong Soul) need someone on 30,000; P003 sets no target."""
    assert _values("target_points") == {"seeds-001-003": 0, "ema": 0, "montreal": 30000,
                                        "tenhou": 30000, "mahjongsoul": 30000}


def test_field_extension() -> None:
    """MJ-GAME-08, MJ-MONTREAL-06: PMTL's extension ends only when a win passes the target."""
    assert _values("extension") == {
        "seeds-001-003": "off", "ema": "off", "montreal": "until_target_by_win",
        "tenhou": "until_target", "mahjongsoul": "until_target"}


def test_field_extension_rounds() -> None:
    """MJ-GAME-08 [GAP]: the extension lasts at most one round (West) in every preset."""
    assert set(_values("extension_rounds").values()) == {1}


def test_field_bust() -> None:
    """MJ-GAME-07: a negative score ends the game (0 does not)."""
    assert set(_values("bust").values()) == {True}


def test_field_agari_yame() -> None:
    """MJ-GAME-06 [AMB]: Tenhou and Mahjong Soul end the game when the last dealer wins and leads."""
    assert _values("agari_yame") == {"seeds-001-003": False, "ema": False, "montreal": False,
                                     "tenhou": True, "mahjongsoul": True}


def test_field_tenpai_yame() -> None:
    """MJ-GAME-06 [AMB], issue 9 item 3: only Mahjong Soul ends the game when the leading last
    dealer is tenpai at an exhaustive draw; Tenhou plays on (tests/test_mahjong_match.py)."""
    assert _values("tenpai_yame") == {"seeds-001-003": False, "ema": False, "montreal": False,
                                      "tenhou": False, "mahjongsoul": True}


def test_field_leftover_deposits() -> None:
    """CFG-05, MJ-GAME-09: leftover sticks go to first place under PMTL; P003 says nothing."""
    assert _values("leftover_deposits") == {
        "seeds-001-003": "lost", "ema": "lost", "montreal": "to_first_place",
        "tenhou": "to_first_place", "mahjongsoul": "to_first_place"}


def test_field_ties() -> None:
    """MJ-GAME-04, MJ-MONTREAL-07: ties stand (shared rank); Tenhou ranks by seat order."""
    assert _values("ties") == {"seeds-001-003": "shared", "ema": "shared", "montreal": "shared",
                               "tenhou": "seat_order", "mahjongsoul": "seat_order"}


def test_field_uma() -> None:
    """MJ-GAME-04, MJ-MONTREAL-04: no uma in the seeds; Tenhou +20/+10/-10/-20."""
    assert _values("uma")["montreal"] == (0, 0, 0, 0)
    assert _values("uma")["tenhou"] == (20, 10, -10, -20)


def test_field_oka_return() -> None:
    """MJ-MONTREAL-04: no oka in the seeds; Tenhou returns 30,000 (oka 20 to first place)."""
    assert _values("oka_return")["montreal"] == 0
    assert _values("oka_return")["tenhou"] == 30000


def test_options_as_text_or_json_values_are_read_by_the_core() -> None:
    """``--option FIELD=VALUE`` texts and JSON values are the core's to read (as renju's
    ``RenjuRules.with_options``): the CLI and the server only pass them on."""
    rules = Rules.preset("tenhou")
    changed = rules.with_options(["kuitan=off", "red_fives=0,0,0", "pao=", "length=east",
                                  "start_points=30000"])
    assert changed == rules.replace(kuitan=False, red_fives=(0, 0, 0), pao=frozenset(),
                                    length="east", start_points=30000)
    assert rules.with_values({"kuitan": False, "red_fives": [0, 0, 0], "pao": [], "length": "east",
                              "start_points": 30000}) == changed
    for bad, message in ((["nosuch=1"], "unknown rules field 'nosuch'"),
                         (["kuitan"], "expected FIELD=VALUE"),
                         (["kuitan=maybe"], "kuitan expects true or false"),
                         (["start_points=lots"], "start_points expects a number"),
                         (["uma=a,b"], "uma expects numbers separated by commas"),
                         (["__class__=x"], "unknown rules field '__class__'")):
        with pytest.raises(UnknownRulesError, match=message):
            rules.with_options(bad)
    for values, message in (({"nosuch": 1}, "unknown rules field 'nosuch'"),
                            ({"pao": "daisangen"}, "option pao must be a list of names"),
                            ({"red_fives": [[1]]}, "option red_fives must be a list of integers")):
        with pytest.raises(UnknownRulesError, match=message):
            rules.with_values(values)
    with pytest.raises(UnknownRulesError, match="options must be an object"):
        rules.with_values([("kuitan", False)])  # type: ignore[arg-type]
