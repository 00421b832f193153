"""The win situation (``Win``) against the hand: what ``Win`` and ``score_hand`` refuse because no
table can produce it (rinshan without a kan, chankan on a held tile, a fifth copy among the dora
indicators), liability on a daiminkan-rinshan win, and strict value types (bools are not seats).
"""

from __future__ import annotations

import re

import pytest

from taku.mahjong import (
    InvalidHandError,
    InvalidNotationError,
    Payment,
    Rules,
    Tile,
    Win,
    parse_tiles,
)
from tests.mahjong_helpers import EAST, NORTH, SOUTH, WEST
from tests.mahjong_helpers import score_south as score

MONTREAL = Rules.preset("montreal")

# --- rinshan (MJ-FLOW-21) and the daiminkan-rinshan liability (MJ-PAO-04) -------------------------

@pytest.mark.parametrize("hand", ["234m456p678s23455s", "234m678s23455s 4-56p", "234m678s23455s 444p="])
def test_mj_flow_21_rinshan_win_needs_a_kan_in_the_hand(hand: str) -> None:
    """MJ-FLOW-21: rinshan kaihou is a win on the replacement tile drawn after one's own kan, so
    the hand must hold a kan."""
    with pytest.raises(InvalidHandError, match="a rinshan win needs a kan in the hand"):
        score(hand, "2s", tsumo=True, rinshan=True)
    with pytest.raises(InvalidHandError, match="a rinshan win needs a kan in the hand"):
        score(hand, "2s", MONTREAL, tsumo=True, rinshan=True, pao_seat=WEST)


@pytest.mark.parametrize("kan", ["8888m", "8888m=", "888=8m"])
def test_mj_flow_21_rinshan_win_with_any_kan(kan: str) -> None:
    """MJ-FLOW-21: any kan (ankan, daiminkan, kakan) gives a replacement draw."""
    result = score(f"234m567p345s66s {kan}", "5s", tsumo=True, rinshan=True)
    assert ("rinshan kaihou", 1) in result.yaku


# South's daiminkan of 8m: from the left (East), across (North) or the right (West).
DAIMINKAN_HAND = "234m567p345s66s 8888m{}"
FROM = {"-": EAST, "=": NORTH, "+": WEST}


@pytest.mark.parametrize("mark", ["-", "=", "+"])
def test_mj_pao_04_daiminkan_discarder_is_liable_for_the_rinshan_win(mark: str) -> None:
    """MJ-PAO-04: "a player's discard is claimed by daiminkan and the claimant then wins by rinshan
    kaihou: the discarder is liable": he pays the whole hand alone (TV-PAO-04)."""
    hand = DAIMINKAN_HAND.format(mark)
    result = score(hand, "5s", MONTREAL, tsumo=True, rinshan=True, pao_seat=FROM[mark],
                   dora_indicators="1m")
    assert result.payments == (Payment(FROM[mark], 4000),)
    assert result.liable == (Payment(FROM[mark], 4000),)
    assert result.to_dict()["points"]["liable"] == {"payer": ("East", "North", "West")[
        "-=+".index(mark)], "amount": 4000}


@pytest.mark.parametrize(("hand", "pao_seat"), [
    ("234m567p345s66s 8888m", NORTH),     # ankan: nobody's discard was claimed
    ("234m567p345s66s 888=8m", NORTH),    # kakan: the pon's discarder is not liable for the kan
    ("234m567p345s66s 8888m+", NORTH),    # a daiminkan claimed from West, not from North
    ("234m567p345s66s 8888m=", WEST),
])
def test_mj_pao_04_no_liability_without_a_daiminkan_from_the_liable_seat(hand: str,
                                                                         pao_seat: int) -> None:
    """MJ-PAO-04: only the discarder of the tile claimed by daiminkan is liable; with an ankan, a
    kakan or a daiminkan from someone else the win is paid as a normal tsumo."""
    result = score(hand, "5s", MONTREAL, tsumo=True, rinshan=True, pao_seat=pao_seat,
                   dora_indicators="1m")
    assert result.liable == ()
    assert len(result.payments) == 3
    assert "liable" not in result.to_dict()["points"]


# --- chankan (MJ-FLOW-23) --------------------------------------------------------------------------

def test_mj_flow_23_chankan_robs_a_tile_the_winner_does_not_hold() -> None:
    """MJ-FLOW-23: the robbed tile is the fourth of another player's kan, so the winner holds no
    other copy of it."""
    assert ("chankan", 1) in score("222m456p678s23455s", "2s", chankan=True).yaku
    with pytest.raises(InvalidHandError, match=r"a chankan win robs the fourth 2s .* holds 2 more"):
        score("234m456p678s22s234s", "2s", chankan=True)
    with pytest.raises(InvalidHandError, match="robs the fourth 5s"):
        score("234m456p678s55s 5-67s", "5s", chankan=True)


def test_mj_flow_23_chankan_indicator_cannot_show_the_robbed_kind() -> None:
    """MJ-FLOW-23, MJ-FLOW-31: the three other copies of the robbed tile are in the kan, so no
    indicator can show it."""
    with pytest.raises(InvalidHandError, match="robbed kan 3; there are only 4"):
        score("222m456p678s23455s", "2s", chankan=True, dora_indicators="2s")
    assert score("222m456p678s23455s", "2s", chankan=True, dora_indicators="1s").dora == 1


# --- dora indicators (MJ-FLOW-31) ------------------------------------------------------------------

@pytest.mark.parametrize("key", ["dora_indicators", "ura_indicators"])
def test_mj_flow_31_at_most_five_indicators(key: str) -> None:
    """MJ-FLOW-31: one indicator and one per kan, at most four kans: at most 5 (and 5 ura)."""
    assert len(getattr(Win(**{key: parse_tiles("1m2m3m4m5m")}), key)) == 5  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match=f"{key}: at most 5 indicators .* got 6"):
        Win(**{key: parse_tiles("1m2m3m4m5m6m")})  # type: ignore[arg-type]


@pytest.mark.parametrize(("hand", "win_tile", "dora", "ura", "message"), [
    ("123m456p789s11z 777z+", "1z", "5z5z5z5z5z", "", "the hand holds 0 5z, the indicators show 5"),
    ("123m456p789s55z 777z+", "5z", "5z5z5z", "", "the hand holds 2 5z, the indicators show 3"),
    ("123m456p789s11z 5555z", "1z", "5z", "", "dora indicator 5z: the hand holds 4 5z"),
    ("123m456p789s55z 777z+", "5z", "5z5z", "5z", "ura-dora indicator 5z: the hand holds 2 5z"),
    ("123m456p789s55z 777z+", "5z", "7z7z", "", "the hand holds 3 7z, the indicators show 2"),
])
def test_mj_flow_31_indicators_and_hand_hold_no_fifth_copy(hand: str, win_tile: str, dora: str,
                                                          ura: str, message: str) -> None:
    """MJ-FLOW-31: indicators are tiles of the same set as the hand: together at most 4 of a
    kind."""
    with pytest.raises(InvalidHandError, match=message):
        score(hand, win_tile, dora_indicators=dora, ura_indicators=ura)


def test_mj_flow_31_indicators_up_to_the_fourth_copy() -> None:
    """MJ-FLOW-31: the last copies of a kind may be indicators: 5z twice beside the hand's pair,
    the fourth 7z beside the hand's pon."""
    result = score("123m456p789s55z 777z+", "5z", dora_indicators="6z5z5z7z")
    assert result.dora == 5  # 6z makes the three 7z dora; 7z (chun -> haku) the two 5z


def test_mj_score_02_red_five_indicator_must_exist_under_the_rules() -> None:
    """MJ-SCORE-02, CFG-20: a red five indicator must be one the rules have and the hand does not."""
    tenhou = Rules.preset("tenhou")
    assert score("234m456p22567678s", "5s", tenhou, dora_indicators="0p").dora == 1
    with pytest.raises(InvalidHandError, match="dora indicator 0p: the rules have 1 red five of p "
                                               "and the hand holds 1"):
        score("234m406p22567678s", "5s", tenhou, dora_indicators="0p")
    with pytest.raises(InvalidHandError, match="the rules have 0 red fives of p"):
        score("234m456p22567678s", "5s", dora_indicators="0p")


# --- strict types: bools are not numbers ------------------------------------------------------------

@pytest.mark.parametrize("field", ["seat_wind", "round_wind", "honba", "deposits", "renchan",
                                   "discarder", "pao_seat"])
@pytest.mark.parametrize("value", [True, False, 1.0, "1"])
def test_win_int_fields_reject_bools_and_non_ints(field: str, value: object) -> None:
    """``Win`` seats and counts are ints: ``seat_wind=True`` is refused, not read as South."""
    with pytest.raises(InvalidHandError, match=field):
        Win(seat_wind=SOUTH if field != "seat_wind" else value,  # type: ignore[arg-type]
            **({field: value} if field != "seat_wind" else {}))


@pytest.mark.parametrize("flag", ["tsumo", "riichi", "ippatsu", "chankan", "first_turn"])
def test_win_flags_are_bools(flag: str) -> None:
    """``Win`` flags are True or False, not 1 or None."""
    for value in (1, 0, None, "yes"):
        with pytest.raises(InvalidHandError, match=f"{flag} must be True or False"):
            Win(**{flag: value})  # type: ignore[arg-type]


def test_win_honba_may_be_any_non_negative_int() -> None:
    """MJ-SCORE-22: counters are arithmetic: any non-negative int is scored."""
    result = score("123m456p78999s 777z+", "9s", honba=10**20, discarder=NORTH)
    assert result.total == 1000 + 300 * 10**20


def test_win_discarder_messages_name_the_seat() -> None:
    """A tsumo has no discarder; a winner does not deal in to himself."""
    with pytest.raises(InvalidHandError, match=r"discarder 0 \(East\): a tsumo win has no discarder"):
        Win(tsumo=True, seat_wind=SOUTH, discarder=EAST)
    with pytest.raises(InvalidHandError, match=r"discarder 1 \(South\) is the winner"):
        Win(seat_wind=SOUTH, discarder=SOUTH)


@pytest.mark.parametrize("tile_id", [True, False, 1.0, -1, 136, "5"])
def test_tile_from_id_rejects_bools_and_non_ids(tile_id: object) -> None:
    """Tenhou 136-ids are ints 0..135; a bool is not a tile id."""
    with pytest.raises(InvalidNotationError, match=r"tile id must be 0\.\.135"):
        Tile.from_id(tile_id)  # type: ignore[arg-type]


def test_tile_kind_and_tenhou_code_reject_bools() -> None:
    """A bool is not a tile kind or a Tenhou code."""
    with pytest.raises(InvalidNotationError):
        Tile(True)
    with pytest.raises(InvalidNotationError):
        Tile.from_tenhou(True)  # type: ignore[arg-type]
    assert Tile.from_id(1) == Tile(0)


@pytest.mark.parametrize(("position", "value", "message"), [
    (0, "234m456p678s11z 777z+", "hand must be a Hand, got '234m456p678s11z 777z+'"),
    (1, "1z", "win_tile must be a Tile, got '1z'"),
    (2, {"tsumo": True}, "win must be a Win, got {'tsumo': True}"),
    (3, "tenhou", "rules must be a Rules, got 'tenhou'"),
])
def test_score_hand_names_an_argument_of_the_wrong_type(position: int, value: object, message: str) -> None:
    """Text where a value is expected is a clear error at the boundary, not an AttributeError."""
    from taku.mahjong import Hand, InvalidHandError, Rules, Tile, Win, score_hand

    arguments: list[object] = [Hand.from_str("234m456p678s11z 777z+"), Tile.from_str("1z"),
                               Win(seat_wind=SOUTH, discarder=WEST), Rules()]
    arguments[position] = value
    with pytest.raises(InvalidHandError, match=re.escape(message)):
        score_hand(*arguments)  # type: ignore[arg-type]


# --- issue 9 item 9: situations that cannot happen ----------------------------------------------------

OPEN_HAND = "234m456p678s11z 777z+"  # won on 1z: a pon of chun


@pytest.mark.parametrize(("flags", "claim"), [
    ({"riichi": True}, "riichi"), ({"double_riichi": True}, "double riichi"),
    ({"open_riichi": True}, "open riichi"), ({"riichi": True, "ippatsu": True}, "riichi"),
])
def test_mj_riichi_01_riichi_with_an_open_hand_is_refused(flags: dict[str, bool], claim: str) -> None:
    """MJ-RIICHI-01: riichi (double, open) and ippatsu need a closed hand: with a pon, chi,
    daiminkan or kakan they are refused with one line naming the meld; an ankan is closed."""
    with pytest.raises(InvalidHandError, match=rf"^{claim} needs a closed hand, but the hand has an "
                                               r"open meld \(pon 777z\+\); only an ankan"):
        score(OPEN_HAND, "1z", seat_wind=SOUTH, **flags)
    for meld in ("3-45m", "9999p=", "777=7z"):
        with pytest.raises(InvalidHandError, match="needs a closed hand"):
            score(f"234m456p11z678s {meld}", "1z", seat_wind=SOUTH, **flags)
    closed = score("234m456p678s11z 7777z", "1z", seat_wind=SOUTH, tsumo=True, **flags)
    assert {"riichi", "double riichi"} & set(dict(closed.yaku))  # an ankan keeps it closed


@pytest.mark.parametrize(("win", "message"), [
    ({"chankan": True, "houtei": True}, "both chankan and houtei: no kan may be declared on the last"),
    ({"tsumo": True, "rinshan": True, "riichi": True, "ippatsu": True},
     "both ippatsu and rinshan: the winner's own kan ends the ippatsu go-around"),
    ({"riichi": True, "double_riichi": True}, "riichi and double_riichi: give one"),
    ({"first_turn": True, "tsumo": True, "haitei": True}, "cannot be on the last tile"),
    ({"first_turn": True, "seat_wind": 1, "discarder": 2},
     "renhou on the discard of West: that seat plays after South in the first go-around"),
    ({"first_turn": True, "seat_wind": 0}, "the dealer cannot win by ron before his first draw"),
    ({"first_turn": True, "chankan": True, "seat_wind": 1}, "cannot follow riichi or a kan"),
])
def test_win_refuses_contradictory_situations(win: dict[str, object], message: str) -> None:
    """Issue 9 item 9 (MJ-FLOW-29, MJ-RIICHI-10, MJ-SCORE): a situation no table can produce is a
    one-line ValueError naming the contradiction, before any scoring."""
    with pytest.raises(InvalidHandError, match=re.escape(message)) as caught:
        Win(**win)  # type: ignore[arg-type]
    assert "\n" not in str(caught.value) and isinstance(caught.value, ValueError)


def test_first_turn_wins_that_can_happen_still_score() -> None:
    """Renhou on a discard made before the winner's first draw, tenhou and chiihou are scored."""
    hand = "123m456p789s11z234s"
    assert score(hand, "4s", Rules(renhou="yakuman"), first_turn=True, seat_wind=WEST,
                 discarder=SOUTH).yakuman == 1
    assert score(hand, "4s", first_turn=True, tsumo=True, seat_wind=EAST).yakuman == 1
    assert score(hand, "4s", first_turn=True, tsumo=True, seat_wind=NORTH).yakuman == 1
