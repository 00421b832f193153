"""The renju game actor: one per game, around the core's ``Opening`` and ``Position``.

Seat 0 is the first player (Black in free play, the tentative Black of an opening rule), seat 1 the
second. The opening rule's phases (place, swap, declare, offer, select, choose a colour) are steps a
seat is asked for; then the players alternate moves. Everything is public, so every viewer gets the
same numbered events (``start``, ``opening``, ``opening_end``, ``move``, ``draw_offer``,
``draw_declined``, ``takeback``, ``end``) and, after each, a ``state`` message: the stones, whose
turn, what that seat may do (``accepts``), Black's forbidden points with their reasons, the clocks.

Commands (``{"type": "action", "action": {...}}``): ``{"type": "opening", "action": "place h8 h9
h10"}`` (the core's action text: ``swap``, ``keep``, ``declare 2``, ``offer i9 g7``, ``select i9``,
``choose white``), ``{"type": "move", "point": "h8"}``, ``resign``, ``draw_offer``, ``draw_accept``,
``draw_decline``, and ``takeback`` (only against the AI: your last move and its reply). A move on
a point forbidden to Black follows the rules (``forbidden_move``: rejected, or Black loses).

Fischer clocks (``initial_s``, ``increment_s``): the seat to act spends its time; a move or opening
step adds the increment; at 0 the seat loses on time. The AI (:class:`~taku.bots.renju_ai.RenjuAI`)
thinks in a worker process within the time its clock allows; a Gomocup brain named in the operator's
configuration plays free-opening games.
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

from taku.bots.renju_ai import LEVELS as AI_LEVELS
from taku.renju import (
    BLACK,
    IllegalMoveError,
    InvalidNotationError,
    Opening,
    OpeningRule,
    Player,
    Point,
    Position,
    RenjuRules,
)
from taku.renju.openings import OPENING_RULES
from taku.renju.rules import PRESETS as RENJU_PRESETS
from taku.server.clocks import FischerClock
from taku.server.protocol import encode
from taku.server.store import Game, StoredAction
from taku.server.tables import Connection, GameActor, GameError, Services, log, spawn

LEVELS = tuple(AI_LEVELS)
"""The AI levels, weakest first."""

Event = dict[str, Any]


def renju_rules(name: str, options: dict[str, Any]) -> RenjuRules:
    """The rule set ``name`` with ``options`` (field -> value, as text or JSON); ``ValueError``."""
    if name not in RENJU_PRESETS:
        raise ValueError(f"unknown rule set {name!r}; choose one of {', '.join(RENJU_PRESETS)}")
    if not isinstance(options, dict):
        raise ValueError("options must be an object of rules fields")
    changes: dict[str, Any] = {}
    for key, value in options.items():
        text = (
            ("true" if value else "false")
            if isinstance(value, bool)
            else ("none" if value is None else str(value))
        )
        changes[key] = RenjuRules.parse_field(key, text)
    return RenjuRules.preset(name, **changes)


def renju_config(
    rules: str, options: dict[str, Any], opening: str, clock: dict[str, float] | None
) -> dict[str, Any]:
    """A checked game configuration (``ValueError`` naming the problem)."""
    made = renju_rules(rules, options)
    if opening not in ("none", *OPENING_RULES):
        raise ValueError(
            f"unknown opening rule {opening!r}; choose none or one of {', '.join(OPENING_RULES)}"
        )
    if opening != "none" and made.board_size != 15:
        raise ValueError("the opening rules are for the 15x15 board")
    config: dict[str, Any] = {"rules": rules, "options": options, "opening": opening, "clock": None}
    if clock is not None:
        initial = clock.get("initial_s")
        increment = clock.get("increment_s", 0)
        if not isinstance(initial, int | float) or not 10 <= initial <= 3 * 3600:
            raise ValueError("clock.initial_s: 10 to 10800 seconds")
        if not isinstance(increment, int | float) or not 0 <= increment <= 600:
            raise ValueError("clock.increment_s: 0 to 600 seconds")
        config["clock"] = {"initial_s": float(initial), "increment_s": float(increment)}
    return config


def _rebuild(
    config: dict[str, Any], opening_actions: list[str], moves: list[str]
) -> tuple[Opening | None, Position]:
    rules = renju_rules(config["rules"], config.get("options", {}))
    name = config.get("opening", "none")
    if name == "none":
        return None, Position(moves, rules=rules)
    state = Opening(OpeningRule.preset(name), rules).apply_all(opening_actions)
    if not state.is_over:
        return state, state.position()
    position = state.result().position
    position.push_moves(moves)
    return state, position


def ai_decide(
    config: dict[str, Any],
    opening_actions: list[str],
    moves: list[str],
    level: str,
    seed: int,
    max_nodes: int | None,
    time_limit: float | None,
    wanted: str,
) -> str:
    """The AI's next action (run in a worker process): an opening action's text, a point, or
    ``pass`` when no point may be played and the rules allow passing (RJ-15)."""
    from taku.bots.renju_ai import RenjuAI
    from taku.bots.renju_opening import ai_opening_action
    from taku.renju import WHITE

    state, position = _rebuild(config, opening_actions, moves)
    engine = RenjuAI(level, seed=seed, max_nodes=max_nodes)
    if state is not None and not state.is_over:
        colour = BLACK if wanted == "black" else WHITE
        return str(ai_opening_action(state, engine, colour, random.Random(seed), time_limit))
    move = engine.choose(position, time_limit)
    return "pass" if move is None else str(move)


class RenjuGame(GameActor):
    """A renju game (see the module docstring)."""

    kind = "renju"

    def __init__(self, game: Game, services: Services) -> None:
        super().__init__(game, services)
        config = game.config
        self.rules = renju_rules(config["rules"], config.get("options", {}))
        name = config.get("opening", "none")
        self.opening: Opening | None = (
            None if name == "none" else Opening(OpeningRule.preset(name), self.rules)
        )
        self.position = Position(rules=self.rules) if self.opening is None else self.opening.position()
        self.opening_actions: list[str] = []
        self.moves: list[str] = []
        self.black_seat = 0
        self.draw_offer: int | None = None
        self.outcome: dict[str, Any] | None = None
        clock = config.get("clock")
        self.clock = (
            None
            if clock is None
            else FischerClock([int(clock["initial_s"] * 1000)] * 2, int(clock["increment_s"] * 1000))
        )
        self.turn_started = time.monotonic()
        self.log: list[Event] = [
            {
                "type": "start",
                "rules": config["rules"],
                "options": config.get("options", {}),
                "opening": name,
                "clock": clock,
                "size": self.rules.board_size,
            }
        ]
        self.thinking: tuple[int, int] | None = None
        self._brain: Any = None

    # --- state -----------------------------------------------------------------------------------
    def in_opening(self) -> bool:
        """Whether the opening rule still runs."""
        return self.opening is not None and not self.opening.is_over

    def to_act(self) -> int | None:
        """The seat that must act, None when the game is over."""
        if self.outcome is not None:
            return None
        if self.in_opening():
            assert self.opening is not None and self.opening.phase is not None
            return 0 if self.opening.phase.player is Player.FIRST else 1
        return self.black_seat if self.position.turn is BLACK else 1 - self.black_seat

    def color_of(self, seat: int) -> str | None:
        """The colour a seat holds now (tentatively during an opening)."""
        if self.in_opening():
            assert self.opening is not None
            player = Player.FIRST if seat == 0 else Player.SECOND
            return "black" if self.opening.color_of(player) is BLACK else "white"
        return "black" if seat == self.black_seat else "white"

    def state(self) -> dict[str, Any]:
        """The ``state`` message (everything is public)."""
        position = self.position
        stones = [{"point": str(p), "color": "black"} for p in position.stones(BLACK)]
        from taku.renju import WHITE

        stones += [{"point": str(p), "color": "white"} for p in position.stones(WHITE)]
        seat = self.to_act()
        accepts: list[str] = []
        phase_text = None
        offers: list[str] = []
        extra: dict[str, Any] = {}
        if seat is not None and self.in_opening():
            assert self.opening is not None and self.opening.phase is not None
            phase = self.opening.phase
            accepts = list(phase.accepts)
            phase_text = str(phase)
            offers = [str(p) for p in self.opening.offers]
            extra = {
                "colors": [str(c) for c in phase.colors],
                "areas": list(phase.areas),
                "offers_needed": phase.offers,
                "max_declared": phase.max_declared,
            }
        elif seat is not None:
            accepts = ["move"]
        forbidden = {}
        if self.outcome is None and position.turn is BLACK and self.rules.fouls_for_black:
            forbidden = {str(p): reason for p, reason in position.forbidden_points().items()}
        last = position.move_stack[-1] if position.move_stack else None
        passes = "move" in accepts and self._may_pass()
        return {
            "type": "state",
            "n": len(self.log),
            "size": position.size,
            "stones": stones,
            "moves": list(self.moves),
            "last": None if last is None else str(last),
            "turn": None if self.outcome else self.color_of(seat) if seat is not None else None,
            "to_act": seat,
            "accepts": accepts,
            "passes": passes,
            "phase": phase_text,
            "offers": offers,
            **extra,
            "forbidden": forbidden,
            "colors": [self.color_of(0), self.color_of(1)],
            "draw_offer": self.draw_offer,
            "outcome": self.outcome,
            "clock": self.clock_state(),
            "takeback": self._takeback_allowed_for(seat),
        }

    def _takeback_allowed_for(self, seat: int | None) -> bool:
        return any(s.kind == "ai" for s in self.seats) and self.outcome is None and bool(self.moves)

    def clock_state(self) -> dict[str, Any] | None:
        if self.clock is None:
            return None
        remaining = list(self.clock.remaining)
        seat = self.to_act()
        if seat is not None and self.status == "playing":
            remaining[seat] = max(0, remaining[seat] - int((time.monotonic() - self.turn_started) * 1000))
        return {
            "remaining": [r / 1000 for r in remaining],
            "increment": self.clock.increment_ms / 1000,
            "running": seat if self.status == "playing" else None,
        }

    # --- applying --------------------------------------------------------------------------------
    def _apply(self, seat: int, action: dict[str, Any]) -> list[Event]:
        """Play a command for ``seat`` (``GameError`` changes nothing); returns the new events."""
        kind = action.get("type")
        if self.outcome is not None:
            raise GameError("the game is over")
        events: list[Event] = []
        if kind == "resign":
            return [self._end(1 - seat, "resignation")]
        if kind == "flag":
            return [self._end(1 - seat, "time")]
        if kind == "draw_offer":
            if self.draw_offer == seat:
                raise GameError("you have already offered a draw")
            if self.draw_offer == 1 - seat:
                return [self._end(None, "draw agreed")]
            self.draw_offer = seat
            return [{"type": "draw_offer", "seat": seat}]
        if kind in ("draw_accept", "draw_decline"):
            if self.draw_offer != 1 - seat:
                raise GameError("there is no draw offer to answer")
            if kind == "draw_accept":
                return [self._end(None, "draw agreed")]
            self.draw_offer = None
            return [{"type": "draw_declined", "seat": seat}]
        if kind == "takeback":
            return [self._takeback(seat)]
        if self.to_act() != seat:
            raise GameError("it is not your turn")
        if kind == "opening":
            text = action.get("action")
            if not self.in_opening() or self.opening is None:
                raise GameError("the opening is over: play a move")
            if not isinstance(text, str) or len(text) > 400:
                raise GameError('opening: "action" must be the action\'s text, e.g. "place h8 h9 h10"')
            try:
                state = self.opening.apply(text, Player.FIRST if seat == 0 else Player.SECOND)
            except (IllegalMoveError, InvalidNotationError) as error:
                raise GameError(str(error)) from None
            self.opening = state
            self.opening_actions.append(str(state.history[-1][1]))
            events.append(
                {
                    "type": "opening",
                    "seat": seat,
                    "action": self.opening_actions[-1],
                    "stones": [str(p) for p in state.stones],
                    "phase": None if state.phase is None else str(state.phase),
                }
            )
            if state.is_over:
                result = state.result()
                self.position = result.position
                self.black_seat = 0 if result.black is Player.FIRST else 1
                events.append({"type": "opening_end", "black": self.black_seat})
                events.extend(self._check_end())
            else:
                self.position = state.position()
            return events
        if kind == "move":
            if self.in_opening():
                raise GameError("the opening is not over: " + str(self.opening.phase if self.opening else ""))
            text = action.get("point")
            if not isinstance(text, str) or len(text) > 8:
                raise GameError('move: "point" must be a point such as "h8", or "pass"')
            colour = "black" if self.position.turn is BLACK else "white"
            if text == "pass":  # RJ-15: where the rules allow it; two passes in a row draw
                if not self.position.is_legal(None):
                    raise GameError("cannot pass: these rules do not allow passing")
                if not self._may_pass():
                    raise GameError("cannot pass against a Gomocup brain: its protocol has no pass")
                self.position.push(None)
                played = "pass"
            else:
                try:
                    point = self.position.parse_point(text)
                    self.position.push(point)
                except (IllegalMoveError, InvalidNotationError, ValueError) as error:
                    raise GameError(str(error)) from None
                played = str(point)
            self.moves.append(played)
            self.draw_offer = None
            ply = self.position.ply
            events.append({"type": "move", "seat": seat, "color": colour, "point": played, "ply": ply})
            events.extend(self._check_end())
            return events
        raise GameError(
            f"unknown action {kind!r}: expected opening, move, resign, draw_offer, "
            "draw_accept, draw_decline or takeback"
        )

    def _may_pass(self) -> bool:
        """Whether the side to move may pass now: where the rules allow it (RJ-15), but not against
        a Gomocup brain, whose protocol has no pass."""
        return self.position.is_legal(None) and not any(s.kind == "brain" for s in self.seats)

    def _takeback(self, seat: int) -> Event:
        if not any(s.kind == "ai" for s in self.seats):
            raise GameError("takeback is allowed only against the AI")
        if self.in_opening() or not self.moves:
            raise GameError("nothing to take back: no move after the opening")
        mine = "black" if seat == self.black_seat else "white"
        taken: list[str] = []
        # Take back the AI's reply (if it is the AI's move last), then the person's last move.
        if self.to_act() == seat and len(self.moves) >= 2:
            taken.append(self.moves.pop())
            self.position.pop()
        elif self.to_act() == seat:
            raise GameError("nothing to take back: you have not moved yet")
        if not self.moves:
            raise GameError("nothing to take back")
        taken.append(self.moves.pop())
        self.position.pop()
        self.draw_offer = None
        return {"type": "takeback", "seat": seat, "color": mine, "points": taken}

    def _check_end(self) -> list[Event]:
        outcome = self.position.outcome()
        if outcome is None:
            return []
        winner = (
            None
            if outcome.winner is None
            else (self.black_seat if outcome.winner is BLACK else 1 - self.black_seat)
        )
        event = self._end(winner, outcome.termination.value, foul=outcome.foul)
        event["line"] = [str(p) for p in self.position.winning_line()]
        return [event]

    def _end(self, winner: int | None, reason: str, foul: str | None = None) -> Event:
        if winner is None:
            result = "1/2-1/2"
        else:
            result = "1-0" if winner == self.black_seat else "0-1"
        self.outcome = {"result": result, "winner": winner, "reason": reason, "foul": foul}
        return {"type": "end", **self.outcome}

    def replay(self, actions: list[StoredAction]) -> None:
        """Rebuild the game from its stored actions."""
        for stored in actions:
            assert stored.seat is not None
            self.log.extend(self._apply(stored.seat, stored.data))
            if stored.clock and self.clock is not None and "remaining" in stored.clock:
                self.clock.remaining = [int(r) for r in stored.clock["remaining"]]
        self.actions = len(actions)
        if self.outcome is not None:
            self.status = "finished"
            self.result = self.outcome

    # --- connections --------------------------------------------------------------------------------
    def event_message(self, n: int) -> str:
        """The ``event`` message of event ``n``."""
        return encode({"type": "event", "n": n, "event": self.log[n - 1]})

    async def attach(self, connection: Connection, since: int) -> None:
        """A viewer connects: hello, the events after ``since``, the table and the state."""
        async with self.lock:
            self.connections.add(connection)
            connection.send(
                encode(
                    {
                        "type": "hello",
                        "game": self.id,
                        "kind": self.kind,
                        "seat": connection.seat,
                        "last": len(self.log),
                    }
                )
            )
            for n in range(max(0, since) + 1, len(self.log) + 1):
                connection.send(self.event_message(n))
            self.changed()
            connection.send(encode(self.state()))

    async def resync(self, connection: Connection, since: int) -> None:
        """Send again what came after event ``since``, and the state."""
        async with self.lock:
            for n in range(max(0, since) + 1, len(self.log) + 1):
                connection.send(self.event_message(n))
            connection.send(encode(self.state()))

    async def detach(self, connection: Connection) -> None:
        """A viewer left."""
        async with self.lock:
            self.connections.discard(connection)
            connection.close()
            if not self.closed:
                self.changed()

    async def act(self, seat: int, message: dict[str, Any], received: float | None = None) -> None:
        """A person's ``action`` message."""
        async with self.lock:
            if self.status != "playing":
                raise GameError(
                    "the game has not started" if self.status == "waiting" else "the game is over"
                )
            data = message.get("action")
            if not isinstance(data, dict):
                raise GameError('action: expected "action": an object with a "type"')
            data = {k: v for k, v in data.items() if k in ("type", "action", "point")}
            if data.get("type") == "flag":
                raise GameError("unknown action 'flag'")
            await self._accept(seat, data, "player", received)

    async def resign_or_leave(self, seat: int) -> None:
        """Leaving a running game resigns it."""
        async with self.lock:
            if self.status == "playing" and self.outcome is None:
                await self._accept(seat, {"type": "resign"}, "player")

    async def _accept(self, seat: int, data: dict[str, Any], by: str, received: float | None = None) -> None:
        mover = self.to_act()
        saved = self._snapshot()
        events = self._apply(seat, data)  # GameError: nothing changed
        now = time.monotonic()
        # The clock of the seat to move stops when its turn ends: a move or opening step, a
        # takeback, or the end of the game. A draw offer or its answer does not touch it.
        turn_ends = data.get("type") in ("move", "opening", "takeback") or self.outcome is not None
        if turn_ends:
            if self.clock is not None and mover is not None:
                moved = data.get("type") in ("move", "opening") and mover == seat
                self.clock.spend(mover, int((now - self.turn_started) * 1000), moved=moved)
            self.turn_started = now
        try:
            await self.store_action(seat, data, by, None if self.clock is None else self.clock.state())
        except Exception:
            log.exception("game %s: cannot store an action", self.id)
            self._restore(saved)
            raise GameError("the server could not store the action; try again") from None
        start = len(self.log)
        self.log.extend(events)
        if self.outcome is not None:  # stored as finished before anyone hears of the end
            await self._finish()
        for n in range(start + 1, len(self.log) + 1):
            self._send_all(self.event_message(n))
        if received is not None and len(self.services.latency) < 1_000_000:
            self.services.latency.append(time.perf_counter() - received)
        state = encode(self.state())
        self.broadcast(lambda c: state)
        self.schedule()

    def _send_all(self, text: str) -> None:
        for connection in list(self.connections):
            connection.send(text)

    def _snapshot(self) -> tuple[Any, ...]:
        return (
            self.opening,
            self.position.copy(),
            list(self.opening_actions),
            list(self.moves),
            self.black_seat,
            self.draw_offer,
            self.outcome,
            None if self.clock is None else list(self.clock.remaining),
            self.turn_started,
        )

    def _restore(self, saved: tuple[Any, ...]) -> None:
        (
            self.opening,
            self.position,
            self.opening_actions,
            self.moves,
            self.black_seat,
            self.draw_offer,
            self.outcome,
            remaining,
            self.turn_started,
        ) = saved
        if self.clock is not None:
            self.clock.remaining = remaining

    async def _finish(self) -> None:
        self.cancel_timers()
        if self._brain is not None:
            brain, self._brain = self._brain, None
            asyncio.get_running_loop().run_in_executor(self.services.bots, brain.close)
        await self.services.db.call(
            self.services.db.store.set_status, self.id, "finished", None, time.time(), self.outcome
        )
        # only now, with no await left before the last events go out (see MahjongTable._finish)
        self.status = "finished"
        self.result = self.outcome
        self.changed()

    # --- the clock and the opponents -----------------------------------------------------------------
    def start(self) -> None:
        """Begin (or resume) play."""
        self.status = "playing"
        self.turn_started = time.monotonic()
        self.schedule()

    def schedule(self) -> None:
        """Set the flag timer and, on the AI's or a brain's turn, start it thinking."""
        if self.status != "playing" or self.closed:
            return
        seat = self.to_act()
        if seat is None:
            return
        key = (len(self.log), seat)
        if self.clock is not None:
            left = self.clock.remaining[seat] / 1000 - (time.monotonic() - self.turn_started)
            self.set_timer("flag", left, lambda: self._flag(key, seat))
        kind = self.seats[seat].kind
        if kind in ("ai", "brain") and self.thinking != key:
            self.thinking = key
            spawn(self._think(key, seat))

    async def _flag(self, key: tuple[int, int], seat: int) -> None:
        async with self.lock:
            if self.status != "playing" or (len(self.log), self.to_act()) != key:
                return
            await self._accept(seat, {"type": "flag"}, "server")

    def _time_limit(self, seat: int) -> float | None:
        level = AI_LEVELS[self.seats[seat].bot or "medium"]
        if self.clock is None:
            return None
        left = self.clock.remaining[seat] / 1000
        return max(0.05, min(level.time, left / 20 + self.clock.increment_ms / 1000 * 0.8))

    async def _think(self, key: tuple[int, int], seat: int) -> None:
        loop = asyncio.get_running_loop()
        info = self.seats[seat]
        data: dict[str, Any]
        try:
            if info.kind == "brain":
                point = await loop.run_in_executor(self.services.bots, self._brain_move, info.bot or "")
                data = {"type": "move", "point": point}
            else:
                other = 1 - seat
                wanted = self.color_of(other)  # the AI keeps the colour the person did not ask for
                seed = random.Random(f"{self.game.seed}:{len(self.log)}").randrange(2**31)
                text = await loop.run_in_executor(
                    self.services.ai,
                    ai_decide,
                    self.game.config,
                    list(self.opening_actions),
                    list(self.moves),
                    info.bot or "medium",
                    seed,
                    self.settings.ai_max_nodes,
                    self._time_limit(seat),
                    "white" if wanted == "black" else "black",
                )
                data = (
                    {"type": "opening", "action": text}
                    if self.in_opening()
                    else {"type": "move", "point": text}
                )
        except Exception as error:
            log.warning("game %s: the %s at seat %d failed: %s", self.id, info.kind, seat, error)
            data = {"type": "resign"}
        async with self.lock:
            if self.thinking != key or (len(self.log), self.to_act()) != key or self.status != "playing":
                return
            self.thinking = None
            try:
                await self._accept(seat, data, "bot")
            except GameError as error:
                log.warning("game %s: the %s's action %s was refused: %s", self.id, info.kind, data, error)
                await self._accept(seat, {"type": "resign"}, "server")

    def _brain_move(self, name: str) -> str:
        """A Gomocup brain's move (run in a thread)."""
        from taku.protocols.gomocup_client import BrainPlayer

        if self._brain is None:
            self._brain = BrainPlayer(name, list(self.settings.brains[name]))
            per_move = 5.0 if self.clock is None else max(0.5, min(30.0, self.clock.remaining[1] / 20000))
            self._brain.new_game(self.rules, per_move)
        return str(self._brain.move(self.position.copy()))

    def shutdown(self) -> None:
        super().shutdown()
        if self._brain is not None:
            self._brain.close()
            self._brain = None

    # --- records --------------------------------------------------------------------------------------
    def all_moves(self) -> list[str]:
        """Every stone in order: the opening's stones, then the moves."""
        if self.opening is not None:
            return [str(p) for p in self.opening.stones] + self.moves
        return list(self.moves)

    def point_list(self) -> list[Point]:
        """The points of :meth:`all_moves`, in order (passes left out)."""
        return [Point.from_str(p) for p in self.all_moves() if p != "pass"]
