"""What one seat may see of a hand: :class:`Observation` and :func:`mask_event`.

An observation is an immutable value: its events are the seat's own copies (other seats' draws
and starting hands hidden as ``?``), so a player that changes what it receives changes no record.

>>> from taku.mahjong.kyoku import Kyoku
>>> from taku.mahjong.wall import Wall
>>> table = Kyoku(Wall.shuffled(1))
>>> seen = table.observe(1)
>>> seen.events[0]["tehais"][0][:2], seen.seat_wind, seen.dealer
(['?', '?'], 1, 0)
>>> seen.events[0]["tehais"][0][0] = "X"
>>> table.events[0]["tehais"][0][0] != "X"
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from taku.mahjong.actions import Action
from taku.mahjong.hand import Meld
from taku.mahjong.seats import seat_wind
from taku.mahjong.tiles import Tile
from taku.values import reduce_value

Event = dict[str, Any]
"""One mjai event of a hand or match record (see ``taku/formats/mahjong/record.py``)."""


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat may see at a decision point (nothing of the others' concealed tiles)."""

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_value(self)

    seat: int
    round_wind: int
    hand_number: int
    honba: int
    deposits: int
    dealer: int
    scores: tuple[int, ...]
    hand: tuple[Tile, ...]
    drawn: Tile | None
    melds: tuple[tuple[Meld, ...], ...]
    discards: tuple[tuple[Tile, ...], ...]
    riichi: tuple[bool, ...]
    dora_indicators: tuple[Tile, ...]
    tiles_left: int
    last_discard: tuple[int, Tile] | None
    legal_actions: tuple[Action, ...]
    events: tuple[Event, ...]
    open_hands: tuple[tuple[Tile, ...] | None, ...] = (None, None, None, None)
    """The concealed tiles of players in open riichi (MJ-RIICHI-13), None for the others."""

    @property
    def seat_wind(self) -> int:
        """The seat's wind in this hand, 0 East (the dealer) .. 3 North."""
        return seat_wind(self.seat, self.dealer)

    @property
    def visible_counts(self) -> tuple[int, ...]:
        """For each of the 34 kinds, the copies the seat can see: its own concealed tiles, every
        meld, every discard (a called one is counted once, in its meld), the dora indicators
        turned and the hands shown in open riichi. ``4 - n`` copies may still be anywhere else."""
        counts = [0] * 34
        for tile in self.hand:
            counts[tile.kind] += 1
        for melds in self.melds:
            for meld in melds:
                for tile in meld.tiles:
                    counts[tile.kind] += 1
                if meld.called is not None:
                    counts[meld.called.kind] -= 1  # the discard is counted below
        for discards in self.discards:
            for tile in discards:
                counts[tile.kind] += 1
        for tile in self.dora_indicators:
            counts[tile.kind] += 1
        for seat, shown in enumerate(self.open_hands):
            if shown is not None and seat != self.seat:
                for tile in shown:
                    counts[tile.kind] += 1
        return tuple(counts)


def mask_event(event: Event, seat: int) -> Event:
    """``event`` as ``seat`` sees it: other players' draws and starting hands are ``?``. Always a
    new ``dict`` (its lists copied too): a player who changes it changes no record."""
    kind = event["type"]
    if kind == "tsumo" and event["actor"] != seat:
        return {**event, "pai": "?"}
    if kind == "start_kyoku":
        return {**event, "scores": list(event["scores"]),
                "tehais": [list(hand) if i == seat else ["?"] * len(hand)
                           for i, hand in enumerate(event["tehais"])]}
    return {key: _copy(value) for key, value in event.items()}


def _copy(value: Any) -> Any:
    """A copy of an event's value: lists (of lists) copied, strings and numbers shared."""
    if type(value) is list:
        return [_copy(item) for item in value]
    return value
