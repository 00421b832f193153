"""Clocks: the mahjong turn clock with a time bank (Tenhou-like) and the renju Fischer clock.

Both are plain values changed by the game's actor; times are milliseconds, ``now`` a monotonic
reading in seconds. Their state is stored with every action, so a restarted server resumes them
(the time the server was down is not charged to anyone).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class TurnClock:
    """Each decision may take ``action_ms``; beyond that the seat's bank pays, until it is empty."""

    action_ms: int
    banks: list[int] = field(default_factory=lambda: [0, 0, 0, 0])

    def allowance(self, seat: int) -> int:
        """Milliseconds ``seat`` has for the decision now open."""
        return self.action_ms + self.banks[seat]

    def spend(self, seat: int, elapsed_ms: int) -> None:
        """Charge ``elapsed_ms`` of a decision to ``seat``'s bank (what exceeds ``action_ms``)."""
        self.banks[seat] = max(0, self.banks[seat] - max(0, elapsed_ms - self.action_ms))

    def state(self) -> dict[str, list[int]]:
        """What is stored with an action."""
        return {"banks": list(self.banks)}


@dataclass
class FischerClock:
    """Each player has ``remaining`` milliseconds; a move adds ``increment_ms``; 0 loses on time."""

    remaining: list[int]
    increment_ms: int

    def spend(self, side: int, elapsed_ms: int, *, moved: bool) -> None:
        """Charge ``elapsed_ms`` to ``side``, adding the increment after a move."""
        self.remaining[side] = max(0, self.remaining[side] - elapsed_ms)
        if moved and self.remaining[side] > 0:
            self.remaining[side] += self.increment_ms

    def state(self) -> dict[str, list[int]]:
        """What is stored with an action."""
        return {"remaining": list(self.remaining)}
