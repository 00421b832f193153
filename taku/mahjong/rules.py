"""Rules: every point where riichi rule sets differ, as one frozen value with named presets.

Each field names the rule of ``RULES.md`` it implements (``MJ-...``) and, where the sources
disagree, the configuration point of its section 13 (``CFG-nn``). Code branches on fields, never on
a preset's name. The defaults are Tenhou's rules: ``Rules() == Rules.preset("tenhou")``. Presets:

``tenhou`` (alias ``default``)
    Tenhou's ranked rules: three red fives, open tanyao, double ron, kazoe yakuman, no double
    yakuman, 4-fu double-wind pair, East-South with a West extension, agari-yame.
``mahjongsoul``
    Mahjong Soul's ranked rules: as Tenhou, with double yakuman for the four "pure" yakuman and a
    6-yakuman cap, triple ron paid, tenpai-yame.
``ema``
    Seed 003's competition rules with seed 001's scoring (the EMA rule set of the sources).
``montreal``
    Seed 004, the Montréal club's rules (PMTL), with seed 001's scoring where 004 is silent.
``seeds-001-003``
    Seed 001's scoring with seed 003's play where the seeds leave nothing to choose, and the
    standard choice elsewhere (taku's defaults before Tenhou's became the default).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final, Literal

from taku.errors import shown
from taku.mahjong.errors import MahjongError
from taku.mahjong.yaku import YAKUMAN_LIMIT_NAMES
from taku.values import reduce_value

DOUBLE_YAKUMAN_CANDIDATES = frozenset({
    "kokushi musou juusanmen", "suuankou tanki", "junsei chuuren poutou", "daisuushii",
})
"""Yakuman that some rule sets count twice (MJ-MONTREAL-28)."""

PAO_TRIGGERS = frozenset({"daisangen", "daisuushii", "suukantsu", "daiminkan_rinshan"})
"""What can make a player liable (pao): MJ-PAO-01..04."""

ABORTIVE_DRAWS = frozenset({"kyushu_kyuhai", "suufon_renda", "suucha_riichi", "suukaikan",
                            "sanchahou"})
"""The abortive draws a rule set may play (MJ-END-10, CFG-01/02)."""


class UnknownRulesError(MahjongError):
    """A rules preset or field that does not exist, or a field value a rule set cannot have."""


@dataclass(frozen=True, slots=True, init=False)
class Rules:
    """Every variant point of riichi mahjong scoring and play, with its rule ID.

    >>> Rules.preset("montreal").double_wind_pair_fu
    4
    >>> Rules().replace(kiriage_mangan=True).kiriage_mangan
    True
    """

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_value(self)

    # --- dora -------------------------------------------------------------------------------
    red_fives: tuple[int, int, int] = (1, 1, 1)
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
    nagashi_mangan_own_calls: bool = True
    """Nagashi mangan still counts for a player who called chi, pon or kan himself: only his own
    discards must not have been called (Tenhou, Mahjong Soul). False: he must have made no call
    and no kan either (seed 004 B13, MJ-MONTREAL-21)."""
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
    kokushi_chankan_ankan: bool = False
    """Kokushi musou may rob an ankan. MJ-FLOW-24, MJ-MONTREAL-26 (Tenhou: no; Mahjong Soul, seed
    003 and PMTL: yes)."""
    ryuuiisou_requires_hatsu: bool = False
    """Ryuuiisou must contain green dragons. MJ-MONTREAL-25 (PMTL: optional)."""

    # --- fu -----------------------------------------------------------------------------------
    pinfu_tsumo_fu: Literal[20, 30] = 20
    """Fu of a pinfu tsumo: 20 (seed 001's note) or 30 (seed 001's example 2). CFG-06."""
    double_wind_pair_fu: Literal[2, 4] = 4
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
    (so a multiple of 3). MJ-SCORE-22, MJ-END-08. At most ``MAX_POINTS`` (an input bound, not a
    rule)."""
    pao: frozenset[str] = frozenset({"daisangen", "daisuushii"})
    """What makes a player liable: daisangen, daisuushii, suukantsu, daiminkan_rinshan.
    MJ-PAO-01..04, CFG-12."""
    pao_honba_payer: Literal["discarder", "liable"] = "discarder"
    """Who pays the counters of a ron under liability. MJ-PAO-07, CFG-11."""
    pao_rinshan_payment: Literal["tsumo_total", "ron_value"] = "tsumo_total"
    """What the liable player pays for a daiminkan-rinshan win: the sum of the tsumo shares, or the
    ron value. MJ-PAO-04 (TV-PAO-04/05)."""

    # --- play: the table engine ---------------------------------------------------------------
    abortive_draws: frozenset[str] = ABORTIVE_DRAWS
    """The abortive draws played (CFG-01, CFG-02, MJ-END-10): kyushu_kyuhai (nine distinct
    terminals and honours on the first draw), suufon_renda (four identical winds on the first
    go-around), suucha_riichi (four riichi), suukaikan (four kans by two or more players) and
    sanchahou (three rons on one tile). An abortive draw keeps the deal and adds a counter."""
    multiple_ron: Literal["all", "double", "head_bump"] = "double"
    """Who wins when several players ron one tile (CFG-03, MJ-END-03): all of them, at most the two
    nearest the discarder (a third is refused; with ``sanchahou`` among the abortive draws three
    rons abort the hand instead), or only the nearest (atamahane)."""
    deposit_multi_ron: Literal["nearest", "split"] = "nearest"
    """Riichi sticks after a multiple ron: all to the winner nearest the discarder, or shared
    (1,000 each in turn from the nearest). CFG-04, MJ-RIICHI-05."""
    honba_multi_ron: Literal["nearest", "each"] = "nearest"
    """Counters after a multiple ron: paid to the nearest winner only, or to each. MJ-END-03 [GAP]."""
    kandora_timing: Literal["immediate", "late_open_kans"] = "late_open_kans"
    """When a kan's new dora indicator is turned (CFG-09, MJ-FLOW-30): at once for every kan, or at
    once for an ankan and, for a daiminkan or kakan, when the kan's player discards (or kans again,
    or wins on the replacement tile)."""
    late_kandora_on_rinshan: bool = False
    """Under ``late_open_kans``, a win on the replacement tile of a daiminkan or kakan counts the
    kan's new indicator (MJ-MONTREAL-11). Tenhou and Mahjong Soul turn it only after the kan
    player's discard, so such a win does not count it (docs/mahjong-table.md has the evidence)."""
    riichi_min_points: int = 1000
    """Points a player needs to declare riichi. MJ-RIICHI-01 [GAP]. At most ``MAX_POINTS`` (an
    input bound, not a rule)."""
    riichi_min_tiles: int = 4
    """Tiles that must remain in the live wall to declare riichi. MJ-RIICHI-02."""
    tenpai_requires_yaku: bool = False
    """Whether tenpai at an exhaustive draw needs a yaku (else the shape is enough). CFG-19."""
    karaten: Literal["concealed", "held", "visible"] = "concealed"
    """Which copies of a wait make it empty (karaten), so that a hand waiting only on such tiles
    is not tenpai at an exhaustive draw (MJ-END-07): ``concealed``, all four copies are among
    the player's concealed tiles (Tenhou, Mahjong Soul: a wait on the fourth copy of one's own
    pon is tenpai); ``held``, all four are among his concealed tiles and his own melds (seed 003
    L684: "he holds all four"); ``visible``, no copy is left unseen (his tiles, every meld, every
    discard and the dora indicators hold all four)."""
    temp_furiten_clear: Literal["on_acquire", "on_discard"] = "on_acquire"
    """When temporary furiten ends: at the player's next draw or claim, or after his next discard.
    CFG-13 (the two give the same results in play)."""
    claim_window_ms: int = 0
    """Real-time play: milliseconds to claim pon or kan (0: no limit). CFG-14. At most
    ``MAX_WINDOW_MS``, an hour (an input bound of the library, not a rule)."""
    ron_window_ms: int = 0
    """Real-time play: milliseconds in which a ron takes priority (0: no limit). CFG-14. At most
    ``MAX_WINDOW_MS``, an hour (an input bound of the library, not a rule)."""
    chombo_payment: Literal["none", "reverse_mangan"] = "none"
    """What a chombo costs: nothing (the hand is replayed), or a reverse mangan. CFG-10."""
    chombo_dealer: Literal["replay", "rotate"] = "replay"
    """After a chombo: the hand is replayed with the same dealer, or the deal passes (counters
    carried, +0). CFG-10, MJ-MONTREAL-35."""
    # --- play: the match --------------------------------------------------------------------
    renchan: Literal["tenpai", "nanba", "dealer_win"] = "tenpai"
    """When the dealer keeps the deal after an exhaustive draw (CFG-16, MJ-END-11): if tenpai; by
    nanba renchan (East round: if tenpai; later rounds: always); or never (only a dealer win keeps
    it). A dealer win and an abortive draw always keep it."""
    length: Literal["east", "hanchan"] = "hanchan"
    """An East round only (tonpuusen) or East and South rounds (hanchan). MJ-GAME-01."""
    start_points: int = 25000
    """Each player's points at the start. MJ-GAME-03, CFG-23. At most ``MAX_POINTS`` (an input
    bound of the library, not a rule: no rule set has a maximum)."""
    target_points: int = 30000
    """Points someone must reach for the game to end after the last round (0: no target).
    MJ-GAME-05, CFG-23. At most ``MAX_POINTS`` (an input bound, not a rule)."""
    extension: Literal["off", "until_target", "until_target_by_win"] = "until_target"
    """If nobody reached the target: no extension, or extra rounds ending as soon as someone has
    the target after a hand, or only when a player reaches it by winning. MJ-GAME-08, CFG-23."""
    extension_rounds: int = 1
    """How many extra wind rounds the extension may last (West, then North). MJ-GAME-08 [GAP]."""
    bust: bool = True
    """The game ends at once when a score is negative (0 does not end it). MJ-GAME-07, CFG-23."""
    agari_yame: bool = True
    """The last dealer who wins the last hand (or a hand of the extension) and is then first with
    at least the target ends the game (agari-yame: Tenhou, Mahjong Soul). MJ-GAME-06 [AMB]."""
    tenpai_yame: bool = False
    """The same after an exhaustive draw at which that dealer is tenpai (tenpai-yame: Mahjong
    Soul; Tenhou plays on). MJ-GAME-06 [AMB]."""
    leftover_deposits: Literal["lost", "to_first_place"] = "to_first_place"
    """Riichi sticks still on the table at the end: nobody's, or first place's (shared in a tie).
    CFG-05, MJ-GAME-09."""
    ties: Literal["shared", "seat_order"] = "seat_order"
    """Equal final scores share a rank, or the seat nearer the first dealer ranks higher.
    MJ-GAME-04, CFG-23."""
    uma: tuple[int, int, int, int] = (20, 10, -10, -20)
    """Placement bonus in thousands of points, first to fourth. MJ-GAME-04, CFG-23."""
    oka_return: int = 30000
    """Return points (kaeshi): the final result is (score - return) / 1000 plus uma, and the
    difference to the start points of all four goes to first place (oka). 0: no oka. CFG-23. At
    most ``MAX_POINTS`` (an input bound, not a rule)."""

    # The fields are objects, checked here before they are stored: a compiled build would
    # otherwise reject a value of the wrong type with its own TypeError before this module's
    # one-line error naming the field, and store a bool as an int.
    def __init__(self, **fields: object) -> None:
        """Rules with ``fields`` set and the others at their defaults (Tenhou's rules). Each value
        is checked: :class:`UnknownRulesError` names an unknown field or a bad value."""
        unknown = fields.keys() - FIELD_KINDS.keys()
        if unknown:
            raise UnknownRulesError(f"unknown rules field: {', '.join(sorted(unknown))}")
        for name, kind in FIELD_KINDS.items():
            value = fields[name] if name in fields else _DEFAULTS[name]
            _check_field(name, kind, value)
            object.__setattr__(self, name, value)

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The named preset: ``tenhou`` (also called ``default``: it equals ``Rules()``),
        ``mahjongsoul``, ``ema``, ``montreal`` or ``seeds-001-003``."""
        try:
            return PRESETS[PRESET_ALIASES.get(name, name)]
        except (KeyError, TypeError):
            raise UnknownRulesError(
                f"unknown rules preset {shown(name)}; choose one of "
                f"{', '.join([*PRESETS, *PRESET_ALIASES])}") from None

    def replace(self, **changes: Any) -> Rules:
        """A copy with some fields changed."""
        unknown = set(changes) - FIELD_KINDS.keys()
        if unknown:
            raise UnknownRulesError(f"unknown rules field: {', '.join(sorted(unknown))}")
        return dataclasses.replace(self, **changes)

    def with_options(self, options: Iterable[str]) -> Rules:
        """These rules with ``options`` applied, each a ``"field=value"`` text (the command line's
        ``--option``; renju's ``RenjuRules.with_options``): ``true``/``false`` (or 1/0, yes/no,
        on/off) for a flag, a number, names separated by commas for a set, numbers separated by
        commas for ``red_fives`` and ``uma``, a word for a choice. Every value is checked; an
        unknown field or a bad value raises :class:`UnknownRulesError` (a ``MahjongError``)
        naming it.

        >>> rules = Rules().with_options(["kuitan=false", "uma=15,5,-5,-15", "pao=daisangen"])
        >>> rules.kuitan, rules.uma, sorted(rules.pao)
        (False, (15, 5, -5, -15), ['daisangen'])
        """
        changes: dict[str, Any] = {}
        for option in options:
            key, sep, value = option.partition("=")
            key = key.strip()
            if not sep or not key:
                raise UnknownRulesError(f"{shown(option)}: expected FIELD=VALUE, like kuitan=false")
            if key not in FIELD_KINDS:
                raise UnknownRulesError(f"unknown rules field {shown(key)}")
            changes[key] = _option_value(value.strip(), getattr(self, key), key)
        return self.replace(**changes)

    def with_values(self, values: Mapping[str, Any]) -> Rules:
        """These rules with ``values`` (field name to a JSON value: a list of names for a set, a
        list of integers for ``red_fives`` and ``uma``), as a JSON request gives them; errors as
        :meth:`with_options`.

        >>> Rules().with_values({"pao": ["daisangen"], "red_fives": [1, 1, 1]}).red_fives
        (1, 1, 1)
        """
        if not isinstance(values, Mapping):
            raise UnknownRulesError(f"options must be an object of rules fields, got {shown(values)}")
        changes: dict[str, Any] = {}
        for key, value in values.items():
            if key not in FIELD_KINDS:
                raise UnknownRulesError(f"unknown rules field {shown(key)}")
            current = getattr(self, key)
            if isinstance(current, frozenset):
                if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                    raise UnknownRulesError(f"option {key} must be a list of names, got {shown(value)}")
                value = frozenset(value)
            elif isinstance(current, tuple):
                if not isinstance(value, list) or not all(type(v) is int for v in value):
                    raise UnknownRulesError(f"option {key} must be a list of integers, got {shown(value)}")
                value = tuple(value)
            changes[key] = value
        return self.replace(**changes)

    def differences(self, other: Rules) -> dict[str, tuple[Any, Any]]:
        """Fields whose values differ between ``self`` and ``other``."""
        return {name: (getattr(self, name), getattr(other, name))
                for name in FIELD_KINDS if getattr(self, name) != getattr(other, name)}


def _option_value(value: str, current: Any, key: str) -> Any:
    """An option's text as a value of the type of the field ``key`` (the field then checks it)."""
    if isinstance(current, bool):
        text = value.lower()
        if text in ("1", "true", "yes", "on"):
            return True
        if text in ("0", "false", "no", "off"):
            return False
        raise UnknownRulesError(f"{key} expects true or false, got {shown(value)}")
    if isinstance(current, int):
        try:
            return int(value)
        except ValueError:
            raise UnknownRulesError(f"{key} expects a number, got {shown(value)}") from None
    if isinstance(current, frozenset):
        return frozenset(item.strip() for item in value.split(",") if item.strip())
    if isinstance(current, tuple):
        try:
            return tuple(int(item) for item in value.split(","))
        except ValueError:
            raise UnknownRulesError(f"{key} expects numbers separated by commas, got "
                                    f"{shown(value)}") from None
    return value


_DEFAULTS: Mapping[str, object] = MappingProxyType(
    {field.name: field.default for field in dataclasses.fields(Rules)})
"""Each field's default, as declared in :class:`Rules`."""

FieldKind = str | tuple[str | int, ...]
"""What values a field takes: ``"bool"``, ``"int"`` (a range of ``_INT_RANGES``), ``"names"`` (a
frozenset of known names), ``"red_fives"``, ``"uma"``, or the tuple of a ``Literal`` field's values."""

FIELD_KINDS: Mapping[str, FieldKind] = MappingProxyType({
    "red_fives": "red_fives",
    "kandora": "bool",
    "uradora": "bool",
    "kuitan": "bool",
    "atozuke": "bool",
    "ippatsu": "bool",
    "double_riichi": "bool",
    "open_riichi": "bool",
    "nagashi_mangan": "bool",
    "nagashi_mangan_own_calls": "bool",
    "haitei_on_rinshan": "bool",
    "renhou": ("off", "mangan", "yakuman"),
    "shiisanputa": "bool",
    "daisharin": ("off", "pin", "any_suit"),
    "paarenchan": ("off", "counters", "dealer_wins"),
    "paarenchan_count": "int",
    "kokushi_chankan_ankan": "bool",
    "ryuuiisou_requires_hatsu": "bool",
    "pinfu_tsumo_fu": (20, 30),
    "double_wind_pair_fu": (2, 4),
    "rinshan_tsumo_fu": (0, 2),
    "open_pinfu_ron_fu": (20, 30),
    "kiriage_mangan": "bool",
    "kazoe_yakuman": "bool",
    "multiple_yakuman": "bool",
    "double_yakuman": "names",
    "max_yakuman": "int",
    "honba_points": "int",
    "pao": "names",
    "pao_honba_payer": ("discarder", "liable"),
    "pao_rinshan_payment": ("tsumo_total", "ron_value"),
    "abortive_draws": "names",
    "multiple_ron": ("all", "double", "head_bump"),
    "deposit_multi_ron": ("nearest", "split"),
    "honba_multi_ron": ("nearest", "each"),
    "kandora_timing": ("immediate", "late_open_kans"),
    "late_kandora_on_rinshan": "bool",
    "riichi_min_points": "int",
    "riichi_min_tiles": "int",
    "tenpai_requires_yaku": "bool",
    "karaten": ("concealed", "held", "visible"),
    "temp_furiten_clear": ("on_acquire", "on_discard"),
    "claim_window_ms": "int",
    "ron_window_ms": "int",
    "chombo_payment": ("none", "reverse_mangan"),
    "chombo_dealer": ("replay", "rotate"),
    "renchan": ("tenpai", "nanba", "dealer_win"),
    "length": ("east", "hanchan"),
    "start_points": "int",
    "target_points": "int",
    "extension": ("off", "until_target", "until_target_by_win"),
    "extension_rounds": "int",
    "bust": "bool",
    "agari_yame": "bool",
    "tenpai_yame": "bool",
    "leftover_deposits": ("lost", "to_first_place"),
    "ties": ("shared", "seat_order"),
    "uma": "uma",
    "oka_return": "int",
})
"""Each field of :class:`Rules`, in order, with the values it takes. An explicit table rather than
the annotations read at import (compiled classes do not keep them); tests/test_mahjong_rules.py
checks that it follows the annotations in the source."""

MAX_POINTS: Final = 1_000_000_000
"""The largest number of points a points field of :class:`Rules` takes (``start_points``,
``target_points``, ``oka_return``, ``riichi_min_points``, ``honba_points``). Not a rule (no rule
set has a maximum): an input bound of the library, far past any table's figures, so that a typo
or a hostile value is refused naming the field instead of playing a match of absurd numbers."""
MAX_WINDOW_MS: Final = 3_600_000
"""The longest claim or ron window (``claim_window_ms``, ``ron_window_ms``), in milliseconds: an
hour. Not a rule: an input bound of the library, as :data:`MAX_POINTS`."""
_BOUND: Final = "taku's input bound, not a rule"
_POINTS: Final = f"a non-negative number of points, at most {MAX_POINTS} ({_BOUND})"
_WINDOW: Final = (f"a non-negative number of milliseconds (0: no limit), at most {MAX_WINDOW_MS} "
                  f"(an hour: {_BOUND})")

_INT_RANGES: dict[str, tuple[int, int | None, str]] = {
    "paarenchan_count": (1, None, "at least 1"),
    "max_yakuman": (1, len(YAKUMAN_LIMIT_NAMES) - 1,
                    f"1..{len(YAKUMAN_LIMIT_NAMES) - 1} (the largest limit is "
                    f"{YAKUMAN_LIMIT_NAMES[-1]})"),
    "riichi_min_points": (0, MAX_POINTS, _POINTS),
    "riichi_min_tiles": (0, 70, "0..70"),
    "claim_window_ms": (0, MAX_WINDOW_MS, _WINDOW),
    "ron_window_ms": (0, MAX_WINDOW_MS, _WINDOW),
    "start_points": (0, MAX_POINTS, _POINTS),
    "target_points": (0, MAX_POINTS, f"{_POINTS} (0: no target)"),
    "extension_rounds": (0, 2, "0..2 (West, then North)"),
    "oka_return": (0, MAX_POINTS, f"{_POINTS} (0: no oka)"),
    "honba_points": (0, MAX_POINTS, f"a non-negative multiple of 3 (a tsumo splits the counters' points "
                                    f"in three), at most {MAX_POINTS} ({_BOUND})"),
}
"""The range of each ``int`` field: lowest, highest (None: no limit), and how to say it."""


def _check_field(name: str, kind: FieldKind, value: Any) -> None:
    """Raise :class:`UnknownRulesError` if ``value`` is not an allowed value of field ``name``."""

    def fail(allowed: str) -> None:
        raise UnknownRulesError(f"rules field {name} must be {allowed}, got {shown(value)}")

    if isinstance(kind, tuple):
        if not any(type(value) is type(choice) and value == choice for choice in kind):
            fail(f"one of {', '.join(str(choice) for choice in kind)}")
    elif kind == "bool":
        if type(value) is not bool:
            fail("true or false (a bool)")
    elif kind == "int":
        low, high, allowed = _INT_RANGES[name]
        if type(value) is not int or value < low or (high is not None and value > high):
            fail(allowed)
        if name == "honba_points" and value % 3:
            fail(allowed)
    elif kind == "names":
        known = {"double_yakuman": DOUBLE_YAKUMAN_CANDIDATES, "pao": PAO_TRIGGERS,
                 "abortive_draws": ABORTIVE_DRAWS}[name]
        what = {"double_yakuman": "a double yakuman candidate", "pao": "a pao trigger",
                "abortive_draws": "an abortive draw"}[name]
        names = ", ".join(sorted(known))
        if type(value) is not frozenset:
            fail(f"a frozenset of names from {names}")
        unknown = sorted(map(str, value - known))
        if unknown:
            raise UnknownRulesError(f"rules field {name}: not {what}: {', '.join(unknown)} "
                                    f"(choose from {names})")
    elif kind == "red_fives":
        if type(value) is not tuple or len(value) != 3 or any(
                type(n) is not int or not 0 <= n <= 4 for n in value):
            fail("three counts 0..4 (red fives of man, pin, sou)")
    elif kind == "uma":
        if type(value) is not tuple or len(value) != 4 or any(type(n) is not int for n in value):
            fail("four integers (thousands of points for first..fourth)")
        if sum(value):
            fail("four integers that sum to 0")
    else:  # a new kind of field needs its check here
        raise AssertionError(f"no check for rules field {name} of kind {kind}")


# Every preset is written out in full (no field left to the defaults), so that changing a default
# changes no preset; tests/test_mahjong_rules_presets.py holds each preset's values.

SEEDS_001_003 = Rules(
    red_fives=(0, 0, 0),                      # CFG-20: 001/003 have no red fives
    kandora=True,
    uradora=True,
    kuitan=True,
    atozuke=True,
    ippatsu=True,
    double_riichi=True,
    open_riichi=False,
    nagashi_mangan=True,
    nagashi_mangan_own_calls=False,           # as 004 B13 (001/003 are silent)
    haitei_on_rinshan=False,
    renhou="off",
    shiisanputa=False,
    daisharin="off",
    paarenchan="off",
    paarenchan_count=8,
    kokushi_chankan_ankan=True,
    ryuuiisou_requires_hatsu=False,
    pinfu_tsumo_fu=20,
    double_wind_pair_fu=2,                    # CFG-07: 001
    rinshan_tsumo_fu=2,
    open_pinfu_ron_fu=30,
    kiriage_mangan=False,
    kazoe_yakuman=True,
    multiple_yakuman=True,
    double_yakuman=frozenset(),
    max_yakuman=6,
    honba_points=300,
    pao=frozenset({"daisangen", "daisuushii"}),
    pao_honba_payer="discarder",
    pao_rinshan_payment="tsumo_total",
    abortive_draws=frozenset(),               # CFG-01/02: 003 L770-771 has none
    multiple_ron="all",                       # CFG-03: 003 sets no limit
    deposit_multi_ron="nearest",
    honba_multi_ron="nearest",
    kandora_timing="immediate",               # CFG-09: 003 L577, L587-588, L598-599
    late_kandora_on_rinshan=True,
    riichi_min_points=1000,
    riichi_min_tiles=4,
    tenpai_requires_yaku=False,
    karaten="held",                           # MJ-END-07: 003 L684
    temp_furiten_clear="on_acquire",
    claim_window_ms=0,
    ron_window_ms=0,
    chombo_payment="none",
    chombo_dealer="replay",
    renchan="tenpai",
    length="hanchan",
    start_points=25000,
    target_points=0,                          # 003 has no target, no extension
    extension="off",
    extension_rounds=1,
    bust=True,
    agari_yame=False,
    tenpai_yame=False,
    leftover_deposits="lost",
    ties="shared",
    uma=(0, 0, 0, 0),
    oka_return=0,
)

EMA = Rules(
    red_fives=(0, 0, 0),
    kandora=True,
    uradora=True,
    kuitan=True,
    atozuke=True,
    ippatsu=True,
    double_riichi=True,
    open_riichi=False,
    nagashi_mangan=False,                     # CFG-22: not in seeds 001/003
    nagashi_mangan_own_calls=False,           # as 004 B13 (no nagashi in 001/003)
    haitei_on_rinshan=False,
    renhou="off",
    shiisanputa=False,
    daisharin="off",
    paarenchan="off",
    paarenchan_count=8,
    kokushi_chankan_ankan=True,
    ryuuiisou_requires_hatsu=False,
    pinfu_tsumo_fu=20,
    double_wind_pair_fu=2,
    rinshan_tsumo_fu=2,
    open_pinfu_ron_fu=30,
    kiriage_mangan=False,
    kazoe_yakuman=True,
    multiple_yakuman=False,                   # CFG-17: seed 001 has one yakuman level
    double_yakuman=frozenset(),
    max_yakuman=6,
    honba_points=300,
    pao=frozenset({"daisangen", "daisuushii"}),
    pao_honba_payer="discarder",
    pao_rinshan_payment="tsumo_total",
    abortive_draws=frozenset(),               # CFG-01/02: 003 L770-771 has none
    multiple_ron="all",                       # CFG-03: 003 sets no limit
    deposit_multi_ron="nearest",
    honba_multi_ron="nearest",
    kandora_timing="immediate",               # CFG-09: 003 immediate
    late_kandora_on_rinshan=True,
    riichi_min_points=1000,
    riichi_min_tiles=4,
    tenpai_requires_yaku=False,
    karaten="held",                           # MJ-END-07: 003 L684 "holds all four"
    temp_furiten_clear="on_acquire",
    claim_window_ms=0,
    ron_window_ms=0,
    chombo_payment="none",                    # CFG-10: 003 replays the hand
    chombo_dealer="replay",
    renchan="tenpai",
    length="hanchan",
    start_points=25000,
    target_points=0,
    extension="off",
    extension_rounds=1,
    bust=True,
    agari_yame=False,
    tenpai_yame=False,
    leftover_deposits="lost",
    ties="shared",
    uma=(0, 0, 0, 0),
    oka_return=0,
)

MONTREAL = Rules(
    red_fives=(0, 0, 0),
    kandora=True,
    uradora=True,
    kuitan=True,
    atozuke=True,
    ippatsu=True,
    double_riichi=True,
    open_riichi=True,                         # 004 B12 (club play)
    nagashi_mangan=True,
    nagashi_mangan_own_calls=False,           # 004 B13: no call, no ankan
    haitei_on_rinshan=False,
    renhou="mangan",                          # 004 B24
    shiisanputa=True,                         # 004 B24
    daisharin="any_suit",                     # 004 B15
    paarenchan="counters",                    # 004 B7
    paarenchan_count=8,
    kokushi_chankan_ankan=True,
    ryuuiisou_requires_hatsu=False,
    pinfu_tsumo_fu=20,
    double_wind_pair_fu=4,                    # 004 B18
    rinshan_tsumo_fu=0,                       # 004 B18
    open_pinfu_ron_fu=30,
    kiriage_mangan=False,
    kazoe_yakuman=True,
    multiple_yakuman=True,
    double_yakuman=frozenset(),
    max_yakuman=6,
    honba_points=300,
    pao=PAO_TRIGGERS,                         # 004 B17
    pao_honba_payer="liable",                 # 004 B17
    pao_rinshan_payment="tsumo_total",
    abortive_draws=ABORTIVE_DRAWS,            # 004 B8 (all accepted)
    multiple_ron="double",                    # 004 B9: double ron paid, triple refused (sanchahou aborts)
    deposit_multi_ron="nearest",
    honba_multi_ron="nearest",
    kandora_timing="late_open_kans",          # 004 B4
    late_kandora_on_rinshan=True,             # MJ-MONTREAL-11
    riichi_min_points=1000,
    riichi_min_tiles=4,
    tenpai_requires_yaku=False,
    karaten="held",                           # 004 is silent: as 003 (the same family of competition rules)
    temp_furiten_clear="on_discard",          # 004 B10
    claim_window_ms=500,                      # 004 B11
    ron_window_ms=3000,                       # 004 B11
    chombo_payment="reverse_mangan",          # 004 B21
    chombo_dealer="rotate",                   # 004 B21, B7
    renchan="nanba",                          # 004 B5
    length="hanchan",
    start_points=25000,
    target_points=30000,                      # 004 B1
    extension="until_target_by_win",          # 004 B2
    extension_rounds=1,
    bust=True,
    agari_yame=False,
    tenpai_yame=False,
    leftover_deposits="to_first_place",       # 004 B3
    ties="shared",
    uma=(0, 0, 0, 0),
    oka_return=0,
)

TENHOU = Rules(
    red_fives=(1, 1, 1),                      # one red five per suit
    kandora=True,
    uradora=True,
    kuitan=True,
    atozuke=True,
    ippatsu=True,
    double_riichi=True,
    open_riichi=False,
    nagashi_mangan=True,
    nagashi_mangan_own_calls=True,            # issue 9: only his discards must stay uncalled
    haitei_on_rinshan=False,
    renhou="off",
    shiisanputa=False,
    daisharin="off",
    paarenchan="off",
    paarenchan_count=8,
    kokushi_chankan_ankan=False,              # Tenhou offers no ron on an ankan, not even kokushi
    ryuuiisou_requires_hatsu=False,
    pinfu_tsumo_fu=20,
    double_wind_pair_fu=4,                    # 4 fu (AGARI ten of real logs)
    rinshan_tsumo_fu=2,
    open_pinfu_ron_fu=30,
    kiriage_mangan=False,
    kazoe_yakuman=True,
    multiple_yakuman=True,
    double_yakuman=frozenset(),
    max_yakuman=6,
    honba_points=300,
    pao=frozenset({"daisangen", "daisuushii"}),
    pao_honba_payer="discarder",
    pao_rinshan_payment="tsumo_total",
    abortive_draws=ABORTIVE_DRAWS,            # RYUUKYOKU yao9 kaze4 reach4 kan4 ron3
    multiple_ron="double",                    # double ron paid, a triple ron aborts (ron3)
    deposit_multi_ron="nearest",
    honba_multi_ron="nearest",
    kandora_timing="late_open_kans",
    late_kandora_on_rinshan=False,            # open kan indicator after the discard
    riichi_min_points=1000,
    riichi_min_tiles=4,
    tenpai_requires_yaku=False,
    karaten="concealed",                      # issue 9: a wait on the 4th copy of one's pon is tenpai
    temp_furiten_clear="on_acquire",
    claim_window_ms=0,
    ron_window_ms=0,
    chombo_payment="none",
    chombo_dealer="replay",
    renchan="tenpai",
    length="hanchan",
    start_points=25000,
    target_points=30000,
    extension="until_target",
    extension_rounds=1,
    bust=True,
    agari_yame=True,                          # the last dealer stops after a win
    tenpai_yame=False,                        # issue 9: a tenpai dealer plays on (S4 -> S4 2 honba)
    leftover_deposits="to_first_place",
    ties="seat_order",                        # equal scores ranked by seat order
    uma=(20, 10, -10, -20),                   # ranked lobbies
    oka_return=30000,                         # 30,000 returned
)

MAHJONGSOUL = Rules(
    red_fives=(1, 1, 1),
    kandora=True,
    uradora=True,
    kuitan=True,
    atozuke=True,
    ippatsu=True,
    double_riichi=True,
    open_riichi=False,
    nagashi_mangan=True,
    nagashi_mangan_own_calls=True,            # as Tenhou
    haitei_on_rinshan=False,
    renhou="off",
    shiisanputa=False,
    daisharin="off",
    paarenchan="off",
    paarenchan_count=8,
    kokushi_chankan_ankan=True,
    ryuuiisou_requires_hatsu=False,
    pinfu_tsumo_fu=20,
    double_wind_pair_fu=4,
    rinshan_tsumo_fu=2,
    open_pinfu_ron_fu=30,
    kiriage_mangan=False,
    kazoe_yakuman=True,
    multiple_yakuman=True,
    double_yakuman=DOUBLE_YAKUMAN_CANDIDATES,  # the four "pure" yakuman count twice
    max_yakuman=6,
    honba_points=300,
    pao=frozenset({"daisangen", "daisuushii"}),
    pao_honba_payer="discarder",
    pao_rinshan_payment="tsumo_total",
    abortive_draws=ABORTIVE_DRAWS - {"sanchahou"},  # no sanchahou: a triple ron is paid
    multiple_ron="all",
    deposit_multi_ron="nearest",
    honba_multi_ron="nearest",
    kandora_timing="late_open_kans",
    late_kandora_on_rinshan=False,            # issue 9: open kan indicator after the discard
    riichi_min_points=1000,
    riichi_min_tiles=4,
    tenpai_requires_yaku=False,
    karaten="concealed",                      # as Tenhou
    temp_furiten_clear="on_acquire",
    claim_window_ms=0,
    ron_window_ms=0,
    chombo_payment="none",
    chombo_dealer="replay",
    renchan="tenpai",
    length="hanchan",
    start_points=25000,
    target_points=30000,
    extension="until_target",
    extension_rounds=1,
    bust=True,
    agari_yame=True,
    tenpai_yame=True,                         # the last dealer stops when tenpai too
    leftover_deposits="to_first_place",
    ties="seat_order",
    uma=(15, 5, -5, -15),                     # ranked lobbies
    oka_return=25000,
)

PRESETS: Mapping[str, Rules] = MappingProxyType({
    "tenhou": TENHOU,
    "mahjongsoul": MAHJONGSOUL,
    "ema": EMA,
    "montreal": MONTREAL,
    "seeds-001-003": SEEDS_001_003,
})
"""The named rule sets (read-only). ``Rules()`` (all defaults) is the ``tenhou`` preset."""

PRESET_ALIASES: Mapping[str, str] = MappingProxyType({"default": "tenhou"})
"""Other names of presets: ``default`` is the library's default rule set, Tenhou's."""


def rules_label(rules: Rules) -> str:
    """A one-line name of ``rules``: the preset it is, or the nearest preset and the fields that
    differ from it (``tenhou + kuitan=false``).

    >>> rules_label(Rules()), rules_label(Rules().replace(kuitan=False, length="east"))
    ('tenhou', 'tenhou + kuitan=false, length=east')
    """
    best = min(PRESETS, key=lambda name: len(PRESETS[name].differences(rules)))
    changes = PRESETS[best].differences(rules)
    if not changes:
        return best
    return best + " + " + ", ".join(f"{name}={_value_text(value)}"
                                    for name, (_, value) in changes.items())


def _value_text(value: Any) -> str:
    """A field value as ``--option`` takes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, frozenset):
        return ",".join(sorted(value))
    if isinstance(value, tuple):
        return ",".join(map(str, value))
    return str(value)
