"""The yaku catalogue: names, han (closed/open) and yakuman, as used by the scorer.

Names are the romanised Japanese names players use. Values follow standard modern practice where
the seeds are silent (MJ-SCORE-04, RULES.md §12 item 9).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final

from taku.values import reduce_value


@dataclass(frozen=True, slots=True)
class YakuInfo:
    """A yaku: its name, han when the hand is closed and when open (0 = not allowed open)."""

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_value(self)

    name: str
    closed: int
    open: int
    english: str


YAKU: Final[Mapping[str, YakuInfo]] = MappingProxyType({info.name: info for info in (
    YakuInfo("riichi", 1, 0, "ready hand"),
    YakuInfo("double riichi", 2, 0, "ready hand on the first discard"),
    YakuInfo("open riichi", 1, 0, "ready hand shown to all (extra han)"),
    YakuInfo("ippatsu", 1, 0, "win within one go-around of riichi"),
    YakuInfo("menzen tsumo", 1, 0, "self-draw with a closed hand"),
    YakuInfo("pinfu", 1, 0, "all sequences, no fu"),
    YakuInfo("tanyao", 1, 1, "all simples"),
    YakuInfo("iipeikou", 1, 0, "two identical sequences"),
    YakuInfo("yakuhai (haku)", 1, 1, "white dragon triplet"),
    YakuInfo("yakuhai (hatsu)", 1, 1, "green dragon triplet"),
    YakuInfo("yakuhai (chun)", 1, 1, "red dragon triplet"),
    YakuInfo("yakuhai (seat wind)", 1, 1, "seat wind triplet"),
    YakuInfo("yakuhai (round wind)", 1, 1, "round wind triplet"),
    YakuInfo("haitei raoyue", 1, 1, "self-draw on the last tile"),
    YakuInfo("houtei raoyui", 1, 1, "ron on the last discard"),
    YakuInfo("rinshan kaihou", 1, 1, "win on a replacement tile"),
    YakuInfo("chankan", 1, 1, "robbing a kan"),
    YakuInfo("sanshoku doujun", 2, 1, "mixed triple sequence"),
    YakuInfo("ittsu", 2, 1, "pure straight"),
    YakuInfo("chanta", 2, 1, "terminal or honour in each group"),
    YakuInfo("chiitoitsu", 2, 0, "seven pairs"),
    YakuInfo("toitoi", 2, 2, "all triplets"),
    YakuInfo("sanankou", 2, 2, "three concealed triplets"),
    YakuInfo("sankantsu", 2, 2, "three kans"),
    YakuInfo("sanshoku doukou", 2, 2, "triple triplets"),
    YakuInfo("honroutou", 2, 2, "all terminals and honours"),
    YakuInfo("shousangen", 2, 2, "little three dragons"),
    YakuInfo("honitsu", 3, 2, "half flush"),
    YakuInfo("junchan", 3, 2, "terminal in each group"),
    YakuInfo("ryanpeikou", 3, 0, "two sets of identical sequences"),
    YakuInfo("chinitsu", 6, 5, "full flush"),
)})
"""Ordinary yaku by name (read-only)."""

YAKUMAN: Final[Mapping[str, str]] = MappingProxyType({
    "kokushi musou": "thirteen orphans",
    "kokushi musou juusanmen": "thirteen orphans, 13-sided wait",
    "suuankou": "four concealed triplets",
    "suuankou tanki": "four concealed triplets, pair wait",
    "daisangen": "big three dragons",
    "shousuushii": "little four winds",
    "daisuushii": "big four winds",
    "tsuuiisou": "all honours",
    "chinroutou": "all terminals",
    "ryuuiisou": "all green",
    "chuuren poutou": "nine gates",
    "junsei chuuren poutou": "nine gates, 9-sided wait",
    "suukantsu": "four kans",
    "tenhou": "dealer's win on the first draw",
    "chiihou": "non-dealer's win on the first draw",
    "renhou": "win on a discard before one's first draw",
    "daisharin": "seven pairs 2..8 of one suit",
    "paarenchan": "eight counters (or eight dealer wins)",
})
"""Yakuman by name, with an English gloss (read-only)."""

@dataclass(frozen=True, slots=True)
class Limit:
    """A limit of an ordinary hand: its name, the least han that reaches it, its basic points and
    the name a Tenhou record writes (MJ-SCORE-05, -15)."""

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_value(self)

    name: str
    han: int
    base: int
    tenhou: str


LIMITS: Final[tuple[Limit, ...]] = (
    Limit("mangan", 5, 2000, "満貫"),
    Limit("haneman", 6, 3000, "跳満"),
    Limit("baiman", 8, 4000, "倍満"),
    Limit("sanbaiman", 11, 6000, "三倍満"),
    Limit("kazoe yakuman", 13, 8000, "役満"),
)
"""The one table of limits, least first: every limit, basic-points and record-writing rule reads
it (the scorer, :func:`~taku.mahjong.score.basic_points`, the Tenhou JSON writer)."""

MANGAN_BASE: Final = LIMITS[0].base
"""Basic points of a mangan: also the cap of a hand below 5 han (fu x 2^(2+han))."""
YAKUMAN_BASE: Final = LIMITS[-1].base
"""Basic points of one yakuman (a multiple of it for a double or more)."""


def limit_for_han(han: int, kazoe_yakuman: bool = True) -> Limit | None:
    """The limit an ordinary hand of ``han`` reaches by its han alone (None below 5); without
    kazoe yakuman (``Rules.kazoe_yakuman``) 13 han or more stay a sanbaiman.

    >>> limit_for_han(7).name, limit_for_han(13).base, limit_for_han(13, kazoe_yakuman=False).name
    ('haneman', 8000, 'sanbaiman')
    >>> limit_for_han(4) is None
    True
    """
    found = None
    for limit in LIMITS:
        if han >= limit.han and (kazoe_yakuman or limit is not LIMITS[-1]):
            found = limit
    return found


LIMIT_NAMES: Final = {han: limit.name for han in range(5, 13) if (limit := limit_for_han(han)) is not None}
"""Limit names by han, 5..12 (MJ-SCORE-05)."""

YAKUMAN_LIMIT_NAMES: Final[tuple[str, ...]] = (
    "", "yakuman", "double yakuman", "triple yakuman", "quadruple yakuman", "quintuple yakuman",
    "sextuple yakuman", "septuple yakuman", "octuple yakuman")
"""Limit names by yakuman multiple (``Rules.max_yakuman`` is at most the last index, 8)."""
