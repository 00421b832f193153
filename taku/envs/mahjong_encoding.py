"""The mahjong observation vector as bytes: its layout and :class:`TableEncoder`, which writes
each seat's vector from that seat's :class:`~taku.mahjong.kyoku.Observation` (and nothing else,
so a vector can hold nothing its seat may not see).

This module imports neither NumPy nor anything outside taku's cores, so mypyc compiles it with
them (``[tool.taku] compiled`` in pyproject.toml; it still imports as Python);
:mod:`taku.envs.mahjong_features` documents the layout and turns the bytes into a NumPy array
(``np.frombuffer(..., np.float32)``, no copy).

Each seat's vector is kept as the ``float32`` image (native byte order) it will be read as, a
``bytearray`` changed in place: a hand's rivers event by event (once for the four seats: they
are public), the other segments by writing only the values that differ from that seat's last
vector. Each call of :meth:`TableEncoder.encode` returns a new ``bytearray`` (a copy of the
image), which the caller owns.
"""

from __future__ import annotations

from typing import Any, Final

from taku.mahjong.kyoku import Observation
from taku.mahjong.seats import places_after, seat_wind

RIVER_SLOTS: Final = 32
"""Discards kept per seat (one seat cannot discard more than about 31 tiles in one hand)."""

LAYOUT: Final[dict[str, tuple[int, ...]]] = {
    "hand": (34,),
    "hand_red": (3,),
    "drawn": (34,),
    "melds": (4, 34),
    "river": (4, RIVER_SLOTS, 34),
    "river_flags": (4, RIVER_SLOTS, 4),
    "riichi": (4,),
    "open_hands": (4, 34),
    "dora_indicators": (34,),
    "scores": (4,),
    "round_wind": (4,),
    "seat_wind": (4,),
    "kyoku": (4,),
    "counters": (3,),
    "claim": (34,),
    "claim_from": (4,),
}
"""Each segment's shape, in the order of the vector (see :mod:`taku.envs.mahjong_features`)."""


def _starts() -> dict[str, tuple[int, int]]:
    out: dict[str, tuple[int, int]] = {}
    start = 0
    for name, shape in LAYOUT.items():
        size = 1
        for length in shape:
            size *= length
        out[name] = (start, start + size)
        start += size
    return out


BOUNDS: Final[dict[str, tuple[int, int]]] = _starts()
"""Each segment's ``(start, stop)`` in the vector."""

SIZE: Final = BOUNDS["claim_from"][1]
"""The length of the observation vector (values; the bytes are four times as many)."""

SCORE_BOUND: Final = 1000.0
"""Every value lies within ± this (scores are in thousands of points, clipped to it)."""

_HAND: Final = BOUNDS["hand"][0]
_HAND_RED: Final = BOUNDS["hand_red"][0]
_DRAWN: Final = BOUNDS["drawn"][0]
_MELDS: Final = BOUNDS["melds"][0]
_RIVER: Final = BOUNDS["river"][0]
_FLAGS: Final = BOUNDS["river_flags"][0]
_RIICHI: Final = BOUNDS["riichi"][0]
_OPEN: Final = BOUNDS["open_hands"][0]
_DORA: Final = BOUNDS["dora_indicators"][0]
_SCORES: Final = BOUNDS["scores"][0]
_ROUND: Final = BOUNDS["round_wind"][0]
_SEAT_WIND: Final = BOUNDS["seat_wind"][0]
_KYOKU: Final = BOUNDS["kyoku"][0]
_COUNTERS: Final = BOUNDS["counters"][0]
_CLAIM: Final = BOUNDS["claim"][0]
_CLAIM_FROM: Final = BOUNDS["claim_from"][0]

assert _HAND == 0 and BOUNDS["hand_red"][0] == 34  # _SeatParts writes them as one

_IMAGE_ZEROS: Final = bytes(4 * SIZE)
_RIVER_BLOCK: Final = RIVER_SLOTS * 34  # one seat's part of the river segment
_FLAGS_BLOCK: Final = RIVER_SLOTS * 4  # and of river_flags


def _kind_table() -> dict[str, int]:
    from taku.mahjong.tiles import Tile

    table: dict[str, int] = {}
    for kind in range(34):
        tile = Tile(kind)
        table[tile.mjai] = kind
        if kind in (4, 13, 22):
            table[Tile(kind, True).mjai] = kind
    return table


_KIND: Final[dict[str, int]] = _kind_table()
"""An mjai tile's kind (red fives included)."""


def _update(view: memoryview[float], start: int, now: list[int], first: int, fresh: list[int]) -> None:
    """Write the counts ``fresh`` at ``start`` of ``view`` where they differ from ``now[first:]``
    (updated)."""
    for position in range(len(fresh)):
        value = fresh[position]
        if value != now[first + position]:
            now[first + position] = value
            view[start + position] = float(value)


class _SeatParts:
    """What one seat's image holds now of the parts read afresh from each of its observations
    (everything but the rivers): each is compared with the observation and written again only
    where it differs."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.hand: object = None
        self.hand_counts = [0] * 37  # the hand by kind, then its red fives by suit
        self.drawn_at = -1  # the vector's index of the drawn tile's 1, or -1
        self.melds: list[object] = [None, None, None, None]  # by absolute seat
        self.calls = -1  # the table's calls (melds made) when the melds were last written
        self.meld_counts = [0] * 136  # by relative seat
        self.riichi: object = None
        self.shown: object = None
        self.shown_counts = [0] * 136
        self.dora = 0  # indicators written (they only ever grow in a hand)
        self.scores: object = None
        self.counters = [0, 0, 0]
        self.winds_at = (-1, -1, -1)  # the indices of the round, seat wind and kyoku 1s
        self.claim_at = -1  # the indices of the claim and claim_from 1s (-1: none)
        self.claim_from_at = -1

    def write(self, view: memoryview[float], obs: Observation, calls: int) -> None:
        """Bring the image (``view``) up to ``obs``; ``calls``: the melds made in the hand so
        far (the melds are read again only when it changed)."""
        me = self.seat
        hand = obs.hand
        if hand != self.hand:
            self.hand = hand
            counts = [0] * 37
            for tile in hand:
                counts[tile.kind] += 1
                if tile.red:
                    counts[34 + tile.kind // 9] += 1
            _update(view, _HAND, self.hand_counts, 0, counts)  # hand, then hand_red after it
        drawn = obs.drawn
        drawn_at = -1 if drawn is None else _DRAWN + drawn.kind
        if drawn_at != self.drawn_at:
            if self.drawn_at >= 0:
                view[self.drawn_at] = 0.0
            if drawn_at >= 0:
                view[drawn_at] = 1.0
            self.drawn_at = drawn_at
        all_melds = obs.melds
        for seat in range(4 if calls != self.calls else 0):
            melds = all_melds[seat]
            if melds != self.melds[seat]:
                self.melds[seat] = melds
                rel = places_after(seat, me)
                counts = [0] * 34
                for meld in melds:
                    for tile in meld.tiles:
                        counts[tile.kind] += 1
                _update(view, _MELDS + 34 * rel, self.meld_counts, 34 * rel, counts)
        self.calls = calls
        riichi = obs.riichi
        if riichi != self.riichi:
            self.riichi = riichi
            for seat in range(4):
                view[_RIICHI + places_after(seat, me)] = 1.0 if riichi[seat] else 0.0
        shown = obs.open_hands
        if shown != self.shown:
            self.shown = shown
            counts = [0] * 136
            for seat in range(4):
                tiles = shown[seat]
                if tiles is not None:
                    base = places_after(seat, me) * 34
                    for tile in tiles:
                        counts[base + tile.kind] += 1
            _update(view, _OPEN, self.shown_counts, 0, counts)
        dora = obs.dora_indicators
        if len(dora) != self.dora:
            for tile in dora[self.dora:]:
                view[_DORA + tile.kind] += 1.0
            self.dora = len(dora)
        scores = obs.scores
        if scores != self.scores:
            self.scores = scores
            for seat in range(4):
                view[_SCORES + places_after(seat, me)] = \
                    min(SCORE_BOUND, max(-SCORE_BOUND, scores[seat] / 1000.0))
        round_at = _ROUND + obs.round_wind % 4
        if round_at != self.winds_at[0]:  # the winds and the kyoku are set once a hand
            for index in self.winds_at:
                if index >= 0:
                    view[index] = 0.0
            self.winds_at = (round_at, _SEAT_WIND + seat_wind(me, obs.dealer),
                             _KYOKU + (obs.hand_number - 1) % 4)
            for index in self.winds_at:
                view[index] = 1.0
        counters = self.counters
        if obs.honba != counters[0]:
            counters[0] = obs.honba
            view[_COUNTERS] = float(obs.honba)
        if obs.deposits != counters[1]:
            counters[1] = obs.deposits
            view[_COUNTERS + 1] = float(obs.deposits)
        if obs.tiles_left != counters[2]:
            counters[2] = obs.tiles_left
            view[_COUNTERS + 2] = float(obs.tiles_left)
        claim_at = -1
        claim_from_at = -1
        events = obs.events
        if events:
            last = events[-1]
            kind: str = last["type"]
            if kind == "dahai" or kind == "kakan":
                for action in obs.legal_actions:
                    if action.type == "none":  # the seat may claim the discard or added kan
                        claim_at = _CLAIM + _KIND[last["pai"]]
                        claim_from_at = _CLAIM_FROM + places_after(last["actor"], me)
                        break
        if claim_at != self.claim_at:
            if self.claim_at >= 0:
                view[self.claim_at] = 0.0
                view[self.claim_from_at] = 0.0
            if claim_at >= 0:
                view[claim_at] = 1.0
                view[claim_from_at] = 1.0
            self.claim_at = claim_at
            self.claim_from_at = claim_from_at
        elif claim_from_at != self.claim_from_at:  # the same tile, from another seat
            view[self.claim_from_at] = 0.0
            view[claim_from_at] = 1.0
            self.claim_from_at = claim_from_at


class TableEncoder:
    """The observation vectors of the four seats of a table, each from that seat's observations
    (see the module docstring). The rivers, which every seat sees, are followed once for all
    four, from the events of whichever seat's observation comes (the same public events)."""

    def __init__(self) -> None:
        self._images = [bytearray(_IMAGE_ZEROS) for _ in range(4)]
        # Values are written through float32 views of the images: one item each (a slice
        # assignment to a bytearray costs several times more).
        self._views: list[memoryview[float]] = [memoryview(image).cast("f")
                                                 for image in self._images]
        self._hand_id: object = None
        self._reset(None)

    def __reduce__(self) -> tuple[Any, ...]:
        # Copying and pickling (an environment's deepcopy): the images are a cache of the
        # observations, so a copy starts empty and follows the hand again at its next encode
        # (the memoryviews themselves cannot be pickled).
        return TableEncoder, ()

    def _reset(self, hand_id: object) -> None:
        """Start a hand: images of zeros, nothing followed yet."""
        self._hand_id = hand_id
        for image in self._images:
            image[:] = _IMAGE_ZEROS
        self._parts = [_SeatParts(seat) for seat in range(4)]
        self._seen = 0  # events of the hand followed
        self._count = [0, 0, 0, 0]  # discards per seat
        self._reach = [False, False, False, False]  # a riichi declared, its tile not yet discarded
        self._last_seat = -1  # the seat and slot of the last discard (-1: none to call)
        self._last_slot = 0
        self._calls = 0  # melds made (chi, pon and kans)

    def _mark(self, seat: int, index: int, block: int) -> None:
        """Write 1 in each seat's view at ``index`` of the first of four blocks of ``block``
        values (the river or river_flags segment), moved to the block of ``seat`` as that view's
        seat sees it."""
        views = self._views
        for viewer in range(4):
            views[viewer][index + places_after(seat, viewer) * block] = 1.0

    def _follow(self, events: tuple[dict[str, Any], ...]) -> None:
        """Write the discards of ``events`` not followed yet into every seat's rivers."""
        for number in range(self._seen, len(events)):
            event = events[number]
            kind: str = event["type"]
            if kind == "dahai":
                seat: int = event["actor"]
                slot = self._count[seat]
                self._count[seat] = slot + 1
                if slot >= RIVER_SLOTS:
                    self._last_seat = -1
                    continue
                pai: str = event["pai"]
                self._mark(seat, _RIVER + slot * 34 + _KIND[pai], _RIVER_BLOCK)
                flags = _FLAGS + slot * 4
                if pai.endswith("r"):
                    self._mark(seat, flags, _FLAGS_BLOCK)
                if event.get("tsumogiri"):
                    self._mark(seat, flags + 1, _FLAGS_BLOCK)
                if self._reach[seat]:
                    self._mark(seat, flags + 2, _FLAGS_BLOCK)
                    self._reach[seat] = False
                self._last_seat = seat
                self._last_slot = slot
            elif kind == "reach":
                self._reach[event["actor"]] = True
            elif kind == "chi" or kind == "pon" or kind == "daiminkan":
                self._calls += 1
                seat = self._last_seat
                if seat >= 0:
                    self._mark(seat, _FLAGS + self._last_slot * 4 + 3, _FLAGS_BLOCK)
                    self._last_seat = -1
            elif kind == "ankan" or kind == "kakan":
                self._calls += 1
        self._seen = len(events)

    def encode(self, obs: Observation, hand_id: object) -> bytearray:
        """The observation vector of ``obs`` (one seat's view of the hand ``hand_id``, an
        identifier that changes from hand to hand), as ``float32`` bytes (native byte order, as
        NumPy's ``float32``): a new ``bytearray``."""
        events = obs.events
        if hand_id is not self._hand_id or len(events) < self._seen:
            self._reset(hand_id)
        if self._seen < len(events):
            self._follow(events)
        seat = obs.seat
        self._parts[seat].write(self._views[seat], obs, self._calls)
        return bytearray(self._images[seat])
