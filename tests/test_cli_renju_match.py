"""``taku renju match``: games between external Gomocup brains and the built-in AI, scored."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from taku.cli.main import main
from taku.protocols.gomocup_client import score_interval
from taku.renju import RENJU, Position
from taku.renju.openings import OPENING_RULES, Opening
from taku.renju.openings import Player as OpeningPlayer
from tests.renju_helpers import forbidden_only_moves

PBRAIN = str(Path(sys.executable).with_name("pbrain-taku"))


def test_match_between_two_external_pbrain_taku_processes(capsys: pytest.CaptureFixture[str]) -> None:
    brain = f"{PBRAIN} --level easy"
    status = main(["renju", "match", "--black", brain, "--white", brain, "--games", "2", "--swap",
                   "--time-per-move", "0.3", "--tolerance", "3", "--opening", "rif26", "--json"])
    assert status == 0
    captured = capsys.readouterr()
    summary = json.loads(captured.out)
    assert summary["games"] == 2
    assert summary["players"] == ["pbrain-taku#1", "pbrain-taku#2"]
    assert summary["wins"] + summary["losses"] + summary["draws"] == 2
    assert summary["score"] == pytest.approx((summary["wins"] + summary["draws"] / 2) / 2)
    low, high = summary["score_ci95"]
    assert low <= summary["score"] <= high
    colours = [(game["black"], game["white"]) for game in summary["results"]]
    assert colours == [("pbrain-taku#1", "pbrain-taku#2"), ("pbrain-taku#2", "pbrain-taku#1")]  # --swap
    for game in summary["results"]:
        assert game["fault"] is None, game
        assert game["moves"].startswith("h8h9h10")  # the first RIF opening, Kansei, for both games
        position = Position(game["moves"])  # every move legal under renju
        outcome = position.outcome()
        assert outcome is not None and outcome.result() == game["result"]
    assert captured.err.count("game ") == 2


CRASHING = "import sys\nprint('OK', flush=True)\nsys.stdin.readline()\nsys.exit(3)\n"


def test_match_a_crashing_brain_loses_every_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "crash.py"
    script.write_text(CRASHING)
    status = main(["renju", "match", "--black", "taku:beginner", "--white", f"{sys.executable} {script}",
                   "--games", "2", "--swap", "--time-per-move", "0.2"])
    assert status == 0
    out = capsys.readouterr().out
    assert "taku:beginner: 2 wins, 0 losses, 0 draws; score 1.000" in out


def test_match_rejects_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["renju", "match", "--black", "taku", "--white", "taku", "--games", "0"]) == 2
    assert main(["renju", "match", "--black", "taku:grandmaster", "--white", "taku"]) == 2
    assert main(["renju", "match", "--black", "taku", "--white", "taku", "--opening", "h8h8"]) == 2
    err = capsys.readouterr().err
    assert "argument --games: 0: expected a number of games from 1 to 100000" in err
    assert "unknown level 'grandmaster'" in err
    assert "--opening 'h8h8'" in err


def test_match_refuses_a_brain_that_cannot_start_or_a_malformed_player(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A typo in a brain's path is a usage error (status 2), not a game the brain loses; so is a
    player command that cannot be parsed."""
    not_executable = tmp_path / "brain.txt"
    not_executable.write_text("not a program")
    for white, message in ((str(tmp_path / "missing-brain"), "cannot run brain"),
                           (str(not_executable), "cannot run brain"),
                           ('"unterminated', "--white '\"unterminated'"),
                           ("", "--white ''")):
        assert main(["renju", "match", "--black", "taku", "--white", white, "--games", "1"]) == 2, white
        captured = capsys.readouterr()
        assert captured.out == "" and message in captured.err, (white, captured.err)
        assert "Traceback" not in captured.err


def test_score_interval_is_wilson() -> None:
    low, high = score_interval(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert score_interval(0, 0) == (0.0, 1.0)


def test_ray_refuses_external_brains(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["renju", "match", "--black", PBRAIN, "--white", "taku", "--ray"])
    assert status == 2
    assert "--ray plays taku players only" in capsys.readouterr().err


def test_engine_games_do_not_depend_on_the_games_before(capsys: pytest.CaptureFixture[str]) -> None:
    """Between taku engines every game has fresh engines: game 3 of a match is game 1 of a match
    that starts with the same opening and colours."""
    argv = ["renju", "match", "--black", "taku:beginner", "--white", "taku:beginner", "--seed", "4",
            "--time-per-move", "5", "--json"]
    assert main([*argv, "--games", "3", "--opening", "Kagetsu"]) == 0
    three = json.loads(capsys.readouterr().out)["results"]
    assert main([*argv, "--games", "1", "--opening", "Kagetsu"]) == 0
    one = json.loads(capsys.readouterr().out)["results"]
    assert three[2]["moves"] == one[0]["moves"] == three[0]["moves"]


def test_rj15_engines_finish_a_game_where_black_has_only_forbidden_points_as_a_draw(
        capsys: pytest.CaptureFixture[str]) -> None:
    """From a board where Black's three empty points are all overlines, the taku engines (which can
    pass) play on: Black passes each time, White fills the points without a five, and the full
    board draws (RJ-15), where the AI used to fail with IllegalMoveError."""
    moves = forbidden_only_moves()
    status = main(["renju", "match", "--black", "taku:medium", "--white", "taku:easy", "--games", "1",
                   "--time-per-move", "0.3", "--tolerance", "5", "--opening", moves, "--json"])
    assert status == 0
    game = json.loads(capsys.readouterr().out)["results"][0]
    assert (game["result"], game["reason"], game["fault"]) == ("1/2-1/2", "full board", None)
    assert game["moves"].startswith(moves) and game["moves"][len(moves):].count("pass") == 3


def test_rj12_against_a_gomocup_brain_the_game_is_played_without_passes(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The protocol has no pass, so a game with an external brain is played without: taku, Black
    with only forbidden points, makes the forced foul and loses by it (not a crash, not a pass the
    brain could not be told of)."""
    status = main(["renju", "match", "--black", "taku:easy", "--white", f"{PBRAIN} --level easy",
                   "--games", "1", "--time-per-move", "0.3", "--tolerance", "5",
                   "--opening", forbidden_only_moves(), "--json"])
    assert status == 0
    game = json.loads(capsys.readouterr().out)["results"][0]
    assert (game["result"], game["reason"]) == ("0-1", "forbidden")
    assert game["fault"] == "taku:easy: played the forbidden move e4 (overline)"


# -- opening rules played by the players (--opening swap2, rif, ...) ------------------------------


def _expected_black(first: str, second: str, actions: list[str], rule: str, number: int, swap: bool) -> str:
    """Who has Black after ``actions`` under ``rule``, by the rules core: the opening's first
    player is the one that would have Black in game ``number``."""
    opener, other = (second, first) if swap and number % 2 else (first, second)
    state = Opening(OPENING_RULES[rule], RENJU).apply_all(actions)
    return opener if state.result().black is OpeningPlayer.FIRST else other


def test_match_swap2_between_engines_plays_the_opening_then_the_game(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Each game starts with Swap2 played by the engines (``ai_opening_action``): three stones by the
    first player, then a colour or two more stones by the second, then (after those) a colour by
    the first; the game goes on from the stones in the order placed, Black being whoever took it."""
    status = main(["renju", "match", "--black", "taku:easy", "--white", "taku:medium", "--opening", "swap2",
                   "--games", "2", "--swap", "--nodes", "300", "--time-per-move", "1", "--tolerance", "5",
                   "--json"])
    assert status == 0
    captured = capsys.readouterr()
    summary = json.loads(captured.out)
    for number, game in enumerate(summary["results"]):
        actions = game["opening"]
        assert actions[0].startswith("place ") and len(actions[0].split()) == 4  # three stones
        assert actions[-1] in ("choose black", "choose white")
        assert game["black"] == _expected_black("taku:easy", "taku:medium", actions, "swap2", number, True)
        placed = "".join("".join(action.split()[1:]) for action in actions if action.startswith("place"))
        assert game["moves"].startswith(placed) and game["fault"] is None
        outcome = Position(game["moves"]).outcome()  # every stone and move legal under renju
        assert outcome is not None and outcome.result() == game["result"]
    assert "[opening: place " in captured.err


def test_match_swap2_against_an_external_brain_through_swap2board(capsys: pytest.CaptureFixture[str]) -> None:
    """pbrain-taku answers its Swap2 decisions to ``SWAP2BOARD``, as the first player in one game
    and the second in the other."""
    status = main(["renju", "match", "--black", "taku:easy", "--white", f"{PBRAIN} --level easy",
                   "--opening", "swap2", "--games", "2", "--swap", "--nodes", "300", "--time-per-move",
                   "0.5", "--tolerance", "5", "--json"])
    assert status == 0
    summary = json.loads(capsys.readouterr().out)
    for number, game in enumerate(summary["results"]):
        assert game["fault"] is None, game
        expected = _expected_black("taku:easy", "pbrain-taku", game["opening"], "swap2", number, True)
        assert game["black"] == expected
        outcome = Position(game["moves"]).outcome()
        assert outcome is not None and outcome.result() == game["result"]


SWAP2_BRAIN = """
import sys
size, stones, block, lines = 15, set(), None, []
mode = sys.argv[1]
def first_empty():
    point = next((x, y) for y in range(size) for x in range(size) if (x, y) not in stones)
    stones.add(point)
    return f"{point[0]},{point[1]}"
for line in sys.stdin:
    text = line.strip()
    word = text.split(" ")[0].upper()
    if block is not None:
        if word != "DONE":
            lines.append(tuple(int(v) for v in text.split(",")[:2]))
            continue
        stones = set(lines)
        if block == "BOARD":
            print(first_empty(), flush=True)
        elif len(lines) == 0:
            print("7,7 6,6 9,9", flush=True)
        elif len(lines) == 3:
            print(first_empty() if mode == "keep" else "1,1 and more", flush=True)
        else:
            print("SWAP", flush=True)
        block = None
    elif word in ("START", "RESTART"):
        stones = set()
        print("OK", flush=True)
    elif word in ("BOARD", "SWAP2BOARD"):
        block, lines = word, []
    elif word == "TURN":
        stones.add(tuple(int(v) for v in text.split(" ")[1].split(",")))
        print(first_empty(), flush=True)
    elif word == "END":
        break
"""


def test_match_swap2_brain_that_keeps_white_plays_the_fourth_stone_at_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A brain answering one point to SWAP2BOARD with three stones takes White and that point is its
    first move (the 4th stone); a brain answering nonsense loses the game, named."""
    script = tmp_path / "swap2_brain.py"
    script.write_text(SWAP2_BRAIN)
    common = ["--black", "taku:easy", "--games", "1", "--nodes", "300", "--time-per-move", "0.5",
              "--tolerance", "5", "--rules", "gomoku_freestyle", "--opening", "swap2", "--json"]
    assert main(["renju", "match", "--white", f"{sys.executable} {script} keep", *common]) == 0
    game = json.loads(capsys.readouterr().out)["results"][0]
    first_three = game["opening"][0].split()[1:]
    assert game["opening"] == [game["opening"][0], "choose white"]
    assert (game["black"], game["white"]) == ("taku:easy", "swap2_brain.py")
    fourth = "a15" if "a15" not in first_three else "b15"  # the brain's first empty point, 0,0
    assert game["moves"].startswith("".join(first_three) + fourth)
    assert main(["renju", "match", "--white", f"{sys.executable} {script} bad", *common]) == 0
    game = json.loads(capsys.readouterr().out)["results"][0]
    assert (game["result"], game["reason"]) == ("1-0", "crash")
    assert "answered '1,1 and more' to SWAP2BOARD with 3 stones, expected SWAP, one point or two points" \
        in game["fault"]


@pytest.mark.parametrize("rule", ["rif", "soosorv_8"])
def test_match_other_opening_rules_are_played_by_the_engines(
        rule: str, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["renju", "match", "--black", "taku:easy", "--white", "taku:medium", "--opening", rule,
                   "--games", "1", "--nodes", "300", "--time-per-move", "1", "--tolerance", "5", "--json"])
    assert status == 0
    game = json.loads(capsys.readouterr().out)["results"][0]
    actions = game["opening"]
    assert actions[0].startswith("place h8 ") and actions[-1].startswith("select ")
    assert game["black"] == _expected_black("taku:easy", "taku:medium", actions, rule, 0, False)
    assert game["moves"].startswith("h8") and Position(game["moves"]).outcome() is not None


def test_match_refuses_opening_values_it_cannot_play(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["renju", "match", "--black", "taku", "--white", "taku", "--games", "1"]
    assert main([*base, "--opening", "swap3"]) == 2
    assert main([*base, "--opening", "rif", "--rules", "gomoku_freestyle", "--size", "20"]) == 2
    assert main([*base, "--opening", "swap2", "--rules", "rif"]) == 2
    assert main(["renju", "match", "--black", "taku", "--white", PBRAIN, "--opening", "rif"]) == 2
    assert main([*base, "--nodes", "0"]) == 2
    err = capsys.readouterr().err
    assert "--opening 'swap3'" in err
    assert "an opening rule (rif, yamaguchi, taraguchi_10, soosorv_8, swap2)" in err
    assert "which a 20x20 board does not have" in err
    assert "--opening swap2 places stones anywhere, but these rules require Black's first stone" in err
    assert "an external brain cannot play it: the Gomocup protocol has an opening command for swap2" in err
    assert "argument --nodes: '0'" in err or "argument --nodes: 0" in err
    assert "Traceback" not in err


def test_match_help_names_the_opening_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["renju", "match", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "rif, yamaguchi, taraguchi_10, soosorv_8, swap2" in text and "SWAP2BOARD" in text
    assert "--nodes N" in text
