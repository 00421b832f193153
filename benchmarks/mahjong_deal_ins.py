#!/usr/bin/env python3
"""Where ``taku``'s deal-ins come from, in games saved by ``benchmarks/mahjong_vs_bots.py``.

Usage (from the repository root; the games' records and their events, ``--out`` and ``--events``
of the run)::

    .venv/bin/python benchmarks/mahjong_deal_ins.py runs/events runs/main.jsonl [more.jsonl ...]

Each game is played again on the table engine from its wall seed with the actions of its events
(every seat's action is the one its events show; a seat that the events show doing nothing
passes), so every discard of the first entry (``taku``) is seen in its own observation. Each one
is put in a class: the player's own riichi, no riichi on the table, or facing a riichi (then by
its shanten before and after the discard, closed or open, and whether it *pushed*: a tile with a
higher expected deal-in cost than the safest one in hand, by the danger model of
:mod:`taku.bots.mahjong_defence`). Printed: the deal-ins and their points by class, the discards
facing a riichi by class with the deal-ins among them, and the hands in which an open tenpai
hand pushed against a riichi (won, dealt in, points a hand). Last, where the points come from:
every hand of the first entry and of the others by what the hand became (riichi, open, closed
without riichi), with how often it was won or dealt in and its points (the hand's score change:
wins, deal-ins, others' tsumo and no-ten payments), in all and facing another player's riichi.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from taku.bots.mahjong_defence import deal_in_chance, threats  # noqa: E402
from taku.mahjong.actions import Action, IllegalActionError, match_action  # noqa: E402
from taku.mahjong.kyoku import Observation  # noqa: E402
from taku.mahjong.match import Match  # noqa: E402
from taku.mahjong.rules import Rules  # noqa: E402
from taku.mahjong.shanten import shanten  # noqa: E402
from taku.mahjong.tiles import dora_from_indicator  # noqa: E402

RULES = Rules.preset("tenhou")
ACTIONS = frozenset({"dahai", "reach", "chi", "pon", "daiminkan", "kakan", "ankan", "hora", "ryukyoku"})
"""The event types that are a player's action (the engine makes the rest)."""


class Discard(NamedTuple):
    """One discard of the player: its class, the hand it was made in, and the points it dealt in
    (0: none)."""

    label: str
    hand: int
    dealt_in: int


class HandResult(NamedTuple):
    """One seat's hand: what it became (``riichi``, ``open``: a call that opens it, or ``closed``),
    whether another player's riichi was accepted, the seat's score change in the hand (its riichi
    stick counted, the sticks it won with its win's deltas), and whether it won and dealt in."""

    kind: str
    facing_riichi: bool
    delta: int
    won: bool
    dealt_in: bool


def hand_results(events: Sequence[dict[str, Any]]) -> list[list[HandResult]]:
    """Each seat's :class:`HandResult` over the hands (``start_kyoku`` .. ``end_kyoku``) of mjai
    ``events``, as four lists (one per seat)."""
    out: list[list[HandResult]] = [[], [], [], []]
    opened = [False] * 4
    riichi = [False] * 4
    deltas = [0] * 4
    won = [False] * 4
    dealt = [False] * 4
    in_hand = False
    for event in events:
        kind = event["type"]
        if kind == "start_kyoku":
            in_hand = True
            opened, riichi, deltas = [False] * 4, [False] * 4, [0] * 4
            won, dealt = [False] * 4, [False] * 4
        elif not in_hand:
            continue
        elif kind in ("chi", "pon", "daiminkan"):
            opened[event["actor"]] = True
        elif kind == "reach_accepted":
            riichi[event["actor"]] = True
            deltas[event["actor"]] -= 1000  # the riichi's stick
        elif kind in ("hora", "ryukyoku"):
            for seat, delta in enumerate(event.get("deltas") or (0, 0, 0, 0)):
                deltas[seat] += int(delta)
            if kind == "hora":
                won[event["actor"]] = True
                if event.get("target", event["actor"]) != event["actor"]:
                    dealt[event["target"]] = True
        elif kind == "end_kyoku":
            in_hand = False
            for seat in range(4):
                label = "riichi" if riichi[seat] else "open" if opened[seat] else "closed"
                facing = any(riichi[other] for other in range(4) if other != seat)
                out[seat].append(HandResult(label, facing, deltas[seat], won[seat], dealt[seat]))
    return out


class GameError(ValueError):
    """The saved events do not replay on the engine."""


def classify(observation: Observation, action: Action) -> str:
    """The class of the discard ``action`` in ``observation`` (see the module docstring)."""
    seat = observation.seat
    if observation.riichi[seat]:
        return "own riichi"
    dora = [0] * 34
    for tile in observation.dora_indicators:
        dora[dora_from_indicator(tile.kind)] += 1
    facing = threats(observation, dora)
    riichis = [t for t in facing if t.riichi]
    if not riichis:
        return "no riichi on the table"
    unseen = [max(0, 4 - v) for v in observation.visible_counts]
    counts = [0] * 34
    for tile in observation.hand:
        counts[tile.kind] += 1
    nmelds = len(observation.melds[seat])

    def cost(kind: int) -> float:
        return sum(t.tenpai * t.value * deal_in_chance(kind, t, unseen, dora) for t in facing)

    assert action.pai is not None
    kind = action.pai.kind
    before = shanten(counts, nmelds)
    counts[kind] -= 1
    after = shanten(counts, nmelds)
    counts[kind] += 1
    closest = min(before, after)
    stage = "tenpai" if closest <= 0 else ("one-shanten" if closest == 1 else "two-shanten or more")
    closed = all(m.kind == "ankan" for m in observation.melds[seat])
    safest = min(cost(k) for k in range(34) if counts[k])
    pushed = "pushed" if cost(kind) > safest + 1e-9 else "safest tile"
    return f"facing riichi, {stage}, {'closed' if closed else 'open'}, {pushed}"


def replay(events: Sequence[dict[str, Any]], wall_seed: str, seat: int) -> list[Discard]:
    """Play the game of ``events`` again from ``wall_seed`` and classify every discard of ``seat``."""
    match = Match(RULES, wall_seed)
    discards: list[Discard] = []
    hand = 0
    seen = 0
    while not match.is_over:
        played = match.events
        hand += sum(1 for e in played[seen:] if e["type"] == "start_kyoku")
        seen = len(played)
        acting = match.to_act[0]
        observation = match.observe(acting)
        action = _recorded(events, seen, acting, observation)
        if action.type == "dahai" and acting == seat:
            discards.append(Discard(classify(observation, action), hand, 0))
        match.apply(action)
    if json.loads(json.dumps(list(match.events))) != list(events):
        raise GameError("the replayed game's events differ from the saved ones")
    # a deal-in: a ron (or two) on the player's discard (a kakan's robbed tile is not one)
    index = -1
    on_discard = False
    for event in events:
        kind = event["type"]
        if kind == "hora":
            if on_discard and event.get("target") == seat and event["actor"] != seat:
                d = discards[index]
                discards[index] = d._replace(dealt_in=d.dealt_in - int(event["deltas"][seat]))
            continue
        on_discard = kind == "dahai" and event.get("actor") == seat
        if on_discard:
            index += 1
    return discards


def _recorded(events: Sequence[dict[str, Any]], done: int, seat: int, observation: Observation) -> Action:
    """``seat``'s action as the saved events show it: the next action event by ``seat`` (among a
    group of rons, any of them), else a pass."""
    legal = observation.legal_actions
    index = done
    while index < len(events):
        event = events[index]
        if event["type"] == "ryukyoku" and "actor" not in event:
            # nine terminals as saved (the seat to draw declared it), or a triple ron: three rons
            wanted = "hora" if event.get("reason") == "sanchahou" else "ryukyoku"
            declared = [a for a in legal if a.type == wanted]
            if declared:
                return declared[0]
        if event["type"] in ACTIONS and event.get("actor") == seat:
            try:
                found = match_action(legal, Action.from_mjai(event))
            except IllegalActionError as error:
                raise GameError(f"event {index}: {error}") from None
            if found is None:
                raise GameError(f"event {index} ({event['type']} by seat {seat}) is not legal in the engine")
            return found
        if event["type"] in ("dora", "reach_accepted") or (
                event["type"] == "hora" and (index == done or events[index - 1]["type"] == "hora")):
            index += 1  # made by the engine with the action, or another seat's ron of a group
            continue
        break
    passing = [a for a in legal if a.type == "none"]
    if not passing:
        raise GameError(f"event {done}: seat {seat} must act but the events show nothing")
    return passing[0]


def _read_events(path: Path) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except ValueError:
            raise GameError(f"line {number} is not JSON") from None
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise GameError(f"line {number} is not an mjai event")
        events.append(event)
    return events


def saved_games(events_dir: Path, records: Sequence[Path]
                ) -> Iterator[tuple[Path, list[dict[str, Any]], str, int]]:
    """The games of a ``mahjong_vs_bots.py`` run: for each record line of ``records``, its events
    file, its events, its wall seed and the first entry's seat. A game whose events file is
    missing or unreadable is named on standard error and skipped; a line that is not a record
    ends the program with a message naming it."""
    for path in records:
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
                game, wall_seed, seating, _ = record["spec"]
                name = f"{record.get('label') or 'run'}-{game}-{'-'.join(record['names'])}.jsonl"
                seat = list(seating).index(0)
            except (ValueError, KeyError, TypeError, AttributeError):
                raise SystemExit(f"{path}: line {number} is not a game record of mahjong_vs_bots.py") \
                    from None
            events_path = events_dir / name
            if not events_path.exists():
                print(f"{events_path}: missing, game skipped", file=sys.stderr)
                continue
            try:
                events = _read_events(events_path)
            except GameError as error:
                print(f"{events_path}: {error}; game skipped", file=sys.stderr)
                continue
            yield events_path, events, str(wall_seed), seat


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("events", type=Path, help="the run's --events directory")
    parser.add_argument("records", type=Path, nargs="+", help="the run's --out files")
    args = parser.parse_args(argv)
    discards: list[tuple[int, Discard]] = []
    mine: list[HandResult] = []
    others: list[HandResult] = []
    games = 0
    for events_path, events, wall_seed, seat in saved_games(args.events, args.records):
        try:
            played = replay(events, wall_seed, seat)
        except GameError as error:
            print(f"{events_path}: {error}; game skipped", file=sys.stderr)
            continue
        games += 1
        discards.extend((games, d) for d in played)
        for other, results in enumerate(hand_results(events)):
            (mine if other == seat else others).extend(results)
    report(discards, games)
    report_hands(mine, others)
    return 0


def report_hands(mine: Sequence[HandResult], others: Sequence[HandResult], out: Any = None) -> None:
    """Print the hands of the first entry and of the others by what they became (see the module
    docstring) to ``out`` (standard output by default)."""
    out = sys.stdout if out is None else out
    print("\n| hands of | became | share | hands | won | dealt in | points a hand | facing a riichi: "
          "hands, won, dealt in, points a hand |\n|---|---|---:|---:|---:|---:|---:|---|", file=out)
    for name, results in (("first entry", mine), ("the others", others)):
        for kind in ("riichi", "open", "closed", "all"):
            rows = [r for r in results if kind in ("all", r.kind)]
            if not rows:
                continue
            facing = [r for r in rows if r.facing_riichi]
            print(f"| {name} | {kind} | {len(rows) / len(results):.1%} | {len(rows)} | "
                  f"{_share(rows, 'won')} | {_share(rows, 'dealt_in')} | "
                  f"{sum(r.delta for r in rows) / len(rows):+.0f} | "
                  + (f"{len(facing)}, {_share(facing, 'won')}, {_share(facing, 'dealt_in')}, "
                     f"{sum(r.delta for r in facing) / len(facing):+.0f} |" if facing else "0 |"),
                  file=out)


def _share(rows: Sequence[HandResult], field: str) -> str:
    return f"{sum(1 for r in rows if getattr(r, field)) / len(rows):.1%}"


def report(discards: Sequence[tuple[int, Discard]], games: int, out: Any = None) -> None:
    """Print the deal-ins by class, the discards facing a riichi by class and the open tenpai
    pushes' hands (see the module docstring) to ``out`` (standard output by default)."""
    out = sys.stdout if out is None else out
    dealt = [d for _, d in discards if d.dealt_in]
    print(f"{games} games, {len(discards)} discards, {len(dealt)} deal-ins, "
          f"{sum(d.dealt_in for d in dealt)} points", file=out)
    count = Counter(d.label for d in dealt)
    points = Counter[str]()
    for d in dealt:
        points[d.label] += d.dealt_in
    print("\n| class | deal-ins | points |\n|---|---:|---:|", file=out)
    for label, n in count.most_common():
        print(f"| {label} | {n} | {points[label]} |", file=out)
    facing = Counter(d.label for _, d in discards if d.label.startswith("facing"))
    print("\n| discards facing a riichi | discards | deal-ins |\n|---|---:|---:|", file=out)
    for label in sorted(facing):
        print(f"| {label} | {facing[label]} | {count.get(label, 0)} |", file=out)
    hands: dict[tuple[int, int], int] = {}
    for game, d in discards:
        if d.label == "facing riichi, tenpai, open, pushed":
            key = (game, d.hand)
            hands[key] = hands.get(key, 0) + d.dealt_in
    lost = sum(1 for v in hands.values() if v)
    print(f"\nopen tenpai hands that pushed against a riichi: {len(hands)}, dealt in in {lost}, "
          f"{sum(hands.values())} points", file=out)


if __name__ == "__main__":
    sys.exit(main())
