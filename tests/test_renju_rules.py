"""``RenjuRules``: presets, Gomocup rule ids, validation (RJ-13, CFG-RJ-1..4)."""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

import pytest

from taku.renju import (
    GOMOKU_FREESTYLE,
    GOMOKU_STANDARD,
    PRESETS,
    RENJU,
    RIF_RENJU,
    InvalidRulesError,
    Position,
    RenjuRules,
)
from taku.renju.rules import FIELD_KINDS


def test_default_rules_are_renju_with_rif_rules_of_play() -> None:
    rules = RenjuRules()
    assert rules == RENJU == RenjuRules.preset("renju")
    assert rules.board_size == 15
    assert rules.fouls_for_black and rules.exact_five_for_black and not rules.exact_five_for_white
    assert rules.forbidden_move == "black_loses"  # CFG-RJ-3, RIF 9.1
    assert rules.threat_definition == "extended"  # CFG-RJ-1
    assert rules.eye_makes_five == "not_a_three"  # the Gomocup referee's literal RIF 9.3
    assert not rules.first_move_center_required  # RJ-14, CFG-RJ-4: false per the seed
    assert rules.move_limit is None


def test_rj_14_cfg_rj_4_rif_preset_requires_the_centre() -> None:
    assert RenjuRules.preset("rif") == RIF_RENJU == RENJU.replace(first_move_center_required=True)
    assert RIF_RENJU.first_move_center_required and not RENJU.first_move_center_required
    assert RIF_RENJU.gomocup_rule == RENJU.gomocup_rule == 4  # the centre rule is not part of it


def test_presets_differ_only_by_field_values() -> None:
    assert set(PRESETS) == {"renju", "rif", "gomoku_freestyle", "gomoku_standard"}
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


@pytest.mark.parametrize("size", [5, 8, 15.0, 27, 20, 26, 6])
def test_rj_13_renju_board_size_must_be_odd_from_7_to_25(size: object) -> None:
    with pytest.raises(InvalidRulesError, match="board size"):
        RenjuRules(board_size=size)  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [8, 20, 24])
def test_rj_13_even_board_refused_with_fouls_or_the_centre_rule(size: int) -> None:
    # RJ-13 / CFG-RJ-2: renju is played on odd boards; RJ-14: an even board has no centre point.
    with pytest.raises(InvalidRulesError, match=f"board size {size} is not allowed with Black's fouls"):
        RenjuRules.preset("renju", board_size=size)
    with pytest.raises(InvalidRulesError, match=f"board size {size} has no centre point"):
        RenjuRules.preset("gomoku_freestyle", board_size=size, first_move_center_required=True)


@pytest.mark.parametrize("preset", ["gomoku_freestyle", "gomoku_standard"])
@pytest.mark.parametrize("size", [8, 20, 24])
def test_gomoku_even_board_sizes_are_allowed(preset: str, size: int) -> None:
    # Gomocup's freestyle and standard leagues play on 20x20.
    rules = RenjuRules.preset(preset, board_size=size)
    assert Position(rules=rules).size == size
    assert RenjuRules.from_gomocup(rules.gomocup_rule or 0, size) == rules
    with pytest.raises(InvalidRulesError, match="board size 20 is not allowed with Black's fouls"):
        RenjuRules.from_gomocup(4, 20)


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


# -- fields from text (CLI --option, SGF RU) -------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "text", "value"),
    [
        ("threat_definition", "basic", "basic"),
        ("eye_makes_five", "three", "three"),
        ("forbidden_move", "reject", "reject"),
        ("first_move_center_required", "true", True),
        ("fouls_for_black", "False", False),
        ("passes_allowed", "no", False),
        ("move_limit", "200", 200),
        ("move_limit", "none", None),
        ("board_size", "19", 19),
    ],
)
def test_parse_field_reads_every_kind_of_field(name: str, text: str, value: object) -> None:
    assert RenjuRules.parse_field(name, text) == value


def test_every_field_can_be_parsed_from_its_own_text() -> None:
    for field in dataclasses.fields(RenjuRules):
        value = getattr(RENJU, field.name)
        text = "none" if value is None else str(value).lower()
        assert RenjuRules.parse_field(field.name, text) == value, field.name


def test_field_kinds_match_the_annotations_as_written() -> None:
    """``FIELD_KINDS`` (which a compiled build needs: it keeps no annotations) names every field
    in order, with its annotation: ``bool``, ``int``, ``int | None``, or a ``Literal``'s words."""
    source = Path(__file__).resolve().parent.parent / "taku" / "renju" / "rules.py"
    tree = ast.parse(source.read_text(encoding="utf-8"))
    aliases = {node.target.id: node.value for node in tree.body  # X: TypeAlias = Literal[...]
               if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value}
    cls = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "RenjuRules")
    written = {node.target.id: ast.unparse(node.annotation) for node in cls.body
               if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)}
    assert list(FIELD_KINDS) == list(written) == [field.name for field in dataclasses.fields(RenjuRules)]
    for name, annotation in written.items():
        if annotation in ("bool", "int", "int | None"):
            assert FIELD_KINDS[name] == annotation, name
        else:
            literal = ast.unparse(aliases[annotation])
            assert literal == f"Literal[{', '.join(repr(word) for word in FIELD_KINDS[name])}]", name


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("colour", "black", "unknown rule field 'colour': expected one of board_size, fouls_for_black"),
        ("threat_definition", "rif", "threat_definition='rif': expected extended or basic"),
        ("first_move_center_required", "maybe", "expected true or false"),
        ("move_limit", "-3", "move_limit='-3': expected a whole number or none"),
        ("board_size", "none", "board_size='none': expected a whole number"),
    ],
)
def test_parse_field_errors_name_the_field_and_value(name: str, text: str, message: str) -> None:
    with pytest.raises(InvalidRulesError, match=re.escape(message)):
        RenjuRules.parse_field(name, text)


def test_with_options_applies_field_value_texts_in_order() -> None:
    rules = RENJU.with_options(["threat_definition=basic", "move_limit=200", "move_limit=100"])
    assert rules == RENJU.replace(threat_definition="basic", move_limit=100)
    with pytest.raises(InvalidRulesError, match="expected FIELD=VALUE"):
        RENJU.with_options(["basic"])
    with pytest.raises(InvalidRulesError, match="move_limit 0"):
        RENJU.with_options(["move_limit=0"])
