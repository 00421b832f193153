"""Evaluating mahjong players: duplicate schedules, per-game statistics and 95% intervals.

A line-up is four player names (*entries*, numbered 0..3 in the order given). :func:`schedule`
says which wall seed and which seating each game uses; with duplicate walls, games come in sets
of four that share one wall seed (the same walls hand after hand) and rotate the seating, so every
entry plays every seat on the same walls and the luck of the deal cancels out:

>>> for game in schedule(5, "s", duplicate=True):
...     print(game.wall_seed, game.seating)
s-0 (0, 1, 2, 3)
s-0 (3, 0, 1, 2)
s-0 (2, 3, 0, 1)
s-0 (1, 2, 3, 0)
s-1 (0, 1, 2, 3)

:func:`play_scheduled_match` plays one scheduled game; :func:`hand_counts` reads what happened in each hand
from the match's events; :func:`summarize` turns the games into one :class:`EntrySummary` per
entry: means over games with a normal 95% interval (:func:`mean_ci95`) for placement and final
score, and rates per hand with a Wilson 95% interval (:func:`wilson_ci95`) for the rest.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from typing import Any, NamedTuple

from taku.bots import make_player
from taku.bots.simple import Player
from taku.mahjong.kyoku import Event
from taku.mahjong.match import Match
from taku.mahjong.rules import Rules

Z95 = 1.96
"""The normal quantile of a two-sided 95% interval."""

CALLS = ("chi", "pon", "daiminkan")
"""The calls that open a hand (a ``kakan`` only extends an open pon; an ``ankan`` keeps the hand
closed): a hand counts as called when the player made at least one of them."""

Interval = tuple[float, float]


# --- intervals ---------------------------------------------------------------------------------------

def mean_ci95(values: Sequence[float]) -> tuple[float, Interval | None]:
    """The mean of ``values`` and its 95% interval ``mean ± 1.96·s/√n`` (``s`` the sample standard
    deviation); the interval is None for fewer than two values.

    >>> mean_ci95([2, 4])
    (3.0, (1.04, 4.96))
    """
    n = len(values)
    if n == 0:
        raise ValueError("the mean of no values is undefined")
    mean = math.fsum(values) / n
    if n < 2:
        return mean, None
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return mean, (mean - half, mean + half)


def wilson_ci95(successes: int, trials: int) -> Interval | None:
    """The Wilson score 95% interval of a proportion ``successes / trials``; None when there are
    no trials.

    >>> [round(bound, 4) for bound in wilson_ci95(5, 10)]
    [0.2366, 0.7634]
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"a proportion needs 0 <= successes <= trials, got {successes}/{trials}")
    if trials == 0:
        return None
    p = successes / trials
    z2 = Z95 * Z95
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = Z95 / denominator * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return max(0.0, centre - half), min(1.0, centre + half)


# --- schedules ---------------------------------------------------------------------------------------

class GameSpec(NamedTuple):
    """One game of a schedule: its number (from 0), the seed of its walls, and ``seating[seat]``, the entry
    at each seat (seat 0 is East of the first hand). ``rotation`` is the game's place in its
    duplicate set (0 without duplicate walls)."""

    number: int
    wall_seed: str
    seating: tuple[int, int, int, int]
    rotation: int = 0


def schedule(games: int, seed: int | str, *, duplicate: bool = True) -> tuple[GameSpec, ...]:
    """The first ``games`` games of a run seeded with ``seed`` (see :func:`iter_schedule`, which
    gives them one at a time)."""
    return tuple(iter_schedule(games, seed, duplicate=duplicate))


def iter_schedule(games: int, seed: int | str, *, duplicate: bool = True) -> Iterator[GameSpec]:
    """The first ``games`` games of a run seeded with ``seed``, made as they are asked for.

    With ``duplicate``, game ``g`` belongs to set ``g // 4`` (wall seed ``f"{seed}-{g // 4}"``) and
    is rotation ``r = g % 4``: entry ``i`` sits at seat ``(i + r) % 4``. A count that is not a
    multiple of four leaves the last set incomplete. Without it, every game has its own wall seed
    (``f"{seed}-{g}"``) and entry ``i`` sits at seat ``i``.
    """
    if type(games) is not int or games < 0:
        raise ValueError(f"the number of games must be a non-negative integer, got {games!r}")
    return _schedule(games, seed, duplicate)


def _schedule(games: int, seed: int | str, duplicate: bool) -> Iterator[GameSpec]:
    for number in range(games):
        if duplicate:
            r = number % 4
            seating = ((0 - r) % 4, (1 - r) % 4, (2 - r) % 4, (3 - r) % 4)
            yield GameSpec(number, f"{seed}-{number // 4}", seating, r)
        else:
            yield GameSpec(number, f"{seed}-{number}", (0, 1, 2, 3))


# --- what happened in a game -------------------------------------------------------------------------

class SeatCounts(NamedTuple):
    """What one seat did over the hands of a game: hands played, hands won, hands in which it dealt
    in (its discard or added kan was ronned), hands with its riichi accepted, hands with at least one
    call that opens the hand (:data:`CALLS`), hands in which an opponent's riichi was accepted,
    deal-ins into a player in riichi, and discards made while an opponent was in riichi."""

    hands: int = 0
    wins: int = 0
    deal_ins: int = 0
    riichi: int = 0
    calls: int = 0
    facing_riichi: int = 0
    deal_ins_to_riichi: int = 0
    discards_facing_riichi: int = 0


def hand_counts(events: Iterable[Event]) -> tuple[SeatCounts, SeatCounts, SeatCounts, SeatCounts]:
    """Each seat's :class:`SeatCounts` over the hands (``start_kyoku`` .. ``end_kyoku``) in the mjai
    ``events`` of a match. A double ron counts as a win for each winner and one deal-in."""
    totals = [[0] * len(SeatCounts._fields) for _ in range(4)]
    flags: list[set[str]] = [set() for _ in range(4)]
    discards_facing = [0, 0, 0, 0]  # this hand's, per seat
    riichi: set[int] = set()
    in_hand = False

    def close() -> None:
        for seat in range(4):
            row = totals[seat]
            row[0] += 1
            for column, name in enumerate(("win", "deal_in", "riichi", "call", "facing",
                                           "deal_in_riichi"), 1):
                row[column] += name in flags[seat]
            row[7] += discards_facing[seat]
            discards_facing[seat] = 0
            flags[seat].clear()
        riichi.clear()

    for event in events:
        kind = event["type"]
        if kind == "start_kyoku":
            if in_hand:
                close()
            in_hand = True
        elif not in_hand:
            continue
        elif kind == "end_kyoku":
            close()
            in_hand = False
        elif kind == "hora":
            actor, target = event["actor"], event["target"]
            flags[actor].add("win")
            if target != actor:
                flags[target].add("deal_in")
                if actor in riichi:
                    flags[target].add("deal_in_riichi")
        elif kind == "reach_accepted":
            actor = event["actor"]
            riichi.add(actor)
            flags[actor].add("riichi")
            for seat in range(4):
                if seat != actor:
                    flags[seat].add("facing")
        elif kind in CALLS:
            flags[event["actor"]].add("call")
        elif kind == "dahai" and riichi and riichi != {event["actor"]}:
            discards_facing[event["actor"]] += 1
    if in_hand:
        close()
    a, b, c, d = (SeatCounts(*row) for row in totals)
    return a, b, c, d


class PlayedMatch(NamedTuple):
    """One played match of an evaluation: its :class:`GameSpec`, each seat's counts, final rank
    (1..4) and final score, and the match's mjai events (empty unless asked for). (A renju game
    is :class:`taku.protocols.gomocup_client.GameResult`: "game" is renju's word, "match"
    mahjong's.)"""

    spec: GameSpec
    counts: tuple[SeatCounts, SeatCounts, SeatCounts, SeatCounts]
    ranks: tuple[int, int, int, int]
    scores: tuple[int, int, int, int]
    events: tuple[Event, ...] = ()


def play_match(rules: Rules, seed: int | str, players: Sequence[Player]) -> Match:
    """Play one match to its end with ``players`` at seats 0..3 (walls from ``seed``)."""
    match = Match(rules, seed)
    while not match.is_over:
        seat = match.to_act[0]
        match.apply(players[seat].choose(match.observe(seat)))
    return match


def player_seed(spec: GameSpec, entry: int) -> str:
    """The seed of entry ``entry``'s player in the game ``spec``."""
    return f"{spec.wall_seed}-{spec.rotation}-{entry}"


def play_scheduled_match(spec: GameSpec, names: Sequence[str], rules: Rules,
                         keep_events: bool = False) -> PlayedMatch:
    """Play the match ``spec`` with the players called ``names`` (one per entry, built by
    :func:`~taku.bots.make_player` with :func:`player_seed` and ``rules``)."""
    if len(names) != 4:
        raise ValueError(f"a game needs four players, got {len(names)}")
    players = [make_player(names[spec.seating[seat]], player_seed(spec, spec.seating[seat]), rules)
               for seat in range(4)]
    match = play_match(rules, spec.wall_seed, players)
    assert match.result is not None
    return PlayedMatch(spec, hand_counts(match.events), match.result.ranks, match.result.scores,
                      tuple(match.events) if keep_events else ())


# --- summaries ---------------------------------------------------------------------------------------

def entry_labels(names: Sequence[str]) -> tuple[str, ...]:
    """A label per entry: its name, followed by ``#k`` (its occurrence, from 1) when the name
    appears more than once.

    >>> entry_labels(["taku", "random", "random", "random"])
    ('taku', 'random#1', 'random#2', 'random#3')
    """
    labels = []
    for entry, name in enumerate(names):
        if names.count(name) > 1:
            labels.append(f"{name}#{list(names[:entry + 1]).count(name)}")
        else:
            labels.append(name)
    return tuple(labels)


class EntrySummary(NamedTuple):
    """One entry's results over a run (see the module docstring); a rate or interval is None when
    there is nothing to measure it on."""

    name: str
    label: str
    entry: int
    games: int
    hands: int
    placements: tuple[int, int, int, int]
    avg_placement: float
    avg_placement_ci95: Interval | None
    avg_score: float
    avg_score_ci95: Interval | None
    win_rate: float
    win_rate_ci95: Interval | None
    deal_in_rate: float
    deal_in_rate_ci95: Interval | None
    riichi_rate: float
    riichi_rate_ci95: Interval | None
    call_rate: float
    call_rate_ci95: Interval | None
    hands_facing_riichi: int
    deal_in_vs_riichi_rate: float | None
    deal_in_vs_riichi_rate_ci95: Interval | None

    def to_dict(self) -> dict[str, Any]:
        """The summary as JSON-ready data (intervals as two-element lists, None as null)."""
        data: dict[str, Any] = {}
        for key, value in zip(self._fields, self, strict=True):
            data[key] = list(value) if isinstance(value, tuple) else value
        return data


def summarize(names: Sequence[str], results: Iterable[PlayedMatch]) -> tuple[EntrySummary, ...]:
    """One :class:`EntrySummary` per entry of ``names`` over ``results`` (at least one game)."""
    tally = RunTally(names)
    for result in results:
        tally.add(result)
    return tally.summaries()


def mean_ci95_of_sums(n: int, total: int, total_sq: int) -> tuple[float, Interval | None]:
    """:func:`mean_ci95` of ``n`` integers given only their sum and the sum of their squares
    (exact integer arithmetic, so the order in which the values came in changes nothing).

    >>> mean_ci95_of_sums(2, 6, 20)
    (3.0, (1.04, 4.96))
    """
    if n <= 0:
        raise ValueError("the mean of no values is undefined")
    mean = total / n
    if n < 2:
        return mean, None
    # the sample variance divided by n: (n·Σv² - (Σv)²) / (n²·(n - 1)), exactly
    half = Z95 * math.sqrt(Fraction(n * total_sq - total * total, n * n * (n - 1)))
    return mean, (mean - half, mean + half)


class RunTally:
    """Running sums of a run, entry by entry, that :meth:`summaries` turns into the same
    :class:`EntrySummary` values as :func:`summarize`: the memory stays a few integers per entry
    however many games are added, and the sums are exact integers, so the order in which games
    are added (workers, Ray tasks) changes no digit."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = tuple(names)
        self.games = 0
        entries = len(self.names)
        self._rank_sums = [[0, 0] for _ in range(entries)]  # sum, sum of squares
        self._score_sums = [[0, 0] for _ in range(entries)]
        self._placements = [[0, 0, 0, 0] for _ in range(entries)]
        self._counts = [[0] * len(SeatCounts._fields) for _ in range(entries)]

    def add(self, result: PlayedMatch) -> None:
        """Count one game."""
        self.games += 1
        for entry in range(len(self.names)):
            seat = result.spec.seating.index(entry)
            rank = result.ranks[seat]
            score = result.scores[seat]
            ranks, scores = self._rank_sums[entry], self._score_sums[entry]
            ranks[0] += rank
            ranks[1] += rank * rank
            scores[0] += score
            scores[1] += score * score
            self._placements[entry][rank - 1] += 1
            totals = self._counts[entry]
            for column, value in enumerate(result.counts[seat]):
                totals[column] += value

    def summaries(self) -> tuple[EntrySummary, ...]:
        """One :class:`EntrySummary` per entry (at least one game added)."""
        if not self.games:
            raise ValueError("no games to summarize")
        labels = entry_labels(self.names)
        out = []
        n = self.games
        for entry, name in enumerate(self.names):
            counts = SeatCounts(*self._counts[entry])
            hands = counts.hands
            placement, placement_ci = mean_ci95_of_sums(n, *self._rank_sums[entry])
            if placement_ci is not None:  # a placement is 1..4, and so is its mean
                placement_ci = (max(1.0, placement_ci[0]), min(4.0, placement_ci[1]))
            score, score_ci = mean_ci95_of_sums(n, *self._score_sums[entry])
            first, second, third, fourth = self._placements[entry]
            facing = counts.facing_riichi
            out.append(EntrySummary(
                name, labels[entry], entry, n, hands, (first, second, third, fourth),
                placement, placement_ci, score, score_ci,
                _rate(counts.wins, hands), wilson_ci95(counts.wins, hands),
                _rate(counts.deal_ins, hands), wilson_ci95(counts.deal_ins, hands),
                _rate(counts.riichi, hands), wilson_ci95(counts.riichi, hands),
                _rate(counts.calls, hands), wilson_ci95(counts.calls, hands),
                facing, counts.deal_ins_to_riichi / facing if facing else None,
                wilson_ci95(counts.deal_ins_to_riichi, facing)))
        return tuple(out)


def _rate(successes: int, trials: int) -> float:
    return successes / trials if trials else 0.0


# --- one player against another, over duplicate sets ----------------------------------------------

class PairSummary(NamedTuple):
    """Player A (entry 0) against player B (entries 1..3) over complete duplicate sets: A's and B's
    average placement, ``difference`` = A's placement minus B's (negative: A places better) with
    its 95% interval over sets, and A's average final score."""

    games: int
    sets: int
    placement_a: float
    placement_b: float
    difference: float
    difference_ci95: Interval | None
    score_a: float
    placements_a: tuple[int, int, int, int]

    def to_dict(self) -> dict[str, Any]:
        """The summary as JSON-ready data."""
        data: dict[str, Any] = {}
        for key, value in zip(self._fields, self, strict=True):
            data[key] = list(value) if isinstance(value, tuple) else value
        return data


class PairTally:
    """A running evaluation of A (entry 0) against B (entries 1..3) on duplicate walls, fed one
    :class:`PlayedMatch` at a time in any order; it keeps only sums and the sets not yet complete
    (so a million games need no more memory than a few). Each complete set of four games (A at
    each seat once on the same walls) gives one sample: the mean over its games of A's rank minus
    the mean rank of the B entries. The sums are exact fractions, so the summary does not depend
    on the order in which games arrive.

    >>> tally = PairTally()
    >>> for rotation, rank_a in enumerate((1, 2, 1, 4)):
    ...     others = [r for r in (1, 2, 3, 4) if r != rank_a]
    ...     ranks = [0, 0, 0, 0]
    ...     ranks[rotation] = rank_a
    ...     for seat in range(4):
    ...         if seat != rotation:
    ...             ranks[seat] = others.pop()
    ...     seating = tuple((seat - rotation) % 4 for seat in range(4))
    ...     tally.add(PlayedMatch(GameSpec(rotation, "s-0", seating, rotation), (SeatCounts(),) * 4,
    ...                          tuple(ranks), (25000,) * 4))
    >>> summary = tally.summary()
    >>> summary.sets, summary.placement_a, round(summary.difference, 4)
    (1, 2.0, -0.6667)
    """

    def __init__(self) -> None:
        from fractions import Fraction

        self._fraction = Fraction
        self.games = 0
        self.sets = 0
        self._open: dict[str, list[Fraction]] = {}
        self._sum = Fraction(0)
        self._squares = Fraction(0)
        self._rank_a = 0
        self._rank_b = Fraction(0)
        self._score_a = 0
        self._placements = [0, 0, 0, 0]

    def add(self, result: PlayedMatch) -> None:
        """Count one game (entry 0 is A, the others B)."""
        fraction = self._fraction
        seat_a = result.spec.seating.index(0)
        rank_a = result.ranks[seat_a]
        others = fraction(sum(result.ranks) - rank_a, 3)
        self.games += 1
        self._rank_a += rank_a
        self._rank_b += others
        self._score_a += result.scores[seat_a]
        self._placements[rank_a - 1] += 1
        games = self._open.setdefault(result.spec.wall_seed, [])
        games.append(rank_a - others)
        if len(games) == 4:
            del self._open[result.spec.wall_seed]
            sample = sum(games, fraction(0)) / 4
            self.sets += 1
            self._sum += sample
            self._squares += sample * sample

    def summary(self) -> PairSummary:
        """The evaluation so far (at least one game)."""
        if not self.games:
            raise ValueError("no games to summarize")
        interval: Interval | None = None
        mean = self._sum / self.sets if self.sets else self._fraction(0)
        if self.sets >= 2:
            variance = (self._squares - self.sets * mean * mean) / (self.sets - 1)
            half = Z95 * math.sqrt(variance / self.sets)
            interval = (float(mean) - half, float(mean) + half)
        a, b, c, d = self._placements
        return PairSummary(self.games, self.sets, self._rank_a / self.games,
                           float(self._rank_b / self.games), float(mean), interval,
                           self._score_a / self.games, (a, b, c, d))
