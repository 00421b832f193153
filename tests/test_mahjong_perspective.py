"""The engine's public seams: a seat's perspective followed from its events
(:class:`SeatPerspective`, :meth:`Kyoku.seen_by`), a match started mid-way."""

from __future__ import annotations

import random

import pytest

from taku.mahjong.actions import Action
from taku.mahjong.errors import MahjongError
from taku.mahjong.kyoku import Kyoku, mask_event
from taku.mahjong.match import Match
from taku.mahjong.perspective import EventError, SeatPerspective
from taku.mahjong.rules import Rules
from taku.mahjong.wall import Wall

TENHOU = Rules.preset("tenhou")


def test_every_seat_following_its_events_knows_its_legal_actions() -> None:
    """Four perspectives fed the events each seat sees offer, at every decision of a whole match
    of random play, exactly the table's legal actions and the seat's own hand."""
    rng = random.Random(4)
    match = Match(TENHOU, seed=4)
    seats = [SeatPerspective(seat, TENHOU) for seat in range(4)]
    fed = 0
    decisions = 0
    while not match.is_over:
        for event in match.events[fed:]:  # the match's record, as each seat sees it
            for seat in range(4):
                seats[seat].update(mask_event(event, seat))
        fed = len(match.events)
        for seat in match.to_act:  # (a seat that has answered a claim knows it has)
            assert seats[seat].legal_actions == match.legal_actions(seat), (seat, match.events[-3:])
        actor = match.to_act[0]
        observation = seats[actor].observation()
        assert observation.hand == match.observe(actor).hand
        match.apply(rng.choice(match.legal_actions(actor)))
        decisions += 1
    assert decisions > 500


def test_seen_by_gives_the_seat_its_view_of_a_hand_in_play() -> None:
    kyoku = Kyoku(Wall.shuffled(11), TENHOU)
    rng = random.Random(11)
    for _ in range(30):
        seat = kyoku.to_act[0]
        kyoku.apply(rng.choice(kyoku.legal_actions(seat)))
    for seat in range(4):
        view = kyoku.seen_by(seat)
        assert view.legal_actions == kyoku.legal_actions(seat)
        assert view.observation().hand == kyoku.observe(seat).hand
        assert view.observation().discards == kyoku.observe(seat).discards


def test_a_perspective_refuses_an_event_that_does_not_fit() -> None:
    east = SeatPerspective(0)
    for event in Kyoku(Wall.shuffled(2)).observe(0).events:
        east.update(event)
    with pytest.raises(EventError, match="dahai by seat 2 but the hand waits for seat"):
        east.update({"type": "dahai", "actor": 2, "pai": "1m", "tsumogiri": False})
    assert isinstance(EventError("x"), MahjongError)


def test_a_match_can_start_where_a_record_begins() -> None:
    match = Match(TENHOU, seed=1, dealer=2, round_wind=1, honba=3, deposits=1,
                  scores=(20000, 30000, 24000, 25000))
    start = match.events[1]
    assert (start["bakaze"], start["kyoku"], start["oya"], start["honba"], start["kyotaku"],
            start["scores"]) == ("S", 3, 2, 3, 1, [20000, 30000, 24000, 25000])
    assert match.to_act == (2,) and match.dealer == 2
    with pytest.raises(MahjongError, match=r"dealer must be an integer 0\.\.3"):
        Match(TENHOU, dealer=4)
    assert Action("none", 0) not in match.legal_actions(2)
