"""The RenjuNet game database (``renjunet_v10_YYYYMMDD.rif`` / ``.xml`` from renju.net), read.

The database is one XML document with id-keyed sections, then the games::

    <players>     <player id="1" name="Ando" surname="Meritee" country="3" city="7"/>
    <countries>   <country id="3" name="Estonia" abbr="EST"/>      <cities> <city id="7" name="Tallinn"/>
    <tournaments> <tournament id="2" name="..." start="2008-05-01" end="..." city="7" rule="1"/>
    <rules>       <rule id="1" name="RIF"/>                       <openings> <opening id="4" name="..."/>
    <games>
      <game id="17" tournament="2" round="3" rule="1" black="1" white="5" bresult="1"
            btime="10" wtime="12" opening="4" alt="..." swap="...">
        <move>h8 h9 i10 ...</move>  <info>...</info>
      </game>

``bresult`` is Black's score (1, 0 or 0.5). Player names are ``name surname`` from ``<players>``; the
attributes ``bid``/``wid`` are read as ``black``/``white``. Every game is 15x15 and, unless its rule's
name mentions gomoku, played under the renju rules: RenjuNet's rules (RIF, Yamaguchi, Taraguchi-10,
Soosõrv-8, Swap2...) are opening rules, which the record keeps by name as ``rule``. RIF's own
opening rules (RIF, Yamaguchi, Taraguchi, Soosõrv...) give the ``rif`` preset, which also requires
the first stone on the centre point; any other name gives ``renju``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final
from xml.parsers import expat

from taku.formats.renju.record import GameRecord, RecordError, Result, check_moves, rules_from_text
from taku.renju.errors import InvalidNotationError
from taku.renju.points import parse_moves
from taku.renju.rules import RENJU, RIF_RENJU

BOARD_SIZE: Final = 15
_SECTIONS: Final = {
    "players": "player",
    "countries": "country",
    "cities": "city",
    "tournaments": "tournament",
    "rules": "rule",
    "openings": "opening",
}
_KEPT: Final = ("round", "alt", "swap", "btime", "wtime")


@dataclass(slots=True)
class _Game:
    attrs: dict[str, str]
    line: int
    texts: dict[str, list[str]] = field(default_factory=dict)


def read_renjunet(data: str | bytes) -> list[GameRecord]:
    """Every game of a RenjuNet database, in file order.

    Metadata: ``game_id``, ``round``, ``opening`` (its name), ``rule`` (the rule's name), ``place``
    (the tournament's city and country), ``btime``/``wtime``, ``alt``, ``swap`` and ``info`` when the
    game has them. ``event`` and ``date`` are the tournament's name and start date.
    """
    tables: dict[str, dict[str, dict[str, str]]] = {section: {} for section in _SECTIONS.values()}
    games: list[_Game] = []
    stack: list[str] = []
    current: list[_Game] = []
    seen_games = False
    parser = expat.ParserCreate()

    def start(name: str, attrs: dict[str, str]) -> None:
        nonlocal seen_games
        parent = stack[-1] if stack else ""
        stack.append(name)
        if name == "games":
            seen_games = True
        elif _SECTIONS.get(parent) == name and "id" in attrs:
            tables[name][attrs["id"].strip()] = attrs
        elif name == "game" and parent == "games":
            current.append(_Game(dict(attrs), parser.CurrentLineNumber))
        elif current and parent == "game":
            current[-1].texts.setdefault(name, [])

    def end(name: str) -> None:
        stack.pop()
        if name == "game" and current and (not stack or stack[-1] == "games"):
            games.append(current.pop())

    def text(data: str) -> None:
        if current and stack and stack[-1] != "game" and len(stack) >= 2 and stack[-2] == "game":
            current[-1].texts[stack[-1]].append(data)

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    try:
        parser.Parse(data, True)
    except expat.ExpatError as error:
        message = expat.ErrorString(error.code)
        raise RecordError(f"RenjuNet line {error.lineno}, column {error.offset + 1}: {message}") from None
    if not seen_games:
        raise RecordError("RenjuNet: no <games> section (is this a RenjuNet database?)")
    return [_record(game, tables) for game in games]


def _record(game: _Game, tables: dict[str, dict[str, dict[str, str]]]) -> GameRecord:
    attrs = game.attrs
    game_id = attrs.get("id", "").strip()
    where = f"RenjuNet line {game.line} (game {game_id or '?'})"

    def lookup(table: str, key: str) -> dict[str, str] | None:
        ref = attrs.get(key, "").strip()
        if not ref or ref == "0":
            return None
        entry = tables[table].get(ref)
        if entry is None and table == "player":
            raise RecordError(f"{where}: {key} player {ref} is not in <players>")
        return entry

    def player(key: str, alias: str) -> str | None:
        if not attrs.get(key) and attrs.get(alias):
            attrs[key] = attrs[alias]
        entry = lookup("player", key)
        if entry is None:
            return None
        parts = (entry.get("name", "").strip(), entry.get("surname", "").strip())
        return " ".join(part for part in parts if part)

    black, white = player("black", "bid"), player("white", "wid")
    metadata: dict[str, str] = {}
    if game_id:
        metadata["game_id"] = game_id
    for key in _KEPT:
        if value := attrs.get(key, "").strip():
            metadata[key] = value
    if (opening := lookup("opening", "opening")) and opening.get("name"):
        metadata["opening"] = opening["name"].strip()
    rules = None
    if (rule := lookup("rule", "rule")) and rule.get("name"):
        metadata["rule"] = rule["name"].strip()
        # RenjuNet is a renju database: its rules are renju opening rules (RIF, Yamaguchi, Soosõrv-8,
        # Swap2...), all played under RIF's rules of play, except any rule named after gomoku. RIF's
        # own opening rules also put the first stone on the centre point (the ``rif`` preset, RJ-14).
        if "gomoku" in metadata["rule"].lower():
            rules = None
        else:
            rules = RIF_RENJU if rules_from_text(metadata["rule"], BOARD_SIZE) == RIF_RENJU else RENJU
    event = date = None
    if tournament := lookup("tournament", "tournament"):
        event = tournament.get("name", "").strip() or None
        start = tournament.get("start", "").strip()
        date = start if re.fullmatch(r"\d{4}-\d{2}-\d{2}", start) else None
        place = [
            tables[kind].get(tournament.get(kind, "").strip(), {}).get("name", "").strip()
            for kind in ("city", "country")
        ]
        if any(place):
            metadata["place"] = ", ".join(part for part in place if part)
    info = "".join(game.texts.get("info", [])).strip()
    if info:
        metadata["info"] = info
    move_text = "".join(game.texts.get("move", []))
    try:
        moves = parse_moves(move_text)
    except InvalidNotationError as error:
        raise RecordError(f"{where}: {error}") from None
    check_moves(moves, BOARD_SIZE, lambda i: f"{where}, move {i + 1}")
    return GameRecord(
        tuple(moves),
        board_size=BOARD_SIZE,
        rules=rules,
        result=_result(attrs.get("bresult", "")),
        black=black,
        white=white,
        event=event,
        date=date,
        metadata=metadata,
    )


def _result(text: str) -> Result | None:
    """Black's score ``1``, ``0`` or ``0.5`` as a result; ``None`` when it is anything else."""
    try:
        score = float(text)
    except ValueError:
        return None
    results: dict[float, Result] = {1.0: "1-0", 0.0: "0-1", 0.5: "1/2-1/2"}
    return results.get(score)
