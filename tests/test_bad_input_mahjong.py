"""The mahjong core's entry points refuse an action of the wrong types with IllegalActionError
naming the problem, and nothing changes; an mjai message with a field of the wrong JSON type is
refused naming the field; the notation parsers refuse a value that is not text with
InvalidNotationError; a huge bad value is cut short in the message (both builds)."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from taku.mahjong.actions import Action, IllegalActionError
from taku.mahjong.errors import InvalidNotationError
from taku.mahjong.hand import Hand, Meld
from taku.mahjong.match import Match
from taku.mahjong.rules import Rules
from taku.mahjong.tiles import Tile, parse_tiles
from taku.mahjong.wall import Wall


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


@pytest.mark.parametrize("consumed", [["4m", "6m"], (Tile.from_str("4m"), "6m"), 46, ("4m",)])
def test_an_action_whose_consumed_tiles_are_not_tiles_is_refused(consumed: Any) -> None:
    with pytest.raises(IllegalActionError, match="chi: consumed must be Tiles"):
        Action("chi", 1, Tile.from_str("5m"), consumed, target=0)


def test_an_action_keeps_its_consumed_tiles_in_taku_order() -> None:
    action = Action("pon", 1, Tile.from_str("5m"), iter(parse_tiles("50m")), target=0)
    assert action.consumed == parse_tiles("05m")


# --- Action.from_mjai: every field of the wrong JSON type is refused, naming the field -----------

DISCARD = {"type": "dahai", "actor": 0, "pai": "5mr", "tsumogiri": False}


@pytest.mark.parametrize(("changes", "message"), [
    ({"tsumogiri": "yes"}, "dahai: tsumogiri must be true or false, got 'yes'"),
    ({"tsumogiri": 1}, "dahai: tsumogiri must be true or false, got 1"),
    ({"tsumogiri": None}, "dahai: tsumogiri must be true or false, got None"),
    ({"pai": ["5m"]}, "dahai: pai must be an mjai tile (text such as '5mr'), got ['5m']"),
    ({"pai": {"5m": 1}}, "dahai: pai must be an mjai tile (text such as '5mr'), got {'5m': 1}"),
    ({"pai": 15}, "dahai: pai must be an mjai tile (text such as '5mr'), got 15"),
    ({"pai": "5x"}, "dahai: pai: not an mjai tile: '5x'"),
    ({"actor": True}, "dahai: actor must be a seat 0..3, got True"),
    ({"actor": "0"}, "dahai: actor must be a seat 0..3, got '0'"),
    ({"type": ["dahai"]}, "not an mjai action type: ['dahai'] (expected one of dahai, reach,"),
])
def test_from_mjai_refuses_a_field_of_the_wrong_type(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(IllegalActionError) as caught:
        Action.from_mjai({**DISCARD, **changes})
    assert str(caught.value).startswith(message)


@pytest.mark.parametrize(("event", "message"), [
    ({"type": "pon", "actor": 1, "target": 0, "pai": "5m", "consumed": "5m5m"},
     "pon: consumed must be a list of mjai tiles, got '5m5m'"),
    ({"type": "pon", "actor": 1, "target": 0, "pai": "5m", "consumed": [["5m"], "5m"]},
     "pon: consumed[0] must be an mjai tile (text such as '5mr'), got ['5m']"),
    ({"type": "pon", "actor": 1, "target": False, "pai": "5m", "consumed": ["5m", "5m"]},
     "pon: target must be a seat 0..3, got False"),
    ({"type": "reach", "actor": 1, "open": "true"}, "reach: open must be true or false, got 'true'"),
    (["dahai", 0, "5m"], "an mjai action is a JSON object, got ['dahai', 0, '5m']"),
])
def test_from_mjai_refuses_a_call_or_message_of_the_wrong_shape(event: Any, message: str) -> None:
    with pytest.raises(IllegalActionError, match=re.escape(message)):
        Action.from_mjai(event)


def test_from_mjai_booleans_are_json_booleans() -> None:
    """The accepted forms: ``tsumogiri`` true or false (absent: false), ``open`` true for open
    riichi (false or absent: riichi)."""
    assert Action.from_mjai({**DISCARD, "tsumogiri": True}).tsumogiri is True
    assert Action.from_mjai({"type": "dahai", "actor": 0, "pai": "5m"}).tsumogiri is False
    assert Action.from_mjai({"type": "reach", "actor": 2, "open": True}).type == "open_reach"
    assert Action.from_mjai({"type": "reach", "actor": 2, "open": False}).type == "reach"


@pytest.mark.parametrize("field", ["pai", "tsumogiri", "actor", "type"])
def test_from_mjai_cuts_a_huge_bad_value_short_in_the_error(field: str) -> None:
    """A bad value is named by its first 40 characters and an ellipsis, not repeated whole."""
    huge = "x" * 100_000
    with pytest.raises(IllegalActionError) as caught:
        Action.from_mjai({**DISCARD, field: huge})
    message = str(caught.value)
    assert "'" + "x" * 38 + "…" in message and "x" * 40 not in message and len(message) < 200


def test_from_mjai_names_a_deep_value_by_its_type() -> None:
    deep: list[Any] = []
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(IllegalActionError, match=r"^dahai: pai must be an mjai tile .*, got list \(too"):
        Action.from_mjai({**DISCARD, "pai": deep})


# --- the notations' parsers: text of another type is refused with the core's error ----------------

PARSERS = [Tile.from_str, Tile.from_mjai, Meld.from_str, Hand.from_str, Wall.from_str]


@pytest.mark.parametrize("parse", [*PARSERS, parse_tiles], ids=lambda parse: parse.__qualname__)
@pytest.mark.parametrize("value", [None, 5, True, ["5m"], ("5m",), {"5m": 1}, b"5m"], ids=repr)
def test_notation_parsers_refuse_a_value_that_is_not_text(parse: Any, value: Any) -> None:
    with pytest.raises(InvalidNotationError):
        parse(value)


@pytest.mark.parametrize("parse", PARSERS, ids=lambda parse: parse.__qualname__)
def test_notation_parsers_cut_a_huge_text_short_in_the_error(parse: Any) -> None:
    with pytest.raises(InvalidNotationError) as caught:
        parse("1m" + "q" * 100_000)
    message = str(caught.value)
    assert "…" in message and "q" * 40 not in message and len(message) < 300
