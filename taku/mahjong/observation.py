"""What one seat may see of a hand: :class:`Observation` and :func:`mask_event`; and the
read-only view of the referee's event record, :class:`EventLog`.

An observation is an immutable value: its events are the seat's own copies (other seats' draws
and starting hands hidden as ``?``), so a player that changes what it receives changes no record.
The record itself (``Kyoku.events``, ``Match.events``) is an :class:`EventLog`: it has no method
that changes it, and each event read from it is a copy.

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

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, overload

from taku.mahjong.actions import Action
from taku.mahjong.hand import Meld
from taku.mahjong.seats import seat_wind
from taku.mahjong.tiles import Tile
from taku.values import reduce_value

Event = dict[str, Any]
"""One mjai event of a hand or match record (see ``taku/formats/mahjong/record.py``)."""


@dataclass(frozen=True, slots=True, init=False)
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

    # Written out: a compiled build runs the __init__ that dataclasses generates for a frozen
    # class as interpreted code (it was half the time of Kyoku.observe). Compiled, the fields are
    # assigned as a native class's attributes; object.__setattr__ (which the pure build needs to
    # get past the frozen class's __setattr__) is a generic call each, most of the constructor's
    # time (the environments build an Observation at every step).
    def __init__(self, seat: int, round_wind: int, hand_number: int, honba: int, deposits: int,
                 dealer: int, scores: tuple[int, ...], hand: tuple[Tile, ...], drawn: Tile | None,
                 melds: tuple[tuple[Meld, ...], ...], discards: tuple[tuple[Tile, ...], ...],
                 riichi: tuple[bool, ...], dora_indicators: tuple[Tile, ...], tiles_left: int,
                 last_discard: tuple[int, Tile] | None, legal_actions: tuple[Action, ...],
                 events: tuple[Event, ...],
                 open_hands: tuple[tuple[Tile, ...] | None, ...] = (None, None, None, None)) -> None:
        if _NATIVE:  # compiled: the attributes written directly (frozen only to callers)
            self.seat = seat  # type: ignore[misc]
            self.round_wind = round_wind  # type: ignore[misc]
            self.hand_number = hand_number  # type: ignore[misc]
            self.honba = honba  # type: ignore[misc]
            self.deposits = deposits  # type: ignore[misc]
            self.dealer = dealer  # type: ignore[misc]
            self.scores = scores  # type: ignore[misc]
            self.hand = hand  # type: ignore[misc]
            self.drawn = drawn  # type: ignore[misc]
            self.melds = melds  # type: ignore[misc]
            self.discards = discards  # type: ignore[misc]
            self.riichi = riichi  # type: ignore[misc]
            self.dora_indicators = dora_indicators  # type: ignore[misc]
            self.tiles_left = tiles_left  # type: ignore[misc]
            self.last_discard = last_discard  # type: ignore[misc]
            self.legal_actions = legal_actions  # type: ignore[misc]
            self.events = events  # type: ignore[misc]
            self.open_hands = open_hands  # type: ignore[misc]
            return
        setattr_ = object.__setattr__
        setattr_(self, "seat", seat)
        setattr_(self, "round_wind", round_wind)
        setattr_(self, "hand_number", hand_number)
        setattr_(self, "honba", honba)
        setattr_(self, "deposits", deposits)
        setattr_(self, "dealer", dealer)
        setattr_(self, "scores", scores)
        setattr_(self, "hand", hand)
        setattr_(self, "drawn", drawn)
        setattr_(self, "melds", melds)
        setattr_(self, "discards", discards)
        setattr_(self, "riichi", riichi)
        setattr_(self, "dora_indicators", dora_indicators)
        setattr_(self, "tiles_left", tiles_left)
        setattr_(self, "last_discard", last_discard)
        setattr_(self, "legal_actions", legal_actions)
        setattr_(self, "events", events)
        setattr_(self, "open_hands", open_hands)

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



_NATIVE = hasattr(Observation, "__mypyc_attrs__")
"""Whether this module runs compiled (mypyc marks its native classes with ``__mypyc_attrs__``)."""

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
    return copy_event(event)


def _copy(value: Any) -> Any:
    """A copy of an event's value: lists and dicts (nested) copied, strings and numbers shared."""
    if type(value) is list:
        return [_copy(item) for item in value]
    if type(value) is dict:
        return {key: _copy(item) for key, item in value.items()}
    return value


def copy_event(event: Event) -> Event:
    """A copy of ``event`` that shares nothing mutable with it (its lists and dicts copied)."""
    for value in event.values():
        if type(value) is list or type(value) is dict:
            return {key: _copy(item) for key, item in event.items()}
    return event.copy()  # most events (draws, discards) hold strings, numbers and flags only


class EventLog(Sequence[Event]):
    """The mjai event record of a hand or a match, read-only (``Kyoku.events``,
    ``Match.events``): only the referee appends to it, and nobody else changes it. Reading an
    event gives a copy (:func:`copy_event`), so a caller who changes what he read changes no
    record; a slice is a tuple of copies. It is a live view: events the referee appends later
    are in it. It equals another log, a list or a tuple of the same events.

    >>> from taku.mahjong.kyoku import Kyoku
    >>> from taku.mahjong.wall import Wall
    >>> table = Kyoku(Wall.shuffled(1))
    >>> log = table.events
    >>> len(log), log[-1]["type"], [event["type"] for event in log[:2]]
    (2, 'tsumo', ['start_kyoku', 'tsumo'])
    >>> log[0]["scores"].append(0)
    >>> log.append({"type": "end_kyoku"})
    Traceback (most recent call last):
    ...
    AttributeError: 'EventLog' object has no attribute 'append'
    >>> log[0]["scores"], len(table.events)
    ([25000, 25000, 25000, 25000], 2)
    """

    __slots__ = ("_events",)

    def __init__(self, events: list[Event]) -> None:
        self._events = events  # the referee's own list, which only it appends to

    def __len__(self) -> int:
        return len(self._events)

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Event, ...]: ...

    def __getitem__(self, index: int | slice) -> Event | tuple[Event, ...]:
        if isinstance(index, slice):
            return tuple(copy_event(event) for event in self._events[index])
        return copy_event(self._events[index])

    def __iter__(self) -> Iterator[Event]:
        for event in self._events:
            yield copy_event(event)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog):
            return self._events == other._events
        if isinstance(other, (list, tuple)):
            return len(self._events) == len(other) and all(
                mine == theirs for mine, theirs in zip(self._events, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # it grows: not hashable, as a list

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickling and copying (a compiled class cannot be created empty): a deep copy or an
        # unpickled log is a log of copied events, detached from the referee's.
        return EventLog, (self._events,)

    def __repr__(self) -> str:
        return f"EventLog({self._events!r})"
