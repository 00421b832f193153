"""The games of one server process: creating, loading (replaying) and finding their actors, seats,
history and records. The routes in :mod:`taku.server.app` call it; it calls the actors and the store.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import multiprocessing
import secrets
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from taku.bots import PLAYERS
from taku.mahjong.wall import Wall
from taku.server.lobby import Lobby, LocalBus, PostgresBus
from taku.server.mahjong_table import MahjongTable, mahjong_rules
from taku.server.renju_game import LEVELS, RenjuGame, renju_config
from taku.server.settings import Settings
from taku.server.store import SAMPLES_KEPT, Database, Game, Seat, Store, User
from taku.server.tables import GameActor, GameError, Services, log, public_config, spawn

FULL_COLLECTION_THRESHOLD = 1_000_000
"""The third ``gc`` threshold ``taku serve`` sets (``taku.cli.serve.tune_process``): automatic full
collections are then rare, and the hub runs one every sixty lease renewals instead."""

LAG_PERIOD = 0.05
"""Seconds between two measures of the event loop's lag (``GET /api/stats``)."""

STALL = 0.02
"""A wake-up of the lag measure this late (seconds) is a stall, whose cause is measured."""

FINISHED_KEPT_SECONDS = 600.0
"""A finished game's actor stays in memory this long; later connections replay it from the database."""


class NotFound(LookupError):
    """An unknown game (or one this player may not see)."""


class Forbidden(PermissionError):
    """A request the player may not make."""


class Hub:
    """This process's games (see the module docstring)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.db = Database(Store(settings.db_url, durable=settings.durable))
        store = self.db.store
        self.bus = LocalBus() if store.is_sqlite else PostgresBus(store.conninfo(), settings.process_name)
        """Lobby changes: this process's, and with PostgreSQL those of the other processes that
        share the database (``LISTEN/NOTIFY``)."""
        self._remote: dict[str, Game] = {}
        """Games of other processes whose change was announced, as stored, kept only until this
        process's lobby has sent the change (so a remote game that is abandoned, or that never
        finishes, is not kept)."""
        self.lobby = Lobby(self.lobby_summary)
        self.bus.listeners.append(self.lobby.changed)
        bots, ai = self._pools()
        self.services = Services(self.db, settings, bots, ai, on_change=self._changed)
        self.actors: dict[str, GameActor] = {}
        self._lease_task: asyncio.Task[None] | None = None
        self._lag_task: asyncio.Task[None] | None = None
        self.loop_lag: list[float] = []
        """How late the event loop ran a wake-up set every 50 ms, in seconds (benchmarks;
        bounded): the time a ready callback waited behind others."""
        self.stall_cpu: list[float] = []
        """For each wake-up late by ``STALL`` or more: the share of that time the event loop's
        thread spent on the CPU (near 1: the loop was busy with work of its own; near 0: it
        waited, for the GIL held by other threads or for a core the machine did not give it)."""
        self.stall_process_cpu: list[float] = []
        """The same for the whole process (all its threads): near 0 with ``stall_cpu`` near 0,
        the machine did not run the process; well above ``stall_cpu``, other threads (bots,
        database) held the GIL."""
        self._stopped = False
        self._forgetting: set[str] = set()

    def _changed(self, game_id: str) -> None:
        self.bus.publish(game_id)
        actor = self.actors.get(game_id)
        if actor is not None and actor.status == "finished" and game_id not in self._forgetting:
            self._forgetting.add(game_id)
            asyncio.get_running_loop().call_later(FINISHED_KEPT_SECONDS, self._forget, game_id, actor)

    def _forget(self, game_id: str, actor: GameActor) -> None:
        """Drop a finished game's actor (later viewers replay it from the database)."""
        self._forgetting.discard(game_id)
        if self.actors.get(game_id) is actor:
            del self.actors[game_id]

    def _pools(self) -> tuple[Executor, Executor]:
        bots: Executor = ThreadPoolExecutor(4, thread_name_prefix="taku-bot")
        ai: Executor
        if self.settings.ai_processes > 0:
            ai = ProcessPoolExecutor(
                self.settings.ai_processes, mp_context=multiprocessing.get_context("spawn")
            )
        else:
            ai = ThreadPoolExecutor(2, thread_name_prefix="taku-ai")
        return bots, ai

    # --- lifetime ---------------------------------------------------------------------------------
    async def start(self) -> None:
        """Migrate the database, then resume every unfinished game this process may own."""
        if self._stopped:  # started again after a stop (an application run twice in tests)
            self._stopped = False
            self.db.reopen()
            self.services.bots, self.services.ai = self._pools()
            self.actors.clear()
        await self.db.call(self.db.store.migrate)
        ids = await self.db.call(
            self.db.store.claim_unfinished, self.settings.process_name, self.settings.lease_seconds
        )
        for game_id in ids:
            try:
                await self.load(game_id)
            except Exception:  # one broken game must not keep the server from starting
                log.exception("game %s cannot be resumed", game_id)
        self._lease_task = spawn(self._renew_leases())
        self._lag_task = spawn(self._measure_lag())
        if isinstance(self.bus, PostgresBus):
            self.bus.start(self._remote_changed)

    def _remote_changed(self, game_id: str) -> None:
        """Another process changed ``game_id``: read it and tell this process's lobby."""
        if game_id in self.actors or not self.lobby.subscribers:
            return
        spawn(self._show_remote(game_id))

    async def _show_remote(self, game_id: str) -> None:
        game = await self.db.call(self.db.store.game, game_id)
        if game is None:
            return
        self._remote[game_id] = game
        self.lobby.changed(game_id)  # sends it in a callback already due or scheduled now; then:
        asyncio.get_running_loop().call_soon(self._forget_remote, game_id, game)

    def _forget_remote(self, game_id: str, game: Game) -> None:
        if self._remote.get(game_id) is game:  # not a newer read of the same game, still to be sent
            del self._remote[game_id]

    def remote_games(self) -> int:
        """How many other processes' games this process holds (for the lobby; ``GET /api/stats``)."""
        return len(self._remote)

    async def _renew_leases(self) -> None:
        rounds = 0
        while True:
            await asyncio.sleep(self.settings.lease_seconds / 3)
            with contextlib.suppress(Exception):
                await self.db.call(self.db.store.renew_lease, self.settings.process_name)
            rounds += 1
            if rounds % 60 == 0 and gc.get_threshold()[2] >= FULL_COLLECTION_THRESHOLD:
                gc.collect()  # the full collection `taku serve` keeps out of the hot path

    async def _measure_lag(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            due = loop.time() + LAG_PERIOD
            cpu, process_cpu = time.thread_time(), time.process_time()
            await asyncio.sleep(LAG_PERIOD)
            lag = max(0.0, loop.time() - due)
            if len(self.loop_lag) < SAMPLES_KEPT:
                self.loop_lag.append(lag)
                if lag >= STALL:
                    window = LAG_PERIOD + lag
                    self.stall_cpu.append((time.thread_time() - cpu) / window)
                    self.stall_process_cpu.append((time.process_time() - process_cpu) / window)

    async def stop(self) -> None:
        """Stop every actor and the pools."""
        if self._lease_task is not None:
            self._lease_task.cancel()
        if self._lag_task is not None:
            self._lag_task.cancel()
        if isinstance(self.bus, PostgresBus):
            await asyncio.get_running_loop().run_in_executor(None, self.bus.stop)
        for actor in self.actors.values():
            actor.shutdown()
        self.services.bots.shutdown(wait=False, cancel_futures=True)
        self.services.ai.shutdown(wait=False, cancel_futures=True)
        await asyncio.sleep(0)
        await self.db.close()
        self._stopped = True

    async def load(self, game_id: str) -> GameActor:
        """Rebuild a stored unfinished game by replaying its actions, and let it run."""
        game = await self.db.call(self.db.store.game, game_id)
        if game is None:
            raise NotFound(f"no game {game_id!r}")
        actions = await self.db.call(self.db.store.actions, game_id)
        actor = self._make(game)
        actor.replay(actions)
        self.actors[game_id] = actor
        if actor.status == "playing":
            actor.start()
        return actor

    def _make(self, game: Game) -> GameActor:
        if game.kind == "mahjong":
            return MahjongTable(game, self.services)
        return RenjuGame(game, self.services)

    # --- creating ---------------------------------------------------------------------------------
    async def create_mahjong(
        self,
        user: User | None,
        rules: str,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        private: bool,
        seed: str | None,
        clock: dict[str, float] | None,
        *,
        walls: Sequence[Wall] = (),
    ) -> tuple[GameActor, dict[int, str]]:
        """A new table; returns it and the tokens of its outside-bot seats. ``walls``: the walls
        of the first hands (then the seed's), for tests and the operator only: no request carries
        them, and no viewer is ever sent them."""
        table_rules = mahjong_rules(rules, options)  # ValueError names a bad preset or option
        for wall in walls:
            if sum(t.red for t in wall.tiles) != sum(table_rules.red_fives):
                raise ValueError(f"a wall must hold the rules' red fives {table_rules.red_fives}")
        if len(seats) != 4:
            raise ValueError(f"a table has 4 seats, got {len(seats)}")
        made: list[Seat] = []
        tokens: dict[int, str] = {}
        for index, spec in enumerate(seats):
            kind = spec.get("kind")
            if kind == "me":
                if user is None:
                    raise Forbidden("log in or play as a guest to take a seat")
                if any(s.kind == "person" for s in made):
                    raise ValueError("you can take only one seat")
                made.append(Seat(index, "person", user.name, user.id))
            elif kind == "open":
                made.append(Seat(index, "open", ""))
            elif kind == "bot":
                name = spec.get("name") or "taku"
                if name not in PLAYERS:
                    raise ValueError(
                        f"seat {index}: unknown bot {name!r}; choose one of {', '.join(sorted(PLAYERS))}"
                    )
                made.append(Seat(index, "bot", f"{name} (bot)", bot=name))
            elif kind == "mjai":
                token = secrets.token_urlsafe(24)
                tokens[index] = token
                made.append(Seat(index, "mjai", str(spec.get("name") or "mjai bot")[:64], token=token))
            else:
                raise ValueError(f"seat {index}: kind must be me, open, bot or mjai, got {kind!r}")
        clock = clock or {}
        config = {
            "rules": rules,
            "options": options,
            "clock": {
                "action_s": float(clock.get("action_s", self.settings.action_seconds)),
                "bank_s": float(clock.get("bank_s", self.settings.bank_seconds)),
            },
        }
        if walls:
            config["walls"] = [str(wall) for wall in walls]
        actor = await self._create("mahjong", user, config, made, private, seed)
        return actor, tokens

    async def create_renju(
        self,
        user: User | None,
        rules: str,
        options: dict[str, Any],
        opening: str,
        opponent: dict[str, Any],
        color: str,
        clock: dict[str, float] | None,
        private: bool,
        seed: str | None,
    ) -> GameActor:
        """A new renju game against the AI, a brain or a person."""
        if user is None:
            raise Forbidden("log in or play as a guest to start a game")
        config = renju_config(rules, options, opening, clock)
        mine = 0 if color == "black" else 1
        if color not in ("black", "white"):
            raise ValueError(f"color must be black or white, got {color!r}")
        kind = opponent.get("kind")
        if kind == "ai":
            level = opponent.get("level", "medium")
            if level not in LEVELS:
                raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}")
            other = Seat(1 - mine, "ai", f"AI {level}", bot=level)
        elif kind == "brain":
            if opening != "none":
                raise ValueError("a Gomocup brain plays only free-opening games (opening: none)")
            name = opponent.get("name")
            if name not in self.settings.brains:
                known = ", ".join(sorted(self.settings.brains)) or "none is configured"
                raise ValueError(f"unknown brain {name!r} ({known})")
            other = Seat(1 - mine, "brain", str(name), bot=str(name))
        elif kind == "person":
            other = Seat(1 - mine, "open", "")
        else:
            raise ValueError(f"opponent kind must be ai, brain or person, got {kind!r}")
        seats = sorted([Seat(mine, "person", user.name, user.id), other], key=lambda s: s.seat)
        return await self._create("renju", user, config, seats, private, seed)

    async def _create(
        self,
        kind: str,
        user: User | None,
        config: dict[str, Any],
        seats: list[Seat],
        private: bool,
        seed: str | None,
    ) -> GameActor:
        if seed is not None and (not isinstance(seed, str) or not 1 <= len(seed) <= 64):
            raise ValueError("seed: 1 to 64 characters")
        status = "waiting" if any(s.kind == "open" for s in seats) else "playing"
        now = time.time()
        game = Game(
            secrets.token_urlsafe(8),
            kind,
            status,
            config,
            seed or secrets.token_hex(8),
            private,
            secrets.token_urlsafe(12) if private else None,
            user.id if user else None,
            now,
            now if status == "playing" else None,
            None,
            None,
            tuple(seats),
        )
        await self.db.call(self.db.store.create_game, game, self.settings.process_name)
        actor = self._make(game)
        self.actors[game.id] = actor
        if status == "playing":
            async with actor.lock:
                actor.start()
        self.services.on_change(game.id)
        return actor

    # --- finding ---------------------------------------------------------------------------------
    async def game(self, game_id: str) -> Game:
        """The stored game (``NotFound``)."""
        if not isinstance(game_id, str) or len(game_id) > 16:
            raise NotFound(f"no game {game_id!r}")
        game = await self.db.call(self.db.store.game, game_id)
        if game is None:
            raise NotFound(f"no game {game_id!r}")
        return game

    def actor(self, game_id: str) -> GameActor | None:
        """The live actor of an unfinished game of this process."""
        return self.actors.get(game_id)

    async def viewable(self, game_id: str) -> GameActor | None:
        """The actor to watch a game through: the live one, or a finished game replayed from the
        database (the same path as a restart)."""
        actor = self.actors.get(game_id)
        if actor is not None:
            return actor
        game = await self.db.call(self.db.store.game, game_id)
        if game is None or game.status != "finished":
            return None
        return await self.replayed(game_id)

    async def running_elsewhere(self, game_id: str, user: User | None, invite: str | None) -> bool:
        """Whether ``game_id`` is an unfinished game that another process runs and ``user`` may see
        (its live events are served by its owner only)."""
        if len(game_id) > 16 or game_id in self.actors:
            return False
        game = await self.db.call(self.db.store.game, game_id)
        return (
            game is not None
            and game.status != "finished"
            and game.owner != self.settings.process_name
            and self.may_see(game, user, invite)
        )

    def may_see(self, game: Game | GameActor, user: User | None, invite: str | None) -> bool:
        """Whether ``user`` (with ``invite``) may see a game: public, or his, or invited."""
        stored = game.game if isinstance(game, GameActor) else game
        if not stored.private:
            return True
        if user is not None and (
            stored.creator_id == user.id or any(s.user_id == user.id for s in _seats(game))
        ):
            return True
        return (
            invite is not None
            and stored.invite is not None
            and secrets.compare_digest(invite.encode(), stored.invite.encode())
        )

    def lobby_summary(self, game_id: str, user_id: int | None) -> dict[str, Any] | None:
        """What the lobby shows of a live game to ``user_id`` (None: not shown)."""
        actor = self.actors.get(game_id)
        stored = actor.game if actor is not None else self._remote.get(game_id)
        if stored is None:
            return None
        seats = actor.seats if actor is not None else stored.seats
        if stored.private and not (
            user_id is not None and (stored.creator_id == user_id or any(s.user_id == user_id for s in seats))
        ):
            return None
        return actor.summary() if actor is not None else self.summary(stored)

    def summary(self, game: Game) -> dict[str, Any]:
        """A game's summary: live from its actor, else from the database."""
        actor = self.actors.get(game.id)
        if actor is not None:
            return actor.summary()
        return {
            "id": game.id,
            "game": game.kind,
            "status": game.status,
            "private": game.private,
            "config": public_config(game.config),
            "seats": [
                {"seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot, "connected": False}
                for s in game.seats
            ],
            "spectators": 0,
            "created": game.created,
            "result": game.result,
        }

    async def listing(self, user: User | None) -> list[dict[str, Any]]:
        """The lobby: waiting and running games the player may see."""
        games = await self.db.call(self.db.store.games, ("waiting", "playing"), user.id if user else None)
        return [self.summary(g) for g in games]

    async def history(self, user_id: int) -> list[dict[str, Any]]:
        """A player's finished games."""
        games = await self.db.call(self.db.store.user_games, user_id)
        return [self.summary(g) for g in games]

    # --- seats -------------------------------------------------------------------------------------
    async def join(self, game_id: str, user: User, seat: int | None) -> int:
        """Sit ``user`` at an open seat (the first, or ``seat``); returns the seat."""
        actor = self.actors.get(game_id)
        if actor is None:
            raise GameError("the game is over" if await self.game(game_id) else "no such game")
        async with actor.lock:
            mine = actor.seat_of(user.id)
            if mine is not None:
                return mine
            if actor.status != "waiting":
                raise GameError("the game has started: its seats are taken (you may watch)")
            open_seats = [s.seat for s in actor.seats if s.kind == "open"]
            if seat is None:
                seat = open_seats[0]
            elif seat not in open_seats:
                raise GameError(f"seat {seat} is not open (open: {', '.join(map(str, open_seats))})")
            taken = Seat(seat, "person", user.name, user.id)
            await self.db.call(self.db.store.set_seat, game_id, taken)
            actor.seats[seat] = taken
            if all(s.kind != "open" for s in actor.seats):
                actor.status = "playing"
                await self.db.call(self.db.store.set_status, game_id, "playing", time.time())
                actor.start()
            actor.changed()
            return seat

    async def leave(self, game_id: str, user: User) -> None:
        """Leave a seat: before the start it opens again; during play, a mahjong seat goes to a bot
        and a renju game is resigned."""
        actor = self.actors.get(game_id)
        if actor is None:
            raise GameError("the game is over")
        async with actor.lock:
            seat = actor.seat_of(user.id)
            if seat is None:
                raise GameError("you have no seat at this game")
            if actor.status == "waiting":
                opened = Seat(seat, "open", "")
                await self.db.call(self.db.store.set_seat, game_id, opened)
                actor.seats[seat] = opened
                actor.changed()
                return
        await actor.resign_or_leave(seat)

    # --- records -----------------------------------------------------------------------------------
    async def replayed(self, game_id: str) -> GameActor:
        """A finished game rebuilt from the database (for records and the replay viewer)."""
        game = await self.game(game_id)
        if game.status != "finished":
            raise GameError("the game is not finished: its record is available at its end")
        actions = await self.db.call(self.db.store.actions, game_id)
        actor = self._make(game)
        actor.replay(actions)
        return actor


def _seats(game: Game | GameActor) -> list[Seat]:
    return list(game.seats)
