"""The mahjong table actor: one per table, the only code that drives the mahjong engine.

The actor owns the table's :class:`~taku.mahjong.match.Match`. Its state is the replay of the
stored actions from the seed (:meth:`MahjongTable.replay`), the same path for a restart, a
reconnect and the replay viewer. Every accepted action is committed before it is broadcast.

**The numbered log.** Event ``n`` (from 1) is the ``n``-th entry of the table's log: the engine's
mjai events (``match.events``) in order, with three server events inserted, all public by the
rules: ``hand_end`` before each ``end_kyoku`` (the hands shown at the end, the settlement, the
scores), ``match_end`` after ``end_game`` (final scores, ranks, result points with uma) and, under
``Rules.open_riichi``, ``open_hand`` (the concealed tiles of a player in open riichi, shown to all)
after his declaring discard and after any later change of those tiles (a concealed kan). A viewer gets each
engine event as the core masks it for his seat (:func:`taku.mahjong.kyoku.mask_event`: others'
draws and starting hands are ``?``); a spectator as no seat sees it. The numbering is the same for
everyone, so a client resyncs by sending the last number it saw.

**Decisions.** When the engine waits for seats (``match.to_act``: one in a turn, several when a
discard may be claimed), each gets a decision: a built-in bot decides in a worker thread (seeded by
the table's seed, the seat and the action number, so a replayed table decides alike), an outside
mjai bot is sent its events (:mod:`taku.server.mjai_seat`), a person gets a ``prompt`` with his
legal actions and clock. Claims are answered by every seat that may claim, then the engine resolves
them by priority (MJ-FLOW-14). A person's clock (:class:`~taku.server.clocks.TurnClock`) gives a few
seconds per decision plus a bank per match, or the rules' claim window for claims; when it runs out,
or a disconnected person does not come back within ``disconnect_act_seconds``, the server plays
tsumogiri or passes for him; after ``grace_seconds`` away a bot (``Settings.standin``) plays the
seat until the person returns.

**Between hands.** The engine deals the next hand as soon as one ends; the table holds its events
back (a pause, :class:`HandPause`) until every person seated (not a bot, not a stand-in) has
acknowledged the result with a ``next_hand`` message or ``Settings.hand_pause_seconds`` have passed,
whichever comes first. Viewers see the log up to the ``end_kyoku`` and a ``hand_pause`` message (the
seconds left, the seats awaited and those ready); no decision is open, so no clock runs. A table
without people, the last hand of a match and ``hand_pause_seconds == 0`` do not pause. The pause is
not stored: a table restored after a restart whose last stored action ended a hand pauses again, in
full, with nobody ready yet (the people come back to the results they were reading).

Engine seams used (public API only): ``Match(rules, seed, walls=...)`` (a table created with given
walls: tests), ``Wall``, ``match.apply``, ``match.to_act``,
``match.legal_actions``, ``match.observe``, ``match.events``, ``match.kyoku`` (and the finished
hand's ``result``, ``scores`` and ``hand_of``), ``match.result``, ``mask_event``, ``Action`` mjai
conversion, and the core's ``match_action``.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from taku.bots import make_player
from taku.mahjong.actions import Action, IllegalActionError, match_action
from taku.mahjong.errors import MahjongError
from taku.mahjong.kyoku import Event, Kyoku, Observation, mask_event
from taku.mahjong.match import Match, seeded_wall
from taku.mahjong.rules import PRESETS, Rules
from taku.mahjong.wall import Wall
from taku.protocols.mjai_process import safest_action
from taku.server.clocks import TurnClock
from taku.server.mjai_seat import MjaiFault, MjaiLink, read_answer
from taku.server.protocol import encode
from taku.server.store import Game, StoredAction
from taku.server.tables import Connection, GameActor, GameError, Services, log, spawn

SPECTATOR = -1
"""The seat ``mask_event`` is given for a spectator: no seat, so every private tile is hidden."""


def mahjong_rules(preset: str, options: dict[str, Any]) -> Rules:
    """The preset changed by ``options`` (rules fields with JSON values: a list for a set or a
    tuple field); ``ValueError`` naming a bad one."""
    if preset not in PRESETS:
        raise ValueError(f"unknown rules preset {preset!r}; choose one of {', '.join(PRESETS)}")
    try:
        return Rules.preset(preset).with_values(options)
    except (MahjongError, TypeError) as error:
        raise ValueError(str(error)) from None


def _walls(given: list[str], seed: str, rules: Rules) -> Iterator[Wall]:
    """The walls of a table created with given walls: those, then the seed's (``seeded_wall``, as
    ``Match`` deals them)."""
    yield from (Wall.from_str(text) for text in given)
    for hand in itertools.count(len(given)):
        yield seeded_wall(seed, hand, rules.red_fives)


def _bot_choose(name: str, seed: str, rules: Rules, observation: Observation) -> Action:
    """A built-in player's decision (run in a worker thread)."""
    return make_player(name, seed, rules).choose(observation)


@dataclass
class HandPause:
    """The wait between a hand's end and the next deal: events after ``shown`` are held back."""

    shown: int
    """The number of the hand's ``end_kyoku`` event: the last event viewers get meanwhile."""
    seats: set[int]
    """The people whose acknowledgement is awaited."""
    started: float
    seconds: float
    ready: set[int]
    """The seats that acknowledged."""

    def left(self) -> float:
        """Seconds until the next hand is dealt without waiting for anyone."""
        return max(0.0, self.seconds - (time.monotonic() - self.started))

    def message(self) -> str:
        """The ``hand_pause`` message every viewer gets."""
        return encode(
            {
                "type": "hand_pause",
                "n": self.shown,
                "seconds": round(self.left(), 3),
                "seats": sorted(self.seats),
                "ready": sorted(self.ready),
            }
        )


@dataclass
class Decision:
    """A decision the table waits for: ``key`` is (log length, seat) when it opened."""

    key: tuple[int, int]
    seat: int
    started: float
    controller: str
    """``person``, ``bot``, ``standin`` or ``mjai``."""
    allowance: float = 0.0
    """Seconds the person has (from ``started``)."""


class MahjongTable(GameActor):
    """A mahjong table (see the module docstring)."""

    kind = "mahjong"

    def __init__(self, game: Game, services: Services) -> None:
        super().__init__(game, services)
        config = game.config
        self.rules = mahjong_rules(config.get("rules", "tenhou"), config.get("options", {}))
        given = config.get("walls")
        self.match = Match(
            self.rules, seed=game.seed, walls=None if not given else _walls(given, game.seed, self.rules)
        )
        self.log: list[tuple[Event, bool]] = []
        """Entries ``(event, from the engine)``; event ``n`` is ``log[n - 1]``."""
        self._core_seen = 0
        self._open_shown: dict[int, list[str] | None] = {}
        """Seats in open riichi this hand and the concealed tiles last shown of each."""
        clock = config.get("clock", {})
        self.clock = TurnClock(
            int(clock.get("action_s", self.settings.action_seconds) * 1000),
            [int(clock.get("bank_s", self.settings.bank_seconds) * 1000)] * 4,
        )
        self.decisions: dict[int, Decision] = {}
        self.absent_since: dict[int, float] = {}
        self.left: set[int] = set()
        self.links: dict[int, MjaiLink] = {}
        self.faults: list[str] = []
        self.pause: HandPause | None = None
        """The pause between two hands, while the next hand's events are held back."""
        self._restored_break: int | None = None
        """After a replay whose last action ended a hand: that hand's ``end_kyoku`` number."""
        self._sync_log(None)

    @property
    def visible(self) -> int:
        """How many events of the log viewers get (all but those held back by a pause)."""
        return len(self.log) if self.pause is None else self.pause.shown

    # --- the engine -------------------------------------------------------------------------------
    def _apply(self, action: Action) -> int:
        """Play ``action`` (``IllegalActionError`` changes nothing); returns the log length before."""
        before = self.match.kyoku
        self.match.apply(action)
        return self._sync_log(before)

    def _sync_log(self, hand: Kyoku | None) -> int:
        start = len(self.log)
        events = self.match.events
        for event in events[self._core_seen :]:
            kind = event["type"]
            if kind == "end_kyoku" and hand is not None:
                self.log.append((self._hand_end(hand), False))
            self.log.append((event, True))
            if kind == "end_game":
                self.log.append((self._match_end(), False))
            elif kind in ("start_kyoku", "end_kyoku"):
                self._open_shown = {}
            elif kind == "reach" and event.get("open") is True:
                self._open_shown.setdefault(event["actor"], None)
        self._core_seen = len(events)
        if self._open_shown and not self.match.is_over:
            self._show_open_hands()
        return start

    def _show_open_hands(self) -> None:
        """Log an ``open_hand`` event for each seat in open riichi (MJ-RIICHI-13) whose concealed
        tiles, counted between turns (3n+1 tiles: after the declaring discard, after a kan and its
        discard), differ from the ones last shown. The event is public: every seat and spectator
        sees the hand; the tile a player has just drawn stays hidden until he plays it."""
        for seat in sorted(self._open_shown):
            tiles = self.match.observe(seat).open_hands[seat]
            if tiles is None or len(tiles) % 3 != 1:
                continue
            shown = [t.mjai for t in tiles]
            if shown != self._open_shown[seat]:
                self._open_shown[seat] = shown
                self.log.append(({"type": "open_hand", "actor": seat, "tehai": shown}, False))

    def _hand_break(self, start: int) -> int | None:
        """The number of the ``end_kyoku`` event logged after entry ``start`` when another hand
        was dealt after it (not at the match's end), else None."""
        if self.match.is_over:
            return None
        for n in range(start + 1, len(self.log) + 1):
            event, core = self.log[n - 1]
            if core and event["type"] == "end_kyoku":
                return n
        return None

    @staticmethod
    def _hand_end(hand: Kyoku) -> Event:
        """The public end of a hand: the winners' and tenpai hands shown, the settlement."""
        result = hand.result
        assert result is not None
        shown: list[list[str] | None] = [None, None, None, None]
        for seat in (*result.winners, *result.tenpai):
            held = hand.hand_of(seat)
            if held is not None:
                shown[seat] = [t.mjai for t in sorted(held.closed)]
        wins = [
            {
                "seat": seat,
                "yaku": [list(y) for y in score.yaku],
                "han": score.han,
                "fu": score.fu,
                "limit": score.limit,
                "points": score.total,
                "dora": score.dora,
                "aka": score.aka,
                "ura": score.ura,
                "wait": score.wait,
                "decomposition": score.decomposition,
            }
            for seat, score in zip(result.winners, result.scores, strict=False)
        ]
        return {
            "type": "hand_end",
            "outcome": result.outcome,
            "deltas": list(result.deltas),
            "scores": list(hand.scores),
            "winners": list(result.winners),
            "tenpai": list(result.tenpai),
            "hands": shown,
            "wins": wins,
            "dealer_keeps": result.dealer_keeps,
        }

    def _match_end(self) -> Event:
        result = self.match.result
        assert result is not None
        return {
            "type": "match_end",
            "scores": list(result.scores),
            "ranks": list(result.ranks),
            "points": list(result.points),
        }

    def replay(self, actions: list[StoredAction]) -> None:
        """Rebuild the table from its stored actions (at load, before any connection)."""
        self._restored_break = None
        for stored in actions:
            action = Action.from_mjai(stored.data, actor=stored.seat)
            legal = self.match.legal_actions(action.actor)
            found = (
                match_action(legal, action)
                if action.type != "none"
                else next((a for a in legal if a.type == "none"), None)
            )
            if found is None:
                raise GameError(
                    f"table {self.id}: stored action {stored.number} ({action}) is not legal on replay"
                )
            self._restored_break = self._hand_break(self._apply(found))
            if stored.clock and "banks" in stored.clock:
                self.clock.banks = [int(b) for b in stored.clock["banks"]]
            if stored.note:
                self.faults.append(stored.note)
        self.actions = len(actions)

    # --- what a viewer sees ---------------------------------------------------------------------
    def view(self, n: int, seat: int | None) -> Event:
        """Event ``n`` as ``seat`` (None: a spectator) may see it."""
        event, core = self.log[n - 1]
        if core:
            return mask_event(event, SPECTATOR if seat is None else seat)
        return event

    def event_message(self, n: int, seat: int | None) -> str:
        """The ``event`` message of event ``n`` for ``seat``."""
        return encode({"type": "event", "n": n, "event": self.view(n, seat)})

    def prompt(self, seat: int) -> str | None:
        """The ``prompt`` message for ``seat``'s open decision, if it has one."""
        decision = self.decisions.get(seat)
        if decision is None or decision.controller != "person":
            return None
        left = decision.allowance - (time.monotonic() - decision.started)
        return encode(
            {
                "type": "prompt",
                "n": self.visible,
                "seat": seat,
                "actions": [a.to_mjai() for a in self.match.legal_actions(seat)],
                "claim": self._is_claim(seat),
                "seconds": round(max(0.0, left), 3),
                "bank": self.clock.banks[seat] / 1000,
            }
        )

    def clock_state(self) -> dict[str, Any]:
        """The clocks: seconds per decision, each seat's bank, the seats deciding and, for each
        person deciding, the seconds his decision has left (bank included; a bot's is null)."""
        now = time.monotonic()
        left: dict[str, float | None] = {}
        for seat, decision in sorted(self.decisions.items()):
            remaining = max(0.0, decision.allowance - (now - decision.started))
            left[str(seat)] = round(remaining, 3) if decision.controller == "person" else None
        return {
            "action_s": self.clock.action_ms / 1000,
            "banks": [b / 1000 for b in self.clock.banks],
            "waiting": sorted(self.decisions),
            "left": left,
        }

    def _send_clocks(self) -> None:
        """Tell every viewer whose clock runs now (a ``clock`` message, after each decision
        opened or closed), so that each page shows every seat's clock."""
        viewers = [c for c in self.connections if c.kind == "person"]
        if viewers:
            text = encode({"type": "clock", "n": self.visible, **self.clock_state()})
            for connection in viewers:
                connection.send(text)

    def _publish(self, start: int) -> None:
        """Send events ``start + 1`` .. (those not held back) to every connection."""
        for n in range(start + 1, self.visible + 1):
            _event, core = self.log[n - 1]
            texts: dict[int | None, str] = {}
            for connection in list(self.connections):
                if connection.kind != "person":
                    continue
                seat = connection.seat
                key = seat if core else 0
                text = texts.get(key)
                if text is None:
                    text = texts[key] = self.event_message(n, seat)
                connection.send(text)

    # --- connections -----------------------------------------------------------------------------
    async def attach(self, connection: Connection, since: int) -> None:
        """A person's or spectator's connection: hello, the events after ``since``, the table, the
        prompt."""
        async with self.lock:
            self.connections.add(connection)
            seat = connection.seat
            connection.send(
                encode(
                    {
                        "type": "hello",
                        "game": self.id,
                        "kind": self.kind,
                        "seat": seat,
                        "last": self.visible,
                        "rules": self.game.config.get("rules"),
                        "options": self.game.config.get("options", {}),
                    }
                )
            )
            self._catch_up(connection, since)
            if seat is not None:
                self.absent_since.pop(seat, None)
                self.left.discard(seat)
                self._retime(seat)
            self.changed()
            if self.pause is not None:
                connection.send(self.pause.message())
            if seat is not None:
                text = self.prompt(seat)
                if text is not None:
                    connection.send(text)

    def _catch_up(self, connection: Connection, since: int) -> None:
        for n in range(max(0, since) + 1, self.visible + 1):
            connection.send(self.event_message(n, connection.seat))

    async def resync(self, connection: Connection, since: int) -> None:
        """Send again what came after event ``since`` (and the open prompt)."""
        async with self.lock:
            self._catch_up(connection, since)
            if self.pause is not None:
                connection.send(self.pause.message())
            if connection.seat is not None:
                text = self.prompt(connection.seat)
                if text is not None:
                    connection.send(text)

    async def detach(self, connection: Connection) -> None:
        """A connection closed."""
        async with self.lock:
            self.connections.discard(connection)
            connection.close()
            seat = connection.seat
            if connection.kind == "mjai":
                link = self.links.get(seat) if seat is not None else None
                if link is not None and link.connection is connection:
                    del self.links[seat]  # type: ignore[arg-type]
            elif seat is not None and not any(
                c.seat == seat and c.kind == "person" for c in self.connections
            ):
                self.absent_since[seat] = time.monotonic()
                self._retime(seat)
            if not self.closed:
                self.changed()

    async def attach_mjai(self, connection: Connection) -> None:
        """An outside bot connects to its seat (the app checked its token)."""
        async with self.lock:
            seat = connection.seat
            assert seat is not None
            old = self.links.get(seat)
            if old is not None:
                old.connection.close()
            link = MjaiLink(seat, connection)
            self.links[seat] = link
            self.connections.add(connection)
            decision = self.decisions.get(seat)
            if decision is not None and decision.controller == "mjai":
                link.ask(self.match.observe(seat))
            self.changed()

    # --- people's commands ---------------------------------------------------------------------------
    async def act(self, seat: int, message: dict[str, Any], received: float | None = None) -> None:
        """A person's ``action`` message for ``seat``; ``GameError`` if refused (nothing changes)."""
        async with self.lock:
            if self.status != "playing":
                raise GameError(
                    "the game has not started" if self.status == "waiting" else "the game is over"
                )
            if self.pause is not None:
                raise GameError(
                    "the hand is over: the next is dealt when every person has sent next_hand "
                    f"or in {self.pause.left():.0f} s"
                )
            if seat not in self.match.to_act:
                waiting = ", ".join(map(str, self.match.to_act))
                raise GameError(f"it is not your decision (waiting for seat {waiting})")
            n = message.get("n")
            if n is not None and n != len(self.log):
                raise GameError(f"stale action: it answers event {n}, the table is at event {len(self.log)}")
            data = message.get("action")
            if not isinstance(data, dict):
                raise GameError('action: expected "action": an mjai action object')
            try:
                action = Action.from_mjai(data, actor=seat)
            except IllegalActionError as error:
                raise GameError(str(error)) from None
            if action.actor != seat:
                raise GameError(f"you play seat {seat}, not seat {action.actor}")
            legal = self.match.legal_actions(seat)
            found = (
                match_action(legal, action)
                if action.type != "none"
                else next((a for a in legal if a.type == "none"), None)
            )
            if found is None:
                raise GameError(f"illegal action {action}: legal: " + "; ".join(map(str, legal)))
            await self._accept(seat, found, "player", received=received)

    async def next_hand(self, seat: int, message: dict[str, Any]) -> None:
        """A person's ``next_hand`` message: ``seat`` has read the hand's result. The next hand is
        dealt when every person awaited is ready. ``GameError`` when no hand end waits or the
        message answers another one; a repeated acknowledgement changes nothing."""
        claimed = message.get("seat")
        if claimed is not None and claimed != seat:
            raise GameError(f"you play seat {seat}, not seat {claimed}")
        async with self.lock:
            pause = self.pause
            if pause is None:
                raise GameError("next_hand: no hand end is waiting (the next hand is already dealt)")
            n = message.get("n")
            if n is not None and n != pause.shown:
                raise GameError(
                    f"stale next_hand: it answers event {n}, the hand ended at event {pause.shown}"
                )
            if seat in pause.ready:
                return
            pause.ready.add(seat)
            if pause.seats <= pause.ready:
                self._deal()
            else:
                text = pause.message()
                self.broadcast(lambda c: text if c.kind == "person" else None)

    async def mjai_answer(self, seat: int, text: str | bytes) -> None:
        """An outside bot's answer."""
        async with self.lock:
            link = self.links.get(seat)
            if link is None:
                return
            if link.owed:
                link.owed -= 1
                return
            decision = self.decisions.get(seat)
            if decision is None or decision.controller != "mjai" or not link.waiting:
                return  # an answer when nothing was asked ({"type":"none"} to a batch): dropped
            link.waiting = False
            legal = self.match.legal_actions(seat)
            try:
                action = read_answer(text, seat, legal)
                await self._accept(seat, action, "mjai")
            except MjaiFault as fault:
                await self._penalty(seat, f"mjai bot at seat {seat}: {fault}")

    # --- deciding ------------------------------------------------------------------------------------
    def _is_claim(self, seat: int) -> bool:
        return any(a.type == "none" for a in self.match.legal_actions(seat))

    def _controller(self, seat: int) -> str:
        info = self.seats[seat]
        if info.kind == "bot":
            return "bot"
        if info.kind == "mjai":
            return "mjai"
        away = self.absent_since.get(seat)
        if seat in self.left or (away is not None and time.monotonic() - away >= self.settings.grace_seconds):
            return "standin"
        return "person"

    def _allowance(self, seat: int) -> float:
        window = self.rules.claim_window_ms
        if window and self._is_claim(seat):
            can_ron = any(a.type == "hora" for a in self.match.legal_actions(seat))
            return max(window, self.rules.ron_window_ms if can_ron else 0) / 1000
        return self.clock.allowance(seat) / 1000

    def schedule(self) -> None:
        """Open a decision for every seat the engine waits for (and close the others); none
        during a pause between hands."""
        if self.status != "playing" or self.closed:
            return
        if self.pause is not None:
            for seat in list(self.decisions):
                self._close_decision(seat)
            return
        waiting = set(self.match.to_act)
        for seat in list(self.decisions):
            if seat not in waiting or self.decisions[seat].key != (len(self.log), seat):
                self._close_decision(seat)
        for seat in self.match.to_act:
            if seat not in self.decisions:
                self._open_decision(seat)

    def _open_decision(self, seat: int) -> None:
        key = (len(self.log), seat)
        controller = self._controller(seat)
        decision = Decision(key, seat, time.monotonic(), controller)
        self.decisions[seat] = decision
        if controller in ("bot", "standin"):
            name = self.seats[seat].bot if controller == "bot" else self.settings.standin
            seed = f"{self.game.seed}:{seat}:{self.actions}"
            spawn(self._bot_decide(key, seat, name or "taku", seed, self.match.observe(seat), controller))
        elif controller == "mjai":
            link = self.links.get(seat)
            if link is not None:
                link.ask(self.match.observe(seat))
            self.set_timer(("decision", seat), self.settings.mjai_timeout, lambda: self._expire(key, seat))
        else:
            decision.allowance = self._allowance(seat)
            self._retime(seat)
            text = self.prompt(seat)
            if text is not None:
                for connection in list(self.connections):
                    if connection.seat == seat and connection.kind == "person":
                        connection.send(text)

    def _retime(self, seat: int) -> None:
        """Set the timer of ``seat``'s open person decision (shorter while he is away)."""
        decision = self.decisions.get(seat)
        if decision is None or decision.controller != "person":
            return
        left = decision.allowance - (time.monotonic() - decision.started)
        if seat in self.absent_since or seat in self.left:
            left = min(left, self.settings.disconnect_act_seconds)
        key = decision.key
        self.set_timer(("decision", seat), left, lambda: self._expire(key, seat))

    def _close_decision(self, seat: int) -> None:
        self.decisions.pop(seat, None)
        self.cancel_timer(("decision", seat))

    async def _bot_decide(
        self, key: tuple[int, int], seat: int, name: str, seed: str, observation: Observation, controller: str
    ) -> None:
        loop = asyncio.get_running_loop()
        note = None
        try:
            action = await loop.run_in_executor(
                self.services.bots, _bot_choose, name, seed, self.rules, observation
            )
        except Exception as error:  # a bot must never stop the table
            if self.closed:  # the server is stopping (its pools are shut down): nothing to play
                return
            note = f"bot {name} at seat {seat} failed: {error}"
            log.warning("table %s: %s", self.id, note)
            action = safest_action(observation.legal_actions)
        if self.settings.bot_delay:
            await asyncio.sleep(self.settings.bot_delay)
        async with self.lock:
            decision = self.decisions.get(seat)
            if decision is None or decision.key != key or self.closed:
                return
            await self._accept(seat, action, "bot" if controller == "bot" else "standin", note=note)

    async def _expire(self, key: tuple[int, int], seat: int) -> None:
        async with self.lock:
            decision = self.decisions.get(seat)
            if decision is None or decision.key != key or self.closed:
                return
            if decision.controller == "mjai":
                link = self.links.get(seat)
                if link is not None:
                    link.timed_out()
                state = "did not answer" if link is not None else "is not connected"
                await self._penalty(
                    seat, f"mjai bot at seat {seat} {state} within {self.settings.mjai_timeout:g} s"
                )
                return
            legal = self.match.legal_actions(seat)
            await self._accept(seat, safest_action(legal), "timeout")

    async def _penalty(self, seat: int, fault: str) -> None:
        log.warning("table %s: %s", self.id, fault)
        self.faults.append(fault)
        await self._accept(seat, safest_action(self.match.legal_actions(seat)), "penalty", note=fault)

    async def _accept(
        self, seat: int, action: Action, by: str, *, note: str | None = None, received: float | None = None
    ) -> None:
        """Apply, commit, broadcast, then open the next decisions (under the lock)."""
        decision = self.decisions.get(seat)
        banks = list(self.clock.banks)
        try:
            start = self._apply(action)
        except IllegalActionError as error:
            raise GameError(str(error)) from None
        if (
            decision is not None
            and decision.controller == "person"
            and by in ("player", "timeout")
            and not (self.rules.claim_window_ms and self._was_claim(action))
        ):
            self.clock.spend(seat, int((time.monotonic() - decision.started) * 1000))
        try:
            await self.store_action(seat, action.to_mjai(), by, self.clock.state(), note)
        except Exception:
            log.exception("table %s: cannot store an action; reloading from the database", self.id)
            self.clock.banks = banks
            await self.reload()
            self.schedule()  # the decision is asked again (the action was not stored)
            self._send_clocks()
            raise GameError("the server could not store the action: the table was reloaded") from None
        self._close_decision(seat)
        if self.match.is_over:  # the game is stored as finished before anyone hears of its end
            await self._finish()
        shown = self._hand_break(start)
        if shown is not None:
            self._begin_pause(shown)
        self._publish(start)
        if self.pause is not None and shown is not None:
            text = self.pause.message()
            self.broadcast(lambda c: text if c.kind == "person" else None)
        if received is not None:
            latency = self.services.latency
            if len(latency) < 1_000_000:
                latency.append(time.perf_counter() - received)
        self.schedule()
        self._send_clocks()

    # --- between hands ----------------------------------------------------------------------------
    def _begin_pause(self, shown: int) -> None:
        """Hold back the events after ``shown`` (a hand's ``end_kyoku``) while the people read the
        result: until each acknowledges or ``hand_pause_seconds`` pass. No pause without people."""
        seconds = self.settings.hand_pause_seconds
        people = {
            info.seat
            for info in self.seats
            if info.kind == "person" and self._controller(info.seat) == "person"
        }
        if seconds <= 0 or not people or self.status != "playing":
            return
        self.pause = HandPause(shown, people, time.monotonic(), seconds, set())
        for seat in list(self.decisions):
            self._close_decision(seat)
        self.set_timer(("pause",), seconds, lambda: self._pause_over(shown))

    async def _pause_over(self, shown: int) -> None:
        async with self.lock:
            if self.pause is not None and self.pause.shown == shown and not self.closed:
                self._deal()

    def _deal(self) -> None:
        """End the pause: send the next hand's events and open its decisions (under the lock)."""
        pause = self.pause
        if pause is None:
            return
        self.pause = None
        self.cancel_timer(("pause",))
        self._publish(pause.shown)
        self.schedule()
        self._send_clocks()

    @staticmethod
    def _was_claim(action: Action) -> bool:
        return action.type in ("none", "chi", "pon", "daiminkan") or (
            action.type == "hora" and action.target != action.actor
        )

    async def reload(self) -> None:
        """Rebuild the match from the database (after a failed commit)."""
        actions = await self.services.db.call(self.services.db.store.actions, self.id)
        fresh = MahjongTable(self.game, self.services)
        fresh.replay(actions)
        self.match, self.log, self._core_seen = fresh.match, fresh.log, fresh._core_seen
        self._open_shown = fresh._open_shown
        self.clock, self.actions = fresh.clock, fresh.actions
        self.pause = None  # no action is accepted during a pause: the one that failed ended none
        self.cancel_timer(("pause",))
        for seat in list(self.decisions):
            self._close_decision(seat)

    async def _finish(self) -> None:
        result = self.match.result
        assert result is not None
        summary = {
            "scores": list(result.scores),
            "ranks": list(result.ranks),
            "points": list(result.points),
        }
        for seat in list(self.decisions):
            self._close_decision(seat)
        links = list(self.links.values())
        await self.services.db.call(
            self.services.db.store.set_status, self.id, "finished", None, time.time(), summary
        )
        # only now, with no await left before the last events go out: whoever sees the table
        # finished (the lobby, a test polling it) also has every event of it in its queue, and
        # whoever got the last events (an outside bot's end_game) finds the table finished
        self.status = "finished"
        self.result = summary
        for link in links:
            link.end()
        self.changed()

    # --- seats -----------------------------------------------------------------------------------------
    def start(self) -> None:
        """Begin play (every seat is taken): people not connected count as away from now."""
        self.status = "playing"
        now = time.monotonic()
        for info in self.seats:
            if info.kind == "person" and not any(
                c.seat == info.seat and c.kind == "person" for c in self.connections
            ):
                self.absent_since.setdefault(info.seat, now)
        if self._restored_break is not None:  # restored during (or just after) a pause: pause again
            self._begin_pause(self._restored_break)
            self._restored_break = None
        self.schedule()
        self._send_clocks()

    async def resign_or_leave(self, seat: int) -> None:
        """A person left a running table: a bot plays his seat until he comes back."""
        async with self.lock:
            self.left.add(seat)
            self._retime(seat)
            pause = self.pause
            if pause is not None and seat in pause.seats:
                pause.seats.discard(seat)
                if pause.seats <= pause.ready:
                    self._deal()
            self.changed()
