"""Seats and seat winds: the one conversion between the two ways of naming a player.

The table names players by absolute seat, 0..3 (the first dealer is 0, then counter-clockwise:
the dealer's right is seat 1); scoring names them by seat wind, 0..3 (East, the dealer, then
South, West, North). The dealer of a hand (``Kyoku.dealer``, ``Match.dealer``, ``Observation.dealer``; mjai's
``oya``) links the two.

Seats also follow each other in the order of play, whoever deals:

>>> seat_wind(3, dealer=1), seat_of_wind(2, dealer=1), seat_after(3), places_after(0, origin=3)
(2, 3, 0, 1)
"""

from __future__ import annotations


def seat_wind(seat: int, dealer: int) -> int:
    """The seat wind (0 East .. 3 North) of absolute ``seat`` in a hand ``dealer`` deals."""
    return (seat - dealer) % 4


def seat_of_wind(wind: int, dealer: int) -> int:
    """The absolute seat that has seat wind ``wind`` (0 East .. 3 North) in a hand ``dealer`` deals."""
    return (wind + dealer) % 4


def seat_after(seat: int, steps: int = 1) -> int:
    """The seat ``steps`` places after ``seat`` in the order of play (1: the next to play, the
    seat's right; 3: the one before, its left)."""
    return (seat + steps) % 4


def places_after(seat: int, origin: int) -> int:
    """How many places after ``origin`` ``seat`` plays (0 when it is ``origin``; 3: just before)."""
    return (seat - origin) % 4
