"""The players registry (``taku.bots.PLAYERS``, ``make_player``) and the tsumogiri baseline."""

from __future__ import annotations

import dataclasses

import pytest

from taku.bots import (
    PLAYERS,
    Player,
    RandomPlayer,
    SimplePlayer,
    TsumogiriPlayer,
    UnknownPlayerError,
    make_player,
)
from taku.mahjong.actions import Action
from taku.mahjong.match import Match
from taku.mahjong.rules import Rules


def test_registry_names_every_built_in_player() -> None:
    assert sorted(PLAYERS) == ["random", "simple", "taku", "taku-efficiency", "tsumogiri"]
    assert isinstance(make_player("random", 3), RandomPlayer)
    assert isinstance(make_player("simple", 3), SimplePlayer)
    assert isinstance(make_player("tsumogiri", 3), TsumogiriPlayer)


def test_unknown_player_is_a_value_error_listing_the_known_names() -> None:
    with pytest.raises(UnknownPlayerError) as info:
        make_player("mortal", 0)
    assert isinstance(info.value, ValueError)
    assert str(info.value) == ("unknown player 'mortal'; choose one of random, simple, taku, "
                               "taku-efficiency, tsumogiri")


def test_taku_players_are_built_with_and_without_defence_for_the_rules() -> None:
    from taku.bots.mahjong_taku import TakuPlayer
    rules = Rules.preset("tenhou")
    taku, efficiency = make_player("taku", 1, rules), make_player("taku-efficiency", 1, rules)
    assert isinstance(taku, TakuPlayer) and isinstance(efficiency, TakuPlayer)
    assert (taku.defence, efficiency.defence) == (True, False)
    assert taku.rules is rules


def test_random_players_with_one_seed_choose_alike() -> None:
    match = Match(seed=5)
    observation = match.observe(match.to_act[0])
    first = [make_player("random", "s").choose(observation) for _ in range(3)]
    assert first[0] == first[1] == first[2]


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_every_available_player_plays_a_whole_match_legally(name: str) -> None:
    """Match.apply raises on an illegal action, so finishing the match is the check."""
    match = Match(Rules.preset("tenhou"), seed=f"registry-{name}")
    players = [make_player(name, seat) for seat in range(4)]
    while not match.is_over:
        seat = match.to_act[0]
        observation = match.observe(seat)
        action = players[seat].choose(observation)
        assert action in observation.legal_actions
        match.apply(action)
    assert match.result is not None and sorted(match.result.ranks) == [1, 2, 3, 4]


def test_tsumogiri_discards_the_drawn_tile_and_never_calls_or_riichis() -> None:
    match = Match(Rules.preset("tenhou"), seed="tsumogiri")
    players: list[Player] = [TsumogiriPlayer(), RandomPlayer(1), RandomPlayer(2), RandomPlayer(3)]
    decisions = 0
    while not match.is_over:
        seat = match.to_act[0]
        observation = match.observe(seat)
        action = players[seat].choose(observation)
        if seat == 0:
            decisions += 1
            kinds = {a.type for a in observation.legal_actions}
            if "hora" in kinds:
                assert action.type == "hora"
            elif observation.drawn is not None and "dahai" in kinds:
                assert action == Action("dahai", 0, observation.drawn, tsumogiri=True)
            else:
                assert action.type == "none"
        match.apply(action)
    assert decisions > 50
    own = [e for e in match.events if e.get("actor") == 0]
    assert not [e for e in own if e["type"] in ("chi", "pon", "daiminkan", "kakan", "ankan", "reach")]
    assert all(e["tsumogiri"] for e in own if e["type"] == "dahai")


def test_tsumogiri_declares_a_legal_win_and_passes_a_call() -> None:
    match = Match(seed=2)
    observation = match.observe(match.to_act[0])
    seat = observation.seat
    drawn = observation.drawn
    assert drawn is not None
    win = Action("hora", seat, drawn, target=seat)
    discard = Action("dahai", seat, drawn, tsumogiri=True)
    player = TsumogiriPlayer()
    assert player.choose(dataclasses.replace(observation, legal_actions=(discard, win))) == win
    pon = Action("pon", seat, drawn, (drawn, drawn), (seat + 1) % 4)
    none = Action("none", seat)
    assert player.choose(dataclasses.replace(observation, legal_actions=(pon, none))) == none
    assert repr(player) == "TsumogiriPlayer()"
