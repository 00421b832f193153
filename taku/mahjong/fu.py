"""Fu (minipoints) of a won hand, item by item, as seed 001 counts them (MJ-SCORE-06..14)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, TypeAlias

from taku.mahjong.decompose import TRIPLET
from taku.mahjong.rules import Rules
from taku.mahjong.tiles import HAKU, kind_to_str

WaitShape: TypeAlias = Literal["ryanmen", "kanchan", "penchan", "shanpon", "tanki"]
FuItem: TypeAlias = tuple[str, int]

CHIITOITSU_FU = 25
"""Chiitoitsu is always 25 fu, not rounded (MJ-SCORE-12)."""


def wait_shape(code: int, win: int) -> WaitShape:
    """The wait completed by ``win`` in the group ``code`` (a sequence base or TRIPLET + kind)."""
    if code >= TRIPLET:
        return "shanpon"
    if win == code + 1:
        return "kanchan"
    if (win == code + 2 and code % 9 == 0) or (win == code and code % 9 == 6):
        return "penchan"
    return "ryanmen"


def _yaochuu(kind: int) -> bool:
    return kind >= 27 or kind % 9 in (0, 8)


def regular_fu(
    *,
    pair: int,
    closed_groups: Sequence[int],
    win_group: int,
    win_shape: WaitShape,
    meld_groups: Sequence[tuple[str, int]],
    tsumo: bool,
    menzen: bool,
    pinfu: bool,
    rinshan: bool,
    seat_wind: int,
    round_wind: int,
    rules: Rules,
) -> tuple[int, tuple[FuItem, ...]]:
    """Fu and its items for a regular hand.

    ``closed_groups`` are group codes from the decomposition, ``win_group`` the index of the one the
    winning tile completed (-1 for the pair), ``meld_groups`` (meld kind, base kind) pairs.
    Returns the rounded fu and the items (the base 20 first).
    """
    if pinfu:
        if not tsumo:
            return 30, (("base", 20), ("closed ron", 10))
        if rules.pinfu_tsumo_fu == 20:  # MJ-SCORE-12: pinfu tsumo is a fixed 20 fu
            return 20, (("base", 20),)
        return 30, (("base", 20), ("tsumo", 2))  # CFG-06: seed 001's example 2 counts tsumo
    items: list[FuItem] = [("base", 20)]
    for index, code in enumerate(closed_groups):
        if code < TRIPLET:
            continue
        kind = code - TRIPLET
        value = 8 if _yaochuu(kind) else 4
        name = kind_to_str(kind)
        if index == win_group and not tsumo:
            items.append((f"open triplet {name} (completed by ron)", value // 2))
        else:
            items.append((f"closed triplet {name}", value))
    for meld_kind, base in meld_groups:
        if meld_kind == "chi":
            continue
        value = 4 if _yaochuu(base) else 2
        name = kind_to_str(base)
        if meld_kind == "pon":
            items.append((f"open triplet {name}", value))
        elif meld_kind == "ankan":
            items.append((f"closed kan {name}", value * 8))
        else:
            items.append((f"open kan {name}", value * 4))
    if pair >= HAKU:
        items.append((f"dragon pair {kind_to_str(pair)}", 2))
    elif pair >= 27:
        wind = pair - 27
        if wind == seat_wind and wind == round_wind:
            items.append((f"double wind pair {kind_to_str(pair)}", rules.double_wind_pair_fu))
        elif wind == seat_wind:
            items.append((f"seat wind pair {kind_to_str(pair)}", 2))
        elif wind == round_wind:
            items.append((f"round wind pair {kind_to_str(pair)}", 2))
    if win_shape in ("kanchan", "penchan", "tanki"):
        items.append((f"{win_shape} wait", 2))
    if tsumo:
        value = rules.rinshan_tsumo_fu if rinshan else 2
        if value:
            items.append(("tsumo", value))
    elif menzen:
        items.append(("closed ron", 10))
    total = sum(value for _, value in items)
    if total == 20 and not tsumo and not menzen and rules.open_pinfu_ron_fu != 20:
        # MJ-SCORE-14: an open hand with no fu that wins by ron is counted at 30 fu.
        items.append(("open pinfu-shaped ron", rules.open_pinfu_ron_fu - 20))
        total = rules.open_pinfu_ron_fu
    return -(-total // 10) * 10, tuple(items)
