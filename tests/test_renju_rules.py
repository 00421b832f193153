"""``RenjuRules``: presets, Gomocup rule ids, validation (RJ-13, CFG-RJ-1..4)."""

from __future__ import annotations

import dataclasses

import pytest

from taku.renju import (
    GOMOKU_FREESTYLE,
    GOMOKU_STANDARD,
    PRESETS,
    RENJU,
    InvalidRulesError,
    Position,
    RenjuRules,
)


def test_default_rules_are_rif_renju() -> None:
    rules = RenjuRules()
    assert rules == RENJU == RenjuRules.preset("renju")
    assert rules.board_size == 15
    assert rules.fouls_for_black and rules.exact_five_for_black and not rules.exact_five_for_white
    assert rules.forbidden_move == "black_loses"  # CFG-RJ-3, RIF 9.1
    assert rules.threat_definition == "extended"  # CFG-RJ-1
    assert rules.eye_makes_five == "not_a_three"  # the Gomocup referee's literal RIF 9.3
    assert rules.first_move_center_required  # CFG-RJ-4 (RIF)
    assert rules.move_limit is None


def test_presets_differ_only_by_field_values() -> None:
    assert set(PRESETS) == {"renju", "gomoku_freestyle", "gomoku_standard"}
    assert all(type(rules) is RenjuRules for rules in PRESETS.values())
    assert not GOMOKU_FREESTYLE.fouls_for_black and not GOMOKU_FREESTYLE.exact_five_for_black
    assert not GOMOKU_STANDARD.fouls_for_black and GOMOKU_STANDARD.exact_five_for_white


@pytest.mark.parametrize(
    ("rule", "name"), [(0, "gomoku_freestyle"), (1, "gomoku_standard"), (4, "renju"), (2, "gomoku_freestyle")]
)
def test_gomocup_rule_ids_map_to_presets(rule: int, name: str) -> None:
    assert RenjuRules.from_gomocup(rule) == PRESETS[name]
    assert PRESETS[name].gomocup_rule == rule & ~2


def test_gomocup_caro_and_unmatched_rules() -> None:
    with pytest.raises(InvalidRulesError, match="Gomocup rule 8"):
        RenjuRules.from_gomocup(8)
    assert RENJU.replace(exact_five_for_white=True).gomocup_rule is None


def test_preset_with_changes() -> None:
    rules = RenjuRules.preset("renju", board_size=19)
    assert rules.board_size == 19 and rules.fouls_for_black
    with pytest.raises(InvalidRulesError, match="colour"):
        RenjuRules.preset("renju", colour=1)


def test_unknown_preset_names_the_input() -> None:
    with pytest.raises(InvalidRulesError, match="'caro'"):
        RenjuRules.preset("caro")


@pytest.mark.parametrize("size", [5, 8, 15.0, 27, 20])
def test_rj_13_board_size_must_be_odd_from_7_to_25(size: object) -> None:
    with pytest.raises(InvalidRulesError, match="board size"):
        RenjuRules(board_size=size)  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [7, 15, 19, 25])
def test_rj_13_allowed_board_sizes(size: int) -> None:
    assert Position(rules=RENJU.replace(board_size=size)).size == size


@pytest.mark.parametrize(
    "changes",
    [
        {"forbidden_move": "loses"},
        {"threat_definition": "rif"},
        {"eye_makes_five": True},
        {"move_limit": 0},
    ],
)
def test_bad_field_values_raise(changes: dict[str, object]) -> None:
    with pytest.raises(InvalidRulesError):
        RENJU.replace(**changes)


def test_rules_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        RENJU.board_size = 19  # type: ignore[misc]
