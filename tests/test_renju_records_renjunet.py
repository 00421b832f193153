"""The RenjuNet XML game database (renju.net ``renjunet_v10_*.rif``): games with names resolved.

The layout follows the renju-note project's reader (``src/database/rif.ts``): id-keyed sections
(countries, cities, rules, openings, players, tournaments), then ``<games>``.
"""

from __future__ import annotations

import re

import pytest

from taku.formats.renju import RecordError, read_renjunet
from taku.renju import Point, RenjuRules

P = Point.from_str

DATABASE = """<?xml version="1.0" encoding="utf-8"?>
<database version="1.0">
  <countries>
    <country id="1" name="Estonia" abbr="EST"/>
    <country id="2" name="Japan" abbr="JPN"/>
  </countries>
  <cities>
    <city id="5" name="Tallinn" country="1"/>
  </cities>
  <months><month id="8" name="August"/></months>
  <rules>
    <rule id="1" name="RIF"><info>The RIF opening rule</info></rule>
    <rule id="9" name="Yamaguchi"/>
    <rule id="12" name="Swap after 1st move"/>
    <rule id="13" name="Gomoku"/>
  </rules>
  <openings>
    <opening id="2" name="Kagetsu" abbr="D4"/>
  </openings>
  <players>
    <player id="10" name="Ando" surname="Meritee" country="1" city="5"/>
    <player id="11" name="Tunnel" surname="Yama" country="2"/>
    <player id="12" name="" surname="Unknown" country="2"/>
  </players>
  <tournaments>
    <tournament id="3" name="World Championship" country="1" city="5" year="2009" month="8"
                start="2009-08-01" end="2009-08-08" rule="1" rated="1"/>
    <tournament id="4" name="Internet game" start="" end="" rule="12"/>
  </tournaments>
  <games>
    <game id="101" publisher="10" tournament="3" round="1" rule="1" black="10" white="11"
          bresult="1" btime="55" wtime="70" opening="2" alt="j10 g9" swap="0">
      <move>h8 h9 j10 g9 i7 j8 i9</move>
      <info>Black wins with a VCF</info>
    </game>
    <game id="102" tournament="3" round="2" rule="9" black="11" white="12" bresult="0.5">
      <move>h8 i9 j8</move>
    </game>
    <game id="103" tournament="4" rule="12" bid="12" wid="10" bresult="0">
      <move>h8 h9 pass</move>
    </game>
    <game id="104" rule="13" black="10" white="11">
      <move></move>
    </game>
  </games>
</database>
"""


def test_renjunet_fixture_names_results_and_metadata() -> None:
    games = read_renjunet(DATABASE)
    assert len(games) == 4
    first = games[0]
    assert first.move_string(" ") == "h8 h9 j10 g9 i7 j8 i9"
    assert (first.black, first.white, first.result) == ("Ando Meritee", "Tunnel Yama", "1-0")
    assert (first.event, first.date, first.board_size) == ("World Championship", "2009-08-01", 15)
    assert first.rules == RenjuRules.preset("rif")  # RIF's opening rules start in the centre (RJ-14)
    assert dict(first.metadata) == {
        "game_id": "101",
        "round": "1",
        "alt": "j10 g9",
        "swap": "0",
        "btime": "55",
        "wtime": "70",
        "opening": "Kagetsu",
        "rule": "RIF",
        "place": "Tallinn, Estonia",
        "info": "Black wins with a VCF",
    }


def test_renjunet_other_games() -> None:
    _, draw, aliases, empty = read_renjunet(DATABASE.encode())
    assert draw.result == "1/2-1/2" and draw.rules == RenjuRules.preset("rif")
    assert draw.metadata["rule"] == "Yamaguchi"
    assert (draw.black, draw.white) == ("Tunnel Yama", "Unknown")
    assert (aliases.black, aliases.white, aliases.result) == ("Unknown", "Ando Meritee", "0-1")
    assert aliases.moves == (P("h8"), P("h9"), None)
    assert aliases.event == "Internet game" and aliases.date is None and "place" not in aliases.metadata
    assert aliases.rules == RenjuRules() and aliases.metadata["rule"] == "Swap after 1st move"
    assert empty.moves == () and empty.result is None and empty.event is None
    assert empty.rules is None and empty.metadata["rule"] == "Gomoku"


def test_renjunet_empty_database() -> None:
    assert read_renjunet("<database><players/><games/></database>") == []


def _game(body: str, attrs: str = 'black="10" white="11"') -> str:
    return DATABASE.replace(
        "<games>", f'<games>\n    <game id="900" {attrs}>\n      <move>{body}</move>\n    </game>', 1
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("<database><players>", "RenjuNet line 1, column 20: no element found"),
        ("<database>\n<games><game></games>", "RenjuNet line 2, column 16: mismatched tag"),
        ("<database><players/></database>", "RenjuNet: no <games> section (is this a RenjuNet database?)"),
        (
            _game("h8 h9", 'black="77" white="11"'),
            "RenjuNet line 31 (game 900): black player 77 is not in <players>",
        ),
        (
            _game("h8 h9", 'black="10" wid="78"'),
            "RenjuNet line 31 (game 900): white player 78 is not in <players>",
        ),
        (_game("h8 zz9"), "RenjuNet line 31 (game 900): 'h8 zz9' is not a move string"),
        (_game("h8 p16"), "RenjuNet line 31 (game 900), move 2: p16 is off the 15x15 board"),
        (_game("h8 h9 h8"), "RenjuNet line 31 (game 900), move 3: point h8 played twice"),
    ],
)
def test_renjunet_errors_name_the_line_and_game(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=re.escape(message)):
        read_renjunet(text)
