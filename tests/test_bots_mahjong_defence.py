"""Defence of the ``taku`` player (:mod:`taku.bots.mahjong_defence`): the danger of each tile against
a riichi in constructed positions (genbutsu, suji, kabe and one-chance, seen honours, the riichi
tile's neighbours), the race behind push or fold, and the decisions: fold a poor hand, push a good
tenpai."""

from __future__ import annotations

import dataclasses

from taku.bots.mahjong_defence import (
    WAIT_MASS,
    Threat,
    deal_in_chance,
    genbutsu,
    han_points,
    race,
    raw_chance_sum,
    threats,
)
from taku.bots.mahjong_taku import TakuPlayer
from taku.mahjong.kyoku import Observation
from taku.mahjong.tiles import Tile
from tests.test_bots_mahjong_taku import chosen_tile, observe, riichi_events

RIICHI_1 = (False, True, False, False)


def k(text: str) -> int:
    return Tile.from_str(text).kind


def riichi_threat(safe: str = "", riichi_tile: int = -1, early: str = "") -> Threat:
    return Threat(1, 1.0, 5600.0, frozenset(k(t) for t in _split(safe)), riichi_tile,
                  frozenset(k(t) for t in _split(early)), True)


def _split(text: str) -> list[str]:
    return [text[i:i + 2] for i in range(0, len(text), 2)]


FRESH = [4] * 34  # nothing in sight


def test_genbutsu_is_safe() -> None:
    # seat 1 discarded 9m, declared riichi on 3p; seat 2 then passed 2s: all three are genbutsu
    events = riichi_events(1, "9m", "2s", "3p")
    observation = observe("1m4m7m2p6p9p3s5s8s1z3z5z6z7z", discards=("", "9m3p", "2s", ""),
                          riichi=RIICHI_1, events=events)
    assert genbutsu(observation, 1) == {k("9m"), k("3p"), k("2s")}
    (threat,) = threats(observation, [0] * 34, wait_mass=0.0)  # the raw chances
    assert threat.riichi and threat.tenpai == 1.0 and threat.riichi_tile == k("3p")
    assert threat.early == frozenset({k("9m")})
    for tile in ("9m", "3p", "2s"):
        assert deal_in_chance(k(tile), threat, FRESH) == 0.0
    assert deal_in_chance(k("5m"), threat, FRESH) > 0.1  # a middle tile with no suji


def test_suji_lowers_the_danger() -> None:
    plain = riichi_threat()
    suji = riichi_threat(safe="4m")
    # 1m and 7m are suji of 4m: a two-sided wait on them would be furiten
    assert deal_in_chance(k("1m"), suji, FRESH) < deal_in_chance(k("1m"), plain, FRESH)
    assert deal_in_chance(k("7m"), suji, FRESH) < deal_in_chance(k("7m"), plain, FRESH)
    # a middle tile: no suji > one side (half suji) > both sides (naka-suji)
    none = deal_in_chance(k("5p"), plain, FRESH)
    half = deal_in_chance(k("5p"), riichi_threat(safe="2p"), FRESH)
    both = deal_in_chance(k("5p"), riichi_threat(safe="2p8p"), FRESH)
    assert none > half > both > 0
    # near the rates measured on bots' riichi hands (the module docstring): 11% and 4%, here with
    # every copy unseen
    assert 0.10 < none < 0.16 and both < 0.06
    # terminals are safer than middle tiles (a 3 and a 5 are about as dangerous against bots, whose
    # riichi takes closed and edge waits as readily as two-sided ones)
    terminal = deal_in_chance(k("1s"), plain, FRESH)
    assert terminal < deal_in_chance(k("3s"), plain, FRESH)
    assert terminal < deal_in_chance(k("5s"), plain, FRESH)


def test_kabe_no_chance_and_one_chance() -> None:
    plain = riichi_threat()
    walled = list(FRESH)
    walled[k("8s")] = 0  # all four 8s in sight: no 78s shape can wait on 9s (no-chance)
    one = list(FRESH)
    one[k("8s")] = 1  # one 8s left (one-chance)
    nine = k("9s")
    assert deal_in_chance(nine, plain, walled) < deal_in_chance(nine, plain, one) \
        < deal_in_chance(nine, plain, FRESH)
    assert deal_in_chance(nine, plain, walled) <= 0.04  # only shanpon or tanki left


def test_honours_by_copies_in_sight() -> None:
    plain = riichi_threat()
    dangers = []
    for left in (4, 3, 2, 1, 0):
        unseen = list(FRESH)
        unseen[k("6z")] = left
        dangers.append(deal_in_chance(k("6z"), plain, unseen))
    assert dangers == sorted(dangers, reverse=True) and dangers[-1] == 0.0
    assert dangers[2] < deal_in_chance(k("5m"), plain, FRESH)


def test_the_riichi_tiles_neighbours_and_early_outside_discards() -> None:
    # riichi declared on 4p: 3p, 5p (and 2p, 6p) weigh more than without that riichi tile
    assert deal_in_chance(k("5p"), riichi_threat(riichi_tile=k("4p")), FRESH) \
        > deal_in_chance(k("5p"), riichi_threat(), FRESH)
    # an early 3m: 1m and 2m (outside it) are safer
    assert deal_in_chance(k("2m"), riichi_threat(early="3m"), FRESH) \
        < deal_in_chance(k("2m"), riichi_threat(), FRESH)


def test_the_race() -> None:
    # more winning tiles, more turns: a better chance; a faster end by the others: a worse one
    good, _ = race(0, 8, 8, 80, 10, 0.14)
    bad, _ = race(0, 2, 2, 80, 10, 0.14)
    late, _ = race(0, 8, 8, 80, 3, 0.14)
    one_away, _ = race(1, 16, 5, 80, 10, 0.14)
    assert good > one_away and good > bad > 0 and good > late > 0
    assert race(0, 8, 8, 80, 0, 0.1) == (0.0, 0.0)
    assert han_points(3, False) == 3900 and han_points(4, True) == 7700 * 1.5


def test_fold_a_cheap_bad_wait_against_riichi() -> None:
    # tenpai on a kanchan 4s (two left, no yaku) by throwing 5p, the riichi tile's neighbour with
    # no suji; genbutsu 1m breaks the hand but costs nothing: late in the hand it folds
    events = riichi_events(1, "1m9s", "", "4p")
    hand = "123m789m345p11s35s5p"
    observation = observe(hand, discards=("", "1m9s4p", "4s4s", ""), riichi=RIICHI_1, events=events,
                          tiles_left=20)
    assert chosen_tile(TakuPlayer(0), observation) == "1m"
    assert chosen_tile(TakuPlayer(0, defence=False), observation) == "5p"


def test_push_a_good_tenpai_against_riichi() -> None:
    # throwing the dangerous 8m leaves a two-sided 69p wait with tanyao and a dora (5p): pushed,
    # although the 6s in hand is genbutsu
    events = riichi_events(1, "9s1z", "", "2z")
    hand = "234m456p78p55s678s8m"
    observation = observe(hand, discards=("", "9s1z6s2z", "", ""), riichi=RIICHI_1, events=events,
                          dora="4p", tiles_left=40)
    assert chosen_tile(TakuPlayer(0), observation) == "8m"


def test_fold_from_two_away_with_no_value() -> None:
    events = riichi_events(1, "9p", "", "6m")
    far = observe("2268m278p2445677s", discards=("", "9p6m", "", ""), riichi=RIICHI_1, events=events)
    assert chosen_tile(TakuPlayer(0), far) == "6m"  # the genbutsu


def test_the_leader_folds_more_in_the_last_hand() -> None:
    # one from tenpai with two dora (5p): in an early hand it pushes (throws 5z, keeping its shape),
    # as the leader of the last hand it folds to the genbutsu 7s (a deal-in may cost the first place)
    events = riichi_events(1, "9p1z7s", "", "2z")
    observation = observe("789m55p67p34s678s5m5z", discards=("", "9p1z7s2z", "", ""), riichi=RIICHI_1,
                          events=events, dora="4p", tiles_left=44)
    early = dataclasses.replace(observation, dealer=3, hand_number=4, round_wind=0)
    assert chosen_tile(TakuPlayer(0), early) == "5z"
    last = dataclasses.replace(early, round_wind=1, scores=(40000, 25000, 20000, 15000))
    assert chosen_tile(TakuPlayer(0), last) == "7s"
    late = dataclasses.replace(early, tiles_left=20)  # with fewer turns left it folds too
    assert chosen_tile(TakuPlayer(0), late) == "7s"


LATE_BEFORE = "1z2z3z4z9m1m"  # seat 1's discards before his riichi on 9p ...
LATE_AFTER = "2m3m5m6m7m8m4z5z6z7z1s2s3s4s6s7s8s9s1p"  # ... and the tiles passed after it


def riichi_observation(before: str, after: str, riichi_tile: str) -> Observation:
    return observe("1m4m7m2p6p9p3s5s8s1z3z5z6z7z", discards=("", before + riichi_tile, after, ""),
                   riichi=RIICHI_1, events=riichi_events(1, before, after, riichi_tile))


def unseen_of(observation: Observation) -> list[int]:
    return [4 - v if v < 4 else 0 for v in observation.visible_counts]


def test_late_in_a_riichi_the_deal_in_chances_sum_to_the_wait_mass() -> None:
    # late (most kinds passed after the riichi): over the 34 kinds the chances sum to WAIT_MASS,
    # the expected number of kinds he waits on; early (two tiles safe) they sum to more and stay
    early = riichi_observation("9m", "2s", "3p")
    late = riichi_observation(LATE_BEFORE, LATE_AFTER, "9p")
    sums = {}
    for name, observation in (("early", early), ("late", late)):
        (threat,) = threats(observation, [0] * 34, wait_mass=WAIT_MASS)
        (raw,) = threats(observation, [0] * 34)  # not scaled: the default
        unseen = unseen_of(observation)
        sums[name] = (sum(deal_in_chance(kind, threat, unseen) for kind in range(34)),
                      sum(deal_in_chance(kind, raw, unseen) for kind in range(34)))
        for kind in threat.safe:
            assert deal_in_chance(kind, threat, unseen) == 0.0  # genbutsu stays safe
        assert abs(raw_chance_sum(threat, unseen) - sums[name][1]) < 1e-9  # the sum before scaling
    assert abs(sums["late"][0] - WAIT_MASS) < 1e-9 and sums["late"][1] < 1.0
    assert sums["early"][0] == sums["early"][1] > 2.5


def test_the_fewer_kinds_left_unsafe_the_more_dangerous_each() -> None:
    # 5p with no suji: early in the riichi its chance is its neighbourhood's (18%); late, with
    # nearly every other kind safe, the wait is among the few kinds left: 22% (raw 14%)
    early = riichi_observation("9m", "2s", "3p")
    late = riichi_observation(LATE_BEFORE, LATE_AFTER, "9p")
    chances = {}
    for name, observation in (("early", early), ("late", late)):
        (scaled,) = threats(observation, [0] * 34, wait_mass=WAIT_MASS)
        (raw,) = threats(observation, [0] * 34)  # not scaled: the default
        unseen = unseen_of(observation)
        chances[name] = (deal_in_chance(k("5p"), scaled, unseen), deal_in_chance(k("5p"), raw, unseen))
    assert chances["early"][0] == chances["early"][1]
    assert chances["late"][0] > chances["late"][1]
    assert 0.17 < chances["early"][0] < 0.19 and 0.20 < chances["late"][0] < 0.23
