"""``pbrain-taku``: the taku renju AI as a Gomocup (Piskvork) brain on standard input and output.

A Gomocup manager starts the program with no arguments; ``--level`` and ``--seed`` choose the AI
(``RenjuAI``) for other uses. The manager's ``INFO timeout_turn`` and ``time_left`` set the time per
move; without them each level uses its own default. See ``docs/gomocup.md``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from taku import __version__
from taku.bots.renju_ai import LEVELS, RenjuAI
from taku.cli.main import ArgumentParser
from taku.protocols.gomocup import GomocupBrain, run_brain


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``pbrain-taku``."""
    parser = ArgumentParser(
        prog="pbrain-taku",
        description="The taku renju AI as a Gomocup (Piskvork) brain: protocol commands on standard "
        "input, answers on standard output. Supports rules 0 (freestyle), 1 (exactly five) and 4 "
        "(renju) on board sizes from 7 to 25 (odd ones only under renju; Gomocup's 20x20 under 0 and 1).",
    )
    parser.add_argument("--version", action="version", version=f"pbrain-taku {__version__}")
    parser.add_argument("--level", choices=list(LEVELS), default="strong", help="AI level (default strong)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the AI's randomness (default 0)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the brain until ``END`` or the end of the input; return the exit status."""
    args = build_parser().parse_args(argv)
    brain = GomocupBrain(RenjuAI(args.level, seed=args.seed))
    # Managers write CR LF; text mode reads either. Replies are flushed line by line by run_brain.
    try:
        return run_brain(brain, sys.stdin, sys.stdout)
    except (BrokenPipeError, KeyboardInterrupt):  # the manager went away
        return 0


if __name__ == "__main__":
    sys.exit(main())
