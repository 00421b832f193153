"""A mahjong game record: the mjai event stream of one match, with what the record states.

Every reader in :mod:`taku.formats.mahjong` (mjai JSON lines, Tenhou's tenhou.net/6 JSON, Tenhou
mjlog XML) produces a :class:`MahjongRecord`, and every writer takes one. The events are mjai in
Mortal's dialect (``../shared/reference/PROTOCOLS.md`` §1), as plain ``dict`` objects:

- ``start_game``; per hand ``start_kyoku`` (``bakaze``, ``kyoku`` 1..4, ``honba``, ``kyotaku``,
  ``oya``, ``scores``, ``dora_marker``, ``tehais``: four lists of 13 tiles), then ``tsumo``,
  ``dahai`` (``tsumogiri``), ``chi``/``pon``/``daiminkan`` (``target``, ``pai``, ``consumed``),
  ``kakan`` (``pai``, ``consumed`` = the pon's tiles), ``ankan`` (``consumed``), ``dora``,
  ``reach``, ``reach_accepted``, ``hora``, ``ryukyoku``, ``end_kyoku``; finally ``end_game``.
- ``hora`` always has ``actor``, ``target`` (= ``actor`` for tsumo), ``deltas`` (the score change
  of each seat for this win, counters and the deposits it collects included) and ``ura_markers``.
  What a record states about the win is kept in optional extra keys, checked by a replay:
  ``fu``, ``han`` (yaku and dora together; 13 per yakuman), ``yakuman`` (the multiple, 0 if none),
  ``yaku`` (``[[name, han], ...]`` in taku's names, :data:`taku.mahjong.yaku.YAKU` and
  :data:`~taku.mahjong.yaku.YAKUMAN`; dora not included), ``dora``, ``aka``, ``ura`` (counts),
  ``pao`` (the liable seat), ``pai`` (the winning tile).
- ``ryukyoku`` has ``deltas`` and a ``reason``: ``exhaustive_draw``, ``kyushu_kyuhai``,
  ``suufon_renda``, ``suucha_riichi``, ``suukaikan``, ``sanchahou``, ``nagashi_mangan``; optionally
  ``tenpais`` (four bools).
- ``end_game`` may carry the final ``scores``. A record that stops before the match's end (a
  partial Tenhou log, a log of single hands) has no ``end_game``: a replay then checks the hands
  it has and does not expect the match to end after them.

Tiles are mjai strings (``1m`` .. ``9s``, ``E S W N P F C``, ``5mr 5pr 5sr``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Event = dict[str, Any]
"""One mjai event."""


class RecordError(ValueError):
    """A record that cannot be read: its message names the game, the hand and what is wrong."""


@dataclass(frozen=True, slots=True)
class MahjongRecord:
    """One match as mjai events, the rules preset it was played under and a name for messages."""

    events: tuple[Event, ...]
    rules: str | None = None
    """The :data:`taku.mahjong.rules.PRESETS` name the record's own rules match, if it says."""
    name: str = ""
    """The game's identifier (a Tenhou log id, a file name) for messages."""
    players: tuple[str, ...] = field(default=())
    """Player names, if the record has them."""
