"""Every position of ``shared/data/renju/*.jsonl`` gives the expected forbidden points (one test per file).

The two quintet "eye makes five" probes follow quintet's reading of RIF 9.3; they are checked under
``eye_makes_five="three"``, and the default (the Gomocup referee's literal reading) must give the
other answer on them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from taku.renju import RENJU, Foul, Point, Position, RenjuRules

CODES: dict[str, Foul] = {"3": "double-three", "4": "double-four", "6": "overline"}
QUINTET_READING = RENJU.replace(eye_makes_five="three")


def load(shared: Path, name: str) -> list[dict[str, Any]]:
    path = shared / "data" / "renju" / name
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def expected_foul(record: dict[str, Any]) -> Foul | None:
    """The foul a probe record expects: from "3"/"4"/"6", or shapes like "4x3x3 forbidden"."""
    if not record["probe_forbidden"]:
        return None
    shape = record["probe_expected"].split()[0]
    if "x" in shape:  # two or more fours make a double-four, else it is a double-three
        return "double-four" if shape.split("x").count("4") >= 2 else "double-three"
    return CODES[shape]


def is_eye_probe(record: dict[str, Any]) -> bool:
    return "eye_makes_five" in record["name"]


def check_probe(record: dict[str, Any], rules: RenjuRules = RENJU) -> None:
    position = Position.from_stones(record["black"], record["white"], rules=rules)
    got = position.forbidden_reason(record["probe"])
    assert got == expected_foul(record), f"{record['name']}: {record['probe_expected']}"
    legal = Point.from_str(record["probe"]) in position.legal_moves
    assert legal is not record["probe_forbidden"], record["name"]


def test_gomoku2d_positions(shared: Path) -> None:
    records = load(shared, "gomoku2d_positions.jsonl")
    assert len(records) == 23
    for record in records:
        check_probe(record)


def test_quintet_positions(shared: Path) -> None:
    records = load(shared, "quintet_positions.jsonl")
    assert len(records) == 25
    eye_probes = [r for r in records if "probe" in r and is_eye_probe(r)]
    assert len(eye_probes) == 2
    for record in records:
        if "forbidden" in record:
            position = Position.from_stones(record["black"], record["white"])
            expected = {Point.from_str(p): CODES[code] for p, code in record["forbidden"].items()}
            assert position.forbidden_points() == expected, record["name"]
        elif is_eye_probe(record):
            check_probe(record, QUINTET_READING)
            # The default, literal reading of RIF 9.3 gives the other answer.
            default = Position.from_stones(record["black"], record["white"])
            assert default.is_forbidden(record["probe"]) is not record["probe_forbidden"], record["name"]
        else:
            check_probe(record)
            check_probe(record, QUINTET_READING)  # the reading does not matter elsewhere


def test_tricky_positions(shared: Path) -> None:
    records = load(shared, "tricky_positions.jsonl")
    assert len(records) == 3
    for record in records:
        check_probe(record)
        if not record["probe_forbidden"]:
            # The probe makes a five: pushing it wins for Black (RIF 9.2: the five takes precedence).
            position = Position.from_stones(record["black"], record["white"], moves=record["probe"])
            outcome = position.outcome()
            assert outcome is not None and outcome.winner is not None and outcome.winner.name == "BLACK"
