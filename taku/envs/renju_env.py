"""A PettingZoo AEC environment of one renju (or gomoku) game between two agents: ``player_0``, the
first player (Black, or the tentative Black of an opening rule), and ``player_1``.

**Actions** (``Discrete(N * N + 6 + DECLARE_LIMIT)`` on an N x N board): index ``y * N + x`` is the
point ``Point(x, y)`` (a move, or in an opening a stone to place, a fifth move to offer or to
select); then ``pass`` (where the rules allow it), ``swap``, ``keep`` (an opening's swap
question), ``black``, ``white`` (an opening's colour choice), ``offer`` (in Taraguchi's last step:
offer fifth moves instead of placing the fifth stone) and ``declare k`` for k = 1..DECLARE_LIMIT.
An opening step that places or offers several stones takes them one action at a time, in order.
The mask marks what is legal: empty points, never a point forbidden to Black (RIF 9.2-9.3), an
opening stone only within its central square, no fifth move symmetric to one already offered.

**Observations**: ``observation`` is an ``int8`` array of planes ``(6, N, N)`` indexed ``[plane, y,
x]``: 0 Black's stones, 1 White's stones, 2 all ones when this agent holds Black (tentatively,
during an opening), 3 the points forbidden to Black when Black is to move, 4 the points chosen so
far in this opening step or offered as fifth moves, 5 the last stone played. ``action_mask`` is
``int8``. ``info`` holds the ``moves`` played (a move string; ``env.position`` is the
:class:`~taku.renju.board.Position` itself) and, during an opening, its
:class:`~taku.renju.openings.Phase`.

**Rewards**: at the end, +1 to the winner and -1 to the loser (a draw gives 0 to both).

``opening`` is ``None`` (the empty board, ``player_0`` Black), an opening rule (an
:class:`~taku.renju.openings.OpeningRule` or a preset name such as ``"rif"``, ``"soosorv_8"``,
``"swap2"``) played with the actions above, or a fixed start: an opening's name (``"Kagetsu"``)
or a move string (``"h8i9j10"``). The game is deterministic: ``reset(seed=...)`` is accepted for
the API's sake and changes nothing.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from taku.renju.board import Position
from taku.renju.openings import (
    OPENING_RULES,
    OPENINGS,
    ChooseColor,
    Declare,
    Offer,
    Opening,
    OpeningRule,
    Phase,
    Place,
    Player,
    Select,
    Swap,
    position_symmetries,
)
from taku.renju.points import BLACK, WHITE, Point, move_string, transform
from taku.renju.rules import PRESETS, RENJU, RenjuRules

AGENTS = ("player_0", "player_1")
DECLARE_LIMIT = 16
"""The largest number of fifth moves an action can declare (Soosorv-8 needs 8)."""
EXTRAS = ("pass", "swap", "keep", "black", "white", "offer")
PLANES = 6

ObsDict = dict[str, npt.NDArray[Any]]


def _rules(rules: RenjuRules | str | None) -> RenjuRules:
    if rules is None:
        return RENJU
    if isinstance(rules, str):
        if rules not in PRESETS:
            raise ValueError(f"unknown renju rules {rules!r}: expected one of {', '.join(PRESETS)}")
        return PRESETS[rules]
    if not isinstance(rules, RenjuRules):
        raise ValueError(f"rules must be a RenjuRules value or a preset name, got {rules!r}")
    return rules


class RenjuEnv(AECEnv):  # type: ignore[misc]  # PettingZoo has no type information
    """The game environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "taku_renju_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, rules: RenjuRules | str | None = None,
                 opening: OpeningRule | str | None = None, *, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.rules = _rules(rules)
        self.render_mode = render_mode
        self.size = size = self.rules.board_size
        self.points = size * size
        self.pass_action = self.points
        self.swap_action, self.keep_action = self.points + 1, self.points + 2
        self.black_action, self.white_action = self.points + 3, self.points + 4
        self.offer_action = self.points + 5
        self.declare_action = self.points + 6  # declare 1; declare k is this + k - 1
        self.num_actions = self.points + len(EXTRAS) + DECLARE_LIMIT
        self.opening_rule: OpeningRule | None = None
        self.start = ""
        if isinstance(opening, OpeningRule):
            self.opening_rule = opening
        elif opening is None or opening == "none":
            pass
        elif opening in OPENING_RULES:
            self.opening_rule = OPENING_RULES[opening]
        elif opening in OPENINGS:
            self.start = move_string(OPENINGS[opening])
        elif isinstance(opening, str):
            Position(opening, rules=self.rules)  # raises a clear error for a bad move string
            self.start = opening
        else:
            raise ValueError(f"opening must be None, an opening rule, an opening name or a move "
                             f"string, got {opening!r}")
        self.possible_agents = list(AGENTS)
        observation = spaces.Box(0, 1, (PLANES, size, size), np.int8)
        mask = spaces.Box(0, 1, (self.num_actions,), np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": observation, "action_mask": mask})
                                   for a in AGENTS}
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in AGENTS}
        self.reset()

    # --- spaces ----------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every time)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``."""
        return self.action_spaces[agent]

    def action_name(self, index: int | np.integer[Any]) -> str:
        """What action ``index`` means: a point's name, ``pass``, ``swap``, ... ``declare 3``."""
        index = int(index)  # a NumPy integer is no int to the compiled core
        if 0 <= index < self.points:
            return str(Point(index % self.size, index // self.size))
        extra = index - self.points
        if 0 <= extra < len(EXTRAS):
            return EXTRAS[extra]
        if len(EXTRAS) <= extra < len(EXTRAS) + DECLARE_LIMIT:
            return f"declare {extra - len(EXTRAS) + 1}"
        raise ValueError(f"no action {index} (expected 0..{self.num_actions - 1})")

    # --- the AEC API -----------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game from the opening."""
        self.opening: Opening | None = None
        self.position = Position(self.start, rules=self.rules)
        self.black = Player.FIRST
        if self.opening_rule is not None:
            self.opening = Opening(self.opening_rule, self.rules)
        self._pending: list[Point] = []
        self._offering = False
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self._select()

    def _mover(self) -> Player:
        if self.opening is not None:
            phase = self.opening.phase
            assert phase is not None
            return phase.player
        return self.black if self.position.turn is BLACK else self.black.other

    def _select(self) -> None:
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        if self.position.is_over:
            self.agent_selection = self.agents[0]
            return
        agent = AGENTS[0 if self._mover() is Player.FIRST else 1]
        self.agent_selection = agent
        info: dict[str, Any] = {"moves": self.position.move_string()}
        if self.opening is not None:
            info["phase"] = self.opening.phase
        self.infos[agent] = info
        self._mask = self._legal_mask()

    def _legal_mask(self) -> npt.NDArray[np.int8]:
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if self.position.is_over:
            return mask
        if self.opening is None:
            for point in self.position.legal_moves:
                mask[point.to_index(self.size)] = 1
            if self.position.is_legal(None):
                mask[self.pass_action] = 1
            return mask
        phase = self.opening.phase
        assert phase is not None
        accepts = phase.accepts
        if "swap" in accepts:
            mask[self.swap_action] = mask[self.keep_action] = 1
        if "color" in accepts and not self._pending:
            mask[self.black_action] = mask[self.white_action] = 1
        if "declare" in accepts:
            mask[self.declare_action:self.declare_action + min(phase.max_declared, DECLARE_LIMIT)] = 1
        if "select" in accepts:
            for point in phase.choices:
                mask[point.to_index(self.size)] = 1
        if "offer" in accepts and (self._offering or "place" not in accepts):
            for point in self._offer_points(phase):
                mask[point.to_index(self.size)] = 1
            return mask
        if "offer" in accepts and not self._pending:
            mask[self.offer_action] = 1
        if "place" in accepts:
            for point in self._place_points(phase):
                mask[point.to_index(self.size)] = 1
        return mask

    def _place_points(self, phase: Phase) -> list[Point]:
        """Where the next stone of a place step may go."""
        opening = self.opening
        assert opening is not None
        index = len(self._pending)
        area = phase.areas[index]
        color = phase.colors[index]
        size = self.size
        taken = set(opening.stones) | set(self._pending)
        reach = None if area is None else (area - 1) // 2
        centre = size // 2
        trial = None if opening.rule.setup else Position([*opening.stones, *self._pending],
                                                         rules=self.rules)
        out = []
        for y in range(size):
            for x in range(size):
                point = Point(x, y)
                if point in taken:
                    continue
                if reach is not None and (abs(x - centre) > reach or abs(y - centre) > reach):
                    continue
                if trial is not None and (trial.turn is not color or not trial.is_legal(point)):
                    continue
                out.append(point)
        return out

    def _offer_points(self, phase: Phase) -> list[Point]:
        """The fifth moves that may still be offered (free, legal, not symmetric to one chosen)."""
        opening = self.opening
        assert opening is not None
        position = opening.position()
        size = self.size
        symmetries = position_symmetries(position)[1:]
        chosen = set(self._pending)
        mirrors = {transform(p, s, size) for p in self._pending for s in symmetries}
        out = []
        for y in range(size):
            for x in range(size):
                point = Point(x, y)
                if point in chosen or point in mirrors:
                    continue
                if opening.rule.setup:
                    if position.color_at(point) is None:
                        out.append(point)
                elif position.is_legal(point):
                    out.append(point)
        return out

    def observe(self, agent: str) -> ObsDict:
        """``agent``'s observation (planes) and the mask of its legal actions."""
        size = self.size
        planes = np.zeros((PLANES, size, size), dtype=np.int8)
        position = self.position
        for plane, color in ((0, BLACK), (1, WHITE)):
            for point in position.stones(color):
                planes[plane, point.y, point.x] = 1
        player = Player.FIRST if agent == AGENTS[0] else Player.SECOND
        black = self.opening.black_player if self.opening is not None else self.black
        if player is black:
            planes[2] = 1
        if self.opening is None and position.turn is BLACK and self.rules.fouls_for_black \
                and not position.is_over:
            for point in position.forbidden_points():
                planes[3, point.y, point.x] = 1
        if self.opening is not None:
            for point in [*self._pending, *self.opening.offers]:
                planes[4, point.y, point.x] = 1
        if position.move_stack and position.peek() is not None:
            last = position.peek()
            assert last is not None
            planes[5, last.y, last.x] = 1
        if agent == self.agent_selection and not position.is_over:
            mask = self._mask.copy()
        else:
            mask = np.zeros(self.num_actions, dtype=np.int8)
        return {"observation": planes, "action_mask": mask}

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Play action ``action`` for the selected agent (``None`` once it is terminated). An index
        that is not legal now raises ``ValueError`` and changes nothing."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or not isinstance(action, int | np.integer) or \
                not 0 <= int(action) < self.num_actions or not self._mask[int(action)]:
            legal = [self.action_name(i) for i in np.flatnonzero(self._mask)[:20]]
            raise ValueError(f"{agent}: action {action!r} is not legal now; legal: {', '.join(legal)}"
                             + (" ..." if int(self._mask.sum()) > 20 else ""))
        index = int(action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.opening is None:
            self.position.push(None if index == self.pass_action else
                               Point(index % self.size, index // self.size))
        else:
            self._opening_step(index)
        outcome = self.position.outcome()
        if outcome is not None:
            if outcome.winner is not None:
                winner = self.black if outcome.winner is BLACK else self.black.other
                win = AGENTS[0 if winner is Player.FIRST else 1]
                for a in self.agents:
                    self.rewards[a] = 1.0 if a == win else -1.0
            self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._select()

    def _opening_step(self, index: int) -> None:
        opening = self.opening
        assert opening is not None
        phase = opening.phase
        assert phase is not None
        if index == self.swap_action or index == self.keep_action:
            opening = opening.apply(Swap(index == self.swap_action))
        elif index == self.black_action or index == self.white_action:
            opening = opening.apply(ChooseColor(BLACK if index == self.black_action else WHITE))
        elif index == self.offer_action:
            self._offering = True
            return
        elif index >= self.declare_action:
            opening = opening.apply(Declare(index - self.declare_action + 1))
        else:
            point = Point(index % self.size, index // self.size)
            if "select" in phase.accepts:
                opening = opening.apply(Select(point))
            elif "offer" in phase.accepts and (self._offering or "place" not in phase.accepts):
                self._pending.append(point)
                if len(self._pending) < phase.offers:
                    return
                opening = opening.apply(Offer(tuple(self._pending)))
            else:
                self._pending.append(point)
                if len(self._pending) < len(phase.colors):
                    return
                opening = opening.apply(Place(tuple(self._pending)))
        self._pending = []
        self._offering = False
        if opening.is_over:
            result = opening.result()
            self.opening = None
            self.position = result.position
            self.black = result.black
        else:
            self.opening = opening
            self.position = opening.position()

    def render(self) -> str | None:
        """With ``render_mode="ansi"``, the board as text."""
        if self.render_mode is None:
            return None
        return self.position.unicode(ascii=True)

    def close(self) -> None:
        """Nothing to free."""


def renju_env(rules: RenjuRules | str | None = None, opening: OpeningRule | str | None = None, *,
              render_mode: str | None = None) -> RenjuEnv:
    """A :class:`RenjuEnv` (a PettingZoo AEC environment) under ``rules`` (a ``RenjuRules`` value or a
    preset name; default RIF renju with a free first move) starting from ``opening`` (see the module
    docstring)."""
    return RenjuEnv(rules, opening, render_mode=render_mode)
