"""Shared helpers of the mahjong scoring tests: score a hand written as text.

The scoring tests check seed 001's rules: the helpers score under the ``seeds-001-003`` preset
unless a test names other rules (the library default is Tenhou's)."""

from __future__ import annotations

from taku.mahjong import Hand, HandScore, Rules, Tile, Win, score_hand
from taku.mahjong.tiles import parse_tiles

EAST, SOUTH, WEST, NORTH = range(4)
NO_YAKU = "12399m456p789s111s"          # closed, 8s kanchan, no yaku
NO_YAKU_OPEN = "12399m789s111s 4-56p"   # the same with 456p called
PINFU = "12399m456p345789s"             # 9s: ryanmen, plain pair
SEEDS = Rules.preset("seeds-001-003")
"""Seed 001's scoring with seed 003's play: the rules the scoring tests mean."""


def score(hand: str, win_tile: str, rules: Rules | None = None, **win: object) -> HandScore:
    """Score ``hand`` (concealed tiles with the winning tile, then melds) won on ``win_tile``;
    ``win`` holds :class:`Win` fields (indicators may be MPSZ text); ``rules`` default to
    :data:`SEEDS`."""
    for key in ("dora_indicators", "ura_indicators"):
        if isinstance(win.get(key), str):
            win[key] = parse_tiles(str(win[key]))
    return score_hand(Hand.from_str(hand), Tile.from_str(win_tile), Win(**win),  # type: ignore[arg-type]
                      SEEDS if rules is None else rules)


def score_south(hand: str, win_tile: str, rules: Rules | None = None, **win: object) -> HandScore:
    """:func:`score` for the South seat unless ``seat_wind`` says otherwise (a non-dealer)."""
    win.setdefault("seat_wind", SOUTH)
    return score(hand, win_tile, rules, **win)


def yaku(hand: str, win_tile: str, rules: Rules | None = None, **win: object) -> dict[str, int]:
    """The yaku of :func:`score_south` as a dict name -> han."""
    return dict(score_south(hand, win_tile, rules, **win).yaku)
