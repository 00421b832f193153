"""Replay a game record through the table engine and compare every stated result.

The record's walls are rebuilt from its events (dealt hands, draws in order, replacement draws,
dora and ura indicators; the places a record never shows get the rest of the set), a
:class:`~taku.mahjong.match.Match` is played on them with the record's actions, and each hand's
start (dealer, counters, sticks, scores) and each ``hora``/``ryukyoku`` (score changes and, where
the record states them, fu, han, yaku and dora) must be what the engine computes. Every action
must be legal in the engine under the rules given, else the record's own (its preset and rule
changes), else Tenhou's.

A record may stop anywhere in its last hand (a download cut short, a state test of another
engine: a deal and a few actions): the replay plays it as far as it goes, every action legal and
every stated score change equal, and the report says where the record stops. A triple ron that
aborts the hand (``ryukyoku`` ``sanchahou``) is replayed as three rons: by the seats the record
names (``claimants``), else by the seats that can ron the tile.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, NoReturn

from taku.formats.mahjong.record import Event, MahjongRecord
from taku.mahjong.actions import Action, IllegalActionError, match_action
from taku.mahjong.errors import MahjongError
from taku.mahjong.kyoku import CLAIM_PHASES, Kyoku
from taku.mahjong.match import Match
from taku.mahjong.rules import Rules, rules_label
from taku.mahjong.seats import seat_of_wind
from taku.mahjong.tiles import Tile
from taku.mahjong.wall import Wall, wall_from_parts

_ACTIONS = frozenset({"dahai", "reach", "chi", "pon", "daiminkan", "kakan", "ankan"})
_KANS = frozenset({"daiminkan", "kakan", "ankan"})
_WINDS = "ESWN"


@dataclass(frozen=True, slots=True)
class Mismatch:
    """Where a replay disagrees with the record: the hand (``East 2, 1 honba``), the index of the
    record's event, and what differs."""

    hand: str
    event: int
    message: str

    def __str__(self) -> str:
        return f"{self.hand}, event {self.event}: {self.message}"


@dataclass(slots=True)
class ReplayReport:
    """The verdict on one game: what was replayed, where the replay disagrees, where a record cut
    short stops (``stops``, ``cut``), and the final chips of a record with chips."""

    name: str
    hands: int = 0
    wins: int = 0
    draws: int = 0
    actions: int = 0
    mismatches: list[Mismatch] = field(default_factory=list)
    rules: str = ""
    """The rules the record was replayed under (:func:`~taku.mahjong.rules.rules_label`)."""
    stops: str = ""
    """Where a record whose last hand has no result stops (``East 3, 1 honba, after event 57``)."""
    cut: str = ""
    """What the reader saw of a file cut short (``the file is cut at line 1, column 5012``)."""
    chips: list[int] | None = None
    """The final chips of a record with chips (Tenhou private rules), as it states them."""
    error: str = ""
    """Why the game could not be read or replayed at all (then nothing else is reported)."""

    @property
    def ok(self) -> bool:
        """Whether the replay agreed with the record everywhere."""
        return not self.mismatches and not self.error

    @property
    def stops_early(self) -> str:
        """What says that the record stops before its game ends ("" for a whole record)."""
        return "; ".join(part for part in (self.cut, f"it stops in {self.stops}" if self.stops
                                           else "") if part)

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-ready data."""
        data: dict[str, Any] = {
            "game": self.name, "ok": self.ok, "rules": self.rules, "hands": self.hands,
            "wins": self.wins, "draws": self.draws, "actions": self.actions,
            "mismatches": [{"hand": m.hand, "event": m.event, "message": m.message}
                           for m in self.mismatches]}
        if self.error:
            data["error"] = self.error
        if self.cut or self.stops:
            data["stops_early"] = {"cut": self.cut, "stops": self.stops}
        if self.chips is not None:
            data["chips"] = self.chips
        return data


class _Stop(Exception):
    """The replay of a game cannot go on (after a mismatch)."""


def _hand_label(start: Event) -> str:
    wind = {"E": "East", "S": "South", "W": "West", "N": "North"}.get(str(start.get("bakaze")), "?")
    honba = start.get("honba", 0)
    return f"{wind} {start.get('kyoku', '?')}, {honba} honba"


def _split_hands(events: tuple[Event, ...]) -> list[tuple[int, int, bool]]:
    """Each hand: the index of its start_kyoku, the index just past its events (its end_kyoku,
    else the next start_kyoku or end_game, else the end of the record), and whether it has a
    result (a hora or ryukyoku)."""
    hands = []
    start: int | None = None
    result = False
    for i, event in enumerate(events):
        kind = event["type"]
        if kind in ("start_kyoku", "end_game", "end_kyoku") and start is not None:
            hands.append((start, i, result))
            start = None
        if kind == "start_kyoku":
            start, result = i, False
        elif kind in ("hora", "ryukyoku"):
            result = True
    if start is not None:
        hands.append((start, len(events), result))
    return hands


def wall_from_record(events: list[Event], red_fives: tuple[int, int, int]) -> Wall:
    """The wall a hand's events show (see the module docstring)."""
    start = events[0]
    oya = start["oya"]
    tehais = start["tehais"]
    hands = [[Tile.from_mjai(t) for t in tehais[seat_of_wind(i, oya)]] for i in range(4)]
    draws: list[Tile] = []
    rinshan: list[Tile] = []
    dora = [Tile.from_mjai(start["dora_marker"])]
    ura: list[Tile] = []
    after_kan = False
    for event in events[1:]:
        kind = event["type"]
        if kind in _KANS:
            after_kan = True
        elif kind == "tsumo":
            (rinshan if after_kan else draws).append(Tile.from_mjai(event["pai"]))
            after_kan = False
        elif kind == "dora":
            dora.append(Tile.from_mjai(event["dora_marker"]))
        elif kind == "hora":
            markers = event.get("ura_markers") or event.get("uradora_markers") or []
            if len(markers) > len(ura):
                ura = [Tile.from_mjai(t) for t in markers]
        elif kind in ("dahai", "chi", "pon"):
            after_kan = False
    return wall_from_parts(hands, draws, rinshan, dora, ura, red_fives, kans=len(rinshan))


def _record_red_fives(events: tuple[Event, ...], rules: Rules) -> tuple[int, int, int]:
    """The red fives of the set: the rules', or more if the record shows more."""
    seen = [0, 0, 0]
    for event in events:
        if event["type"] == "start_kyoku":
            counts = Counter(t for hand in event["tehais"] for t in hand if t.endswith("r"))
            for i, name in enumerate(("5mr", "5pr", "5sr")):
                seen[i] = max(seen[i], counts[name])
    return (max(seen[0], rules.red_fives[0]), max(seen[1], rules.red_fives[1]),
            max(seen[2], rules.red_fives[2]))


def replay(record: MahjongRecord, rules: Rules | None = None) -> ReplayReport:
    """Replay ``record`` under ``rules``, else its own rules (:meth:`MahjongRecord.rules_value`),
    else Tenhou's, and report; a malformed record is reported (a mismatch), never raised."""
    rules = rules or record.rules_value() or Rules.preset("tenhou")
    report = ReplayReport(record.name, rules=rules_label(rules), cut=record.stops_early)
    chips = [e.get("chips") for e in record.events if e["type"] == "end_game"]
    if chips and isinstance(chips[-1], list):
        report.chips = list(chips[-1])
    try:
        _replay(record, rules, report)
    except _Stop:
        pass
    except (MahjongError, KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        report.mismatches.append(Mismatch("-", 0, f"the record is malformed: "
                                                  f"{type(error).__name__}: {error}"))
    return report


def _replay(record: MahjongRecord, rules: Rules, report: ReplayReport) -> None:
    events = record.events
    hands = _split_hands(events)
    if not hands:
        _fail(report, "-", 0, "the record has no hand (no start_kyoku)")
    for a, b, complete in hands[:-1]:
        if not complete:
            _fail(report, _hand_label(events[a]), b, "the hand stops without a result "
                                                     "(hora or ryukyoku) and another one begins")
    first = events[hands[0][0]]
    rules = rules.replace(start_points=first["scores"][0]) if len(set(first["scores"])) == 1 \
        else rules
    try:
        walls = [wall_from_record(list(events[a:b]), rules.red_fives) for a, b, _ in hands]
    except (MahjongError, KeyError, TypeError) as error:
        _fail(report, _hand_label(first), hands[0][0],
              f"the record's tiles do not make a wall: {error}")
    # One spare wall: the engine may deal a hand the record does not have (reported below). A
    # record may begin mid-match: the engine's first hand starts where the record's does.
    match = Match(rules, walls=[*walls, Wall.shuffled("replay-spare", rules.red_fives)],
                  dealer=first["oya"], round_wind=_WINDS.index(first["bakaze"]),
                  honba=first["honba"], deposits=first["kyotaku"], scores=first["scores"])
    for number, (a, b, complete) in enumerate(hands):
        label = _hand_label(events[a])
        if not complete:  # the record stops in this hand: play what there is
            _replay_hand(match, events, a, b, label, report, complete=False)
            report.stops = f"{label}, after event {b - 1} ({_describe_event(events[b - 1])})"
            return
        _replay_hand(match, events, a, b, label, report)
        report.hands += 1
        if match.is_over and number + 1 < len(hands):
            _fail(report, label, b, "the engine ends the match here but the record goes on")
    end = next((e for e in events[hands[-1][1]:] if e["type"] == "end_game"), None)
    if end is not None:
        if not match.is_over:
            report.mismatches.append(Mismatch(_hand_label(events[hands[-1][0]]), hands[-1][1],
                                              "the record's match ends but the engine's goes on"))
        elif "scores" in end and match.result is not None and \
                list(end["scores"]) != list(match.result.scores):
            report.mismatches.append(Mismatch("end of the match", len(events) - 1,
                                              f"final scores: record {end['scores']}, engine "
                                              f"{list(match.result.scores)}"))


def _describe_event(event: Event) -> str:
    """An event in a few words (``a dahai by seat 2``)."""
    actor = event.get("actor")
    return f"a {event['type']}" + (f" by seat {actor}" if isinstance(actor, int) else "")


def _fail(report: ReplayReport, label: str, index: int, message: str) -> NoReturn:
    report.mismatches.append(Mismatch(label, index, message))
    raise _Stop


def _replay_hand(match: Match, events: tuple[Event, ...], a: int, b: int, label: str,
                 report: ReplayReport, *, complete: bool = True) -> None:
    """Play the record's hand ``events[a:b]`` on ``match`` (its actions go to :meth:`Match.apply`,
    which deals the next hand once this one ends) and compare its results."""
    kyoku = match.kyoku
    play = _Player(match, kyoku, report, label)
    start = events[a]
    ours = kyoku.events[0]
    for key in ("bakaze", "kyoku", "honba", "kyotaku", "oya", "scores"):
        if key in start and start[key] != ours[key]:
            _fail(report, label, a, f"start_kyoku {key}: record {start[key]!r}, engine {ours[key]!r}")
    results: list[Event] = []
    i = a + 1
    while i < b:
        event = events[i]
        kind = event["type"]
        if kind in ("hora", "ryukyoku"):
            group = [event]
            while i + 1 < b and events[i + 1]["type"] == kind == "hora":
                i += 1
                group.append(events[i])
            results.extend(group)
            if kind == "hora":
                _apply_horas(play, group, i)
            elif event.get("reason") == "kyushu_kyuhai":
                play.pass_others(set(), i)
                play.apply(Action("ryukyoku", event.get("actor", kyoku.actor)), i)
            elif event.get("reason") == "sanchahou":
                _apply_sanchahou(play, event, i)
            else:
                play.pass_others(set(), i)
            i += 1
            continue
        if kind in _ACTIONS:
            _apply_action(play, event, i)
        i += 1
    if not complete:
        return
    if not kyoku.is_over:
        _fail(report, label, b, "the record's hand ends but the engine's goes on "
                                f"(waiting for seat {kyoku.to_act})")
    engine_results = [e for e in kyoku.events if e["type"] in ("hora", "ryukyoku")]
    _compare_results(results, engine_results, report, label, a)
    outcome = kyoku.result.outcome if kyoku.result else ""
    if outcome == "hora":
        report.wins += 1
    else:
        report.draws += 1


@dataclass(slots=True)
class _Player:
    """Plays one recorded hand's actions on the match (public names of the engine only)."""

    match: Match
    kyoku: Kyoku
    """The hand being replayed (still readable after the match has dealt the next one)."""
    report: ReplayReport
    label: str

    def apply(self, action: Action, index: int) -> None:
        try:
            if self.kyoku.is_over:  # the engine has ended the hand: say so as the hand would
                self.kyoku.apply(action)
            self.match.apply(action)
        except IllegalActionError as error:
            _fail(self.report, self.label, index,
                  f"the record's action is illegal in the engine: {error}")
        self.report.actions += 1

    def pass_others(self, keep: set[int], index: int) -> None:
        for seat in self.kyoku.to_act:
            if seat not in keep and self.kyoku.phase in CLAIM_PHASES:
                self.apply(Action("none", seat), index)

    def find(self, event: Event, index: int) -> Action:
        """The engine's legal action that the record's ``event`` means (:func:`match_action`)."""
        seat = event.get("actor")
        legal = self.kyoku.legal_actions(seat) if isinstance(seat, int) and 0 <= seat <= 3 else ()
        kind = "open_reach" if event["type"] == "reach" and event.get("open") is True else \
            event["type"]
        try:
            found = match_action(legal, Action.from_mjai(event))
        except IllegalActionError:
            found = None
        if found is None:
            text = ", ".join(str(a) for a in legal) or "nothing"
            _fail(self.report, self.label, index, f"the record's {kind} {_describe(event)} is "
                                                  f"illegal in the engine (legal for seat {seat}: {text})")
        return found


def _describe(event: Event) -> str:
    parts = [f"by seat {event.get('actor')}"]
    if "pai" in event:
        parts.append(str(event["pai"]))
    if event.get("consumed"):
        parts.append("with " + " ".join(event["consumed"]))
    return " ".join(parts)


def _apply_action(play: _Player, event: Event, index: int) -> None:
    kyoku = play.kyoku
    if kyoku.phase in CLAIM_PHASES and event["type"] in ("chi", "pon", "daiminkan"):
        action = play.find(event, index)
        play.pass_others({action.actor}, index)
        play.apply(action, index)
        return
    play.pass_others(set(), index)
    if kyoku.result is not None:
        _fail(play.report, play.label, index, f"the engine ended the hand ({kyoku.result.outcome}) "
                                              f"before the record's {event['type']}")
    play.apply(play.find(event, index), index)


def _apply_horas(play: _Player, group: list[Event], index: int) -> None:
    winners = {int(e.get("actor", -1)) for e in group}
    if group[0].get("actor") == group[0].get("target"):
        play.pass_others(set(), index)
    if play.kyoku.phase in CLAIM_PHASES:
        for event in group:
            play.apply(play.find(event, index), index)
        play.pass_others(winners, index)
    else:
        play.apply(play.find(group[0], index), index)


def _apply_sanchahou(play: _Player, event: Event, index: int) -> None:
    """A triple ron that aborts the hand: the three claimants (named by the record, else the
    seats that can ron the open tile) call ron; the engine decides what three rons do."""
    kyoku = play.kyoku
    if kyoku.phase not in CLAIM_PHASES:
        _fail(play.report, play.label, index, "the record's triple ron (sanchahou) comes when no "
                                              "discard or kan tile is open")
    can_ron = [seat for seat in kyoku.to_act
               if any(a.type == "hora" for a in kyoku.legal_actions(seat))]
    claimants = event.get("claimants")
    if claimants is None:
        claimants = can_ron
    if not isinstance(claimants, list) or len(claimants) != 3 or \
            sorted(set(claimants)) != sorted(claimants) or not set(claimants) <= set(can_ron):
        _fail(play.report, play.label, index, f"the record's triple ron (sanchahou) needs three "
                                              f"seats that can ron; in the engine only seats "
                                              f"{can_ron} can")
    for seat in claimants:
        action = next(a for a in kyoku.legal_actions(seat) if a.type == "hora")
        play.apply(action, index)
    play.pass_others(set(claimants), index)


_STATED = ("fu", "han", "yakuman", "dora", "aka", "ura", "pao")


def _compare_results(record: list[Event], engine: list[Event], report: ReplayReport, label: str,
                     index: int) -> None:
    if [e["type"] for e in record] != [e["type"] for e in engine]:
        _fail(report, label, index, "hand result: record "
              + ", ".join(_result_text(e) for e in record) + "; engine "
              + ", ".join(_result_text(e) for e in engine))
    for ours, theirs in zip(engine, record, strict=True):
        if ours["type"] == "ryukyoku" and theirs.get("reason") and \
                theirs["reason"] != ours["reason"]:
            _fail(report, label, index, f"draw reason: record {theirs['reason']}, engine "
                                        f"{ours['reason']}")
        if ours["type"] == "hora" and theirs.get("actor") != ours["actor"]:
            _fail(report, label, index, f"winner: record seat {theirs.get('actor')}, engine "
                                        f"seat {ours['actor']}")
        if "deltas" in theirs and list(theirs["deltas"]) != list(ours["deltas"]):
            _fail(report, label, index, f"{_result_text(theirs)} score changes: record "
                                        f"{theirs['deltas']}, engine {ours['deltas']}"
                                        + _sheet(ours))
        for key in _STATED:
            if key in theirs and theirs[key] != ours.get(key):
                _fail(report, label, index, f"{_result_text(theirs)} {key}: record {theirs[key]}, "
                                            f"engine {ours.get(key)}" + _sheet(ours))
        if "yaku" in theirs and sorted(map(tuple, theirs["yaku"])) != \
                sorted(map(tuple, ours.get("yaku", []))):
            _fail(report, label, index, f"{_result_text(theirs)} yaku: record {theirs['yaku']}, "
                                        f"engine {ours.get('yaku')}")


def _result_text(event: Event) -> str:
    if event["type"] == "hora":
        how = "tsumo" if event.get("actor") == event.get("target") else \
            f"ron on seat {event.get('target')}"
        return f"win by seat {event.get('actor')} ({how})"
    return f"draw ({event.get('reason', '?')})"


def _sheet(event: Event) -> str:
    if event["type"] != "hora":
        return ""
    return (f" [engine: {event.get('han')} han {event.get('fu')} fu, yaku {event.get('yaku')}, "
            f"dora {event.get('dora')} aka {event.get('aka')} ura {event.get('ura')}]")
