"""Fu (minipoints) of a won hand, item by item, as seed 001 counts them (MJ-SCORE-06..14).

Every item that depends only on a tile kind (a triplet, a kan, a value pair) is a prebuilt
``(label, fu)`` pair, so counting a hand's fu builds no strings.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal, TypeAlias, cast

from taku.mahjong.decompose import TRIPLET
from taku.mahjong.rules import Rules
from taku.mahjong.tiles import HAKU, kind_to_str

WaitShape: TypeAlias = Literal["ryanmen", "kanchan", "penchan", "shanpon", "tanki"]
FuItem: TypeAlias = tuple[str, int]

CHIITOITSU_FU: Final = 25
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


def _items(label: str, fu: int) -> tuple[FuItem, ...]:
    """One item per kind: ``label`` followed by the kind, worth ``fu`` (doubled for yaochuu)."""
    return tuple((f"{label} {kind_to_str(k)}", 2 * fu if _yaochuu(k) else fu) for k in range(34))


CLOSED_TRIPLET_ITEMS: Final = _items("closed triplet", 4)
RON_TRIPLET_ITEMS: Final = tuple((f"open triplet {kind_to_str(k)} (completed by ron)",
                                  4 if _yaochuu(k) else 2) for k in range(34))
OPEN_TRIPLET_ITEMS: Final = _items("open triplet", 2)
CLOSED_KAN_ITEMS: Final = _items("closed kan", 16)
OPEN_KAN_ITEMS: Final = _items("open kan", 8)
OPEN_TRIPLET_FU: Final = tuple(fu for _, fu in OPEN_TRIPLET_ITEMS)
"""The fu of each kind's open triplet (the items' values, without the labels)."""
CLOSED_KAN_FU: Final = tuple(fu for _, fu in CLOSED_KAN_ITEMS)
OPEN_KAN_FU: Final = tuple(fu for _, fu in OPEN_KAN_ITEMS)
_CLOSED_TRIPLET_FU: Final = tuple(fu for _, fu in CLOSED_TRIPLET_ITEMS)
_RON_TRIPLET_FU: Final = tuple(fu for _, fu in RON_TRIPLET_ITEMS)
_PAIR_LABELS: Final = tuple(f"{kind_to_str(k)}" for k in range(34))
_WAIT_ITEMS: Final[dict[str, FuItem]] = {shape: (f"{shape} wait", 2)
                                         for shape in ("kanchan", "penchan", "tanki")}
_BASE: Final[FuItem] = ("base", 20)
_CLOSED_RON: Final[FuItem] = ("closed ron", 10)
_TSUMO: Final[FuItem] = ("tsumo", 2)
# The items as objects: the compiled build keeps a (label, fu) tuple typed as such as a C struct,
# and puts a new tuple together each time one goes into a list; these are the shared tuples.
_BASE_ITEM: Final[object] = _BASE
_CLOSED_RON_ITEM: Final[object] = _CLOSED_RON
_TSUMO_ITEM: Final[object] = _TSUMO
_PINFU_RON_ITEMS: Final[tuple[FuItem, ...]] = (_BASE, _CLOSED_RON)
_PINFU_TSUMO_ITEMS: Final[tuple[FuItem, ...]] = (_BASE,)
_PINFU_TSUMO_30_ITEMS: Final[tuple[FuItem, ...]] = (_BASE, _TSUMO)
_CLOSED_TRIPLET_OBJECTS: Final[tuple[object, ...]] = CLOSED_TRIPLET_ITEMS
_RON_TRIPLET_OBJECTS: Final[tuple[object, ...]] = RON_TRIPLET_ITEMS
_KANCHAN_ITEM: Final[object] = _WAIT_ITEMS["kanchan"]
_PENCHAN_ITEM: Final[object] = _WAIT_ITEMS["penchan"]
_TANKI_ITEM: Final[object] = _WAIT_ITEMS["tanki"]
_DRAGON_PAIR_ITEMS: Final[tuple[FuItem, ...]] = tuple((f"dragon pair {_PAIR_LABELS[k]}", 2)
                                                      for k in range(34))
_SEAT_WIND_PAIR_ITEMS: Final[tuple[FuItem, ...]] = tuple((f"seat wind pair {_PAIR_LABELS[k]}", 2)
                                                         for k in range(34))
_ROUND_WIND_PAIR_ITEMS: Final[tuple[FuItem, ...]] = tuple((f"round wind pair {_PAIR_LABELS[k]}", 2)
                                                          for k in range(34))
"""The pair items by kind, written once (the double wind pair's fu depends on the rules)."""


def meld_fu_items(melds: Sequence[tuple[str, int]]) -> tuple[FuItem, ...]:
    """The fu items of called melds and ankan, given as (meld kind, base kind) pairs."""
    items: list[FuItem] = []
    for meld_kind, base in melds:
        if meld_kind == "pon":
            items.append(OPEN_TRIPLET_ITEMS[base])
        elif meld_kind == "ankan":
            items.append(CLOSED_KAN_ITEMS[base])
        elif meld_kind != "chi":
            items.append(OPEN_KAN_ITEMS[base])
    return tuple(items)


def pair_fu_item(pair: int, seat_wind: int, round_wind: int, rules: Rules) -> FuItem | None:
    """The fu item of the pair ``pair`` (a dragon or a value wind), or None (MJ-SCORE-08)."""
    if pair >= HAKU:
        return _DRAGON_PAIR_ITEMS[pair]
    if pair >= 27:
        wind = pair - 27
        if wind == seat_wind and wind == round_wind:
            return (f"double wind pair {_PAIR_LABELS[pair]}", rules.double_wind_pair_fu)
        if wind == seat_wind:
            return _SEAT_WIND_PAIR_ITEMS[pair]
        if wind == round_wind:
            return _ROUND_WIND_PAIR_ITEMS[pair]
    return None


def pair_fu(pair: int, seat_wind: int, round_wind: int, rules: Rules) -> int:
    """The fu of :func:`pair_fu_item` (0 where it is None), without its label."""
    if pair >= HAKU:
        return 2
    if pair >= 27:
        wind = pair - 27
        if wind == seat_wind and wind == round_wind:
            return rules.double_wind_pair_fu
        if wind in (seat_wind, round_wind):
            return 2
    return 0


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

    >>> regular_fu(pair=31, closed_groups=(0, 9, 18, 61), win_group=3, win_shape="shanpon",
    ...            meld_groups=(), tsumo=False, menzen=True, pinfu=False, rinshan=False,
    ...            seat_wind=0, round_wind=0, rules=Rules())
    (40, (('base', 20), ('open triplet 1z (completed by ron)', 4), ('dragon pair 5z', 2), ('closed ron', 10)))
    """
    return fu_of_split(pair, tuple(closed_groups), win_group, win_shape, meld_fu_items(meld_groups),
                       tsumo, menzen, pinfu, rinshan,
                       pair_fu_item(pair, seat_wind, round_wind, rules), rules)


def fu_of_split(pair: int, closed_groups: tuple[int, ...], win_group: int, win_shape: str,
                meld_items: tuple[FuItem, ...], tsumo: bool, menzen: bool, pinfu: bool,
                rinshan: bool, pair_item: FuItem | None,
                rules: Rules) -> tuple[int, tuple[FuItem, ...]]:
    """:func:`regular_fu` with the melds' items and the pair's item already looked up."""
    if pinfu:
        if not tsumo:
            return 30, _PINFU_RON_ITEMS
        if rules.pinfu_tsumo_fu == 20:  # MJ-SCORE-12: pinfu tsumo is a fixed 20 fu
            return 20, _PINFU_TSUMO_ITEMS
        return 30, _PINFU_TSUMO_30_ITEMS  # CFG-06: seed 001's example 2 counts tsumo
    items: list[object] = [_BASE_ITEM]  # shared item tuples (see _BASE_ITEM)
    total = 20
    for index, code in enumerate(closed_groups):
        if code >= TRIPLET:
            if index == win_group and not tsumo:
                items.append(_RON_TRIPLET_OBJECTS[code - TRIPLET])
                total += _RON_TRIPLET_FU[code - TRIPLET]
            else:
                items.append(_CLOSED_TRIPLET_OBJECTS[code - TRIPLET])
                total += _CLOSED_TRIPLET_FU[code - TRIPLET]
    if meld_items:
        items.extend(meld_items)
        for _, value in meld_items:
            total += value
    if pair_item is not None:
        items.append(pair_item)
        total += pair_item[1]
    # (string comparisons with literals: cheaper than a dict look-up when compiled)
    wait = _KANCHAN_ITEM if win_shape == "kanchan" else _PENCHAN_ITEM if win_shape == "penchan" \
        else _TANKI_ITEM if win_shape == "tanki" else None
    if wait is not None:
        items.append(wait)
        total += 2
    if tsumo:
        if not rinshan:
            items.append(_TSUMO_ITEM)
            total += 2
        elif rules.rinshan_tsumo_fu:
            items.append(("tsumo", rules.rinshan_tsumo_fu))
            total += rules.rinshan_tsumo_fu
    elif menzen:
        items.append(_CLOSED_RON_ITEM)
        total += 10
    if total == 20 and not tsumo and not menzen and rules.open_pinfu_ron_fu != 20:
        # MJ-SCORE-14: an open hand with no fu that wins by ron is counted at 30 fu.
        items.append(("open pinfu-shaped ron", rules.open_pinfu_ron_fu - 20))
        total = rules.open_pinfu_ron_fu
    return -(-total // 10) * 10, cast(tuple[FuItem, ...], tuple(items))


def fu_total(pair_fu: int, closed_groups: tuple[int, ...], win_group: int, wait_item: bool,
             meld_fu: int, tsumo: bool, menzen: bool, pinfu: bool, rinshan: bool,
             rules: Rules) -> int:
    """The rounded fu of :func:`fu_of_split` without its items (the scorer ranks every reading
    by it and writes the items of the chosen one): ``pair_fu`` and ``meld_fu`` are the pair's and
    the melds' fu, ``wait_item`` whether the wait counts 2 fu (kanchan, penchan, tanki)."""
    if pinfu:
        if not tsumo:
            return 30
        return 20 if rules.pinfu_tsumo_fu == 20 else 30
    total = 20 + meld_fu + pair_fu
    for index, code in enumerate(closed_groups):
        if code >= TRIPLET:
            if index == win_group and not tsumo:
                total += _RON_TRIPLET_FU[code - TRIPLET]
            else:
                total += _CLOSED_TRIPLET_FU[code - TRIPLET]
    if wait_item:
        total += 2
    if tsumo:
        total += rules.rinshan_tsumo_fu if rinshan else 2
    elif menzen:
        total += 10
    if total == 20 and not tsumo and not menzen and rules.open_pinfu_ron_fu != 20:
        total = rules.open_pinfu_ron_fu  # MJ-SCORE-14, as fu_of_split
    return -(-total // 10) * 10
