"""The ASGI application: HTTP routes (described at ``/openapi.json``, browsable at ``/docs``) and the
WebSocket endpoints, around the :class:`~taku.server.hub.Hub` of this process.

Every error is a JSON body ``{"error": "one line naming the problem"}`` with a 4xx status; a
WebSocket gets ``{"type": "error", "message": ...}`` and stays open. ``create_app(settings)`` builds
the application; ``taku serve`` runs it under uvicorn.
"""

import asyncio
import contextlib
import statistics
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path as FilePath
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

from fastapi import Depends, FastAPI, Path, Query, Request, Response, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect, WebSocketState

from taku import __version__
from taku.bots import PLAYERS
from taku.mahjong.rules import PRESETS as MAHJONG_PRESETS
from taku.renju.openings import OPENING_RULES
from taku.renju.rules import PRESETS as RENJU_PRESETS
from taku.server import auth
from taku.server.hub import Forbidden, Hub, NotFound
from taku.server.mahjong_table import MahjongTable
from taku.server.protocol import MAX_BODY_BYTES, ProtocolError, encode, error, read_client_message
from taku.server.renju_game import LEVELS, RenjuGame
from taku.server.settings import Settings
from taku.server.store import User
from taku.server.tables import Connection, GameActor, GameError, log

WEB = FilePath(__file__).resolve().parent / "web"
"""The browser client's bundle, built from ``web/`` by ``tools/build_web.py``."""

GameId = Annotated[str, Path(min_length=1, max_length=16, pattern=r"^[A-Za-z0-9_-]+$")]


class ApiError(HTTPException):
    """An HTTP error with a one-line message."""


# --- request bodies ---------------------------------------------------------------------------------


class GuestIn(BaseModel):
    name: str = Field(min_length=1, max_length=24, description="the name to play under")


class CredentialsIn(BaseModel):
    name: str = Field(min_length=1, max_length=24)
    password: str = Field(min_length=1, max_length=128)


class MahjongSeatIn(BaseModel):
    kind: Literal["me", "open", "bot", "mjai"] = Field(
        description="me: you; open: for a person who joins; bot: a built-in player; mjai: an "
        "outside mjai bot that connects with the seat's token"
    )
    name: str | None = Field(None, max_length=64, description="the bot's name (taku.bots.PLAYERS)")


class MahjongClockIn(BaseModel):
    action_s: float = Field(5.0, ge=1, le=120, description="seconds per decision")
    bank_s: float = Field(60.0, ge=0, le=1800, description="time bank per player and match")


class MahjongIn(BaseModel):
    rules: str = Field("tenhou", max_length=32, description="a preset: " + ", ".join(MAHJONG_PRESETS))
    options: dict[str, Any] = Field(default_factory=dict, description="rules fields to change")
    seats: list[MahjongSeatIn] = Field(min_length=4, max_length=4)
    private: bool = False
    seed: str | None = Field(None, min_length=1, max_length=64)
    clock: MahjongClockIn | None = None


class OpponentIn(BaseModel):
    kind: Literal["ai", "brain", "person"]
    level: str | None = Field(None, max_length=16, description="the AI's level: " + ", ".join(LEVELS))
    name: str | None = Field(None, max_length=64, description="a brain the operator configured")


class RenjuClockIn(BaseModel):
    initial_s: float = Field(ge=10, le=10800)
    increment_s: float = Field(0, ge=0, le=600)


class RenjuIn(BaseModel):
    rules: str = Field("renju", max_length=32, description="a rule set: " + ", ".join(RENJU_PRESETS))
    options: dict[str, str | int | bool | None] = Field(default_factory=dict)
    opening: str = Field("none", max_length=16, description="none or " + ", ".join(OPENING_RULES))
    opponent: OpponentIn
    color: Literal["black", "white"] = Field("black", description="yours (the first player is black)")
    clock: RenjuClockIn | None = None
    private: bool = False
    seed: str | None = Field(None, min_length=1, max_length=64)


class JoinIn(BaseModel):
    seat: int | None = Field(None, ge=0, le=3)
    invite: str | None = Field(None, max_length=64)


# --- identity ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Identity:
    """Who sends a request: a player (or nobody), his session's hash and CSRF token."""

    user: User | None
    csrf: str | None
    token_hash: str | None


class BodyLimit:
    """Refuse request bodies larger than ``MAX_BODY_BYTES`` with 413 (declared or streamed)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers", ())).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY_BYTES):
            await _too_large(send)
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > MAX_BODY_BYTES:
                raise _TooLarge
            return message

        try:
            await self.app(scope, limited, send)
        except _TooLarge:
            await _too_large(send)


class _TooLarge(Exception):
    pass


async def _too_large(send: Send) -> None:
    body = encode({"error": f"request body too large (at most {MAX_BODY_BYTES} bytes)"}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})


WRITER_DRAIN_SECONDS = 5.0
"""How long a WebSocket handler that ends lets its writer send what is still queued."""

NOT_HERE = "another server process runs the game (its live events are served there):"
"""The start of the close reason (code 4404) of a game's WebSocket on a process that does not own
the running game (docs/server.md, "Past one process")."""


def _median(samples: list[float]) -> float | None:
    return round(statistics.median(samples), 3) if samples else None


def _percentiles(samples: list[float]) -> dict[str, float | int | None]:
    """p50, p99 and the largest in milliseconds of the seconds in ``samples``, and how many."""
    ordered = sorted(samples)
    if not ordered:
        return {"p50": None, "p99": None, "max": None, "count": 0}

    def at(p: float) -> float:
        return round(1000 * ordered[min(len(ordered) - 1, int(p * len(ordered)))], 2)

    return {"p50": at(0.50), "p99": at(0.99), "max": at(1.0), "count": len(ordered)}


def create_app(settings: Settings | None = None) -> FastAPI:
    """The application for ``settings`` (its hub starts with the application's lifespan)."""
    settings = settings or Settings()
    hub = Hub(settings)
    passwords = auth.Passwords(settings)
    limiter = auth.RateLimiter(settings.login_attempts, settings.login_window)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    app = FastAPI(
        title="taku play server",
        version=__version__,
        lifespan=lifespan,
        description="Mahjong tables and renju games for people and bots. Errors are "
        '`{"error": "..."}` with a 4xx status. State-changing requests need '
        "the `X-CSRF-Token` header (see `GET /api/session`). WebSockets: "
        "`/api/games/{id}/ws`, `/api/games/{id}/mjai`, `/api/lobby/ws` "
        "(docs/server.md).",
    )
    app.state.hub = hub
    app.add_middleware(BodyLimit)

    # --- errors -------------------------------------------------------------------------------------
    @app.exception_handler(HTTPException)
    async def http_error(request: Request, problem: HTTPException) -> JSONResponse:
        return JSONResponse(
            {"error": str(problem.detail)}, problem.status_code, headers=getattr(problem, "headers", None)
        )

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, problem: RequestValidationError) -> JSONResponse:
        first = problem.errors()[0] if problem.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        text = (
            f"{where}: {first.get('msg', 'invalid')}" if where else str(first.get("msg", "invalid request"))
        )
        return JSONResponse({"error": text}, 422)

    for kind, status in (
        (GameError, 409),
        (NotFound, 404),
        (Forbidden, 403),
        (auth.AuthError, 400),
        (ValueError, 400),
    ):

        def handler(status: int) -> Callable[[Request, Exception], Awaitable[JSONResponse]]:
            async def handle(request: Request, problem: Exception) -> JSONResponse:
                return JSONResponse({"error": str(problem)}, status)

            return handle

        app.add_exception_handler(kind, handler(status))

    @app.exception_handler(Exception)
    async def internal(request: Request, problem: Exception) -> JSONResponse:
        log.exception("internal error on %s %s", request.method, request.url.path)
        return JSONResponse({"error": "internal error"}, 500)

    # --- identity -----------------------------------------------------------------------------------
    async def identify(cookies: dict[str, str]) -> Identity:
        token = cookies.get(auth.SESSION_COOKIE)
        if not token or len(token) > 128:
            return Identity(None, None, None)
        hashed = auth.token_hash(token)
        found = await hub.db.session(hashed)
        if found is None:
            return Identity(None, None, None)
        return Identity(found[0], found[1], hashed)

    async def identity(request: Request) -> Identity:
        found = await identify(dict(request.cookies))
        if request.method in ("POST", "PUT", "PATCH", "DELETE"):
            expected = found.csrf if found.user is not None else request.cookies.get(auth.CSRF_COOKIE)
            if not auth.same_token(request.headers.get(auth.CSRF_HEADER), expected):
                raise ApiError(
                    403, f"missing or wrong {auth.CSRF_HEADER} header (GET /api/session gives the token)"
                )
        return found

    Who = Annotated[Identity, Depends(identity)]

    def needs_user(who: Identity) -> User:
        if who.user is None:
            raise ApiError(401, "log in or play as a guest first")
        return who.user

    def user_json(user: User | None) -> dict[str, Any] | None:
        return None if user is None else {"id": user.id, "name": user.name, "guest": user.guest}

    def set_cookies(response: Response, token: str | None, csrf: str) -> None:
        secure = settings.secure_cookies
        if token is not None:
            response.set_cookie(
                auth.SESSION_COOKIE,
                token,
                max_age=auth.SESSION_SECONDS,
                httponly=True,
                samesite="lax",
                secure=secure,
                path="/",
            )
        response.set_cookie(
            auth.CSRF_COOKIE,
            csrf,
            max_age=auth.SESSION_SECONDS,
            httponly=False,
            samesite="lax",
            secure=secure,
            path="/",
        )

    async def open_session(response: Response, user: User) -> dict[str, Any]:
        token = auth.new_token()
        csrf = auth.new_token()
        await hub.db.call(
            hub.db.store.create_session,
            auth.token_hash(token),
            user.id,
            csrf,
            time.time() + auth.SESSION_SECONDS,
        )
        set_cookies(response, token, csrf)
        return {"user": user_json(user), "csrf": csrf}

    # --- sessions -------------------------------------------------------------------------------------
    @app.get("/api/session", tags=["players"], summary="Who you are, and the CSRF token to send")
    async def get_session(request: Request, response: Response, who: Who) -> dict[str, Any]:
        csrf = who.csrf
        if csrf is None:
            csrf = request.cookies.get(auth.CSRF_COOKIE)
            if not csrf or len(csrf) > 128:
                csrf = auth.new_token()
                set_cookies(response, None, csrf)
        return {"user": user_json(who.user), "csrf": csrf}

    @app.post("/api/session/guest", tags=["players"], summary="Play as a guest with a chosen name")
    async def guest(body: GuestIn, response: Response, who: Who) -> dict[str, Any]:
        name = auth.check_name(body.name.strip())
        user = await hub.db.call(hub.db.store.create_user, name, True, None)
        assert user is not None
        return await open_session(response, user)

    @app.post("/api/users", tags=["players"], status_code=201, summary="Register (and log in)")
    async def register(body: CredentialsIn, response: Response, who: Who) -> dict[str, Any]:
        name = auth.check_name(body.name.strip())
        password = auth.check_password(body.password)
        hashed = await asyncio.get_running_loop().run_in_executor(None, passwords.hash, password)
        user = await hub.db.call(hub.db.store.create_user, name, False, hashed)
        if user is None:
            raise ApiError(409, f"the name {name!r} is taken")
        return await open_session(response, user)

    @app.post("/api/session", tags=["players"], summary="Log in")
    async def login(body: CredentialsIn, request: Request, response: Response, who: Who) -> dict[str, Any]:
        address = request.client.host if request.client else "?"
        keys = (f"name:{body.name.strip().casefold()}", f"addr:{address}")
        wait = limiter.blocked(*keys)
        if wait > 0:
            raise ApiError(
                429,
                f"too many failed logins: try again in {wait:.0f} s",
                headers={"Retry-After": str(int(wait) + 1)},
            )
        found = await hub.db.call(hub.db.store.user_by_name, body.name.strip())
        stored = found[1] if found else None
        ok = await asyncio.get_running_loop().run_in_executor(None, passwords.verify, stored, body.password)
        if found is None or not ok:
            limiter.failed(*keys)
            raise ApiError(401, "wrong name or password")
        limiter.reset(keys[0])
        user = found[0]
        if stored and passwords.needs_rehash(stored):
            rehashed = await asyncio.get_running_loop().run_in_executor(None, passwords.hash, body.password)
            await hub.db.call(hub.db.store.set_password_hash, user.id, rehashed)
        return await open_session(response, user)

    @app.delete("/api/session", tags=["players"], summary="Log out")
    async def logout(response: Response, who: Who) -> dict[str, Any]:
        if who.token_hash is not None:
            await hub.db.call(hub.db.store.delete_session, who.token_hash)
        response.delete_cookie(auth.SESSION_COOKIE, path="/")
        return {"user": None}

    @app.get("/api/me/games", tags=["history"], summary="Your finished games")
    async def my_games(who: Who) -> dict[str, Any]:
        user = needs_user(who)
        return {"games": await hub.history(user.id)}

    @app.get("/api/users/{user_id}/games", tags=["history"], summary="A player's finished public games")
    async def user_games(user_id: Annotated[int, Path(ge=1, le=2**31 - 1)], who: Who) -> dict[str, Any]:
        games = await hub.history(user_id)
        viewer = who.user.id if who.user else None
        return {"games": [g for g in games if not g["private"] or viewer == user_id]}

    # --- the lobby ------------------------------------------------------------------------------------
    @app.get("/api/options", tags=["lobby"], summary="What a game can be created with")
    async def options() -> dict[str, Any]:
        return {
            "mahjong": {
                "rules": list(MAHJONG_PRESETS),
                "bots": sorted(PLAYERS),
                "seats": ["me", "open", "bot", "mjai"],
                "clock": {"action_s": settings.action_seconds, "bank_s": settings.bank_seconds},
            },
            "renju": {
                "rules": list(RENJU_PRESETS),
                "openings": ["none", *OPENING_RULES],
                "levels": list(LEVELS),
                "brains": sorted(settings.brains),
                "opponents": ["ai", "brain", "person"],
            },
        }

    @app.get("/api/stats", tags=["server"], summary="This process: games in memory, connections, writes")
    async def stats() -> dict[str, Any]:
        actors = list(hub.actors.values())
        return {
            "games": len(actors),
            "playing": sum(1 for a in actors if a.status == "playing"),
            "connections": sum(len(a.connections) for a in actors),
            "lobby_subscribers": len(hub.lobby.subscribers),
            "remote_games": hub.remote_games(),
            "actions_committed": hub.db.writes,
            "commits": hub.db.commits,
            "latency_ms": _percentiles(hub.services.latency),
            "commit_ms": _percentiles(hub.db.commit_seconds),
            "store_ms": _percentiles(hub.db.store_seconds),
            "loop_lag_ms": _percentiles(hub.loop_lag),
            "loop_stalls": {
                "count": len(hub.stall_cpu),
                "loop_cpu_share_p50": _median(hub.stall_cpu),
                "process_cpu_share_p50": _median(hub.stall_process_cpu),
            },
        }

    @app.get("/api/games", tags=["lobby"], summary="Waiting and running games you may see")
    async def games(who: Who) -> dict[str, Any]:
        return {"games": await hub.listing(who.user)}

    def created(actor: GameActor, user: User | None, extra: dict[str, Any]) -> dict[str, Any]:
        return {
            "game": actor.summary(),
            "invite": actor.game.invite,
            **extra,
            "ws": f"/api/games/{actor.id}/ws",
        }

    @app.post("/api/games/mahjong", tags=["lobby"], status_code=201, summary="Create a mahjong table")
    async def create_mahjong(body: MahjongIn, who: Who) -> dict[str, Any]:
        seats = [s.model_dump() for s in body.seats]
        actor, tokens = await hub.create_mahjong(
            who.user,
            body.rules,
            body.options,
            seats,
            body.private,
            body.seed,
            body.clock.model_dump() if body.clock else None,
        )
        return created(actor, who.user, {"mjai_tokens": {str(k): v for k, v in tokens.items()}})

    @app.post("/api/games/renju", tags=["lobby"], status_code=201, summary="Create a renju game")
    async def create_renju(body: RenjuIn, who: Who) -> dict[str, Any]:
        actor = await hub.create_renju(
            who.user,
            body.rules,
            dict(body.options),
            body.opening,
            body.opponent.model_dump(),
            body.color,
            body.clock.model_dump() if body.clock else None,
            body.private,
            body.seed,
        )
        return created(actor, who.user, {})

    async def visible_game(game_id: str, who: Identity, invite: str | None) -> dict[str, Any]:
        game = await hub.game(game_id)
        if not hub.may_see(hub.actor(game_id) or game, who.user, invite):
            raise NotFound(f"no game {game_id!r}")
        summary = hub.summary(game)
        if who.user is not None and game.creator_id == who.user.id:
            summary["invite"] = game.invite
            summary["mjai_tokens"] = {str(s.seat): s.token for s in game.seats if s.token}
        return summary

    @app.get("/api/games/{game_id}", tags=["lobby"], summary="A game: rules, seats, status, result")
    async def get_game(
        game_id: GameId, who: Who, invite: Annotated[str | None, Query(max_length=64)] = None
    ) -> dict[str, Any]:
        return await visible_game(game_id, who, invite)

    @app.post("/api/games/{game_id}/join", tags=["lobby"], summary="Take an open seat")
    async def join(game_id: GameId, body: JoinIn, who: Who) -> dict[str, Any]:
        user = needs_user(who)
        await visible_game(game_id, who, body.invite)
        seat = await hub.join(game_id, user, body.seat)
        return {"seat": seat, "game": hub.summary(await hub.game(game_id))}

    @app.post(
        "/api/games/{game_id}/leave",
        tags=["lobby"],
        summary="Leave your seat (before the start: it opens; mahjong: a bot plays it; renju: resign)",
    )
    async def leave(game_id: GameId, who: Who) -> dict[str, Any]:
        user = needs_user(who)
        await visible_game(game_id, who, None)
        await hub.leave(game_id, user)
        return {"game": hub.summary(await hub.game(game_id))}

    # --- records --------------------------------------------------------------------------------------
    @app.get(
        "/api/games/{game_id}/replay",
        tags=["history"],
        summary="A finished game's whole event log (every hand visible), for the replay viewer",
    )
    async def replay(
        game_id: GameId, who: Who, invite: Annotated[str | None, Query(max_length=64)] = None
    ) -> dict[str, Any]:
        await visible_game(game_id, who, invite)
        actor = await hub.replayed(game_id)
        if isinstance(actor, MahjongTable):
            events = [event for event, _ in actor.log]
        else:
            assert isinstance(actor, RenjuGame)
            events = list(actor.log)
        return {"game": hub.summary(actor.game), "events": events}

    @app.get(
        "/api/games/{game_id}/record/{fmt}",
        tags=["history"],
        response_class=PlainTextResponse,
        summary="A finished game's record: mjai (JSON lines) or tenhou (JSON) for mahjong, psq or "
        "sgf for renju",
    )
    async def record(
        game_id: GameId,
        fmt: Literal["mjai", "tenhou", "psq", "sgf"],
        who: Who,
        invite: Annotated[str | None, Query(max_length=64)] = None,
    ) -> Response:
        await visible_game(game_id, who, invite)
        actor = await hub.replayed(game_id)
        from taku.server.records import record_text

        text, media, suffix = record_text(actor, fmt)
        return Response(
            text,
            media_type=media,
            headers={"Content-Disposition": f'attachment; filename="taku-{game_id}.{suffix}"'},
        )

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def home(request: Request) -> Response:
        index = WEB / "index.html"
        if index.is_file():  # the browser client (its routes are in the address's #fragment)
            return FileResponse(index, media_type="text/html", headers={"Cache-Control": "no-cache"})
        return HTMLResponse(
            "<!doctype html><title>taku</title><h1>taku play server</h1>"
            f"<p>taku {__version__}. The browser client is not built: run "
            "<code>python3 tools/build_web.py</code> (or start with <code>python3 tools/serve.py</code>). "
            "The API is described at <a href='/docs'>/docs</a> "
            "(<a href='/openapi.json'>openapi.json</a>).</p>"
        )

    @app.get("/assets/{name}", include_in_schema=False)
    async def asset(
        request: Request, name: Annotated[str, Path(max_length=128, pattern=r"^[A-Za-z0-9_.-]+$")]
    ) -> Response:
        found = WEB / "assets" / name
        if name.startswith(".") or name.endswith(".gz") or not found.is_file():
            raise NotFound(f"no asset {name!r}")
        # Vite names each asset by its content's hash: a browser may keep it for a year.
        headers = {"Cache-Control": "public, max-age=31536000, immutable", "Vary": "Accept-Encoding"}
        packed = found.with_name(name + ".gz")
        if "gzip" in request.headers.get("accept-encoding", "") and packed.is_file():
            media = "text/css" if name.endswith(".css") else "text/javascript"
            if name.endswith(".svg"):
                media = "image/svg+xml"
            return FileResponse(packed, media_type=media, headers={**headers, "Content-Encoding": "gzip"})
        return FileResponse(found, headers=headers)

    # --- WebSockets ----------------------------------------------------------------------------------
    def same_origin(websocket: WebSocket) -> bool:
        origin = websocket.headers.get("origin")
        if origin is None:
            return True  # not a browser (a bot, a script)
        return urlsplit(origin).netloc == websocket.headers.get("host", "")

    async def pump(websocket: WebSocket, connection: Connection) -> None:
        """Send the connection's queue to the socket (a closed socket ends it quietly)."""
        with contextlib.suppress(Exception):
            while True:
                text = await connection.queue.get()
                if text is None:
                    break
                await websocket.send_text(text)
            await websocket.close()
        connection.closed = True

    async def drain(writer: asyncio.Task[None]) -> None:
        """Let a closed connection's writer send what is still queued (the last events, an outside
        bot's ``end_game``) before the handler ends; one that cannot within a few seconds is stopped."""
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(asyncio.shield(writer), WRITER_DRAIN_SECONDS)
        writer.cancel()

    async def refuse(websocket: WebSocket, code: int, reason: str) -> None:
        """Close a WebSocket at once with ``code`` and a one-line ``reason``: accepted first, as a
        browser sees neither the status nor the body of a refused handshake, only a close."""
        with contextlib.suppress(Exception):  # a client already gone needs no answer
            await websocket.accept()
            await websocket.close(code=code, reason=reason[:120])

    async def read(websocket: WebSocket) -> str | bytes | None:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return None
        text = message.get("text")
        return text if text is not None else message.get("bytes") or b""

    @app.websocket("/api/games/{game_id}/ws")
    async def game_socket(
        websocket: WebSocket, game_id: str, since: int = 0, invite: str | None = None
    ) -> None:
        who = await identify(dict(websocket.cookies))
        if not same_origin(websocket):
            await refuse(websocket, 4403, "a WebSocket from another site is refused")
            return
        actor = await hub.viewable(game_id) if len(game_id) <= 16 else None
        if actor is None:
            elsewhere = await hub.running_elsewhere(game_id, who.user, invite)
            await refuse(websocket, 4404, f"{NOT_HERE if elsewhere else 'no game'} {game_id[:16]!r}")
            return
        if not hub.may_see(actor, who.user, invite):
            await refuse(websocket, 4403, "a private game: you need its invite")
            return
        await websocket.accept()
        seat = actor.seat_of(who.user.id if who.user else None)
        connection = Connection(seat, who.user.id if who.user else None)
        writer = asyncio.get_running_loop().create_task(pump(websocket, connection))
        try:
            await actor.attach(connection, since if since >= 0 else 0)
            while not connection.closed:
                text = await read(websocket)
                if text is None:
                    break
                received = time.perf_counter()
                try:
                    message = read_client_message(text)
                    kind = message["type"]
                    if kind == "ping":
                        connection.send(encode({"type": "pong"}))
                    elif kind == "resync":
                        await actor.resync(connection, message["since"])
                    else:
                        if connection.seat is None:
                            raise GameError("you are watching: a spectator acts for no seat")
                        if kind == "next_hand":
                            await actor.next_hand(connection.seat, message)
                        else:
                            await actor.act(connection.seat, message, received)
                except (ProtocolError, GameError) as problem:
                    connection.send(error(str(problem)))
        except WebSocketDisconnect:
            pass
        finally:
            await actor.detach(connection)  # (closes the connection: its writer ends after the queue)
            await drain(writer)
            if websocket.application_state != WebSocketState.DISCONNECTED:
                with contextlib.suppress(Exception):
                    await websocket.close()

    @app.websocket("/api/games/{game_id}/mjai")
    async def mjai_socket(websocket: WebSocket, game_id: str, token: str = "") -> None:
        actor = hub.actor(game_id) if len(game_id) <= 16 else None
        seat = None
        if isinstance(actor, MahjongTable):
            seat = next(
                (s.seat for s in actor.seats if s.kind == "mjai" and auth.same_token(s.token, token)), None
            )
        if actor is None or seat is None or not isinstance(actor, MahjongTable):
            await refuse(websocket, 4403, "no mjai seat of a running table on this process has this token")
            return
        await websocket.accept()
        connection = Connection(seat, kind="mjai")
        writer = asyncio.get_running_loop().create_task(pump(websocket, connection))
        try:
            await actor.attach_mjai(connection)
            while not connection.closed:
                text = await read(websocket)
                if text is None:
                    break
                await actor.mjai_answer(seat, text)
        except WebSocketDisconnect:
            pass
        finally:
            await actor.detach(connection)  # (closes the connection: its writer ends after the queue)
            await drain(writer)

    @app.websocket("/api/lobby/ws")
    async def lobby_socket(websocket: WebSocket) -> None:
        who = await identify(dict(websocket.cookies))
        if not same_origin(websocket):
            await refuse(websocket, 4403, "a WebSocket from another site is refused")
            return
        await websocket.accept()
        connection = Connection(None, who.user.id if who.user else None, kind="lobby")
        writer = asyncio.get_running_loop().create_task(pump(websocket, connection))
        hub.lobby.subscribers.add(connection)
        try:
            connection.send(encode({"type": "lobby", "games": await hub.listing(who.user)}))
            while not connection.closed:
                text = await read(websocket)
                if text is None:
                    break
                try:
                    message = read_client_message(text)
                    if message["type"] == "ping":
                        connection.send(encode({"type": "pong"}))
                    else:
                        raise ProtocolError("the lobby takes only ping")
                except ProtocolError as problem:
                    connection.send(error(str(problem)))
        except WebSocketDisconnect:
            pass
        finally:
            hub.lobby.subscribers.discard(connection)
            connection.close()
            await drain(writer)

    return app
