"""Rules: every point where riichi rule sets differ, as one frozen value with named presets.

Each field names the rule of ``RULES.md`` it implements (``MJ-...``) and, where the sources
disagree, the configuration point of its section 13 (``CFG-nn``). Code branches on fields, never on
a preset's name. Presets:

``ema``
    Seed 003's competition rules with seed 001's scoring (the EMA rule set of the sources).
``montreal``
    Seed 004, the Montréal club's rules (PMTL), with seed 001's scoring where 004 is silent.
``tenhou``
    Tenhou's ranked rules: three red fives, open tanyao, double ron, kazoe yakuman, no double
    yakuman, 4-fu double-wind pair.
``mahjongsoul``
    Mahjong Soul's ranked rules: as Tenhou, with double yakuman for the four "pure" yakuman and a
    6-yakuman cap.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal, get_args, get_origin, get_type_hints

from taku.mahjong.errors import MahjongError
from taku.mahjong.yaku import YAKUMAN_LIMIT_NAMES

DOUBLE_YAKUMAN_CANDIDATES = frozenset({
    "kokushi musou juusanmen", "suuankou tanki", "junsei chuuren poutou", "daisuushii",
})
"""Yakuman that some rule sets count twice (MJ-MONTREAL-28)."""

PAO_TRIGGERS = frozenset({"daisangen", "daisuushii", "suukantsu", "daiminkan_rinshan"})
"""What can make a player liable (pao): MJ-PAO-01..04."""


class UnknownRulesError(MahjongError):
    """A rules preset or field that does not exist, or a field value a rule set cannot have."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Every variant point of riichi mahjong scoring and play, with its rule ID.

    >>> Rules.preset("montreal").double_wind_pair_fu
    4
    >>> Rules().replace(kiriage_mangan=True).kiriage_mangan
    True
    """

    # --- dora -------------------------------------------------------------------------------
    red_fives: tuple[int, int, int] = (0, 0, 0)
    """Red fives per suit (man, pin, sou); each counts as one dora. CFG-20, MJ-SCORE-02."""
    kandora: bool = True
    """A kan reveals a new dora indicator. MJ-FLOW-31."""
    uradora: bool = True
    """Riichi winners count ura-dora (and kan ura-dora). MJ-RIICHI-11, MJ-MONTREAL-09."""

    # --- yaku -------------------------------------------------------------------------------
    kuitan: bool = True
    """Tanyao counts in an open hand (kuitan). MJ-MONTREAL-02, CFG-22."""
    atozuke: bool = True
    """An open hand may win on a wait that supplies its only yaku (atozuke). MJ-MONTREAL-02."""
    ippatsu: bool = True
    """Ippatsu is a yaku (1 han). MJ-RIICHI-10."""
    double_riichi: bool = True
    """Riichi on one's first, uninterrupted discard is worth 2 han. MJ-RIICHI-13."""
    open_riichi: bool = False
    """Open riichi is allowed and worth 1 extra han. MJ-RIICHI-13, MJ-MONTREAL-20."""
    nagashi_mangan: bool = True
    """Nagashi mangan is paid at an exhaustive draw. MJ-MONTREAL-21, CFG-22."""
    haitei_on_rinshan: bool = False
    """A win on a replacement tile that is the last tile also scores haitei. CFG-15."""
    renhou: Literal["off", "mangan", "yakuman"] = "off"
    """A ron before one's first draw, with no call made: not a yaku, a mangan, or a yakuman.
    MJ-MONTREAL-40, CFG-17.

    ``mangan``: MJ-SCORE-24 and MJ-MONTREAL-40 say renhou is worth "a mangan only", so the hand
    scores exactly a mangan, with the single yaku ``("renhou", 5)`` and no dora, whatever its other
    yaku and dora would be worth. [GAP] The seeds do not say what happens when the hand is also a
    real yakuman; taku counts the yakuman (worth more) and not the renhou. A kazoe yakuman is not a
    real yakuman: it scores the renhou mangan."""
    shiisanputa: bool = False
    """A first-draw hand of one pair and twelve unconnected tiles is paid as a mangan.
    MJ-MONTREAL-40, CFG-17."""
    daisharin: Literal["off", "pin", "any_suit"] = "off"
    """Seven pairs 2..8 of one suit is a yakuman (pin only, or any suit). MJ-MONTREAL-24."""
    paarenchan: Literal["off", "counters", "dealer_wins"] = "off"
    """Paarenchan yakuman: the first win after 8 counters are placed (PMTL's literal rule), or a
    dealer's win after eight consecutive dealer wins. MJ-MONTREAL-15."""
    paarenchan_count: int = 8
    """The number of counters (or dealer wins) that makes paarenchan. MJ-MONTREAL-15."""
    kokushi_chankan_ankan: bool = True
    """Kokushi musou may rob an ankan. MJ-FLOW-24, MJ-MONTREAL-26."""
    ryuuiisou_requires_hatsu: bool = False
    """Ryuuiisou must contain green dragons. MJ-MONTREAL-25 (PMTL: optional)."""

    # --- fu -----------------------------------------------------------------------------------
    pinfu_tsumo_fu: Literal[20, 30] = 20
    """Fu of a pinfu tsumo: 20 (seed 001's note) or 30 (seed 001's example 2). CFG-06."""
    double_wind_pair_fu: Literal[2, 4] = 2
    """Fu of a pair that is both the round and the seat wind. MJ-SCORE-08, CFG-07."""
    rinshan_tsumo_fu: Literal[0, 2] = 2
    """Tsumo fu of a win on a replacement tile. MJ-SCORE-10, CFG-08."""
    open_pinfu_ron_fu: Literal[20, 30] = 30
    """Fu of an open hand that wins by ron with no fu beyond the base 20. MJ-SCORE-14."""

    # --- limits ---------------------------------------------------------------------------------
    kiriage_mangan: bool = False
    """4 han 30 fu and 3 han 60 fu are rounded up to mangan. MJ-SCORE-21, CFG-21."""
    kazoe_yakuman: bool = True
    """13 or more han from ordinary yaku and dora is a yakuman (else sanbaiman). MJ-MONTREAL-27."""
    multiple_yakuman: bool = True
    """Different yakuman in one hand add up. MJ-SCORE-23, MJ-MONTREAL-28, CFG-17."""
    double_yakuman: frozenset[str] = frozenset()
    """Yakuman counted twice (a subset of ``DOUBLE_YAKUMAN_CANDIDATES``). MJ-MONTREAL-28."""
    max_yakuman: int = 6
    """The most yakuman a hand can count (Mahjong Soul caps at 6), 1..8. MJ-SCORE-23."""

    # --- payments -------------------------------------------------------------------------------
    honba_points: int = 300
    """Points per counter (honba): paid by the discarder on ron, a third by each payer on tsumo
    (so a multiple of 3). MJ-SCORE-22, MJ-END-08."""
    pao: frozenset[str] = frozenset({"daisangen", "daisuushii"})
    """What makes a player liable: daisangen, daisuushii, suukantsu, daiminkan_rinshan.
    MJ-PAO-01..04, CFG-12."""
    pao_honba_payer: Literal["discarder", "liable"] = "discarder"
    """Who pays the counters of a ron under liability. MJ-PAO-07, CFG-11."""
    pao_rinshan_payment: Literal["tsumo_total", "ron_value"] = "tsumo_total"
    """What the liable player pays for a daiminkan-rinshan win: the sum of the tsumo shares, or the
    ron value. MJ-PAO-04 (TV-PAO-04/05)."""

    def __post_init__(self) -> None:
        for name, hint in _FIELD_TYPES:
            _check_field(name, hint, getattr(self, name))

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The named preset: ``ema``, ``montreal``, ``tenhou`` or ``mahjongsoul``."""
        try:
            return PRESETS[name]
        except KeyError:
            raise UnknownRulesError(
                f"unknown rules preset {name!r}; choose one of {', '.join(PRESETS)}") from None

    def replace(self, **changes: Any) -> Rules:
        """A copy with some fields changed."""
        names = {f.name for f in dataclasses.fields(self)}
        unknown = set(changes) - names
        if unknown:
            raise UnknownRulesError(f"unknown rules field: {', '.join(sorted(unknown))}")
        return dataclasses.replace(self, **changes)

    def differences(self, other: Rules) -> dict[str, tuple[Any, Any]]:
        """Fields whose values differ between ``self`` and ``other``."""
        return {f.name: (getattr(self, f.name), getattr(other, f.name))
                for f in dataclasses.fields(self)
                if getattr(self, f.name) != getattr(other, f.name)}


_HINTS = get_type_hints(Rules)
_FIELD_TYPES: tuple[tuple[str, Any], ...] = tuple(
    (field.name, _HINTS[field.name]) for field in dataclasses.fields(Rules))
del _HINTS
"""Each field's name and type, from the annotations (the allowed values follow them)."""

_INT_RANGES: dict[str, tuple[int, int | None, str]] = {
    "paarenchan_count": (1, None, "at least 1"),
    "max_yakuman": (1, len(YAKUMAN_LIMIT_NAMES) - 1,
                    f"1..{len(YAKUMAN_LIMIT_NAMES) - 1} (the largest limit is "
                    f"{YAKUMAN_LIMIT_NAMES[-1]})"),
    "honba_points": (0, None, "a non-negative multiple of 3 (a tsumo splits the counters' points "
                              "in three)"),
}
"""The range of each ``int`` field: lowest, highest (None: no limit), and how to say it."""


def _check_field(name: str, hint: Any, value: Any) -> None:
    """Raise :class:`UnknownRulesError` if ``value`` is not an allowed value of field ``name``."""

    def fail(allowed: str) -> None:
        raise UnknownRulesError(f"rules field {name} must be {allowed}, got {value!r}")

    if hint is bool:
        if type(value) is not bool:
            fail("true or false (a bool)")
    elif hint is int:
        low, high, allowed = _INT_RANGES[name]
        if type(value) is not int or value < low or (high is not None and value > high):
            fail(allowed)
        if name == "honba_points" and value % 3:
            fail(allowed)
    elif get_origin(hint) is Literal:
        choices = get_args(hint)
        if not any(type(value) is type(choice) and value == choice for choice in choices):
            fail(f"one of {', '.join(str(choice) for choice in choices)}")
    elif get_origin(hint) is frozenset:
        known = {"double_yakuman": DOUBLE_YAKUMAN_CANDIDATES, "pao": PAO_TRIGGERS}[name]
        what = {"double_yakuman": "double yakuman candidate", "pao": "pao trigger"}[name]
        names = ", ".join(sorted(known))
        if type(value) is not frozenset:
            fail(f"a frozenset of names from {names}")
        unknown = sorted(map(str, value - known))
        if unknown:
            raise UnknownRulesError(f"rules field {name}: not a {what}: {', '.join(unknown)} "
                                    f"(choose from {names})")
    elif name == "red_fives":
        if type(value) is not tuple or len(value) != 3 or any(
                type(n) is not int or not 0 <= n <= 4 for n in value):
            fail("three counts 0..4 (red fives of man, pin, sou)")
    else:  # a new kind of field needs its check here
        raise AssertionError(f"no check for rules field {name} of type {hint}")


EMA = Rules(
    nagashi_mangan=False,        # CFG-22: not in seeds 001/003
    multiple_yakuman=False,      # CFG-17: seed 001 has one yakuman level
)

MONTREAL = Rules(
    double_wind_pair_fu=4,       # 004 B18
    rinshan_tsumo_fu=0,          # 004 B18
    open_riichi=True,            # 004 B12 (club play)
    renhou="mangan",             # 004 B24
    shiisanputa=True,            # 004 B24
    daisharin="any_suit",        # 004 B15
    paarenchan="counters",       # 004 B7
    pao=frozenset({"daisangen", "daisuushii", "suukantsu", "daiminkan_rinshan"}),  # 004 B17
    pao_honba_payer="liable",    # 004 B17
)

TENHOU = Rules(
    red_fives=(1, 1, 1),
    double_wind_pair_fu=4,
)

MAHJONGSOUL = Rules(
    red_fives=(1, 1, 1),
    double_wind_pair_fu=4,
    double_yakuman=DOUBLE_YAKUMAN_CANDIDATES,
)

PRESETS: Mapping[str, Rules] = MappingProxyType({
    "ema": EMA,
    "montreal": MONTREAL,
    "tenhou": TENHOU,
    "mahjongsoul": MAHJONGSOUL,
})
"""The named rule sets (read-only). ``Rules()`` (all defaults) is seed 001's scoring with seed 003's
play."""
