"""Defence for the ``taku`` mahjong player: who threatens, how likely each tile deals in, and the
expected value of pushing a hand against folding it.

The **danger model** (:func:`deal_in_chance`) estimates the probability that discarding a kind deals
in to one player *who is tenpai*. It builds the chance from the waits that can still hit the tile,
with weights calibrated on the riichi hands of bots (taku and mjai-manue declare riichi on any
tenpai, so closed, edge, shanpon and tanki waits are about twice as common as in human play): on
about 100,000 tiles held against a riichi in self-play the predicted and actual rates agree within
1.5 percentage points for every class (a middle tile with no suji 11%, half suji 7.5%, both suji 4%, a
3 or 7 on suji 8%, a terminal on suji 2.4%, an honour 1.8%):

- a two-sided (ryanmen) shape on each side of the tile (3.4-4.3% each), killed by *suji* (its
  other wait is genbutsu) and weakened by *kabe*: a shape whose tiles the player cannot hold
  (all four copies in sight: *no-chance*) counts nothing, one copy left (*one-chance*) 0.35;
- closed (kanchan) and edge (penchan) shapes, weakened the same way;
- shanpon and tanki waits, by the copies of the tile the player may still hold (an honour with three
  copies in sight is only a tanki; with four, safe);
- 0 for *genbutsu*: his own discards, and every tile discarded after his riichi was accepted;
- the riichi tile's neighbours (within two in its suit) weigh 1.3 times, the tiles outside an early
  discard of 2-4 or 6-8 (toward the terminal) 0.8 times, a dora 1.15 times.

Those chances judge each kind by its own neighbourhood; a riichi player waits on about 1.5 kinds
wherever they are, so late in a riichi, with most kinds passed, the few kinds left carry more of
his wait than their neighbourhoods say: in self-play the raw chances dealt in twice as often as
predicted once their sum over the kinds fell below 0.9. ``threats(..., wait_mass=WAIT_MASS)`` scales
them up to that sum (:attr:`Threat.scale`); the player does not by default (:data:`WAIT_MASS`).

A :class:`Threat` is another player in riichi (tenpai for sure) or an open hand (tenpai with a chance
that grows with its melds and the turn), with the points a deal-in would cost (:func:`threats`).

**Push or fold** (:func:`race`, :func:`han_points`): pushing a discard is worth the chance
to win the hand (a race against the threats: each go-around the hand improves with its acceptance
and the hand ends by someone else's win with a fixed rate) times its value, minus the expected
cost of this discard and of the dangerous discards still to come; folding costs the danger of
the safest tile and a small risk for the turns left. The player pushes the discard of highest
expected value when it beats folding.

All functions are pure: they read an observation's fields and plain counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from taku.mahjong.kyoku import Observation
from taku.mahjong.seats import seat_wind
from taku.mahjong.tiles import Tile

__all__ = ["WAIT_MASS", "Threat", "deal_in_chance", "genbutsu", "han_points", "race", "raw_chance_sum",
           "threats"]

# per number 1..9 (index 0..8): a live two-sided shape, and the closed/edge shapes of the tile
# (calibrated on the waits of bots' riichi hands, which take any wait: see the module docstring)
_RYANMEN = (0.034, 0.038, 0.034, 0.043, 0.043, 0.043, 0.034, 0.038, 0.034)
_KANCHAN = (0.0, 0.025, 0.035, 0.015, 0.015, 0.015, 0.035, 0.025, 0.0)
_PENCHAN = (0.0, 0.0, 0.035, 0.0, 0.0, 0.0, 0.035, 0.0, 0.0)
_PAIR = 0.035  # shanpon and tanki on a suited tile with its copies unseen
_PAIR_LEFT = (0.0, 0.35, 0.75, 1.0, 1.1)  # by copies the player may hold
_HONOUR = (0.0, 0.007, 0.017, 0.028, 0.038)  # an honour, by copies the player may hold
_AVAIL = (0.0, 0.35, 0.8, 1.0, 1.0)  # a shape's tile, by copies the player may hold

WAIT_MASS = 1.5
"""The expected number of kinds a riichi player waits on, summed over the kinds' deal-in chances:
with ``threats(..., wait_mass=WAIT_MASS)``, where the raw chances of :func:`deal_in_chance` (each
kind judged by its own neighbourhood) sum to less than this over the 34 kinds, they are scaled up
to it (:attr:`Threat.scale`): late in a riichi the few kinds left unsafe carry his wait. In
self-play the raw chances dealt in about twice as often as predicted once their sum fell below
0.9 (``benchmarks/mahjong_calibration.py``). Not scaled by default: a player folding on the
scaled chances placed worse in self-play (see :class:`taku.bots.mahjong_taku.PushFold`)."""
_MIN_MASS = 0.3  # the least raw sum used for the scale (at most WAIT_MASS / 0.3)

# points of a ron by han (30 fu, non-dealer), 0..13 han
_POINTS = (0, 1000, 2000, 3900, 7700, 8000, 12000, 12000, 16000, 16000, 16000, 24000, 24000, 32000)


class Threat(NamedTuple):
    """Another player who may be tenpai: his seat, the chance he is tenpai, the points a deal-in
    would cost, the kinds he cannot win on (genbutsu), the kind of his riichi tile (-1 if none),
    the suited kinds he discarded early (before riichi, the first six), whether he is in riichi, and
    the factor his raw deal-in chances are scaled by (see :data:`WAIT_MASS`; 1 for an open hand)."""

    seat: int
    tenpai: float
    value: float
    safe: frozenset[int]
    riichi_tile: int
    early: frozenset[int]
    riichi: bool
    scale: float = 1.0


def genbutsu(observation: Observation, seat: int) -> set[int]:
    """The kinds ``seat`` cannot win on by ron: his own discards, and the tiles anyone discarded
    after his riichi was accepted."""
    safe = {t.kind for t in observation.discards[seat]}
    in_riichi = False
    for event in observation.events:
        kind = event["type"]
        if kind == "reach_accepted" and event["actor"] == seat:
            in_riichi = True
        elif kind == "dahai" and in_riichi:
            safe.add(Tile.from_mjai(event["pai"]).kind)
    return safe


def deal_in_chance(kind: int, threat: Threat, unseen: Sequence[int], dora: Sequence[int] = ()) -> float:
    """The chance that discarding ``kind`` deals in to ``threat`` if he is tenpai (see the module
    docstring). ``unseen[k]`` is the copies of ``k`` not in sight (the copies he may hold)."""
    if kind in threat.safe:
        return 0.0
    left = unseen[kind]
    if kind >= 27:
        chance = _HONOUR[left]
    else:
        n = kind % 9
        chance = _PAIR * _PAIR_LEFT[left]
        safe = threat.safe
        if n <= 5 and kind + 3 not in safe:  # kind+1, kind+2 waiting on kind and kind+3
            chance += _RYANMEN[n] * min(_AVAIL[unseen[kind + 1]], _AVAIL[unseen[kind + 2]])
        if n >= 3 and kind - 3 not in safe:  # kind-2, kind-1 waiting on kind-3 and kind
            chance += _RYANMEN[n] * min(_AVAIL[unseen[kind - 1]], _AVAIL[unseen[kind - 2]])
        if 1 <= n <= 7:
            chance += _KANCHAN[n] * min(_AVAIL[unseen[kind - 1]], _AVAIL[unseen[kind + 1]])
        if n == 2:
            chance += _PENCHAN[n] * min(_AVAIL[unseen[kind - 1]], _AVAIL[unseen[kind - 2]])
        elif n == 6:
            chance += _PENCHAN[n] * min(_AVAIL[unseen[kind + 1]], _AVAIL[unseen[kind + 2]])
        r = threat.riichi_tile
        if 0 <= r < 27 and r // 9 == kind // 9 and 0 < abs(r - kind) <= 2:
            chance *= 1.3
        for early in threat.early:
            if early // 9 != kind // 9:
                continue
            e = early % 9
            if (1 <= e <= 3 and n < e) or (5 <= e <= 7 and n > e):
                chance *= 0.8
                break
    if dora and dora[kind]:
        chance *= 1.15
    return min(chance * threat.scale, 0.9)


def raw_chance_sum(threat: Threat, unseen: Sequence[int], dora: Sequence[int] = ()) -> float:
    """The sum over the 34 kinds of ``threat``'s deal-in chances before any scaling (see
    :data:`WAIT_MASS`): low late in a riichi, when most kinds are safe."""
    raw = threat._replace(scale=1.0)
    return sum(deal_in_chance(kind, raw, unseen, dora) for kind in range(34))


def han_points(han: float, dealer: bool) -> float:
    """The points of a ron worth ``han`` (fractions interpolated; 30 fu), times 1.5 for a dealer."""
    han = max(0.0, min(han, 13.0))
    low = int(han)
    high = min(low + 1, 13)
    points = _POINTS[low] + (_POINTS[high] - _POINTS[low]) * (han - low)
    return points * (1.5 if dealer else 1.0)


def threats(observation: Observation, dora: Sequence[int],
            wait_mass: float = 0.0) -> tuple[Threat, ...]:
    """The other players who may be tenpai: every player in riichi, and open hands with two melds
    or more (their chance to be tenpai grows with the melds and the discards made). Where a riichi
    player's deal-in chances sum to less than ``wait_mass`` over the kinds, they are scaled up to
    it (0, the default: not scaled; see :data:`WAIT_MASS`)."""
    out: list[Threat] = []
    seat = observation.seat
    round_wind = 27 + observation.round_wind
    for other in range(4):
        if other == seat:
            continue
        dealer = other == observation.dealer
        melds = observation.melds[other]
        discards = observation.discards[other]
        if observation.riichi[other]:
            riichi_tile, early = _riichi_discards(observation, other)
            value = 5600.0 * (1.5 if dealer else 1.0) + 300 * observation.honba
            threat = Threat(other, 1.0, value, frozenset(genbutsu(observation, other)), riichi_tile,
                            early, True)
            if wait_mass > 0:
                unseen = [4 - v if v < 4 else 0 for v in observation.visible_counts]
                mass = raw_chance_sum(threat, unseen, dora)
                threat = threat._replace(scale=max(1.0, wait_mass / max(mass, _MIN_MASS)))
            out.append(threat)
            continue
        if len(melds) < 2:
            continue
        turn = min(1.0, (len(discards) + 4) / 14)
        tenpai = (0.0, 0.0, 0.3, 0.6, 0.95)[min(len(melds), 4)] * turn
        wind = 27 + seat_wind(other, observation.dealer)
        han = 1.0  # its yaku, and about one hidden dora or red five
        suits = set()
        yakuhai = 0
        for meld in melds:
            first = meld.tiles[0].kind
            if first >= 27 and meld.kind != "chi":
                yakuhai += (first >= 31) + (first == wind) + (first == round_wind)
            if first < 27:
                suits.add(first // 9)
            for tile in meld.tiles:
                han += dora[tile.kind] + tile.red
        han += max(yakuhai, 1)
        if len(suits) <= 1:
            han += 1.5  # a flush in sight
        out.append(Threat(other, tenpai, han_points(han, dealer) + 300 * observation.honba,
                          frozenset(t.kind for t in discards), -1, frozenset(), False))
    return tuple(out)


def _riichi_discards(observation: Observation, seat: int) -> tuple[int, frozenset[int]]:
    """The kind of ``seat``'s riichi tile, and the suited kinds among his first six discards before it."""
    riichi_tile = -1
    early: set[int] = set()
    count = 0
    declared = False
    for event in observation.events:
        kind = event["type"]
        if event.get("actor") != seat:
            continue
        if kind == "reach":
            declared = True
        elif kind == "dahai":
            tile = Tile.from_mjai(event["pai"]).kind
            if declared:
                riichi_tile = tile
                break
            count += 1
            if count <= 6 and tile < 27:
                early.add(tile)
    return riichi_tile, frozenset(early)


def race(shanten: int, acceptance: float, waits: float, unseen_total: int, turns: int,
         end_rate: float, ron_factor: float = 1.8) -> tuple[float, float]:
    """The chance to win the hand, and the expected number of discards still to make before it ends
    (or is won): ``shanten`` from tenpai (0: tenpai), ``acceptance`` the unseen tiles that bring it
    one step closer (for tenpai: the winning tiles left), ``waits`` the winning tiles expected once
    tenpai, ``turns`` go-arounds left and ``end_rate`` the chance per go-around that someone else ends
    the hand. A go-around gives the own draw and ``ron_factor - 1`` draws' worth of others' discards.

    >>> win, discards = race(0, 8, 8, 80, 12, 0.1)
    >>> round(win, 2), round(discards, 1)
    (0.67, 2.7)
    """
    if turns <= 0 or unseen_total <= 0:
        return 0.0, 0.0
    survive = 1.0 - end_rate
    # the first step with ``acceptance``, the later ones with typical acceptances (by shanten then)
    steps = [acceptance] + [(16.0, 24.0, 32.0)[min(shanten - i, 3) - 1] for i in range(1, max(shanten, 0))]
    rates = [min(0.9, step / unseen_total) for step in steps]
    win_rate = min(0.9, ron_factor * (acceptance if shanten <= 0 else waits) / unseen_total)
    top = max(shanten, 0)
    dist = [0.0] * (top + 1)  # dist[i]: i steps done, the hand still on
    dist[0] = 1.0
    won = 0.0
    discards = 0.0
    for turn in range(turns):
        new = [0.0] * (top + 1)
        won += dist[top] * win_rate
        new[top] += dist[top] * (1.0 - win_rate) * survive
        for i in range(top):
            new[i] += dist[i] * (1.0 - rates[i]) * survive
            new[i + 1] += dist[i] * rates[i] * survive
        dist = new
        if turn + 1 < turns:
            discards += sum(dist)
    return won, discards
