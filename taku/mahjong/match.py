"""A whole match: hands one after another, the deal, counters, deposits, the end and the ranking.

:class:`Match` plays :class:`~taku.mahjong.kyoku.Kyoku` after kyoku under one
:class:`~taku.mahjong.rules.Rules` (MJ-GAME, MJ-END-08/11, MJ-MONTREAL-03..08): the dealer keeps
the deal after his win, after an abortive draw and after an exhaustive draw as ``Rules.renchan``
says; a counter (honba) is added after a dealer win and after any draw and cleared after a
non-dealer win; riichi sticks stay on the table until a win; the match ends after the last round
(or in the extension once someone has the target), at once when a score goes negative
(``Rules.bust``), or by agari-yame or tenpai-yame. Walls come from ``seed`` (one per hand) or
are given. The rules default to Tenhou's (``Rules()``).

>>> match = Match(seed=3)
>>> match.to_act, match.kyoku.hand_number
((0,), 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from taku.mahjong.actions import Action, IllegalActionError
from taku.mahjong.kyoku import Event, EventLog, Kyoku, KyokuResult, Observation
from taku.mahjong.rules import Rules
from taku.mahjong.seats import seat_of_wind
from taku.mahjong.wall import Wall
from taku.values import reduce_state, reduce_value


def seeded_wall(seed: int | str, hand: int, red_fives: tuple[int, int, int]) -> Wall:
    """The wall of hand ``hand`` (0 the first, counting every hand played) of a :class:`Match`
    seeded ``seed`` without given walls: the one place that says how a match's walls follow from
    its seed (a table dealt given walls goes on with these)."""
    return Wall.shuffled(f"taku-match-{seed}-{hand}", red_fives)


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The end of a match: final scores (leftover sticks given as the rules say), each seat's
    rank (1..4; shared ranks under ``ties="shared"``) and result points (uma and oka applied,
    in thousands)."""

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_value(self)

    scores: tuple[int, int, int, int]
    ranks: tuple[int, int, int, int]
    points: tuple[float, float, float, float]
    leftover_deposits: int


class Match:
    """A match (see the module docstring)."""

    def __init__(self, rules: Rules | None = None, seed: int | str = 0, *,
                 walls: Iterable[Wall] | None = None, dealer: int = 0, round_wind: int = 0,
                 honba: int = 0, deposits: int = 0, scores: Sequence[int] | None = None) -> None:
        """``dealer``, ``round_wind``, ``honba``, ``deposits`` and ``scores`` (default: every seat
        ``Rules.start_points``) say where the first hand starts: a match taken up mid-way, as a
        record that begins in South 2 does (raises :class:`~taku.mahjong.errors.MahjongError`
        for a value out of range)."""
        self.rules = rules or Rules()
        self.seed = seed
        self._walls: Iterator[Wall] | None = iter(walls) if walls is not None else None
        self.scores = [self.rules.start_points] * 4 if scores is None else list(scores)
        self.round_wind = round_wind
        self.dealer = dealer
        self.honba = honba
        self.deposits = deposits
        self.dealer_wins = 0
        self.hand_count = 0
        self.results: list[KyokuResult] = []
        self.result: MatchResult | None = None
        self._events: list[Event] = [{"type": "start_game"}]
        """The match's record, appended to here only (callers read :attr:`events`)."""
        self.kyoku = self._new_kyoku()

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickling, copying (see values.py): the match's attributes, its hand's among them.
        return reduce_state(self, rules=self.rules, seed=self.seed)

    def _next_wall(self) -> Wall:
        if self._walls is not None:
            try:
                return next(self._walls)
            except StopIteration:
                raise IllegalActionError(f"no wall left for hand {self.hand_count + 1}") from None
        return seeded_wall(self.seed, self.hand_count, self.rules.red_fives)

    def _new_kyoku(self) -> Kyoku:
        kyoku = Kyoku(self._next_wall(), self.rules, dealer=self.dealer, round_wind=self.round_wind,
                      honba=self.honba, deposits=self.deposits, scores=self.scores,
                      dealer_wins=self.dealer_wins)
        self._seen = 0
        self.hand_count += 1
        self._sync_events(kyoku)
        return kyoku

    def _sync_events(self, kyoku: Kyoku) -> None:
        new = kyoku._events[self._seen:]
        self._seen = len(kyoku._events)
        self._events.extend(new)

    @property
    def events(self) -> EventLog:
        """The match's mjai events so far (``start_game``, each hand's, ``end_game``), read-only
        (each event read is a copy): the referee's record, which no caller can change."""
        return EventLog(self._events)

    # --- the player API ------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """Whether the match has ended (see :attr:`result`)."""
        return self.result is not None

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that must answer now."""
        return () if self.result is not None else self.kyoku.to_act

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """What ``seat`` may do now."""
        return () if self.result is not None else self.kyoku.legal_actions(seat)

    def observe(self, seat: int) -> Observation:
        """What ``seat`` may see in the current hand."""
        return self.kyoku.observe(seat)

    def apply(self, action: object) -> None:
        """Play ``action`` (raises :class:`IllegalActionError`, changing nothing, if illegal);
        a finished hand is settled and the next one dealt."""
        if self.result is not None:
            raise IllegalActionError(f"illegal action {action}: the match is over")
        self.kyoku.apply(action)
        self._sync_events(self.kyoku)
        if self.kyoku.is_over:
            self._next_hand()

    def chombo(self, seat: int) -> None:
        """A referee's chombo ruling against ``seat`` (see :meth:`Kyoku.chombo`)."""
        if self.result is not None:
            raise IllegalActionError("the match is over")
        self.kyoku.chombo(seat)
        self._sync_events(self.kyoku)
        self._next_hand()

    # --- flow ------------------------------------------------------------------------------------
    def _next_hand(self) -> None:
        kyoku = self.kyoku
        result = kyoku.result
        assert result is not None
        self.results.append(result)
        self.scores = list(kyoku.scores)
        self.deposits = kyoku.deposits
        dealer = self.dealer
        if result.outcome == "chombo":
            # The hand does not count: riichi sticks of the hand return (MJ-FLOW-05).
            self.scores = [s + d for s, d in zip(self._start_scores(kyoku), result.deltas,
                                                 strict=True)]
            self.deposits = kyoku._events[0]["kyotaku"]
            keeps = result.dealer_keeps
            honba_next = self.honba
            if not keeps and not (self.rules.bust and min(self.scores) < 0) and \
                    self.scores[dealer] == max(self.scores) and self._ends(result, False):
                # MJ-MONTREAL-35, reading adopted: passing the deal would end the match with the
                # offending dealer still first ("the extreme case"), so the hand is replayed.
                keeps = True
        elif result.outcome == "hora":
            keeps = dealer in result.winners
            honba_next = self.honba + 1 if keeps else 0
        else:
            keeps = result.dealer_keeps
            honba_next = self.honba + 1
        self.dealer_wins = self.dealer_wins + 1 if result.outcome == "hora" and keeps else \
            (self.dealer_wins if keeps and result.outcome != "hora" else 0)
        if self._ends(result, keeps):
            self._end()
            return
        self.honba = honba_next
        if not keeps:
            self.dealer = seat_of_wind(1, dealer)  # the deal passes to South
            if self.dealer == 0:
                self.round_wind += 1
        self.kyoku = self._new_kyoku()

    def _start_scores(self, kyoku: Kyoku) -> list[int]:
        scores: list[int] = kyoku._events[0]["scores"]
        return list(scores)

    def _ends(self, result: KyokuResult, keeps: bool) -> bool:
        rules = self.rules
        scores = self.scores
        if rules.bust and min(scores) < 0:
            return True
        rounds = 1 if rules.length == "east" else 2
        last_regular = self.round_wind == rounds - 1 and self.dealer == 3
        in_extension = self.round_wind >= rounds
        target = rules.target_points
        # Agari-yame after the dealer's win, tenpai-yame after an exhaustive draw at which he is
        # tenpai (MJ-GAME-06): two fields, Tenhou has only the first.
        stops = (rules.agari_yame and result.outcome == "hora") or (
            rules.tenpai_yame and result.outcome in ("exhaustive_draw", "nagashi_mangan")
            and self.dealer in result.tenpai)
        if stops and (last_regular or in_extension) and keeps:
            top = max(scores)
            leader = min(s for s in range(4) if scores[s] == top)
            if leader == self.dealer and top >= target:
                return True
        if in_extension:
            if rules.extension == "until_target" and max(scores) >= target:
                return True
            if rules.extension == "until_target_by_win" and any(
                    scores[w] >= target for w in result.winners):
                return True
            return not keeps and self.dealer == 3 and \
                self.round_wind >= rounds - 1 + rules.extension_rounds
        # After the last regular hand the deal passes: the match ends unless an extension is due.
        return last_regular and not keeps and (
            target == 0 or max(scores) >= target or rules.extension == "off"
            or rules.extension_rounds == 0)

    def _end(self) -> None:
        rules = self.rules
        scores = self.scores
        order = sorted(range(4), key=lambda s: (-scores[s], s))
        leftover = self.deposits
        if leftover and rules.leftover_deposits == "to_first_place":
            top = scores[order[0]]
            firsts = [s for s in order if scores[s] == top] if rules.ties == "shared" else [order[0]]
            share = leftover * 1000 // len(firsts) // 100 * 100
            for s in firsts:
                scores[s] += share
            scores[firsts[0]] += leftover * 1000 - share * len(firsts)
            self.deposits = 0
            order = sorted(range(4), key=lambda s: (-scores[s], s))
        ranks = [0, 0, 0, 0]
        for place, seat in enumerate(order):
            ranks[seat] = place + 1
            if rules.ties == "shared" and place and scores[seat] == scores[order[place - 1]]:
                ranks[seat] = ranks[order[place - 1]]
        points = []
        for seat in range(4):
            value = float(scores[seat])
            if rules.oka_return:
                value -= rules.oka_return
                if ranks[seat] == 1:
                    value += (rules.oka_return - rules.start_points) * 4 / sum(
                        1 for r in ranks if r == 1)
            if any(rules.uma):
                tied = [s for s in range(4) if ranks[s] == ranks[seat]]
                value += 1000 * sum(rules.uma[ranks[seat] - 1 + i] for i in range(len(tied))) / len(tied)
            points.append(value / 1000)
        self.result = MatchResult((scores[0], scores[1], scores[2], scores[3]),
                                  (ranks[0], ranks[1], ranks[2], ranks[3]),
                                  (points[0], points[1], points[2], points[3]), self.deposits)
        self._events.append({"type": "end_game", "scores": list(scores)})
