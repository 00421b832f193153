"""What a seat is given: observations that cannot change the game, with the derived fields players
need (seat wind, visible tiles); the referee's event record, which no caller can change; one
seat/wind conversion; the phase of a hand as an enum."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random

import pytest

from taku.mahjong.kyoku import CLAIM_PHASES, EventLog, Kyoku, Phase, SeatView, mask_event
from taku.mahjong.match import Match
from taku.mahjong.rules import Rules
from taku.mahjong.seats import seat_of_wind, seat_wind
from taku.mahjong.tiles import Tile
from taku.mahjong.wall import Wall

TENHOU = Rules.preset("tenhou")


def test_seat_wind_and_seat_of_wind_are_inverse() -> None:
    for dealer in range(4):
        assert [seat_wind(seat, dealer) for seat in range(4)] == [(s - dealer) % 4 for s in range(4)]
        for seat in range(4):
            assert seat_of_wind(seat_wind(seat, dealer), dealer) == seat
    assert seat_wind(dealer := 2, dealer) == 0  # the dealer is East


def test_the_phase_is_an_enum_that_reads_as_its_name() -> None:
    kyoku = Kyoku(Wall.shuffled(3), TENHOU)
    assert kyoku.phase is Phase.TURN and kyoku.phase == "turn" and str(kyoku.phase) == "turn"
    discard = next(a for a in kyoku.legal_actions(0) if a.type == "dahai")
    kyoku.apply(discard)
    assert kyoku.phase in (Phase.TURN, *CLAIM_PHASES)


def test_an_observation_cannot_change_the_record() -> None:
    match = Match(TENHOU, seed=5)
    rng = random.Random(5)
    while len(match.kyoku.events) < 40:
        seat = match.to_act[0]
        match.apply(rng.choice(match.legal_actions(seat)))
    record = [dict(e) for e in match.kyoku.events]
    snapshot = repr(match.kyoku.events)
    observation = match.observe(1)
    for event in observation.events:
        for key, value in list(event.items()):
            if isinstance(value, list):
                value.clear()
            event[key] = "changed"
    assert repr(match.kyoku.events) == snapshot and match.kyoku.events == record
    assert all(e is not mine for e in match.kyoku.events for mine in observation.events)
    tsumo = {"type": "tsumo", "actor": 0, "pai": "1m"}
    assert mask_event(tsumo, 0) == tsumo and mask_event(tsumo, 0) is not tsumo
    assert mask_event(tsumo, 1)["pai"] == "?"


def played(seed: int, events: int) -> Match:
    match = Match(TENHOU, seed=seed)
    rng = random.Random(seed)
    while len(match.events) < events:
        match.apply(rng.choice(match.legal_actions(match.to_act[0])))
    return match


@pytest.mark.parametrize("whose", ["kyoku", "match"])
def test_the_event_record_cannot_be_changed_by_a_caller(whose: str) -> None:
    """Issue 15 (6): ``Kyoku.events`` and ``Match.events`` are read-only views of the referee's
    record: no method or item assignment changes them, each event read (by index, slice or
    iteration) is a copy whose changes, nested lists included, reach no record, and the play
    goes on the same."""
    match = played(7, 60)
    twin = played(7, 60)  # the same seed and choices: the same record
    owner = match.kyoku if whose == "kyoku" else match
    log = owner.events
    assert isinstance(log, EventLog) and log == twin_log(twin, whose)
    before = repr(log)
    with pytest.raises(AttributeError):
        log.append({"type": "end_game"})  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        log.clear()  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        log[0] = {"type": "end_game"}  # type: ignore[index]
    with pytest.raises(TypeError):
        del log[-1]  # type: ignore[attr-defined]
    start = next(e for e in log if e["type"] == "start_kyoku")
    start["scores"][0] = 99
    start["tehais"][0].clear()
    start["type"] = "changed"
    for event in log[-5:]:
        event.clear()
    log[-1]["type"] = "changed"
    assert isinstance(log[-5:], tuple) and len(log[-5:]) == 5
    assert repr(owner.events) == before
    assert owner.events == list(log) and owner.events == tuple(log) and owner.events == twin_log(twin, whose)
    assert all(mine is not again for mine, again in zip(log, log, strict=True))
    for other in (match, twin):  # both go on alike: nothing was changed
        rng = random.Random(1)
        for _ in range(30):
            other.apply(rng.choice(other.legal_actions(other.to_act[0])))
    assert match.events == twin.events and len(match.events) >= 90


def test_an_event_log_copies_and_pickles_to_an_equal_detached_log() -> None:
    match = played(3, 30)
    copies = (copy.deepcopy(match.events), pickle.loads(pickle.dumps(match.events)))
    assert all(isinstance(log, EventLog) and log == match.events for log in copies)
    count = len(match.events)
    match.apply(match.legal_actions(match.to_act[0])[0])
    assert len(match.events) > count and [len(log) for log in copies] == [count, count]


def twin_log(twin: Match, whose: str) -> EventLog:
    return twin.kyoku.events if whose == "kyoku" else twin.events


def test_seat_views_are_read_only_snapshots() -> None:
    """A seat's state is read through ``Kyoku.seats``: frozen snapshots whose tuples change
    nothing in the hand, and which keep what they showed when the hand moves on."""
    kyoku = Kyoku(Wall.shuffled(8), TENHOU)
    views = kyoku.seats
    assert isinstance(views, tuple) and all(isinstance(v, SeatView) for v in views)
    east = views[0]
    assert len(east.closed) == 14 and east.counts == tuple(
        sum(t.kind == kind for t in east.closed) for kind in range(34))
    assert east.melds == () and east.discards == () and not east.riichi and east.is_closed
    with pytest.raises(dataclasses.FrozenInstanceError):
        east.riichi = True  # type: ignore[misc]
    discard = next(a for a in kyoku.legal_actions(0) if a.type == "dahai")
    kyoku.apply(discard)
    assert len(east.closed) == 14 and east.discards == ()  # the snapshot stays as it was
    assert len(kyoku.seats[0].closed) == 13 and kyoku.seats[0].discards == (discard.pai,)
    assert kyoku.seats[0] == SeatView.of(kyoku._seats[0]) and eval(repr(kyoku.seats[1]), {
        "SeatView": SeatView, "Tile": Tile, "frozenset": frozenset}) == kyoku.seats[1]


def test_an_observation_is_frozen_in_either_build() -> None:
    """An ``Observation`` is an immutable value: the compiled build writes its fields directly
    in ``__init__`` (faster than the pure build's ``object.__setattr__``), and a caller still can
    neither assign nor delete one, whichever build runs."""
    kyoku = Kyoku(Wall.shuffled(8), TENHOU)
    seen = kyoku.observe(0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        seen.seat = 2  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del seen.hand  # type: ignore[misc]
    assert seen.seat == 0 and len(seen.hand) == 14 and seen == kyoku.observe(0)  # the dealer


def test_observation_gives_the_seat_wind_and_the_tiles_in_sight() -> None:
    match = Match(TENHOU, seed=8, dealer=1)
    rng = random.Random(8)
    for _ in range(60):
        seat = match.to_act[0]
        match.apply(rng.choice(match.legal_actions(seat)))
        if match.results:  # stay in the first hand
            break
    for seat in range(4):
        observation = match.observe(seat)
        assert observation.seat_wind == (seat - 1) % 4
        counts = observation.visible_counts
        assert len(counts) == 34 and max(counts) <= 4
        expected = [0] * 34
        kyoku = match.kyoku
        shown: list[Tile] = [*kyoku.seats[seat].closed, *kyoku.dora_indicators]
        for s in kyoku.seats:
            shown += s.discards
            for meld in s.melds:
                shown += meld.tiles
                if meld.called is not None:
                    shown.remove(meld.called)
        for tile in shown:
            expected[tile.kind] += 1
        assert list(counts) == expected
