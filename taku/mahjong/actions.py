"""Player actions at the table, in mjai's vocabulary, and the error an illegal one raises.

An :class:`Action` is an immutable value: its ``type`` is an mjai event type (``dahai``, ``reach``,
``chi``, ``pon``, ``daiminkan``, ``kakan``, ``ankan``, ``hora``, ``ryukyoku`` for nine terminals,
``none`` to pass a claim), ``actor`` the seat (0..3, East of the first hand = 0), and the tiles.

>>> Action.from_mjai({"type": "dahai", "actor": 0, "pai": "5mr", "tsumogiri": True})
Action(type='dahai', actor=0, pai=Tile.from_str('0m'), consumed=(), target=None, tsumogiri=True)

An action has one canonical form: its ``consumed`` tiles are in taku's tile order (a red five
before a plain five, :func:`~taku.mahjong.tiles.sort_tiles`) however they were given, so an action
read back from its mjai message is equal to it. :func:`match_action` finds the legal action a
recorded one (from mjai, a record, a person) means.

>>> from taku.mahjong.tiles import parse_tiles
>>> kakan = Action("kakan", 1, Tile.from_str("5m"), parse_tiles("550m"))
>>> kakan.consumed == parse_tiles("055m"), Action.from_mjai(kakan.to_mjai()) == kakan
(True, True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from taku.errors import shown
from taku.mahjong.errors import MahjongError
from taku.mahjong.tiles import Tile, sort_tiles
from taku.values import reduce_value

ACTION_TYPES = ("dahai", "reach", "open_reach", "chi", "pon", "daiminkan", "kakan", "ankan", "hora",
                "ryukyoku", "none")
"""Every action type: mjai event types (``ryukyoku`` is the nine-terminals declaration), and
``open_reach`` for open riichi (in mjai: ``{"type": "reach", "open": true}``)."""


class IllegalActionError(MahjongError):
    """An action the rules do not allow now: the message names it and says why."""


@dataclass(frozen=True, slots=True, init=False)
class Action:
    """One player's action (see the module docstring). ``target`` is the seat a claimed tile or a
    ron comes from (the actor himself for tsumo); ``consumed`` are the hand tiles a call uses, kept
    in taku's tile order (put in order when built, from any iterable).
    """

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_value(self)

    type: str
    actor: int
    pai: Tile | None = None
    consumed: tuple[Tile, ...] = ()
    target: int | None = None
    tsumogiri: bool = False

    def __init__(self, type: str, actor: int, pai: object = None, consumed: Iterable[Tile] = (),
                 target: int | None = None, tsumogiri: bool = False) -> None:
        # ``pai`` is an object, checked here: a compiled build would otherwise reject a tile given
        # as text with its own TypeError.
        if pai is not None and not isinstance(pai, Tile):
            raise IllegalActionError(f"{type}: pai must be a Tile (Tile.from_str), got {shown(pai)}")
        if not isinstance(consumed, tuple) or consumed:
            try:
                listed = tuple(consumed)
            except TypeError:
                listed = None
            if listed is None or not all(isinstance(t, Tile) for t in listed):
                raise IllegalActionError(
                    f"{type}: consumed must be Tiles (Tile.from_str), got {shown(consumed)}")
            consumed = sort_tiles(listed) if len(listed) > 1 else listed
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "pai", pai)
        object.__setattr__(self, "consumed", consumed)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "tsumogiri", tsumogiri)

    def replace(self, **changes: Any) -> Action:
        """A copy of the action with the given fields changed (as :func:`dataclasses.replace`)."""
        return dataclasses.replace(self, **changes)

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

    # ``event`` is an object, checked here: a compiled build would otherwise refuse a value that is
    # not a dict with its own TypeError before this one-line error.
    @classmethod
    def from_mjai(cls, event: object, actor: int | None = None) -> Action:
        """Read an mjai message (``actor`` fills a ``none`` reply's seat).

        Raises :class:`IllegalActionError` for a message that is not an action, naming the field
        at fault: a tile is an mjai tile string, ``consumed`` a list of them, ``actor`` and
        ``target`` seats 0..3, ``tsumogiri`` and ``open`` JSON booleans.
        """
        if not isinstance(event, dict):
            raise IllegalActionError(f"an mjai action is a JSON object, got {shown(event)}")
        kind = event.get("type")
        if kind == "reach":
            opened = event.get("open", False)
            if type(opened) is not bool:
                raise IllegalActionError(f"reach: open must be true or false, got {shown(opened)}")
            if opened:
                kind = "open_reach"
        if not isinstance(kind, str) or kind not in ACTION_TYPES:
            raise IllegalActionError(f"not an mjai action type: {shown(kind)} (expected one of "
                                     f"{', '.join(ACTION_TYPES)})")
        seat = event.get("actor", actor)
        if type(seat) is not int or not 0 <= seat <= 3:
            raise IllegalActionError(f"{kind}: actor must be a seat 0..3, got {shown(seat)}")
        pai = _mjai_tile(kind, "pai", event["pai"]) if "pai" in event else None
        listed = event.get("consumed", [])
        if not isinstance(listed, (list, tuple)):
            raise IllegalActionError(f"{kind}: consumed must be a list of mjai tiles, got {shown(listed)}")
        consumed = tuple(_mjai_tile(kind, f"consumed[{i}]", t) for i, t in enumerate(listed))
        if kind == "ankan" and pai is None and consumed:
            pai = min(consumed)
        target = event.get("target")
        if target is not None and (type(target) is not int or not 0 <= target <= 3):
            raise IllegalActionError(f"{kind}: target must be a seat 0..3, got {shown(target)}")
        tsumogiri = event.get("tsumogiri", False)
        if type(tsumogiri) is not bool:
            raise IllegalActionError(f"{kind}: tsumogiri must be true or false, got {shown(tsumogiri)}")
        return cls(kind, seat, pai, consumed, target, tsumogiri)

    def __str__(self) -> str:
        text = f"{self.type} by seat {self.actor}"
        if self.pai is not None:
            text += f" {self.pai}"
        if self.consumed:
            text += " with " + "".join(str(t) for t in self.consumed)
        if self.type == "dahai" and self.tsumogiri:
            text += " (tsumogiri)"
        return text


def _mjai_tile(kind: str, field: str, value: object) -> Tile:
    """The tile an mjai message's ``field`` gives, or :class:`IllegalActionError` naming it."""
    if not isinstance(value, str):
        raise IllegalActionError(f"{kind}: {field} must be an mjai tile (text such as '5mr'), "
                                 f"got {shown(value)}")
    try:
        return Tile.from_mjai(value)
    except MahjongError as error:
        raise IllegalActionError(f"{kind}: {field}: {error}") from None


def match_action(legal: Sequence[Action], recorded: Action) -> Action | None:
    """The action of ``legal`` that ``recorded`` (read from mjai, a game record or a person) means,
    or None. The type and the actor must agree, and every detail ``recorded`` gives: the tile (for
    a win, its kind; an ankan is named by its tiles or by one tile of its kind), the consumed
    tiles (a message that lists the claimed tile among them is understood), the seat a call comes
    from. A discard's ``tsumogiri`` flag only chooses between two discards of the same tile.

    >>> one = Tile.from_str("1m")
    >>> legal = (Action("dahai", 0, one), Action("dahai", 0, one, tsumogiri=True))
    >>> match_action(legal, Action("dahai", 0, one, tsumogiri=True)) is legal[1]
    True
    >>> match_action(legal, Action("dahai", 0, Tile.from_str("2m"))) is None
    True
    """
    candidates = []
    kind = recorded.type
    pai = recorded.pai
    consumed = recorded.consumed
    for option in legal:
        if option.type != kind or option.actor != recorded.actor:
            continue
        if kind == "ankan":
            if not consumed and pai is not None and option.consumed[0].kind != pai.kind:
                continue
        elif pai is not None and (option.pai is None or (
                option.pai != pai if kind != "hora" else option.pai.kind != pai.kind)):
            continue
        if consumed and option.consumed != consumed and \
                (pai is None or option.consumed != sort_tiles((*consumed, pai))):
            continue
        if recorded.target is not None and option.target is not None and kind != "hora" and \
                option.target != recorded.target:
            continue
        candidates.append(option)
    for option in candidates:
        if option.type != "dahai" or option.tsumogiri == recorded.tsumogiri:
            return option
    return candidates[0] if candidates else None


# --- shared actions for the engine's hot paths ------------------------------------------------------
# An Action is immutable, so the engine offers one shared value for each discard, pass and
# declaration a seat can make instead of building (and checking) a new one at every decision.
# These take trusted arguments (a seat 0..3, a Tile): the engine's own.

_DISCARDS: Final[list[Action | None]] = [None] * (4 * 37 * 2)
_BY_TYPE: Final[dict[str, tuple[Action, Action, Action, Action]]] = {
    kind: (Action(kind, 0), Action(kind, 1), Action(kind, 2), Action(kind, 3))
    for kind in ("none", "reach", "open_reach", "ryukyoku")}


def discard_action(seat: int, tile: Tile, tsumogiri: bool = False) -> Action:
    """``Action("dahai", seat, tile, tsumogiri=tsumogiri)``, one shared value for each seat, tile
    and flag."""
    index = (seat * 37 + (34 + tile.kind // 9 if tile.red else tile.kind)) * 2 + (1 if tsumogiri else 0)
    found = _DISCARDS[index]
    if found is None:
        found = _DISCARDS[index] = Action("dahai", seat, tile, tsumogiri=tsumogiri)
    return found


def seat_action(kind: str, seat: int) -> Action:
    """``Action(kind, seat)`` for ``none``, ``reach``, ``open_reach`` and ``ryukyoku`` (one shared
    value each)."""
    return _BY_TYPE[kind][seat]
