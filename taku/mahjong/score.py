"""What a won hand is worth: yaku, dora, fu, limits and payments (MJ-SCORE, MJ-PAO).

:func:`score_hand` takes a 14-tile :class:`~taku.mahjong.hand.Hand` whose concealed tiles include the
winning tile, the winning tile, a :class:`Win` describing the situation and a
:class:`~taku.mahjong.rules.Rules`, and returns a :class:`HandScore`. Every decomposition of the
hand and every group the winning tile may have completed is tried; the one that scores most wins.

Seats are seat winds: 0 = East (the dealer), 1 = South, 2 = West, 3 = North.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple, cast, final

from taku.mahjong.decompose import (
    TRIPLET,
    IntTable,
    PartSummaries,
    part_summaries,
    part_summaries_of_codes,
    reading,
    readings,
)
from taku.mahjong.errors import InvalidHandError, NotAWinError, NoYakuError
from taku.mahjong.fu import (
    CHIITOITSU_FU,
    CLOSED_KAN_FU,
    CLOSED_KAN_ITEMS,
    OPEN_KAN_FU,
    OPEN_KAN_ITEMS,
    OPEN_TRIPLET_FU,
    OPEN_TRIPLET_ITEMS,
    FuItem,
    fu_of_split,
    fu_total,
    pair_fu,
    pair_fu_item,
)
from taku.mahjong.hand import Hand, Meld
from taku.mahjong.rules import Rules
from taku.mahjong.seats import seat_after
from taku.mahjong.tiles import (
    CHUN,
    HAKU,
    HATSU,
    SUITS,
    TERMINALS_AND_HONORS,
    Tile,
    dora_from_indicator,
    kind_to_str,
    tiles_to_str,
)
from taku.mahjong.yaku import (
    LIMITS,
    MANGAN_BASE,
    YAKU,
    YAKUMAN_BASE,
    YAKUMAN_LIMIT_NAMES,
    limit_for_han,
)
from taku.values import reduce_value

# A constant tuple indexed by a variable is typed tuple[X, ...]: a fixed-length one is a C struct
# in the compiled build, boxed into a new tuple at every such index.
SEAT_NAMES: Final[tuple[str, ...]] = ("East", "South", "West", "North")
_GREEN: Final = frozenset({19, 20, 21, 23, 25, HATSU})  # 2s 3s 4s 6s 8s hatsu
_MANGAN: Final = MANGAN_BASE
_MANGAN_HAN: Final = LIMITS[0].han


_new: Final = tuple.__new__  # builds a named tuple without the keyword-argument layer (hot paths)


def _ceil100(points: int) -> int:
    return -(-points // 100) * 100


_FLAGS: Final = ("tsumo", "riichi", "double_riichi", "ippatsu", "open_riichi", "rinshan", "chankan",
          "haitei", "houtei", "first_turn")


@dataclass(frozen=True, slots=True, init=False)
class Win:
    """The situation of a win: how it was made, the winds, the dora and the sticks on the table.

    ``seat_wind`` and ``round_wind`` are 0..3 (East..North); the dealer is the East seat.
    ``dora_indicators`` include kan-dora indicators. ``deposits`` counts the riichi sticks on the
    table (1,000 points each), ``honba`` the counters. ``discarder`` is the seat that dealt in (for
    ron; ``None`` if unknown), ``pao_seat`` a liable player (MJ-PAO): liable for the yakuman the
    rules name, or for a rinshan win (MJ-PAO-04) only if the hand's daiminkan was called from that
    seat (a kakan or an ankan makes nobody liable). ``first_turn`` marks a win in
    the first, uninterrupted go-around before the winner's first discard (tenhou, chiihou, renhou).
    ``renchan`` is the number of consecutive wins of the dealer before this hand (paarenchan).
    Flags are bools and seats and counts ints (a bool is not a seat); at most 5 dora and 5 ura-dora
    indicators (MJ-FLOW-31). What depends on the hand (a kan for ``rinshan``, the tiles against the
    indicators) is checked by :func:`score_hand`.
    """

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_value(self)

    tsumo: bool
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    open_riichi: bool
    rinshan: bool
    chankan: bool
    haitei: bool
    houtei: bool
    first_turn: bool
    seat_wind: int
    round_wind: int
    dora_indicators: tuple[Tile, ...]
    ura_indicators: tuple[Tile, ...]
    honba: int
    deposits: int
    discarder: int | None
    pao_seat: int | None
    renchan: int

    # The parameters are objects, checked here before they are stored: a compiled build would
    # otherwise reject a value of the wrong type with its own TypeError, and store a bool as an int.
    def __init__(self, tsumo: object = False, riichi: object = False, double_riichi: object = False,
                 ippatsu: object = False, open_riichi: object = False, rinshan: object = False,
                 chankan: object = False, haitei: object = False, houtei: object = False,
                 first_turn: object = False, seat_wind: object = 0, round_wind: object = 0,
                 dora_indicators: object = (), ura_indicators: object = (), honba: object = 0,
                 deposits: object = 0, discarder: object = None, pao_seat: object = None,
                 renchan: object = 0) -> None:
        values = (
            ("tsumo", tsumo), ("riichi", riichi), ("double_riichi", double_riichi),
            ("ippatsu", ippatsu), ("open_riichi", open_riichi), ("rinshan", rinshan),
            ("chankan", chankan), ("haitei", haitei), ("houtei", houtei), ("first_turn", first_turn),
            ("seat_wind", seat_wind), ("round_wind", round_wind), ("dora_indicators", dora_indicators),
            ("ura_indicators", ura_indicators), ("honba", honba), ("deposits", deposits),
            ("discarder", discarder), ("pao_seat", pao_seat), ("renchan", renchan),
        )
        for name, value in values:
            if name in _FLAGS:
                if type(value) is not bool:
                    raise InvalidHandError(f"{name} must be True or False, got {value!r}")
            elif name in ("seat_wind", "round_wind"):
                if type(value) is not int or not 0 <= value <= 3:  # bools are not seats
                    raise InvalidHandError(f"{name} must be 0..3 (East..North), got {value!r}")
            elif name in ("honba", "deposits", "renchan"):
                if type(value) is not int or value < 0:
                    raise InvalidHandError(f"{name} must be a non-negative integer, got {value!r}")
            elif name in ("dora_indicators", "ura_indicators"):
                if not isinstance(value, tuple) or not all(isinstance(t, Tile) for t in value):
                    raise InvalidHandError(f"{name} must be a tuple of Tile, got {value!r}")
                if len(value) > 5:  # MJ-FLOW-31: one indicator, and one more per kan (at most 4)
                    raise InvalidHandError(f"{name}: at most 5 indicators (the first and 4 kan-dora), "
                                           f"got {len(value)}")
            elif value is not None and (type(value) is not int or not 0 <= value <= 3):
                raise InvalidHandError(f"{name} must be a seat 0..3, got {value!r}")  # discarder, pao
            object.__setattr__(self, name, value)
        self._check_situation()

    def _check_situation(self) -> None:
        """Raise :class:`InvalidHandError` for flags and seats that cannot go together."""
        def fail(message: str) -> None:
            raise InvalidHandError(message)

        riichi = self.riichi or self.double_riichi or self.open_riichi
        if self.riichi and self.double_riichi:
            fail("riichi and double_riichi: give one (a double riichi counts 2 han in place of "
                 "riichi's 1)")
        if self.ippatsu and not riichi:
            fail("ippatsu needs riichi")
        if self.tsumo and (self.chankan or self.houtei):
            fail("chankan and houtei are wins by ron, not tsumo")
        if not self.tsumo and (self.rinshan or self.haitei):
            fail("rinshan and haitei are wins by tsumo")
        if self.haitei and self.houtei:
            fail("a win cannot be both haitei and houtei")
        if self.chankan and self.houtei:
            fail("a win cannot be both chankan and houtei: no kan may be declared on the last "
                 "tile (MJ-FLOW-29), so a robbed kan is never the last discard")
        if self.ippatsu and self.rinshan:
            fail("a win cannot be both ippatsu and rinshan: the winner's own kan ends the "
                 "ippatsu go-around (MJ-RIICHI-10)")
        if self.first_turn and (riichi or self.rinshan or self.chankan):
            fail("a first-turn win (tenhou, chiihou, renhou) cannot follow riichi or a kan")
        if self.first_turn and (self.haitei or self.houtei):
            fail("a first-turn win (tenhou, chiihou, renhou) cannot be on the last tile")
        if self.first_turn and not self.tsumo and self.seat_wind == 0:
            fail("the dealer cannot win by ron before his first draw (renhou is a non-dealer's)")
        if self.discarder is not None:
            if self.tsumo:
                fail(f"discarder {self.discarder} ({SEAT_NAMES[self.discarder]}): "
                     "a tsumo win has no discarder")
            if self.discarder == self.seat_wind:
                fail(f"discarder {self.discarder} ({SEAT_NAMES[self.discarder]}) is the winner: "
                     "a player cannot win on his own discard")
            if self.first_turn and self.discarder > self.seat_wind:
                fail(f"renhou on the discard of {SEAT_NAMES[self.discarder]}: that seat plays "
                     f"after {SEAT_NAMES[self.seat_wind]} in the first go-around, when the "
                     "winner has already drawn")
        if self.pao_seat is not None and self.pao_seat == self.seat_wind:
            fail("the winner cannot be liable (pao) for his own hand")

    @property
    def is_dealer(self) -> bool:
        """Whether the winner is the dealer (East)."""
        return self.seat_wind == 0

    @property
    def any_riichi(self) -> bool:
        """Whether the winner declared riichi of any kind."""
        return self.riichi or self.double_riichi or self.open_riichi


_NO_WIN: Final = Win()
_DEFAULT_RULES: Final = Rules()


class Payment(NamedTuple):
    """One player's payment to the winner: ``amount`` includes ``honba`` (the counters' part).

    ``payer`` is a seat (0..3) or ``None`` for "the discarder" when the discarder is not known.
    An immutable record (a named tuple, cheap to make: the scorer makes many).
    """

    payer: int | None
    amount: int
    honba: int = 0


class HandScore(NamedTuple):
    """The value of a won hand, as a score sheet shows it (an immutable record, a named tuple)."""

    yaku: tuple[tuple[str, int], ...]
    """Yaku with their han (a yakuman shows 13 per multiple)."""
    yakuman: int
    """Yakuman multiple (0 for an ordinary hand; kazoe yakuman counts 1)."""
    han: int
    """Han of yaku and dora together (13 per yakuman for a yakuman hand)."""
    fu: int
    """Fu, rounded (25 for chiitoitsu)."""
    fu_items: tuple[FuItem, ...]
    """Itemised fu before rounding."""
    dora: int
    """Dora from indicators, kan-dora indicators included."""
    aka: int
    """Red fives."""
    ura: int
    """Ura-dora (riichi winners only)."""
    limit: str | None
    """``mangan`` .. ``sanbaiman``, ``yakuman``, ``kazoe yakuman``, ``double yakuman``...; None below."""
    base: int
    """Basic points (fu x 2^(2+han), or the limit's)."""
    dealer: bool
    tsumo: bool
    payments: tuple[Payment, ...]
    """Who pays the winner how much, counters included."""
    deposits: int
    """Points the winner collects from riichi sticks on the table."""
    decomposition: str = ""
    """The groups the score was counted from (``123m 456p 789s 111z 55z``)."""
    wait: str = ""
    """The wait the winning tile completed: ryanmen, kanchan, penchan, shanpon, tanki, ..."""
    liable: tuple[Payment, ...] = ()
    """What a liable (pao) player pays by liability alone: empty, or one :class:`Payment` (counters
    included when he pays them). His ordinary share of any rest of the hand (a second yakuman,
    MJ-PAO-08) is not in it; ``payments`` holds everything each player pays."""

    @property
    def total(self) -> int:
        """Points paid by the other players, counters included (deposits not included)."""
        return sum(p.amount for p in self.payments)

    @property
    def received(self) -> int:
        """Everything the winner receives: payments and deposits."""
        return self.total + self.deposits

    @property
    def all_dora(self) -> int:
        """Dora, red fives and ura-dora together."""
        return self.dora + self.aka + self.ura

    def to_dict(self) -> dict[str, object]:
        """The score as plain data (the ``--json`` / ``--batch`` output).

        ``points`` holds ``total`` and ``ron``, or ``tsumo_dealer`` and ``tsumo_others`` (what the
        dealer and each other player pays; for a dealer's win ``tsumo_others`` only). With a
        liable (pao) player it also holds ``liable``: ``{"payer": "North", "amount": N}``, what he
        pays by liability (counters included); the tsumo split is then that of the rest."""
        points: dict[str, object] = {"total": self.total}
        if self.tsumo:
            # The normal split of what is not paid by liability (0 if the liable pays it all).
            by_seat = {p.payer: p.amount for p in self.payments}
            for part in self.liable:
                by_seat[part.payer] -= part.amount
            dealer_pays = 0 if self.dealer else by_seat.get(0, 0)
            others = [a for s, a in by_seat.items() if s != 0] if not self.dealer else \
                list(by_seat.values())
            points["tsumo_dealer"] = dealer_pays
            points["tsumo_others"] = max(others) if others else 0
        else:
            points["ron"] = self.total
        for part in self.liable:
            points["liable"] = {"payer": SEAT_NAMES[part.payer] if part.payer is not None
                                else "discarder", "amount": part.amount}
        points["deposits"] = self.deposits
        return {
            "han": self.han,
            "fu": self.fu,
            "yaku": [[name, han] for name, han in self.yaku],
            "yakuman": self.yakuman,
            "dora": self.all_dora,
            "dora_breakdown": {"dora": self.dora, "aka": self.aka, "ura": self.ura},
            "limit": self.limit,
            "base": self.base,
            "fu_items": [[name, fu] for name, fu in self.fu_items],
            "points": points,
            "payments": [{"payer": SEAT_NAMES[p.payer] if p.payer is not None else "discarder",
                          "amount": p.amount, "honba": p.honba} for p in self.payments],
            "decomposition": self.decomposition,
            "wait": self.wait,
        }


# --- basic points and payments ---------------------------------------------------------------

def basic_points(han: int, fu: int, rules: Rules | None = None) -> tuple[int, str | None]:
    """Basic points and limit name of an ordinary hand of ``han`` and ``fu`` (MJ-SCORE-05, -15).

    >>> basic_points(3, 30)
    (960, None)
    >>> basic_points(4, 40)
    (2000, 'mangan')
    >>> basic_points(13, 30)
    (8000, 'kazoe yakuman')
    """
    rules = rules or _DEFAULT_RULES
    base = _basic(han, fu, rules)
    return base, _limit_name(han, base, rules)


def _basic(han: int, fu: int, rules: Rules) -> int:
    """Basic points of an ordinary hand of ``han`` and ``fu``: fu x 2^(2+han) up to a mangan
    (rounded up to one with ``Rules.kiriage_mangan``, CFG-21), else its limit's, from
    :data:`~taku.mahjong.yaku.LIMITS` (the one place the scorer and :func:`basic_points` read)."""
    if han >= 5:
        return (_LIMIT_BASE if rules.kazoe_yakuman else _LIMIT_BASE_NO_KAZOE)[min(han, 13)]
    base = fu << (2 + han)
    if base >= _MANGAN or (rules.kiriage_mangan and ((han == 4 and fu == 30) or (han == 3 and fu == 60))):
        return _MANGAN
    return base


def _limit_name(han: int, base: int, rules: Rules) -> str | None:
    """The limit a hand of ``han`` worth ``base`` basic points reaches (None below a mangan)."""
    if base < _MANGAN:
        return None
    limit = limit_for_han(han, rules.kazoe_yakuman)
    return "mangan" if limit is None else limit.name


_LIMIT_BASE: Final = tuple(0 if (limit := limit_for_han(han)) is None else limit.base for han in range(14))
"""Basic points of a limit hand by han, 5..13 (13: kazoe yakuman). MJ-SCORE-05."""
_LIMIT_BASE_NO_KAZOE: Final = tuple(0 if (limit := limit_for_han(han, False)) is None else limit.base
                             for han in range(14))


def hand_payments(base: int, *, dealer: bool, tsumo: bool, seat: int = 0,
                  discarder: int | None = None, honba: int = 0,
                  rules: Rules | None = None) -> tuple[Payment, ...]:
    """Payments for a hand of ``base`` basic points (MJ-SCORE-16, -17, -22).

    Ron: the discarder pays 6b (dealer winner) or 4b, rounded up to 100, plus the counters.
    Tsumo: each payer pays 2b (to a dealer, or the dealer to a non-dealer) or b, rounded up.

    >>> [p.amount for p in hand_payments(480, dealer=False, tsumo=True, seat=1)]
    [1000, 500, 500]
    """
    return _new_payments(base, dealer, tsumo, seat, discarder, honba,
                         rules.honba_points if rules is not None else 300)


def _payments(base: int, dealer: bool, tsumo: bool, seat: int, discarder: int | None, honba: int,
              honba_points: int) -> tuple[Payment, ...]:
    """:func:`hand_payments` with positional arguments (the scorer's hot path). The payments are
    immutable, so equal ones are shared: they come from a bounded cache when the arguments fit its
    key (building three named tuples costs more than a look-up)."""
    if (0 < base < 1 << 20 and 0 <= honba < 1 << 12 and 0 <= honba_points < 1 << 16
            and 0 <= seat <= 3 and (discarder is None or 0 <= discarder <= 3)):
        key = ((((honba_points << 12 | honba) << 3 | (4 if discarder is None else discarder)) << 2
                | seat) << 2 | dealer << 1 | tsumo) << 20 | base
        known = _PAYMENTS_CACHE.get(key)
        if known is not None:
            return cast(tuple[Payment, ...], known)
        found = _new_payments(base, dealer, tsumo, seat, discarder, honba, honba_points)
        if _PAYMENTS_CACHE.used < _PAYMENTS_CACHE_SIZE:
            _PAYMENTS_CACHE.add(key, found)
        return found
    return _new_payments(base, dealer, tsumo, seat, discarder, honba, honba_points)


_PAYMENT: Final = Payment  # a native static: the class is not looked up in the module's dict
_HAND_SCORE: Final = HandScore
_PAYMENTS_CACHE: Final = IntTable()
_PAYMENTS_CACHE_SIZE: Final = 4096


def _new_payments(base: int, dealer: bool, tsumo: bool, seat: int, discarder: int | None, honba: int,
                  honba_points: int) -> tuple[Payment, ...]:
    if not tsumo:
        extra = honba_points * honba
        return (_new(_PAYMENT, (discarder, -(-base * (6 if dealer else 4) // 100) * 100 + extra, extra)),)
    extra = honba_points // 3 * honba
    double = -(-base * 2 // 100) * 100 + extra
    single = double if dealer else -(-base // 100) * 100 + extra
    first, second, third = _OTHER_SEATS[seat]  # the dealer (0) comes first when he pays
    return (_new(_PAYMENT, (first, double if first == 0 else single, extra)),
            _new(_PAYMENT, (second, single, extra)), _new(_PAYMENT, (third, single, extra)))


_OTHER_SEATS: Final[tuple[tuple[int, int, int], ...]] = ((1, 2, 3), (0, 2, 3), (0, 1, 3), (0, 1, 2))


def nagashi_mangan_payments(seat: object, rules: Rules | None = None) -> tuple[Payment, ...]:
    """Payments of a nagashi mangan: a mangan paid as by tsumo, with no counters (MJ-MONTREAL-21).

    Raises :class:`~taku.mahjong.errors.NotAWinError` if the rules do not play nagashi mangan
    (``Rules.nagashi_mangan``, CFG-22) and :class:`~taku.mahjong.errors.InvalidHandError` for a seat
    that is not 0..3."""
    rules = rules or _DEFAULT_RULES
    if type(seat) is not int or not 0 <= seat <= 3:
        raise InvalidHandError(f"seat must be 0..3 (East..North), got {seat!r}")
    if not rules.nagashi_mangan:
        raise NotAWinError("nagashi mangan is not played under these rules (nagashi_mangan is off)")
    return _payments(_MANGAN, seat == 0, True, seat, None, 0, rules.honba_points)


def nagashi_mangan_score(seat: object, rules: Rules | None = None) -> HandScore:
    """A nagashi mangan as a score sheet: the yaku ``("nagashi mangan", 5)``, a mangan paid as by
    tsumo with no counters (MJ-MONTREAL-21, MJ-SCORE-24); errors as
    :func:`nagashi_mangan_payments`."""
    payments = nagashi_mangan_payments(seat, rules)
    return HandScore(
        yaku=(("nagashi mangan", _MANGAN_HAN),), yakuman=0, han=_MANGAN_HAN, fu=0, fu_items=(),
        dora=0, aka=0, ura=0,
        limit="mangan", base=_MANGAN, dealer=seat == 0, tsumo=True, payments=payments, deposits=0)


def chombo_payments(seat: int) -> tuple[Payment, ...]:
    """A chombo as a reverse mangan: what each other player receives (MJ-MONTREAL-33)."""
    return tuple(Payment(other, 2 * _MANGAN if seat == 0 or other == 0 else _MANGAN)
                 for other in range(4) if other != seat)


# --- the scorer ----------------------------------------------------------------------------------

Yaku = tuple[str, int]
"""A yaku and its han."""

_DORA_OF: Final = tuple(dora_from_indicator(kind) for kind in range(34))
_GROUP_TEXT: Final = tuple(
    "".join(str(code % 9 + 1 + i) for i in range(3)) + SUITS[code // 9] if code < 27 else ""
    for code in range(TRIPLET)) + tuple(kind_to_str(k)[0] * 3 + SUITS[k // 9] for k in range(34))
_PAIR_TEXT: Final = tuple(kind_to_str(k)[0] * 2 + SUITS[k // 9] for k in range(34))
_OUTSIDE_SEQUENCES: Final = sum(1 << n for n in (0, 6, 9, 15, 18, 24))
"""The sequences 123 and 789 of each suit, one bit per lowest kind."""
_YAOCHUU_KINDS: Final = sum(1 << kind for kind in TERMINALS_AND_HONORS)
"""The terminal and honour kinds, one bit per kind."""


def _entry(name: str, menzen: bool = True) -> Yaku:
    """A yaku of the catalogue with its han, closed or open (:data:`~taku.mahjong.yaku.YAKU`)."""
    info = YAKU[name]
    return name, info.closed if menzen else info.open


def _by_menzen(name: str) -> tuple[Yaku, ...]:
    """A yaku as it counts open and closed, indexed by ``menzen`` (``False``, ``True``)."""
    return _entry(name, False), _entry(name)


_RIICHI: Final = _entry("riichi")
_DOUBLE_RIICHI: Final = _entry("double riichi")
_OPEN_RIICHI: Final = _entry("open riichi")
_IPPATSU: Final = _entry("ippatsu")
_MENZEN_TSUMO: Final = _entry("menzen tsumo")
_HAITEI: Final = _entry("haitei raoyue")
_HOUTEI: Final = _entry("houtei raoyui")
_RINSHAN: Final = _entry("rinshan kaihou")
_CHANKAN: Final = _entry("chankan")
_TANYAO: Final[tuple[Yaku, ...]] = _by_menzen("tanyao")
_HONITSU: Final[tuple[Yaku, ...]] = _by_menzen("honitsu")
_CHINITSU: Final[tuple[Yaku, ...]] = _by_menzen("chinitsu")
_HONROUTOU: Final = _entry("honroutou")
_HAKU: Final = HAKU  # the first dragon, a native constant
_YAKUHAI_HAKU: Final = _entry("yakuhai (haku)")
_YAKUHAI_HATSU: Final = _entry("yakuhai (hatsu)")
_YAKUHAI_CHUN: Final = _entry("yakuhai (chun)")
_SEAT_WIND: Final = _entry("yakuhai (seat wind)")
_ROUND_WIND: Final = _entry("yakuhai (round wind)")
_SHOUSANGEN: Final = _entry("shousangen")
_SANKANTSU: Final = _entry("sankantsu")
_SANSHOKU_DOUJUN: Final[tuple[Yaku, ...]] = _by_menzen("sanshoku doujun")
_ITTSU: Final[tuple[Yaku, ...]] = _by_menzen("ittsu")
_CHANTA: Final[tuple[Yaku, ...]] = _by_menzen("chanta")
_JUNCHAN: Final[tuple[Yaku, ...]] = _by_menzen("junchan")
_PINFU: Final = _entry("pinfu")
_SANANKOU: Final = _entry("sanankou")
_TOITOI: Final = _entry("toitoi")
_SANSHOKU_DOUKOU: Final = _entry("sanshoku doukou")
_RYANPEIKOU: Final = _entry("ryanpeikou")
_IIPEIKOU: Final = _entry("iipeikou")
_CHIITOITSU: Final = _entry("chiitoitsu")


def _regular_yakuman_shape(full: tuple[int, ...]) -> list[Yaku]:
    """Yakuman that depend only on the tiles (regular shape): honour yakuman."""
    found: list[Yaku] = []
    if full[HAKU] >= 3 and full[HATSU] >= 3 and full[CHUN] >= 3:
        found.append(("daisangen", 1))
    wind_sets = (full[27] >= 3) + (full[28] >= 3) + (full[29] >= 3) + (full[30] >= 3)
    if wind_sets == 4:
        found.append(("daisuushii", 1))
    elif wind_sets == 3 and 2 in full[27:31]:
        found.append(("shousuushii", 1))
    return found


def _colour_yakuman(full: tuple[int, ...], total: int, honors: int, rules: Rules) -> list[Yaku]:
    """Yakuman of tile colours: tsuuiisou, chinroutou, ryuuiisou."""
    found: list[Yaku] = []
    if honors == total:
        found.append(("tsuuiisou", 1))
    if full[0] + full[8] + full[9] + full[17] + full[18] + full[26] == total:
        found.append(("chinroutou", 1))
    if full[19] + full[20] + full[21] + full[23] + full[25] + full[HATSU] == total and (
            full[HATSU] or not rules.ryuuiisou_requires_hatsu):
        found.append(("ryuuiisou", 1))
    return found


def _is_shiisanputa(counts: tuple[int, ...]) -> bool:
    """One pair and twelve tiles with no pair, triplet or partial sequence among them."""
    pairs = 0
    for kind, count in enumerate(counts):
        if count > 2:
            return False
        if count == 2:
            pairs += 1
        if count and kind < 27 and kind % 9 < 8 and (
                counts[kind + 1] or (kind % 9 < 7 and counts[kind + 2])):
            return False
    return pairs == 1


def _chuuren(counts: tuple[int, ...], win: int) -> str | None:
    """``chuuren poutou`` / ``junsei chuuren poutou`` if the closed counts (one suit) are nine gates:
    1112345678999 and one more tile of the suit; junsei if the winning tile is that one."""
    suit = win // 9
    if suit == 3:
        return None
    start = suit * 9
    total = 0
    extra = -1  # the kind held once more than the pattern asks
    for n in range(9):
        count = counts[start + n]
        need = 3 if n == 0 or n == 8 else 1
        if count < need:
            return None
        if count > need:
            extra = n
        total += count
    if total != 14:
        return None
    return "junsei chuuren poutou" if extra == win - start else "chuuren poutou"


def score_hand(hand: object, win_tile: object, win: object = None, rules: object = None) -> HandScore:
    """Score a won hand (MJ-SCORE): the best of every decomposition and wait interpretation.

    ``hand.closed`` holds the concealed tiles *including* the winning tile.
    Raises :class:`~taku.mahjong.errors.NotAWinError` for a hand that is not complete and
    :class:`~taku.mahjong.errors.NoYakuError` for a complete hand without yaku.

    The scorer works in passes: the hand and the situation are checked and the melds and dora
    counted; the situational yaku (:func:`_situational_yaku`) and the tile yaku of the whole hand
    (:func:`_add_tile_yaku`), shared by every reading, are found once; each reading of the tiles
    (kokushi, seven pairs, every decomposition and every group the winning tile may have
    completed, :func:`_best_regular`) adds its own yaku and is ranked by its basic points; the
    best is turned into limits and payments (:func:`_result`). Han values come from the
    :data:`~taku.mahjong.yaku.YAKU` catalogue, limits from :data:`~taku.mahjong.yaku.LIMITS`.

    >>> from taku.mahjong.tiles import Tile
    >>> s = score_hand(Hand.from_str("22456m456p456s789s"), Tile.from_str("2m"), Win(seat_wind=1))
    >>> s.yaku, s.han, s.fu, s.total
    ((('sanshoku doujun', 2),), 2, 40, 2600)
    """
    # The arguments are objects, checked here (a compiled build would otherwise reject a value of
    # the wrong type with its own TypeError before this one-line error); the scorer proper takes
    # them typed.
    win = _NO_WIN if win is None else win
    rules = _DEFAULT_RULES if rules is None else rules
    if not (isinstance(hand, Hand) and isinstance(win_tile, Tile) and isinstance(win, Win)
            and isinstance(rules, Rules)):
        raise _argument_type_error(hand, win_tile, win, rules)
    return _score_hand(hand, win_tile, win, rules)


def _score_hand(hand: Hand, win_tile: Tile, win: Win, rules: Rules) -> HandScore:
    """:func:`score_hand` once its arguments are checked."""
    # --- pass 0: the hand, its melds and its dora ---
    _check_hand(hand, win_tile, win)
    closed = hand.closed
    melds = hand.melds
    w = win_tile.kind
    counts = hand.tile_counts
    full = hand.all_counts
    reds = hand.red_counts
    aka = reds[0] + reds[1] + reds[2]
    if aka:
        _check_red_fives(reds, rules)
    (menzen, kans, ankans, meld_sequence_bits, meld_triplet_bits, meld_sequences, meld_triplets,
     meld_fu, meld_suits) = _meld_summary(melds)
    dealer = win.seat_wind == 0
    rinshan_liable = _rinshan_liable(melds, kans, win)
    if win.chankan and full[w] != 1:
        raise InvalidHandError(
            f"a chankan win robs the fourth {kind_to_str(w)} of another player's kan, so the hand "
            f"holds no other copy of it; it holds {full[w] - 1} more")
    dora, ura = _count_dora(full, reds, w, win, rules)

    # --- pass 1: yaku of the situation and of the whole hand, shared by every reading ---
    hand_yaku = _situational_yaku(win, menzen, rules)
    situational_count = len(hand_yaku)  # the tile yaku follow them in the same list
    total_tiles = 14 + kans
    honors_total = full[27] + full[28] + full[29] + full[30] + full[31] + full[32] + full[33]
    terminals_total = full[0] + full[8] + full[9] + full[17] + full[18] + full[26]
    yaochuu_total = terminals_total + honors_total
    if _COMPILED:
        # The concealed parts' counts packed from the 14 tiles (fewer steps than the 34 counts).
        man, pin, sou, honours = _part_codes(closed)
        suits_used = _BITS_SET[(man != 0) | (pin != 0) << 1 | (sou != 0) << 2 | meld_suits]
    else:
        man = pin = sou = honours = 0
        suits_used = _suits_used(full)
    _add_tile_yaku(hand_yaku, menzen, suits_used, honors_total, terminals_total, total_tiles, rules)
    situation_yakuman = _situation_yakuman(win, dealer, rules)
    colour_yakuman = (_colour_yakuman(full, total_tiles, honors_total, rules)
                      if suits_used <= 1 or yaochuu_total == total_tiles else [])

    # --- pass 2: every reading of the tiles, with its own yaku; the best is kept ---
    best: _Candidate | None = None
    candidates = 0
    if not melds and yaochuu_total == 14 and all(counts[k] for k in TERMINALS_AND_HONORS):
        candidates += 1
        thirteen = counts[w] == 2
        name = "kokushi musou juusanmen" if thirteen else "kokushi musou"
        # Situation yakuman (tenhou, chiihou, renhou, paarenchan) combine with it (MJ-SCORE-23).
        yakuman = [*situation_yakuman, (name, 1)]
        best = _Candidate(_yakuman_key(yakuman, 0, rules), [], yakuman, 0, (),
                          tiles_to_str(closed, sort=True), -1, (), "13-sided" if thirteen else "tanki")
    if not melds and _is_seven_pairs(counts):
        candidates += 1
        yaku = hand_yaku[:situational_count]
        yaku.append(_CHIITOITSU)
        yaku += hand_yaku[situational_count:]
        yakuman = [*situation_yakuman, *colour_yakuman]
        if rules.daisharin != "off":
            for suit in ((1,) if rules.daisharin == "pin" else (0, 1, 2)):
                if all(counts[suit * 9 + n] == 2 for n in range(1, 8)):
                    yakuman.append(("daisharin", 1))
        key = _key(yaku, yakuman, CHIITOITSU_FU, dora + aka + ura, rules)
        if key is not None and (best is None or key > best.rank):
            text = " ".join(_PAIR_TEXT[k] for k in range(34) if counts[k])
            best = _Candidate(key, yaku, yakuman, CHIITOITSU_FU, (("chiitoitsu", CHIITOITSU_FU),),
                              text, -1, (), "tanki")
    parts = (part_summaries_of_codes(man, pin, sou, honours) if _COMPILED
             else part_summaries(bytes(counts)))
    regular = readings(parts)
    if regular:
        # The other readings took copies of these lists: the regular readings extend them.
        shape_yakuman = situation_yakuman
        situation_count = len(shape_yakuman)
        if colour_yakuman:
            shape_yakuman += colour_yakuman
        if honors_total >= 8:
            shape_yakuman[situation_count:situation_count] = _regular_yakuman_shape(full)
        if kans == 4:
            shape_yakuman.append(("suukantsu", 1))
        if not melds and suits_used == 1 and not honors_total:
            nine_gates = _chuuren(counts, w)
            if nine_gates:
                shape_yakuman.append((nine_gates, 1))
        if honors_total >= 3:
            _add_honor_yaku(hand_yaku, full, win.seat_wind, win.round_wind)
        if kans == 3:
            hand_yaku.append(_SANKANTSU)
        candidates += regular
        best = _best_regular(parts, regular, best, w, win, rules, menzen, melds, ankans,
                             meld_sequence_bits, meld_triplet_bits, meld_sequences, meld_triplets,
                             meld_fu, hand_yaku, shape_yakuman, yaochuu_total, honors_total,
                             dora + aka + ura)

    # --- pass 3: limits and payments ---
    if not candidates:
        if win.first_turn and win.tsumo and not melds and rules.shiisanputa and \
                _is_shiisanputa(counts):
            return _fixed_mangan("shiisanputa", win, rules, hand)
        raise NotAWinError(_Message("{} is not a complete hand with {} (four groups and a pair, "
                                    "seven pairs or kokushi musou)", hand, win_tile))
    if win.first_turn and not win.tsumo and rules.renhou == "mangan" and \
            (best is None or not best.rank >> _RANK_REAL_SHIFT & 1):
        # MJ-SCORE-24, MJ-MONTREAL-40: "a mangan only", unless the hand is a real yakuman.
        return _fixed_mangan("renhou", win, rules, hand)
    if best is None:
        raise NoYakuError(_Message("{} won on {} has no yaku (dora are not yaku)", hand, win_tile))
    text = best.decomposition
    if not text:
        words = [_GROUP_TEXT[code] for code in best.groups]
        words.append(_PAIR_TEXT[best.pair])
        for meld in melds:
            words.append(str(meld))
        text = " ".join(words)
    return _result(best.rank, best.yaku, best.yakuman, best.fu, best.fu_items, text, best.wait, win,
                   rules, dora, aka, ura, rinshan_liable)


_COMPILED: Final = not __file__.endswith(".py")
"""Whether this module is compiled: it then packs the concealed parts from the tiles (the
interpreter builds a ``bytes`` key of the counts faster)."""
_BITS_SET: Final[tuple[int, ...]] = (0, 1, 1, 2, 1, 2, 2, 3)
"""How many bits of 0..7 are set (suits used, from a bit set of suits)."""
_PART_UNIT: Final = tuple(1 << 3 * (8 - kind % 9 if kind < 27 else 33 - kind) for kind in range(34))
"""What one tile of a kind adds to its part's packed counts (three bits a kind, the part's first
kind highest: the key of :func:`~taku.mahjong.decompose.part_summaries_of_codes`)."""


def _part_codes(closed: tuple[Tile, ...]) -> tuple[int, int, int, int]:
    """The packed counts of the concealed man, pin, sou and honours (a hand holds at most four
    of a kind, so no three-bit field overflows)."""
    man = pin = sou = honours = 0
    for tile in closed:
        kind = tile.kind
        if kind < 9:
            man += _PART_UNIT[kind]
        elif kind < 18:
            pin += _PART_UNIT[kind]
        elif kind < 27:
            sou += _PART_UNIT[kind]
        else:
            honours += _PART_UNIT[kind]
    return man, pin, sou, honours


def _suits_used(full: tuple[int, ...]) -> int:
    """How many of the three suits ``full`` holds a tile of."""
    used = 0
    kind = 0
    while kind < 27:
        if full[kind]:
            used += 1
            kind += 9 - kind % 9  # the next suit's first kind
        else:
            kind += 1
    return used


def _is_seven_pairs(counts: tuple[int, ...]) -> bool:
    """Whether ``counts`` holds seven kinds exactly twice and nothing else (most hands stop at
    their first kind held once, three or four times)."""
    pairs = 0
    for count in counts:
        if count == 2:
            pairs += 1
        elif count:
            return False
    return pairs == 7


@final
class _Candidate:
    """The best reading of the hand so far: its rank (:func:`_rank`), yaku, yakuman, fu and fu
    items, its decomposition (the text, or empty and the pair and concealed groups to write it
    from) and its wait. A class: compiled, its fields stay native (a tuple boxed each of them)."""

    __slots__ = ("decomposition", "fu", "fu_items", "groups", "pair", "rank", "wait", "yaku",
                 "yakuman")

    def __init__(self, rank: int, yaku: list[Yaku], yakuman: list[Yaku], fu: int,
                 fu_items: tuple[FuItem, ...], decomposition: str, pair: int,
                 groups: tuple[int, ...], wait: str) -> None:
        self.rank = rank
        self.yaku = yaku
        self.yakuman = yakuman
        self.fu = fu
        self.fu_items = fu_items
        self.decomposition = decomposition
        self.pair = pair
        self.groups = groups
        self.wait = wait


_RANK_FU_BITS: Final = 12
_RANK_HAN_BITS: Final = 11
_RANK_REAL_SHIFT: Final = _RANK_FU_BITS + _RANK_HAN_BITS
_RANK_BASE_SHIFT: Final = _RANK_REAL_SHIFT + 1


def _rank(base: int, real_yakuman: bool, han: int, fu: int) -> int:
    """How a reading ranks, as one int: by basic points, then a real yakuman before a kazoe
    yakuman of the same value (MJ-MONTREAL-27), then han, then fu (each field fits its bits: fu
    below 4,096, han below 2,048)."""
    return (((base << 1 | real_yakuman) << _RANK_HAN_BITS | han) << _RANK_FU_BITS) | fu


def _check_hand(hand: Hand, win_tile: Tile, win: Win) -> None:
    """Raise :class:`InvalidHandError` if the hand cannot have won on ``win_tile`` as ``win`` says."""
    closed = hand.closed
    melds = hand.melds
    if len(closed) + 3 * len(melds) != 14:
        raise InvalidHandError(
            f"a won hand has 14 tiles, got {len(closed) + 3 * len(melds)} "
            f"({len(closed)} concealed + {len(melds)} melds); the concealed tiles must "
            "include the winning tile")
    w = win_tile.kind
    if not hand.tile_counts[w] or (w in (4, 13, 22) and win_tile not in closed):
        raise InvalidHandError(f"the winning tile {win_tile} is not among the concealed tiles "
                               f"{tiles_to_str(closed)}")
    if win.first_turn and melds:
        raise InvalidHandError("a first-turn win (tenhou, chiihou, renhou) has no melds")
    if win.riichi or win.double_riichi or win.open_riichi or win.ippatsu:
        called = next((m for m in melds if m.kind != "ankan"), None)
        if called is not None:
            claim = "open riichi" if win.open_riichi else "double riichi" if win.double_riichi \
                else "riichi" if win.riichi else "ippatsu"
            raise InvalidHandError(f"{claim} needs a closed hand, but the hand has an open meld "
                                   f"({called.kind} {called}); only an ankan keeps it closed "
                                   "(MJ-RIICHI-01)")


def _meld_summary(melds: tuple[Meld, ...]) -> tuple[bool, int, int, int, int, int, int, int, int]:
    """What the melds bring: (closed hand, kans, ankans, sequence bits, triplet bits, sequences,
    triplets, fu, suits). A bit set has one bit per lowest kind (as
    :data:`~taku.mahjong.decompose.SplitSummary`'s), ``suits`` one bit per suit (man 1, pin 2, sou 4)."""
    menzen = True
    kans = ankans = sequence_bits = triplet_bits = sequences = triplets = fu = suits = 0
    for meld in melds:
        meld_kind = meld.kind
        base = meld.tiles[0].kind
        if base < 27:
            suits |= 1 << base // 9
        if meld_kind == "chi":
            menzen = False
            sequence_bits |= 1 << base
            sequences += 1
        else:
            triplet_bits |= 1 << base
            triplets += 1
            if meld_kind == "pon":
                menzen = False
                fu += OPEN_TRIPLET_FU[base]
            elif meld_kind == "ankan":
                ankans += 1
                kans += 1
                fu += CLOSED_KAN_FU[base]
            else:
                menzen = False
                kans += 1
                fu += OPEN_KAN_FU[base]
    return menzen, kans, ankans, sequence_bits, triplet_bits, sequences, triplets, fu, suits


def _meld_items(melds: tuple[Meld, ...]) -> tuple[FuItem, ...]:
    """The fu items of the melds (the chosen reading's; :func:`_meld_summary` counts their fu)."""
    if not melds:
        return ()
    items: list[object] = []  # the shared item tuples (a FuItem read as such is rebuilt when compiled)
    for meld in melds:
        base = meld.tiles[0].kind
        if meld.kind == "pon":
            items.append(cast(tuple[object, ...], OPEN_TRIPLET_ITEMS)[base])
        elif meld.kind == "ankan":
            items.append(cast(tuple[object, ...], CLOSED_KAN_ITEMS)[base])
        elif meld.kind != "chi":
            items.append(cast(tuple[object, ...], OPEN_KAN_ITEMS)[base])
    return cast(tuple[FuItem, ...], tuple(items))


def _rinshan_liable(melds: Sequence[Meld], kans: int, win: Win) -> bool:
    """Whether a rinshan win makes ``win.pao_seat`` liable: he discarded the tile of the hand's
    daiminkan (MJ-PAO-04)."""
    if not win.rinshan:
        return False
    if not kans:
        raise InvalidHandError("a rinshan win needs a kan in the hand (rinshan kaihou is a win "
                               "on the replacement tile drawn after one's own kan)")
    if win.pao_seat is None:
        return False
    return any(meld.kind == "daiminkan" and seat_after(win.seat_wind, meld.called_from or 0)
               == win.pao_seat for meld in melds)


def _count_dora(full: tuple[int, ...], reds: tuple[int, int, int], w: int, win: Win,
                rules: Rules) -> tuple[int, int]:
    """Dora and ura-dora of the hand (MJ-SCORE-02, -03; MJ-RIICHI-11). Indicators are tiles too:
    a kind near its four copies, a red indicator or a robbed kan send the hand to the full check
    (a fifth copy is impossible)."""
    ura_indicators = win.ura_indicators
    room = 4 - len(win.dora_indicators) - len(ura_indicators)
    suspect = win.chankan
    dora = 0
    for indicator in win.dora_indicators:
        kind = indicator.kind
        dora += full[_DORA_OF[kind]]
        if full[kind] > room or indicator.red:
            suspect = True
    ura = 0
    counts_ura = rules.uradora and (win.riichi or win.double_riichi or win.open_riichi)
    for indicator in ura_indicators:
        kind = indicator.kind
        if counts_ura:
            ura += full[_DORA_OF[kind]]
        if full[kind] > room or indicator.red:
            suspect = True
    if suspect and not _indicators_fit(full, reds, w, win, rules):
        _check_indicators(full, reds, w, win, rules)  # raises, naming the indicator
    return dora, ura


def _indicators_fit(full: tuple[int, ...], reds: tuple[int, int, int], w: int, win: Win,
                    rules: Rules) -> bool:
    """Whether the hand and the indicators (and a robbed kan's three tiles) hold at most four of a
    kind and no more red fives than the rules have: :func:`_check_indicators` without a message,
    in native loops (at most ten indicators)."""
    dora_indicators, ura_indicators = win.dora_indicators, win.ura_indicators
    shown = len(dora_indicators)
    total = shown + len(ura_indicators)
    red_man = red_pin = red_sou = 0
    for i in range(total):
        indicator = dora_indicators[i] if i < shown else ura_indicators[i - shown]
        kind = indicator.kind
        count = 3 if win.chankan and kind == w else 0
        for j in range(i + 1):
            if (dora_indicators[j] if j < shown else ura_indicators[j - shown]).kind == kind:
                count += 1
        if full[kind] + count > 4:
            return False
        if indicator.red:
            allowed = rules.red_fives
            if kind == 4:
                red_man += 1
                if reds[0] + red_man > allowed[0]:
                    return False
            elif kind == 13:
                red_pin += 1
                if reds[1] + red_pin > allowed[1]:
                    return False
            else:
                red_sou += 1
                if reds[2] + red_sou > allowed[2]:
                    return False
    return True


def _situational_yaku(win: Win, menzen: bool, rules: Rules) -> list[Yaku]:
    """Yaku of how the hand was won, the same for every reading of its tiles."""
    found: list[Yaku] = []
    if win.riichi or win.double_riichi or win.open_riichi:
        found.append(_DOUBLE_RIICHI if win.double_riichi and rules.double_riichi else _RIICHI)
        if win.open_riichi and rules.open_riichi:
            found.append(_OPEN_RIICHI)
        if win.ippatsu and rules.ippatsu:
            found.append(_IPPATSU)
    if win.tsumo:
        if menzen:
            found.append(_MENZEN_TSUMO)
        if win.haitei and (not win.rinshan or rules.haitei_on_rinshan):
            found.append(_HAITEI)
    elif win.houtei:
        found.append(_HOUTEI)
    if win.rinshan:
        found.append(_RINSHAN)
    if win.chankan:
        found.append(_CHANKAN)
    return found


def _add_tile_yaku(found: list[Yaku], menzen: bool, suits_used: int, honors_total: int,
                   terminals_total: int, total_tiles: int, rules: Rules) -> None:
    """Add to ``found`` the yaku of the tiles alone (simples, one suit, terminals and honours), the
    same for every reading."""
    if terminals_total + honors_total == 0 and (menzen or rules.kuitan):
        found.append(_TANYAO[menzen])
    if suits_used == 1:
        found.append(_HONITSU[menzen] if honors_total else _CHINITSU[menzen])
    if terminals_total + honors_total == total_tiles and honors_total and terminals_total:
        found.append(_HONROUTOU)


def _add_honor_yaku(found: list[Yaku], full: tuple[int, ...], seat_wind: int, round_wind: int) -> None:
    """Add to ``found`` the yakuhai and shousangen of a regular hand."""
    haku, hatsu, chun = full[31], full[32], full[33]  # HAKU, HATSU, CHUN
    if haku >= 3:
        found.append(_YAKUHAI_HAKU)
    if hatsu >= 3:
        found.append(_YAKUHAI_HATSU)
    if chun >= 3:
        found.append(_YAKUHAI_CHUN)
    if full[27 + seat_wind] >= 3:
        found.append(_SEAT_WIND)
    if full[27 + round_wind] >= 3:
        found.append(_ROUND_WIND)
    if (haku >= 3) + (hatsu >= 3) + (chun >= 3) == 2 and (haku == 2 or hatsu == 2 or chun == 2):
        found.append(_SHOUSANGEN)


def _situation_yakuman(win: Win, dealer: bool, rules: Rules) -> list[Yaku]:
    """Yakuman of the situation: tenhou, chiihou, renhou (where a yakuman), paarenchan."""
    found: list[Yaku] = []
    if win.first_turn:
        if win.tsumo:
            found.append(("tenhou" if dealer else "chiihou", 1))
        elif rules.renhou == "yakuman":
            found.append(("renhou", 1))
    if rules.paarenchan != "off":
        counter = win.honba if rules.paarenchan == "counters" else win.renchan if dealer else -1
        if counter >= rules.paarenchan_count:  # MJ-MONTREAL-15
            found.append(("paarenchan", 1))
    return found


_WAIT_SHAPES: Final[tuple[str, ...]] = ("ryanmen", "kanchan", "penchan", "shanpon", "tanki")
_RYANMEN: Final = 0
_SHANPON: Final = 3
_TANKI: Final = 4
_WAIT_FU: Final[tuple[bool, ...]] = (False, True, True, False, True)
"""Whether each wait shape of :data:`_WAIT_SHAPES` counts 2 fu (MJ-SCORE-09)."""


def _best_regular(parts: PartSummaries, regular: int, best: _Candidate | None, w: int, win: Win,
                  rules: Rules, menzen: bool, melds: tuple[Meld, ...], ankans: int,
                  meld_sequence_bits: int, meld_triplet_bits: int, meld_sequences: int,
                  meld_triplets: int, meld_fu: int, hand_yaku: list[Yaku],
                  shape_yakuman: list[Yaku], yaochuu_total: int, honors_total: int,
                  extra_han: int) -> _Candidate | None:
    """The best of ``best`` and every regular reading: each decomposition with its own yaku, and
    each group the winning tile may have completed (the wait, sanankou, pinfu, fu). Readings are
    ranked by numbers (:func:`_rank`); only the chosen one's yaku and fu items are written."""
    tsumo = win.tsumo
    seat, round_wind = win.seat_wind, win.round_wind
    has_melds = bool(melds)
    hand_han = 0
    for _, value in hand_yaku:
        hand_han += value
    best_key = -1 if best is None else best.rank
    chosen = -1  # the best regular reading's number, if one beats ``best``
    chosen_pair = -1
    chosen_groups: tuple[int, ...] = ()
    chosen_yaku: list[Yaku] = []
    chosen_yakuman = shape_yakuman
    chosen_placement = chosen_fu = 0
    chosen_pinfu = False
    placements: list[int] = []  # (index of the group + 1, or 0 for the pair) * 8 + wait shape
    for number in range(regular):
        pair, groups, sequence_bits, triplet_bits, sequences, triplets, twins = reading(parts, number)
        closed_triplets = triplets
        if has_melds:
            sequence_bits |= meld_sequence_bits
            triplet_bits |= meld_triplet_bits
            sequences += meld_sequences
            triplets += meld_triplets
        decomposition_yaku = _decomposition_yaku(sequence_bits, triplet_bits, sequences, triplets,
                                                 twins, pair, menzen, yaochuu_total, honors_total)
        split_pair_fu = pair_fu(pair, seat, round_wind, rules) if pair >= 27 else 0

        # Every group the winning tile can have completed.
        placements.clear()
        if pair == w:
            placements.append(_TANKI)
        previous = -1
        for index, code in enumerate(groups):
            if code != previous:
                if code >= TRIPLET:
                    if code - TRIPLET == w:
                        previous = code
                        placements.append((index + 1) * 8 + _SHANPON)
                elif code <= w <= code + 2:
                    previous = code
                    placements.append((index + 1) * 8 + _wait_code(code, w))
        split_han = hand_han
        for _, value in decomposition_yaku:
            split_han += value
        for placement in placements:
            shape = placement & 7
            concealed = closed_triplets + ankans
            if shape == _SHANPON and not tsumo:
                concealed -= 1
            yakuman = shape_yakuman
            han = split_han
            if concealed == 4:
                yakuman = [*yakuman, ("suuankou tanki" if shape == _TANKI else "suuankou", 1)]
            elif concealed == 3:
                han += _SANANKOU[1]
            pinfu = (not has_melds and not closed_triplets and shape == _RYANMEN
                     and pair < _HAKU and pair != 27 + seat and pair != 27 + round_wind)
            if pinfu:
                han += _PINFU[1]
            if not yakuman and not han:
                continue  # no yaku in this reading
            fu = fu_total(split_pair_fu, groups, (placement >> 3) - 1, _WAIT_FU[shape], meld_fu,
                          tsumo, menzen, pinfu, win.rinshan, rules)
            if yakuman:
                key = _yakuman_key(yakuman, fu, rules)
            else:
                han += extra_han
                key = _rank(_basic(han, fu, rules), False, han, fu)
            if key > best_key:
                best_key = key
                chosen = number
                chosen_pair, chosen_groups = pair, groups
                chosen_yaku = decomposition_yaku
                if concealed == 3:
                    chosen_yaku = [*decomposition_yaku, _SANANKOU]
                if pinfu:
                    chosen_yaku = [*chosen_yaku, _PINFU]
                chosen_yakuman = yakuman
                chosen_placement = placement
                chosen_fu = fu
                chosen_pinfu = pinfu
    if chosen < 0:
        return best
    pair, groups = chosen_pair, chosen_groups
    shape_name = _WAIT_SHAPES[chosen_placement & 7]
    fu, items = fu_of_split(pair, groups, (chosen_placement >> 3) - 1, shape_name,
                            _meld_items(melds), tsumo, menzen, chosen_pinfu, win.rinshan,
                            pair_fu_item(pair, seat, round_wind, rules) if pair >= 27 else None,
                            rules)
    return _Candidate(best_key, hand_yaku + chosen_yaku, chosen_yakuman, chosen_fu, items, "", pair,
                      groups, shape_name)


def _wait_code(code: int, w: int) -> int:
    """:func:`~taku.mahjong.fu.wait_shape` of the sequence starting at ``code`` completed by
    ``w``, as an index of :data:`_WAIT_SHAPES` (native ints: no string compared)."""
    if w == code + 1:
        return 1  # kanchan
    if (w == code + 2 and code % 9 == 0) or (w == code and code % 9 == 6):
        return 2  # penchan
    return _RYANMEN


def _decomposition_yaku(sequence_bits: int, triplet_bits: int, sequences: int, triplets: int,
                        twins: int, pair: int, menzen: bool, yaochuu_total: int,
                        honors_total: int) -> list[Yaku]:
    """Yaku of one decomposition (groups and pair), whatever the wait, from its groups as bit
    sets (one bit per lowest kind), their numbers and its pairs of identical closed sequences."""
    found: list[Yaku] = []
    if sequences >= 3:
        if sequence_bits & sequence_bits >> 9 & sequence_bits >> 18 & 0x7F:  # n, n + 9, n + 18
            found.append(_SANSHOKU_DOUJUN[menzen])
        for n in (0, 9, 18):
            if sequence_bits >> n & 0b1001001 == 0b1001001:  # n, n + 3 and n + 6
                found.append(_ITTSU[menzen])
                break
    elif triplets >= 3 and triplet_bits & triplet_bits >> 9 & triplet_bits >> 18 & 0x1FF:
        found.append(_SANSHOKU_DOUKOU)
    if not sequences:
        found.append(_TOITOI)
    elif yaochuu_total and not sequence_bits & ~_OUTSIDE_SEQUENCES and \
            not triplet_bits & ~_YAOCHUU_KINDS and _YAOCHUU_KINDS >> pair & 1:
        found.append(_CHANTA[menzen] if honors_total else _JUNCHAN[menzen])
    if menzen:  # a closed hand's sequences are all concealed
        if twins == 2:
            found.append(_RYANPEIKOU)
        elif twins == 1:
            found.append(_IIPEIKOU)
    return found


def _argument_type_error(hand: object, win_tile: object, win: object, rules: object) -> InvalidHandError:
    """The error naming the first argument of :func:`score_hand` that is not of its type."""
    for name, value, kind in (("hand", hand, Hand), ("win_tile", win_tile, Tile), ("win", win, Win),
                              ("rules", rules, Rules)):
        if not isinstance(value, kind):
            return InvalidHandError(f"{name} must be a {kind.__name__}, got {value!r} "
                                    f"(e.g. {kind.__name__}.from_str(...))" if kind in (Hand, Tile)
                                    else f"{name} must be a {kind.__name__}, got {value!r}")
    raise AssertionError("every argument is of its type")


class _Message:
    """An error message written only when it is read (a hand without yaku is a common answer)."""

    __slots__ = ("template", "values")

    def __init__(self, template: str, *values: object) -> None:
        self.template = template
        self.values = values

    def __str__(self) -> str:
        return self.template.format(*self.values)

    def __repr__(self) -> str:
        return repr(str(self))


def _key(yaku: list[Yaku], yakuman: list[Yaku], fu: int, extra_han: int, rules: Rules) -> int | None:
    """How a candidate ranks (:func:`_rank` of its basic points, real yakuman, han and fu); None
    without yaku.

    A real yakuman beats a kazoe yakuman of the same value (MJ-MONTREAL-27: kazoe applies only
    when the hand has no real yakuman).
    """
    if yakuman:
        return _yakuman_key(yakuman, fu, rules)
    if not yaku:
        return None
    han = extra_han
    for _, value in yaku:
        han += value
    return _rank(_basic(han, fu, rules), False, han, fu)


def _yakuman_key(yakuman: list[Yaku], fu: int, rules: Rules) -> int:
    multiple = _yakuman_multiple(yakuman, rules)
    return _rank(YAKUMAN_BASE * multiple, True, 13 * multiple, fu)


def _check_red_fives(reds: tuple[int, int, int], rules: Rules) -> None:
    allowed = rules.red_fives  # fixed-length tuples: constant indices stay native when compiled
    if reds[0] <= allowed[0] and reds[1] <= allowed[1] and reds[2] <= allowed[2]:
        return
    for suit in range(3):
        if reds[suit] > rules.red_fives[suit]:
            raise InvalidHandError(
                f"{reds[suit]} red five{'s' if reds[suit] > 1 else ''} of {SUITS[suit]} in the hand, "
                f"but the rules have {rules.red_fives[suit]} (write 5{SUITS[suit]}, not "
                f"0{SUITS[suit]}, or choose rules with red fives)")


def _yakuman_multiple(yakuman: list[Yaku], rules: Rules) -> int:
    if not rules.multiple_yakuman:
        return 1
    total = 0
    for name, _ in yakuman:
        total += 2 if name in rules.double_yakuman else 1
    return min(total, rules.max_yakuman)


def _result(key: int, yaku: list[Yaku], yakuman: list[Yaku], fu: int,
            fu_items: tuple[FuItem, ...], decomposition: str, wait: str, win: Win, rules: Rules,
            dora: int, aka: int, ura: int, rinshan_liable: bool = False) -> HandScore:
    """The score sheet of the chosen interpretation, ranked ``key`` (see :func:`_key`).

    ``rinshan_liable``: the win is a rinshan kaihou after a daiminkan claimed from ``win.pao_seat``
    (MJ-PAO-04)."""
    base = key >> _RANK_BASE_SHIFT
    han = key >> _RANK_FU_BITS & (1 << _RANK_HAN_BITS) - 1
    if yakuman:
        multiple = han // 13
        shown = tuple((name, 26 if rules.multiple_yakuman and name in rules.double_yakuman else 13)
                      for name, _ in yakuman)
        payments, liable = _payments_with_pao(base, yakuman, win, rules, multiple, rinshan_liable)
        return _new(_HAND_SCORE, (shown, multiple, han, fu, fu_items, 0, 0, 0,
                                YAKUMAN_LIMIT_NAMES[multiple], base, win.seat_wind == 0, win.tsumo,
                                payments, 1000 * win.deposits, decomposition, wait, liable))
    limit = _limit_name(han, base, rules)
    if win.pao_seat is None:
        payments = _payments(base, win.seat_wind == 0, win.tsumo, win.seat_wind, win.discarder,
                             win.honba, rules.honba_points)
        liable = ()
    else:
        payments, liable = _payments_with_pao(base, [], win, rules, 0, rinshan_liable)
    return _new(_HAND_SCORE, (tuple(yaku), 1 if limit == "kazoe yakuman" else 0, han, fu, fu_items,
                            dora, aka, ura, limit, base, win.seat_wind == 0, win.tsumo, payments,
                            1000 * win.deposits, decomposition, wait, liable))


def _fixed_mangan(name: str, win: Win, rules: Rules, hand: Hand) -> HandScore:
    """A hand worth exactly a mangan (renhou, shiisanputa: MJ-SCORE-24, MJ-MONTREAL-40): no other
    yaku and no dora count."""
    payments = hand_payments(_MANGAN, dealer=win.is_dealer, tsumo=win.tsumo, seat=win.seat_wind,
                             discarder=win.discarder, honba=win.honba, rules=rules)
    return HandScore(
        yaku=((name, _MANGAN_HAN),), yakuman=0, han=_MANGAN_HAN, fu=0, fu_items=(), dora=0, aka=0, ura=0,
        limit="mangan", base=_MANGAN, dealer=win.is_dealer, tsumo=win.tsumo, payments=payments,
        deposits=1000 * win.deposits, decomposition=tiles_to_str(hand.closed, sort=True),
        wait="")


def _check_indicators(full: tuple[int, ...], reds: tuple[int, int, int], w: int, win: Win,
                      rules: Rules) -> None:
    """Raise :class:`InvalidHandError` if the indicators and the hand need a fifth copy of a kind
    (or a red five the rules do not have). Under chankan the robbed kan holds three more copies of
    the winning tile."""
    used: dict[int, int] = {w: 3} if win.chankan else {}
    red_used = [0, 0, 0]
    for name, indicators in (("dora", win.dora_indicators), ("ura-dora", win.ura_indicators)):
        for indicator in indicators:
            kind = indicator.kind
            count = used.get(kind, 0) + 1
            used[kind] = count
            if full[kind] + count > 4:
                shown = sum(t.kind == kind for t in win.dora_indicators + win.ura_indicators)
                kan = " and the robbed kan 3" if win.chankan and kind == w else ""
                raise InvalidHandError(
                    f"{name} indicator {indicator}: the hand holds {full[kind]} "
                    f"{kind_to_str(kind)}, the indicators show {shown}{kan}; there are only 4")
            if indicator.red:
                suit = kind // 9
                red_used[suit] += 1
                if reds[suit] + red_used[suit] > rules.red_fives[suit]:
                    raise InvalidHandError(
                        f"{name} indicator {indicator}: the rules have {rules.red_fives[suit]} red "
                        f"five{'s' if rules.red_fives[suit] != 1 else ''} of {SUITS[suit]} and the "
                        f"hand holds {reds[suit]}")


def _payments_with_pao(base: int, yakuman: list[tuple[str, int]], win: Win, rules: Rules,
                       multiple: int, rinshan_liable: bool
                       ) -> tuple[tuple[Payment, ...], tuple[Payment, ...]]:
    """Payments, and the liable player's part of them (MJ-PAO-04..07): ``(payments, liable)``,
    ``liable`` empty or one :class:`Payment` for what he pays by liability alone."""
    seat, dealer, honba = win.seat_wind, win.seat_wind == 0, win.honba
    normal = _payments(base, dealer, win.tsumo, seat, win.discarder, honba, rules.honba_points)
    liable_seat = win.pao_seat
    if liable_seat is None:
        return normal, ()
    pao_yakuman = [name for name, _ in yakuman if name in rules.pao]
    if pao_yakuman:
        # Only the liable yakuman are the liable player's (MJ-PAO-08); the rest is paid normally.
        liable_units = sum(2 if name in rules.double_yakuman and rules.multiple_yakuman else 1
                           for name in pao_yakuman)
        liable_units = min(liable_units, multiple)
        liable_base = YAKUMAN_BASE * liable_units
    elif rinshan_liable and "daiminkan_rinshan" in rules.pao:
        liable_units = 0
        liable_base = base
    else:
        return normal, ()
    rest_base = base - liable_base
    full_value = _ceil100(liable_base * (6 if dealer else 4))
    amounts: dict[int | None, int] = {}
    honbas: dict[int | None, int] = {}
    liable_part = [0, 0]  # amount (counters included) and counters paid by liability

    def add(payer: int | None, amount: int, counters: int = 0, by_liability: bool = False) -> None:
        amounts[payer] = amounts.get(payer, 0) + amount + counters
        honbas[payer] = honbas.get(payer, 0) + counters
        if by_liability:
            liable_part[0] += amount + counters
            liable_part[1] += counters

    if win.tsumo:
        if liable_units == 0 and rules.pao_rinshan_payment == "tsumo_total":
            full_value = sum(p.amount - p.honba for p in hand_payments(
                liable_base, dealer=dealer, tsumo=True, seat=seat, rules=rules))
        add(liable_seat, full_value, rules.honba_points * honba, True)
        if rest_base:
            for p in hand_payments(rest_base, dealer=dealer, tsumo=True, seat=seat, rules=rules):
                add(p.payer, p.amount)
    else:
        discarder = win.discarder
        counters = rules.honba_points * honba
        if discarder == liable_seat:
            add(discarder, full_value, counters, True)
        else:
            half = full_value // 2
            counter_payer = liable_seat if rules.pao_honba_payer == "liable" else discarder
            add(liable_seat, half, counters if counter_payer == liable_seat else 0, True)
            add(discarder, full_value - half, counters if counter_payer == discarder else 0)
        if rest_base:
            add(discarder, _ceil100(rest_base * (6 if dealer else 4)))
    payments = tuple(Payment(payer, amount, honbas[payer]) for payer, amount in amounts.items())
    return payments, (Payment(liable_seat, liable_part[0], liable_part[1]),)
