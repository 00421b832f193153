"""Placement, not points: what a win or a deal-in is worth in a match's expected final rank.

Late in a match the same points are worth very different things: a 1,000-point win that ends the
last hand with the lead is worth a whole place, a deal-in that costs the leader the top of the
table is worth more than its points, and a win too small to pass the player ahead is worth nothing.
:func:`expected_rank` reads a score table as the expected final rank of one seat, each other
seat's final margin over it taken as normal, with a spread of ``sigma`` points a hand over the
regular hands still to play (none: the scores decide, ties to the lower seat, who sat nearer the
first dealer). :func:`placement_stakes` turns that into the weights of
:meth:`taku.bots.mahjong_taku._View.stakes`: how much a win of the hand's value is worth against how
much a deal-in to the threats costs, each in rank per point, as the ratio that decides push or
fold.

>>> expected_rank((25000, 25000, 25000, 25000), 0, 0, 5000.0)
1.0
>>> round(expected_rank((25000, 25000, 25000, 25000), 0, 7, 5000.0), 2)
2.5
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["expected_rank", "hands_left", "placement_stakes"]

_MOST_RATIO = 4.0
"""The weights' ratio (a win's worth over a deal-in's cost, per point) is kept within 1/4..4."""
_NEGLIGIBLE = 1e-4
"""Below this change of expected rank per 1,000 points, both ways, points do not move the placement:
the plain weights (1, 1) apply."""


def hands_left(round_wind: int, hand_number: int, rounds: int) -> int:
    """The regular hands still to play after this one: ``rounds`` is 1 for an East-only match, 2 for
    East-South; a hand past the regular ones (an extension round) has none after it.

    >>> hands_left(0, 1, 2), hands_left(1, 3, 2), hands_left(1, 4, 2), hands_left(2, 1, 2)
    (7, 1, 0, 0)
    """
    if round_wind >= rounds:
        return 0
    return (rounds - 1 - round_wind) * 4 + (4 - hand_number)


def expected_rank(scores: Sequence[int | float], seat: int, hands: int, sigma: float) -> float:
    """The expected final rank (1..4) of ``seat`` with ``hands`` hands to play, each changing a
    player's margin over another by a normal amount of ``2 * sigma**2`` variance; with none left,
    the rank the scores give (ties to the lower seat)."""
    me = scores[seat]
    if hands <= 0 or sigma <= 0:
        ahead = [s for s in range(4) if s != seat and (scores[s] > me or (scores[s] == me and s < seat))]
        return 1.0 + len(ahead)
    spread = 2.0 * sigma * math.sqrt(hands)  # the margin's standard deviation times sqrt(2)
    rank = 1.0
    for s in range(4):
        if s != seat:
            rank += 0.5 * (1.0 + math.erf((scores[s] - me) / spread))
    return rank


def _after(scores: Sequence[int | float], changes: Sequence[tuple[int, float]]) -> list[float]:
    moved = [float(s) for s in scores]
    for s, points in changes:
        moved[s] += points
    return moved


def _hands_after(scores: Sequence[float], winner: int, dealer: int, hands: int) -> int:
    """The hands to play after this one ends with ``winner``'s win: the dealer's win repeats the
    hand, except a last hand that leaves the dealer on top (the match ends there)."""
    if winner != dealer:
        return hands
    top = max(range(4), key=lambda s: (scores[s], -s))
    return hands if hands == 0 and top == dealer else hands + 1


def placement_stakes(scores: Sequence[int | float], seat: int, dealer: int, hands: int,
                     win_points: float, threats: Sequence[tuple[int, float, float]],
                     sigma: float) -> tuple[float, float]:
    """The weights of a win's value and of a deal-in's cost for ``seat`` (see the module docstring):
    ``win_points`` what its win would be worth (taken by tsumo, a third from each other seat, or by
    ron from one of them, each as likely), ``threats`` the ``(seat, weight, points)`` of the players
    it may deal in to (the weights: how likely each is the one). Returned as ``(sqrt(r), 1/sqrt(r))``
    with ``r`` the gain's rank per point over the cost's, kept within 1/4..4; ``(1, 1)`` when
    neither moves the expected rank, or with no threat or no value to weigh."""
    weight_sum = sum(w for _, w, points in threats if points > 0)
    if win_points <= 0 or weight_sum <= 0:
        return 1.0, 1.0
    now = expected_rank(scores, seat, hands, sigma)
    others = [s for s in range(4) if s != seat]
    gain = 0.0
    sources: list[list[tuple[int, float]]] = [[(s, -win_points / 3) for s in others]]
    sources += [[(s, -win_points)] for s in others]
    for paying in sources:
        after = _after(scores, [(seat, win_points), *paying])
        gain += now - expected_rank(after, seat, _hands_after(after, seat, dealer, hands), sigma)
    gain /= len(sources) * win_points
    loss = 0.0
    for threat, weight, points in threats:
        if points <= 0:
            continue
        after = _after(scores, [(seat, -points), (threat, points)])
        loss += weight / weight_sum * (
            expected_rank(after, seat, _hands_after(after, threat, dealer, hands), sigma) - now) / points
    if gain * 1000 < _NEGLIGIBLE and loss * 1000 < _NEGLIGIBLE:
        return 1.0, 1.0
    ratio = gain / loss if loss * 1000 >= _NEGLIGIBLE else _MOST_RATIO
    ratio = min(_MOST_RATIO, max(1.0 / _MOST_RATIO, ratio))
    root = math.sqrt(ratio)
    return root, 1.0 / root
