"""The server's configuration: one frozen value, filled from the command line (``taku serve``)."""

from __future__ import annotations

import json
import os
import socket
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

DEFAULT_DB_FILE = "taku.sqlite3"
"""The SQLite database ``taku serve`` uses by default, in the current directory."""


@dataclass(frozen=True)
class Settings:
    """How the server runs. Times are seconds."""

    db_url: str = f"sqlite:///{DEFAULT_DB_FILE}"
    """SQLAlchemy URL: ``sqlite:///FILE`` or ``postgresql+psycopg://user@host/db``."""
    durable: bool = False
    """Every commit waits for the disk (survives a power loss); otherwise it survives a crash of
    the server process only (see :class:`taku.server.store.Store`)."""
    action_seconds: float = 5.0
    """Mahjong turn clock: seconds per decision before the time bank is used (Tenhou: 5)."""
    bank_seconds: float = 60.0
    """Mahjong time bank per player and match."""
    disconnect_act_seconds: float = 3.0
    """A disconnected player's decision is made for him (tsumogiri / pass) after this long."""
    grace_seconds: float = 30.0
    """After this long disconnected a bot (``standin``) plays the seat until the person returns."""
    hand_pause_seconds: float = 10.0
    """Mahjong: after a hand ends the next one is dealt when every person at the table has
    acknowledged the result (``next_hand``) or after this long, whichever comes first; no clock
    runs meanwhile (Tenhou: about 10 s). 0: dealt at once. A table of bots never waits."""
    standin: str = "taku"
    """The player (a name of ``taku.bots.PLAYERS``) that stands in for an absent person."""
    bot_delay: float = 0.0
    """Seconds a bot waits before its action is played (pacing for people; 0 in tests)."""
    mjai_timeout: float = 5.0
    """Seconds an outside mjai bot has per decision (``MjaiProcessPlayer``'s default)."""
    ai_processes: int = 1
    """Worker processes for the renju AI (0: threads, for tests)."""
    ai_max_nodes: int | None = None
    """A node budget per renju AI move: play that does not depend on the machine (tests)."""
    brains: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    """Gomocup brains the operator allows as renju opponents: name -> command line."""
    process_name: str = field(default_factory=lambda: f"{socket.gethostname()}:{os.getpid()}")
    """This process's name in the ``owner`` column of the games it runs."""
    lease_seconds: float = 30.0
    """A game whose owner has not renewed its lease for this long may be taken over."""
    secure_cookies: bool = False
    """Mark cookies ``Secure`` (behind HTTPS)."""
    login_attempts: int = 5
    """Failed logins allowed per name and per address in ``login_window`` seconds."""
    login_window: float = 60.0
    argon2_time_cost: int = 3
    """argon2id parameters (argon2-cffi's defaults; tests lower them)."""
    argon2_memory_kib: int = 65536


def load_brains(path: str | Path) -> dict[str, tuple[str, ...]]:
    """The operator's Gomocup brains from a JSON file ``{"name": ["command", "arg", ...]}``;
    ``ValueError`` naming the problem."""
    try:
        data: Any = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise ValueError(f"cannot read {path}: {error.strerror or error}") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"{path}: not JSON: {error.msg} (line {error.lineno})") from None
    if not isinstance(data, dict):
        raise ValueError(f'{path}: expected an object {{"name": ["command", ...]}}')
    brains: dict[str, tuple[str, ...]] = {}
    for name, command in data.items():
        if not isinstance(command, list) or not command or not all(isinstance(c, str) for c in command):
            raise ValueError(f"{path}: brain {name!r}: expected a non-empty list of strings")
        brains[name] = tuple(command)
    return brains
