"""A finished game's record as text: mjai JSON lines and Tenhou JSON (mahjong), PSQ and SGF (renju)."""

from __future__ import annotations

from taku.formats.mahjong.mjai import write_mjai
from taku.formats.mahjong.record import MahjongRecord
from taku.formats.mahjong.tenhou_json import write_tenhou_json
from taku.formats.renju.psq import write_psq
from taku.formats.renju.record import GameRecord
from taku.formats.renju.sgf import write_sgf
from taku.server.mahjong_table import MahjongTable
from taku.server.renju_game import RenjuGame
from taku.server.tables import GameActor, GameError


def mahjong_record(table: MahjongTable) -> MahjongRecord:
    """The table's match as a record (``start_game`` names the players)."""
    names = [seat.name for seat in table.seats]
    events = [dict(event) for event in table.match.events]
    events[0] = {**events[0], "names": names}
    preset = table.game.config.get("rules")
    return MahjongRecord(
        tuple(events),
        preset if not table.game.config.get("options") else None,
        f"taku-{table.id}",
        tuple(names),
    )


def renju_record(game: RenjuGame) -> GameRecord:
    """The game as a record: the opening's stones, then the moves."""
    black = game.seats[game.black_seat].name
    white = game.seats[1 - game.black_seat].name
    result = game.outcome["result"] if game.outcome else None
    return GameRecord(
        game.all_moves(),
        rules=game.rules,
        result=result,
        black=black,
        white=white,
        metadata={"game_id": game.id},
    )


def record_text(actor: GameActor, fmt: str) -> tuple[str, str, str]:
    """The record in ``fmt``: its text, media type and file suffix (``GameError`` for a format
    the game has not)."""
    if isinstance(actor, MahjongTable):
        if fmt == "mjai":
            return write_mjai(mahjong_record(actor)), "application/x-ndjson", "mjson"
        if fmt == "tenhou":
            return write_tenhou_json(mahjong_record(actor)), "application/json", "json"
    elif isinstance(actor, RenjuGame):
        if fmt == "psq":
            return write_psq(renju_record(actor)), "text/plain; charset=utf-8", "psq"
        if fmt == "sgf":
            return write_sgf(renju_record(actor)), "application/x-go-sgf", "sgf"
    formats = "mjai, tenhou" if isinstance(actor, MahjongTable) else "psq, sgf"
    raise GameError(f"a {actor.kind} game has no {fmt} record: choose {formats}")
