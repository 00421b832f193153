"""`taku play`: mahjong against bots and renju against the AI, driven by scripted input lines."""

from __future__ import annotations

import io
import random
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest
from rich.console import Console

from taku.bots.renju_opening import SWAP_MARGIN, ai_opening_action, standing
from taku.cli.main import main
from taku.cli.play import RICH_MISSING, Terminal
from taku.cli.play_mahjong import MahjongOptions, TileInputError, parse_tile, tile_text
from taku.cli.play_mahjong import play as play_mahjong
from taku.cli.play_renju import RenjuOptions, read_opening_action
from taku.cli.play_renju import play as play_renju
from taku.mahjong.match import Match
from taku.mahjong.rules import Rules
from taku.mahjong.tiles import Tile
from taku.renju import (
    BLACK,
    OPENING_RULES,
    WHITE,
    Declare,
    Offer,
    Opening,
    OpeningRule,
    Phase,
    Point,
    Position,
    RenjuRules,
    Swap,
)
from taku.renju.points import parse_moves
from tests.renju_helpers import forbidden_only_moves

TENHOU = Rules.preset("tenhou")
SIMPLE = ("simple", "simple", "simple")


class Screen:
    """A console writing to a string and a reader answering prompts from a script or a policy; each
    prompt is printed on its own line, as a terminal shows it after the answer."""

    def __init__(self, answers: Iterable[str] | Callable[[str, str], str]) -> None:
        self.buffer = io.StringIO()
        self.console = Console(file=self.buffer, force_terminal=False, width=140, color_system=None)
        self.prompts: list[str] = []
        self._script = None if callable(answers) else iter(answers)
        self._policy = answers if callable(answers) else None

    def read(self, prompt: str) -> str:
        self.prompts.append(prompt)
        before = self.text
        self.console.print(prompt, markup=False)
        if self._policy is not None:
            return self._policy(prompt, before)
        assert self._script is not None
        try:
            return next(self._script)
        except StopIteration:
            raise EOFError from None

    @property
    def text(self) -> str:
        return self.buffer.getvalue()

    def terminal(self) -> Terminal:
        return Terminal(self.console, self.read)


def first_legal(screen_errors: list[int]) -> Callable[[str, str], str]:
    """A human who answers 1, and 2, 3... while the previous answer was refused."""
    state = {"choice": 1, "errors": 0}

    def answer(prompt: str, text: str) -> str:
        errors = text.count("\n! ")
        state["choice"] = state["choice"] + 1 if errors > state["errors"] else 1
        state["errors"] = errors
        screen_errors[0] = errors
        return str(state["choice"])

    return answer


def passing_human() -> Callable[[str, str], str]:
    """A human who discards like :func:`first_legal` and passes every claim with an empty line."""
    discard = first_legal([0])

    def answer(prompt: str, text: str) -> str:
        return "" if prompt.startswith("Your call") else discard(prompt, text)

    return answer


# --- mahjong ------------------------------------------------------------------------------------

def test_tile_names_read_and_written() -> None:
    assert tile_text(Tile.from_str("0p")) == "5p*"
    assert tile_text(Tile.from_str("5z")) == "Wh"
    assert [parse_tile(t) for t in ("5m", "0m", "5m*", "E", "haku", "7z", "Rd")] == [
        Tile.from_str(t) for t in ("5m", "0m", "0m", "1z", "5z", "7z", "7z")]
    with pytest.raises(TileInputError, match="'8z' is not a tile"):
        parse_tile("8z")


def test_mahjong_first_prompt_shows_hand_table_and_menu() -> None:
    screen = Screen(["q"])
    match = play_mahjong(screen.terminal(), MahjongOptions(TENHOU, seed=5, opponents=SIMPLE))
    reference = Match(TENHOU, seed=5).observe(0)
    assert reference.drawn is not None
    hand = list(reference.hand)
    hand.remove(reference.drawn)
    line = next(x for x in screen.text.splitlines() if x.startswith("Your hand:"))
    assert line.split("+")[0].replace("|", "").split()[2:] == [tile_text(t) for t in hand]
    assert line.split("+")[1].split() == [tile_text(reference.drawn)]
    numbers = screen.text.splitlines()[screen.text.splitlines().index(line) + 1].split()
    assert numbers == [str(i) for i in range(1, 15)]
    indicator = tile_text(reference.dora_indicators[0])
    assert f"East 1 · honba 0 · riichi sticks 0 · tiles left {reference.tiles_left} · dora indicator " \
           f"{indicator}" in screen.text
    for label in ("You East (dealer)", "Right (simple) South", "Across (simple) West", "Left (simple) North"):
        assert label in screen.text
    assert screen.prompts[0].startswith("Discard (number or tile")
    assert "You left the table." in screen.text
    assert [e for e in match.events if e["type"] == "dahai"] == []


def test_mahjong_discard_by_name_after_bad_input() -> None:
    reference = Match(TENHOU, seed=5).observe(0)
    held = {t.kind for t in reference.hand}
    missing = next(Tile(k) for k in range(27) if k not in held)
    keep = sorted(reference.hand)[3]
    screen = Screen(["zz", "99", tile_text(missing), tile_text(keep), "q"])
    match = play_mahjong(screen.terminal(), MahjongOptions(TENHOU, seed=5, opponents=SIMPLE))
    assert "! 'zz' is not a tile" in screen.text
    assert "! '99': no such choice (tiles are 1..14)" in screen.text
    assert f"! you have no {tile_text(missing)} in your hand" in screen.text
    first = next(e for e in match.events if e["type"] == "dahai")
    assert first["actor"] == 0 and Tile.from_mjai(first["pai"]).kind == keep.kind
    assert len(screen.prompts) == 5


def test_mahjong_hands_end_with_a_score_sheet() -> None:
    """Hands played by a human who always takes the first choice end with a sheet: a won hand
    lists its yaku with their han, the han, fu and points, and the score changes."""
    sheets = 0
    for seed in range(12):
        errors = [0]
        screen = Screen(first_legal(errors))
        match = play_mahjong(screen.terminal(), MahjongOptions(TENHOU, seed=seed, opponents=SIMPLE,
                                                               max_hands=1))
        assert len(match.results) == 1
        assert "Stopped after 1 hand." in screen.text
        result = match.results[0]
        if result.outcome != "hora":
            assert "DRAW:" in screen.text
            continue
        sheets += 1
        hora = next(e for e in match.events if e["type"] == "hora")
        assert ("TSUMO!" if hora["actor"] == hora["target"] else "RON!") in screen.text
        sheet = screen.text[screen.text.index("score sheet"):]
        for name, han in hora["yaku"]:
            assert any(row.split("│")[1:3] == [f" {name}".ljust(len(row.split("│")[1])),
                                               f"{han}".rjust(len(row.split("│")[2]) - 1) + " "]
                       for row in sheet.splitlines() if row.count("│") == 3), name
        score = result.scores[0]
        assert f"Total: {hora['han']} han {hora['fu']} fu" in sheet or hora["yakuman"]
        assert f"{score.total} points" in sheet
        winner = "You" if hora["actor"] == 0 else None
        changes = next(x for x in sheet.splitlines() if x.startswith("Score changes:"))
        assert f"{hora['deltas'][hora['actor']]:+d}" in changes
        if winner:
            assert f"You {hora['deltas'][0]:+d}" in changes
    assert sheets >= 1


def test_mahjong_full_match_by_first_choices_announces_and_ranks() -> None:
    errors = [0]
    screen = Screen(first_legal(errors))
    match = play_mahjong(screen.terminal(), MahjongOptions(TENHOU, seed=2, opponents=SIMPLE))
    assert match.is_over and match.result is not None
    text = screen.text
    assert "Final ranking" in text
    ordinal = ("first", "second", "third", "fourth")[match.result.ranks[0] - 1]
    assert f"You finish {ordinal}." in text
    reaches = [e for e in match.events if e["type"] == "reach"]
    assert text.count("declares RIICHI!") == sum(e["actor"] != 0 for e in reaches)
    assert text.count("You declare RIICHI!") == sum(e["actor"] == 0 for e in reaches)
    calls = [e for e in match.events if e["type"] in ("chi", "pon", "daiminkan")]
    assert text.count("PON on") + text.count("CHI on") + text.count("KAN on") == len(calls)
    wins = [e for e in match.events if e["type"] == "hora"]
    assert text.count("TSUMO! ") + text.count("RON! ") == len(wins)
    assert text.count("\n=== ") == len(match.results)
    assert "Traceback" not in text


def test_mahjong_enter_passes_a_claim() -> None:
    """A human who passes every claim with an empty line never calls."""
    for seed in range(10):
        screen = Screen(passing_human())
        match = play_mahjong(screen.terminal(), MahjongOptions(TENHOU, seed=seed, opponents=SIMPLE,
                                                               max_hands=1))
        claims = [p for p in screen.prompts if p.startswith("Your call")]
        if not claims:
            continue
        assert not [e for e in match.events if e["type"] in ("chi", "pon", "daiminkan", "hora")
                    and e["actor"] == 0 and e.get("target") != 0]
        assert "pass" in screen.text
        return
    pytest.fail("no claim offered to the human in ten hands")


def test_mahjong_end_of_input_quits() -> None:
    screen = Screen([])
    match = play_mahjong(screen.terminal(), MahjongOptions(TENHOU, seed=1, opponents=SIMPLE))
    assert "You left the table." in screen.text
    assert not match.is_over


# --- renju --------------------------------------------------------------------------------------

class FirstLegal:
    """A trivial engine: the first legal point (a1, b1, ... on an open board)."""

    def choose(self, position: Position, time_limit: float | None = None) -> Point:
        return next(iter(position.legal_moves))


class Scripted:
    """An engine that plays the given moves in turn."""

    def __init__(self, moves: str) -> None:
        self.moves = iter(moves.split())

    def choose(self, position: Position, time_limit: float | None = None) -> Point:
        return Point.from_str(next(self.moves))


def board_cell(board_text: str, point: str) -> str:
    """The character drawn at ``point`` in the last board of ``board_text``."""
    lines = board_text.splitlines()
    header = max(i for i, line in enumerate(lines) if line.startswith("   a b c"))
    column = lines[header].index(point[0])
    row = next(line for line in reversed(lines[:header]) if line[:2].strip() == point[1:])
    return row[column]


def test_renju_scripted_game_black_wins_with_five() -> None:
    screen = Screen(["h8", "i8", "j8", "k8", "l8"])
    position = play_renju(screen.terminal(), RenjuOptions(ascii=True), FirstLegal())
    outcome = position.outcome()
    assert outcome is not None and outcome.winner is BLACK
    assert "Game over after 9 moves: Black wins (five): h8 i8 j8 k8 l8. You win!" in screen.text
    assert "2. White a1 (AI)" in screen.text
    assert screen.text.splitlines()[1].startswith("   a b c d e f g h i j k l m n o")


def test_renju_board_marks_last_move_and_forbidden_points() -> None:
    screen = Screen(["h8", "j8", "i7", "i9", "i8", "q"])
    position = play_renju(screen.terminal(), RenjuOptions(ascii=True), FirstLegal())
    assert position.move_string() == "h8a1j8b1i7c1i9d1"
    assert board_cell(screen.text, "i8") == "3"
    assert " 1 O O O(O)" in screen.text
    assert "3 4 6: forbidden to Black (double-three, double-four, overline)" in screen.text
    assert "! i8 is forbidden to Black (double-three): choose another point" in screen.text
    assert "You left the game." in screen.text


def test_renju_bad_input_and_undo() -> None:
    screen = Screen(["zz", "h8", "j8", "j8", "z99", "undo", "undo", "undo", "k9", "q"])
    position = play_renju(screen.terminal(), RenjuOptions(), FirstLegal())
    assert "! 'zz' is not a point" in screen.text
    assert "! j8 is taken" in screen.text
    assert "! 'z99'" in screen.text
    assert "Took back j8 and b1." in screen.text and "Took back h8 and a1." in screen.text
    assert "! nothing to undo" in screen.text
    assert position.move_string() == "k9a1"


def test_renju_human_white_against_black_engine() -> None:
    screen = Screen(["b15", "c15", "d15", "e15", "f15"])
    position = play_renju(screen.terminal(), RenjuOptions(color=WHITE),
                          Scripted("h8 a1 c1 e1 g1 a3"))
    assert "1. Black h8 (AI)" in screen.text
    assert "2. White b15 (you)" in screen.text
    outcome = position.outcome()
    assert outcome is not None and outcome.winner is WHITE
    assert screen.text.rstrip().endswith("You win!")


def test_renju_rif_opening_played_by_the_human_as_first_player() -> None:
    # The AI (White) judges Kansei better for Black and swaps: the human, now White, places the 4th
    # stone and selects one of the two fifth moves the AI (Black) offers.
    screen = Screen(["nonsense", "kansei", "i9", "select g9", "q"])
    position = play_renju(screen.terminal(), RenjuOptions(opening=OpeningRule.preset("rif")),
                          FirstLegal())
    text = screen.text
    assert "Opening, your turn: first player (black) must place black stone 1 on the centre point h8" in text
    assert "You: place h8 h9 h10" in text
    assert "AI: swap" in text and "You: place i9" in text
    assert "AI: offer g9 i8" in text and "You: select g9" in text
    assert "The opening is over: you play white." in text
    assert position.move_string().startswith("h8h9h10i9g9")
    assert "! cannot read 'nonsense' ('nonsense' is not an opening action: expected 'place <points>'" in text


def test_renju_swap2_human_second_player_takes_white() -> None:
    screen = Screen(["white", "q"])
    position = play_renju(screen.terminal(), RenjuOptions(color=WHITE, opening=OpeningRule.preset("swap2")),
                          FirstLegal())
    assert "The opening is over: you play white." in screen.text
    assert position.stone_count == 3
    assert screen.prompts[-1].startswith("Your move (white)")


def test_read_opening_action_shorthands() -> None:
    def phase(state: Opening) -> Phase:
        assert state.phase is not None
        return state.phase

    rif = Opening("rif")
    assert read_opening_action("h8 h9 h10", phase(rif)) == read_opening_action("Kansei", phase(rif))
    state = rif.apply("place h8 h9 h10")
    assert read_opening_action("yes", phase(state)) == Swap(True)
    state = state.apply("keep").apply("place j8")
    assert read_opening_action("i9 g7", phase(state)) == Offer((Point.from_str("i9"), Point.from_str("g7")))
    yamaguchi = Opening("yamaguchi").apply("place h8 h9 h10")
    assert read_opening_action("2", phase(yamaguchi)) == Declare(2)


@pytest.mark.parametrize("name", list(OPENING_RULES))
def test_ai_opening_policy_completes_every_opening_rule(name: str) -> None:
    for seed in range(3):
        state = Opening(name)
        rng = random.Random(seed)
        while not state.is_over:
            action = ai_opening_action(state, FirstLegal(), BLACK, rng)
            if isinstance(action, Swap):  # a swap exactly when the colour held stands worse
                phase = state.phase
                assert phase is not None
                assert action.swap == (standing(state.position(), phase.color) < -SWAP_MARGIN)
            state = state.apply(action)
        result = state.result()
        assert result.position.stone_count >= 3
        assert not result.position.is_over


# --- the command ------------------------------------------------------------------------------

def test_cli_play_renju_from_piped_stdin(monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("h8\nq\n"))
    assert main(["play", "renju", "--level", "beginner", "--ascii", "--no-color"]) == 0
    out = capsys.readouterr().out
    assert "Your move (black), e.g. h8: h8" in out
    assert "1. Black h8 (you)" in out and "2. White " in out
    assert "You left the game." in out


def test_cli_play_mahjong_from_piped_stdin(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    assert main(["play", "mahjong", "--opponents", "random,simple,tsumogiri", "--seed", "3",
                 "--no-color"]) == 0
    out = capsys.readouterr().out
    assert "Right (random)" in out and "Across (simple)" in out and "Left (tsumogiri)" in out
    assert "Discard (number or tile, e.g. 5m): 1" in out
    assert "You left the table." in out


@pytest.mark.parametrize(("argv", "message"), [
    (["play", "mahjong", "--opponents", "a,b"], "--opponents: expected one name or three names"),
    (["play", "mahjong", "--opponents", "nobody"], "unknown player 'nobody'"),
    (["play", "mahjong", "--rules", "nope"], "unknown rules preset 'nope'"),
    (["play", "renju", "--opening", "nope"], "unknown opening rule 'nope': expected none or one of"),
    (["play", "renju", "--level", "nope"], "unknown level 'nope'"),
    (["play", "renju", "--rules", "nope"], "unknown rule set 'nope'"),
])
def test_cli_play_bad_options_are_one_line_errors(argv: list[str], message: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("taku: error: ") and message in err and err.count("\n") == 1


def test_cli_play_without_rich_says_how_to_install(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "rich.console", None)
    assert main(["play", "renju"]) == 2
    assert capsys.readouterr().err == f"taku: error: {RICH_MISSING}\n"
    assert "pip install 'taku[play]'" in RICH_MISSING


def test_docs_play_python_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    text = (Path(__file__).resolve().parent.parent / "docs" / "play.md").read_text(encoding="utf-8")
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(code, "docs/play.md", "exec"), {})
    assert capsys.readouterr().out == "Black wins (five)\n"


def test_renju_human_black_with_only_forbidden_points_passes_to_a_full_board_draw() -> None:
    """RJ-15: ``pass`` is a move where the rules allow it. Black (the human) reaches a board where
    every empty point is an overline, passes three times while White fills them: a draw."""
    moves = [str(p) for p in parse_moves(forbidden_only_moves())]
    black, white = moves[0::2], moves[1::2]
    screen = Screen([*black, "e4", "pass", "pass", "pass"])
    engine = Scripted(" ".join([*white, "e4", "j8", "e12"]))
    position = play_renju(screen.terminal(), RenjuOptions(ascii=True), engine)
    outcome = position.outcome()
    assert outcome is not None and outcome.winner is None and outcome.termination.value == "full board"
    assert "e4 is forbidden to Black (overline): choose another point" in screen.text
    assert "223. Black passes (you)" in screen.text and "A draw." in screen.text


def test_renju_pass_is_refused_where_the_rules_allow_none() -> None:
    screen = Screen(["pass", "h8"])
    play_renju(screen.terminal(), RenjuOptions(rules=RenjuRules(passes_allowed=False)), FirstLegal())
    assert "cannot pass: these rules do not allow passing" in screen.text
