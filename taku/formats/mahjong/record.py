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
  ``fu``, ``han`` (yaku and dora together; 13 per yakuman), ``yakuman`` (the multiple of the
  yakuman yaku, 0 if none: a kazoe yakuman has 0 and its ordinary yaku's han),
  ``yaku`` (``[[name, han], ...]`` in taku's names, :data:`taku.mahjong.yaku.YAKU` and
  :data:`~taku.mahjong.yaku.YAKUMAN`; dora not included), ``dora``, ``aka``, ``ura`` (counts),
  ``pao`` (the liable seat), ``pai`` (the winning tile).
- ``ryukyoku`` has ``deltas`` and a ``reason``: ``exhaustive_draw``, ``kyushu_kyuhai``,
  ``suufon_renda``, ``suucha_riichi``, ``suukaikan``, ``sanchahou``, ``nagashi_mangan``; optionally
  ``tenpais`` (four bools) and, for ``sanchahou``, ``claimants`` (the three seats that called ron,
  when the record names them).
- Records with chips (Tenhou's private rules) keep them as ``chip_deltas`` on ``hora`` and
  ``ryukyoku`` and the final ``chips`` on ``end_game``; the points are the record.
- ``end_game`` may carry the final ``scores``. A record that stops before the match's end (a
  partial Tenhou log, a log of single hands) has no ``end_game``: a replay then checks the hands
  it has and does not expect the match to end after them. Its last hand may stop anywhere (a
  state test of another engine: a deal and a few actions); a replay plays it up to there.

Tiles are mjai strings (``1m`` .. ``9s``, ``E S W N P F C``, ``5mr 5pr 5sr``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from taku.errors import RecordError as RecordError  # both games' one record error
from taku.mahjong.rules import Rules

Event = dict[str, Any]
"""One mjai event."""


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
    rule_changes: tuple[tuple[str, Any], ...] = ()
    """Fields in which the record's rules differ from the preset ``rules`` (an East-only Tenhou
    game: ``(("length", "east"),)``), as ``(field, value)`` pairs."""
    stops_early: str = ""
    """What the reader saw of a record cut short (``the file is cut inside a tag at line 1,
    column 5012``); empty for a whole record."""

    def rules_value(self) -> Rules | None:
        """The record's rules: its preset with its ``rule_changes`` (None if it names no preset)."""
        if self.rules is None:
            return None
        return Rules.preset(self.rules).replace(**dict(self.rule_changes))
