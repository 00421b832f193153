"""Invariants of whole seeded random matches of the table engine, under every rules preset.

Four seeded random players play whole matches of :class:`~taku.mahjong.match.Match`, and after
every action (or at sampled decision points, where a check is costly) the state must keep:

- every one of the 136 tiles in exactly one place (MJ-FLOW-20): the concealed tiles, the melds,
  the discards nobody called, the rest of the live wall and a dead wall of 14 tiles;
- every point: the scores plus the riichi sticks on the table are four times the start points, in
  a hand, between hands and at the end, where the leftover sticks go as ``Rules`` says (MJ-GAME-09);
- every seat's :class:`~taku.mahjong.kyoku.Observation` free of the other seats' concealed tiles;
- every legal action playable, and every illegal one refused with nothing changed;
- the match's own record: it replays without a mismatch and survives mjai writing and reading.

Two kinds of players: *uniform* ones pick any legal action with equal chance (they almost never
win, so hands end in draws), *eager*
ones win whenever they can, declare riichi and kans, call now and then and otherwise discard a tile
that keeps the lowest shanten (random among those), so that wins, riichi sticks, kans, busts and
now and then a double ron happen. Under Montreal's rules (nanba renchan: after the East round the dealer keeps
the deal at every exhaustive draw) uniform players' matches last hundreds of hands; they are
checked over their first actions only (``LIMIT``).
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import fields, is_dataclass
from typing import Any

import pytest

from taku.formats.mahjong.mjai import read_mjai, write_mjai
from taku.formats.mahjong.record import MahjongRecord
from taku.formats.mahjong.replay import replay
from taku.mahjong.actions import Action, IllegalActionError
from taku.mahjong.kyoku import Kyoku
from taku.mahjong.match import Match
from taku.mahjong.rules import Rules
from taku.mahjong.shanten import shanten
from taku.mahjong.tiles import Tile
from taku.mahjong.wall import DEAL, LIVE_END, RINSHAN, Wall
from tests.attributes import state

PRESETS = ("tenhou", "mahjongsoul", "ema", "montreal")
LIMIT = 3000
"""Actions checked of a uniform players' match under Montreal's rules (see the module docstring)."""

EAGER = (("hora", 0.95), ("ryukyoku", 0.5), ("open_reach", 0.3), ("reach", 0.9), ("ankan", 0.6),
         ("kakan", 0.6), ("daiminkan", 0.4), ("pon", 0.3), ("chi", 0.2))
"""What an eager player does when it may, and how often (in this order)."""


# --- the players and the matches -------------------------------------------------------------------

def choose(match: Match, seat: int, rng: random.Random, eager: bool) -> Action:
    """A random legal action of ``seat`` (see the module docstring)."""
    legal = match.legal_actions(seat)
    if not eager:
        return legal[rng.randrange(len(legal))]
    by_type: dict[str, list[Action]] = {}
    for action in legal:
        by_type.setdefault(action.type, []).append(action)
    for kind, chance in EAGER:
        if kind in by_type and rng.random() < chance:
            return rng.choice(by_type[kind])
    if "none" in by_type:
        return by_type["none"][0]
    discards = by_type["dahai"]
    s = match.kyoku.seats[seat]
    counts, melds = list(s.counts), len(s.melds)
    best: list[Action] = []
    lowest = 99
    for action in discards:
        assert action.pai is not None
        counts[action.pai.kind] -= 1
        value = shanten(counts, melds)
        counts[action.pai.kind] += 1
        if value < lowest:
            lowest, best = value, [action]
        elif value == lowest:
            best.append(action)
    return rng.choice(best)


def steps(preset: str, seed: int, eager: bool, limit: int | None = None
          ) -> Iterator[tuple[Match, Action | None]]:
    """Play one seeded match; yield it before the first action and after every action (with the
    action just played), until the end or ``limit`` actions."""
    match = Match(Rules.preset(preset), seed=seed)
    rng = random.Random(f"{preset}-{seed}-{eager}")
    yield match, None
    played = 0
    while not match.is_over and (limit is None or played < limit):
        action = choose(match, match.to_act[0], rng, eager)
        match.apply(action)
        played += 1
        yield match, action


def play(preset: str, seed: int, eager: bool) -> tuple[Match, list[Action]]:
    """One whole seeded match and the actions played in it."""
    played = list(steps(preset, seed, eager))
    match = played[-1][0]
    assert match.result is not None
    return match, [action for _, action in played if action is not None]


def limit_for(preset: str, eager: bool) -> int | None:
    """How many actions of the match to check (None: all)."""
    return LIMIT if preset == "montreal" and not eager else None


def cases(eager_seeds: int, uniform_seeds: int, *, whole: bool = False) -> list[Any]:
    """pytest parameters: (preset, seed, eager) for every preset (``whole``: only matches that
    are checked to their end, see ``LIMIT``)."""
    out = []
    for preset in PRESETS:
        out += [pytest.param(preset, seed, True, id=f"{preset}-eager-{seed}")
                for seed in range(eager_seeds)]
        if not (whole and limit_for(preset, False)):
            out += [pytest.param(preset, seed, False, id=f"{preset}-uniform-{seed}")
                    for seed in range(uniform_seeds)]
    return out


# --- MJ-FLOW-20: 136 tiles, a dead wall of 14 ------------------------------------------------------

def dead_wall_places(kyoku: Kyoku) -> list[int]:
    """The places of the dead wall now: from the end of the live wall to the last tile, less the
    replacement tiles drawn (every kan moves the last live tile into the dead wall, MJ-FLOW-20)."""
    drawn = set(RINSHAN[:kyoku.rinshan_drawn])
    return [place for place in range(kyoku.live_end, 136) if place not in drawn]


def check_tiles(kyoku: Kyoku) -> None:
    """Every tile of the wall is in exactly one place; the dead wall holds 14 tiles."""
    tiles = kyoku.wall.tiles
    assert kyoku.rinshan_drawn == len(kyoku.kan_owners) <= 4
    assert kyoku.live_end == LIVE_END - kyoku.rinshan_drawn
    assert DEAL <= kyoku.draw_index <= kyoku.live_end
    dead = dead_wall_places(kyoku)
    assert len(dead) == 14, f"the dead wall holds {len(dead)} tiles"
    seen: Counter[Tile] = Counter()
    called: Counter[Tile] = Counter()
    sizes = []
    for s in kyoku.seats:
        seen.update(s.closed)
        seen.update(s.discards)
        for meld in s.melds:
            seen.update(meld.tiles)
            if meld.called is not None:
                called[meld.called] += 1  # it lies in the meld, not among the discards
        sizes.append(len(s.closed) + 3 * len(s.melds))
    seen.subtract(called)
    seen.update(tiles[kyoku.draw_index:kyoku.live_end])
    seen.update(tiles[place] for place in dead)
    assert +seen == Counter(tiles), f"tiles made or lost: {(+seen) - Counter(tiles)} extra, " \
                                    f"{Counter(tiles) - (+seen)} missing"
    # 13 tiles a seat (a kan counts three), 14 for one seat between its draw or call and discard
    assert sorted(sizes)[:3] == [13, 13, 13] and sizes.count(14) <= 1, sizes


@pytest.mark.parametrize(("preset", "seed", "eager"), cases(4, 1))
def test_mj_flow_20_every_tile_accounted_for_after_every_action(preset: str, seed: int,
                                                                eager: bool) -> None:
    """MJ-FLOW-20: after every action the 136 tiles are the concealed tiles, the melds, the
    uncalled discards, the live wall left and a dead wall of 14 (122 - kans places of live wall)."""
    hands = set()
    for match, _ in steps(preset, seed, eager, limit_for(preset, eager)):
        check_tiles(match.kyoku)
        hands.add(id(match.kyoku))
    assert len(hands) >= 2


def test_dead_wall_places_after_four_kans() -> None:
    """The helper's arithmetic: four kans leave the live wall at 118 and the dead wall at the 14
    places 118..133 less the replacement tiles drawn (134, 135, 132, 133)."""
    kyoku = Kyoku(Wall.shuffled(1))
    kyoku.live_end, kyoku.rinshan_drawn = LIVE_END - 4, 4
    assert dead_wall_places(kyoku) == list(range(118, 132))


# --- points: scores plus sticks are conserved ------------------------------------------------------

def check_points(match: Match) -> None:
    """Scores plus 1000 per stick on the table are the start points, in the hand and the match."""
    start = 4 * match.rules.start_points
    kyoku = match.kyoku
    assert sum(kyoku.scores) + 1000 * kyoku.deposits == start, (kyoku.scores, kyoku.deposits)
    assert sum(match.scores) + 1000 * match.deposits == start, (match.scores, match.deposits)


def check_hand_results(match: Match) -> None:
    """In each hand the score changes sum to the riichi sticks taken from the table: all the sticks
    on it (those of earlier hands and this hand's) when someone wins, none at a draw."""
    sticks = changes = 0
    won = False
    sums: list[tuple[int, int, bool]] = []
    for event in match.events:
        kind = event["type"]
        if kind == "start_kyoku":
            sticks, changes, won = event["kyotaku"], 0, False
        elif kind == "reach_accepted":
            sticks += 1
        elif kind in ("hora", "ryukyoku"):
            changes += sum(event["deltas"])
            won = won or kind == "hora"
        elif kind == "end_kyoku":
            sums.append((changes, sticks, won))
    assert len(sums) == len(match.results)
    for number, ((changes, sticks, won), result) in enumerate(zip(sums, match.results, strict=True)):
        assert changes == sum(result.deltas), f"hand {number}"
        assert changes == (1000 * sticks if won else 0), f"hand {number}: {result}"


def check_end(match: Match) -> None:
    """The end: the scores after the last hand's settlement and the riichi sticks still on the
    table then (MJ-GAME-09: lost, or to first place, shared in a tie under ``ties="shared"``)."""
    before, sticks = list(match.kyoku.scores), match.kyoku.deposits
    result = match.result
    assert result is not None
    rules = match.rules
    assert sum(result.scores) + 1000 * result.leftover_deposits == 4 * rules.start_points
    gains = [after - b for after, b in zip(result.scores, before, strict=True)]
    if rules.leftover_deposits == "lost" or not sticks:
        assert gains == [0, 0, 0, 0] and result.leftover_deposits == sticks
        return
    assert result.leftover_deposits == 0 and sum(gains) == 1000 * sticks
    top = max(before)
    firsts = [s for s in range(4) if before[s] == top]
    if rules.ties == "seat_order":
        firsts = firsts[:1]
    assert {s for s in range(4) if gains[s]} == set(firsts), (before, result.scores)
    assert result.ranks[firsts[0]] == 1


@pytest.mark.parametrize(("preset", "seed", "eager"), cases(8, 1))
def test_points_conserved_in_and_between_hands_and_at_the_end(preset: str, seed: int,
                                                              eager: bool) -> None:
    """Scores plus 1000 per riichi stick on the table stay four times the start points after
    every action; a hand's score changes are the sticks it takes; leftover sticks at the end are
    lost or go to first place as the rules say (MJ-GAME-09)."""
    match = None
    for match, _ in steps(preset, seed, eager, limit_for(preset, eager)):
        check_points(match)
    assert match is not None
    check_hand_results(match)
    if match.result is not None:
        check_end(match)
    elif limit_for(preset, eager) is None:
        pytest.fail("the match did not end")


# --- observations ------------------------------------------------------------------------------------

def _walk(value: Any) -> Iterator[Any]:
    """Every value inside ``value``: dataclass fields, tuple/list items and dict values."""
    yield value
    if isinstance(value, (str, int, float, bool, Tile)) or value is None:
        return
    if is_dataclass(value) and not isinstance(value, type):
        for field in fields(value):
            yield from _walk(getattr(value, field.name))
    elif isinstance(value, dict):
        for item in value.values():
            yield from _walk(item)
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _walk(item)


def _as_tiles(value: Any) -> list[str] | None:
    """A tuple or list of tiles (Tile values or mjai names) as sorted mjai names, else None."""
    if not isinstance(value, (tuple, list)) or not value:
        return None
    names = []
    for item in value:
        if isinstance(item, Tile):
            names.append(item.mjai)
        elif isinstance(item, str) and item != "?":
            try:
                names.append(Tile.from_mjai(item).mjai)
            except ValueError:
                return None
        else:
            return None
    return sorted(names)


HIDDEN_MIN = 5
"""Concealed hands smaller than this are left out of the search for leaks: a hand that calls
have cut to a few tiles can equal a meld's or a discard's tiles by chance."""


def check_observation(match: Match, seat: int) -> None:
    """``seat``'s observation: every field is his own or public state (the others' draws and
    starting hands as ``?``), and no part of it equals another seat's concealed tiles."""
    kyoku = match.kyoku
    obs = match.observe(seat)
    me = kyoku.seats[seat]
    seats = kyoku.seats
    public = {
        "seat": seat, "round_wind": kyoku.round_wind, "hand_number": kyoku.hand_number,
        "honba": kyoku.honba, "deposits": kyoku.deposits, "dealer": kyoku.dealer,
        "scores": tuple(kyoku.scores),
        "hand": tuple(sorted(me.closed)), "drawn": kyoku.drawn if seat == kyoku.actor else None,
        "melds": tuple(tuple(s.melds) for s in seats),
        "discards": tuple(tuple(s.discards) for s in seats),
        "riichi": tuple(s.riichi for s in seats), "dora_indicators": kyoku.dora_indicators,
        "tiles_left": kyoku.live_end - kyoku.draw_index, "last_discard": kyoku.last_discard,
        "legal_actions": match.legal_actions(seat),
        # MJ-RIICHI-13: an open riichi hand is public
        "open_hands": tuple(tuple(sorted(s.closed)) if s.open_riichi else None for s in seats),
    }
    shown = {field.name: getattr(obs, field.name) for field in fields(obs)}
    events = shown.pop("events")
    assert shown == public  # also: no field beyond these
    assert all(a.actor == seat for a in obs.legal_actions)
    assert len(events) == len(kyoku.events)
    for masked, event in zip(events, kyoku.events, strict=True):
        kind = event["type"]
        if kind == "tsumo" and event["actor"] != seat:
            assert masked == {**event, "pai": "?"}
        elif kind == "start_kyoku":
            assert masked["tehais"][seat] == event["tehais"][seat]
            assert all(masked["tehais"][i] == ["?"] * 13 for i in range(4) if i != seat)
            assert {k: v for k, v in masked.items() if k != "tehais"} == \
                {k: v for k, v in event.items() if k != "tehais"}
        else:
            assert masked == event
    hidden = {other: sorted(t.mjai for t in seats[other].closed) for other in range(4)
              if other != seat and not seats[other].open_riichi
              and len(seats[other].closed) >= HIDDEN_MIN}
    for value in _walk(obs):
        assert not isinstance(value, (Wall, Kyoku, Match)), type(value)
        names = _as_tiles(value)
        if names is not None:
            for other, hand in hidden.items():
                assert names != hand, f"seat {seat} sees seat {other}'s concealed tiles: {value!r}"


@pytest.mark.parametrize(("preset", "seed", "eager"), cases(2, 1))
def test_observation_holds_no_other_seats_concealed_tiles(preset: str, seed: int,
                                                          eager: bool) -> None:
    """Every fifth action, every seat's observation: others' draws and dealt hands are ``?`` and
    no part of it equals another seat's concealed tiles (open riichi hands excepted)."""
    checked = 0
    for number, (match, _) in enumerate(steps(preset, seed, eager, limit_for(preset, eager))):
        if match.result is None and number % 5 == 0:
            for seat in range(4):
                check_observation(match, seat)
            checked += 1
    assert checked >= 50


# --- legal and illegal actions ----------------------------------------------------------------------

def clone(match: Match) -> Match:
    """An independent copy of ``match``: a new match whose attributes, its hand's and its seats'
    are deep copies of those of ``match``. Immutable values are shared (the rules, the wall and its
    tiles, melds, the results of past hands) and so are the recorded events (no action changes
    one), which are copied as lists only, for speed."""
    kyoku = match.kyoku
    shared: list[Any] = [match.rules, kyoku.wall, *kyoku.wall.tiles, *match.results]
    for s in kyoku.seats:
        shared += s.melds
    memo = {id(value): value for value in shared}
    copied = Match(match.rules, match.seed)
    seats = []
    for s in kyoku._seats:
        seat = type(s)(())
        for name, value in state(s).items():
            setattr(seat, name, copy.deepcopy(value, memo))
        seats.append(seat)
        memo[id(s)] = seat
    memo[id(kyoku._seats)] = seats
    for original, target in ((kyoku, copied.kyoku), (match, copied)):
        for name, value in state(original).items():
            if name == "_events":
                setattr(target, name, list(value))
            elif name != "kyoku":
                setattr(target, name, copy.deepcopy(value, memo))
    return copied


def snapshot(match: Match) -> str:
    """The state of ``match`` and its hand as text: every attribute but the immutable rules and
    wall, and of the event lists their length and last event."""
    kyoku = match.kyoku

    def fields_of(thing: Any, skip: tuple[str, ...]) -> dict[str, Any]:
        out = {k: v for k, v in state(thing).items() if k not in skip}
        out["events"] = (len(thing.events), thing.events[-1])
        return out

    seats = [state(s) for s in kyoku._seats]
    return repr((fields_of(match, ("kyoku", "rules")), fields_of(kyoku, ("_seats", "rules", "wall")),
                 seats))


def illegal_actions(match: Match, rng: random.Random) -> list[Any]:
    """Some actions that are not legal now: a legal action by the wrong seat, a discard of a tile
    not in hand, a win or a riichi that is not offered, a bad seat number, a non-action."""
    seat = match.to_act[0]
    legal = match.legal_actions(seat)
    s = match.kyoku.seats[seat]
    candidates: list[Any] = []
    for other in range(4):  # the wrong seat
        candidates.append(rng.choice(legal).replace(actor=other))
    held = {t.kind for t in s.closed}
    missing = [kind for kind in range(34) if kind not in held]
    tile = Tile(rng.choice(missing))
    candidates += [
        Action("dahai", seat, tile), Action("dahai", seat, tile, tsumogiri=True),
        Action("dahai", seat, rng.choice(s.closed), tsumogiri=True),
        Action("hora", seat, tile, target=seat), Action("reach", seat),
        Action("pon", seat, tile, (tile, tile), (seat + 1) % 4),
        Action("none", seat), Action("dahai", 4, tile), Action("none", -1),
        ("dahai", seat, tile), None,
    ]
    return [a for a in candidates
            if not (isinstance(a, Action) and 0 <= a.actor <= 3 and a in match.legal_actions(a.actor))]


@pytest.mark.parametrize(("preset", "seed", "eager"), cases(3, 1))
def test_every_legal_action_applies_and_illegal_ones_change_nothing(preset: str, seed: int,
                                                                   eager: bool) -> None:
    """At every decision with something besides a discard, a pass, chi or pon (a win, riichi, a
    kan, nine terminals) and at every 20th decision, each legal action of each seat asked plays on
    a copy without error (the tiles still all there); illegal actions raise IllegalActionError
    (a ValueError) and leave the whole state as it was."""
    rng = random.Random(seed)
    tried = refused = 0
    for number, (match, _) in enumerate(steps(preset, seed, eager, limit_for(preset, eager))):
        if match.result is not None:
            for bad in (Action("dahai", 0, Tile(0)), Action("none", 1)):
                with pytest.raises(IllegalActionError, match="the match is over"):
                    match.apply(bad)
            continue
        waiting = match.to_act
        # (asking every seat first also fills the engine's cache of legal actions, which an
        # illegal action's check would otherwise fill and the snapshot below count as a change)
        legal = {seat: match.legal_actions(seat) for seat in range(4)}
        assert all(legal[seat] for seat in waiting)
        assert not any(legal[seat] for seat in range(4) if seat not in waiting)
        special = any(a.type not in ("dahai", "none", "chi", "pon")
                      for seat in waiting for a in legal[seat])
        if special or number % 20 == 0:
            for seat in waiting:
                for action in legal[seat]:
                    copied = clone(match)
                    copied.apply(action)
                    check_tiles(copied.kyoku)
                    tried += 1
            check_tiles(match.kyoku)  # the copies share nothing that an action changes
        if number % 20 == 0:
            before = snapshot(match)
            for bad in illegal_actions(match, rng):
                with pytest.raises(IllegalActionError) as error:
                    match.apply(bad)
                assert isinstance(error.value, ValueError)
                assert snapshot(match) == before, f"{bad} changed the state"
                refused += 1
    assert tried >= 20 and refused >= 50


# --- the match's own record --------------------------------------------------------------------------

@pytest.mark.parametrize(("preset", "seed", "eager"), cases(6, 1, whole=True))
def test_own_record_replays_and_round_trips_through_mjai(preset: str, seed: int, eager: bool) -> None:
    """The match's events as a record replay through the engine under the same rules with no
    mismatch (every action legal, every hora and ryukyoku the same: deltas, han, fu, yaku, dora),
    the same actions on a fresh match give the same events, and mjai writing then reading gives
    the same events."""
    match, actions = play(preset, seed, eager)
    record = MahjongRecord(tuple(match.events), preset, f"{preset}-{seed}")
    report = replay(record)
    assert report.ok, [str(m) for m in report.mismatches]
    outcomes = Counter("hora" if r.outcome == "hora" else "draw" for r in match.results)
    assert (report.hands, report.wins, report.draws) == \
        (len(match.results), outcomes["hora"], outcomes["draw"])
    again = Match(Rules.preset(preset), seed=seed)
    for action in actions:
        again.apply(action)
    assert again.events == match.events
    assert read_mjai(write_mjai(record), record.name).events == record.events


# --- the players make the properties bite ------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_eager_matches_have_wins_riichi_kans_and_busts(preset: str) -> None:
    """The eight eager matches per preset checked above are not all draws: they have wins,
    accepted riichi, kans, and some end with riichi sticks left on the table or a bust."""
    seen: Counter[str] = Counter()
    for seed in range(8):
        match, _ = play(preset, seed, True)
        seen.update(r.outcome for r in match.results)
        seen.update(e["type"] for e in match.events if e["type"] in ("reach_accepted", "ankan",
                                                                      "kakan", "daiminkan"))
        seen["sticks left at the end"] += match.kyoku.deposits > 0
        assert match.result is not None
        seen["bust"] += min(match.result.scores) < 0
    assert seen["hora"] >= 30 and seen["reach_accepted"] >= 30 and seen["exhaustive_draw"] >= 20
    assert seen["ankan"] + seen["kakan"] + seen["daiminkan"] >= 10
    assert seen["sticks left at the end"] + seen["bust"] >= 1


# --- larger runs -------------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_many_matches_keep_tiles_points_and_records(preset: str) -> None:
    """More eager matches per preset: tiles after every action, points, the record's replay."""
    for seed in range(100, 112):
        match = None
        for match, _ in steps(preset, seed, True):
            check_tiles(match.kyoku)
            check_points(match)
        assert match is not None
        check_hand_results(match)
        check_end(match)
        report = replay(MahjongRecord(tuple(match.events), preset, f"{preset}-{seed}"))
        assert report.ok, [str(m) for m in report.mismatches]


MANY_CHUNKS = 5
MANY_PER_CHUNK = 100
"""2 000 matches in all: 500 per preset, in chunks that the test workers share."""


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(MANY_CHUNKS))
@pytest.mark.parametrize("preset", PRESETS)
def test_thousands_of_seeded_matches_keep_every_invariant(preset: str, chunk: int) -> None:
    """2 000 seeded matches (half eager, half uniform players; Montreal's all eager, see the
    module docstring), each to its end: points conserved after every action and at every hand's
    end, all 136 tiles accounted for with a dead wall of 14 every eighth action, one seat's
    observation free of the others' concealed tiles every hundredth action, the end's leftover
    sticks as the rules say, and the match's own record replaying with no mismatch."""
    first = 10_000 + chunk * MANY_PER_CHUNK
    outcomes: Counter[str] = Counter()
    for seed in range(first, first + MANY_PER_CHUNK):
        eager = seed % 2 == 0 or preset == "montreal"
        match = None
        for number, (match, _) in enumerate(steps(preset, seed, eager)):
            check_points(match)
            if number % 8 == 0:
                check_tiles(match.kyoku)
            if number % 100 == 0 and match.result is None:
                check_observation(match, number // 100 % 4)
        assert match is not None and match.result is not None
        check_hand_results(match)
        check_end(match)
        outcomes.update(r.outcome for r in match.results)
        report = replay(MahjongRecord(tuple(match.events), preset, f"{preset}-{seed}"))
        assert report.ok, [str(m) for m in report.mismatches]
    assert outcomes["hora"] >= MANY_PER_CHUNK and outcomes["exhaustive_draw"] >= MANY_PER_CHUNK
