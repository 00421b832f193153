"""mjai game logs: one JSON event per line, one game per file (Mortal's dialect).

Also reads the one-match-per-line JSON form of the riichienv records in ``shared/data/mahjong``
(``{"seed", "rule", "events": [...], "wins": [...]}``): :func:`read_mjai_matches`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from taku.formats.mahjong.record import Event, MahjongRecord, RecordError

RYUKYOKU_REASONS = {
    "exhaustive_draw": "exhaustive_draw", "fanpai": "exhaustive_draw",
    "kyushu_kyuhai": "kyushu_kyuhai", "kyushukyuhai": "kyushu_kyuhai",
    "suufon_renda": "suufon_renda", "sufonrenta": "suufon_renda",
    "suucha_riichi": "suucha_riichi", "suchareach": "suucha_riichi",
    "suukaikan": "suukaikan", "sukaikan": "suukaikan", "suukansansen": "suukaikan",
    "sanchahou": "sanchahou", "sanchaho": "sanchahou",
    "nagashi_mangan": "nagashi_mangan", "nagashimangan": "nagashi_mangan",
    "chombo": "chombo",
}
"""mjai ``ryukyoku`` reasons of the dialects in use, to taku's names."""

_RULE_NAMES = {"tenhou": "tenhou", "mjsoul": "mahjongsoul", "mahjongsoul": "mahjongsoul",
               "ema": "ema", "montreal": "montreal"}


def _check_events(events: list[Any], name: str) -> tuple[Event, ...]:
    for number, event in enumerate(events, 1):
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise RecordError(f"{name}: event {number} is not an mjai event object: {event!r}")
        if event["type"] == "ryukyoku" and "reason" in event:
            reason = RYUKYOKU_REASONS.get(event["reason"])
            if reason is None:
                raise RecordError(f"{name}: event {number}: unknown ryukyoku reason "
                                  f"{event['reason']!r}")
            event["reason"] = reason
    if not events or events[0]["type"] != "start_game":
        raise RecordError(f"{name}: an mjai game starts with a start_game event")
    return tuple(events)


def read_mjai(text: str, name: str = "", rules: str | None = None) -> MahjongRecord:
    """One game from mjai JSON lines (blank lines ignored)."""
    events = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            events.append(json.loads(line))
        except json.JSONDecodeError as error:
            raise RecordError(f"{name}: line {number} is not JSON: {error.msg}") from None
    return MahjongRecord(_check_events(events, name), rules, name, _names(events))


def _names(events: list[Any]) -> tuple[str, ...]:
    names = events[0].get("names") if events and isinstance(events[0], dict) else None
    return tuple(map(str, names)) if isinstance(names, list) else ()


def read_mjai_matches(text: str, name: str = "") -> list[MahjongRecord]:
    """The matches of a one-match-per-line JSON file (``{"rule", "events", ...}`` per line)."""
    records = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        label = f"{name} line {number}"
        try:
            data = json.loads(line)
        except json.JSONDecodeError as error:
            raise RecordError(f"{label}: not JSON: {error.msg}") from None
        if not isinstance(data, dict) or not isinstance(data.get("events"), list):
            raise RecordError(f"{label}: expected an object with an \"events\" list")
        rule = data.get("rule")
        preset = _RULE_NAMES.get(rule) if isinstance(rule, str) else None
        if "seed" in data:
            label = f"{name} seed {data['seed']}"
        events = _check_events(data["events"], label)
        wins = data.get("wins")
        if isinstance(wins, list):
            _attach_wins(events, wins, label)
        records.append(MahjongRecord(events, preset, label, _names(data["events"])))
    return records


def _attach_wins(events: tuple[Event, ...], wins: list[Any], label: str) -> None:
    """Copy the side information of riichienv's ``wins`` (han and fu of each ``hora``, in order)
    into the ``hora`` events as stated keys."""
    horas = [e for e in events if e["type"] == "hora"]
    if len(horas) != len(wins):
        raise RecordError(f"{label}: {len(wins)} wins listed for {len(horas)} hora events")
    for event, win in zip(horas, wins, strict=True):
        if not isinstance(win, dict) or win.get("actor") != event.get("actor"):
            raise RecordError(f"{label}: a win entry does not match its hora event: {win!r}")
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
