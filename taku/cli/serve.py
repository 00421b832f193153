"""``taku serve``: run the play server (``taku.server``) under uvicorn.

Needs the ``server`` extra (``pip install 'taku[server]'``, or ``python3 tools/serve.py`` from a
clone, which installs it into ``.venv``). The database is a SQLite file, ``taku.sqlite3`` in the
current directory, unless ``--db`` names another (``sqlite:///path`` or
``postgresql+psycopg://user@host/db``); its schema is migrated at start.
"""

from __future__ import annotations

import argparse
import gc
import math
import socket
import sys
from typing import Any

from taku.cli.main import CommandError


def register(games: Any) -> None:
    """Add the ``serve`` command to ``games``."""
    parser: argparse.ArgumentParser = games.add_parser(
        "serve",
        help="run the play server (mahjong tables and renju games over HTTP and WebSocket)",
        description="Run the play server. Needs the server extra: pip install 'taku[server]' "
        "(python3 tools/serve.py installs it into .venv). See docs/server.md.",
    )
    parser.add_argument(
        "--db",
        default=None,
        metavar="URL",
        help="database: sqlite:///FILE or postgresql+psycopg://USER@HOST/DB "
        "(default: sqlite:///taku.sqlite3, in the current directory)",
    )
    parser.add_argument(
        "--durable",
        action="store_true",
        help="every commit waits for the disk and survives a power loss (default: a commit "
        "survives a crash of this process; SQLite synchronous=NORMAL, PostgreSQL synchronous_commit=off)",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument(
        "--brains",
        metavar="FILE",
        default=None,
        help='JSON {"name": ["command", ...]} of Gomocup brains allowed as renju opponents',
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.5,
        metavar="SECONDS",
        help="pause before a bot's action is played (default 0.5)",
    )
    parser.add_argument(
        "--action-seconds",
        type=float,
        default=5.0,
        metavar="SECONDS",
        help="mahjong: seconds per decision before the time bank (default 5)",
    )
    parser.add_argument(
        "--bank-seconds",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="mahjong: time bank per player and match (default 60)",
    )
    parser.add_argument(
        "--grace-seconds",
        type=float,
        default=30.0,
        metavar="SECONDS",
        help="a bot plays for a person away this long (default 30)",
    )
    parser.add_argument(
        "--hand-pause-seconds",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="mahjong: after a hand ends, the next is dealt when every person has pressed OK or "
        "after this long (default 10; 0: at once; no clock runs meanwhile)",
    )
    parser.add_argument(
        "--ai-processes",
        type=int,
        default=1,
        metavar="N",
        help="worker processes for the renju AI (default 1; 0: threads)",
    )
    parser.add_argument(
        "--ai-max-nodes",
        type=int,
        default=None,
        metavar="N",
        help="node budget per renju AI move: play independent of the machine's speed",
    )
    parser.add_argument(
        "--name",
        default=None,
        help="this server process's name in the games it owns (default HOST:PORT): a "
        "restarted server of the same name resumes its games at once",
    )
    parser.add_argument("--log-level", default="warning", choices=("debug", "info", "warning", "error"))
    parser.set_defaults(handler=_serve)


def _serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from taku.server.app import create_app
        from taku.server.settings import DEFAULT_DB_FILE, Settings, load_brains
        from taku.server.store import Store
    except ImportError as error:
        raise CommandError(
            f"`taku serve` needs the server extra ({error.name} is missing): "
            "pip install 'taku[server]', or run python3 tools/serve.py from a clone"
        ) from None
    if not 0 <= args.port <= 65535:
        raise CommandError(f"--port must be 0..65535, got {args.port}")
    for name in ("bot_delay", "action_seconds", "bank_seconds", "grace_seconds", "hand_pause_seconds"):
        if not 0 <= getattr(args, name) < math.inf:  # nan and inf too: a clock must run out
            raise CommandError(f"--{name.replace('_', '-')} must be a non-negative number of seconds, "
                               f"got {getattr(args, name)}")
    if args.ai_processes < 0 or (args.ai_max_nodes is not None and args.ai_max_nodes < 1):
        raise CommandError("--ai-processes must be >= 0 and --ai-max-nodes >= 1")
    url = args.db or f"sqlite:///{DEFAULT_DB_FILE}"
    try:
        brains = load_brains(args.brains) if args.brains else {}
    except ValueError as error:
        raise CommandError(f"--brains: {error}") from None
    try:
        store = Store(url)
        store.migrate()
        store.close()
    except Exception as error:  # a bad URL, an unreachable server, a file that is not a database
        text = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise CommandError(f"cannot open the database {url}: {text}") from None
    try:
        with socket.create_server((args.host, args.port)):
            pass
    except OSError as error:
        raise CommandError(f"cannot listen on {args.host}:{args.port}: {error.strerror or error}") from None
    settings = Settings(
        db_url=url,
        durable=args.durable,
        bot_delay=args.bot_delay,
        action_seconds=args.action_seconds,
        bank_seconds=args.bank_seconds,
        grace_seconds=args.grace_seconds,
        hand_pause_seconds=args.hand_pause_seconds,
        ai_processes=args.ai_processes,
        ai_max_nodes=args.ai_max_nodes,
        brains=brains,
        process_name=args.name or f"{socket.gethostname()}:{args.port}",
    )
    host = f"[{args.host}]" if ":" in args.host else args.host
    print(f"taku serve: http://{host}:{args.port}/ (database {url}; Ctrl-C stops)", flush=True)
    tune_process()
    uvicorn.run(create_app(settings), **uvicorn_options(args.host, args.port, args.log_level))
    return 0


def uvicorn_options(host: str, port: int, log_level: str) -> dict[str, Any]:
    """How ``taku serve`` runs uvicorn: messages up to 1 MiB, and no per-message deflate on the
    WebSocket (with 500 tables it took most of the event loop's own time compressing small JSON
    events; see benchmarks/README.md, "Play server load")."""
    return {"host": host, "port": port, "log_level": log_level, "ws_max_size": 1024 * 1024,
            "ws_per_message_deflate": False}


def tune_process() -> None:
    """Process settings for a server holding hundreds of matches: the oldest generation is never
    collected automatically (a full collection of 500 half-played matches stops the event loop for
    about 200 ms; the hub runs one every ten minutes instead, ``taku.server.hub``), and threads
    (database, bots) hand the GIL back to the event loop after 1 ms instead of 5."""
    from taku.server.hub import FULL_COLLECTION_THRESHOLD

    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_COLLECTION_THRESHOLD)
    sys.setswitchinterval(0.001)
