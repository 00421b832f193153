"""The mahjong core's entry points refuse an action of the wrong types with IllegalActionError
naming the problem, and nothing changes."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from taku.mahjong.actions import Action, IllegalActionError
from taku.mahjong.match import Match
from taku.mahjong.rules import Rules


def _state(match: Match) -> Any:
    return (copy.deepcopy(match.events), match.to_act, [match.legal_actions(s) for s in range(4)],
            list(match.scores))


@pytest.mark.parametrize("pai", ["6m", 6, ("6m",)])
def test_match_apply_discard_of_a_text_tile_is_refused(pai: Any) -> None:
    match = Match(Rules(), seed=1)
    seat = match.to_act[0]
    legal = match.legal_actions(seat)[0]
    before = _state(match)
    with pytest.raises(IllegalActionError, match="dahai: pai must be a Tile"):
        Action("dahai", seat, pai)  # refused where it is made (in both builds)
    assert _state(match) == before
    match.apply(legal)  # and the match goes on normally
