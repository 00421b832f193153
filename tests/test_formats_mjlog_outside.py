"""Real Tenhou mjlog files from outside the shared data (tests/data/mahjong/tenhou_mjlog_dnovikoff,
MIT): East-only, chip and private-lobby games, a disconnection, a three-player game. Each is read as
its ``GO type`` says and replays with the engine (issue 9 item 5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from taku.formats.mahjong.load import UnreadableGame, load_records
from taku.formats.mahjong.mjlog import read_mjlog
from taku.formats.mahjong.record import MahjongRecord, RecordError
from taku.formats.mahjong.replay import replay

DATA = Path(__file__).parent / "data" / "mahjong" / "tenhou_mjlog_dnovikoff"

EXPECTED: dict[str, tuple[tuple[tuple[str, object], ...], int]] = {
    # file: (rule changes over Tenhou's, whole hands replayed)
    **{f"bug{n}.xml": ((), hands) for n, hands in
       zip(range(1, 10), (11, 15, 6, 13, 10, 15, 7, 11, 11), strict=True)},
    "example.xml": ((), 9),
    "pao.xml": ((), 4),
    "bye.xml": ((("length", "east"),), 7),
    "shuffle.xml": ((("length", "east"),), 5),
    "chip.xml": ((("kiriage_mangan", True),), 11),
    "ratio1.xml": ((("length", "east"), ("kiriage_mangan", True), ("honba_points", 1500)), 5),
    "ratio.xml": ((("length", "east"),), 1),
    "sanma.xml": ((("length", "east"),), 1),
    "newattr2023.xml": ((("length", "east"),), 4),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_outside_tenhou_logs_read_as_their_type_says_and_replay(name: str) -> None:
    """Issue 9 item 5: the length (0x08), red fives (0x02) and open tanyao (0x04) come from the
    GO type; kiriage mangan and the value of a counter from the log's own results; every action
    legal, every score change, yaku, fu, han and final score equal to the engine's."""
    (record,) = load_records(str(DATA / name))
    assert isinstance(record, MahjongRecord)
    changes, hands = EXPECTED[name]
    assert (record.rules, record.rule_changes) == ("tenhou", changes)
    report = replay(record)
    assert report.ok, report.mismatches
    assert report.hands == hands and report.stops_early == ""


def test_east_only_games_end_after_the_east_round() -> None:
    """Issue 9 item 5: ``bye.xml`` (GO type 161, 0x08 clear) is East-only: read as a hanchan, the
    engine would play on after East 4 (the defect); read as the bits say it ends where the log
    ends."""
    (record,) = load_records(str(DATA / "bye.xml"))
    assert isinstance(record, MahjongRecord)
    hanchan = MahjongRecord(record.events, "tenhou", "as hanchan")
    assert "the record's match ends but the engine's goes on" in replay(hanchan).mismatches[0].message
    assert replay(record).ok


def test_chips_are_read_and_reported() -> None:
    """Issue 9 item 5: ``sc`` and ``owari`` with 16 numbers (points, then chips): the points are
    the record, the chips are kept on each result and at the end, and reported."""
    (record,) = load_records(str(DATA / "chip.xml"))
    assert isinstance(record, MahjongRecord)
    first = next(e for e in record.events if e["type"] == "hora")
    assert first["deltas"] == [13000, -4000, -4000, -4000] and first["chip_deltas"] == [3, -1, -1, -1]
    end = record.events[-1]
    assert end["type"] == "end_game" and end["chips"] == [-1, 12, -8, -3]
    assert replay(record).chips == [-1, 12, -8, -3]


def test_a_three_player_log_is_refused_clearly() -> None:
    """Issue 9 item 5: GO type 185 has 0x10 (sanma): refused with one line, not misread."""
    (game,) = load_records(str(DATA / "sanma2.xml"))
    assert game == UnreadableGame("sanma2.xml", "<GO>: type=185: a 3-player game (bit 0x10), "
                                                "which taku does not play")


def _log(go_type: int, result: str = "") -> str:
    hands = " ".join(f'hai{seat}="{",".join(str(seat * 13 + i) for i in range(13))}"'
                     for seat in range(4))
    return (f'<mjloggm ver="2.3"><GO type="{go_type}"/><INIT seed="0,0,0,0,0,60" '
            f'ten="250,250,250,250" oya="0" {hands}/>{result}</mjloggm>')


@pytest.mark.parametrize(("go_type", "changes"), [
    (0xA9, ()),                                                  # Houou East-South
    (0xA1, (("length", "east"),)),                               # Houou East-only
    (0xAB, (("red_fives", (0, 0, 0)),)),                         # no red fives
    (0xAD, (("kuitan", False),)),                                # no open tanyao
    (0x07, (("red_fives", (0, 0, 0)), ("kuitan", False), ("length", "east"))),
    (0x229, ()),                                                 # chips: no rule bit
    (0x101, (("length", "east"),)),                              # a private lobby
])
def test_go_type_bits_name_the_rules(go_type: int, changes: tuple[tuple[str, object], ...]) -> None:
    """Issue 9 item 5 (TENHOU_LOGS.md, GO type): 0x02 no red fives, 0x04 no kuitan, 0x08 clear
    East-only; other bits (lobby, speed, chips, private rules) are read as saying nothing more."""
    record = read_mjlog(_log(go_type), "t")
    assert (record.rules, record.rule_changes) == ("tenhou", changes)
    rules = record.rules_value()
    assert rules is not None and rules.length == ("east" if go_type & 0x08 == 0 else "hanchan")
    assert record.events[1]["tehais"][1][0] != "5mr"  # tile 16 is plain without red fives
    assert record.events[1]["tehais"][1][3] == ("5m" if go_type & 0x02 else "5mr")


@pytest.mark.parametrize("go_type", [0x10, 0xB9, 0x11])
def test_three_player_bits_are_refused(go_type: int) -> None:
    with pytest.raises(RecordError, match=f"type={go_type}: a 3-player game"):
        read_mjlog(_log(go_type), "t")


def test_sc_of_another_length_is_refused() -> None:
    with pytest.raises(RecordError, match=r"sc='1,2,3': expected 8 numbers \(16 with chips\), got 3"):
        read_mjlog(_log(0xA9, '<RYUUKYOKU type="yao9" ba="0,0" sc="1,2,3"/>'), "t")
