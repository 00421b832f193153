"""``taku``: a mahjong player that plays for speed and value and folds against a threat.

:class:`TakuPlayer` sees one :class:`~taku.mahjong.kyoku.Observation` at a time and returns one of
its legal actions:

- **wins** whenever a win is legal (tsumo or ron);
- **discards** by tile efficiency: the discards that leave the lowest shanten, compared by ukeire
  (the unseen copies of the tiles that lower the shanten, counting every tile it can see: its own
  hand, all discards, all melds, the dora indicators, hands shown in open riichi), with value
  weighed in: it keeps dora and red fives, pairs and triplets of value honours (yakuhai), leans to
  tanyao when few terminals and honours are left and to a flush when one suit dominates. In
  tenpai it prefers the wait with the most winning tiles left, weighted by what the win is worth,
  and avoids a furiten or yaku-less wait;
- **calls** (pon, chi) only when the call lowers the shanten and the hand keeps a yaku: a value
  honour, tanyao (when the rules allow open tanyao), a half flush or all triplets that are
  clearly on; it never makes a call that leaves the hand without a yaku, except late in the
  hand (``LATE_TENPAI_TILES`` or fewer tiles left, nobody threatening), when a call that makes a
  one-shanten hand tenpai saves the no-ten payment (unless the rules want a yaku for tenpai);
  a closed hand opens for tanyao, a flush or all triplets only when the call's win chance times
  its points beats the closed hand's with riichi by ``PushFold.call_ev``;
- **declares riichi** when its closed hand is tenpai with at least two winning tiles left (one,
  when the hand has no other yaku);
- **defends** (unless ``defence=False``): against a riichi or an open hand that may be tenpai,
  it values each of its fastest discards by expected value (the chance to win the race times
  the hand's value, less the expected cost of dealing in now and later) against folding, and
  either pushes the best one or folds, discarding the tile least likely to deal in: genbutsu,
  then tiles safe by suji, kabe (no-chance) and one-chance, honours with copies already seen,
  terminals (the danger model and the race are in :mod:`taku.bots.mahjong_defence`); a cheap
  open hand pushes against a riichi only nearly safe tiles, a closed tenpai hand counts what
  riichi adds to its win, and facing a threat it declares riichi only when that beats staying
  dama (with a yaku) and folding: riichi locks the hand (:class:`PushFold`); in the last round
  the leader folds more and the last player pushes more, most in the last hand;
- **nine terminals**: declares the abortive draw unless the hand is near kokushi.

Ties are broken by a ``random.Random(seed)``, so a seeded game replays exactly.

>>> from taku.mahjong.match import Match
>>> from taku.mahjong.rules import Rules
>>> match = Match(Rules.preset("tenhou"), seed=1)
>>> seat = match.to_act[0]
>>> TakuPlayer(seed=1).choose(match.observe(seat)) in match.legal_actions(seat)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from taku.bots.mahjong_defence import Threat, deal_in_chance, genbutsu, han_points, race, threats
from taku.bots.mahjong_placement import hands_left, placement_stakes
from taku.mahjong.actions import Action
from taku.mahjong.errors import MahjongError
from taku.mahjong.hand import Hand, Meld
from taku.mahjong.kyoku import Observation, kuikae_kinds
from taku.mahjong.rules import Rules
from taku.mahjong.score import Win, score_hand
from taku.mahjong.seats import places_after, seat_after, seat_wind
from taku.mahjong.shanten import shanten, shanten_kokushi
from taku.mahjong.tiles import Tile, dora_from_indicator

__all__ = ["PushFold", "TakuPlayer", "danger", "safe_kinds"]

_YAOCHUU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_IS_YAOCHUU = tuple(k >= 27 or k % 9 in (0, 8) for k in range(34))
_DRAGONS = (31, 32, 33)
FUTURE_PUSH_RISK = 0.03
"""The chance that each later discard of a hand that pushes deals in to a threat."""
RIICHI_RISK = 0.07
"""The chance that each later discard of a hand in riichi deals in to a threat: it discards what it
draws, about the share of a tenpai threat's live winning tiles among the unseen ones."""


class PushFold(NamedTuple):
    """The parameters of push or fold against threats (:meth:`TakuPlayer._push_or_fold`).

    ``future_risk``: the chance that each later discard of a hand that pushes deals in to a
    threat. ``cheap_open_points``: an open hand whose win is worth less than this (a dealer's
    points counted two thirds) pushes against a riichi only discards whose chance to deal in to
    every riichi player is below ``cheap_open_chance`` (the suji of a terminal or a 2/8, an
    honour, a middle tile with suji on both sides: 4-5%), else it folds: it wins little and
    deals in for a riichi's price. ``riichi_value``: what a closed tenpai hand's ron with riichi
    is worth, times its points (self-drawn wins, ura-dora and ippatsu come on top).
    ``hidden_han``: the han a hand not yet tenpai is expected to add to the han in sight (dora,
    red fives, value honours, riichi for a closed hand), open; ``closed_hidden_han`` closed
    (self-drawn wins, ura-dora, pinfu or tanyao on the way). ``riichi_risk`` (0: off): facing a
    threat, a closed tenpai hand that may declare riichi weighs riichi (its win worth
    ``riichi_value`` times, but every later discard is its draw: this chance to deal in each)
    against staying dama when it has a yaku (worth its ron points, later discards at
    ``future_risk``, it can still fold) and against folding. ``final_round_stakes`` (0: off):
    in the South round's hands before the last (the East round's in an East-only match), the
    share of the last hand's placement weights that applies (the leader weighs a win less and a
    deal-in more, the last player the other way round). ``threat_end_rate``: the chance per
    go-around that a threat who is tenpai ends the hand (weighted by his chance to be tenpai).
    ``ron_factor``: facing a riichi, a go-around's chances to win in draws' worth (the own draw
    and the others' discards; 1.8 with no riichi on the table). ``tenpai_risk`` (0: the same as
    ``future_risk``): the chance that each later discard of a tenpai hand that pushes deals in
    (it mostly pushes its later draws too; 0.06 was tried: as good in self-play, fewer wins).
    ``wait_mass`` (0: off, the default): where a riichi player's deal-in chances sum to less than
    this over the kinds, they are scaled up to it (:data:`taku.bots.mahjong_defence.WAIT_MASS`,
    1.5: late in a riichi the few kinds still unsafe carry his wait). The scaled chances are the
    better calibrated, yet with 1.5 the player placed worse in self-play (+0.087, 95% +0.012 to
    +0.161 over 1,600 games: it folded more and won less), and scaled both ways (down early in a
    riichi too) it was level (-0.028, -0.080 to +0.024 over 3,200) but dealt in more against
    mjai-manue (15.8% of hands against 11.3% on the same 17 walls).
    ``call_ev`` (default 1.5; 0: off): a closed hand calls for tanyao, a flush or all triplets (not
    a value honour's pon, not the late call for tenpai) only when the race's win chance times the
    open hand's points is at least ``call_ev`` times the closed hand's with riichi
    (:meth:`_View.call_pays`): early it keeps a closed one-shanten hand rather than open it for a
    cheap tenpai on a poor wait. At 1.5, in the same seat of the same games as ``call_ev`` 0 (the
    default until 2026-11-29): against three mjai-manue -0.34 of a place (95% -0.64 to -0.05, the
    64 games of the n16 walls; 2.23 against 2.58), against three stand-ins for manue
    (``benchmarks/mahjong_manue_like.py``) -0.055 (-0.094 to -0.016, 3,200 games) and -0.044
    (-0.100 to +0.011, 1,600), level in self-play
    (+0.001, 1,600 games twice); at 1.0 level in self-play (-0.013, 3,200 games) and against manue
    (+0.06, 64 games). Calls fall from a third of the hands to a quarter, riichi rises.
    ``placement_sigma`` (0: off, the default): the weights of a win and of a deal-in come from the
    expected final rank (:func:`taku.bots.mahjong_placement.placement_stakes`, each hand moving a
    player's score by about this many points) in every hand, instead of the fixed weights of the
    last round (``final_round_stakes``).
    """

    future_risk: float = FUTURE_PUSH_RISK
    cheap_open_points: float = 2000.0
    cheap_open_chance: float = 0.05
    riichi_value: float = 1.4
    hidden_han: float = 0.5
    closed_hidden_han: float = 0.5
    riichi_risk: float = RIICHI_RISK
    final_round_stakes: float = 0.5
    threat_end_rate: float = 0.16
    ron_factor: float = 1.8
    tenpai_risk: float = 0.0
    wait_mass: float = 0.0
    call_ev: float = 1.5
    placement_sigma: float = 0.0


PREVIOUS_PUSH_FOLD = PushFold(cheap_open_points=0.0, riichi_value=1.0, riichi_risk=0.0, call_ev=0.0,
                              final_round_stakes=0.0, threat_end_rate=0.11)
"""The push or fold of the version before the cheap-open rule and the riichi value (2026-11-28):
the reference of the self-play checks."""
BEFORE_RIICHI_RISK = PushFold(riichi_risk=0.0, final_round_stakes=0.0, threat_end_rate=0.11, call_ev=0.0)
"""The push or fold before riichi was weighed against dama and folding, the last round's stakes
and the faster end of a hand against threats (2026-11-28, evening): the reference of their
self-play check."""
LATE_TENPAI_TILES = 12
"""Tiles left in the wall from which a one-shanten hand calls for tenpai without a yaku."""

# Kinds within two of each kind in its suit (the kind alone for an honour): a drawn tile can
# lower the regular shanten only if the hand holds a tile there.
_NEAR: tuple[tuple[int, ...], ...] = tuple(
    tuple(range(max(k - 2, k // 9 * 9), min(k + 3, k // 9 * 9 + 9))) if k < 27 else (k,)
    for k in range(34))


def _sequence_shapes(kind: int) -> tuple[tuple[int, int, float, int], ...]:
    """The two-tile sequence shapes that wait on ``kind``: (tile, tile, weight, other wait or -1)."""
    if kind >= 27:
        return ()
    n = kind % 9
    shapes: list[tuple[int, int, float, int]] = []
    if n <= 5:  # kind+1, kind+2 waiting on kind and kind+3 (ryanmen)
        shapes.append((kind + 1, kind + 2, 3.0, kind + 3))
    elif n == 6:
        shapes.append((kind + 1, kind + 2, 1.5, -1))  # penchan 89 on 7
    if n >= 3:
        shapes.append((kind - 2, kind - 1, 3.0, kind - 3))
    elif n == 2:
        shapes.append((kind - 2, kind - 1, 1.5, -1))  # penchan 12 on 3
    if 1 <= n <= 7:
        shapes.append((kind - 1, kind + 1, 1.0, -1))  # kanchan
    return tuple(shapes)


_SHAPES = tuple(_sequence_shapes(k) for k in range(34))
_PAIR_WEIGHT = (0.0, 0.0, 0.6, 1.2, 1.5)  # shanpon, by copies the others may still hold
_AVAIL = (0.0, 0.4, 1.0, 1.0, 1.0)  # a shape's tile, by copies the others may hold (0: no-chance)


def danger(kind: int, unseen: Sequence[int], safe: frozenset[int] | set[int]) -> float:
    """How likely discarding ``kind`` deals in to one tenpai player, on an arbitrary scale (0 for
    genbutsu): sequence waits that are still possible (two-sided ones killed by suji; kabe and
    one-chance through ``unseen``, the copies not visible to us), plus shanpon and tanki waits.

    ``safe`` are the kinds he cannot win on (his discards, tiles passed after his riichi).
    """
    if kind in safe:
        return 0.0
    total = 0.0
    for a, b, weight, other in _SHAPES[kind]:
        if other >= 0 and other in safe:
            continue  # suji: a two-sided wait on it would be furiten
        total += weight * min(_AVAIL[unseen[a]], _AVAIL[unseen[b]])
    left = unseen[kind]
    total += _PAIR_WEIGHT[left] + (0.3 if left else 0.0)
    return total


def safe_kinds(observation: Observation, seat: int) -> set[int]:
    """The kinds ``seat`` cannot win on by ron: his own discards, and the tiles anyone discarded
    after his riichi was accepted (genbutsu)."""
    return genbutsu(observation, seat)


class TakuPlayer:
    """The ``taku`` player (see the module docstring). ``defence=False`` gives the same player
    without any defence (pure efficiency and value). ``rules`` (default: Tenhou's) tells it
    whether open tanyao counts and how to value a win; ``push_fold`` (default ``PushFold()``)
    holds the parameters of push or fold."""

    name = "taku"

    def __init__(self, seed: int | str = 0, *, defence: bool = True, rules: Rules | None = None,
                 push_fold: PushFold | None = None) -> None:
        self._rng = random.Random(seed)
        self.defence = defence
        self.push_fold = push_fold if push_fold is not None else PushFold()
        self.rules = rules if rules is not None else Rules.preset("tenhou")
        self._kuitan = self.rules.kuitan

    def __repr__(self) -> str:
        return f"TakuPlayer(defence={self.defence!r})"

    # --- the decision -----------------------------------------------------------------------------
    def choose(self, observation: Observation) -> Action:
        """One of ``observation.legal_actions``."""
        actions = observation.legal_actions
        if len(actions) == 1:
            return actions[0]
        by_type: dict[str, list[Action]] = {}
        for action in actions:
            by_type.setdefault(action.type, []).append(action)
        if "hora" in by_type:
            return by_type["hora"][0]
        view = _View(observation, self)
        if "ryukyoku" in by_type and shanten_kokushi(view.counts) > 2:
            return by_type["ryukyoku"][0]
        if "dahai" not in by_type:
            return self._claim(view, by_type)
        return self._turn(view, by_type)

    # --- claims -------------------------------------------------------------------------------------
    def _claim(self, view: _View, by_type: dict[str, list[Action]]) -> Action:
        passing = by_type["none"][0] if "none" in by_type else view.obs.legal_actions[0]
        calls = by_type.get("pon", []) + by_type.get("chi", [])
        if not calls:
            return passing
        before = view.hand_shanten(view.counts, view.melds)
        if before <= 0 and view.closed:
            return passing  # a closed tenpai hand keeps riichi and its waits
        folding = self.defence and view.threat() > 0 and before >= 1
        # near the end, a call that makes the hand tenpai, yaku or not, saves the no-ten payment
        late = (before == 1 and view.obs.tiles_left <= LATE_TENPAI_TILES and view.threat() == 0
                and not self.rules.tenpai_requires_yaku)
        best: Action | None = None
        best_key: tuple[float, ...] = ()
        for action in calls:
            after, plan = view.call_shanten(action)
            if late and (plan is None or after > 0) and view.call_shanten_any(action) == 0:
                after, plan = 0, "tenpai"
            if plan is None or after > before:
                continue
            # a pon of a value honour secures the yaku: taken when it does not slow the hand
            value_pon = action.type == "pon" and action.pai is not None and action.pai.kind in view.yakuhai
            if after == before and not value_pon:
                continue
            if folding and after > 0:
                continue
            # how far the plan may be: a value honour any time; tanyao or a flush close to tenpai
            limit = 9 if plan == "yakuhai" else (1 if plan == "toitoi" else 2)
            if after > limit:
                continue
            # opening a closed hand for tanyao, a flush or all triplets: when it pays (PushFold.call_ev)
            if (self.push_fold.call_ev > 0 and view.closed and plan != "tenpai" and not value_pon
                    and not view.call_pays(action, after, plan, before)):
                continue
            key = (-after, action.type == "pon", sum(t.red for t in action.consumed), self._rng.random())
            if best is None or key > best_key:
                best, best_key = action, key
        return best if best is not None else passing

    # --- own turn -----------------------------------------------------------------------------------
    def _turn(self, view: _View, by_type: dict[str, list[Action]]) -> Action:
        discards = by_type["dahai"]
        if len(discards) == 1 and len(by_type) == 1:
            return discards[0]
        row = self._discard(view, discards)
        for kind in ("ankan", "kakan"):
            for action in by_type.get(kind, []):
                if self._kan_ok(view, action, row.shanten):
                    return action
        if "reach" in by_type and row.shanten == 0 and self._riichi_ok(row) and not view.stay_dama:
            return by_type["reach"][0]
        return row.action

    def _riichi_ok(self, row: _Row) -> bool:
        """Riichi with two or more winning tiles left, or with one when it is the only yaku.
        (Staying dama with a hand worth a mangan without riichi was tried: 0.07 of a place worse
        over 200 duplicate games against the previous version, so riichi it is.)"""
        return row.waits_left >= 2 or (row.waits_left == 1 and not row.dama)

    def _kan_ok(self, view: _View, action: Action, best: int) -> bool:
        """A closed or added kan that keeps the hand as fast (never while folding)."""
        if view.obs.riichi[view.obs.seat]:
            return True  # the engine offers a kan after riichi only when it keeps the waits
        if self.defence and view.threat() > 0 and best > 0:
            return False
        counts = list(view.counts)
        kind = action.pai.kind if action.pai is not None else action.consumed[0].kind
        if action.type == "ankan":
            counts[kind] -= 4
            return shanten(counts, view.nmelds + 1) <= best
        counts[kind] -= 1
        return shanten(counts, view.nmelds) <= best

    def _discard(self, view: _View, discards: list[Action]) -> _Row:
        """The discard's row: the shanten it leaves, its winning tiles left (in tenpai), whether
        the tenpai hand has a yaku without riichi and what its wins are worth."""
        rows = view.discard_table(discards)
        best_shanten = min(row.shanten for row in rows)
        facing = view.threats() if self.defence else ()
        if facing:
            chosen = self._push_or_fold(view, rows, best_shanten)
        else:
            choice: tuple[float, ...] = ()
            chosen = rows[0]
            for row in rows:
                if row.shanten > best_shanten:
                    continue
                action = row.action
                key = (row.score, -(action.pai is not None and action.pai.red), self._rng.random())
                if not choice or key > choice:
                    choice, chosen = key, row
        return chosen

    def _push_or_fold(self, view: _View, rows: list[_Row], best_shanten: int) -> _Row:
        """Against threats: the discard of highest expected value among the fastest ones (a win's
        chance times its value, less the expected cost of dealing in now and on the discards to
        come), or, when folding is worth more, the safest discard (see
        :mod:`taku.bots.mahjong_defence`)."""
        obs = view.obs
        facing = view.threats()
        tuning = self.push_fold
        dealer = view.seat_wind == 0
        riichis = [t for t in facing if t.riichi]
        unseen_total = sum(view.unseen)
        turns = obs.tiles_left // 4
        end_rate = 0.03
        for threat in facing:
            end_rate += tuning.threat_end_rate * threat.tenpai
        end_rate = min(end_rate, 0.5)
        threat_value = sum(t.tenpai * t.value for t in facing)
        bonus = 1000 * obs.deposits + 300 * obs.honba + 0.1 * threat_value  # and his tsumo avoided
        hand_value = han_points(
            view.value() + (tuning.closed_hidden_han if view.closed else tuning.hidden_han), dealer)
        if tuning.placement_sigma > 0:
            win_points = max([hand_value] + [r.points for r in rows if r.shanten <= 0])
            gain_weight, loss_weight = view.placement_stakes(win_points, facing)
        else:
            gain_weight, loss_weight = view.stakes()
        future_risk = tuning.future_risk * threat_value  # the expected cost of one more pushed discard
        tenpai_risk = (tuning.tenpai_risk if tuning.tenpai_risk > 0 else tuning.future_risk) * threat_value
        # a cheap open hand pushes against a riichi only nearly safe tiles
        cheap_limit = tuning.cheap_open_points * (1.5 if dealer else 1.0)
        cheap = bool(riichis) and not view.closed and (
            hand_value if best_shanten > 0 else max((r.points for r in rows if r.shanten <= 0),
                                                    default=0.0)) < cheap_limit
        fold_key: tuple[float, ...] = ()
        fold_row = rows[0]
        push_key: tuple[float, ...] = ()
        push_row: _Row | None = None
        push_ev = 0.0
        push_dama = False
        # a closed hand that may still declare riichi weighs riichi against dama (PushFold.riichi_risk)
        riichi_open = tuning.riichi_risk > 0 and view.closed and any(
            a.type == "reach" for a in obs.legal_actions)
        races: dict[tuple[int, float, float], tuple[float, float]] = {}
        for row in rows:
            action = row.action
            kind = action.pai.kind if action.pai is not None else 0
            loss = view.danger_of(kind) * loss_weight
            tie = self._rng.random()
            fold = (-round(loss, 1), float(-row.shanten), row.score, tie)
            if not fold_key or fold > fold_key:
                fold_key, fold_row = fold, row
            if row.shanten > best_shanten:
                continue
            if cheap and any(deal_in_chance(kind, t, view.unseen, view.dora) >= tuning.cheap_open_chance
                             for t in riichis):
                continue
            if row.shanten <= 0:
                if row.waits_left <= 0 or row.points <= 0:
                    continue
                args = (0, float(row.waits_left), float(row.waits_left))
                value = row.points * (tuning.riichi_value if view.closed else 1.0)
            else:
                args = (row.shanten, row.ukeire, 5.0)
                value = hand_value
            found = races.get(args)
            if found is None:
                found = races[args] = race(args[0], args[1], args[2], unseen_total, turns, end_rate,
                                           tuning.ron_factor if riichis else 1.8)
            win, later = found
            # a tenpai hand that pushes now mostly pushes its later draws too (PushFold.tenpai_risk)
            risk = tenpai_risk if row.shanten <= 0 else future_risk
            ev = win * (value + bonus) * gain_weight - loss - later * risk * loss_weight
            dama = False
            if riichi_open and row.shanten <= 0 and self._riichi_ok(row):
                # riichi locks the hand: every later discard is its draw, it cannot fold
                ev = (win * (value + bonus) * gain_weight - loss
                      - later * tuning.riichi_risk * threat_value * loss_weight)
                if row.dama:  # or dama: its ron points, and it may still fold later
                    dama_ev = (win * (row.points + bonus) * gain_weight - loss
                               - later * risk * loss_weight)
                    if dama_ev > ev:
                        ev, dama = dama_ev, True
            key = (ev, row.score, tie)
            if push_row is None or key > push_key:
                push_key, push_row, push_ev, push_dama = key, row, ev, dama
        fold_ev = -fold_key[0] * 1.0 - 0.005 * turns * threat_value * loss_weight
        if push_row is not None and push_ev > fold_ev:
            view.stay_dama = push_dama
            return push_row
        return fold_row


_Plan = tuple[str, tuple[bool, ...] | None]
"""A yaku an open hand aims at: its name and the kinds it may use (None: all)."""
class _Row(NamedTuple):
    """A discard, the shanten it leaves, its score (ukeire and value), its winning tiles left
    (tenpai), whether the tenpai hand has a yaku without riichi, its ukeire (not tenpai) and the
    average points of its wins (tenpai)."""

    action: Action
    shanten: int
    score: float
    waits_left: int
    dama: bool
    ukeire: float
    points: float


class _View:
    """What the player derives from one observation (computed lazily, once)."""

    def __init__(self, observation: Observation, player: TakuPlayer) -> None:
        self.obs = observation
        self.player = player
        seat = observation.seat
        counts = [0] * 34
        reds = 0
        for tile in observation.hand:
            counts[tile.kind] += 1
            reds += tile.red
        self.counts = counts
        self.melds = observation.melds[seat]
        self.nmelds = len(self.melds)
        self.closed = all(m.kind == "ankan" for m in self.melds)
        visible = observation.visible_counts
        self.unseen = [4 - v if v < 4 else 0 for v in visible]
        self.dora = [0] * 34
        for tile in observation.dora_indicators:
            self.dora[dora_from_indicator(tile.kind)] += 1
        self.reds = reds + sum(t.red for m in self.melds for t in m.tiles)
        own_wind = 27 + seat_wind(seat, observation.dealer)
        self.yakuhai = {31: 1, 32: 1, 33: 1}
        self.yakuhai[own_wind] = self.yakuhai.get(own_wind, 0) + 1
        round_wind = 27 + observation.round_wind
        self.yakuhai[round_wind] = self.yakuhai.get(round_wind, 0) + 1
        self.seat_wind = own_wind - 27
        self._threat_list: tuple[Threat, ...] | None = None
        self._danger: dict[int, float] = {}
        self.stay_dama = False
        """Set by push or fold: facing a threat, the tenpai hand stays dama rather than riichi."""
        self.own_discards = {t.kind for t in observation.discards[seat]}

    # --- yaku plans of an open hand -------------------------------------------------------------
    def plans(self, melds: Sequence[Meld], counts: Sequence[int]) -> list[_Plan]:
        """The yaku an open hand can still make: (name, the kinds it may use or None for all)."""
        out: list[_Plan] = []
        yakuhai = self.yakuhai
        for kind in yakuhai:
            if counts[kind] >= 3 or any(m.tiles[0].kind == kind and m.kind != "chi" for m in melds):
                out.append(("yakuhai", None))
                return out  # a value triplet: every tile may be used
        if self.player._kuitan and all(
                not _IS_YAOCHUU[m.tiles[0].kind] and not _IS_YAOCHUU[m.tiles[-1].kind] for m in melds):
            out.append(("tanyao", _TANYAO_MASK))
        suits = {m.tiles[0].kind // 9 for m in melds if m.tiles[0].kind < 27}
        if len(suits) <= 1:
            if suits:
                suit = suits.pop()
            else:
                suit = max(range(3), key=lambda s: sum(counts[9 * s:9 * s + 9]))
            out.append(("honitsu", _FLUSH_MASKS[suit]))
        if all(m.kind != "chi" for m in melds):
            out.append(("toitoi", None))
        for kind in yakuhai:
            if counts[kind] == 2 and self.unseen[kind] >= 1:
                out.append(("yakuhai", None))
                break
        return out

    def hand_shanten(self, counts: Sequence[int], melds: Sequence[Meld]) -> int:
        """Shanten toward a hand with a yaku (a closed hand has riichi)."""
        if all(m.kind == "ankan" for m in melds):
            return shanten(counts, len(melds))
        plans = self.plans(melds, counts)
        return _plan_shanten(counts, len(melds), plans) if plans else 8

    def after_call(self, action: Action) -> tuple[list[int], tuple[Meld, ...], tuple[int, ...]]:
        """The hand's counts after calling ``action`` (its tiles taken out), its melds with the new
        one, and the kinds it may not discard next (kuikae)."""
        counts = list(self.counts)
        for tile in action.consumed:
            counts[tile.kind] -= 1
        assert action.pai is not None
        tiles = tuple(sorted((*action.consumed, action.pai)))
        meld = Meld(action.type, tiles, action.pai, places_after(action.target, self.obs.seat)
                    if action.target is not None else 1)
        forbidden = kuikae_kinds(action.pai.kind, [t.kind for t in action.consumed])
        return counts, (*self.melds, meld), tuple(forbidden)

    def call_shanten(self, action: Action) -> tuple[int, str | None]:
        """The best shanten after calling ``action`` and discarding, with the yaku plan it follows."""
        counts, melds, forbidden = self.after_call(action)
        nmelds = len(melds)
        best = 9
        best_plan: str | None = None
        for kind in range(34):
            if not counts[kind] or kind in forbidden:
                continue
            counts[kind] -= 1
            plans = self.plans(melds, counts)
            for name, mask in plans:
                value = _one_plan(counts, nmelds, name, mask)
                if value < best:
                    best, best_plan = value, name
            counts[kind] += 1
        return best, best_plan

    def call_shanten_any(self, action: Action) -> int:
        """The best regular shanten after calling ``action`` and discarding, yaku or not (a
        tenpai shape counts at an exhaustive draw)."""
        counts, _, forbidden = self.after_call(action)
        nmelds = self.nmelds + 1
        best = 9
        for kind in range(34):
            if not counts[kind] or kind in forbidden:
                continue
            counts[kind] -= 1
            best = min(best, shanten(counts, nmelds))
            counts[kind] += 1
        return best

    def call_pays(self, action: Action, after: int, plan: str | None, before: int) -> bool:
        """Whether calling ``action`` is worth more than passing: the chance to win the race
        (:func:`taku.bots.mahjong_defence.race`) times the win's points, after the call (its best
        discard, the open hand's han: dora, red fives, value honours, the plan's yaku) against now
        (the closed hand with riichi and ``PushFold.closed_hidden_han``). For a closed hand."""
        tuning = self.player.push_fold
        obs = self.obs
        assert action.pai is not None
        unseen_total = sum(self.unseen)
        turns = obs.tiles_left // 4
        end_rate = min(0.5, 0.03 + sum(tuning.threat_end_rate * t.tenpai for t in self.threats()))
        dealer = self.seat_wind == 0
        han_now = float(self.value())
        # now: the hand as it is
        accept_now = self._acceptance(list(self.counts), self.nmelds, None, before)
        win_now, _ = race(before, accept_now, 5.0, unseen_total, turns, end_rate)
        value_now = han_points(han_now + tuning.closed_hidden_han, dealer)
        # after the call: the best discard's acceptance
        counts, melds, forbidden = self.after_call(action)
        called = action.pai.kind
        nmelds = len(melds)
        best_accept = 0.0
        for kind in range(34):
            if not counts[kind] or kind in forbidden:
                continue
            counts[kind] -= 1
            open_plans = self.plans(melds, counts)
            if open_plans and _plan_shanten(counts, nmelds, open_plans) == after:
                best_accept = max(best_accept, self._acceptance(counts, nmelds, open_plans, after))
            counts[kind] += 1
        if best_accept <= 0:
            return False
        win_after, _ = race(after, best_accept, 5.0, unseen_total, turns, end_rate)
        han_after = han_now - 1.0 + self.dora[called] + action.pai.red  # (no riichi)
        if plan == "tanyao":
            han_after += 1
        elif plan == "toitoi" or plan == "honitsu":
            han_after += 2
        value_after = han_points(han_after + tuning.hidden_han, dealer)
        return win_after * value_after >= tuning.call_ev * win_now * value_now

    def _acceptance(self, counts: list[int], nmelds: int, plans: Sequence[_Plan] | None,
                    current: int) -> float:
        """The unseen tiles that lower the shanten of a 13-tile hand from ``current`` (toward one of
        ``plans``, or any hand when None): for a tenpai hand, its winning tiles."""
        unseen = self.unseen
        total = 0
        near: set[int] = set()
        for kind in range(34):
            if counts[kind]:
                near.update(_NEAR[kind])
        for draw in near:
            left = unseen[draw]
            if not left or counts[draw] >= 4:
                continue
            counts[draw] += 1
            after = shanten(counts, nmelds) if plans is None else _plan_shanten(counts, nmelds, plans)
            counts[draw] -= 1
            if after < current:
                total += left
        return float(total)

    # --- efficiency ---------------------------------------------------------------------------------
    def discard_table(self, discards: list[Action]) -> list[_Row]:
        """For each legal discard: its shanten (toward a yaku), score (ukeire and value) and, for a
        tenpai discard, the winning tiles left and whether it has a yaku without riichi."""
        counts = self.counts
        nmelds = self.nmelds
        unseen = self.unseen
        closed = self.closed
        plans = None if closed else self.plans(self.melds, counts)
        if plans is not None and not plans:
            plans = [("any", None)]  # no yaku left: at least reach tenpai (no-ten payments)
        # kinds a draw can improve: near a held tile (and orphans for a kokushi hope)
        near: set[int] = set()
        for kind in range(34):
            if counts[kind]:
                near.update(_NEAR[kind])
        if closed and sum(1 for k in _YAOCHUU if counts[k]) >= 9:
            near.update(_YAOCHUU)
        near_list = sorted(near)
        cache: dict[int, tuple[float, int, bool, float, float]] = {}
        shanten_of: dict[int, int] = {}
        for action in discards:
            assert action.pai is not None
            kind = action.pai.kind
            if kind in shanten_of:
                continue
            counts[kind] -= 1
            shanten_of[kind] = shanten(counts, nmelds) if plans is None else \
                _plan_shanten(counts, nmelds, plans)
            counts[kind] += 1
        best = min(shanten_of.values())
        value = self._value_terms()
        rows: list[_Row] = []
        for action in discards:
            assert action.pai is not None
            kind = action.pai.kind
            sh = shanten_of[kind]
            found = cache.get(kind)
            if found is None:
                waits_left = 0
                dama = False
                ukeire = 0.0
                points = 0.0
                if sh > best:
                    score = -100.0
                else:
                    counts[kind] -= 1
                    if sh == 0:
                        score, waits_left, dama, points = self._tenpai_score(counts, kind)
                    else:
                        total = 0
                        for draw in near_list:
                            left = unseen[draw]
                            if not left:
                                continue
                            counts[draw] += 1
                            after = shanten(counts, nmelds) if plans is None else \
                                _plan_shanten(counts, nmelds, plans)
                            counts[draw] -= 1
                            if after < sh:
                                total += left
                        score = ukeire = float(total)
                    counts[kind] += 1
                    score += value[kind]
                found = cache[kind] = (score, waits_left, dama, ukeire, points)
            score, waits_left, dama, ukeire, points = found
            if action.pai.red:
                score -= 3.0
            rows.append(_Row(action, sh, score, waits_left, dama, ukeire, points))
        return rows

    def _value_terms(self) -> list[float]:
        """Per kind, the value kept by discarding a copy of it (negative: value lost)."""
        counts = self.counts
        terms = [0.0] * 34
        dora = self.dora
        yaochuu = sum(counts[k] for k in _YAOCHUU)
        suit_counts = [sum(counts[9 * s:9 * s + 9]) for s in range(3)]
        honours = sum(counts[27:])
        flush_suit = -1
        for s in range(3):
            if suit_counts[s] + honours >= 10 and suit_counts[s] >= 6:
                flush_suit = s
        tanyao = yaochuu <= 3 and (self.player._kuitan or self.closed) and flush_suit < 0
        for kind in range(34):
            if not counts[kind]:
                continue
            term = -3.0 * dora[kind]
            worth = self.yakuhai.get(kind, 0)
            if worth and counts[kind] >= 2:
                term -= 6.0 * worth
            elif worth:
                term -= 0.5
            if tanyao and _IS_YAOCHUU[kind]:
                term += 2.0
            if flush_suit >= 0:
                term += -3.0 if kind // 9 == flush_suit or kind >= 27 else 3.0
            if kind >= 27 and not worth and counts[kind] == 1:
                term += 0.5  # an isolated guest honour goes first
            terms[kind] = term
        return terms

    def _tenpai_score(self, counts: list[int], discarded: int) -> tuple[float, int, bool, float]:
        """Score of a 13-tile tenpai hand (discarded kind already taken out): winning tiles left
        weighted by value, the tiles left that win, whether a ron needs no riichi, and the average
        points of a win (weighted by the tiles left)."""
        nmelds = self.nmelds
        unseen = self.unseen
        furiten = discarded in self.own_discards
        waits: list[int] = []
        for kind in range(34):
            if counts[kind] >= 4:
                continue
            near = _NEAR[kind]
            if not any(counts[k] for k in near) and (nmelds or not _IS_YAOCHUU[kind]):
                continue
            counts[kind] += 1
            if shanten(counts, nmelds) == -1:
                waits.append(kind)
            counts[kind] -= 1
        if any(w in self.own_discards or w == discarded for w in waits):
            furiten = True
        total = 0.0
        left_total = 0
        dama = False
        points_total = 0.0
        for wait in waits:
            left = unseen[wait]
            if not left:
                continue
            points = self._win_points(counts, wait)
            if points <= 0:
                continue
            if points >= 1_000_000:
                dama = True
                points -= 1_000_000
            left_total += left
            points_total += left * points
            total += left * (1.0 + points / 8000.0)
        if furiten:
            total *= 0.3
        if left_total == 0:
            return -50.0, 0, False, 0.0
        return 10.0 * total, left_total, dama, points_total / left_total * (0.3 if furiten else 1.0)

    def _win_points(self, counts: list[int], wait: int) -> int:
        """Points of a ron on ``wait`` (riichi added for a closed hand); 0 when it cannot win.
        1,000,000 is added when the hand wins without riichi."""
        obs = self.obs
        tiles: list[Tile] = []
        reds = [t for t in obs.hand if t.red]
        for kind in range(34):
            n = counts[kind]
            if n:
                red = next((t for t in reds if t.kind == kind), None)
                if red is not None:
                    tiles.append(red)
                    n -= 1
                    reds.remove(red)
                tiles.extend([_PLAIN[kind]] * n)
        win_tile = _PLAIN[wait]
        tiles.append(win_tile)
        indicators = obs.dora_indicators[:5]
        discarder = seat_after(self.seat_wind)
        rules = self.player.rules
        try:
            hand = Hand(tuple(tiles), tuple(self.melds))
        except MahjongError:
            return 0
        try:
            return 1_000_000 + score_hand(hand, win_tile, Win(
                seat_wind=self.seat_wind, round_wind=obs.round_wind, dora_indicators=indicators,
                discarder=discarder), rules).total
        except MahjongError:
            pass
        if not self.closed:
            return 0
        try:
            return score_hand(hand, win_tile, Win(
                riichi=True, seat_wind=self.seat_wind, round_wind=obs.round_wind,
                dora_indicators=indicators, discarder=discarder), rules).total
        except MahjongError:
            return 0

    # --- threats and safety -----------------------------------------------------------------------
    def threats(self) -> tuple[Threat, ...]:
        """The other players who may be tenpai (:func:`taku.bots.mahjong_defence.threats`)."""
        if self._threat_list is None:
            self._threat_list = threats(self.obs, self.dora, self.player.push_fold.wait_mass)
        return self._threat_list

    def threat(self) -> float:
        """How much the table threatens: 1 per other player in riichi, his chance to be tenpai for
        an open hand that is likely tenpai (0.5 or more)."""
        return sum(t.tenpai for t in self.threats() if t.riichi or t.tenpai >= 0.5)

    def riichi_threats(self) -> int:
        """The number of other players in riichi."""
        return sum(1 for t in self.threats() if t.riichi)

    def danger_of(self, kind: int) -> float:
        """The expected points lost by discarding ``kind`` now: for each threat, his chance to be
        tenpai times the chance the tile deals in to him times what that costs."""
        cached = self._danger.get(kind)
        if cached is not None:
            return cached
        total = 0.0
        for threat in self.threats():
            total += threat.tenpai * threat.value * deal_in_chance(kind, threat, self.unseen, self.dora)
        self._danger[kind] = total
        return total

    def stakes(self) -> tuple[float, float]:
        """Weights of a win's value and of a deal-in's cost: 1 and 1, except in the last round
        of the match, where placement decides: the leader weighs a deal-in more and a win less
        (0.6 and 1.5 in the last hand), the last player the other way round (1.3 and 0.5); in
        the round's earlier hands ``PushFold.final_round_stakes`` of those changes apply."""
        obs = self.obs
        rounds = 1 if self.player.rules.length == "east" else 2
        if obs.round_wind < rounds - 1:
            return 1.0, 1.0
        weight = 1.0 if obs.hand_number == 4 else self.player.push_fold.final_round_stakes
        if weight <= 0.0:
            return 1.0, 1.0
        me = obs.scores[obs.seat]
        rank = 1 + sum(1 for s, score in enumerate(obs.scores)
                       if score > me or (score == me and seat_wind(s, obs.dealer) < obs.seat_wind))
        if rank == 1:
            return 1.0 - 0.4 * weight, 1.0 + 0.5 * weight
        if rank == 4:
            return 1.0 + 0.3 * weight, 1.0 - 0.5 * weight
        return 1.0, 1.0

    def placement_stakes(self, win_points: float, facing: Sequence[Threat]) -> tuple[float, float]:
        """The weights of a win worth ``win_points`` and of a deal-in to ``facing`` (each weighed by
        its chance to be tenpai) by the expected final rank (``PushFold.placement_sigma``)."""
        obs = self.obs
        rounds = 1 if self.player.rules.length == "east" else 2
        hands = hands_left(obs.round_wind, obs.hand_number, rounds)
        return placement_stakes(obs.scores, obs.seat, obs.dealer, hands, win_points,
                                [(t.seat, t.tenpai, t.value) for t in facing],
                                self.player.push_fold.placement_sigma)

    def value(self) -> int:
        """A rough han count of the hand: dora, red fives, value triplets and pairs, riichi."""
        counts = self.counts
        han = sum(self.dora[k] * (counts[k] + sum(1 for m in self.melds for t in m.tiles if t.kind == k))
                  for k in range(34) if self.dora[k]) + self.reds
        for kind, worth in self.yakuhai.items():
            held = counts[kind] + sum(1 for m in self.melds if m.tiles[0].kind == kind and m.kind != "chi")
            if held >= 2:
                han += worth
        if self.closed:
            han += 1
        elif self.plans(self.melds, counts) and self.plans(self.melds, counts)[0][0] == "honitsu":
            han += 2
        return han


_PLAIN = tuple(Tile(k) for k in range(34))
_TANYAO_MASK = tuple(not _IS_YAOCHUU[k] for k in range(34))
_FLUSH_MASKS = tuple(tuple(k // 9 == s or k >= 27 for k in range(34)) for s in range(3))


def _one_plan(counts: Sequence[int], nmelds: int, name: str, mask: tuple[bool, ...] | None) -> int:
    """Shanten toward one yaku plan: the hand's tiles outside the plan count as useless."""
    if name == "toitoi":
        return _toitoi_shanten(counts, nmelds)
    if mask is None:
        return shanten(counts, nmelds)
    return shanten([c if ok else 0 for c, ok in zip(counts, mask, strict=True)], nmelds)


def _plan_shanten(counts: Sequence[int], nmelds: int,
                  plans: Sequence[_Plan]) -> int:
    best = 9
    for name, mask in plans:
        value = _one_plan(counts, nmelds, name, mask)
        if value < best:
            best = value
    return best


def _toitoi_shanten(counts: Sequence[int], nmelds: int) -> int:
    """Shanten toward all triplets and a pair."""
    need = 4 - nmelds
    triplets = sum(1 for c in counts if c >= 3)
    pairs = sum(1 for c in counts if c == 2)
    used = min(triplets, need)
    slots = need - used
    pairs += triplets - used
    if pairs > slots:
        missing = slots
    else:
        missing = pairs + 2 * (slots - pairs) + 1
    return missing - 1
