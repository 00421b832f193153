"""mjai game logs: one JSON event per line, one game per file (Mortal's dialect).

Also reads the one-match-per-line JSON form of the riichienv records in ``shared/data/mahjong``
(``{"seed", "rule", "events": [...], "wins": [...]}``): :func:`read_mjai_matches`.

A log may begin at a ``start_kyoku`` (a hand cut out of a game, a state test of another engine):
the ``start_game`` is then implied. A file cut in the middle of its last line (no newline after
it) is read up to the last whole line, and the record says where it stops.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from taku.formats.mahjong.record import Event, MahjongRecord, RecordError

_REASON_SPELLINGS: dict[str, tuple[str, ...]] = {
    "exhaustive_draw": ("exhaustive_draw", "fanpai", "howanpai", "ryuukyoku", "流局", "全員聴牌",
                        "全員不聴", "荒牌平局"),
    "kyushu_kyuhai": ("kyushu_kyuhai", "kyuushu_kyuuhai", "kyuushuu_kyuuhai", "kyushukyuhai",
                      "yao9", "nine_terminals", "九種九牌"),
    "suufon_renda": ("suufon_renda", "sufonrenta", "sufuurenta", "suufuurenta", "suufonrenta",
                     "suufonrenda", "kaze4", "four_winds", "四風連打"),
    "suucha_riichi": ("suucha_riichi", "suchareach", "suuchareach", "sucha_riichi", "reach4",
                      "four_riichi", "四家立直"),
    "suukaikan": ("suukaikan", "sukaikan", "suukansanra", "sukansanra", "suukansansen",
                  "suchakantsu", "kan4", "four_kans", "四槓散了", "四開槓"),
    "sanchahou": ("sanchahou", "sanchaho", "sanchaihou", "ron3", "triple_ron", "三家和了", "三家和"),
    "nagashi_mangan": ("nagashi_mangan", "nagashimangan", "nm", "流し満貫"),
    "chombo": ("chombo",),
}
"""The ``ryukyoku`` reasons that mjai producers write (gimite's mjai and its descendants:
``fanpai``, ``kyushukyuhai``, ``sufonrenta``, ``suchareach``, ``sukaikan``, ``sanchaho``,
``nagashimangan``; riichienv: ``exhaustive_draw``, ``kyushu_kyuhai``, ``sufuurenta``,
``suucha_riichi``, ``suukansansen``, ``sanchaho``, ``nagashimangan``; Tenhou's mjlog types and
its JSON's Japanese names), by taku's name. Case, ``_``, ``-`` and spaces do not matter."""


def _normal(reason: str) -> str:
    return re.sub(r"[\s_\-]", "", reason.lower())


RYUKYOKU_REASONS: dict[str, str] = {
    _normal(spelling): reason for reason, spellings in _REASON_SPELLINGS.items()
    for spelling in spellings}
"""Every known spelling of an mjai ``ryukyoku`` reason (normalised) to taku's name."""

RIICHIENV_RULES: dict[str, tuple[str, tuple[tuple[str, Any], ...]]] = {
    "tenhou": ("tenhou", (("tenpai_yame", True),)),
    "mjsoul": ("mahjongsoul", ()),
    "mahjongsoul": ("mahjongsoul", ()),
    "ema": ("ema", ()),
    "montreal": ("montreal", ()),
}
"""riichienv's ``rule`` names: the preset, and where riichienv's rules differ from it. Its Tenhou
rules end the match when the leading last dealer is only tenpai at the exhaustive draw (Tenhou
itself plays on: docs/mahjong-table.md)."""


def ryukyoku_reason(reason: Any) -> str | None:
    """taku's name of an mjai ``ryukyoku`` reason in any known spelling (None if unknown)."""
    return RYUKYOKU_REASONS.get(_normal(reason)) if isinstance(reason, str) else None


def _check_events(events: list[Any], name: str) -> tuple[Event, ...]:
    for number, event in enumerate(events, 1):
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise RecordError(f"{name}: event {number} is not an mjai event object: {event!r:.200}")
        if event["type"] == "ryukyoku" and "reason" in event:
            reason = ryukyoku_reason(event["reason"])
            if reason is None:
                raise RecordError(f"{name}: event {number}: unknown ryukyoku reason "
                                  f"{event['reason']!r:.100}")
            event["reason"] = reason
    if events and events[0]["type"] == "start_kyoku":  # a hand without its game's start
        events.insert(0, {"type": "start_game"})
    if not events or events[0]["type"] != "start_game":
        raise RecordError(f"{name}: an mjai game starts with a start_game (or start_kyoku) event")
    return tuple(events)


def read_mjai(text: str, name: str = "", rules: str | None = None) -> MahjongRecord:
    """One game from mjai JSON lines (blank lines ignored)."""
    events = []
    stops_early = ""
    lines = text.splitlines()
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            events.append(json.loads(line))
        except json.JSONDecodeError as error:
            if number == len(lines) and not text.endswith("\n") and events:
                stops_early = f"the file is cut inside its line {number}"
                break
            raise RecordError(f"{name}: line {number} is not JSON: {error.msg}") from None
        except RecursionError:
            raise RecordError(f"{name}: line {number} is nested too deeply") from None
    return MahjongRecord(_check_events(events, name), rules, name, _names(events),
                         stops_early=stops_early)


def _names(events: list[Any]) -> tuple[str, ...]:
    names = events[0].get("names") if events and isinstance(events[0], dict) else None
    return tuple(map(str, names)) if isinstance(names, list) else ()


def read_mjai_match(line: str, label: str) -> MahjongRecord:
    """One match of a one-match-per-line file: the JSON object on ``line`` (``label`` names it)."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError as error:
        raise RecordError(f"{label}: not JSON: {error.msg}") from None
    except RecursionError:
        raise RecordError(f"{label}: nested too deeply") from None
    if not isinstance(data, dict) or not isinstance(data.get("events"), list):
        raise RecordError(f"{label}: expected an object with an \"events\" list")
    rule = data.get("rule")
    preset, changes = RIICHIENV_RULES.get(rule, (None, ())) if isinstance(rule, str) else (None, ())
    if "seed" in data:
        label = f"{label.rsplit(' line ', 1)[0]} seed {data['seed']}"
    events = _check_events(data["events"], label)
    wins = data.get("wins")
    if isinstance(wins, list):
        _attach_wins(events, wins, label)
    return MahjongRecord(events, preset, label, _names(data["events"]), rule_changes=changes)


def read_mjai_matches(text: str, name: str = "") -> list[MahjongRecord]:
    """The matches of a one-match-per-line JSON file (``{"rule", "events", ...}`` per line)."""
    return [read_mjai_match(line, f"{name} line {number}")
            for number, line in enumerate(text.splitlines(), 1) if line.strip()]


def _attach_wins(events: tuple[Event, ...], wins: list[Any], label: str) -> None:
    """Copy the side information of riichienv's ``wins`` (han and fu of each ``hora``, in order)
    into the ``hora`` events as stated keys."""
    horas = [e for e in events if e["type"] == "hora"]
    if len(horas) != len(wins):
        raise RecordError(f"{label}: {len(wins)} wins listed for {len(horas)} hora events")
    for event, win in zip(horas, wins, strict=True):
        if not isinstance(win, dict) or win.get("actor") != event.get("actor"):
            raise RecordError(f"{label}: a win entry does not match its hora event: {win!r:.200}")
        if not win.get("yakuman") and isinstance(win.get("han"), int) and \
                isinstance(win.get("fu"), int):
            event["han"] = win["han"]
            if win["han"] < 5:  # above, the limit decides and fu are not comparable
                event["fu"] = win["fu"]


def is_mjai_matches(text: str) -> bool:
    """Whether ``text`` looks like one-match-per-line JSON rather than an mjai log."""
    first = text.lstrip()[:200]
    return first.startswith("{") and '"events"' in text.split("\n", 1)[0]


def write_mjai(record: MahjongRecord | Iterable[Event]) -> str:
    """mjai JSON lines of a record (or of events)."""
    events = record.events if isinstance(record, MahjongRecord) else record
    return "".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n" for e in events)
