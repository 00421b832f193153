"""Shared helpers of the mahjong scoring tests: score a hand written as text."""

from __future__ import annotations

from taku.mahjong import Hand, HandScore, Rules, Tile, Win, score_hand
from taku.mahjong.tiles import parse_tiles

EAST, SOUTH, WEST, NORTH = range(4)
NO_YAKU = "12399m456p789s111s"          # closed, 8s kanchan, no yaku
NO_YAKU_OPEN = "12399m789s111s 4-56p"   # the same with 456p called
PINFU = "12399m456p345789s"             # 9s: ryanmen, plain pair


def score(hand: str, win_tile: str, rules: Rules | None = None, **win: object) -> HandScore:
    """Score ``hand`` (concealed tiles with the winning tile, then melds) won on ``win_tile``;
    ``win`` holds :class:`Win` fields (indicators may be MPSZ text)."""
    for key in ("dora_indicators", "ura_indicators"):
        if isinstance(win.get(key), str):
            win[key] = parse_tiles(str(win[key]))
    return score_hand(Hand.from_str(hand), Tile.from_str(win_tile), Win(**win),  # type: ignore[arg-type]
                      rules)


def score_south(hand: str, win_tile: str, rules: Rules | None = None, **win: object) -> HandScore:
    """:func:`score` for the South seat unless ``seat_wind`` says otherwise (a non-dealer)."""
    win.setdefault("seat_wind", SOUTH)
    return score(hand, win_tile, rules, **win)


def yaku(hand: str, win_tile: str, rules: Rules | None = None, **win: object) -> dict[str, int]:
    """The yaku of :func:`score_south` as a dict name -> han."""
    return dict(score_south(hand, win_tile, rules, **win).yaku)
