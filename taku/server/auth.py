"""Who is asking: guests, registered players, sessions, CSRF protection and the login rate limit.

- A **guest** picks a name and gets a session at once; a **registered** player has a unique name
  (any case) and a password stored as an argon2id hash (argon2-cffi).
- A session is a random token in the ``taku_session`` cookie (HttpOnly, SameSite=Lax); the database
  keeps only its SHA-256.
- **CSRF**: every state-changing request (POST, PUT, PATCH, DELETE) must carry the header
  ``X-CSRF-Token``: the session's token, or before a session exists the ``taku_csrf`` cookie that
  ``GET /api/session`` sets (double submit). A page of another site can send neither.
- **Login rate limit**: ``Settings.login_attempts`` failures per name and per address in
  ``Settings.login_window`` seconds; then 429 until the window passes (in this process).
"""

from __future__ import annotations

import hashlib
import re
import secrets
import time
from collections import deque

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from taku.server.settings import Settings

SESSION_COOKIE = "taku_session"
CSRF_COOKIE = "taku_csrf"
CSRF_HEADER = "X-CSRF-Token"
SESSION_SECONDS = 30 * 24 * 3600
"""A session lasts 30 days."""
NAME_RE = re.compile(r"[^\W_][\w .\-]{0,22}[^\W_]|[^\W_]", re.UNICODE)
"""A player's name: 1 to 24 letters, digits, spaces, ``_ . -``, starting and ending with a letter or
digit."""
PASSWORD_LENGTH = (8, 128)


class AuthError(ValueError):
    """A refused identity request (bad name, wrong password...): one line."""


def check_name(name: object) -> str:
    """A valid player name (``AuthError`` otherwise)."""
    if not isinstance(name, str) or not NAME_RE.fullmatch(name):
        raise AuthError(
            "a name has 1 to 24 letters, digits, spaces, '_', '.' or '-', starting and "
            "ending with a letter or digit"
        )
    return name


def check_password(password: object) -> str:
    """A password of acceptable length (``AuthError`` otherwise)."""
    low, high = PASSWORD_LENGTH
    if not isinstance(password, str) or not low <= len(password) <= high:
        raise AuthError(f"a password has {low} to {high} characters")
    return password


def new_token() -> str:
    """A random URL-safe token (256 bits)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What the database keeps of a session token."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def same_token(a: str | None, b: str | None) -> bool:
    """Constant-time comparison of two tokens (False if either is missing)."""
    return bool(a) and bool(b) and secrets.compare_digest(str(a).encode(), str(b).encode())


class Passwords:
    """argon2id hashing with the settings' parameters."""

    def __init__(self, settings: Settings) -> None:
        self.hasher = PasswordHasher(
            time_cost=settings.argon2_time_cost, memory_cost=settings.argon2_memory_kib, parallelism=1
        )

    def hash(self, password: str) -> str:
        """The hash to store."""
        return self.hasher.hash(password)

    def verify(self, stored: str | None, password: str) -> bool:
        """Whether ``password`` matches ``stored``."""
        if not stored:
            return False
        try:
            return self.hasher.verify(stored, password)
        except (VerificationError, InvalidHashError):
            return False

    def needs_rehash(self, stored: str) -> bool:
        """Whether ``stored`` was made with other parameters."""
        return self.hasher.check_needs_rehash(stored)


class RateLimiter:
    """At most ``attempts`` failures per key in ``window`` seconds."""

    def __init__(self, attempts: int, window: float) -> None:
        self.attempts = attempts
        self.window = window
        self._failures: dict[str, deque[float]] = {}

    def _recent(self, key: str) -> deque[float]:
        now = time.monotonic()
        failures = self._failures.setdefault(key, deque())
        while failures and failures[0] < now - self.window:
            failures.popleft()
        if not failures:
            del self._failures[key]
            return deque()
        return failures

    def blocked(self, *keys: str) -> float:
        """Seconds until every key may try again (0: now)."""
        wait = 0.0
        for key in keys:
            failures = self._recent(key)
            if len(failures) >= self.attempts:
                wait = max(wait, failures[0] + self.window - time.monotonic())
        return wait

    def failed(self, *keys: str) -> None:
        """Count a failure against every key."""
        now = time.monotonic()
        for key in keys:
            self._failures.setdefault(key, deque()).append(now)
        if len(self._failures) > 100_000:  # bounded memory under a flood of names
            for key in list(self._failures)[:50_000]:
                del self._failures[key]

    def reset(self, key: str) -> None:
        """Forget a key's failures (after a successful login)."""
        self._failures.pop(key, None)
