"""The ``taku`` mahjong player: each decision in constructed positions, legality over seeded
matches, and (slow) its results against the baselines."""

from __future__ import annotations

from typing import Any

import pytest

from taku.bots.evaluation import hand_counts
from taku.bots.mahjong_defence import WAIT_MASS
from taku.bots.mahjong_taku import (
    BEFORE_RIICHI_RISK,
    PREVIOUS_PUSH_FOLD,
    PushFold,
    TakuPlayer,
    danger,
    safe_kinds,
)
from taku.bots.simple import RandomPlayer, SimplePlayer, TsumogiriPlayer
from taku.mahjong.actions import Action
from taku.mahjong.hand import Meld
from taku.mahjong.kyoku import Observation
from taku.mahjong.match import Match
from taku.mahjong.rules import Rules
from taku.mahjong.shanten import discard_ukeire, shanten
from taku.mahjong.tiles import Tile, parse_kinds, parse_tiles

TENHOU = Rules.preset("tenhou")


def observe(hand: str, *, legal: list[Action] | None = None, drawn: str | None = None,
            melds: tuple[str, ...] = (), discards: tuple[str, str, str, str] = ("", "", "", ""),
            riichi: tuple[bool, bool, bool, bool] = (False, False, False, False),
            other_melds: dict[int, tuple[str, ...]] | None = None, dora: str = "1z",
            events: tuple[dict[str, Any], ...] = (), tiles_left: int = 50,
            last_discard: tuple[int, Tile] | None = None, dealer: int = 0) -> Observation:
    """An observation for seat 0 (by default the dealer; East round) with ``hand`` (concealed
    tiles); by default its legal actions are the discards of each distinct concealed tile."""
    tiles = tuple(sorted(parse_tiles(hand)))
    if legal is None:
        legal = [Action("dahai", 0, t) for t in sorted(set(tiles))]
    all_melds = [tuple(Meld.from_str(m) for m in melds), (), (), ()]
    for seat, texts in (other_melds or {}).items():
        all_melds[seat] = tuple(Meld.from_str(m) for m in texts)
    return Observation(
        seat=0, round_wind=0, hand_number=1, honba=0, deposits=0, dealer=dealer, scores=(25000,) * 4,
        hand=tiles, drawn=Tile.from_str(drawn) if drawn else None,
        melds=(all_melds[0], all_melds[1], all_melds[2], all_melds[3]),
        discards=tuple(parse_tiles(d) for d in discards), riichi=riichi,
        dora_indicators=parse_tiles(dora), tiles_left=tiles_left, last_discard=last_discard,
        legal_actions=tuple(legal), events=events)


def riichi_events(seat: int, before: str, after: str, riichi_tile: str) -> tuple[dict[str, Any], ...]:
    """Events in which ``seat`` discards ``before``, declares riichi on ``riichi_tile``, then
    seat 2 discards ``after`` (tiles passed after the riichi)."""
    events: list[dict[str, Any]] = [{"type": "start_kyoku"}]
    events += [{"type": "dahai", "actor": seat, "pai": t.mjai} for t in parse_tiles(before)]
    events += [{"type": "reach", "actor": seat},
               {"type": "dahai", "actor": seat, "pai": Tile.from_str(riichi_tile).mjai},
               {"type": "reach_accepted", "actor": seat}]
    events += [{"type": "dahai", "actor": 2, "pai": t.mjai} for t in parse_tiles(after)]
    return tuple(events)


def chosen_tile(player: TakuPlayer, observation: Observation) -> str:
    action = player.choose(observation)
    assert action in observation.legal_actions
    assert action.type == "dahai" and action.pai is not None
    return str(action.pai)


# --- efficiency and value ---------------------------------------------------------------------------

def test_discard_has_the_most_ukeire_among_the_fastest_in_a_plain_hand() -> None:
    hand = "2268m278p2445677s"  # no honours, no terminals, no dora (the indicator 1z shows 2z)
    table = discard_ukeire(parse_kinds(hand))
    fastest = min(u.shanten for u in table.values())
    ukeire = {k: u.total for k, u in table.items() if u.shanten == fastest}
    best = max(ukeire.values())
    assert sorted(ukeire.values()).count(best) == 1  # one best discard: the check is sharp
    expected = next(k for k, total in ukeire.items() if total == best)
    tile = chosen_tile(TakuPlayer(0), observe(hand))
    assert Tile.from_str(tile).kind == expected


def test_tenpai_discard_keeps_the_two_sided_wait() -> None:
    # 3s leaves 56s (4s, 7s: 8 tiles), 6s leaves the 35s kanchan (4s), 5s leaves no tenpai
    assert chosen_tile(TakuPlayer(0), observe("234m456p789p22z356s")) == "3s"


def test_a_dora_is_kept_over_an_equally_useful_tile() -> None:
    # 1m and 9p are both isolated terminals; 9p is the dora (indicator 8p)
    observation = observe("1m456m234p9p22s678s55z", dora="8p")
    assert chosen_tile(TakuPlayer(0), observation) == "1m"
    observation = observe("1m456m234p9p22s678s55z", dora="9m")
    assert chosen_tile(TakuPlayer(0), observation) == "9p"


def test_a_value_honour_pair_is_kept_over_a_guest_wind_pair() -> None:
    # two pairs too many: chun (a dragon) is worth keeping, the north wind is not
    observation = observe("234m567p3478s44z77z")
    assert chosen_tile(TakuPlayer(0), observation) in ("4z", "3s", "8s")
    assert chosen_tile(TakuPlayer(0), observation) != "7z"


# --- wins, riichi, nine terminals --------------------------------------------------------------------

def test_wins_whenever_a_win_is_legal() -> None:
    tsumo = [Action("dahai", 0, Tile.from_str("2p")), Action("hora", 0, Tile.from_str("2p"), target=0)]
    assert TakuPlayer(0).choose(observe("123m456m789m11z22p", legal=tsumo)).type == "hora"
    ron = [Action("hora", 0, Tile.from_str("2p"), target=3), Action("none", 0)]
    assert TakuPlayer(0).choose(observe("123m456m789m11z2p", legal=ron)).type == "hora"


def test_declares_riichi_with_a_closed_two_sided_tenpai() -> None:
    hand = "234m456p789p22z56s9s"
    legal = [Action("dahai", 0, t) for t in sorted(set(parse_tiles(hand)))] + [Action("reach", 0)]
    assert TakuPlayer(0).choose(observe(hand, legal=legal)).type == "reach"
    # after the declaration, the discard keeps the tenpai
    legal = [Action("dahai", 0, Tile.from_str("9s"))]
    assert TakuPlayer(0).choose(observe(hand, legal=legal)) == legal[0]


def test_no_riichi_when_every_winning_tile_is_gone() -> None:
    hand = "234m456p789p22z56s9s"
    legal = [Action("dahai", 0, t) for t in sorted(set(parse_tiles(hand)))] + [Action("reach", 0)]
    observation = observe(hand, legal=legal, discards=("", "4s4s4s", "7s7s", "4s7s"))
    assert TakuPlayer(0).choose(observation).type == "dahai"


def test_nine_terminals_is_declared_unless_kokushi_is_near() -> None:
    far = "19m19p1s1234z2358p"  # nine different terminals and honours
    legal = [Action("dahai", 0, t) for t in sorted(set(parse_tiles(far)))] + [Action("ryukyoku", 0)]
    assert TakuPlayer(0).choose(observe(far, legal=legal)).type == "ryukyoku"
    near = "19m19p19s123456z5p"  # twelve different: one tile from kokushi tenpai
    legal = [Action("dahai", 0, t) for t in sorted(set(parse_tiles(near)))] + [Action("ryukyoku", 0)]
    action = TakuPlayer(0).choose(observe(near, legal=legal))
    assert action.type == "dahai" and str(action.pai) == "5p"


# --- calls ------------------------------------------------------------------------------------------

def call_options(hand: str, tile: str, discarder: int, kinds: tuple[str, ...]) -> list[Action]:
    called = Tile.from_str(tile)
    have = [t for t in parse_tiles(hand)]
    out = []
    if "pon" in kinds:
        out.append(Action("pon", 0, called, (called, called), discarder))
    for text in kinds:
        if text.startswith("chi:"):
            out.append(Action("chi", 0, called, tuple(parse_tiles(text[4:])), discarder))
    assert all(t in have for a in out for t in a.consumed)
    return [*out, Action("none", 0)]


def test_a_value_honour_pair_is_called() -> None:
    hand = "13m468p2357s77z1z5m"
    legal = call_options(hand, "7z", 2, ("pon",))
    observation = observe(hand, legal=legal, last_discard=(2, Tile.from_str("7z")))
    assert TakuPlayer(0).choose(observation).type == "pon"


def test_no_call_that_leaves_no_yaku() -> None:
    # a chi of 2m would make 123m (no tanyao), with pin and sou tiles (no flush), no value honour
    hand = "13m99m456p789p19s34z"
    legal = call_options(hand, "2m", 3, ("chi:1m3m",))
    counts = parse_kinds(hand)
    after = list(counts)
    after[0] -= 1
    after[2] -= 1
    assert min(shanten([c - (k == d) for k, c in enumerate(after)], 1) for d in range(34) if after[d]) \
        < shanten(counts)  # the call would be faster: only the missing yaku stops it
    observation = observe(hand, legal=legal, last_discard=(3, Tile.from_str("2m")))
    assert TakuPlayer(0).choose(observation).type == "none"


def test_late_in_the_hand_a_call_for_tenpai_without_a_yaku_is_made() -> None:
    # 1-shanten, no yaku in sight; chi 2m (1m3m) then 4z out leaves 123m 456p 789p 99m 12s: tenpai
    # on 3s without a yaku, which still counts at an exhaustive draw (Tenhou: no-ten payments,
    # MJ-END-07 and CFG-19 tenpai_requires_yaku=False)
    hand = "13m99m456p789p12s4z"
    legal = call_options(hand, "2m", 3, ("chi:1m3m",))
    discard = (3, Tile.from_str("2m"))
    assert shanten(parse_kinds(hand)) == 1
    early = observe(hand, legal=legal, last_discard=discard, tiles_left=50)
    late = observe(hand, legal=legal, last_discard=discard, tiles_left=10)
    assert TakuPlayer(0).choose(early).type == "none"
    assert TakuPlayer(0).choose(late).type == "chi"
    needs_yaku = TakuPlayer(0, rules=TENHOU.replace(tenpai_requires_yaku=True))
    assert needs_yaku.choose(late).type == "none"
    facing_riichi = observe(hand, legal=legal, last_discard=discard, tiles_left=10,
                            riichi=(False, True, False, False), events=riichi_events(1, "9p", "", "1z"))
    assert TakuPlayer(0).choose(facing_riichi).type == "none"


def test_an_open_tanyao_call_is_made_when_close() -> None:
    hand = "3m4m678p2345s66s88p"
    legal = call_options(hand, "5m", 3, ("chi:3m4m",))
    observation = observe(hand, legal=legal, last_discard=(3, Tile.from_str("5m")))
    assert TakuPlayer(0).choose(observation).type == "chi"
    no_kuitan = TakuPlayer(0, rules=TENHOU.replace(kuitan=False))
    assert no_kuitan.choose(observation).type == "none"


def test_with_call_ev_an_early_cheap_call_on_a_poor_wait_is_declined() -> None:
    # closed one-shanten (345m 123p 4p 66p 234s 4s: riichi in sight); chi 2s with 3s4s, then 1p
    # out, is a tenpai of open tanyao (1,000) on the 3s kanchan. Without PushFold.call_ev the
    # player calls it (faster); with it (the default, 1.5; and at 1.0) the race's win chance
    # times the points decides: early the closed hand with riichi is worth more, late the call's
    # speed pays (from 30 tiles left at 1.0, from 16 at 1.5)
    hand = "3m4m5m1p2p3p4p6p6p2s3s4s4s"
    legal = call_options(hand, "2s", 3, ("chi:3s4s",))

    def choice(player: TakuPlayer, tiles_left: int) -> str:
        observation = observe(hand, legal=legal, last_discard=(3, Tile.from_str("2s")), tiles_left=tiles_left)
        return player.choose(observation).type

    assert shanten(parse_kinds(hand)) == 1
    assert choice(TakuPlayer(0, push_fold=PushFold(call_ev=0.0)), 60) == "chi"
    assert PushFold().call_ev == 1.5
    default, lighter = TakuPlayer(0), TakuPlayer(0, push_fold=PushFold(call_ev=1.0))
    assert [choice(default, n) for n in (60, 30, 16)] == ["none", "none", "chi"]
    assert [choice(lighter, n) for n in (60, 30, 16)] == ["none", "chi", "chi"]
    # a value honour's pon is not weighed: still taken
    honour = "13m468p2357s77z1z5m"
    pon = observe(honour, legal=call_options(honour, "7z", 2, ("pon",)),
                  last_discard=(2, Tile.from_str("7z")))
    assert TakuPlayer(0).choose(pon).type == "pon"


def test_an_open_hand_discards_toward_its_yaku() -> None:
    # after the pon of 2p for tanyao, the terminal 9s goes although 789s-like shapes would be faster
    observation = observe("34m678p3s78s9s99m", melds=("222p=",))
    assert chosen_tile(TakuPlayer(0), observation) in ("9s", "9m")


# --- defence ----------------------------------------------------------------------------------------

FAR_HAND = "1m4m7m2p6p9p3s5s8s1z3z5z6z7z"  # far from tenpai (many shanten)


def test_tiles_passed_after_riichi_are_genbutsu() -> None:
    events = riichi_events(1, "9m", "2s", "3p")
    observation = observe(FAR_HAND, discards=("", "9m3p", "2s", ""), riichi=(False, True, False, False),
                          events=events)
    safe = safe_kinds(observation, 1)
    assert {Tile.from_str(t).kind for t in ("9m", "3p", "2s")} == safe


def test_fold_discards_genbutsu_against_riichi() -> None:
    hand = "2268m278p2445677s"  # two from tenpai, no value
    events = riichi_events(1, "9p", "", "6m")
    observation = observe(hand, discards=("", "9p6m", "", ""), riichi=(False, True, False, False),
                          events=events)
    assert chosen_tile(TakuPlayer(0), observation) == "6m"
    # without defence the same hand keeps its 68m shape
    assert chosen_tile(TakuPlayer(0, defence=False), observation) != "6m"


def test_suji_kabe_and_seen_honours_are_safer() -> None:
    unseen = [4] * 34
    safe = {Tile.from_str("4m").kind}
    one, seven, five = (Tile.from_str(t).kind for t in ("1m", "7m", "5m"))
    assert danger(one, unseen, safe) < danger(Tile.from_str("1p").kind, unseen, safe)  # suji
    assert danger(seven, unseen, safe) < danger(five, unseen, safe)
    walled = list(unseen)
    walled[Tile.from_str("8s").kind] = 0  # all four 8s seen: 9s waits only as shanpon or tanki
    nine = Tile.from_str("9s").kind
    assert danger(nine, walled, set()) < danger(nine, unseen, set())
    honour = Tile.from_str("6z").kind
    seen = list(unseen)
    seen[honour] = 1
    assert danger(honour, seen, set()) < danger(honour, unseen, set()) < danger(five, unseen, set())


SCALED = PushFold(wait_mass=WAIT_MASS)
"""Push/fold with a riichi player's deal-in chances scaled up to WAIT_MASS where they sum to less."""


def test_a_fast_valuable_hand_pushes_against_riichi() -> None:
    # tenpai: it keeps its wait rather than throwing a genbutsu it would need
    events = riichi_events(1, "9p", "", "1z")
    hand = "234m456p789p22z356s"
    observation = observe(hand, discards=("", "9p1z", "", ""), riichi=(False, True, False, False),
                          events=events)
    assert chosen_tile(TakuPlayer(0), observation) == "3s"


def test_a_cheap_open_tenpai_folds_a_half_suji_tile_against_riichi() -> None:
    # seat 0 (South, 1,000 points: open tanyao, 58p wait once 4p goes) against seat 1's riichi;
    # 4p is half suji (7p passed, 1p not), about 7.5% to deal in: too much for 1,000 points
    events = riichi_events(1, "9p1z2z8m", "", "7p")
    observation = observe("55m467p234678s", melds=("3-45p",), discards=("", "9p1z2z8m7p", "", ""),
                          riichi=(False, True, False, False), events=events, dealer=2)
    assert chosen_tile(TakuPlayer(0), observation) == "7p"  # genbutsu: folds
    # the push/fold before the cheap-open rule pushed 4p
    assert chosen_tile(TakuPlayer(0, push_fold=PREVIOUS_PUSH_FOLD), observation) == "4p"
    # two dora (5m: indicator 4m) make it 3,900: the same hand pushes
    valuable = observe("55m467p234678s", melds=("3-45p",), discards=("", "9p1z2z8m7p", "", ""),
                       riichi=(False, True, False, False), events=events, dealer=2, dora="4m")
    assert chosen_tile(TakuPlayer(0), valuable) == "4p"
    # and a cheap hand still pushes a tile below the limit: with 1p passed too, 4p is full suji
    suji = riichi_events(1, "9p1z2z8m1p", "", "7p")
    observation = observe("55m467p234678s", melds=("3-45p",), discards=("", "9p1z2z8m1p7p", "", ""),
                          riichi=(False, True, False, False), events=suji, dealer=2)
    assert chosen_tile(TakuPlayer(0), observation) == "4p"
    assert chosen_tile(TakuPlayer(0, push_fold=PushFold(cheap_open_chance=0.01)), observation) == "7p"


def test_a_closed_tenpai_counts_what_riichi_adds_and_pushes_against_a_dealer_riichi() -> None:
    # seat 0 (North) against the dealer's riichi: throwing 8s leaves riichi-pinfu on 69p
    # (2,000 points by ron with riichi; self-drawn wins and ura-dora add to it: 1.4 times)
    events = riichi_events(1, "9p1z2z8m", "", "6s")
    observation = observe("234m456p78p11s4568s", discards=("", "9p1z2z8m6s", "", ""),
                          riichi=(False, True, False, False), events=events, dealer=1)
    assert chosen_tile(TakuPlayer(0), observation) == "8s"
    # valued at its ron points only, the hand folded (6s: genbutsu)
    assert chosen_tile(TakuPlayer(0, push_fold=PREVIOUS_PUSH_FOLD), observation) == "6s"


def test_a_threat_ends_the_hand_sooner_so_a_cheap_tenpai_folds_later_in_the_hand() -> None:
    # the riichi-pinfu of the test above (2,000 by ron with riichi) against the dealer's riichi:
    # with 50 tiles left it pushes 8s; with 40 left (10 go-arounds) its chance to win before
    # the dealer does is too small at 0.16 a go-around for the dealer to end the hand
    events = riichi_events(1, "9p1z2z8m", "", "6s")
    for tiles_left, tile in ((50, "8s"), (40, "6s")):
        observation = observe("234m456p78p11s4568s", discards=("", "9p1z2z8m6s", "", ""),
                              riichi=(False, True, False, False), events=events, dealer=1,
                              tiles_left=tiles_left)
        assert chosen_tile(TakuPlayer(0), observation) == tile
    # at the race's earlier rate (0.11) it pushed with 40 left too
    assert chosen_tile(TakuPlayer(0, push_fold=PushFold(threat_end_rate=0.11)), observation) == "8s"


def test_a_tenpai_hand_can_count_its_later_pushes_as_riskier() -> None:
    # seat 0's open tanyao (58p wait once 4p goes; 7p the dora, indicator 6p: 2,000 points)
    # against seat 1's riichi pushes 4p (half suji) at the default later risk of 3% a discard;
    # counted at 6% (a tenpai hand that pushes now pushes its later draws too) it folds: 7p genbutsu
    events = riichi_events(1, "9p1z2z8m", "", "7p")
    observation = observe("55m467p234678s", melds=("3-45p",), discards=("", "9p1z2z8m7p", "", ""),
                          riichi=(False, True, False, False), events=events, dealer=2, dora="6p")
    assert chosen_tile(TakuPlayer(0), observation) == "4p"
    assert chosen_tile(TakuPlayer(0, push_fold=PushFold(tenpai_risk=0.06)), observation) == "7p"


def test_late_in_a_riichi_with_most_kinds_safe_the_scaled_chances_fold_a_cheap_tenpai() -> None:
    # the open tanyao above (2,000 points) pushes 4p against seat 1's fresh riichi; once nearly
    # every manzu, souzu and honour kind was passed after it (30 tiles left), his wait is among
    # the few kinds left: scaled up to WAIT_MASS, 4p is about twice as likely to deal in, and
    # the hand folds (7p genbutsu); the default player (raw chances) still pushes it
    before, after = "9p1z2z8m3z4z", "1m2m3m4m6m7m9m1s5s9s5z6z7z2s3s4s6s7s8s"
    fresh = observe("55m467p234678s", melds=("3-45p",), discards=("", before + "7p", "", ""),
                    riichi=(False, True, False, False), events=riichi_events(1, before, "", "7p"),
                    dealer=2, dora="6p", tiles_left=30)
    assert chosen_tile(TakuPlayer(0, push_fold=SCALED), fresh) == "4p"
    late = observe("55m467p234678s", melds=("3-45p",), discards=("", before + "7p", after, ""),
                   riichi=(False, True, False, False), events=riichi_events(1, before, after, "7p"),
                   dealer=2, dora="6p", tiles_left=30)
    assert chosen_tile(TakuPlayer(0, push_fold=SCALED), late) == "7p"
    assert chosen_tile(TakuPlayer(0), late) == "4p"


def riichi_or_discard(hand: str, *, dora: str, dealer: int) -> Observation:
    """Seat 0's turn with ``hand`` (14 tiles) facing seat 1's riichi (on 8m, after 1z 2z 9s):
    riichi is legal (MJ-RIICHI-01), and the discard of each distinct tile."""
    tiles = sorted(set(parse_tiles(hand)))
    legal = [Action("dahai", 0, t) for t in tiles] + [Action("reach", 0)]
    return observe(hand, legal=legal, discards=("", "1z2z9s8m", "", ""), riichi=(False, True, False, False),
                   events=riichi_events(1, "1z2z9s", "", "8m"), dora=dora, dealer=dealer)


def test_facing_a_riichi_a_valuable_closed_tenpai_with_a_yaku_stays_dama() -> None:
    # seat 0 (North) against the dealer's riichi: 9p leaves tanyao with two dora (3s; indicator
    # 2s) on a closed 6m wait, 5,200 by ron without riichi. Riichi would lock the hand (MJ-RIICHI-06):
    # every later draw thrown into the dealer's riichi; dama keeps the win and the fold
    observation = riichi_or_discard("234m456p678s33s57m9p", dora="2s", dealer=1)
    action = TakuPlayer(0).choose(observation)
    assert action.type == "dahai" and str(action.pai) == "9p"
    # before riichi was weighed against dama the hand declared riichi
    assert TakuPlayer(0, push_fold=BEFORE_RIICHI_RISK).choose(observation).type == "reach"
    # as the dealer (its win worth 1.5 times, the riichi a non-dealer's) the same hand declares riichi
    as_dealer = riichi_or_discard("234m456p678s33s57m9p", dora="2s", dealer=0)
    assert TakuPlayer(0).choose(as_dealer).type == "reach"


def test_facing_a_riichi_a_closed_tenpai_without_a_yaku_folds_rather_than_lock_a_poor_wait() -> None:
    # 9p leaves a closed 5m wait with no yaku but riichi (no tanyao: 789s): worth riichi and a
    # dora-less 1,300, it would have to throw every draw into seat 1's riichi; 9s is genbutsu
    observation = riichi_or_discard("234m456p789s33s46m9p", dora="1z", dealer=2)
    assert chosen_tile(TakuPlayer(0), observation) == "9s"
    assert TakuPlayer(0, push_fold=BEFORE_RIICHI_RISK).choose(observation).type == "reach"


def in_hand(observation: Observation, round_wind: int, hand_number: int,
            scores: tuple[int, int, int, int]) -> Observation:
    """``observation`` moved to another hand of the match with other scores."""
    o = observation
    return Observation(
        seat=o.seat, round_wind=round_wind, hand_number=hand_number, honba=o.honba, deposits=o.deposits,
        dealer=o.dealer, scores=scores, hand=o.hand, drawn=o.drawn, melds=o.melds, discards=o.discards,
        riichi=o.riichi, dora_indicators=o.dora_indicators, tiles_left=o.tiles_left,
        last_discard=o.last_discard, legal_actions=o.legal_actions, events=o.events)


def test_the_leader_folds_more_in_the_south_round() -> None:
    # the riichi-pinfu push of the test above (8s, against the dealer's riichi; 6s genbutsu)
    events = riichi_events(1, "9p1z2z8m", "", "6s")
    observation = observe("234m456p78p11s4568s", discards=("", "9p1z2z8m6s", "", ""),
                          riichi=(False, True, False, False), events=events, dealer=1)
    leading = (40000, 20000, 20000, 20000)
    assert chosen_tile(TakuPlayer(0), in_hand(observation, 0, 2, leading)) == "8s"  # East 2: pushes
    assert chosen_tile(TakuPlayer(0), in_hand(observation, 1, 2, leading)) == "6s"  # South 2, first: folds
    before = TakuPlayer(0, push_fold=BEFORE_RIICHI_RISK)
    assert chosen_tile(before, in_hand(observation, 1, 2, leading)) == "8s"
    last = (10000, 30000, 30000, 30000)
    assert chosen_tile(TakuPlayer(0), in_hand(observation, 1, 2, last)) == "8s"  # last: pushes
    assert chosen_tile(TakuPlayer(0), in_hand(observation, 1, 4, leading)) == "6s"  # the last hand


def test_a_big_open_hand_is_a_threat() -> None:
    observation = observe(FAR_HAND, discards=("", "", "", "1z"),
                          other_melds={3: ("555z+", "1-23p", "7-89p")})
    assert chosen_tile(TakuPlayer(0), observation) == "1z"  # its genbutsu


# --- whole matches ------------------------------------------------------------------------------------

def play(players: list[Any], seed: int | str) -> Match:
    match = Match(TENHOU, seed=seed)
    while not match.is_over:
        seat = match.to_act[0]
        observation = match.observe(seat)
        action = players[seat].choose(observation)
        assert action in observation.legal_actions
        match.apply(action)
    return match


def test_every_choice_is_legal_over_seeded_matches() -> None:
    for seed in range(12):
        players: list[Any] = [TakuPlayer(seed * 4 + i, defence=i % 2 == 0) for i in range(4)]
        if seed % 3 == 0:
            players[seed % 4] = RandomPlayer(seed)
        match = play(players, f"taku-legal-{seed}")
        assert match.result is not None and sorted(match.result.ranks) == [1, 2, 3, 4]


def test_a_seeded_match_replays_exactly() -> None:
    first = play([TakuPlayer(i) for i in range(4)], "taku-replay")
    second = play([TakuPlayer(i) for i in range(4)], "taku-replay")
    assert first.events == second.events


def placements(opponent: Any, games: int, *, defence: bool = True) -> tuple[float, list[int]]:
    """taku's average placement over ``games`` against three ``opponent(seed)``, taku in each
    seat in turn; with its riichi totals (:func:`riichi_totals`)."""
    total = 0
    sums = [0, 0, 0, 0]
    for game in range(games):
        seat = game % 4
        players = [TakuPlayer(game, defence=defence) if i == seat else opponent(game * 4 + i)
                   for i in range(4)]
        match = play(players, game)
        assert match.result is not None
        total += match.result.ranks[seat]
        sums = [a + b for a, b in zip(sums, riichi_totals(match.events, seat), strict=True)]
    return total / games, sums


def riichi_totals(events: Any, seat: int) -> tuple[int, int, int, int]:
    """(hands facing another's riichi, deal-ins into a riichi, discards facing a riichi, deal-ins
    into a riichi) of ``seat``: the numerators and denominators of both deal-in rates."""
    counts = hand_counts(events)[seat]
    return (counts.facing_riichi, counts.deal_ins_to_riichi, counts.discards_facing_riichi,
            counts.deal_ins_to_riichi)


@pytest.mark.slow
def test_taku_averages_better_than_1_5_against_three_random_players() -> None:
    average, _ = placements(RandomPlayer, 1000)
    assert average < 1.5


@pytest.mark.slow
def test_taku_beats_three_tsumogiri_players() -> None:
    average, _ = placements(TsumogiriPlayer, 200)
    assert average < 1.5


@pytest.mark.slow
def test_defence_deals_in_less_against_riichi_than_pure_efficiency() -> None:
    games = 120
    _, with_defence = placements(lambda seed: SimplePlayer(), games)
    _, without = placements(lambda seed: SimplePlayer(), games, defence=False)
    # deal-ins into a riichi per hand in which another player was in riichi
    assert with_defence[1] / with_defence[0] < without[1] / without[0]
    assert with_defence[3] / with_defence[2] < without[3] / without[2]
