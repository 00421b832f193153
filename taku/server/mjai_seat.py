"""An outside mjai bot at a table, over a WebSocket (Mortal, akochan and mjai.app bots speak mjai).

The server sends what mjai.app sends a bot: at each of the seat's decisions one message, the JSON
array of the events the seat may see since its last answer (``start_game`` with the seat's ``id``
first; others' draws and hands are ``?``), built by :class:`~taku.protocols.mjai_process.MjaiEventFeed`
from the seat's observation; it reads one action per message. A late, unreadable or illegal answer is
handled as ``MjaiProcessPlayer``'s penalty mode does: the seat plays the safest legal action (``none``
if allowed, else the tsumogiri discard), and the fault is logged and stored with the action.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from taku.mahjong.actions import Action, IllegalActionError, match_action
from taku.mahjong.kyoku import Observation
from taku.protocols.mjai_process import MjaiEventFeed
from taku.server.protocol import ProtocolError, read_json
from taku.server.tables import Connection


class MjaiFault(ValueError):
    """What was wrong with a bot's answer (one line)."""


class MjaiLink:
    """A connected outside bot: its connection and what it has been sent."""

    def __init__(self, seat: int, connection: Connection) -> None:
        self.seat = seat
        self.connection = connection
        self.feed = MjaiEventFeed(seat)
        self.owed = 0
        """Answers still due for decisions that timed out: dropped when they come."""
        self.waiting = False

    def ask(self, observation: Observation) -> None:
        """Send the events since the last decision (the bot answers with one action)."""
        self.connection.send(json.dumps(self.feed.batch(observation), separators=(",", ":")))
        self.waiting = True

    def timed_out(self) -> None:
        """The open decision was decided for the bot: its answer, when it comes, is dropped."""
        if self.waiting:
            self.owed += 1
            self.waiting = False

    def end(self) -> None:
        """Send the last batch (``end_game``) and close."""
        self.connection.send(json.dumps(self.feed.end_game(), separators=(",", ":")))
        self.connection.close()


def read_answer(text: str | bytes, seat: int, legal: Sequence[Action]) -> Action:
    """The legal action an mjai answer names; ``MjaiFault`` naming the problem."""
    shown = (text if isinstance(text, str) else text.decode("utf-8", "replace")).strip()[:200]
    try:
        data = read_json(text, "answer")
    except ProtocolError as error:
        raise MjaiFault(f"answer {shown!r}: {error}") from None
    try:
        action = Action.from_mjai(data, actor=seat)
    except IllegalActionError as error:
        raise MjaiFault(f"answer {shown!r}: {error}") from None
    if action.actor != seat:
        raise MjaiFault(f"answer {shown!r}: actor {action.actor} is not its seat {seat}")
    if action.type == "none" and not any(a.type == "none" for a in legal):
        raise MjaiFault(f"answer {shown!r}: it must act now; legal: " + "; ".join(map(str, legal)))
    found = match_action(legal, action)
    if found is None:
        raise MjaiFault(f"answer {shown!r}: not a legal action; legal: " + "; ".join(map(str, legal)))
    return found
