"""Player actions at the table, in mjai's vocabulary, and the error an illegal one raises.

An :class:`Action` is an immutable value: its ``type`` is an mjai event type (``dahai``, ``reach``,
``chi``, ``pon``, ``daiminkan``, ``kakan``, ``ankan``, ``hora``, ``ryukyoku`` for nine terminals,
``none`` to pass a claim), ``actor`` the seat (0..3, East of the first hand = 0), and the tiles.

>>> Action.from_mjai({"type": "dahai", "actor": 0, "pai": "5mr", "tsumogiri": True})
Action(type='dahai', actor=0, pai=Tile.from_str('0m'), consumed=(), target=None, tsumogiri=True)
"""

from __future__ import annotations

from typing import Any, NamedTuple

from taku.mahjong.errors import MahjongError
from taku.mahjong.tiles import Tile

ACTION_TYPES = ("dahai", "reach", "open_reach", "chi", "pon", "daiminkan", "kakan", "ankan", "hora",
                "ryukyoku", "none")
"""Every action type: mjai event types (``ryukyoku`` is the nine-terminals declaration), and
``open_reach`` for open riichi (in mjai: ``{"type": "reach", "open": true}``)."""


class IllegalActionError(MahjongError):
    """An action the rules do not allow now: the message names it and says why."""


class Action(NamedTuple):
    """One player's action (see the module docstring). ``target`` is the seat a claimed tile or a
    ron comes from (the actor himself for tsumo); ``consumed`` are the hand tiles a call uses."""

    type: str
    actor: int
    pai: Tile | None = None
    consumed: tuple[Tile, ...] = ()
    target: int | None = None
    tsumogiri: bool = False

    def to_mjai(self) -> dict[str, Any]:
        """The action as an mjai message."""
        event: dict[str, Any] = {"type": self.type}
        if self.type == "none":
            return event
        if self.type == "open_reach":
            return {"type": "reach", "actor": self.actor, "open": True}
        event["actor"] = self.actor
        if self.target is not None and self.type in ("chi", "pon", "daiminkan", "hora"):
            event["target"] = self.target
        if self.pai is not None and self.type != "ankan":
            event["pai"] = self.pai.mjai
        if self.consumed:
            event["consumed"] = [t.mjai for t in self.consumed]
        if self.type == "dahai":
            event["tsumogiri"] = self.tsumogiri
        if self.type == "ryukyoku":
            event["reason"] = "kyushu_kyuhai"
        return event

    @classmethod
    def from_mjai(cls, event: dict[str, Any], actor: int | None = None) -> Action:
        """Read an mjai message (``actor`` fills a ``none`` reply's seat).

        Raises :class:`IllegalActionError` for a message that is not an action.
        """
        if not isinstance(event, dict):
            raise IllegalActionError(f"an mjai action is a JSON object, got {event!r}")
        kind = event.get("type")
        if kind == "reach" and event.get("open") is True:
            kind = "open_reach"
        if kind not in ACTION_TYPES:
            raise IllegalActionError(f"not an mjai action type: {kind!r} (expected one of "
                                     f"{', '.join(ACTION_TYPES)})")
        seat = event.get("actor", actor)
        if type(seat) is not int or not 0 <= seat <= 3:
            raise IllegalActionError(f"{kind}: actor must be a seat 0..3, got {seat!r}")
        try:
            pai = Tile.from_mjai(event["pai"]) if "pai" in event else None
            consumed = tuple(sorted(Tile.from_mjai(t) for t in event.get("consumed", ())))
        except (MahjongError, TypeError) as error:
            raise IllegalActionError(f"{kind}: {error}") from None
        if kind == "ankan" and pai is None and consumed:
            pai = consumed[0]
        target = event.get("target")
        if target is not None and (type(target) is not int or not 0 <= target <= 3):
            raise IllegalActionError(f"{kind}: target must be a seat 0..3, got {target!r}")
        return cls(kind, seat, pai, consumed, target,
                   bool(event.get("tsumogiri", False)))

    def __str__(self) -> str:
        text = f"{self.type} by seat {self.actor}"
        if self.pai is not None:
            text += f" {self.pai}"
        if self.consumed:
            text += " with " + "".join(str(t) for t in self.consumed)
        if self.type == "dahai" and self.tsumogiri:
            text += " (tsumogiri)"
        return text
