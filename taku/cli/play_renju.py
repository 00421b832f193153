"""``taku play renju``: a renju (or gomoku) game in the terminal, a human against the AI.

The board is drawn with coordinates, the last move bracketed and, when Black is to move, Black's
forbidden points marked ``3`` (double-three), ``4`` (double-four) or ``6`` (overline). Moves are typed
``h8``; ``undo`` takes back the human's last move and the reply. With an opening rule (``rif``,
``yamaguchi``, ``taraguchi_10``, ``soosorv_8``, ``swap2``) the opening is played first: the human
types its actions (``h8 h9 h10`` or an opening's name, ``swap``/``keep``, ``declare 2``,
``offer i9 g7``, ``select i9``, ``black``/``white``), the AI answers with a simple policy that keeps
the colours the human asked for unless the human swaps them.
"""

from __future__ import annotations

import argparse
import math
import random
from dataclasses import dataclass, field

from taku.bots.renju_opening import Engine, ai_opening_action
from taku.cli.play import QuitGame, Terminal
from taku.renju import (
    BLACK,
    WHITE,
    ChooseColor,
    Color,
    IllegalMoveError,
    Move,
    Opening,
    OpeningRule,
    Phase,
    Place,
    Player,
    Point,
    Position,
    RenjuRules,
    Swap,
)
from taku.renju.openings import OPENING_RULES, OPENINGS, Action, parse_action


class OpeningInputError(ValueError):
    """An opening action the human typed that cannot be read."""


@dataclass(frozen=True)
class RenjuOptions:
    """How a game is set up: the human's colour (his opening role under an opening rule: Black
    is the first player), the opening rule (``None``: free play), the rules, the AI's time."""

    color: Color = BLACK
    opening: OpeningRule | None = None
    rules: RenjuRules = field(default_factory=lambda: RenjuRules.preset("renju"))
    time_limit: float | None = None
    ascii: bool = False
    ai_name: str = "AI"
    seed: int = 0
    rules_name: str = "renju"


def options_from_args(args: argparse.Namespace) -> RenjuOptions:
    """The options of ``taku play renju`` (``ValueError`` naming a bad one)."""
    if args.opening != "none" and args.opening not in OPENING_RULES:
        raise ValueError(f"unknown opening rule {args.opening!r}: expected none or one of "
                         f"{', '.join(OPENING_RULES)}")
    opening = None if args.opening == "none" else OpeningRule.preset(args.opening)
    rules = RenjuRules.preset(args.rules)
    if args.time is not None and not 0 < args.time < math.inf:  # nan and inf too: a game that never ends
        raise ValueError(f"--time: expected a positive number of seconds, got {args.time}")
    return RenjuOptions(BLACK if args.color == "black" else WHITE, opening, rules, args.time, args.ascii,
                        f"AI {args.level}", args.seed, args.rules)


def make_engine(level: str, seed: int) -> Engine:
    """The renju AI at ``level`` (``ValueError`` for an unknown level)."""
    from taku.bots.renju_ai import RenjuAI

    return RenjuAI(level, seed=seed)


def play(terminal: Terminal, options: RenjuOptions, engine: Engine) -> Position:
    """Play one game; returns the position as it stands when the game ends or the human quits."""
    game = _Game(terminal, options, engine)
    try:
        game.run()
    except (QuitGame, KeyboardInterrupt):
        terminal.show("You left the game.")
    return game.position


HELP = """Type a point like h8 (column letter, row number). pass passes (where the rules allow it: two
passes in a row draw the game). undo takes back your last move and the AI's reply; q quits. On the
board: ● black, ○ white (X and O with --ascii), (.) the last move, 3 4 6 the points forbidden to
Black (double-three, double-four, overline)."""


def _move_text(move: Move) -> str:
    """A move as the game's log shows it: the point, or ``passes``."""
    return "passes" if move is None else str(move)


class _Game:
    def __init__(self, terminal: Terminal, options: RenjuOptions, engine: Engine) -> None:
        self.terminal = terminal
        self.options = options
        self.engine = engine
        self.human_color = options.color
        self.position = Position(rules=options.rules)
        self.start_ply = 0
        self.rng = random.Random(options.seed)

    def board(self) -> None:
        self.terminal.show(self.position.unicode(ascii=self.options.ascii))

    def name(self, color: Color) -> str:
        return "you" if color is self.human_color else self.options.ai_name

    def run(self) -> None:
        opening = self.options.opening
        if opening is None:
            role = self.human_color.name.lower()
        else:
            role = "as the first player (tentative Black)" if self.human_color is BLACK else \
                "as the second player (tentative White)"
        self.terminal.show(f"taku play renju ({self.options.rules_name}"
                           f"{', opening rule ' + opening.name if opening else ''}): you play {role} "
                           f"against the {self.options.ai_name}. Type q to quit, ? for help.")
        if opening is not None:
            self.play_opening(opening)
        position = self.position
        while not position.is_over:
            if position.turn is self.human_color:
                self.board()
                self.human_move()
            else:
                if self.terminal.interactive:
                    self.terminal.show(f"The {self.options.ai_name} is thinking...", style="dim")
                move = self.engine.choose(position, self.options.time_limit)
                position.push(move)
                self.terminal.show(f"{position.ply}. {position.turn.other.name.capitalize()} "
                                   f"{_move_text(move)} ({self.name(position.turn.other)})", style="bold")
        self.board()
        self.announce_result()

    def human_move(self) -> None:
        position = self.position
        color = position.turn
        while True:
            answer = self.terminal.ask(f"Your move ({color.name.lower()}), e.g. h8:")
            word = answer.lower()
            try:
                if word in ("?", "h", "help"):
                    self.terminal.show(HELP)
                    continue
                if word == "undo":
                    self.undo()
                    return
                if word == "pass":
                    if not position.is_legal(None):
                        raise IllegalMoveError("cannot pass: these rules do not allow passing")
                    position.push(None)
                    self.terminal.show(f"{position.ply}. {color.name.capitalize()} passes (you)")
                    return
                point = Point.from_str(answer, position.size)  # the error names this board's range
                if position.color_at(point) is not None:
                    raise IllegalMoveError(f"{point} is taken")
                reason = position.forbidden_reason(point) if color is BLACK and \
                    position.rules.fouls_for_black else None
                if reason is not None and not position.is_legal(point):
                    raise IllegalMoveError(f"{point} is forbidden to Black ({reason}): choose another point")
                position.push(point)
                self.terminal.show(f"{position.ply}. {color.name.capitalize()} {point} (you)")
                return
            except ValueError as error:
                self.terminal.error(str(error))

    def undo(self) -> None:
        position = self.position
        if position.ply - 2 < self.start_ply:
            raise IllegalMoveError("nothing to undo: none of your moves is on the board")
        taken = [position.pop(), position.pop()]
        self.terminal.show(f"Took back {_move_text(taken[1])} and {_move_text(taken[0])}.")

    def announce_result(self) -> None:
        outcome = self.position.outcome()
        if outcome is None:
            return
        line = " ".join(str(p) for p in self.position.winning_line())
        text = str(outcome) + (f": {line}" if line else "")
        if outcome.winner is None:
            verdict = "A draw."
        elif outcome.winner is self.human_color:
            verdict = "You win!"
        else:
            verdict = "The AI wins."
        self.terminal.show(f"Game over after {self.position.ply} moves: {text}. {verdict}", style="bold")

    # --- the opening --------------------------------------------------------------------------
    def play_opening(self, rule: OpeningRule) -> None:
        human = Player.FIRST if self.options.color is BLACK else Player.SECOND
        state = Opening(rule, self.options.rules)
        while not state.is_over:
            phase = state.phase
            assert phase is not None
            if phase.player is human:
                self.terminal.show(state.position().unicode(ascii=self.options.ascii, legend=False))
                if state.offers:
                    self.terminal.show("Offered fifth moves: " + " ".join(str(p) for p in state.offers))
                self.terminal.show(f"Opening, your turn: {phase}.")
                while True:
                    answer = self.terminal.ask("Your opening action:")
                    try:
                        action = read_opening_action(answer, phase)
                        state = state.apply(action, human)
                        break
                    except ValueError as error:
                        self.terminal.error(str(error))
                self.terminal.show(f"You: {action}")
            else:
                wanted = self.options.color
                action = ai_opening_action(state, self.engine, wanted.other, self.rng,
                                           self.options.time_limit)
                state = state.apply(action, human.other)
                self.terminal.show(f"AI: {action}", style="bold")
        result = state.result()
        self.position = result.position
        self.start_ply = self.position.ply
        self.human_color = BLACK if result.black is human else WHITE
        self.terminal.show(f"The opening is over: you play {self.human_color.name.lower()}.", style="bold")


def read_opening_action(text: str, phase: Phase) -> Action:
    """The opening action the human typed: the action's text (``place h8 h9 h10``, ``swap``), or
    without its verb when the phase allows one kind (``h8 h9 h10``, ``i9``, ``2``), or an opening's
    name for the 26 openings, ``yes``/``no`` for a swap, ``black``/``white`` for a colour."""
    word = text.strip().lower()
    if not word:
        raise ValueError(f"say what to do: {phase}")
    if "place" in phase.accepts and len(phase.colors) == 3:
        for name, stones in OPENINGS.items():
            if name.lower() == word:
                return Place(stones)
    if "swap" in phase.accepts and word in ("yes", "y", "no", "n"):
        return Swap(word.startswith("y"))
    if "color" in phase.accepts and word in ("black", "white"):
        return ChooseColor(BLACK if word == "black" else WHITE)
    try:
        return parse_action(text)
    except ValueError as error:
        kinds = [k for k in phase.accepts if k in ("place", "offer", "select", "declare")]
        if len(kinds) != 1 or not word[:1].isalnum():
            raise
        try:
            return parse_action(f"{kinds[0]} {text}")
        except ValueError:
            raise OpeningInputError(f"cannot read {text!r} ({error})") from None
