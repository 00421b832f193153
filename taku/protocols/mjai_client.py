"""The bot side of mjai: follow a game from the events one seat sees and answer with its actions.

:class:`MjaiSeatState` is the core's :class:`~taku.mahjong.perspective.SeatPerspective`: it
reads the mjai events of one seat (others' draws and hands hidden, ``?``) and knows, from them
alone, that seat's hand, the table, and what the seat may do now; an event it cannot follow raises
:class:`MjaiProtocolError` (the core's :class:`~taku.mahjong.perspective.EventError`).

:class:`MjaiBot` wraps a state and a player: :meth:`MjaiBot.react` takes the events of one input
line and returns the one action to write (``{"type": "none"}`` when the seat has nothing to do).
:func:`serve` is the stdin/stdout loop of ``taku mahjong mjai-bot``: each input line is a JSON
array of events (mjai.app's batches) or one event object (plain mjai); one JSON action is written
and flushed per line (blank lines are skipped; a last event with ``"can_act": false`` gets ``none``).

>>> from taku.bots import RandomPlayer
>>> bot = MjaiBot(RandomPlayer(1), seat=0)
>>> bot.react([{"type": "start_game", "id": 0}])
{'type': 'none'}
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, TextIO

from taku.bots.simple import Player
from taku.mahjong.perspective import MAX_COUNTERS, EventError, SeatPerspective
from taku.mahjong.rules import Rules

__all__ = ["MAX_COUNTERS", "MAX_LINE", "MjaiBot", "MjaiProtocolError", "MjaiSeatState", "read_line",
           "serve"]

MAX_LINE = 1 << 20
"""The longest input line the bot reads (1 MiB): a longer one is refused, its memory bounded."""

MjaiProtocolError = EventError
"""An mjai input the bot cannot follow: not JSON, not an event, or an event that does not fit
the game so far (the message names the event and says why)."""

MjaiSeatState = SeatPerspective
"""One seat's view of an mjai game, built from its events: the core's
:class:`~taku.mahjong.perspective.SeatPerspective`."""


class MjaiBot:
    """A taku :class:`~taku.bots.simple.Player` behind the mjai protocol for one seat."""

    def __init__(self, player: Player, seat: int | None = None, rules: Rules | None = None) -> None:
        self.player = player
        self.state = MjaiSeatState(seat, rules)

    def react(self, events: Sequence[Any]) -> dict[str, Any]:
        """Follow ``events`` and return the seat's action (``{"type": "none"}`` if none is due, or
        if the last event says ``"can_act": false``: the decision then waits for a later line)."""
        for event in events:
            self.state.update(event)
        legal = self.state.legal_actions
        if not legal or (events and events[-1].get("can_act") is False):
            return {"type": "none"}
        choice = self.player.choose(self.state.observation())
        if choice not in legal:
            raise MjaiProtocolError(f"the player chose an illegal action: {choice}")
        self.state.answered()
        return choice.to_mjai()


def read_line(line: str, number: int) -> list[Any]:
    """The events of one input line: a JSON array of events, or one event object (raises
    :class:`MjaiProtocolError` naming line ``number`` otherwise)."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError as error:
        raise MjaiProtocolError(f"line {number} is not JSON: {error.msg} at column {error.colno}") \
            from None
    except RecursionError:
        raise MjaiProtocolError(f"line {number} is not JSON: nested too deeply") from None
    if isinstance(data, dict):
        return [data]
    if isinstance(data, list):
        return data
    raise MjaiProtocolError(f"line {number}: expected a JSON array of events or an event object, "
                            f"got {line.strip()[:80]!r}")


def serve(bot: MjaiBot, stdin: TextIO, stdout: TextIO) -> int:
    """Answer each input line with one JSON action line until ``end_game`` or the end of input
    (blank lines are skipped without an answer).

    Raises :class:`MjaiProtocolError` (naming the line) on input the bot cannot follow."""
    number = 0
    while True:
        line = stdin.readline(MAX_LINE + 1)
        if not line:
            break
        number += 1
        if len(line) > MAX_LINE:
            raise MjaiProtocolError(f"line {number} is longer than {MAX_LINE} characters")
        if not line.strip():
            continue
        events = read_line(line, number)
        try:
            reply = bot.react(events)
        except MjaiProtocolError as error:
            raise MjaiProtocolError(f"line {number}: {error}") from None
        stdout.write(json.dumps(reply, separators=(",", ":")) + "\n")
        stdout.flush()
        if bot.state.game_over:
            break
    return 0
