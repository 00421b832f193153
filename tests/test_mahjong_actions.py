"""Actions in their one canonical form: tile order, ``consumed`` normalised, mjai and Tenhou round
trips of every legal action, and :func:`match_action`."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from taku.formats.mahjong.record import MahjongRecord
from taku.formats.mahjong.tenhou_json import read_tenhou_json, write_tenhou_json
from taku.mahjong.actions import ACTION_TYPES, Action, match_action
from taku.mahjong.hand import Meld
from taku.mahjong.kyoku import Kyoku
from taku.mahjong.match import Match
from taku.mahjong.rules import Rules
from taku.mahjong.tiles import Tile, parse_tiles, sort_tiles, tiles_to_str
from taku.mahjong.wall import wall_from_parts

TENHOU = Rules.preset("tenhou")
PLAYED = frozenset(ACTION_TYPES) - {"ryukyoku", "none"}
"""The action events of a record (a ``ryukyoku`` event is a draw, not always a declaration)."""
RED_FIVE, FIVE = Tile.from_str("0m"), Tile.from_str("5m")


# --- one tile order --------------------------------------------------------------------------------

def test_a_red_five_sorts_before_the_plain_five_everywhere() -> None:
    tiles = parse_tiles("5m0m4m6m0p5p")
    assert RED_FIVE < FIVE and FIVE > RED_FIVE and RED_FIVE <= FIVE and not FIVE <= RED_FIVE
    assert sorted(tiles) == list(sort_tiles(tiles)) == list(parse_tiles("405m6m05p"))
    assert tiles_to_str(tiles, sort=True) == "4056m05p"
    assert Meld.from_str("505m+").tiles == parse_tiles("055m")


def test_consumed_tiles_are_put_in_order_by_the_action() -> None:
    a = Action("pon", 0, FIVE, (FIVE, RED_FIVE), 1)
    b = Action("pon", 0, FIVE, [RED_FIVE, FIVE], 1)
    assert a == b and a.consumed == (RED_FIVE, FIVE)
    assert a.replace(consumed=(FIVE, RED_FIVE)).consumed == (RED_FIVE, FIVE)
    assert Action.from_mjai({"type": "chi", "actor": 1, "target": 0, "pai": "4m",
                             "consumed": ["6m", "5mr"]}).consumed == parse_tiles("06m")


# --- the kakan on a pon holding the red five (issue 15 point 2) --------------------------------

def _kakan_position() -> Kyoku:
    """Seat 0 (the dealer) pons seat 1's 5m with 0m5m, then draws the last 5m."""
    hands = [parse_tiles(h) for h in ("05m123789p123s12z", "59m2468p2468s567z", "1199m1199p1199s3z",
                                      "2288m3377p33s446z")]
    wall = wall_from_parts(hands, parse_tiles("3z1z9p9s1m5m"), red_fives=(1, 1, 1))
    kyoku = Kyoku(wall, TENHOU)
    script = [("dahai", 0, "3z"), ("dahai", 1, "5m"), ("pon", 0, "5m"), ("dahai", 0, "2z"),
              ("dahai", 1, "9p"), ("dahai", 2, "9s"), ("dahai", 3, "1m")]
    for kind, seat, tile in script:
        for other in kyoku.to_act:  # every other claim is passed
            if (other != seat or kind == "dahai") and kyoku.phase in ("claim", "chankan", "ankan"):
                kyoku.apply(Action("none", other))
        found = match_action(kyoku.legal_actions(seat), Action(kind, seat, Tile.from_str(tile)))
        assert found is not None, (kind, seat, tile, kyoku.legal_actions(seat))
        kyoku.apply(found)
    for other in tuple(kyoku.to_act):
        if kyoku.phase == "claim":
            kyoku.apply(Action("none", other))
    return kyoku


def test_kakan_on_a_pon_with_the_red_five_round_trips_through_mjai() -> None:
    kyoku = _kakan_position()
    assert kyoku.drawn == FIVE and kyoku.to_act == (0,)
    kakan = next(a for a in kyoku.legal_actions(0) if a.type == "kakan")
    assert kakan.consumed == parse_tiles("055m") and kakan.pai == FIVE
    assert Action.from_mjai(kakan.to_mjai()) == kakan
    # The pon's tiles in another order (as another program may write them) mean the same kakan.
    arriving = Action.from_mjai({"type": "kakan", "actor": 0, "pai": "5m",
                                 "consumed": ["5m", "5m", "5mr"]})
    assert arriving == kakan
    kyoku.apply(arriving)
    assert kyoku.seats[0].melds[0].kind == "kakan"
    assert [e["type"] for e in kyoku.events[-2:]] == ["kakan", "tsumo"]  # rinshan; the dora comes later


# --- match_action ---------------------------------------------------------------------------------

def test_match_action_finds_what_a_recorded_action_means() -> None:
    kyoku = _kakan_position()
    legal = kyoku.legal_actions(0)
    # An ankan named by one tile, a kakan named by its pai alone, a discard with and without the flag.
    assert match_action(legal, Action("kakan", 0, FIVE)) is next(a for a in legal if a.type == "kakan")
    drawn = match_action(legal, Action("dahai", 0, FIVE, tsumogiri=True))
    assert drawn is not None and drawn.tsumogiri
    assert match_action(legal, Action("dahai", 0, Tile.from_str("7z"))) is None
    assert match_action(legal, Action("dahai", 1, Tile.from_str("1p"))) is None
    assert match_action(legal, Action("pon", 0, FIVE)) is None


# --- every legal action round-trips (property) ---------------------------------------------------

def _play(seed: int, check: list[Action]) -> Match:
    """A whole match of random legal actions (calls favoured, so that melds and kans come up); every
    legal action offered on the way goes to ``check``."""
    rng = random.Random(seed)
    match = Match(TENHOU, seed=seed)
    while not match.is_over:
        seat = match.to_act[0]
        legal = match.legal_actions(seat)
        check.extend(legal)
        calls = [a for a in legal if a.type in ("pon", "chi", "daiminkan", "kakan", "ankan")]
        match.apply(rng.choice(calls) if calls and rng.random() < 0.7 else rng.choice(legal))
    return match


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10**6))
def test_every_legal_action_round_trips_through_mjai_and_tenhou(seed: int) -> None:
    offered: list[Action] = []
    match = _play(seed, offered)
    kinds = set()
    for action in offered:
        assert Action.from_mjai(action.to_mjai(), actor=action.actor) == action, action
        kinds.add(action.type)
    assert {"dahai", "pon", "none"} <= kinds <= set(ACTION_TYPES)
    # Tenhou notation: the match written as Tenhou JSON and read back plays the same actions.
    record = MahjongRecord(tuple(match.events), rules="tenhou", name=f"seed {seed}")
    back = read_tenhou_json(write_tenhou_json(record))
    played = [Action.from_mjai(e) for e in match.events if e["type"] in PLAYED]
    assert [Action.from_mjai(e) for e in back.events if e["type"] in PLAYED] == played
